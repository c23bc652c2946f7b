"""Play: a seat's move, committed with a compare-and-swap; the bots reply beside it.

A move is computed by the engine from the committed state and written only if the table
is still at the version the player chose at; a retried ``request_id`` returns the move
already committed instead of playing twice. The move's answer is its own commit: bots
that are to act next play in their table's own task (``server/autoplay/tasks.py``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from spyhouse.engine import IllegalAction, canonical
from spyhouse.engine.refusals import TURN
from spyhouse.kinds import BotLevel, TableStatus
from spyhouse.server.context import AnyGame, Context, game_of, load, try_commit
from spyhouse.server.web.problems import Problem
from spyhouse.store.models import TableRow
from spyhouse.store.repository import Change, StaleVersion

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Moved:
    """A move's result: the version it committed and the table as that commit left it."""

    version: int
    row: TableRow


async def move(
    ctx: Context,
    row: TableRow,
    seat: int,
    action: dict[str, Any],
    version: int,
    request_id: str | None = None,
) -> Moved:
    """Play ``action`` for ``seat``, chosen at ``version``; the bots reply in the
    background, so the answer never waits for them.

    409 ``stale_version`` when the table moved on, 422 with the rules' reason when the
    move is illegal; nothing changes on any refusal. A ``request_id`` is checked by the
    log's unique (table, request_id) constraint, so the common case costs no lookup: only
    a move refused as stale asks whether it was already committed (a retry).
    """
    if row.status == TableStatus.WAITING:
        raise Problem(409, "not_started", "The game has not started yet.")
    if version != row.version:
        if request_id is not None and (
            done := await _committed(ctx, row, seat, action, request_id)
        ):
            return done
        raise Problem(
            409,
            "stale_version",
            f"You chose at version {version}; the table is at {row.version}.",
            current_version=row.version,
        )
    game = game_of(row)
    state = _state(ctx, game, row)
    try:
        change, new_state = change_for(game, state, seat, action, request_id)
    except IllegalAction as exc:
        if request_id is not None and (
            done := await _committed(ctx, row, seat, action, request_id)
        ):
            return done  # a retry arriving after a move made it illegal
        raise refused(exc) from None
    try:
        committed = await try_commit(ctx, row, change, new_state)
    except StaleVersion:
        # Lost the race — perhaps to this very request sent twice: the unique
        # (table, request_id) lets at most one commit, and that one is the answer.
        if request_id is not None and (
            done := await _committed(ctx, row, seat, action, request_id)
        ):
            return done
        raise Problem(409, "stale_version", "The table changed; reload and retry.") from None
    ctx.autoplay.wake(row.id, committed.row, new_state)
    return Moved(committed.version, committed.row)


def refused(exc: IllegalAction) -> Problem:
    """A refused move as a problem: a stable top-level ``code`` a client branches on
    (``not_your_turn`` and ``game_over`` are about who acts, anything else is
    ``illegal_action``) and the rules' own ``reason`` beside it."""
    code = exc.code if exc.code in TURN else "illegal_action"
    return Problem(422, code, exc.message, reason=exc.code)


async def _committed(
    ctx: Context, row: TableRow, seat: int, action: dict[str, Any], request_id: str
) -> Moved | None:
    """The move already committed under ``request_id``, if any (a retry gets it back);
    409 ``request_id_reused`` when that id committed a different move."""
    done = await ctx.store.entry_for_request(row.id, request_id)
    if done is None:
        return None
    if done.seat != seat or canonical(done.action) != canonical(action):  # true is not 1
        raise Problem(409, "request_id_reused", "That request_id was used already.")
    return Moved(done.version, await load(ctx, row.id))


async def suggest(ctx: Context, row: TableRow, seat: int, level: BotLevel) -> dict[str, Any]:
    """The move a bot of ``level`` would make for ``seat`` now, from what that seat may
    know (the same bots as the server's bot seats, for programs that play a seat over
    the API). 409 ``not_your_turn`` when the seat has nothing to decide."""
    if row.status != TableStatus.PLAYING:
        raise Problem(
            409,
            "not_started" if row.status == TableStatus.WAITING else "game_over",
            "No move to suggest.",
        )
    game = game_of(row)
    state = _state(ctx, game, row)
    if not game.legal_actions(state, seat):
        raise Problem(409, "not_your_turn", "It is not your turn to act.")
    action = await ctx.thinking.choose(game, state, seat, level)
    return {"version": row.version, "level": level, "action": action}


def _state(ctx: Context, game: AnyGame, row: TableRow) -> Any:
    """The engine state of ``row``: the hub's copy when it holds that version, else loaded."""
    state = ctx.hub.state_of(row)
    return state if state is not None else game.load(row.state or {})


def change_for(
    game: AnyGame,
    state: Any,
    seat: int,
    action: dict[str, Any],
    request_id: str | None = None,
) -> tuple[Change, Any]:
    """What one move commits (the events, the new state and, at the end, the outcome),
    and the new engine state itself.

    Raises ``IllegalAction`` (the state is untouched) when the rules refuse the move.
    """
    new_state, events = game.apply(state, seat, action)
    outcome = game.outcome(new_state)
    change = Change(
        events=[e.to_json() for e in events],
        seat=seat,
        action=action,
        request_id=request_id,
        state=game.dump(new_state),
        status=TableStatus.FINISHED if outcome is not None else None,
        outcome=outcome.to_json() if outcome is not None else None,
    )
    return change, new_state
