"""One test per rule of Spies & Lies, and per edge a ruling decides (see RULINGS.md)."""

from __future__ import annotations

import jsonschema_rs
import pytest
from pydantic import TypeAdapter

from spyhouse.engine import IllegalAction, Rng
from spyhouse.games.spies import GAME
from spyhouse.games.spies.components import soldier_name
from spyhouse.games.spies.endings import end_of_third_round

from .helpers import (
    BLUE,
    RED,
    act,
    before_deployment,
    event_types,
    guess,
    position,
    skip_to_turn,
)

# -- setup ---------------------------------------------------------------------------------


def test_setup_exhausts_one_random_soldier_per_side_and_turns_the_old_intel():
    for seed in range(20):
        state = GAME.setup(2, GAME.Options(), seed)
        for side in state.sides:
            assert len(side.exhausted) == 1 and len(side.hand) == 9
            assert side.infiltration_points == 0 and side.deception_tokens == 1
        assert len(state.old_intel) == 1 and len(state.intel_deck) == 5
        assert state.double_agent == 0 and state.day == 1
        view = GAME.view(state, None)
        assert len(view["sides"]["red"]["exhausted"]) == 1
    starters = {GAME.setup(2, GAME.Options(), seed).starting_side for seed in range(20)}
    assert starters == {RED, BLUE}, "the Starting Player card is spun"


def test_seat_counts():
    assert GAME.seat_range(GAME.Options()) == range(2, 5)
    with pytest.raises(ValueError):
        GAME.setup(5, GAME.Options(), 1)
    with pytest.raises(ValueError):
        GAME.parse_options({"variant": 1})


# -- deployment ----------------------------------------------------------------------------


def deploy(state, seat, ranks):
    return GAME.apply(state, seat, {"type": "deploy", "soldiers": [soldier_name(r) for r in ranks]})


@pytest.mark.parametrize(
    ("soldiers", "code"),
    [
        (["Spy", "Scout", "Miner"], "wrong_count"),
        (["Spy", "Spy", "Miner", "Marshal"], "duplicate_choice"),
        (["Spy", "Scout", "Lieutenant", "Marshal"], "not_in_hand"),  # the exhausted one
        (["Spy", "Scout", "Miner", "Joker"], "unknown_name"),
        ("Spy", "bad_value"),
    ],
)
def test_illegal_line_ups_are_refused_with_a_reason(soldiers, code):
    state = before_deployment(exhausted={RED: [5], BLUE: [5]})
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, RED, {"type": "deploy", "soldiers": soldiers})
    assert refused.value.code == code and refused.value.message
    assert GAME.dump(state) == before


def test_ranks_given_as_numbers_are_understood():
    state = before_deployment(exhausted={RED: [5], BLUE: [5]})
    state, _ = GAME.apply(state, RED, {"type": "deploy", "soldiers": [1, 4, 2, 10]})
    assert state.sides[RED].missions == (1, 4, 2, 10)


def test_deployment_is_secret_and_simultaneous():
    state = before_deployment()
    assert GAME.to_act(state) == {RED, BLUE}
    state, events = deploy(state, RED, [1, 2, 3, 4])
    assert GAME.to_act(state) == {BLUE}
    blue_view = GAME.view(state, BLUE)["sides"]["red"]["missions"]
    assert all(m["deployed"] and m["soldier"] is None for m in blue_view)
    assert all(e.visible_to(RED) for e in events)
    assert not any(e.visible_to(BLUE) and "soldiers" in e.data for e in events)
    state, _ = deploy(state, BLUE, [4, 6, 7, 8])
    assert state.phase == "intel"


def test_legal_line_ups_are_all_rank_ordered_and_complete():
    state = before_deployment(exhausted={RED: [5], BLUE: [5]})
    actions = GAME.legal_actions(state, RED)
    # 9 soldiers: C(8,4) without the Sergeant, and 4 positions x C(8,3) with him.
    assert len(actions) == 70 + 4 * 56
    assert {"type": "deploy", "soldiers": ["Scout", "Bomb", "Sergeant", "Marshal"]} in actions


