"""Setup, the Intelligence phase, ending a round and winning the game."""

from __future__ import annotations

from spyhouse.engine import Event, Rng
from spyhouse.games.spies.components import ALL_RANKS, MISSIONS, SERGEANT, components, soldier_name
from spyhouse.games.spies.infiltration import space_name
from spyhouse.games.spies.missions import begin_turn
from spyhouse.games.spies.state import SideState, SpiesState
from spyhouse.games.spies.teams import side_name, side_seats


def new_side() -> SideState:
    return SideState(
        hand=tuple(ALL_RANKS),
        exhausted=(),
        missions=(None,) * MISSIONS,
        face_up=(False,) * MISSIONS,
        tilted=(False,) * MISSIONS,
        intel_tokens=(None,) * MISSIONS,
        guesses=(None,) * MISSIONS,
        deception_on=(False,) * MISSIONS,
        deception_tokens=components().deception_tokens_at_start,
    )


def setup_game(num_seats: int, seed: int) -> SpiesState:
    """Shuffle the Intel deck (top card to Old Intel) and exhaust one random soldier a side.

    The Starting Player card's spin is drawn here too, from the same seed, but stays
    secret until the first Mission phase turns it over (:func:`spin_starting_player`).
    """
    rng = Rng(seed)
    deck = list(range(len(components().intel_cards)))
    rng.shuffle(deck)
    old = [deck.pop()]
    sides = [new_side(), new_side()]
    for side in sides:
        exhaust(side, [rng.choice(side.hand)])
    state = SpiesState(
        num_seats=num_seats,
        rng=0,
        sides=sides,
        starting_side=rng.below(2),
        intel_deck=deck,
        old_intel=old,
        intel_submitted=[False] * num_seats,
    )
    state.rng = rng.state
    return state


def setup_events(state: SpiesState) -> list[Event]:
    """What the setup shows: the Old Intel card and both exhausted soldiers to everyone,
    and to each side's players the 9 soldiers kept in hand."""
    events = [
        Event.public(
            "setup",
            old_intel=components().intel_cards[state.old_intel[0]].name,
            exhausted={
                side_name(i): soldier_name(s.exhausted[0]) for i, s in enumerate(state.sides)
            },
        )
    ]
    for index, side in enumerate(state.sides):
        events.append(
            Event.private(
                side_seats(state.num_seats, index),
                "hand",
                side=side_name(index),
                soldiers=[soldier_name(r) for r in side.hand],
            )
        )
    return events


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
    state.phase = "intel"
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
    state.phase = "missions"
    state.turn = 0
    return events + spin_starting_player(state) + begin_turn(state)


def end_of_day(state: SpiesState) -> list[Event]:
    """Ending a round: exhaust, rotate the Intel, take back tokens, move the Day marker."""
    if state.day == components().days:
        return end_of_third_round(state)
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
    state.phase = "deploy"
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


def end_of_third_round(state: SpiesState) -> list[Event]:
    """The side that pushed the Double Agent into enemy territory wins; on neutral ground
    the most Infiltration points win; if this is also tied, the game ends in a draw."""
    state.phase = "over"
    if state.double_agent > 0:
        state.winner_side, state.ending = 0, "territory"
    elif state.double_agent < 0:
        state.winner_side, state.ending = 1, "territory"
    else:
        red, blue = (s.infiltration_points for s in state.sides)
        state.ending = "infiltration_points" if red != blue else "draw"
        state.winner_side = None if red == blue else (0 if red > blue else 1)
    return [
        Event.public(
            "game_over",
            ending=state.ending,
            winner=None if state.winner_side is None else side_name(state.winner_side),
            double_agent=space_name(state.double_agent),
        )
    ]
