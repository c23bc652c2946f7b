"""A committed table is plain frozen values: built in memory after a commit, never
mutated under the readers that hold it, and with the seat columns declared once."""

from __future__ import annotations

import dataclasses

import pytest

from spyhouse.store import hotpath
from spyhouse.store.models import SeatRow, TableRow
from spyhouse.store.repository import Change, committed_row
from spyhouse.store.snapshots import SEAT_COLUMNS, SeatChange, SeatSnapshot, TableSnapshot


def _orm_row() -> TableRow:
    row = TableRow(
        id="t1", game_id="spies", options={}, num_seats=2, private=True, spectators=False,
        publish_log=False, status="playing", invite_code="inv", host_token_hash="h",
        seed=7, version=3, state={"x": 1}, outcome=None, clock=None, deadline=None,
    )  # fmt: skip
    row.seats = [
        SeatRow(seat=1, kind="bot", name="B", bot_level="random", chat_muted=False),
        SeatRow(seat=0, kind="human", name="A", token_hash="a" * 64, chat_muted=True),
    ]
    return row


def test_a_read_row_becomes_frozen_values_in_seat_order() -> None:
    snap = TableSnapshot.of(_orm_row())
    assert [s.seat for s in snap.seats] == [0, 1]
    assert type(snap.seats[0]) is SeatSnapshot and snap.seats[0].chat_muted is True
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.version = 4  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.seats[0].kind = "open"  # type: ignore[misc]


def test_committed_row_is_a_new_plain_value_and_keeps_the_chat_mute() -> None:
    before = TableSnapshot.of(_orm_row())
    change = Change(events=[], state={"x": 2}, seats=[SeatChange(0, "bot", "A", None, "search")])
    after = committed_row(before, change, 4)
    assert type(after) is TableSnapshot  # not an instrumented ORM object
    assert (after.version, after.state) == (4, {"x": 2})
    assert after.seats[0] == SeatSnapshot(0, "bot", "A", None, "search", None, None, True)
    assert after.seats[1] is before.seats[1]  # an unchanged seat is shared, not rebuilt
    assert (before.version, before.seats[0].kind, before.state) == (3, "human", {"x": 1})


def test_the_seat_columns_are_the_ones_the_schema_and_the_driver_statements_write() -> None:
    written = {c.name for c in SeatRow.__table__.columns} - {"table_id", "seat", "chat_muted"}
    assert set(SEAT_COLUMNS) == written
    change = SeatChange(2, "human", "N", "t" * 64, None, "held", "absent")
    (params,) = hotpath.seat_params("t1", [change])
    assert params == ("human", "N", "t" * 64, None, "held", "absent", "t1", 2)
    assert hotpath._SQLITE_SEAT.count("?") == len(params)
