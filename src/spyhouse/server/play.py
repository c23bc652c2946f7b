"""Play: a seat's move, committed with a compare-and-swap, then the bots' replies.

A move is computed by the engine from the committed state and written only if the table
is still at the version the player chose at; a retried ``request_id`` returns the move
already committed instead of playing twice.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass
from typing import Any

from spyhouse.engine import IllegalAction, Rng, canonical
from spyhouse.engine.bots import random_action
from spyhouse.server.context import AnyGame, Context, game_of, load, try_commit
from spyhouse.server.problems import Problem
from spyhouse.store.models import TableRow
from spyhouse.store.repository import Change, StaleVersion


@dataclass(frozen=True)
class Moved:
    """A move's result: the version it committed and the table after the bots replied."""

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
    """Play ``action`` for ``seat``, chosen at ``version``; then let the bots reply.

    409 ``stale_version`` when the table moved on, 422 with the rules' reason when the
    move is illegal; nothing changes on any refusal.
    """
    if request_id is not None and (done := await _committed(ctx, row, seat, action, request_id)):
        return done
    if row.status == "waiting":
        raise Problem(409, "not_started", "The game has not started yet.")
    stale = Problem(
        409,
        "stale_version",
        f"You chose at version {version}; the table is at {row.version}.",
        current_version=row.version,
    )
    if version != row.version:
        raise stale
    game = game_of(row)
    state = game.load(row.state or {})
    try:
        change = _change(game, state, seat, action, request_id)
    except IllegalAction as exc:
        raise Problem(422, exc.code, exc.message) from None
    try:
        committed = await try_commit(ctx, row, change)
    except StaleVersion:
        # Lost the race — perhaps to this very request sent twice: the unique
        # (table, request_id) lets at most one commit, and that one is the answer.
        if request_id is not None and (
            done := await _committed(ctx, row, seat, action, request_id)
        ):
            return done
        raise Problem(409, "stale_version", "The table changed; reload and retry.") from None
    await run_bots(ctx, row.id)
    return Moved(committed.version, await load(ctx, row.id))


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


async def run_bots(ctx: Context, table_id: str) -> None:
    """Let bot seats play until a human is to act or the game ends."""
    # The lock only saves duplicate work (the version CAS keeps bots correct anyway),
    # so it is dropped once idle rather than kept for every table ever played.
    lock = ctx.bot_locks.setdefault(table_id, asyncio.Lock())
    try:
        async with lock:
            await _play_bots(ctx, table_id)
    finally:
        if not lock.locked():
            ctx.bot_locks.pop(table_id, None)


async def _play_bots(ctx: Context, table_id: str) -> None:
    for _ in range(ctx.settings.max_bot_moves_per_commit):
        row = await load(ctx, table_id)
        if row.status != "playing":
            return
        bots = {s.seat for s in row.seats if s.kind == "bot"}
        game = game_of(row)
        state = game.load(row.state or {})
        pending = sorted(game.to_act(state) & bots)
        if not pending:
            return
        seat = pending[0]
        # Fresh OS entropy, never the game's seed: a bot's visible choices must
        # not let anyone reconstruct the RNG that shuffled the hidden cards.
        action = random_action(game, state, seat, Rng(secrets.randbits(64)))
        try:
            await try_commit(ctx, row, _change(game, state, seat, action))
        except StaleVersion:
            continue  # a person moved meanwhile; look again


def _change(
    game: AnyGame,
    state: Any,
    seat: int,
    action: dict[str, Any],
    request_id: str | None = None,
) -> Change:
    """What one move commits: the events, the new state and, at the end, the outcome.

    Raises ``IllegalAction`` (the state is untouched) when the rules refuse the move.
    """
    new_state, events = game.apply(state, seat, action)
    outcome = game.outcome(new_state)
    return Change(
        events=[e.to_json() for e in events],
        seat=seat,
        action=action,
        request_id=request_id,
        state=game.dump(new_state),
        status="finished" if outcome is not None else None,
        outcome=outcome.to_json() if outcome is not None else None,
    )
