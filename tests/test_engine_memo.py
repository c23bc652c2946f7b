"""A :class:`PartMemo` keeps what was built from frozen parts, and the parts with it."""

from __future__ import annotations

import gc
import weakref

from spyhouse.engine.memo import PartMemo


class Part:
    """A stand-in for a frozen part."""

    def __init__(self, name: str) -> None:
        self.name = name


def test_a_value_is_found_by_its_key_and_a_full_memo_starts_afresh() -> None:
    memo: PartMemo[str] = PartMemo(2)
    casino, church, hotel = Part("Casino"), Part("Church"), Part("Hotel")
    assert memo.get(id(casino)) is None
    view = memo.keep(id(casino), (casino,), "casino's view")
    assert memo.get(id(casino)) is view
    memo.keep((id(church), True), (church,), "church's view")
    assert memo.get((id(church), False)) is None  # the key names what else it read
    memo.keep(id(hotel), (hotel,), "hotel's view")  # full: it starts afresh
    assert len(memo) == 1 and memo.get(id(casino)) is None


def test_an_entry_holds_its_parts_so_no_other_object_takes_their_ids() -> None:
    memo: PartMemo[str] = PartMemo(8)
    part = Part("Casino")
    gone = weakref.ref(part)
    key = id(part)
    memo.keep(key, (part,), "view")
    del part
    gc.collect()
    assert gone() is not None  # alive in its entry: its id is still its own
    memo.keep(0, (), "another")  # ...until the entry goes
    for n in range(1, 8):
        memo.keep(n, (), "filler")
    gc.collect()
    assert gone() is None
