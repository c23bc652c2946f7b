"""The component data files against the component lists of estoril-data.md, tile by
tile: every character's set, flag, strength, VP, symbols, woman sign, black medal and
status, every board's spaces in Roman-numeral order, every mission's set."""

from __future__ import annotations

from collections import Counter

from spyhouse.games.estoril.components import (
    ABILITIES,
    FLAG_NAMES,
    Character,
    boards,
    characters,
    missions,
)

STATUSES = {"confirmed", "likely", "reconstructed"}
CODES = {
    "ASN": "Assassin",
    "CON": "Conspiracy",
    "NAT": "Nationalism",
    "SED": "Seduction",
    "DIP": "Diplomacy",
    "DA": "Double Agent",
}

# The character tables of estoril-data.md, as printed there (set, status: the heading).
CHARACTER_TABLES = {
    ("starting", "confirmed"): """
| Hans R. | DE | 1 | 1 | CON |
| Elizabeth | GB | 1 | 1 | SED, W |
| Linda X. | US | 0 | 1 | ASN, W |
| Araújo | PT | 2 | 1 | – |
| Guedes | PT | 1 | 1 | DIP |
| Roque | PT | 0 | 1 | NAT |
""",
    ("base", "confirmed"): """
| Nora S. | DE | 1 | 3 | ASN, W |
| A. Alekhine | SU | 0 | 2 | ASN, DIP |
| C. Rosa | PT | 2 | 2 | ASN |
| Otto M. | DE | 2 | 3 | CON |
| G. Green | GB | 2 | 3 | NAT |
| Hedy L. | US | 3 | 2 | NAT, W |
| Garbo | ES | 3 | 4 | – |
| A. Ferro | PT | 1 | 4 | NAT |
| Pires | PT | 4 | 1 | CON |
| Walser S. | DE | 4 | 1 | NAT |
| J. Bourbon | ES | 2 | 3 | DIP ×2 |
| S. Smith | US | 1 | 3 | ASN |
| Amélia | PT | 4 | 1 | SED, W |
| Dusko P. | YU | 3 | 1 | CON ×2 |
| I. Shouwaloff | SU | 1 | 1 | ASN ×2 |
| Antoine S.E. | FR | 2 | 2 | SED, CON |
| Zarah L. | DE | 1 | 4 | SED, W |
| I.L. Fleming | GB | 3 | 2 | SED |
| Loreta B. | GB | 1 | 4 | CON, W |
| E. Windsor | GB | 4 | 2 | DIP |
| A. Monteiro | PT | 3 | 3 | DIP |
| Salazar | PT | 2 | 1 | NAT ×2 |
| G. René | FR | 0 | 2 | ASN, CON |
| Anne D. | US | 2 | 3 | SED, W |
| Clark G. | US | 2 | 4 | DIP |
| Zsa Zsa G. | HU | 1 | 3 | SED ×2, W |
| C. Lucky Luciano | IT | 5 | 1 | – |
""",
    ("promo", "likely"): """
| J. Baker | US | 0 | 1 | ASN, SED, W |
| G.F. Kennan | US | 3 | 2 | DIP, CON |
| I.J. Paderewski | PL | 3 | 3 | DIP, NAT |
| Krystyna S. | PL | 3 | 1 | ASN, W |
""",
    ("double_agent", "likely"): """
| S. Buonocore | US | 2 | 3 | DA |
| Eileen B. | GB | 3 | 2 | DA, W |
| Yoshiko K. | JP | 4 | 1 | DA, W |
| Heiko E. | DE | 1 | 4 | DA |
| R. Szozenkowak | PL | 2 | 3 | DA |
| M. Morishima | JP | 2 | 2 | NAT, W |
| Mihajlo D. | YU | 3 | 2 | DA |
""",
    ("vip", "reconstructed"): """
| Carol II | RO | 3 | 3 | DIP | |
| Magda L. | RO | 1 | 4 | SED, W | |
| Umberto II | IT | 2 | 3 | DIP, NAT | |
| Miklós H. | HU | 3 | 2 | NAT | |
| C. Gulbenkian | PT | 1 | 5 | CON | bm |
| Ricardo E. | PT | 2 | 2 | ASN, NAT | |
| Peggy G. | US | 0 | 4 | SED, W | bm |
| Antoine de S. | FR | 2 | 3 | CON | |
| Josephine B. | FR | 1 | 3 | SED ×2, W | |
| Ruth D. | DE | 2 | 3 | DA, W | |
| W. Canaris | DE | 4 | 2 | CON, DIP | |
| Kim P. | GB | 3 | 2 | DA | bm |
| Roald D. | GB | 2 | 3 | SED | |
| Ronald R. | GB | 3 | 1 | ASN ×2 | |
| Nancy W. | US | 3 | 3 | ASN, W | |
| Vera A. | SU | 1 | 4 | DA, W | bm |
| Nicolás F. | ES | 5 | 0 | – | bm |
""",
}
COLOURS = ("red", "green", "blue", "yellow", "pink")