# -- intelligence --------------------------------------------------------------------------


def test_intel_tokens_are_placed_for_ranks_on_the_intel_card():
    state = position([1, 3, 6, 8], [2, 7, 9, 10], intel=(1, 2, 3, 4))
    assert state.sides[RED].intel_tokens == (True, True, False, False)
    assert state.sides[BLUE].intel_tokens == (True, False, False, False)
    assert GAME.view(state, BLUE)["sides"]["red"]["missions"][1]["intel_token"] is True


@pytest.mark.parametrize(("intel", "token"), [((7, 8, 9, 10), True), ((1, 2, 3, 4), False)])
def test_the_sergeant_may_give_false_intel(intel, token):
    """Either NOT GIVING intel when he should, or GIVING intel when he shouldn't."""
    state = position([1, 4, 2, 10], [2, 7, 9, 10], sergeant_token={RED: token}, intel=intel)
    assert state.sides[RED].intel_tokens[1] is token


@pytest.mark.parametrize("intel", [(1, 2, 3, 4), (4, 5, 6, 7), (7, 8, 9, 10)])
@pytest.mark.parametrize("seats", [2, 4])
def test_the_sergeants_token_is_his_players_choice_whatever_the_card_shows(intel, seats):
    """The Intel deck's ranges 1-4 and 4-7 show the 4, 7-10 does not; either way the
    Sergeant "may also give false information during the Intelligence phase, either by
    NOT GIVING intel when he should, or GIVING intel when he shouldn't": his player is
    offered both, and the token shows where the choice put it."""
    for token in (True, False):
        state = before_deployment(seats=seats, intel=intel)
        for seat, ranks in (
            [(0, [1, 4]), (1, [2, 7]), (2, [8, 10]), (3, [9, 10])]
            if seats == 4
            else [(RED, [1, 4, 8, 10]), (BLUE, [2, 7, 9, 10])]
        ):
            state, _ = deploy(state, seat, ranks)
        assert state.phase == "intel"
        assert GAME.legal_actions(state, 0) == [
            {"type": "place_intel", "sergeant_token": True},
            {"type": "place_intel", "sergeant_token": False},
        ]
        prompt = GAME.view(state, 0)["prompt"]
        assert prompt["sergeant_mission"] == 2 and prompt["sergeant_on_intel"] is (4 in intel)
        for seat in range(1, seats):
            assert GAME.legal_actions(state, seat) == [{"type": "place_intel"}]
        state, _ = GAME.apply(state, 0, {"type": "place_intel", "sergeant_token": token})
        for seat in range(1, seats):
            state, _ = GAME.apply(state, seat, {"type": "place_intel"})
        red = GAME.view(state, 1)["sides"]["red"]["missions"]
        truthful = [rank in intel for rank in (1, 4, 8, 10)]
        assert [m["intel_token"] for m in red] == [truthful[0], token, *truthful[2:]]


def test_only_a_deployed_sergeant_gives_a_choice():
    state = before_deployment()
    state, _ = deploy(state, RED, [1, 4, 2, 10])
    state, _ = deploy(state, BLUE, [1, 2, 3, 6])
    assert len(GAME.legal_actions(state, RED)) == 2
    assert GAME.legal_actions(state, BLUE) == [{"type": "place_intel"}]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, BLUE, {"type": "place_intel", "sergeant_token": True})
    assert refused.value.code == "no_sergeant"
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, RED, {"type": "place_intel"})
    assert refused.value.code == "bad_value"
    state, _ = GAME.apply(state, RED, {"type": "place_intel", "sergeant_token": True})
    assert GAME.view(state, BLUE)["sides"]["red"]["missions"][1]["intel_token"] is None
    assert GAME.view(state, RED)["sides"]["red"]["your_sergeant_token"] is True


# -- mission phase -------------------------------------------------------------------------


