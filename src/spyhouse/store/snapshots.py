"""A committed table as plain values: what every reader and the hub hold, never mutated.

The ORM's mapped objects are for writing (the lobby's ``create`` and other cold paths).
A table read or committed is handed around as these frozen, slotted values instead:
building the five instrumented ORM objects of a four-seat table after every move cost
about six times what building these does (0.26 against 0.04 ms), for a snapshot that is
only ever read. A seat's columns are declared once, in :class:`SeatChange`, which is
also what a commit writes for a seat.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spyhouse.store.models import LogEntry, SeatRow, TableRow


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A seat's columns as one commit writes them (all but ``chat_muted``, which chat
    changes outside any commit)."""

    seat: int
    kind: str
    name: str | None
    token_hash: str | None
    bot_level: str | None = None
    held_for: str | None = None
    hold: str | None = None

    def columns(self) -> dict[str, str | None]:
        """The seat row's columns this change writes (all but the seat number)."""
        return {name: getattr(self, name) for name in SEAT_COLUMNS}


SEAT_COLUMNS: tuple[str, ...] = tuple(
    f.name for f in dataclasses.fields(SeatChange) if f.name != "seat"
)
"""The seat columns a commit writes, in the order the driver-level statements bind them."""


@dataclass(frozen=True, slots=True)
class SeatSnapshot(SeatChange):
    """One seat as committed."""

    chat_muted: bool = False

    @classmethod
    def of(cls, row: SeatRow) -> SeatSnapshot:
        return cls(row.seat, row.kind, row.name, row.token_hash, row.bot_level, row.held_for,
                   row.hold, bool(row.chat_muted))  # fmt: skip

    def changed(self, change: SeatChange) -> SeatSnapshot:
        """This seat as ``change`` left it (its chat mute carried over)."""
        return SeatSnapshot(change.seat, change.kind, change.name, change.token_hash,
                            change.bot_level, change.held_for, change.hold,
                            self.chat_muted)  # fmt: skip


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """One committed version of a table with its seats (the ``tables`` row's columns)."""

    id: str
    game_id: str
    options: dict[str, Any]
    num_seats: int
    private: bool
    spectators: bool
    publish_log: bool
    status: str
    invite_code: str
    host_token_hash: str
    seed: int
    version: int
    state: dict[str, Any] | None
    outcome: dict[str, Any] | None
    clock: dict[str, Any] | None
    deadline: float | None
    created_at: datetime | None
    updated_at: datetime | None
    seats: tuple[SeatSnapshot, ...]

    @classmethod
    def of(cls, row: TableRow) -> TableSnapshot:
        """The plain values of a row read through the ORM (with its seats)."""
        return cls(
            id=row.id,
            game_id=row.game_id,
            options=row.options,
            num_seats=row.num_seats,
            private=row.private,
            spectators=row.spectators,
            publish_log=row.publish_log,
            status=row.status,
            invite_code=row.invite_code,
            host_token_hash=row.host_token_hash,
            seed=row.seed,
            version=row.version,
            state=row.state,
            outcome=row.outcome,
            clock=row.clock,
            deadline=row.deadline,
            created_at=row.created_at,
            updated_at=row.updated_at,
            seats=tuple(SeatSnapshot.of(s) for s in sorted(row.seats, key=lambda s: s.seat)),
        )

    def replace(self, **changes: Any) -> TableSnapshot:
        """A copy with ``changes`` (this one is left as it is)."""
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True, slots=True)
class EntrySnapshot:
    """One log entry: a committed change with its events (and their audiences)."""

    table_id: str
    version: int
    seat: int | None
    action: dict[str, Any] | None
    events: list[dict[str, Any]]
    request_id: str | None
    created_at: datetime | None = None

    @classmethod
    def of(cls, row: LogEntry) -> EntrySnapshot:
        return cls(row.table_id, row.version, row.seat, row.action, row.events,
                   row.request_id, row.created_at)  # fmt: skip
