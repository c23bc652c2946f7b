"""The rule text's worked example, reproduced exactly.

"5 Players game: Anna is the Ambassador ... choosing the Hall side, with a capacity of
5 Agents (5 Players)."
"""

from __future__ import annotations

from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.state import Location, Phase
from tests.games.agencia.helpers import DOWN, MINE, OTHERS, UP, arrange, check_invariants, of_type

ANNA, BEATRICE, CHARLES, DAVID, ESTHER = range(5)


def example_position():
    return arrange(
        [
            {OTHERS: "1 Agent"},  # Anna: "the card on her hand that she cannot see"
            {UP: "2 Agents"},  # Beatrice: "the card facing up on the table"
            {MINE: "Recruiter"},  # Charles: "the card on his hand that he can see"
            {OTHERS: "4 Agents"},  # David: "the card on his hand that he cannot see"
            {DOWN: "5 Agents"},  # Esther: "the card facing down on the table"
        ],
        ambassador=ANNA,
    )


def seen_by(state, owner, position):
    """The seats whose view shows ``owner``'s card in ``position``, and that card."""
    seats, names = [], set()
    for viewer in range(state.num_seats):
        entry = GAME.view(state, viewer)["players"][owner]["positions"]
        (slot,) = [e for e in entry if e["position"] == position.value]
        if slot["state"] == "seen":
            seats.append(viewer)
            names.add(slot["card"]["name"])
    return seats, names


def test_worked_example_cards_are_where_the_text_says():
    state = example_position()
    everyone = [ANNA, BEATRICE, CHARLES, DAVID, ESTHER]
    assert seen_by(state, BEATRICE, UP) == (everyone, {"2 Agents"})
    assert seen_by(state, CHARLES, MINE) == ([CHARLES], {"Recruiter"})
    assert seen_by(state, DAVID, OTHERS) == ([ANNA, BEATRICE, CHARLES, ESTHER], {"4 Agents"})
    assert seen_by(state, ESTHER, DOWN) == ([], set())
    assert seen_by(state, ANNA, OTHERS) == ([BEATRICE, CHARLES, DAVID, ESTHER], {"1 Agent"})


def test_worked_example_anna_beatrice_charles_david_esther():
    state = example_position()
    decks_before = [list(p.deck) for p in state.players]
    events = []

    def act(seat, action):
        nonlocal state
        assert GAME.to_act(state) == {seat}
        state, new = GAME.apply(state, seat, action)
        events.extend(new)
        check_invariants(state)

    # (A) Anna chooses the Hall, capacity 5.
    act(ANNA, {"type": "choose_location", "location": "Hall"})
    assert state.embassy is Location.HALL
    assert GAME.view(state, None)["embassy"] == {"location": "Hall", "capacity": 5}

    # (B) Beginning by the Player at her left, each Player plays one of their cards.
    act(BEATRICE, {"type": "play", "position": "table_face_up"})
    act(CHARLES, {"type": "play", "position": "hand_facing_owner"})
    act(DAVID, {"type": "play", "position": "hand_facing_others"})
    act(ESTHER, {"type": "play", "position": "table_face_down"})
    act(ANNA, {"type": "play", "position": "hand_facing_others"})
    played = [(e["seat"], e["card"]) for e in of_type(events, "card_played")]
    assert played == [
        (BEATRICE, "2 Agents"),
        (CHARLES, "Recruiter"),
        (DAVID, "4 Agents"),
        (ESTHER, "5 Agents"),
        (ANNA, "1 Agent"),
    ]

    # (C) No Infiltrators. Charles's Recruiter may take any of the four Agents ...
    assert state.phase is Phase.CHOOSE_TARGET
    assert GAME.view(state, CHARLES)["prompt"]["targets"] == [BEATRICE, DAVID, ESTHER, ANNA]
    # ... "so he decides to recruit Esther's Agents."
    act(CHARLES, {"type": "recruit", "target": ESTHER})

    assert of_type(events, "infiltrated") == []
    (recruit,) = of_type(events, "recruited")
    assert (recruit["seat"], recruit["target"], recruit["card"]) == (CHARLES, ESTHER, "5 Agents")
    assert state.reward == 1, "the Recruiter places one Information on the Reward tile"

    # "Esther and Charles exchange their cards (Recruiter and Agents) and discard them
    # under their decks."
    discarded = {e["seat"]: e["card"] for e in of_type(events, "discarded")}
    assert discarded == {
        CHARLES: "5 Agents",
        ESTHER: "Recruiter",
        BEATRICE: "2 Agents",
        DAVID: "4 Agents",
        ANNA: "1 Agent",
    }
    for seat, card in discarded.items():
        assert state.players[seat].deck[-1] == card, "discards go to the bottom"
        assert state.players[seat].deck[:-1] == decks_before[seat][1:], "top card drawn"

    # Agents, clockwise from Beatrice: Beatrice fits (takes 1), David overflows (pays 2,
    # face down), Esther's Agents were recruited, Anna fits with 3 inside (takes 1).
    solved = [
        (e["seat"], e["result"], e["information"], e["agents_inside"], e["face_down"])
        for e in of_type(events, "agents_solved")
    ]
    assert solved == [
        (BEATRICE, "took", 1, 2, False),
        (DAVID, "paid", 2, 2, True),
        (ANNA, "took", 1, 3, False),
    ]
    information = [p.information for p in state.players]
    assert information == [6, 6, 5, 3, 5]  # Anna, Beatrice, Charles, David, Esther

    # (D) Each Player refills the empty position from the top of their deck.
    emptied = {ANNA: OTHERS, BEATRICE: UP, CHARLES: MINE, DAVID: OTHERS, ESTHER: DOWN}
    for seat, player in enumerate(state.players):
        assert player.positions[emptied[seat]] == decks_before[seat][0]
        assert player.played is None
    # Beatrice's new face-up card is public; Esther's new face-down card is seen by nobody.
    assert all(
        GAME.view(state, v)["players"][BEATRICE]["positions"][0]["state"] == "seen"
        for v in range(5)
    )
    assert all(
        GAME.view(state, v)["players"][ESTHER]["positions"][1]["state"] == "hidden"
        for v in range(5)
    )

    # (E) "Anna handles the Embassy tile to Beatrice and a new hand begins."
    assert state.ambassador == BEATRICE
    assert state.round_tokens == 2 and state.round_token_holder == ANNA
    assert state.phase is Phase.CHOOSE_LOCATION and state.hand == 2
    assert GAME.to_act(state) == {BEATRICE}