def test_guesses_alternate_mission_1_to_4():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE)
    order = []
    while state.phase == "missions" and state.day == 1:
        turn = GAME.view(state, None)["turn"]
        order.append((turn["guessing_side"], turn["mission"]))
        state = skip_to_turn(state, state.turn + 1)
    assert order == [(side, m) for m in (1, 2, 3, 4) for side in ("blue", "red")]


def test_the_starting_player_alternates_each_day():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE)
    state = skip_to_turn(state, 8)
    assert state.day == 2 and state.starting_side == RED


def test_no_deception_decision_without_a_token():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], deception={RED: 0, BLUE: 0})
    assert state.step == "guess"
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=RED)
    assert state.step == "deception" and GAME.to_act(state) == {BLUE}


def test_deception_token_on_a_correct_guess_is_spent_without_effect():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE)
    state, _ = guess(state, 1, deception=True)
    red = state.sides[RED]
    assert red.deception_tokens == 0 and red.infiltration_points == 0
    assert state.sides[BLUE].infiltration_points == 2


def test_deception_tokens_never_exceed_two():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE, deception={RED: 2})
    state, events = guess(state, 2)
    assert state.sides[RED].deception_tokens == 2
    assert "deception_token_refused" in event_types(events)
    assert state.sides[RED].infiltration_points == 1


def test_the_scout_makes_later_identifications_worth_4():
    state = position([2, 3, 6, 8], [1, 3, 6, 8], starting=BLUE)
    state, _ = guess(state, 1)  # blue misses the red Scout
    assert state.sides[RED].infiltration_points == 2 and state.sides[RED].scout_active
    state, _ = guess(state, 1)  # red identifies the blue Spy
    assert state.sides[RED].infiltration_points == 6


def test_the_spy_makes_the_enemy_marshal_retreat_even_when_missed():
    state = position([1, 2, 3, 6], [2, 3, 6, 10], starting=RED)
    state = skip_to_turn(state, 6, guesses={1: 9})  # blue misses the red Spy
    assert state.sides[RED].spy_active
    before = state.sides[BLUE].infiltration_points
    state, events = guess(state, 9)  # red misses the blue Marshal
    assert state.sides[BLUE].tilted[3]
    assert "activated" not in event_types(events)
    assert state.sides[BLUE].infiltration_points == before
    assert state.step != "ability"


def test_the_miner_makes_the_enemy_bomb_retreat():
    state = position([3, 6, 8, 9], [1, 2, 3, 7], starting=RED)
    state = skip_to_turn(state, 6, guesses={1: 1})  # blue misses the red Miner
    assert state.sides[RED].miner_active
    state, events = guess(state, 9)
    assert state.sides[BLUE].tilted[3] and not state.sides[BLUE].bomb_armed
    assert "bomb_exploded" not in event_types(events)


def test_the_bomb_makes_the_next_revealed_enemy_card_retreat():
    state = position([7, 8, 9, 10], [6, 8, 9, 10], starting=BLUE)
    state, events = guess(state, 1)  # blue misses the red Bomb
    assert "bomb_exploded" in event_types(events) and state.sides[RED].bomb_armed
    assert state.sides[RED].infiltration_points == 0
    state, events = guess(state, 1)  # red misses the blue Captain: it retreats anyway
    assert state.sides[BLUE].tilted[0] and state.step != "ability"
    assert state.sides[BLUE].infiltration_points == 0
    assert not state.sides[RED].bomb_armed and not state.sides[BLUE].exhausts_two


def test_bomb_double_damage_exhausts_two_next_day():
    state = position([7, 8, 9, 10], [6, 8, 9, 10], starting=BLUE)
    state, _ = guess(state, 1)  # the red Bomb explodes
    state, _ = guess(state, 6)  # red identifies the blue Captain: double damage
    assert state.sides[BLUE].exhausts_two
    assert state.sides[RED].infiltration_points == 2
    state = skip_to_turn(state, 8)
    assert state.day == 2
    assert len(state.sides[BLUE].exhausted) == 2 and len(state.sides[RED].exhausted) == 1
    assert set(state.sides[BLUE].exhausted) <= {6, 8, 9, 10}
    assert len(state.sides[BLUE].hand) == 8


