"""Clocks: server-authoritative deadlines that fire exactly once, from any process, even
after a restart; a timeout is played by the bot and reveals nothing the move would not.

Time comes from a ManualClock: no test sleeps to reach a deadline — it advances the clock
and calls the firing function (or starts an app, whose start-up scan fires).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
from fastapi import FastAPI

from spyhouse.engine import Event, get_game
from spyhouse.now import ManualClock, SystemClock
from spyhouse.server import create_app, holds, lobby, reading
from spyhouse.server.clocks import controls, firing
from spyhouse.server.context import Context, load
from spyhouse.server.web.problems import Problem
from spyhouse.server.web.schemas import CreateTable
from spyhouse.settings import Settings

PER_DECISION = {"kind": "per_decision", "seconds": 30}


@contextlib.asynccontextmanager
async def running_app(url: str, clock: ManualClock) -> AsyncIterator[Context]:
    """One server process: the app's lifespan (start-up scan included), its context. Its
    background scan repeats only hourly, so a test decides when deadlines fire."""
    settings = Settings.from_env(database_url=url, clock=clock, clock_scan_seconds=3600.0)
    app: FastAPI = create_app(settings)
    async with app.router.lifespan_context(app):
        yield app.state.context


async def open_game(
    ctx: Context, clock: dict[str, Any] | None, seats: int = 2, handover_after: int = 2
) -> tuple[str, dict[int, str]]:
    """A started High Card table, every seat a player; its id and the seat tokens."""
    body = CreateTable(game="highcard", seats=seats, clock=clock, handover_after=handover_after)
    created = await lobby.create(ctx, body)
    tokens: dict[int, str] = {}
    for i in range(seats):
        grant = await lobby.join(ctx, created["invite_code"], f"P{i}")
        tokens[grant["seat"]] = grant["seat_token"]
    await lobby.start(ctx, await load(ctx, created["table_id"]))
    return created["table_id"], tokens


async def log_of(ctx: Context, table_id: str, seat: int | None = None) -> list[dict[str, Any]]:
    row = await load(ctx, table_id)
    return await reading.events(ctx, row, seat, 0)


def types(log: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in log]


async def timed_out(ctx: Context, table_id: str, count: int) -> list[int]:
    """The seats that timed out, once ``count`` have: the test's own call or the app's
    alarm, woken by the same deadline, fires each exactly once, whichever comes first."""
    for _ in range(500):
        out = [e["data"]["seat"] for e in await log_of(ctx, table_id) if e["type"] == "timed_out"]
        if len(out) >= count:
            return out
        await asyncio.sleep(0.02)
    return out


@pytest.fixture
def url(migrated_url: str) -> str:
    return migrated_url


async def test_every_document_shows_the_same_deadlines(url):
    clock = ManualClock()
    async with running_app(url, clock) as ctx:
        table_id, _ = await open_game(ctx, PER_DECISION)
        row = await load(ctx, table_id)
        clock.advance(10)
        docs = [reading.document(row, s, clock.now()) for s in (0, 1, None)]
        assert all(d["clock"] == docs[0]["clock"] for d in docs)
        seats = docs[0]["clock"]["seats"]
        assert [s["running"] for s in seats] == [True, True]  # a simultaneous decision
        assert [s["remaining"] for s in seats] == [20.0, 20.0]
        assert seats[0]["deadline"] == clock.now() + 20


async def test_a_deadline_fires_once_when_two_processes_race(url):
    clock = ManualClock()
    async with running_app(url, clock) as a, running_app(url, clock) as b:
        table_id, _ = await open_game(a, PER_DECISION)
        before = (await load(a, table_id)).version
        clock.advance(31)
        fired = await asyncio.gather(
            *(
                c
                for _ in range(3)
                for c in (firing.fire_expired(a, table_id), firing.fire_expired(b, table_id))
            )
        )
        # One per seat (both swap decisions were pending), counted in the log: each
        # process's own watcher races too, since a timeout that leaves the other seat's
        # deadline past wakes it, so the calls above may fire only one of the two.
        assert 1 <= sum(fired) <= 2
        log = await log_of(a, table_id)
        assert types(log).count("timed_out") == 2
        assert sorted(e["data"]["seat"] for e in log if e["type"] == "timed_out") == [0, 1]
        row = await load(a, table_id)
        assert row.version == before + 2
        assert await firing.fire_expired(b, table_id) == 0


async def test_a_deadline_that_passed_while_no_server_ran_fires_at_start_up(url):
    clock = ManualClock()
    async with running_app(url, clock) as ctx:
        table_id, _ = await open_game(ctx, PER_DECISION)
    clock.advance(3600)  # every server was down meanwhile
    async with running_app(url, clock) as ctx:
        for _ in range(500):  # the start-up scan runs in the background: wait for its commits
            if types(await log_of(ctx, table_id)).count("timed_out") == 2:
                break
            await asyncio.sleep(0.02)
        assert types(await log_of(ctx, table_id)).count("timed_out") == 2


async def test_simultaneous_decisions_time_out_per_seat(url):
    clock = ManualClock()
    async with running_app(url, clock) as ctx:
        table_id, tokens = await open_game(ctx, PER_DECISION, seats=3)
        clock.advance(20)
        row = await load(ctx, table_id)
        from spyhouse.server import play

        await play.move(ctx, row, 0, {"type": "keep"}, row.version)  # seat 0 decides in time
        clock.advance(11)  # 31 s: seats 1 and 2 ran out, seat 0 is not waited for
        await firing.fire_expired(ctx, table_id)
        assert sorted(await timed_out(ctx, table_id, 2)) == [1, 2]
        row = await load(ctx, table_id)
        # now the show phase: only seat 0's clock runs, with a fresh decision's time
        seats = reading.document(row, 0, clock.now())["clock"]["seats"]
        assert [s["running"] for s in seats] == [True, False, False]
        assert seats[0]["remaining"] == 30


async def test_a_timed_out_move_reveals_nothing_the_move_itself_would_not(url):
    clock = ManualClock()
    async with running_app(url, clock) as ctx:
        table_id, _ = await open_game(ctx, PER_DECISION, seats=3)
        row = await load(ctx, table_id)
        game = get_game("highcard")
        assert game is not None
        state = game.load(row.state or {})
        clock.advance(31)
        await firing.fire_expired(ctx, table_id)
        after = await load(ctx, table_id)
        entries = await ctx.store.entries_between(table_id, row.version, after.version)
        for entry in entries:
            assert entry.seat is not None and entry.action is not None
            # the same action played by the player: what each seat may read of it
            _, own = game.apply(state, entry.seat, entry.action)
            state, _ = game.apply(state, entry.seat, entry.action)
            for reader in (0, 1, 2, None):
                read = reading.filter_entries(after, [entry], reader)
                extra = [e for e in read if e["type"] == "timed_out"]
                assert [e["data"] for e in extra] == [
                    {"seat": entry.seat, "name": f"P{entry.seat}"}
                ]
                played = [{"type": e.type, "data": e.data} for e in own if e.visible_to(reader)]
                rest = [{"type": e["type"], "data": e["data"]} for e in read if e not in extra]
                assert rest == played
        for reader in (0, 1, 2, None):  # and every view is the engine's own
            assert reading.document(after, reader, clock.now())["view"] == game.view(state, reader)
        assert [Event.from_json(e).type for e in entries[0].events][0] == "timed_out"


async def test_pause_freezes_every_clock_and_resume_restarts_it(url):
    clock = ManualClock()
    async with running_app(url, clock) as ctx:
        table_id, _ = await open_game(ctx, {"kind": "bank", "seconds": 60, "increment": 5})
        clock.advance(10)
        await controls.pause(ctx, await load(ctx, table_id))
        clock.advance(10_000)
        assert await firing.fire_expired(ctx, table_id) == 0
        row = await load(ctx, table_id)
        seats = reading.document(row, None, clock.now())["clock"]["seats"]
        assert [(s["running"], s["remaining"]) for s in seats] == [(False, 50.0)] * 2
        with pytest.raises(Problem) as refused:
            await controls.pause(ctx, row)
        assert refused.value.code == "already_paused"
        await controls.resume(ctx, row)
        clock.advance(49)
        assert await firing.fire_expired(ctx, table_id) == 0
        clock.advance(1)
        # This call fires both seats, or the app's own alarm, woken by the same deadline,
        # is firing them: exactly once either way.
        await firing.fire_expired(ctx, table_id)
        for _ in range(500):
            if types(await log_of(ctx, table_id)).count("timed_out") == 2:
                break
            await asyncio.sleep(0.02)
        log = types(await log_of(ctx, table_id))
        assert log.count("timed_out") == 2
        assert {"clocks_paused", "clocks_resumed"} <= set(log)


async def test_the_host_adds_time(url):
    """Sixty seconds more for seat 1: its 30 s decision runs out at 90 s, not 30."""
    clock = ManualClock()
    async with running_app(url, clock) as ctx:
        table_id, _ = await open_game(ctx, PER_DECISION)
        await controls.add_time(ctx, await load(ctx, table_id), 1, 60)
        clock.advance(31)
        await firing.fire_expired(ctx, table_id)
        assert await timed_out(ctx, table_id, 1) == [0]  # seat 0 only
        clock.advance(58)  # 89 s: seat 1 has a second left
        assert await firing.fire_expired(ctx, table_id) == 0
        assert await timed_out(ctx, table_id, 1) == [0]
        clock.advance(2)
        await firing.fire_expired(ctx, table_id)
        assert await timed_out(ctx, table_id, 2) == [0, 1]
        assert "time_added" in types(await log_of(ctx, table_id))


async def test_a_bank_gains_its_increment_per_decision(url):
    clock = ManualClock()
    async with running_app(url, clock) as ctx:
        table_id, _ = await open_game(ctx, {"kind": "bank", "seconds": 60, "increment": 5})
        from spyhouse.server import play

        clock.advance(20)
        row = await load(ctx, table_id)
        await play.move(ctx, row, 0, {"type": "keep"}, row.version)
        row = await load(ctx, table_id)
        seats = reading.document(row, None, clock.now())["clock"]["seats"]
        assert [(s["running"], s["remaining"]) for s in seats] == [(False, 45.0), (True, 40.0)]


async def test_after_repeated_timeouts_a_bot_holds_the_seat_until_its_player_returns(url):
    clock = ManualClock()
    async with running_app(url, clock) as ctx:
        table_id, tokens = await open_game(ctx, PER_DECISION, seats=3, handover_after=1)
        from spyhouse.server import play

        for seat in (0, 1):
            row = await load(ctx, table_id)
            await play.move(ctx, row, seat, {"type": "keep"}, row.version)
        clock.advance(31)
        await firing.fire_expired(ctx, table_id)
        assert await timed_out(ctx, table_id, 1) == [2]
        row = await load(ctx, table_id)
        held = next(s for s in row.seats if s.seat == 2)
        assert (held.kind, held.hold, held.name) == ("bot", "absent", "P2")
        # The bot holding the seat plays as well as the table allows, not at random.
        assert held.bot_level == "search"
        assert "seat_held" in types(await log_of(ctx, table_id))
        from spyhouse.server.access import reader_of

        # back again: the first request with their token takes the seat back
        row = await holds.reclaim(ctx, row, tokens[2])
        assert reader_of(row, tokens[2]) == 2
        back = next(s for s in row.seats if s.seat == 2)
        assert (back.kind, back.hold) == ("human", None)
        assert "returned" in types(await log_of(ctx, table_id))
        assert row.clock is not None and row.clock["seats"][2]["timeouts"] == 0


async def test_a_table_without_a_clock_never_times_out(url):
    clock = ManualClock()
    async with running_app(url, clock) as ctx:
        table_id, _ = await open_game(ctx, None)
        clock.advance(10**9)
        assert await firing.fire_expired(ctx, table_id) == 0
        assert await firing.scan(ctx) == 0
        assert reading.document(await load(ctx, table_id), 0, clock.now())["clock"] is None


async def test_the_alarm_rings_only_for_an_earlier_deadline():
    alarm = firing.Alarm()
    alarm.at = 100.0
    alarm.set_for(None)
    alarm.set_for(150.0)
    assert alarm.at == 100.0 and not await alarm.sleep(0.01)  # slept out: nothing earlier
    sleeping = asyncio.create_task(alarm.sleep(30))
    await asyncio.sleep(0)
    alarm.set_for(50.0)
    assert alarm.at == 50.0 and await asyncio.wait_for(sleeping, 10)  # rung, not slept out


async def test_a_deadline_fires_when_it_falls_without_a_scan_in_between(url):
    """On the machine's clock, with the scan an hour apart, a process still fires a
    deadline its own commit set, when it falls: it sleeps towards the earliest deadline
    it knows of, instead of looking every half second."""
    settings = Settings.from_env(database_url=url, clock=SystemClock(), clock_scan_seconds=3600.0)
    app: FastAPI = create_app(settings)
    async with app.router.lifespan_context(app):
        ctx: Context = app.state.context
        table_id, _ = await open_game(ctx, {"kind": "per_decision", "seconds": 5})
        for _ in range(300):  # a liveness bound (30 s), not a timing assertion
            if "timed_out" in types(await log_of(ctx, table_id)):
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("the deadline never fired")
