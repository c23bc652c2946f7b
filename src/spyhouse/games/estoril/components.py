"""The physical components, loaded once from the TOML files beside this module.

Content is data (``characters.toml``, ``boards.toml``, ``missions.toml``) so a reader
can check a tile against the box without reading code. Every tile of every set gets a
fixed catalogue index; a game uses the subset its options put in play.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any

COLOURS = ("red", "green", "blue", "yellow", "pink")
"""Network colours in seat order; pink is the Double Agent expansion's 5th player."""

ABILITIES = ("Assassin", "Conspiracy", "Nationalism", "Seduction", "Diplomacy", "Double Agent")
CELLS = ("TL", "TR", "BR", "BL")
"""A board's four cells, clockwise; a quarter turn moves each cell one step along."""
NUMERALS = ("I", "II", "III", "IV")
FLAG_NAMES = {
    "DE": "Germany",
    "GB": "United Kingdom",
    "US": "United States",
    "PT": "Portugal",
    "ES": "Spain",
    "FR": "France",
    "IT": "Italy",
    "HU": "Hungary",
    "SU": "Soviet Union",
    "YU": "Yugoslavia",
    "PL": "Poland",
    "JP": "Japan",
    "RO": "Romania",
}


@dataclass(frozen=True)
class Character:
    """One printed Character tile."""

    index: int
    name: str
    set: str
    flag: str
    strength: int
    vp: int
    abilities: tuple[str, ...]
    woman: bool
    colour: str | None  # the colour symbol of a Starting Character
    black_medal: bool
    status: str

    @cached_property
    def label(self) -> str:
        """How actions name the tile: starting tiles carry their colour (worked out once:
        every placement lists the hand by label)."""
        return f"{self.name} ({self.colour})" if self.colour else self.name

    def symbols(self, ability: str) -> int:
        """How many times a symbol is printed ("x2" tiles count twice)."""
        return self.abilities.count(ability)

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.label,
            "flag": self.flag,
            "strength": self.strength,
            "vp": self.vp,
            "abilities": list(self.abilities),
            "woman": self.woman,
            "starting": self.colour,
            "black_medal": self.black_medal,
        }


@dataclass(frozen=True)
class Space:
    """A Deployment space as printed: its cell, Top Secret sign and look symbol."""

    cell: str
    top_secret: bool
    look: str | None  # "here", "adjacent", "any"


@dataclass(frozen=True)
class Board:
    """One printed Location board."""

    index: int
    key: str
    number: int | None  # None: the Airport's number is its d12
    name: str
    full_name: str
    set: str
    special: str
    rule: str  # the special rule in words, for the board's tooltip
    reward_cell: str  # a cell, or "centre"
    reward_top_secret: bool
    reward_tiles: int
    spaces: tuple[Space, ...]
    status: str


@dataclass(frozen=True)
class Mission:
    id: str
    name: str
    set: str
    counts: str
    best: str  # "most" or "fewest"
    flags: tuple[str, ...]
    status: str


def _load(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def characters() -> tuple[Character, ...]:
    """Every tile of every set: the six starting tiles in each colour, then the rest."""
    raw = _load("characters.toml")["character"]
    out: list[Character] = []

    def add(entry: dict[str, Any], colour: str | None) -> None:
        out.append(
            Character(
                index=len(out),
                name=entry["name"],
                set=entry["set"],
                flag=entry["flag"],
                strength=entry["strength"],
                vp=entry["vp"],
                abilities=tuple(entry["abilities"]),
                woman=entry["woman"],
                colour=colour,
                black_medal=entry.get("black_medal", False),
                status=entry["status"],
            )
        )

    for colour in COLOURS:
        for entry in raw:
            if entry.get("starting"):
                add(entry, colour)
    for entry in raw:
        if not entry.get("starting"):
            add(entry, None)
    return tuple(out)


@cache
def boards() -> tuple[Board, ...]:
    out = []
    for i, entry in enumerate(_load("boards.toml")["board"]):
        out.append(
            Board(
                index=i,
                key=entry["key"],
                number=entry.get("number"),
                name=entry["name"],
                full_name=entry["full_name"],
                set=entry["set"],
                special=entry["special"],
                rule=entry["rule"],
                reward_cell=entry["reward_cell"],
                reward_top_secret=entry["reward_top_secret"],
                reward_tiles=entry.get("reward_tiles", 1),
                spaces=tuple(
                    Space(s["cell"], s["top_secret"], s.get("look")) for s in entry["spaces"]
                ),
                status=entry["status"],
            )
        )
    return tuple(out)


@cache
def missions() -> tuple[Mission, ...]:
    return tuple(
        Mission(
            id=m["id"],
            name=m["name"],
            set=m["set"],
            counts=m["counts"],
            best=m["best"],
            flags=tuple(m.get("flags", ())),
            status=m["status"],
        )
        for m in _load("missions.toml")["mission"]
    )


@cache
def character(index: int) -> Character:
    """The tile with catalogue number ``index`` (cached: the rules ask at every step)."""
    return characters()[index]


@cache
def board(index: int) -> Board:
    """The Location board with catalogue number ``index`` (cached like :func:`character`)."""
    return boards()[index]


@cache
def board_by_key(key: str) -> Board:
    return next(b for b in boards() if b.key == key)


@cache
def mission(mission_id: str) -> Mission:
    return next(m for m in missions() if m.id == mission_id)


def starting_tiles(colour: str) -> list[int]:
    """The six Starting Character tiles of a network."""
    return [c.index for c in characters() if c.colour == colour]


def sets_in_play(promo: bool, double_agent: bool, vip: bool) -> frozenset[str]:
    chosen = {"base"}
    if promo:
        chosen.add("promo")
    if double_agent:
        chosen.add("double_agent")
    if vip:
        chosen.add("vip")
    return frozenset(chosen)
