"""Character Abilities: each one's legal targets and its effect.

An ability is used by the *current controller* of the tile in the space being resolved
(``ref``). ``actions(state, ref, ability)`` lists every legal use as a JSON action;
``use(state, ref, action)`` carries one out (the action was already checked against
``actions``). Shields protect against Assassin, Seduction and Double Agent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spyhouse.engine import Event, IllegalAction, fast_copy
from spyhouse.engine.matching import require_keys, whole_number
from spyhouse.games.estoril import memory
from spyhouse.games.estoril.components import COLOURS, NUMERALS, character
from spyhouse.games.estoril.grid import SpaceRef
from spyhouse.games.estoril.locations import church_forbids_assassins, location_name
from spyhouse.games.estoril.spaces import Space, where
from spyhouse.games.estoril.state import EstorilState, Occupant, Pending

Action = dict[str, Any]


def _tiles_on(
    state: EstorilState, slots: tuple[int, ...] | list[int]
) -> list[tuple[SpaceRef, Occupant]]:
    """The Character tiles on these Locations (never the Reward tiles), with their spaces."""
    return [
        ((slot, n), occ)
        for slot in slots
        for n, occ in enumerate(state.grid[slot].spaces)
        if occ is not None
    ]


def _at(state: EstorilState, ref: SpaceRef) -> Occupant:
    occ = state.occupant(ref)
    assert occ is not None, ref
    return occ


def _free_spaces(state: EstorilState, slot: int) -> list[int]:
    return [n for n, occ in enumerate(state.grid[slot].spaces) if occ is None]


def _send_home(state: EstorilState, ref: SpaceRef) -> Occupant:
    """A tile leaves the board: to its owner's hand, its marker to its controller."""
    occ = state.occupant(ref)
    assert occ is not None
    state.put(ref, None)
    state.hands[occ.owner].append(occ.tile)
    memory.hand_gains(state, occ.owner, [occ.tile])
    state.markers[occ.controller] += 1
    if occ.shield:
        state.shields += 1
    return occ


def _shown(occ: Occupant) -> dict[str, Any]:
    return {"tile": character(occ.tile).label, "owner": COLOURS[occ.owner]}


# -- Assassin ---------------------------------------------------------------------------


def assassin_refusal(state: EstorilState, ref: SpaceRef, target: SpaceRef) -> str | None:
    """Why the tile in ``ref`` may not assassinate ``target`` (None: it may).

    ASSASSIN: a Character tile (not a Reward tile, not shielded) from this Location.
    """
    if church_forbids_assassins(state, ref[0]):
        return "At the Church, Assassin abilities cannot be triggered."
    if target[0] != ref[0]:
        return "An Assassin reaches only Character tiles at its own Location."
    occ = state.occupant(target)
    if occ is None:
        return f"There is no Character tile on {Space.at(state, target)}."
    if target == ref:
        return "A Character cannot assassinate itself."
    if occ.shield:
        return f"The tile on {Space.at(state, target)} is protected by a Shield."
    return None


def assassin_targets(state: EstorilState, ref: SpaceRef) -> list[SpaceRef]:
    return [t for t, _ in _tiles_on(state, [ref[0]]) if assassin_refusal(state, ref, t) is None]


def assassin(state: EstorilState, ref: SpaceRef, target: SpaceRef) -> list[Event]:
    """ASSASSIN: return the target to its owner's hand; removed from the Location, not the game."""
    occ = _send_home(state, target)
    return [Event.public("assassinated", **where(state, target), **_shown(occ))]


# -- Conspiracy ---------------------------------------------------------------------------


def conspiracy_refusal(state: EstorilState, ref: SpaceRef) -> str | None:
    """CONSPIRACY needs a tile on top of the draw pile and a Reward tile here."""
    if not state.pile:
        return "The draw pile is empty: there is no top tile to look at."
    if not state.grid[ref[0]].rewards:
        return "There is no Reward tile at this Location."
    return None


def conspiracy_rewards(state: EstorilState, ref: SpaceRef) -> list[int]:
    if conspiracy_refusal(state, ref) is not None:
        return []
    return list(range(len(state.grid[ref[0]].rewards)))


def conspiracy(state: EstorilState, ref: SpaceRef, reward: int) -> list[Event]:
    """CONSPIRACY: secretly look at the top tile of the draw pile and the Reward tile."""
    seat = _at(state, ref).controller
    state.pending.insert(0, Pending(kind="conspiracy", seat=seat, slot=ref[0], reward=reward))
    top = state.pile[0]
    memory.pile_seen(state, seat)
    reward_tile = state.grid[ref[0]].rewards[reward].tile
    return [
        Event.public("conspiracy", player=COLOURS[seat], location=location_name(state, ref[0])),
        Event.private(
            seat,
            "conspiracy_look",
            pile_top=character(top).describe(),
            reward=character(reward_tile).describe(),
        ),
    ]


