"""Tables: the only place where the engine meets the store.

Every change follows one path: load the row, compute the change with the engine, commit
it with a compare-and-swap on the version, then tell the hub. Views and events are
filtered here, per reader, before anything leaves the server.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from spyhouse.engine import Event, Game, IllegalAction, Rng, get_game
from spyhouse.engine.bots import random_action
from spyhouse.server.auth import hash_token, new_token, same_token
from spyhouse.server.hub import Hub
from spyhouse.server.problems import Problem, not_found
from spyhouse.server.schemas import CreateTable
from spyhouse.settings import Settings
from spyhouse.store.models import LogEntry, SeatRow, TableRow
from spyhouse.store.repository import Change, SeatChange, StaleVersion, TableStore

SPECTATOR = None
_JOIN_RETRIES = 8


class TableService:
    def __init__(self, store: TableStore, hub: Hub, settings: Settings) -> None:
        self.store = store
        self.hub = hub
        self.settings = settings
        self._bot_locks: dict[str, asyncio.Lock] = {}

    # -- lookups ------------------------------------------------------------------------

    @staticmethod
    def game_of(row: TableRow) -> Game:  # type: ignore[type-arg]
        game = get_game(row.game_id)
        if game is None:  # a table of a game this server no longer ships
            raise Problem(410, "game_unavailable", "This game is not available on this server.")
        return game

    async def table(self, table_id: str) -> TableRow:
        row = await self.store.get(table_id)
        if row is None:
            raise not_found()
        return row

    def reader(self, row: TableRow, token: str | None) -> int | None:
        """The seat a token sits at, or ``None`` for a spectator/host; 401/403 otherwise."""
        if token is None:
            if not row.spectators:
                raise Problem(401, "missing_token", "This table has no spectators; send a token.")
            return SPECTATOR
        for s in row.seats:
            if same_token(token, s.token_hash):
                return s.seat
        if same_token(token, row.host_token_hash):
            return SPECTATOR
        raise Problem(403, "invalid_token", "That token does not belong to this table.")

    def seat_of(self, row: TableRow, token: str) -> int:
        seat = self.reader(row, token)
        if seat is None:
            raise Problem(403, "not_a_seat", "Only a seated player may act.")
        return seat

    def require_host(self, row: TableRow, token: str) -> None:
        if not same_token(token, row.host_token_hash):
            raise Problem(403, "not_host", "Only the table's host may do that.")

    # -- lobby --------------------------------------------------------------------------

    async def create(self, req: CreateTable) -> dict[str, Any]:
        game = get_game(req.game)
        if game is None:
            raise Problem(422, "unknown_game", f"No game with id {req.game!r}.")
        try:
            options = game.parse_options(req.options)
        except ValueError as exc:
            raise Problem(422, "invalid_options", f"Invalid options: {exc}") from None
        allowed = game.seat_range(options)
        seats = req.seats if req.seats is not None else allowed.start
        if seats not in allowed:
            raise Problem(
                422,
                "invalid_seat_count",
                f"{game.title} takes {allowed.start}-{allowed.stop - 1} players with these options.",
            )
        host_token = new_token()
        row = TableRow(
            id=secrets.token_urlsafe(16),
            game_id=game.id,
            options=options.model_dump(mode="json"),
            num_seats=seats,
            private=req.private,
            spectators=req.spectators,
            publish_log=req.publish_log,
            status="waiting",
            invite_code=secrets.token_urlsafe(9),
            host_token_hash=hash_token(host_token),
            seed=secrets.randbits(63),
            version=0,
        )
        seat_token = new_token() if req.host_name else None
        changes = [SeatChange(i, "open", None, None) for i in range(seats)]
        if req.host_name:
            changes[0] = SeatChange(0, "human", req.host_name.strip(), hash_token(seat_token or ""))
        await self.store.create(row, changes)
        return {
            "table_id": row.id,
            "invite_code": row.invite_code,
            "invite_url": f"{self.settings.public_url}/#/join/{row.invite_code}",
            "host_token": host_token,
            "seat": {"table_id": row.id, "seat": 0, "seat_token": seat_token}
            if seat_token
            else None,
        }

    async def by_invite(self, code: str) -> TableRow:
        row = await self.store.by_invite(code)
        if row is None:
            raise not_found("invite")
        return row

    async def join(self, code: str, name: str) -> dict[str, Any]:
        for _ in range(_JOIN_RETRIES):
            row = await self.by_invite(code)
            if row.status != "waiting":
                raise Problem(409, "already_started", "This game has already started.")
            open_seats = [s.seat for s in row.seats if s.kind == "open"]
            if not open_seats:
                raise Problem(409, "table_full", "Every seat at this table is taken.")
            token = new_token()
            seat = open_seats[0]
            change = Change(
                events=[Event.public("joined", seat=seat, name=name.strip()).to_json()],
                seats=[SeatChange(seat, "human", name.strip(), hash_token(token))],
            )
            try:
                await self.store.commit(row.id, row.version, change)
            except StaleVersion:
                continue  # someone else joined or changed the lobby: look again
            self.hub.notify(row.id)
            return {"table_id": row.id, "seat": seat, "seat_token": token}
        raise Problem(409, "busy", "The table is changing quickly; try again.")

    async def set_bot(self, table_id: str, host_token: str, seat: int) -> None:
        row = await self.table(table_id)
        self.require_host(row, host_token)
        target = self._seat_row(row, seat)
        if row.status == "finished":
            raise Problem(409, "game_over", "The game is over.")
        if row.status == "waiting" and target.kind != "open":
            raise Problem(409, "seat_taken", "Only an open seat can be given to a bot.")
        if row.status == "playing" and target.kind != "human":
            raise Problem(409, "seat_taken", "Only a player's seat can be handed to a bot.")
        await self._lobby_commit(
            row, SeatChange(seat, "bot", f"Bot {seat + 1}", None), "bot_seated", seat
        )
        if row.status == "playing":
            await self.run_bots(table_id)

    async def remove_seat(self, table_id: str, host_token: str, seat: int) -> None:
        row = await self.table(table_id)
        self.require_host(row, host_token)
        target = self._seat_row(row, seat)
        if row.status != "waiting":
            raise Problem(409, "already_started", "Seats can only be emptied before the start.")
        if target.kind == "open":
            raise Problem(409, "seat_open", "That seat is already open.")
        await self._lobby_commit(row, SeatChange(seat, "open", None, None), "seat_emptied", seat)

    async def start(self, table_id: str, host_token: str) -> None:
        row = await self.table(table_id)
        self.require_host(row, host_token)
        if row.status != "waiting":
            raise Problem(409, "already_started", "This game has already started.")
        if any(s.kind == "open" for s in row.seats):
            raise Problem(409, "seats_open", "Fill every seat (players or bots) before starting.")
        game = self.game_of(row)
        state = game.setup(row.num_seats, game.parse_options(row.options), row.seed)
        change = Change(
            events=[Event.public("game_started").to_json()],
            state=game.dump(state),
            status="playing",
        )
        await self._commit(row, change)
        await self.run_bots(table_id)

    async def _lobby_commit(self, row: TableRow, seat: SeatChange, kind: str, n: int) -> None:
        await self._commit(row, Change(events=[Event.public(kind, seat=n).to_json()], seats=[seat]))

    async def _commit(self, row: TableRow, change: Change) -> int:
        try:
            version = await self.store.commit(row.id, row.version, change)
        except StaleVersion:
            raise Problem(409, "stale_version", "The table changed; reload and retry.") from None
        self.hub.notify(row.id)
        return version

    @staticmethod
    def _seat_row(row: TableRow, seat: int) -> SeatRow:
        for s in row.seats:
            if s.seat == seat:
                return s
        raise Problem(404, "unknown_seat", f"This table has no seat {seat}.")

    # -- play ---------------------------------------------------------------------------

    async def play(
        self,
        table_id: str,
        token: str,
        action: dict[str, Any],
        version: int,
        request_id: str | None,
    ) -> tuple[TableRow, int]:
        """Apply one action for the token's seat; returns the row and the seat."""
        row = await self.table(table_id)
        seat = self.seat_of(row, token)
        if request_id is not None:
            done = await self.store.entry_for_request(table_id, request_id)
            if done is not None:
                if done.seat != seat or done.action != action:
                    raise Problem(409, "request_id_reused", "That request_id was used already.")
                return await self.table(table_id), seat  # a retry of a committed move
        if row.status == "waiting":
            raise Problem(409, "not_started", "The game has not started yet.")
        if version != row.version:
            raise Problem(
                409,
                "stale_version",
                f"You chose at version {version}; the table is at {row.version}.",
                current_version=row.version,
            )
        game = self.game_of(row)
        state = game.load(row.state or {})
        try:
            change = _move(game, state, seat, action, request_id)
        except IllegalAction as exc:
            raise Problem(422, exc.code, exc.message) from None
        await self._commit(row, change)
        await self.run_bots(table_id)
        return await self.table(table_id), seat

    async def run_bots(self, table_id: str) -> None:
        """Let bot seats play until a human is to act or the game ends."""
        # The lock only saves duplicate work (the version CAS keeps bots correct anyway),
        # so it is dropped once idle rather than kept for every table ever played.
        lock = self._bot_locks.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                await self._play_bots(table_id)
        finally:
            if not lock.locked():
                self._bot_locks.pop(table_id, None)

    async def _play_bots(self, table_id: str) -> None:
        for _ in range(self.settings.max_bot_moves_per_commit):
            row = await self.table(table_id)
            if row.status != "playing":
                return
            bots = {s.seat for s in row.seats if s.kind == "bot"}
            game = self.game_of(row)
            state = game.load(row.state or {})
            pending = sorted(game.to_act(state) & bots)
            if not pending:
                return
            seat = pending[0]
            # Fresh OS entropy, never the game's seed: a bot's visible choices must
            # not let anyone reconstruct the RNG that shuffled the hidden cards.
            action = random_action(game, state, seat, Rng(secrets.randbits(64)))
            change = _move(game, state, seat, action)
            try:
                await self.store.commit(table_id, row.version, change)
            except StaleVersion:
                continue  # a person moved meanwhile; look again
            self.hub.notify(table_id)

    # -- reading ------------------------------------------------------------------------

    def summary(self, row: TableRow) -> dict[str, Any]:
        game = self.game_of(row)
        return {
            "table_id": row.id,
            "game": row.game_id,
            "title": game.title,
            "status": row.status,
            "version": row.version,
            "private": row.private,
            "spectators": row.spectators,
            "publish_log": row.publish_log,
            "invite_code": None if row.private else row.invite_code,
            "options": row.options,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name} for s in row.seats],
        }

    def document(self, row: TableRow, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know about the table now, built from the game's view."""
        doc = self.summary(row)
        doc.update(you=seat, to_act=[], legal_actions=[], view=None, outcome=row.outcome)
        if row.state is not None:
            game = self.game_of(row)
            state = game.load(row.state)
            doc["view"] = game.view(state, seat)
            doc["to_act"] = sorted(game.to_act(state))
            if seat is not None:
                doc["legal_actions"] = game.legal_actions(state, seat)
        return doc

    def filter_entries(
        self, row: TableRow, entries: list[LogEntry], seat: int | None
    ) -> list[dict[str, Any]]:
        """The events ``seat`` may read; after the end the host may publish everything."""
        published = row.status == "finished" and row.publish_log
        out: list[dict[str, Any]] = []
        for entry in entries:
            for raw in entry.events:
                event = Event.from_json(raw)
                if published or event.visible_to(seat):
                    item = {
                        "version": entry.version,
                        "seat": entry.seat,
                        "type": event.type,
                        "data": event.data,
                    }
                    if published:
                        item["audience"] = raw.get("audience")
                    out.append(item)
        return out

    async def events(self, row: TableRow, seat: int | None, since: int) -> list[dict[str, Any]]:
        """Events ``seat`` may read after version ``since``, up to the row's version."""
        entries = await self.store.entries_between(row.id, since, row.version)
        return self.filter_entries(row, entries, seat)


def _move(
    game: Game,  # type: ignore[type-arg]
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
