"""The whole game as slotted pydantic dataclasses: JSON round-trips for free, secrets
included, and attribute reads as fast as Python has (a search playout reads the state
about a hundred times a step: see :mod:`spyhouse.engine.parts`).

Sides are indexed 0 (red) and 1 (blue); soldiers are ranks 1-10; missions are indexed
0-3 internally and shown to people as Missions 1-4.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, TypeVar

from pydantic import Field

from spyhouse.engine import (
    GameOptions,
    Hidden,
    Mixed,
    Part,
    Private,
    Public,
    frozen_slotted,
    slotted,
)


class Phase(StrEnum):
    """The phases of a day (Deployment, Intelligence, Mission), then the game's end."""

    DEPLOY = "deploy"
    INTEL = "intel"
    MISSIONS = "missions"
    OVER = "over"


Step = Literal["deception", "guess", "ability"]


class SpiesOptions(GameOptions):
    """Spies & Lies has no variants: 2 players play 1v1, 3 or 4 play in two teams."""


@slotted
class SideState(Part):
    """One side's soldiers, track and tokens (shared by teammates in team play).

    The soldiers and the per-mission marks are tuples, replaced (:func:`replaced`)
    rather than changed: a step changes one or two of them, and ``State.copy()``
    shares them instead of copying eight lists a side. Their JSON is
    the same lists."""

    hand: Private[tuple[int, ...]] = Field(description="Ranks in hand, not deployed nor exhausted")
    exhausted: Public[tuple[int, ...]] = Field(
        description="Face-up exhausted ranks, not deployable today"
    )
    missions: Private[tuple[int | None, ...]] = Field(
        description="Rank deployed under each Mission card"
    )
    face_up: Public[tuple[bool, ...]]
    tilted: Public[tuple[bool, ...]] = Field(
        description="Retreated: its ability cannot be activated"
    )
    intel_tokens: Public[tuple[bool | None, ...]] = Field(
        description="Intel token on each mission, once placed"
    )
    guesses: Public[tuple[int | None, ...]] = Field(
        description="Rank the enemy named for each mission"
    )
    deception_on: Public[tuple[bool, ...]] = Field(
        description="A Deception token was played on the mission"
    )
    sergeant_choice: Private[bool | None] = Field(
        default=None,
        description="Secret Intel choice for a deployed Sergeant until the tokens show",
    )
    infiltration_points: Public[int] = 0
    deception_tokens: Public[int] = 1
    scout_active: Public[bool] = False
    spy_active: Public[bool] = False
    miner_active: Public[bool] = False
    bomb_armed: Public[bool] = Field(
        default=False, description="The next enemy card this side reveals retreats"
    )
    exhausts_two: Public[bool] = Field(
        default=False, description="Double damage: exhaust 2 soldiers next day"
    )


T = TypeVar("T")


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced by ``value``.

    >>> replaced((False, False, False, False), 2, True)
    (False, False, True, False)
    """
    return (*values[:index], value, *values[index + 1 :])


@frozen_slotted
class PendingAbility(Part):
    """An activated soldier whose owner must choose (Captain, Marshal) before play goes on.

    Frozen (replaced, never changed), so ``State.copy()`` shares it."""

    kind: Public[Literal["captain", "marshal"]]
    side: Public[int]
    mission: Public[int]
    deception_bonus: Public[bool] = Field(description="A Deception token still pays +4 afterwards")


@slotted
class SpiesState(Part):
    num_seats: Public[int]
    rng: Hidden[int]
    day: Public[int] = 1
    phase: Public[Phase] = Phase.DEPLOY
    sides: Mixed[list[SideState]]
    starting_side: Hidden[int] = Field(
        description="Spun at setup but secret until the first Mission phase turns it over; "
        "known to all from then on (see views.starting_side_known)"
    )
    turn: Public[int] = Field(
        default=0, description="0-7: which guess of the day (mission = turn // 2)"
    )
    step: Public[Step] = "guess"
    pending: Public[PendingAbility | None] = None
    intel_deck: Hidden[list[int]] = Field(description="Face-down Intel cards (indexes), top last")
    old_intel: Public[list[int]]
    current_intel: Public[int | None] = None
    intel_submitted: Public[list[bool]]
    double_agent: Public[int] = Field(
        default=0, description="0 = centre; + towards blue's flag, - towards red's"
    )
    wall_stop: Public[bool] = Field(
        default=False, description="The Double Agent reached a wall this turn"
    )
    winner_side: Public[int | None] = None
    ending: Public[str | None] = None
