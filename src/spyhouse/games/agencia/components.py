"""The physical components, read once from ``components.toml``.

Card values, the rounds table and the token set are data, not code, so a reader can check
them against the box and a reconstructed value can be corrected in one place.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any


class Kind(StrEnum):
    """The three kinds of Agency member, in the order they are solved."""

    INFILTRATOR = "infiltrator"
    RECRUITER = "recruiter"
    AGENT = "agent"


@dataclass(frozen=True)
class CardType:
    """One printed Character Card: its name, kind, number of Agents and Information value."""

    name: str
    kind: Kind
    agents: int
    information: int
    copies: int
    status: str

    def to_json(self) -> dict[str, Any]:
        """The card as a client draws it (never with an id: cards of a name are alike)."""
        return {
            "name": self.name,
            "kind": self.kind.value,
            "agents": self.agents,
            "information": self.information,
        }


STATUSES = frozenset({"confirmed", "likely", "reconstructed"})


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("components.toml").read_text("utf-8")
    return tomllib.loads(text)


def _check_status(entry: dict[str, Any]) -> None:
    if entry.get("status") not in STATUSES:
        raise ValueError(f"components.toml: bad status in {entry!r}")


def _cards(data: dict[str, Any]) -> dict[str, CardType]:
    cards: dict[str, CardType] = {}
    for entry in data["cards"]:
        _check_status(entry)
        card = CardType(
            name=entry["name"],
            kind=Kind(entry["kind"]),
            agents=int(entry["agents"]),
            information=int(entry["information"]),
            copies=int(entry["copies"]),
            status=entry["status"],
        )
        if (card.kind is Kind.AGENT) != (card.agents > 0) or card.information < 0:
            raise ValueError(f"components.toml: inconsistent card {card!r}")
        cards[card.name] = card
    return cards


_DATA = _load()
for _section in (_DATA["setup"], *_DATA["tokens"], *_DATA["rounds"]):
    _check_status(_section)

CARDS: dict[str, CardType] = _cards(_DATA)
"""Every card type by name ("1 Agent" ... "5 Agents", "Recruiter", "Infiltrator")."""

AGENCY: tuple[str, ...] = tuple(name for name, c in CARDS.items() for _ in range(c.copies))
"""The 8 members each player takes: one Agent of each value, 2 Recruiters, 1 Infiltrator."""

ROUNDS: dict[int, int] = {int(r["players"]): int(r["rounds"]) for r in _DATA["rounds"]}
"""Rounds by number of players (a round is one hand per player)."""

STARTING_INFORMATION: int = int(_DATA["setup"]["starting_information"])

TOKENS_VALUE: int = sum(int(t["value"]) * int(t["count"]) for t in _DATA["tokens"])
"""Face value of all 46 Information tokens: the Data Bank's opening balance."""


def information_value(names: list[str]) -> int:
    """Sum of the Information values printed on these cards."""
    return sum(CARDS[n].information for n in names)