def test_the_captain_earns_6_or_uses_an_exhausted_soldier():
    state = position([6, 7, 8, 10], [1, 2, 3, 4], starting=BLUE, exhausted={RED: [9], BLUE: [5]})
    state, _ = guess(state, 1)
    assert state.step == "ability" and GAME.to_act(state) == {RED}
    options = GAME.legal_actions(state, RED)
    assert options == [
        {"type": "captain", "option": "earn_6"},
        {"type": "captain", "option": "use_exhausted", "soldier": "General"},
    ]
    six, _ = act(state, options[0])
    assert six.sides[RED].infiltration_points == 6
    general, _ = act(state, options[1])
    assert general.sides[RED].infiltration_points == 0 and general.double_agent == 2
    assert general.sides[RED].exhausted == (9,), "keep the cards where they are"
    with pytest.raises(IllegalAction) as refused:
        act(state, {"type": "captain", "option": "use_exhausted", "soldier": "Spy"})
    assert refused.value.code == "not_exhausted"


def test_the_captain_using_an_exhausted_marshal_opens_the_marshals_choice():
    state = position([6, 7, 8, 9], [1, 2, 3, 4], starting=BLUE, exhausted={RED: [10], BLUE: [5]})
    state, _ = guess(state, 1, deception=True)
    state, _ = act(state, {"type": "captain", "option": "use_exhausted", "soldier": "Marshal"})
    assert state.pending is not None and state.pending.kind == "marshal"
    state.sides[BLUE].infiltration_points = 3
    state, events = act(state, {"type": "marshal", "option": "earn_5_reduce_5"})
    assert state.sides[BLUE].infiltration_points == 0, "not below zero"
    assert state.sides[RED].infiltration_points == 9, "5 for the Marshal, then 4 for Deception"
    assert state.turn == 1


def test_an_exhausted_marshal_retreats_if_the_enemy_spy_is_active():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE, exhausted={RED: [5], BLUE: [10]})
    state = skip_to_turn(state, 5, guesses={0: 2})  # blue misses the red Spy
    assert state.sides[RED].spy_active
    state, _ = guess(state, 1)  # red misses the blue Captain (Mission 3)
    state, events = act(state, {"type": "captain", "option": "use_exhausted", "soldier": "Marshal"})
    assert "retreated" in event_types(events) and state.pending is None


def test_the_marshal_earns_10_and_infiltrates():
    state = position([1, 2, 3, 10], [1, 2, 3, 4], starting=BLUE, deception={RED: 0})
    state = skip_to_turn(state, 6)
    state.sides[RED].infiltration_points = 3
    state, _ = guess(state, 1)
    state, _ = act(state, {"type": "marshal", "option": "earn_10"})
    assert state.sides[RED].infiltration_points == 0, "excess points are lost"
    assert state.double_agent == 1


def test_lieutenant_and_general_move_the_double_agent_without_points():
    state = position([5, 6, 9, 10], [1, 2, 3, 4], starting=BLUE, exhausted={RED: [1], BLUE: [5]})
    state, _ = guess(state, 1)
    assert state.double_agent == 1 and state.sides[RED].infiltration_points == 0
    state = skip_to_turn(state, 4)
    state, _ = guess(state, 1)
    assert state.double_agent == 3


def test_blue_moves_the_double_agent_towards_the_red_fort():
    state = position([1, 2, 3, 4], [5, 6, 9, 10], starting=RED, exhausted={RED: [5], BLUE: [1]})
    state, _ = guess(state, 1)
    assert state.double_agent == -1


