"""The six agent abilities, used after a successful move (reconstructed abilities)."""

import pytest

from spyhouse.engine import IllegalAction
from tests.games.conspiracy.helpers import DR_SOLOMON, GAME, act, play, position, types


def moved(state, agent, to, carry=None):
    """Move ``agent`` to ``to`` unchallenged (2 players), choosing to carry or not."""
    state, _ = play(state, (0, {"type": "move", "agent": agent, "to": to}), (1, {"type": "pass"}))
    if carry is not None:
        state, _ = act(state, 0, "carry_briefcase" if carry else "leave_briefcase")
    return state


def far_apart(**where):
    """Every agent parked somewhere harmless unless placed."""
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


def test_no_ability_after_a_successful_challenge():
    state = position(
        2,
        agents=far_apart(Beacon="Vienna", Tempest="Prague"),
        briefcase="Paris",
        payoffs={1: {"Beacon": 1}},
    )
    state, events = play(
        state,
        (0, {"type": "move", "agent": "Beacon", "to": "Budapest"}),
        (1, {"type": "challenge", "announce": 1}),
        (0, {"type": "stop"}),
    )
    assert state.phase == "action" and state.current == 1
    assert not any(t.startswith("beacon") for t in types(events))


def test_skip_ability_ends_the_turn():
    state = moved(
        position(2, agents=far_apart(Roulette="Vienna"), briefcase="Paris", solomon_space=10),
        "Roulette",
        "Prague",
    )
    assert GAME.view(state, 0)["prompt"]["kind"] == "use_ability"
    state, events = act(state, 0, "skip_ability")
    assert state.solomon_space == 10 and state.current == 1 and "ability_skipped" in types(events)


def test_beacon_pulls_an_agent_from_a_red_line_neighbour_only():
    state = position(
        2,
        agents=far_apart(Beacon="Prague", Magician="Budapest", Tempest="Zurich"),
        briefcase="Budapest",
    )
    state = moved(state, "Beacon", "Vienna")
    uses = GAME.legal_actions(state, 0)
    assert {"type": "beacon", "pull": "Magician"} in uses
    assert {"type": "beacon", "pull": "Tempest"} not in uses, (
        "stations are not adjacent for abilities"
    )
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "beacon", pull="Tempest")
    assert err.value.code == "ability_not_possible"
    state, events = act(state, 0, "beacon", pull="Magician")
    assert state.agents["Magician"] == "Vienna" and state.briefcase == "Budapest"
    assert "beacon_pulled" in types(events)


def test_magician_moves_the_briefcase_away_or_towards_him():
    state = position(2, agents=far_apart(Magician="Munich"), briefcase="Prague")
    state = moved(state, "Magician", "Vienna")
    assert [u for u in GAME.legal_actions(state, 0) if u["type"] == "magician"] == [
        {"type": "magician", "briefcase_to": "Vienna"}
    ]
    state, _ = act(state, 0, "magician", briefcase_to="Vienna")
    assert state.briefcase == "Vienna"
    state = position(2, agents=far_apart(Magician="Munich"), briefcase="Vienna")
    state = moved(state, "Magician", "Vienna")
    targets = {u["briefcase_to"] for u in GAME.legal_actions(state, 0) if u["type"] == "magician"}
    assert targets == {"Prague", "Munich", "Budapest", "Zagreb"}, "no station jumps"


def test_magician_delivering_to_your_own_hq_wins():
    state = position(2, agents=far_apart(Magician="Amsterdam"), briefcase="London")
    state = moved(state, "Magician", "Paris")
    state, _ = act(state, 0, "magician", briefcase_to="Paris")
    assert state.phase == "action"
    state = position(2, agents=far_apart(Magician="Amsterdam"), briefcase="Paris")
    state = moved(state, "Magician", "London")
    state, events = act(state, 0, "magician", briefcase_to="London")
    assert GAME.outcome(state).winners == (0,) and "briefcase_delivered" in types(events)


@pytest.mark.parametrize(
    ("space", "directions"), [(15, ["down"]), (1, ["up"]), (8, ["up", "down"])]
)
def test_roulette_moves_the_die_within_the_track(space, directions):
    state = moved(
        position(2, agents=far_apart(Roulette="Vienna"), briefcase="Paris", solomon_space=space),
        "Roulette",
        "Prague",
    )
    assert [u["direction"] for u in GAME.legal_actions(state, 0)[1:]] == directions
    state, events = act(state, 0, "roulette", direction=directions[0])
    assert state.solomon_space == space + (1 if directions[0] == "up" else -1)
    assert events[0].data["space"] == state.solomon_space


