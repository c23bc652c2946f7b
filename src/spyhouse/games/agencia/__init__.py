"""La Agencia: Misión Embajada — a pure rules package (see README.md)."""

from spyhouse.games.agencia.game import GAME, Agencia, AgenciaOptions

__all__ = ["GAME", "Agencia", "AgenciaOptions"]
