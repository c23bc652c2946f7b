"""Mission phase: alternating guesses Mission 1 → 4, Deception tokens, scoring a reveal.

The starting side guesses the enemy's Mission 1, then the other side guesses Mission 1,
then the starting side Mission 2, and so on: 8 turns a day. In team play each player
guesses the enemy missions with the same numbers as their own.
"""

from __future__ import annotations

from spyhouse.engine import Event
from spyhouse.games.spies.abilities import activate, retreats_on_reveal
from spyhouse.games.spies.components import MISSIONS, SIDES, soldier_name
from spyhouse.games.spies.infiltration import earn_infiltration_points
from spyhouse.games.spies.state import Phase, SpiesState, replaced
from spyhouse.games.spies.teams import controller

TURNS_PER_DAY = 2 * MISSIONS
DECEPTION_BONUS = 4
CORRECT_GUESS = 2
CORRECT_GUESS_AFTER_SCOUT = 4


def current_mission(state: SpiesState) -> int:
    return state.turn // 2


def starting_side_known(state: SpiesState) -> bool:
    """The Starting Player card is spun in the first Mission phase, not before.

    >>> from spyhouse.games.spies import GAME
    >>> starting_side_known(GAME.setup(2, GAME.Options(), seed=1))
    False
    """
    return state.day > 1 or state.phase in (Phase.MISSIONS, Phase.OVER)


def attacker(state: SpiesState) -> int:
    """The side guessing this turn."""
    return side_guessing(state.starting_side, state.turn)


def side_guessing(starting_side: int, turn: int) -> int:
    """The side guessing on ``turn``: the starting side on even turns."""
    return starting_side if turn % 2 == 0 else 1 - starting_side


def defender(state: SpiesState) -> int:
    return 1 - attacker(state)


def guesser_seat(state: SpiesState) -> int:
    return controller(state.num_seats, attacker(state), current_mission(state))


def defender_seat(state: SpiesState) -> int:
    return controller(state.num_seats, defender(state), current_mission(state))


def begin_turn(state: SpiesState) -> list[Event]:
    """A new guess: the defender first decides on a Deception token if they hold one."""
    side = side_guessing(state.starting_side, state.turn)
    if state.wall_stop:  # read before writing: a field assignment costs a call
        state.wall_stop = False
    state.step = "deception" if state.sides[1 - side].deception_tokens else "guess"
    return [
        Event(
            "turn",
            {"day": state.day, "mission": state.turn // 2 + 1, "guesser": SIDES[side]},
        )
    ]


def play_deception_token(state: SpiesState, play: bool) -> list[Event]:
    """Place it on the Soldier your opponent is about to identify, before they guess."""
    side, mission = defender(state), current_mission(state)
    state.step = "guess"
    if not play:
        return [Event("no_deception", {"side": SIDES[side], "mission": mission + 1})]
    own = state.sides[side]
    own.deception_tokens -= 1
    own.deception_on = replaced(own.deception_on, mission, True)
    return [Event("deception_played", {"side": SIDES[side], "mission": mission + 1})]


def identify(state: SpiesState, guess: int) -> list[Event]:
    """Call out a rank, flip the card, and score it ("Scoring")."""
    mission = state.turn // 2
    side = side_guessing(state.starting_side, state.turn)
    enemy = 1 - side
    theirs = state.sides[enemy]
    rank = theirs.missions[mission]
    assert rank is not None
    theirs.face_up = replaced(theirs.face_up, mission, True)
    theirs.guesses = replaced(theirs.guesses, mission, guess)
    correct = guess == rank
    soldier = soldier_name(rank)
    events = [
        Event(
            "revealed",
            {
                "guesser": SIDES[side],
                "side": SIDES[enemy],
                "mission": mission + 1,
                "guess": soldier_name(guess),
                "soldier": soldier,
                "correct": correct,
            },
        )
    ]
    reasons = forced_retreats(state, side, enemy, rank, correct)
    if correct or reasons:
        theirs.tilted = replaced(theirs.tilted, mission, True)
        events.append(
            Event(
                "retreated",
                {
                    "side": SIDES[enemy],
                    "soldier": soldier,
                    "mission": mission + 1,
                    "reason": "identified" if correct else reasons[0],
                },
            )
        )
    if correct:
        points = CORRECT_GUESS_AFTER_SCOUT if state.sides[side].scout_active else CORRECT_GUESS
        events += earn_infiltration_points(state, side, points)
    elif not reasons:
        events += activate(state, enemy, rank, mission, theirs.deception_on[mission])
        if state.pending is not None:
            state.step = "ability"
            return events
    return events + finish_turn(state, deception_pays=not correct and theirs.deception_on[mission])


def forced_retreats(
    state: SpiesState, side: int, enemy: int, rank: int, correct: bool
) -> list[str]:
    """Retreats that happen whatever the guess: the Bomb's, the Spy's and the Miner's.

    "The next card (of your opponent) that you reveal this round will automatically
    retreat"; if that card is also identified correctly, the enemy exhausts two soldiers
    next day (double damage).
    """
    own = state.sides[side]
    reasons = []
    if own.bomb_armed:
        own.bomb_armed = False
        reasons.append("bomb")
        if correct:
            state.sides[enemy].exhausts_two = True
    reason = retreats_on_reveal(state, side, rank)
    if reason is not None:
        reasons.append(reason)
    return reasons


def finish_turn(state: SpiesState, deception_pays: bool) -> list[Event]:
    """After the soldier's ability: +4 for a Deception token that fooled the guesser."""
    events: list[Event] = []
    if deception_pays and state.phase != Phase.OVER:
        side = defender(state)
        events.append(Event("deception_paid", {"side": SIDES[side]}))
        events += earn_infiltration_points(state, side, DECEPTION_BONUS)
    if state.phase == Phase.OVER:
        return events
    state.turn += 1
    if state.turn == TURNS_PER_DAY:
        return events  # the round ends: see rounds.end_of_day
    return events + begin_turn(state)


def all_revealed(state: SpiesState) -> bool:
    """The round ends when all the Soldiers in the Missions have been revealed."""
    return state.phase == Phase.MISSIONS and state.turn == TURNS_PER_DAY
