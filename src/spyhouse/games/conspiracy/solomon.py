"""Dr. Solomon's turn: his die walks down the track, then is rolled on the last space."""

from __future__ import annotations

from spyhouse.engine import Event, Rng
from spyhouse.games.conspiracy.components import components
from spyhouse.games.conspiracy.endings import dr_solomon_recovers_the_briefcase
from spyhouse.games.conspiracy.state import ConspiracyState

SOLOMON_FACE = "Dr. Solomon"
BLANK_FACE = "blank"


def dr_solomons_turn(state: ConspiracyState) -> list[Event]:
    """“If the die is still on a numbered space it advances one; if it is already at the
    end of the track, roll it: Dr. Solomon's picture ends the game at once.”"""
    box = components()
    if state.solomon_space > box.solomon_last_space:
        state.solomon_space -= 1
        state.last_roll = None
        return [Event.public("solomon_advanced", space=state.solomon_space)]
    rng = Rng(state.rng)
    face = rng.die(box.die_faces)
    state.rng = rng.state
    state.last_roll = SOLOMON_FACE if face <= box.solomon_faces else BLANK_FACE
    events = [Event.public("solomon_rolled", face=state.last_roll)]
    if state.last_roll == SOLOMON_FACE:
        events += dr_solomon_recovers_the_briefcase(state)
    return events
