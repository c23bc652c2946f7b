"""The component data files: counts and statuses as estoril-data.md gives them."""

from __future__ import annotations

from collections import Counter

from spyhouse.games.estoril.components import (
    ABILITIES,
    FLAG_NAMES,
    boards,
    characters,
    missions,
)

STATUSES = {"confirmed", "likely", "reconstructed"}


def test_character_counts_per_set():
    pile = Counter(c.set for c in characters() if c.colour is None)
    assert pile == {"base": 27, "promo": 4, "double_agent": 7, "vip": 17}
    starting = Counter(c.colour for c in characters() if c.colour is not None)
    assert starting == {colour: 6 for colour in ("red", "green", "blue", "yellow", "pink")}


def test_character_statuses_and_values():
    by_set = {c.set: c.status for c in characters()}
    assert by_set == {
        "starting": "confirmed",
        "base": "confirmed",
        "promo": "likely",
        "double_agent": "likely",
        "vip": "reconstructed",
    }
    for c in characters():
        assert set(c.abilities) <= set(ABILITIES) and c.flag in FLAG_NAMES
        assert 0 <= c.strength <= 5 and 0 <= c.vp <= 5
    assert sum(c.black_medal for c in characters()) == 5
    zsa = next(c for c in characters() if c.name == "Zsa Zsa G.")
    assert zsa.symbols("Seduction") == 2 and zsa.woman


def test_boards():
    assert [b.number for b in boards()] == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, None]
    for b in boards():
        assert b.status in STATUSES and b.rule
        cells = {s.cell for s in b.spaces} | ({b.reward_cell} - {"centre"})
        assert cells == {"TL", "TR", "BR", "BL"}, b.name
        assert all(s.look in (None, "here", "adjacent", "any") for s in b.spaces)
    museum = next(b for b in boards() if b.key == "museum")
    assert len(museum.spaces) == 4 and museum.spaces[3].look == "any"
    assert [s.look for s in museum.spaces].count("any") == 1
    tamariz = next(b for b in boards() if b.key == "tamariz")
    assert not tamariz.reward_top_secret and not any(s.top_secret for s in tamariz.spaces)
    assert next(b for b in boards() if b.key == "garret").reward_tiles == 2


def test_missions():
    per_set = Counter(m.set for m in missions())
    assert per_set == {"base": 12, "double_agent": 2, "vip": 3}
    assert all(m.status in STATUSES and m.best in ("most", "fewest") for m in missions())
    fewest = {m.id for m in missions() if m.best == "fewest"}
    assert fewest == {"fewest-discards", "fewest-seduction"}, "the rule text's 'fewest discarded'"
