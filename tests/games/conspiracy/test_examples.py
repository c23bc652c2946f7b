"""The worked examples of the rule text, each in the exact position it describes."""

from tests.games.conspiracy.helpers import GAME, act, coins_of, play, position, types


def test_example_spyglass_to_zurich():
    """Move an agent: 'Spyglass to Zurich' -- announce agent and city, not whether the
    briefcase comes along or the ability is used; others may challenge first."""
    state = position(
        3, agents={"Spyglass": "Paris"}, briefcase="Paris", payoffs={0: {"Spyglass": 3}}
    )
    state, events = act(state, 0, "move", agent="Spyglass", to="Zurich")
    assert [(e.type, e.data) for e in events][0] == (
        "move_announced",
        {"player": 0, "agent": "Spyglass", "to": "Zurich"},
    )
    assert GAME.view(state, 2)["order"] == {
        "kind": "move",
        "player": 0,
        "agent": "Spyglass",
        "from": "Paris",
        "to": "Zurich",
    }
    state, _ = play(state, (1, {"type": "pass"}), (2, {"type": "pass"}))
    assert state.agents["Spyglass"] == "Zurich"
    assert GAME.view(state, 0)["prompt"]["kind"] == "carry_briefcase"
    state, _ = act(state, 0, "carry_briefcase")
    assert state.briefcase == "Zurich" and GAME.view(state, 0)["prompt"]["kind"] == "use_ability"


def test_example_spyglass_will_burn_tempest():
    """Burn an agent: 'Spyglass will burn Tempest' -- same city, at least 5 paid to
    Spyglass; on success Tempest leaves, everyone takes a burn token, and 5 of the
    burner's sovereigns on Spyglass leave the game."""
    state = position(
        3,
        agents={"Spyglass": "Vienna", "Tempest": "Vienna"},
        payoffs={0: {"Spyglass": 5}, 1: {"Tempest": 6}, 2: {"Spyglass": 2}},
    )
    state, events = act(state, 0, "burn", agent="Spyglass", target="Tempest")
    assert events[0].data == {"player": 0, "agent": "Spyglass", "target": "Tempest"}
    state, events = play(state, (1, {"type": "pass"}), (2, {"type": "pass"}))
    assert "agent_burned" in types(events)
    assert state.agents["Tempest"] is None and "Tempest" in state.burned
    assert state.payoffs[0]["Spyglass"] == 0 and state.removed[0] == 5
    assert state.payoffs[1]["Tempest"] == 6
    assert [coins_of(state, s) for s in range(3)] == [30, 30, 30]


def test_example_declining_a_challenge_you_could_win_and_stopping_when_you_could_go_higher():
    """Bluffing: you may decline a challenge you could win, lose one you could win, or
    stop raising when you could announce more."""
    state = position(2, agents={"Beacon": "Vienna"}, payoffs={0: {"Beacon": 2}, 1: {"Beacon": 9}})
    state, _ = act(state, 0, "move", agent="Beacon", to="Prague")
    assert {"type": "pass"} in GAME.legal_actions(state, 1)
    state, _ = play(
        state, (1, {"type": "challenge", "announce": 1}), (0, {"type": "announce", "amount": 2})
    )
    assert {"type": "announce", "amount": 9} in GAME.legal_actions(state, 1)
    state, events = act(state, 1, "stop")
    assert "challenge_failed" in types(events) and state.restricted[1]
    assert state.agents["Beacon"] == "Prague"