def conspiracy_choice(state: EstorilState, swap: bool) -> list[Event]:
    """CONSPIRACY: place one at the bottom of the draw pile face down, the other as the Reward."""
    pending = state.pending.pop(0)
    reward = state.grid[pending.slot].rewards[pending.reward]
    top, knowers = memory.pile_draw(state)
    name = location_name(state, pending.slot)
    if swap:
        everyone = range(state.num_seats)
        saw = everyone if reward.face_up else [*reward.known_by, pending.seat]
        memory.pile_under(state, reward.tile, saw)
        state.change_reward(pending.slot, pending.reward, tile=top, face_up=True, known_by=())
        return [
            Event.public(
                "conspiracy_swapped",
                player=COLOURS[pending.seat],
                location=name,
                reward=character(top).label,
            )
        ]
    memory.pile_under(state, top, knowers)
    return [Event.public("conspiracy_kept", player=COLOURS[pending.seat], location=name)]


# -- Nationalism -------------------------------------------------------------------------


def nationalism(state: EstorilState, ref: SpaceRef) -> list[Event]:
    """NATIONALISM: +1 strength for each other equal flag here and on adjacent Locations."""
    occ = state.occupant(ref)
    assert occ is not None
    occ = state.change_occupant(ref, nationalism=occ.nationalism + 1)
    return [Event.public("nationalism", player=COLOURS[occ.controller], **where(state, ref))]


def nationalism_bonus(state: EstorilState, ref: SpaceRef) -> int:
    """Each used symbol counts every other face-up tile (characters, rewards) of its flag."""
    occ = state.occupant(ref)
    if occ is None or occ.seduced or not occ.nationalism:
        return 0
    flag = character(occ.tile).flag
    same = 0
    for slot in state.geometry().reach(ref[0]):
        loc = state.grid[slot]
        for n, other in enumerate(loc.spaces):
            if other and other.face_up and (slot, n) != ref and character(other.tile).flag == flag:
                same += 1
        same += sum(1 for r in loc.rewards if r.face_up and character(r.tile).flag == flag)
    return same * occ.nationalism


# -- Seduction -----------------------------------------------------------------------------


def seduction_refusal(
    state: EstorilState,
    ref: SpaceRef,
    target: SpaceRef,
    to: int,
    adjacent: tuple[int, ...] | None = None,
) -> str | None:
    """Why the tile in ``ref`` may not bring ``target`` to its space ``to`` (None: it may).

    SEDUCTION: a Character (not a Reward, not shielded) on an adjacent Location, and a
    free Deployment space here to bring it to. (``adjacent``: the Locations adjacent to
    ``ref``'s, when the caller has them: listing targets asks for every pair.)
    """
    if adjacent is None:
        adjacent = state.geometry().adjacent(ref[0])
    if target[0] not in adjacent:
        return "Seduction brings a Character from an adjacent Location."
    occ = state.occupant(target)
    if occ is None:
        return f"There is no Character tile on {Space.at(state, target)}."
    if occ.shield:
        return f"The tile on {Space.at(state, target)} is protected by a Shield."
    if state.occupant((ref[0], to)) is not None:
        return f"{Space.at(state, (ref[0], to))} is not free."
    return None


def seduction_targets(state: EstorilState, ref: SpaceRef) -> list[tuple[SpaceRef, int]]:
    adjacent = state.geometry().adjacent(ref[0])
    return [
        (t, n)
        for t, _ in _tiles_on(state, adjacent)
        for n in _free_spaces(state, ref[0])
        if seduction_refusal(state, ref, t, n, adjacent) is None
    ]


def seduction(state: EstorilState, ref: SpaceRef, target: SpaceRef, to: int) -> list[Event]:
    """SEDUCTION: the tile moves with its marker; ignore all its abilities, count its strength."""
    occ = state.occupant(target)
    assert occ is not None
    state.put(target, None)
    state.put((ref[0], to), fast_copy(occ, face_up=True, known_by=(), seduced=True, dice=0))
    return [
        Event.public(
            "seduced",
            **{f"from_{k}": v for k, v in where(state, target).items()},
            **where(state, (ref[0], to)),
            **_shown(occ),
            controller=COLOURS[occ.controller],
        )
    ]


# -- Diplomacy -----------------------------------------------------------------------------


