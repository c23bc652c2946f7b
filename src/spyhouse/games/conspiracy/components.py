"""The printed (and reconstructed) components, loaded once from ``components.toml``.

Game content is data, not code: a reader checks the map, the HQs, Dr. Solomon's track
and the agents against the physical game in the TOML file, where each entry keeps the
status (confirmed / reconstructed) that ``clarifications.md`` gives it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

DR_SOLOMON = "Dr. Solomon"
"""The payoff-board space for Dr. Solomon (he is paid like an agent, one coin at a time)."""


@dataclass(frozen=True)
class City:
    name: str
    station: bool
    lon: float
    lat: float
    status: str


@dataclass(frozen=True)
class Agent:
    name: str
    ability: str
    status: str


@dataclass(frozen=True)
class Components:
    """Everything in the box that the rules read."""

    cities: dict[str, City]
    red_lines: tuple[tuple[str, str], ...]
    adjacent: dict[str, tuple[str, ...]]
    agents: tuple[Agent, ...]
    agent_names: tuple[str, ...]
    payoff_spaces: tuple[str, ...]
    """The spaces of a payoff board: the six agents, then Dr. Solomon."""
    hq_by_player_count: dict[int, tuple[str, ...]]
    sovereigns_per_player: int
    starting_payoff: int
    setup_picks: int
    setup_pick_amount: int
    briefcase_start: str
    agent_start_cities: tuple[str, ...]
    burn_cost: int
    max_solomon_payoff: int
    solomon_start_space: dict[int, int]
    solomon_last_space: int
    die_faces: int
    solomon_faces: int
    statuses: dict[str, str]

    @property
    def stations(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cities.values() if c.station)


def _build(raw: dict[str, Any]) -> Components:
    cities = {
        c["name"]: City(c["name"], c["station"], c["lon"], c["lat"], c["status"])
        for c in raw["cities"]
    }
    red_lines = tuple((a, b) for a, b in raw["routes"]["red_lines"])
    neighbours: dict[str, list[str]] = {name: [] for name in cities}
    for a, b in red_lines:
        if a not in cities or b not in cities or a == b:
            raise ValueError(f"bad red line {a}-{b}")
        neighbours[a].append(b)
        neighbours[b].append(a)
    agents = tuple(Agent(a["name"], a["ability"], a["status"]) for a in raw["agents"])
    setup, solomon, hqs = raw["setup"], raw["solomon"], raw["headquarters"]
    hq_by_count = {int(k): tuple(v) for k, v in hqs["by_player_count"].items()}
    for hq_list in hq_by_count.values():
        if any(hq not in cities for hq in hq_list):
            raise ValueError(f"unknown HQ city in {hq_list}")
    start_cities = tuple(setup["agent_start_cities"])
    if len(start_cities) != len(agents) or any(c not in cities for c in start_cities):
        raise ValueError("need one known start city per agent")
    return Components(
        cities=cities,
        red_lines=red_lines,
        adjacent={name: tuple(sorted(n)) for name, n in neighbours.items()},
        agents=agents,
        agent_names=tuple(a.name for a in agents),
        payoff_spaces=(*(a.name for a in agents), DR_SOLOMON),
        hq_by_player_count=hq_by_count,
        sovereigns_per_player=setup["sovereigns_per_player"],
        starting_payoff=setup["starting_payoff"],
        setup_picks=setup["setup_picks"],
        setup_pick_amount=setup["setup_pick_amount"],
        briefcase_start=setup["briefcase_start"],
        agent_start_cities=start_cities,
        burn_cost=setup["burn_cost"],
        max_solomon_payoff=setup["max_solomon_payoff"],
        solomon_start_space={int(k): v for k, v in solomon["start_space"].items()},
        solomon_last_space=solomon["last_space"],
        die_faces=solomon["die_faces"],
        solomon_faces=solomon["solomon_faces"],
        statuses={
            "setup": setup["status"],
            "solomon": solomon["status"],
            "headquarters": hqs["status"],
            "routes": raw["routes"]["status"],
        },
    )


@cache
def components() -> Components:
    """The box contents, parsed and validated once."""
    text = resources.files(__package__).joinpath("components.toml").read_text(encoding="utf-8")
    return _build(tomllib.loads(text))
