"""The Intelligence phase and ending a round (setup is :mod:`setup`, winning the game
:mod:`endings`)."""

from __future__ import annotations

from spyhouse.engine import Event, Rng
from spyhouse.games.spies import endings
from spyhouse.games.spies.components import MISSIONS, SERGEANT, components, soldier_name
from spyhouse.games.spies.missions import begin_turn
from spyhouse.games.spies.state import Phase, SideState, SpiesState
from spyhouse.games.spies.teams import side_name


def spin_starting_player(state: SpiesState) -> list[Event]:
    """ "Mission phase: flip or spin the Starting Player card to decide who'll begin the
    first round (players then take turns when it's time to start rounds 2 and 3)."
    The spin was drawn at setup; this is the moment everyone learns it."""
    if state.day != 1:
        return []
    return [Event.public("starting_player", side=side_name(state.starting_side))]


def exhaust(side: SideState, ranks: list[int]) -> None:
    """Exhausted soldiers are placed face up and are not available for the next round."""
    side.hand = tuple(sorted(set(side.hand) - set(ranks)))
    side.exhausted = tuple(sorted(ranks))


def begin_intelligence_phase(state: SpiesState) -> list[Event]:
    """Turn over the top Intel card: this is the current Intel."""
    state.phase = Phase.INTEL
    state.current_intel = state.intel_deck.pop()
    state.intel_submitted = [False] * state.num_seats
    card = components().intel_cards[state.current_intel]
    return [Event.public("intel_turned", intel=card.name, ranks=sorted(card.ranks))]


def place_intel_tokens(state: SpiesState) -> list[Event]:
    """A token on each Mission whose soldier's rank is on the Intel card, except the
    Sergeant, who carries a token only if his player secretly chose so (true or false)."""
    assert state.current_intel is not None
    ranks = components().intel_cards[state.current_intel].ranks
    events = []
    for index, side in enumerate(state.sides):
        tokens = []
        for rank in side.missions:
            assert rank is not None
            tokens.append(bool(side.sergeant_choice) if rank == SERGEANT else rank in ranks)
        side.intel_tokens = tuple(tokens)
        side.sergeant_choice = None
        events.append(
            Event.public(
                "intel_tokens",
                side=side_name(index),
                missions=[m + 1 for m in range(MISSIONS) if side.intel_tokens[m]],
            )
        )
    state.phase = Phase.MISSIONS
    state.turn = 0
    return events + spin_starting_player(state) + begin_turn(state)


def end_of_day(state: SpiesState) -> list[Event]:
    """Ending a round: exhaust, rotate the Intel, take back tokens, move the Day marker."""
    if state.day == components().days:
        return endings.end_of_third_round(state)
    rng = Rng(state.rng)
    events = [Event.public("day_ended", day=state.day)]
    for index, side in enumerate(state.sides):
        deployed = [r for r in side.missions if r is not None]
        count = 2 if side.exhausts_two else 1
        picked = rng.sample(deployed, count)
        side.hand = tuple(sorted(set(side.hand) | set(side.exhausted) | set(deployed)))
        exhaust(side, picked)
        events.append(
            Event.public(
                "exhausted",
                side=side_name(index),
                soldiers=[soldier_name(r) for r in side.exhausted],
                double_damage=side.exhausts_two,
            )
        )
        reset_for_new_day(side)
    state.rng = rng.state
    assert state.current_intel is not None
    state.old_intel.append(state.current_intel)
    state.current_intel = None
    state.day += 1
    state.starting_side = 1 - state.starting_side
    state.phase = Phase.DEPLOY
    state.turn = 0
    state.pending = None
    events.append(
        Event.public("day_started", day=state.day, starting_side=side_name(state.starting_side))
    )
    return events


def reset_for_new_day(side: SideState) -> None:
    """Take back Intel tokens and soldiers; the day's effects end with the day."""
    side.missions = (None,) * MISSIONS
    side.face_up = (False,) * MISSIONS
    side.tilted = (False,) * MISSIONS
    side.intel_tokens = (None,) * MISSIONS
    side.guesses = (None,) * MISSIONS
    side.deception_on = (False,) * MISSIONS
    side.scout_active = side.spy_active = side.miner_active = False
    side.bomb_armed = side.exhausts_two = False