def test_the_wall_stops_the_double_agent_and_the_flag_falls_on_a_later_turn():
    state = position([5, 6, 9, 10], [1, 2, 3, 4], starting=BLUE, exhausted={RED: [1], BLUE: [5]})
    state.double_agent = 4
    state, _ = guess(state, 1, deception=True)  # Lieutenant to the wall, then Deception +4
    assert state.double_agent == 5
    assert GAME.outcome(state) is None
    state = skip_to_turn(state, 4)
    state, events = guess(state, 1)  # the General: the decisive step
    assert "flag_captured" in event_types(events)
    assert GAME.outcome(state).winners == (RED,)


def test_reaching_the_wall_stops_further_moves_in_the_same_turn():
    state = position([5, 6, 9, 10], [1, 2, 3, 4], starting=BLUE, exhausted={RED: [1], BLUE: [5]})
    state.double_agent = 4
    state.sides[RED].infiltration_points = 6
    state, _ = guess(state, 1, deception=True)  # Lieutenant to the wall; +4 infiltrates
    assert state.double_agent == 5 and GAME.outcome(state) is None
    assert state.sides[RED].infiltration_points == 0


def test_the_general_stops_on_the_wall():
    state = position([5, 6, 9, 10], [1, 2, 3, 4], starting=BLUE, exhausted={RED: [1], BLUE: [5]})
    state = skip_to_turn(state, 4)
    state.double_agent = 4
    state, _ = guess(state, 1)
    assert state.double_agent == 5 and GAME.outcome(state) is None


# -- round end and the end of the game ---------------------------------------------------


def test_ending_a_round():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], intel=(4, 5, 6, 7))
    red_ip = None
    state = skip_to_turn(state, 7)
    red_ip = state.sides[RED].infiltration_points
    state = skip_to_turn(state, 8)
    assert state.day == 2 and state.phase == "deploy"
    assert len(state.old_intel) == 2 and state.current_intel is None
    for side, deployed in ((RED, {1, 2, 3, 6}), (BLUE, {2, 3, 6, 8})):
        own = state.sides[side]
        assert len(own.exhausted) == 1 and own.exhausted[0] in deployed
        assert 5 in own.hand, "the last exhausted soldier returns"
        assert own.missions == (None,) * 4 and own.intel_tokens == (None,) * 4
    assert state.sides[RED].infiltration_points == red_ip, "markers stay"


@pytest.mark.parametrize(
    ("ip", "winners", "ending"),
    [({RED: 3, BLUE: 1}, (RED,), "infiltration_points"), ({RED: 2, BLUE: 2}, (), "draw")],
)
def test_neutral_ground_after_day_3(ip, winners, ending):
    state = position([1, 2, 3, 6], [2, 3, 6, 8], day=3, deception={RED: 0, BLUE: 0})
    state = skip_to_turn(state, 7)
    state.sides[RED].infiltration_points = ip[RED]
    state.sides[BLUE].infiltration_points = ip[BLUE] - 2
    state = skip_to_turn(state, 8)  # blue identifies the last red soldier: +2
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == winners
    assert outcome.detail["ending"] == ending
    assert GAME.to_act(state) == frozenset()


def test_a_draw_says_no_side_won_in_the_published_event():
    """The rule: "if this is also tied, the game ends in a draw". The ``game_over`` event names no
    winner, and the event schema the server publishes (records, replays, sockets) admits
    it."""
    state = position([1, 2, 3, 6], [2, 3, 6, 8], day=3, deception={RED: 0, BLUE: 0})
    state.double_agent = 0
    state.sides[RED].infiltration_points = state.sides[BLUE].infiltration_points = 2
    (event,) = end_of_third_round(state)
    sent = {"type": event.type, "data": event.data}  # as a reader receives it
    assert sent["type"] == "game_over" and sent["data"]["winner"] is None
    assert sent["data"]["ending"] == "draw"
    schema = TypeAdapter(GAME.EventType)
    schema.validate_python(sent, strict=True)
    assert jsonschema_rs.validator_for(schema.json_schema()).is_valid(sent)


# -- team play -----------------------------------------------------------------------------


