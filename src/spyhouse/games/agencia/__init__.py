"""La Agencia: Misión Embajada — a pure rules package (see README.md)."""

from spyhouse.games.agencia.game import GAME, Agencia
from spyhouse.games.agencia.state import AgenciaOptions

__all__ = ["GAME", "Agencia", "AgenciaOptions"]
