"""Which bot level a table allows: the strongest whose thinking fits the table's clock.

A bot that takes a player's seat during play (the host hands it over, or the player's
time ran out) plays as well as the table allows, not at the weakest level: the seat is
someone's, and it should be played as they would want it played until they are back.
The same rule preselects the level in the lobby's form (``static/js/lobby.js``).
"""

from __future__ import annotations

from typing import Any

from spyhouse.bots import LEVELS
from spyhouse.kinds import BotLevel, SeatKind
from spyhouse.server.context import Context, game_of
from spyhouse.store.models import TableRow

SEARCH_BOTS_THAT_FIT = 3
"""More searching bots than this make every round wait on each of them in turn."""


def think_seconds(ctx: Context) -> dict[str, float]:
    """How long each level thinks per decision on this server."""
    think: dict[str, float] = {level: 0.0 for level in LEVELS}
    think["search"] = ctx.settings.bot_think_seconds
    return think


def think_fits(think: float, clock: dict[str, Any] | None, decisions: int) -> bool:
    """Whether a bot thinking ``think`` seconds a decision keeps within the clock: half a
    per-decision clock, a bank's increment or the whole bank over a game's decisions;
    correspondence (a day or more) and no clock always fit."""
    if not think or clock is None:
        return True
    if clock["kind"] == "per_decision":
        return 2 * think <= float(clock["seconds"])
    if clock["kind"] == "bank":
        increment = float(clock.get("increment") or 0)
        return think <= increment or think * decisions <= float(clock["seconds"])
    return True


def strongest_level(ctx: Context, row: TableRow, seat: int) -> BotLevel:
    """The strongest level a bot taking ``seat`` may play at this table."""
    think = think_seconds(ctx)
    decisions = game_of(row).decisions_per_seat
    searching = sum(
        1
        for s in row.seats
        if s.seat != seat and s.kind == SeatKind.BOT and s.bot_level == "search"
    )
    for level in reversed(LEVELS):
        if level == "search" and searching >= SEARCH_BOTS_THAT_FIT:
            continue
        if think_fits(think[level], row.clock, decisions):
            return level
    return LEVELS[0]