def test_team_play_splits_the_missions():
    state = GAME.setup(4, GAME.Options(), 3)
    seats = GAME.view(state, None)["seats"]
    assert [(s["side"], s["missions"]) for s in seats] == [
        ("red", [1, 2]),
        ("blue", [1, 2]),
        ("red", [3, 4]),
        ("blue", [3, 4]),
    ]
    state3 = GAME.setup(3, GAME.Options(), 3)
    assert GAME.view(state3, None)["seats"][1]["missions"] == [1, 2, 3, 4]


def test_missions_1_2_player_deploys_first_and_must_leave_a_completion():
    state = before_deployment(seats=4, exhausted={RED: [5], BLUE: [5]})
    assert GAME.to_act(state) == {0, 1}
    with pytest.raises(IllegalAction) as refused:
        deploy(state, 0, [9, 10])
    assert refused.value.code == "no_completion"
    state, _ = deploy(state, 0, [2, 6])
    assert GAME.to_act(state) == {1, 2}
    assert GAME.view(state, 2)["prompt"]["already_deployed"]["1"]["name"] == "Scout"
    with pytest.raises(IllegalAction) as refused:
        deploy(state, 2, [3, 8])
    assert refused.value.code == "out_of_rank_order"
    state, _ = deploy(state, 2, [4, 8])
    assert state.sides[RED].missions == (2, 6, 4, 8)


@pytest.mark.parametrize(
    ("seats", "guessers", "defenders"),
    [
        (4, [0, 1, 0, 1, 2, 3, 2, 3], [1, 0, 1, 0, 3, 2, 3, 2]),
        (3, [0, 1, 0, 1, 2, 1, 2, 1], [1, 0, 1, 0, 1, 2, 1, 2]),
    ],
)
def test_each_player_guesses_the_missions_with_their_own_numbers(seats, guessers, defenders):
    state = position([1, 2, 3, 6], [2, 3, 6, 8], seats=seats, starting=RED)
    deciders = []
    while state.day == 1:
        (seat,) = GAME.to_act(state)
        deciders.append((state.step, seat))
        if state.step == "deception":
            state, _ = act(state, {"type": "no_deception"})
        else:
            state = skip_to_turn(state, state.turn + 1)
    assert [seat for step, seat in deciders if step == "guess"] == guessers
    assert [seat for step, seat in deciders if step == "deception"] == defenders


def test_team_shares_one_track_and_its_tokens():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], seats=3, starting=BLUE)
    state, _ = guess(state, 2)  # blue misses the red Spy (seat 0's mission)
    assert GAME.view(state, 2)["sides"]["red"]["deception_tokens"] == 2
    assert GAME.view(state, 2)["sides"]["red"]["infiltration_points"] == 1


def test_wrong_decision_and_wrong_mission_are_refused():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE)
    before = GAME.dump(state)
    for action, code in [
        ({"type": "guess", "soldier": "Spy"}, "wrong_decision"),
        ({"type": "play_deception", "mission": 2}, "wrong_mission"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            act(state, action)
        assert refused.value.code == code
    assert GAME.dump(state) == before
    state, _ = act(state, {"type": "no_deception"})
    with pytest.raises(IllegalAction) as refused:
        act(state, {"type": "guess", "soldier": "Joker"})
    assert refused.value.code == "unknown_name"


def test_same_seed_same_game():
    a = GAME.setup(4, GAME.Options(), 99)
    b = GAME.setup(4, GAME.Options(), 99)
    assert GAME.dump(a) == GAME.dump(b)
    assert Rng(a.rng).next64() == Rng(b.rng).next64()


@pytest.mark.parametrize("day", [1, 2, 3])
def test_infiltration_moves_the_double_agent_by_the_day_number(day):
    """Advance the Double Agent by as many spaces as the Day marker shows; the marker
    returns to 0 and leftover points are lost."""
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=RED, day=day, ip={RED: 9})
    state, events = guess(state, 2)
    assert state.double_agent == day
    assert state.sides[RED].infiltration_points == 0
    assert "infiltrated" in event_types(events)
