"""Hypothesis over single hands: any cards, any Embassy side, any targets chosen."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from spyhouse.engine.testing import scale
from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.components import CARDS
from spyhouse.games.agencia.state import Phase
from tests.games.agencia.helpers import UP, arrange, check_invariants, of_type


@settings(max_examples=scale(150), deadline=None)
@given(st.data())
def test_any_hand_follows_the_reference_table(data):
    n = data.draw(st.integers(3, 6), label="players")
    cards = data.draw(st.lists(st.sampled_from(sorted(CARDS)), min_size=n, max_size=n))
    location = data.draw(st.sampled_from(["Hall", "Garden"]))
    ambassador = data.draw(st.integers(0, n - 1))
    reward = data.draw(st.integers(0, 6))
    information = data.draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    state = arrange(
        [{UP: card} for card in cards],
        ambassador=ambassador,
        information=information,
        reward=reward,
    )
    events = []
    state, new = GAME.apply(state, ambassador, {"type": "choose_location", "location": location})
    events += new
    for _ in range(n):
        (seat,) = GAME.to_act(state)
        state, new = GAME.apply(state, seat, {"type": "play", "position": UP.value})
        events += new
    while state.phase is Phase.CHOOSE_TARGET:
        (seat,) = GAME.to_act(state)
        choices = GAME.legal_actions(state, seat)
        assert len(choices) >= 2, "a forced target is not a decision"
        state, new = GAME.apply(state, seat, data.draw(st.sampled_from(choices)))
        events += new
        check_invariants(state)
    assert state.phase is Phase.CHOOSE_LOCATION
    check_invariants(state)

    # Infiltrators copy the Reward tile as it was; each Recruiter adds one to it.
    for infiltration in of_type(events, "infiltrated"):
        assert infiltration["took"] == reward
        assert cards[infiltration["seat"]] == "Infiltrator"
        assert cards[infiltration["target"]] == "Recruiter"
    recruits = of_type(events, "recruited")
    assert state.reward == reward + len(recruits)
    for recruit in recruits:
        assert cards[recruit["seat"]] == "Recruiter"
        assert CARDS[cards[recruit["target"]]].agents > 0
    # Each player's discard is the card they played, or the one they received.
    exchanged = {}
    for e in of_type(events, "infiltrated") + recruits:
        exchanged[e["seat"]], exchanged[e["target"]] = e["target"], e["seat"]
    for seat, player in enumerate(state.players):
        assert player.deck[-1] == cards[exchanged.get(seat, seat)]
    # Agents: the Hall never holds more than its capacity, the Garden pays until full.
    inside = 0
    for solved in of_type(events, "agents_solved"):
        agents = CARDS[solved["card"]].agents
        if location == "Hall":
            fits = inside + agents <= n
            inside += agents if fits else 0
            assert solved["face_down"] is (not fits)
        else:
            inside += agents
            fits = inside >= n
        assert solved["agents_inside"] == inside <= (n if location == "Hall" else 5 * n)
        assert solved["result"] == ("took" if fits else "paid")
        expected = CARDS[solved["card"]].information
        before = information[solved["seat"]]
        assert solved["information"] == (expected if fits else min(expected, before))
        assert solved["seat"] not in exchanged, "recruited Agents are not in the game"
    clockwise = [(ambassador + 1 + i) % n for i in range(n)]
    agent_seats = [s for s in clockwise if CARDS[cards[s]].agents and s not in exchanged]
    assert [e["seat"] for e in of_type(events, "agents_solved")] == agent_seats