def test_spyglass_look_is_secret_and_everyone_sees_whom():
    state = position(
        3, agents=far_apart(Spyglass="Paris"), briefcase="Vienna", payoffs={2: {"Tempest": 7}}
    )
    state, _ = play(
        state,
        (0, {"type": "move", "agent": "Spyglass", "to": "Zurich"}),
        (1, {"type": "pass"}),
        (2, {"type": "pass"}),
    )
    assert len(GAME.legal_actions(state, 0)) == 1 + 2 * 7
    state, events = act(state, 0, "spyglass", player=2, on="Tempest")
    public = [e for e in events if e.type == "spyglass_looked"]
    # A look is secret: the table learns whom, not which space (was: "on": "Tempest").
    assert public[0].audience is None and public[0].data == {"player": 0, "at": 2}
    private = [e for e in events if e.type == "spyglass_saw"]
    assert private[0].audience == frozenset({0}) and private[0].data["amount"] == 7
    assert GAME.view(state, 0)["spyglass_looks"] == [
        {"player": 0, "at": 2, "on": "Tempest", "amount": 7}
    ]
    assert GAME.view(state, 1)["spyglass_looks"] == [{"player": 0, "at": 2}]
    assert GAME.view(state, None)["spyglass_looks"] == [{"player": 0, "at": 2}]


def test_spyglass_may_look_at_dr_solomon_and_not_at_yourself():
    state = moved(
        position(2, agents=far_apart(Spyglass="Paris"), payoffs={1: {DR_SOLOMON: 2}}),
        "Spyglass",
        "Zurich",
    )
    with pytest.raises(IllegalAction):
        act(state, 0, "spyglass", player=0, on=DR_SOLOMON)
    with pytest.raises(IllegalAction):
        act(state, 0, "spyglass", player=True, on=DR_SOLOMON)
    state, events = act(state, 0, "spyglass", player=1, on=DR_SOLOMON)
    assert events[1].data["amount"] == 2


def test_tempest_pushes_every_other_agent_to_adjacent_cities_of_your_choice():
    state = position(
        2,
        agents=far_apart(Tempest="Prague", Beacon="Vienna", Spyglass="Vienna"),
        briefcase="Vienna",
    )
    state = moved(state, "Tempest", "Vienna", carry=None)
    assert GAME.legal_actions(state, 0) == [{"type": "skip_ability"}, {"type": "tempest"}]
    state, _ = act(state, 0, "tempest")
    assert state.phase == "tempest"
    pushes = GAME.legal_actions(state, 0)
    assert {p["to"] for p in pushes} == {"Prague", "Munich", "Budapest", "Zagreb"}
    assert {p["agent"] for p in pushes} == {"Beacon", "Spyglass"}
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "push", agent="Beacon", to="Zurich")
    assert err.value.code == "bad_push"
    state, _ = act(state, 0, "push", agent="Spyglass", to="Zagreb")
    assert state.phase == "tempest" and state.current == 0
    state, events = act(state, 0, "push", agent="Beacon", to="Munich")
    assert state.agents["Spyglass"] == "Zagreb" and state.agents["Beacon"] == "Munich"
    assert state.briefcase == "Vienna", "the briefcase stays"
    assert state.current == 1 and "tempest_pushed" in types(events)


def test_an_ability_that_can_do_nothing_is_not_offered():
    state = moved(
        position(2, agents=far_apart(Tempest="Prague"), briefcase="Paris"), "Tempest", "Vienna"
    )
    assert state.phase == "action" and state.current == 1


def test_vagabond_takes_one_more_red_line_step():
    state = moved(
        position(2, agents=far_apart(Vagabond="Prague"), briefcase="Paris"), "Vagabond", "Vienna"
    )
    steps = {u["to"] for u in GAME.legal_actions(state, 0) if u["type"] == "vagabond"}
    assert steps == {"Prague", "Munich", "Budapest", "Zagreb"}
    assert all(u["carry_briefcase"] is False for u in GAME.legal_actions(state, 0)[1:])
    state, _ = act(state, 0, "vagabond", to="Zagreb", carry_briefcase=False)
    assert state.agents["Vagabond"] == "Zagreb" and state.current == 1


def test_win_by_carrying_the_briefcase_home_via_vagabonds_extra_step():
    state = position(2, agents=far_apart(Vagabond="Zurich"), briefcase="Zurich")
    assert state.hq[0] == "London"
    state = moved(state, "Vagabond", "Paris", carry=True)
    assert state.briefcase == "Paris" and state.phase == "ability"
    with pytest.raises(IllegalAction):
        act(state, 0, "vagabond", to="London", carry_briefcase=1)
    state, events = act(state, 0, "vagabond", to="London", carry_briefcase=True)
    assert state.briefcase == "London" and state.agents["Vagabond"] == "London"
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.detail["ending"] == "briefcase"
    assert GAME.to_act(state) == frozenset()
    assert types(events)[-1] == "briefcase_delivered"


def test_carrying_the_briefcase_into_your_hq_wins_at_once_without_the_ability():
    state = position(2, agents=far_apart(Beacon="Paris"), briefcase="Paris")
    state = moved(state, "Beacon", "London", carry=True)
    assert GAME.outcome(state).winners == (0,)


def test_carrying_the_briefcase_into_another_players_hq_does_nothing():
    state = position(2, agents=far_apart(Beacon="Varna"), briefcase="Varna")
    assert state.hq[1] == "Istanbul"
    state = moved(state, "Beacon", "Istanbul", carry=True)
    assert GAME.outcome(state) is None and state.briefcase == "Istanbul"
