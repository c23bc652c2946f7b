"""The engine helpers, exercised on the test-only High Card game."""

import pytest

from spyhouse.engine import Event, IllegalAction, Rng, get_game
from spyhouse.engine.testing import (
    check_no_leak,
    check_round_trip,
    random_playout,
    scale,
)


def test_rng_is_deterministic_and_unbiased_enough():
    a, b = Rng(42), Rng(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    counts = [0] * 6
    r = Rng(1)
    for _ in range(6000):
        counts[r.die() - 1] += 1
    assert all(800 < c < 1200 for c in counts), counts
    with pytest.raises(ValueError):
        r.below(0)


def test_rng_repr_hides_state():
    assert "42" not in repr(Rng(42))


@pytest.mark.parametrize("seats", [2, 3])
def test_random_playouts_finish_and_keep_the_contract(highcard, seats):
    for seed in range(scale(50)):
        state, outcome = random_playout(
            highcard, seats, {}, seed, leak_check=True, round_trip_every=1
        )
        assert outcome.winners or max(outcome.scores) == 0


def test_same_seed_same_game(highcard):
    s1, o1 = random_playout(highcard, 3, {}, 7)
    s2, o2 = random_playout(highcard, 3, {}, 7)
    assert highcard.dump(s1) == highcard.dump(s2) and o1 == o2


def test_apply_refuses_wrong_seat_and_leaves_state_alone(highcard):
    state = highcard.setup(2, highcard.parse_options({}), 1)
    before = highcard.dump(state)
    state2, _ = highcard.apply(state, 0, {"type": "keep"})
    assert highcard.dump(state) == before, "apply mutated its input"
    with pytest.raises(IllegalAction) as err:
        highcard.apply(state2, 0, {"type": "keep"})
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        highcard.apply(state2, 1, {"kind": "keep"})
    assert err.value.code == "malformed_action"


def test_leak_check_catches_a_leaky_view(highcard, monkeypatch):
    state = highcard.setup(2, highcard.parse_options({}), 3)
    real_view = highcard.view

    def leaky(state, seat):
        v = real_view(state, seat)
        v["secret"] = state.hands
        return v

    monkeypatch.setattr(highcard, "view", leaky)
    with pytest.raises(AssertionError, match="hidden information"):
        for seed in range(20):
            check_no_leak(highcard, state, 0, Rng(seed))


def test_round_trip_and_registry(highcard):
    assert get_game("highcard") is highcard
    check_round_trip(highcard, highcard.setup(3, highcard.parse_options({}), 5))


def test_event_audience():
    e = Event.private([1, 2], "drew", card=3)
    assert e.visible_to(1) and not e.visible_to(0) and not e.visible_to(None)
    assert Event.from_json(e.to_json()) == e


def test_options_are_validated(highcard):
    with pytest.raises(ValueError):
        highcard.parse_options({"top_card": 1})
    with pytest.raises(ValueError):
        highcard.parse_options({"nope": 1})


def test_apply_words_its_refusals_whose_turn_is_asked_first(highcard):
    """``Game.apply`` asks whose turn it is first and the outcome only to word a
    refusal (asked each step): a finished game still refuses every seat with ``game_over``; a
    plain dict, a frozen action and any other mapping are accepted, anything else is
    malformed."""
    from types import MappingProxyType

    from spyhouse.engine import FrozenAction

    state, outcome = random_playout(highcard, 2, {}, 5)
    assert outcome is not None
    for seat in (0, 1):
        with pytest.raises(IllegalAction) as err:
            highcard.apply(state, seat, {"type": "keep"})
        assert err.value.code == "game_over"
    fresh = highcard.setup(2, highcard.parse_options({}), 1)
    for action in ({"type": "keep"}, FrozenAction(type="keep"), MappingProxyType({"type": "keep"})):
        highcard.apply(fresh, 0, action)
    for bad in (["type", "keep"], {"type": 1}, "keep"):
        with pytest.raises(IllegalAction) as err:
            highcard.apply(fresh, 0, bad)
        assert err.value.code == "malformed_action"