# The Location boards table: number, reward (cell, TS/open), each cell, order, status.
BOARDS = """
| 0 | BR, TS | open, look-here | open, look-adj | reward | open | BL, TL, TR | likely |
| 1 | TL, open | reward | TS | TS, look-here | TS, look-adj | TR, BR, BL | likely |
| 2 | TR, TS | TS, look-adj | reward | TS | TS, look-here | BR, BL, TL | likely |
| 3 | BR, open | open | open | reward | open | BL, TL, TR | likely |
| 4 | BL, open | TS | TS, look-here | TS, look-adj | reward | TL, TR, BR | likely |
| 5 | TL, open | reward | TS, look-here | TS, look-adj | TS | BL, TR, BR | likely |
| 6 | TR, open | TS, look-here | reward | TS, look-adj | TS | BL, TL, BR | likely |
| 7 | BR, open | TS, look-adj | TS, look-here | reward | TS | BL, TR, TL | likely |
| 8 | centre, TS | TS | TS, look-here | TS, look-adj | TS, look-any | TL, TR, BR, BL | likely |
| 9 | TL, open | reward | TS, look-here | TS, look-adj | TS | BL, TR, BR | likely |
| 10 | BR, TS (2 tiles) | TS, look-here | TS | reward | TS, look-adj | TL, BL, TR | reconstructed |
| ? | TL, open | reward | TS | TS, look-adj | TS, look-here | TR, BR, BL | reconstructed |
"""
LOOKS = {"look-here": "here", "look-adj": "adjacent", "look-any": "any"}
BOARD_SETS = {0: "double_agent", 9: "double_agent", 10: "vip", None: "vip"}

MISSIONS = {
    "base": [
        "most-assassin",
        "most-conspiracy",
        "most-nationalism",
        "most-seduction",
        "most-diplomacy",
        "most-de",
        "most-gb",
        "most-us",
        "most-pt",
        "most-women",
        "strongest",
        "flags-minor",
    ],
    "double_agent": ["most-double-agent", "fewest-discards"],
    "vip": ["flags-vip", "fewest-seduction", "most-starting"],
}


def cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def expected_character(row: str, set_: str, status: str) -> dict[str, object]:
    name, flag, strength, vp, symbols, *medal = cells(row)
    abilities: list[str] = []
    woman = False
    for symbol in symbols.split(", "):
        code, _, times = symbol.partition(" ×")
        if code == "W":
            woman = True
        elif code != "–":
            abilities += [CODES[code]] * int(times or 1)
    return {
        "name": name,
        "set": set_,
        "flag": flag,
        "strength": int(strength),
        "vp": int(vp),
        "abilities": sorted(abilities),
        "woman": woman,
        "black_medal": medal == ["bm"],
        "status": status,
    }


def actual_character(c: Character) -> dict[str, object]:
    fields = ("name", "set", "flag", "strength", "vp", "woman", "black_medal", "status")
    found: dict[str, object] = {f: getattr(c, f) for f in fields}
    found["abilities"] = sorted(c.abilities)
    return found


def test_every_character_is_the_tile_the_component_list_gives():
    expected = [
        expected_character(row, set_, status)
        for (set_, status), table in CHARACTER_TABLES.items()
        for row in table.strip().splitlines()
    ]
    pile = [c for c in characters() if c.colour is None]
    assert sorted(map(actual_character, pile), key=str) == sorted(
        [e for e in expected if e["set"] != "starting"], key=str
    )
    starting = [e for e in expected if e["set"] == "starting"]
    for colour in COLOURS:
        tiles = [c for c in characters() if c.colour == colour]
        assert sorted(map(actual_character, tiles), key=str) == sorted(starting, key=str)
    assert len(characters()) == 27 + 4 + 7 + 17 + 6 * len(COLOURS)
    for c in characters():
        assert set(c.abilities) <= set(ABILITIES) and c.flag in FLAG_NAMES
    zsa = next(c for c in characters() if c.name == "Zsa Zsa G.")
    assert zsa.symbols("Seduction") == 2 and zsa.woman


def test_character_counts_per_set():
    pile = Counter(c.set for c in characters() if c.colour is None)
    assert pile == {"base": 27, "promo": 4, "double_agent": 7, "vip": 17}
    assert sum(c.black_medal for c in characters()) == 5


def test_every_board_is_the_board_the_table_gives():
    rows = [cells(row) for row in BOARDS.strip().splitlines()]
    assert [b.number for b in boards()] == [None if r[0] == "?" else int(r[0]) for r in rows]
    for board, (_, reward, tl, tr, br, bl, order, status) in zip(boards(), rows, strict=True):
        printed = {"TL": tl, "TR": tr, "BR": br, "BL": bl}
        reward_cell, reward_face = reward.split(", ", 1)
        assert board.reward_cell == reward_cell, board.name
        assert board.reward_top_secret == reward_face.startswith("TS"), board.name
        assert board.reward_tiles == (2 if "2 tiles" in reward_face else 1), board.name
        assert [s.cell for s in board.spaces] == order.split(", "), board.name
        for space in board.spaces:
            signs = printed[space.cell].split(", ")
            assert space.top_secret == ("TS" in signs), (board.name, space.cell)
            look = [LOOKS[s] for s in signs if s in LOOKS]
            assert space.look == (look[0] if look else None), (board.name, space.cell)
        assert {c for c, p in printed.items() if p == "reward"} == (
            set() if reward_cell == "centre" else {reward_cell}
        ), board.name
        assert board.status == status, board.name
        assert board.set == BOARD_SETS.get(board.number, "base"), board.name
        assert board.rule


def test_missions():
    by_set: dict[str, list[str]] = {}
    for m in missions():
        by_set.setdefault(m.set, []).append(m.id)
    assert by_set == MISSIONS
    assert all(m.status in STATUSES and m.best in ("most", "fewest") for m in missions())
    fewest = {m.id for m in missions() if m.best == "fewest"}
    assert fewest == {"fewest-discards", "fewest-seduction"}, "the rule text's 'fewest discarded'"
