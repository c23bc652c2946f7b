"""The physical components of Spies & Lies, loaded once from ``components.toml``.

Soldiers are identified by rank (1-10) everywhere in the engine; names are only for
people (views, events, actions). Data that is not printed in the rule text (the Intel
deck's ranges and how many cards show each, the track length) lives in the TOML file
with its status, so it can be corrected in one place.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any

SIDES = ("red", "blue")
MISSIONS = 4
"""Each side deploys one soldier below each of its 4 Mission cards."""


@dataclass(frozen=True)
class Soldier:
    rank: int
    name: str
    infiltration_points: int
    double_agent_moves: int
    ability: str
    status: str


@dataclass(frozen=True)
class IntelCard:
    """One card of the Intel deck: it "will show four numbers", one range of ranks.

    ``status`` is the range's, ``copies_status`` that of ``copies``, how many cards of
    the deck show this range (the deck holds each card that many times)."""

    ranks: frozenset[int]
    status: str
    copies: int
    copies_status: str

    @cached_property
    def name(self) -> str:
        """How a player calls the card: the ranks printed on it, e.g. ``"Intel 1-2-3-4"``
        (written once: every view names every card on the Reference card)."""
        return "Intel " + "-".join(str(r) for r in sorted(self.ranks))


@dataclass(frozen=True)
class Components:
    soldiers: dict[int, Soldier]
    intel_cards: tuple[IntelCard, ...]
    territory_spaces: int
    deception_tokens_at_start: int
    deception_tokens_max: int
    infiltration_goal: int
    days: int
    track_status: str


@cache
def components() -> Components:
    """Read and validate the data file (once)."""
    text = resources.files(__package__).joinpath("components.toml").read_text("utf-8")
    data: dict[str, Any] = tomllib.loads(text)
    soldiers = {
        s["rank"]: Soldier(
            rank=s["rank"],
            name=s["name"],
            infiltration_points=s["infiltration_points"],
            double_agent_moves=s.get("double_agent_moves", 0),
            ability=s["ability"],
            status=s["status"],
        )
        for s in data["soldier"]
    }
    if sorted(soldiers) != list(range(1, 11)):
        raise ValueError("components.toml must list the ten ranks 1-10 once each")
    cards = tuple(
        card
        for c in data["intel_card"]
        for card in [IntelCard(frozenset(c["ranks"]), c["status"], c["copies"], c["copies_status"])]
        * c["copies"]
    )
    for card in cards:
        low = min(card.ranks)
        if card.ranks != frozenset(range(low, low + 4)) or not card.ranks <= set(soldiers):
            raise ValueError(f"an Intel card shows a range of four ranks, not {sorted(card.ranks)}")
    if len(cards) < data["rules"]["days"] + 1:
        raise ValueError("the Intel deck needs one card per day plus the Old Intel card")
    rules = data["rules"]
    return Components(
        soldiers=soldiers,
        intel_cards=cards,
        territory_spaces=data["track"]["territory_spaces"],
        deception_tokens_at_start=rules["deception_tokens_at_start"],
        deception_tokens_max=rules["deception_tokens_max"],
        infiltration_goal=rules["infiltration_goal"],
        days=rules["days"],
        track_status=data["track"]["status"],
    )


SPY, SCOUT, MINER, SERGEANT, LIEUTENANT, CAPTAIN, BOMB, COLONEL, GENERAL, MARSHAL = range(1, 11)
ALL_RANKS = tuple(range(1, 11))


@cache
def soldier_name(rank: int) -> str:
    return components().soldiers[rank].name


def rank_of(name: object) -> int | None:
    """The rank a player named, by title (``"Spy"``) or number (``1``); ``None`` if neither.

    >>> rank_of("Marshal"), rank_of(" spy "), rank_of(7), rank_of(True), rank_of("Joker")
    (10, 1, 7, None, None)
    """
    if isinstance(name, str):  # the usual case first (asked at every guess)
        titles = _ranks_by_title()
        rank = titles.get(name)  # a title as the game writes it
        return rank if rank is not None else titles.get(name.strip().lower())
    if isinstance(name, bool):
        return None
    if isinstance(name, int):
        return name if name in components().soldiers else None
    return None


@cache
def _ranks_by_title() -> dict[str, int]:
    """Each soldier's rank by its title, as written and in lower case."""
    soldiers = components().soldiers.values()
    return {
        **{soldier.name.lower(): soldier.rank for soldier in soldiers},
        **{soldier.name: soldier.rank for soldier in soldiers},
    }
