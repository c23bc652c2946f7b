"""The server's one JSON encoder writes what ``json.dumps`` would, compact and UTF-8,
whichever of its paths a value takes."""

from __future__ import annotations

import copy
import json
import pickle
from collections import OrderedDict, defaultdict
from enum import IntEnum, StrEnum
from typing import Any

import pytest

from spyhouse.engine import Fixed, frozen_action
from spyhouse.store import jsontext


def _reference(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize(
    "value",
    [
        {"seat": 1, "name": "Ünïcode ✓", "tiles": [1.5, None, True], "nested": {"a": []}},
        {0: "zero", 1: {"two": 2}},  # keys that are not strings are written as strings
        {"big": 2**70, "small": -(2**63)},  # beyond 64 bits: the standard library's path
        [{"a": {3: 2**65}}],
    ],
)
def test_dumps_writes_what_json_writes(value: Any) -> None:
    assert jsontext.dumps(value) == _reference(value)
    assert jsontext.dumps_bytes(value) == _reference(value).encode()


class Colour(StrEnum):
    RED = "red"


class Rank(IntEnum):
    SPY = 1


def test_subclasses_of_the_json_types_are_written_as_their_plain_values() -> None:
    value = {
        "colour": Colour.RED,
        "rank": Rank.SPY,
        "action": frozen_action(type="deploy", soldiers=["Spy"]),
        "counts": OrderedDict(b=1, a=2),
        "by_default": defaultdict(list, {"x": [1]}),
        "flag": True,
    }
    assert jsontext.dumps(value) == _reference(value)


def test_a_fixed_part_is_written_once_and_reused_wherever_it_is_shown() -> None:
    """Its JSON is kept on it the first time: the same bytes wherever it appears, in
    this document and the next, and nested fixed parts keep theirs too."""
    tile = Fixed({"name": "Dusko P.", "abilities": ["Conspiracy"]})
    location = Fixed({"location": "Casino", "tiles": [tile, {"face_down": True}]})
    frame = {"view": {"grid": [location, location], "hand": [tile]}, "seat": Rank.SPY}
    assert jsontext.dumps(frame) == _reference(frame)
    kept = location.encoded
    assert (
        bytes(jsontext.dumps_bytes(location))
        == json.dumps(location, separators=(",", ":"), ensure_ascii=False).encode()
    )
    assert location.encoded is kept  # written again from what was kept
    assert jsontext.dumps({"again": location}) == _reference({"again": location})
    assert hasattr(tile, "encoded")  # the nested part kept its own


def test_a_fixed_part_refuses_changes_and_copies_plainly() -> None:
    part = Fixed({"a": [1]})
    with pytest.raises(TypeError):
        part["b"] = 2
    with pytest.raises(TypeError):
        part.update(b=2)
    assert type(dict(part)) is dict and type(part.copy()) is dict
    assert type(copy.deepcopy(part)) is dict and type(pickle.loads(pickle.dumps(part))) is dict
    assert part == {"a": [1]}


def test_a_socket_with_parts_is_sent_each_fixed_part_once_while_it_shows_it() -> None:
    casino = Fixed(location="Casino", spaces=[1, 2])
    church = Fixed(location="Church", spaces=[])
    frame = {"type": "state", "grid": [casino, church, casino]}
    text, shown = jsontext.dumps_with_parts(frame, set())
    sent = json.loads(text)
    (c, h) = (sent["grid"][0]["$part"], sent["grid"][1]["$part"])
    assert sent["grid"] == [{"$part": c}, {"$part": h}, {"$part": c}]
    assert sent["parts"] == {c: dict(casino), h: dict(church)}
    assert shown == {c, h}
    # The next frame names what the socket holds and sends only what it lacks.
    hotel = Fixed(location="Hotel", spaces=[3])
    text, shown = jsontext.dumps_with_parts({"type": "state", "grid": [hotel, church]}, shown)
    sent = json.loads(text)
    assert sent["grid"][1] == {"$part": h}
    assert list(sent["parts"].values()) == [dict(hotel)]
    assert shown == {sent["grid"][0]["$part"], h}


def test_a_part_is_named_by_its_content_alone() -> None:
    """Two parts that read the same get one name: a reference says nothing a frame
    would not (a part rebuilt after a hidden change is the same part to a client)."""
    one, again = Fixed(tile="Hans"), Fixed(tile="Hans")
    names = [json.loads(jsontext.dumps_with_parts({"t": p}, set())[0])["t"] for p in (one, again)]
    assert names[0] == names[1]
    other = json.loads(jsontext.dumps_with_parts({"t": Fixed(tile="Olga")}, set())[0])["t"]
    assert other != names[0]


def test_a_frame_only_the_slower_paths_write_is_sent_whole() -> None:
    frame = {"type": "state", "big": 2**70, "part": Fixed(a=1)}
    text, shown = jsontext.dumps_with_parts(frame, {"anything"})
    assert json.loads(text) == {"type": "state", "big": 2**70, "part": {"a": 1}, "parts": {}}
    assert shown == set()
