"""Edges decided in RULINGS.md that the per-rule test files do not already pin down."""

import pytest

from spyhouse.games.conspiracy.state import Phase
from tests.games.conspiracy.helpers import GAME, act, play, position


def far_apart(**where):
    agents = {
        "Beacon": "Moscow",
        "Magician": "Madrid",
        "Roulette": "Istanbul",
        "Spyglass": "Kiev",
        "Tempest": "Barcelona",
        "Vagabond": "Minsk",
    }
    agents.update(where)
    return agents


def test_restricted_twice_in_one_round_is_still_one_marker():
    """Ruling 8: one marker; a second failed challenge before your turn adds nothing."""
    state = position(
        3,
        agents=far_apart(Beacon="Vienna"),
        payoffs={0: {"Beacon": 9}, 1: {"Beacon": 1}, 2: {"Beacon": 1}},
        briefcase="Paris",
    )
    for _ in range(2):
        state.current = 0
        state.phase = Phase.ACTION
        state, _ = play(
            state,
            (
                0,
                {
                    "type": "move",
                    "agent": "Beacon",
                    "to": "Prague" if state.agents["Beacon"] == "Vienna" else "Vienna",
                },
            ),
            (1, {"type": "challenge", "announce": 1}),
            (0, {"type": "announce", "amount": 2}),
            (1, {"type": "stop"}),
            (2, {"type": "pass"}),
        )
        if state.phase == "ability":
            state, _ = act(state, 0, "skip_ability")
    assert state.restricted[1] is True
    state, _ = act(state, 1, "payoff", to="Beacon", amount=0)
    assert state.restricted[1] is False


def test_a_burn_is_public_and_leaves_the_briefcase_where_it_was():
    """Ruling 9: the 5 removed coins and the burn are public; the briefcase stays."""
    state = position(
        2,
        agents={"Spyglass": "Rome", "Tempest": "Rome"},
        briefcase="Rome",
        payoffs={0: {"Spyglass": 5}},
    )
    state, _ = play(
        state,
        (0, {"type": "burn", "agent": "Spyglass", "target": "Tempest"}),
        (1, {"type": "pass"}),
    )
    assert state.briefcase == "Rome"
    seen = GAME.view(state, 1)["players"][0]
    assert seen["coins_removed"] == 5 and seen["burns"] == ["Spyglass"]


@pytest.mark.parametrize(
    ("agent", "start", "to", "briefcase"),
    [
        ("Beacon", "Prague", "Vienna", "Paris"),  # nobody in a neighbouring city
        ("Magician", "Prague", "Vienna", "Paris"),  # briefcase out of reach
        ("Tempest", "Prague", "Vienna", "Paris"),  # alone in the city
    ],
)
def test_an_ability_with_no_effect_is_skipped_without_asking(agent, start, to, briefcase):
    """Ruling 17."""
    state = position(2, agents=far_apart(**{agent: start}), briefcase=briefcase)
    state, events = play(
        state, (0, {"type": "move", "agent": agent, "to": to}), (1, {"type": "pass"})
    )
    assert state.phase == "action" and state.current == 1
    assert [e.type for e in events][-1] == "turn_started"


def test_vagabond_may_pick_up_a_briefcase_already_in_his_new_city():
    """Ruling 21: carrying on the extra step does not require having carried on the move."""
    state = position(2, agents=far_apart(Vagabond="Prague"), briefcase="Vienna")
    state, _ = play(
        state, (0, {"type": "move", "agent": "Vagabond", "to": "Vienna"}), (1, {"type": "pass"})
    )
    assert state.phase == "ability"
    state, _ = act(state, 0, "vagabond", to="Munich", carry_briefcase=True)
    assert state.briefcase == "Munich" and state.agents["Vagabond"] == "Munich"


def test_vagabond_leaving_the_briefcase_behind():
    state = position(2, agents=far_apart(Vagabond="Zurich"), briefcase="Zurich")
    state, _ = play(
        state,
        (0, {"type": "move", "agent": "Vagabond", "to": "Paris"}),
        (1, {"type": "pass"}),
        (0, {"type": "carry_briefcase"}),
    )
    state, _ = act(state, 0, "vagabond", to="London", carry_briefcase=False)
    assert state.briefcase == "Paris" and GAME.outcome(state) is None


def test_spyglass_may_look_at_dead_money_on_a_burned_agent():
    """Ruling 24."""
    state = position(
        2, agents=far_apart(Spyglass="Paris"), burned=["Tempest"], payoffs={1: {"Tempest": 4}}
    )
    state, _ = play(
        state, (0, {"type": "move", "agent": "Spyglass", "to": "Zurich"}), (1, {"type": "pass"})
    )
    state, events = act(state, 0, "spyglass", player=1, on="Tempest")
    assert events[1].data["amount"] == 4


def test_seats_are_clockwise_so_your_left_is_the_next_seat():
    state = position(4, to_act=3, agents=far_apart(Beacon="Vienna"))
    state, _ = act(state, 3, "move", agent="Beacon", to="Prague")
    assert GAME.to_act(state) == {0}
    assert GAME.view(state, None)["challenge"]["still_to_offer"] == [1, 2]