def diplomacy_refusal(
    state: EstorilState, ref: SpaceRef, target: SpaceRef, reach: tuple[int, ...] | None = None
) -> str | None:
    """Why the tile in ``ref`` may not shield ``target`` (None: it may).

    DIPLOMACY: any Character (even itself) here or on an adjacent Location, face up or down.
    (``reach``: this and the adjacent Locations, when the caller has them.)
    """
    if state.shields <= 0:
        return "No Shields are left this Round."
    if reach is None:
        reach = state.geometry().reach(ref[0])
    if target[0] not in reach:
        return "Diplomacy reaches this Location and the adjacent ones."
    occ = state.occupant(target)
    if occ is None:
        return f"There is no Character tile on {Space.at(state, target)}."
    if occ.shield:
        return f"The tile on {Space.at(state, target)} already has a Shield."
    return None


def diplomacy_targets(state: EstorilState, ref: SpaceRef) -> list[SpaceRef]:
    reach = state.geometry().reach(ref[0])
    return [
        t for t, _ in _tiles_on(state, reach) if diplomacy_refusal(state, ref, t, reach) is None
    ]


def diplomacy(state: EstorilState, ref: SpaceRef, target: SpaceRef) -> list[Event]:
    """DIPLOMACY: place a Shield; this Round it can't be targeted by Assassin, Seduction, Double Agent."""
    state.change_occupant(target, shield=True)
    state.shields -= 1
    seat = _at(state, ref).controller
    return [Event.public("shielded", player=COLOURS[seat], **where(state, target))]


# -- Double Agent ------------------------------------------------------------------------


def double_agent_refusal(
    state: EstorilState, ref: SpaceRef, target: SpaceRef, adjacent: tuple[int, ...] | None = None
) -> str | None:
    """Why the tile in ``ref`` may not take control of ``target`` (None: it may).

    DOUBLE AGENT: a space of an adjacent Location holding another player's Character that
    is neither shielded nor already under a Double Agent. (``adjacent``: the Locations
    adjacent to ``ref``'s, when the caller has them.)
    """
    if _at(state, ref).double_agent:
        return "This tile is under a Double Agent's marker: Double Agents do not chain."
    if adjacent is None:
        adjacent = state.geometry().adjacent(ref[0])
    if target[0] not in adjacent:
        return "A Double Agent reaches only adjacent Locations."
    other = state.occupant(target)
    if other is None:
        return f"There is no Character tile on {Space.at(state, target)}."
    if other.controller == _at(state, ref).controller:
        return "A Double Agent takes control of another player's Character."
    if other.shield:
        return f"The tile on {Space.at(state, target)} is protected by a Shield."
    if other.double_agent:
        return f"The tile on {Space.at(state, target)} is already under a Double Agent."
    return None


def double_agent_targets(state: EstorilState, ref: SpaceRef) -> list[SpaceRef]:
    adjacent = state.geometry().adjacent(ref[0])
    return [
        t
        for t, _ in _tiles_on(state, adjacent)
        if double_agent_refusal(state, ref, t, adjacent) is None
    ]


def double_agent(state: EstorilState, ref: SpaceRef, target: SpaceRef) -> list[Event]:
    """DOUBLE AGENT: retrieve this Character; its marker takes control of the target this Round."""
    agent = state.occupant(ref)
    victim = state.occupant(target)
    assert agent is not None and victim is not None
    state.put(ref, None)
    state.hands[agent.owner].append(agent.tile)
    memory.hand_gains(state, agent.owner, [agent.tile])
    if agent.shield:
        state.shields += 1
    previous = victim.controller
    state.markers[previous] += 1
    state.change_occupant(target, controller=agent.controller, double_agent=True)
    return [
        Event.public(
            "double_agent",
            player=COLOURS[agent.controller],
            **{f"from_{k}": v for k, v in where(state, ref).items()},
            agent=character(agent.tile).label,
            **where(state, target),
            previous_controller=COLOURS[previous],
        )
    ]


# -- dispatch ---------------------------------------------------------------------------------


def usable_abilities(state: EstorilState, ref: SpaceRef) -> list[str]:
    """The printed symbols the tile in ``ref`` may use as its numeral is resolved."""
    occ = state.occupant(ref)
    if occ is None or occ.seduced:
        return []  # Seduction: ignore all abilities on that tile
    symbols = list(character(occ.tile).abilities)
    if occ.double_agent and "Double Agent" in symbols:
        symbols = [s for s in symbols if s != "Double Agent"]
    return symbols


def actions(state: EstorilState, ref: SpaceRef, ability: str) -> list[Action]:
    """Every legal use of ``ability`` by the tile in ``ref``."""
    use: Action = {"type": "use", "ability": ability}
    if ability == "Assassin":
        return [use | where(state, t) for t in assassin_targets(state, ref)]
    if ability == "Conspiracy":
        rewards = conspiracy_rewards(state, ref)
        if len(rewards) > 1:  # Garret: say which of its two rewards
            return [use | {"reward": i + 1} for i in rewards]
        return [use] if rewards else []
    if ability == "Nationalism":
        return [use]
    if ability == "Seduction":
        return [
            use | where(state, t) | {"to": NUMERALS[n]} for t, n in seduction_targets(state, ref)
        ]
    if ability == "Diplomacy":
        return [use | where(state, t) for t in diplomacy_targets(state, ref)]
    if ability == "Double Agent":
        return [use | where(state, t) for t in double_agent_targets(state, ref)]
    raise ValueError(ability)


