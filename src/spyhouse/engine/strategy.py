"""A game's rules of thumb for bots, declared on its :class:`~spyhouse.engine.Game`.

The bots (``spyhouse.bots``) read ``game.strategy`` and nothing else: the heuristic bot
plays ``choose``; the search bot uses ``choose`` and ``candidates`` as its prior and
playout policy, cuts playouts at ``playout_depth`` and scores the world there with
``estimate``. Each field is typed, so a misspelt or missing setting is an error mypy (and
the dataclass) reports, not a default silently taken. The defaults are what a game
without rules of thumb (a plugin) gets: random play and a plain search.

Every function reads what one seat may know: ``choose`` and ``candidates`` take the
seat's view (of the real state, or of a world sampled from the seat's information set),
``estimate`` only ever sees sampled worlds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from spyhouse.engine.parts import GameState
from spyhouse.engine.rng import Rng

if TYPE_CHECKING:  # the contract imports this module to declare Game.strategy
    from spyhouse.engine.contract import Action

Choose = Callable[[dict[str, Any], list["Action"], int, Rng], "Action"]
"""``(view, legal, seat, rng) -> action``: the heuristic move among ``legal``."""
Candidates = Callable[[dict[str, Any], list["Action"], int, Rng], list["Action"]]
"""``(view, legal, seat, rng) -> actions``: the few moves a good player would weigh."""
Estimate = Callable[[GameState], list[float] | None]
"""``world -> rewards``: each seat's reward in [0, 1] were a sampled world to stop now
(``None``: no guess here, play on)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Strategy:
    """What the bots may use of a game's rules of thumb; every field is optional."""

    choose: Choose | None = None
    """The heuristic move; ``None``: a uniformly random legal action."""
    candidates: Candidates | None = None
    """The shortlist search's prior shares with ``choose``'s move; ``None``: no shortlist,
    the whole prior goes to ``choose``'s move."""
    estimate: Estimate | None = None
    """How search scores a world it stops at ``playout_depth``; ``None``: the playout goes
    on uniformly at random to the end."""
    playout_depth: int | None = None
    """Playout steps by the rules of thumb before ``estimate`` (or random play) takes
    over; ``None``: the rules of thumb play to the end."""
    prior: float = 0.5
    """The weight of the rules of thumb in search's prior at every node, against a uniform
    choice among the legal actions (0: uniform)."""
    guide: float = 0.0
    """The share of search's iterations the heuristic move gets as a head start in the
    final count; 0: the prior already steers visits to it, and search should overrule it
    when its playouts say so."""

    def __post_init__(self) -> None:
        if self.playout_depth is not None and self.playout_depth < 0:
            raise ValueError(f"playout_depth must be 0 or more, not {self.playout_depth}")
        if not 0.0 <= self.prior <= 1.0:
            raise ValueError(f"prior must be between 0 and 1, not {self.prior}")
        if self.guide < 0.0:
            raise ValueError(f"guide must be 0 or more, not {self.guide}")
