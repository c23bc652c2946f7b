"""Estoril 1942 (Super Box): base game, Enigma promo, Double Agent and VIP expansions."""

from spyhouse.games.estoril.game import GAME, Estoril1942

__all__ = ["GAME", "Estoril1942"]