def can_use(state: EstorilState, ref: SpaceRef, ability: str) -> bool:
    """Whether ``ability`` has a legal use now: ``bool(actions(state, ref, ability))``,
    without naming every target (resolution asks it of every tile it reaches)."""
    if ability == "Nationalism":
        return True
    if ability == "Conspiracy":
        return conspiracy_refusal(state, ref) is None
    if ability == "Assassin":
        return bool(assassin_targets(state, ref))
    if ability == "Seduction":
        return bool(seduction_targets(state, ref))
    if ability == "Diplomacy":
        return bool(diplomacy_targets(state, ref))
    if ability == "Double Agent":
        return bool(double_agent_targets(state, ref))
    raise ValueError(ability)


def any_use(state: EstorilState, ref: SpaceRef, symbols: Sequence[str]) -> bool:
    """Whether any of ``symbols`` has a legal use now by the tile in ``ref``."""
    return any(can_use(state, ref, ability) for ability in dict.fromkeys(symbols))


@dataclass(frozen=True)
class Use:
    """One use of a printed symbol, already checked against the rules."""

    ability: str
    target: SpaceRef = (-1, -1)
    to: int = -1  # Seduction: the free space here the target comes to
    reward: int = 0  # Conspiracy: which Reward tile (Garret has two)


_TARGETED = {
    "Assassin": assassin_refusal,
    "Diplomacy": diplomacy_refusal,
    "Double Agent": double_agent_refusal,
}


def verify_use(state: EstorilState, ref: SpaceRef, symbols: Sequence[str], action: Action) -> Use:
    """The use ``action`` names, or the rule that forbids it (:class:`IllegalAction`).

    :func:`actions` lists exactly the uses this accepts: both ask the same ``*_refusal``.
    """
    ability = action.get("ability")
    if not isinstance(ability, str):
        raise IllegalAction("bad_value", '"ability" must name one of your Character\'s symbols.')
    if ability not in symbols:
        left = ", ".join(dict.fromkeys(symbols)) or "none"
        raise IllegalAction(
            "ability_not_available",
            f'This Character has no unused "{ability}" symbol now (unused: {left}).',
        )
    if ability == "Nationalism":
        require_keys(action, ["ability"])
        return Use(ability)
    if ability == "Conspiracy":
        return _verify_conspiracy(state, ref, action)
    fields = ["ability", "location", "space", *(["to"] if ability == "Seduction" else [])]
    require_keys(action, fields)
    target = Space.from_json(action).ref(state)
    to = -1
    if ability == "Seduction":
        numeral = action.get("to")
        here = Space.at(state, (ref[0], 0)).location
        if not isinstance(numeral, str):
            raise IllegalAction("bad_value", '"to" must be a space numeral here, e.g. "II".')
        to = Space(here, numeral).ref(state)[1]
        reason = seduction_refusal(state, ref, target, to)
    else:
        reason = _TARGETED[ability](state, ref, target)
    if reason is not None:
        raise IllegalAction("illegal_choice", reason)
    return Use(ability, target, to)


def _verify_conspiracy(state: EstorilState, ref: SpaceRef, action: Action) -> Use:
    reason = conspiracy_refusal(state, ref)
    if reason is not None:
        raise IllegalAction("illegal_choice", reason)
    count = len(state.grid[ref[0]].rewards)
    if count == 1:
        require_keys(action, ["ability"])
        return Use("Conspiracy")
    require_keys(action, ["ability", "reward"])  # Garret: say which of its two rewards
    return Use("Conspiracy", reward=whole_number(action, "reward", 1, count) - 1)


def use(state: EstorilState, ref: SpaceRef, chosen: Use) -> list[Event]:
    """Carry out a use :func:`verify_use` accepted."""
    if chosen.ability == "Nationalism":
        return nationalism(state, ref)
    if chosen.ability == "Conspiracy":
        return conspiracy(state, ref, chosen.reward)
    if chosen.ability == "Assassin":
        return assassin(state, ref, chosen.target)
    if chosen.ability == "Seduction":
        return seduction(state, ref, chosen.target, chosen.to)
    if chosen.ability == "Diplomacy":
        return diplomacy(state, ref, chosen.target)
    return double_agent(state, ref, chosen.target)
