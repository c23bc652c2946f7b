"""The engine API every game uses: exact matching, visibility declarations, the checks."""

from __future__ import annotations

import copy

import pytest
from pydantic import Field

from spyhouse.engine import (
    Game,
    Hidden,
    IllegalAction,
    Mixed,
    Part,
    Private,
    Public,
    Rng,
    Visibility,
    canonical,
    declared_fields,
    frozen_slotted,
    is_one_of,
    require_keys,
    slotted,
    undeclared_fields,
    whole_number,
)
from spyhouse.engine.contract import frozen_action
from spyhouse.engine.testing import (
    check_copy,
    check_declarations,
    check_determinize_redraws,
    check_refusals,
    check_shared_actions,
    check_twin_histories,
    odd_variants,
    random_playout,
    scale,
    twin_seeds,
)
from tests.toygame import HighCardState

# -- matching ---------------------------------------------------------------------------


def test_canonical_tells_true_from_one_and_ignores_key_order():
    assert canonical({"a": 1, "b": 2}) == canonical({"b": 2, "a": 1})
    assert canonical({"a": True}) != canonical({"a": 1})
    assert canonical({"a": 1.0}) != canonical({"a": 1})


def test_is_one_of_is_exact():
    legal = [{"type": "set_die", "value": 1}, {"type": "pass"}]
    assert is_one_of({"type": "set_die", "value": 1}, legal)
    assert is_one_of({"value": 1, "type": "set_die"}, legal)
    assert not is_one_of({"type": "set_die", "value": True}, legal)
    assert not is_one_of({"type": "set_die", "value": 1.0}, legal)
    assert not is_one_of({"type": "set_die", "value": 1, "x": 0}, legal)
    assert not is_one_of({"type": "pass"}, [])


def test_require_keys_names_the_unknown_field():
    require_keys({"type": "move", "to": 3}, ["to"])
    require_keys({"type": "move", "to": 3}, ["type", "to"])
    with pytest.raises(IllegalAction) as err:
        require_keys({"type": "move", "to": 3, "zz": 1, "extra": 2}, ["to"])
    assert err.value.code == "unknown_key"
    assert err.value.message == 'Unknown field "extra" in a move action.'


@pytest.mark.parametrize(
    ("value", "code"),
    [
        (True, "bad_value"),
        (False, "bad_value"),
        (2.0, "bad_value"),
        ("2", "bad_value"),
        (None, "bad_value"),
        (-1, "out_of_range"),
        (7, "out_of_range"),
    ],
)
def test_whole_number_refuses_with_a_reason(value, code):
    with pytest.raises(IllegalAction) as err:
        whole_number({"type": "bid", "n": value}, "n", 0, 6)
    assert err.value.code == code
    assert '"n"' in err.value.message


def test_whole_number_accepts_the_bounds():
    assert whole_number({"n": 0}, "n", 0, 6) == 0
    assert whole_number({"n": 6}, "n", 0, 6) == 6


# -- visibility --------------------------------------------------------------------------


@slotted
class _Card(Part):
    face: Hidden[str]
    owner: Public[int]


@slotted
class _Spot(Part):
    card: Mixed[_Card | None] = None
    note: Private[str] = ""


@slotted
class _State(Part):
    num_seats: Public[int]
    board: Mixed[list[_Spot]]
    by_name: Mixed[dict[str, _Card]]
    rng: Hidden[int]


def test_declared_fields_descend_into_mixed_parts():
    assert declared_fields(_State) == {
        "num_seats": Visibility.PUBLIC,
        "board[].card.face": Visibility.HIDDEN,
        "board[].card.owner": Visibility.PUBLIC,
        "board[].note": Visibility.PRIVATE,
        "by_name{}.face": Visibility.HIDDEN,
        "by_name{}.owner": Visibility.PUBLIC,
        "rng": Visibility.HIDDEN,
    }
    assert undeclared_fields(_State) == []


@slotted
class _Loose(Part):
    fine: Public[int] = 0
    secret: int = 0


@slotted
class _LooseState(Part):
    """At module level: a Part's annotations are resolved in its module."""

    num_seats: Public[int]
    spots: Mixed[list[_Loose]]
    extra: str = ""
    wrong: Mixed[int] = 0


def test_a_field_without_declaration_is_reported_with_its_path():
    assert undeclared_fields(_LooseState) == [
        "spots[].secret",
        "extra",
        "wrong (Mixed but holds no Part)",
    ]


def test_redeclaring_num_seats_without_a_marker_is_undeclared():
    @slotted
    class State(Part):
        num_seats: int

    assert undeclared_fields(State) == ["num_seats"]


def test_setup_events_default_to_nothing(highcard):
    state = highcard.setup(2, highcard.parse_options({}), 1)
    assert Game.setup_events(highcard, state) == []


# -- the generic checks on High Card -------------------------------------------------------


def test_check_declarations(highcard, monkeypatch):
    check_declarations(highcard)

    @slotted
    class Worse(HighCardState):
        peeked: bool = False

    monkeypatch.setattr(highcard, "State", Worse)
    with pytest.raises(AssertionError, match="peeked"):
        check_declarations(highcard)


@pytest.mark.parametrize("seats", [2, 3])
def test_highcard_passes_every_check(highcard, seats):
    for seed in range(scale(10)):
        check_determinize_redraws(highcard, seats, {}, seed)
        check_twin_histories(highcard, seats, {}, seed, seed + 1000)


def test_determinize_that_keeps_the_deck_is_caught(highcard, monkeypatch):
    real = highcard.determinize

    def lazy(state, seat, rng):
        other = real(state, seat, rng)
        other.deck = list(state.deck)
        return other

    monkeypatch.setattr(highcard, "determinize", lazy)
    with pytest.raises(AssertionError, match=r"never redrew.*deck"):
        check_determinize_redraws(highcard, 2, {}, 0)


def test_twin_histories_catch_a_leaky_view(highcard, monkeypatch):
    real = highcard.view

    def leaky(state, seat):
        return {**real(state, seat), "next_card": state.deck[-1] if state.deck else None}

    monkeypatch.setattr(highcard, "view", leaky)
    with pytest.raises(AssertionError, match="spectators saw the same events"):
        for seed in range(20):
            check_twin_histories(highcard, 2, {}, seed, seed + 1)


def test_twin_histories_catch_dropped_setup_events(highcard, monkeypatch):
    monkeypatch.setattr(highcard, "setup_events", lambda state: [])
    with pytest.raises(AssertionError, match="seat 0 saw the same events"):
        for seed in range(20):
            check_twin_histories(highcard, 2, {}, seed, seed + 1)


def test_twin_histories_play_a_shared_history(highcard):
    # Same seed twice: both histories are the same game, so it runs to the end.
    assert check_twin_histories(highcard, 3, {}, 4, 4) >= 3 + 3


def test_twin_seeds_start_indistinguishable(highcard):
    pairs = twin_seeds(highcard, 2, {}, observer=0, pairs=3)
    assert len(pairs) == 3
    for a, b in pairs:
        assert a != b
        hand_a = highcard.setup(2, highcard.parse_options({}), a).hands[0]
        assert hand_a == highcard.setup(2, highcard.parse_options({}), b).hands[0]
        check_twin_histories(highcard, 2, {}, a, b)


# -- State.copy ------------------------------------------------------------------------------


def test_state_copy_shares_nothing_mutable(highcard):
    state = _State(
        num_seats=2,
        board=[_Spot(card=_Card(face="A", owner=0)), _Spot()],
        by_name={"x": _Card(face="B", owner=1)},
        rng=5,
    )
    new = state.copy()
    assert new == state and new is not state
    new.board[0].card.face = "Z"
    new.by_name["x"].owner = 0
    new.board.append(_Spot())
    assert state.board[0].card.face == "A" and state.by_name["x"].owner == 1
    assert len(state.board) == 2

    def each_step(s, _events):
        check_copy(highcard, s)

    random_playout(highcard, 3, {}, 1, on_step=each_step)


def test_a_frozen_part_is_shared_not_copied():
    @frozen_slotted
    class Token(Part):
        name: Public[str]

    @slotted
    class Holder(Part):
        num_seats: Public[int]
        token: Public[Token | None] = None
        tokens: Public[list[Token]] = Field(default_factory=list)

    state = Holder(num_seats=2, token=Token(name="a"), tokens=[Token(name="b")])
    new = state.copy()
    assert new.token is state.token and new.tokens[0] is state.tokens[0]
    assert new.tokens is not state.tokens


def test_each_part_class_copies_with_its_own_compiled_function():
    """The first copy puts the class's compiled copy on it; a subclass compiles its
    own (the parent's would build a parent and copy only the parent's fields)."""

    @slotted
    class Base(Part):
        cards: Public[list[int]] = Field(default_factory=list)

    @slotted
    class Sub(Base):
        more: Public[dict[str, list[int]]] = Field(default_factory=dict)
        maybe: Public[list[int] | None] = None

    base = Base(cards=[1]).copy()
    assert Base.__dict__["copy"] is not Part.__dict__["copy"], "compiled once, kept"
    sub = Sub(cards=[2], more={"a": [3]})
    new = sub.copy()
    assert type(new) is Sub and new == sub and type(base) is Base
    assert new.cards is not sub.cards and new.more["a"] is not sub.more["a"]
    assert new.maybe is None
    assert Sub.__dict__["copy"] is not Base.__dict__["copy"]
    new.more["a"].append(4)
    assert sub.more == {"a": [3]}


def test_a_list_field_holding_a_tuple_copies_to_a_list():
    @slotted
    class Holder(Part):
        cards: Public[list[int]] = Field(default_factory=list)

    holder = Holder()
    holder.cards = (1, 2)  # type: ignore[assignment]
    assert holder.copy().cards == [1, 2]


def test_check_copy_catches_a_shallow_copy(highcard, monkeypatch):
    state = highcard.setup(2, highcard.parse_options({}), 1)
    monkeypatch.setattr(highcard, "copy", copy.copy)  # shares its lists
    with pytest.raises(AssertionError, match="shares"):
        check_copy(highcard, state)


def test_check_shared_actions_passes_fresh_and_frozen_actions_and_catches_changeable_ones(
    highcard, monkeypatch
):
    state = highcard.setup(2, highcard.parse_options({}), 1)
    seat = min(highcard.to_act(state))
    assert check_shared_actions(highcard, state, seat) == set()  # fresh dicts each call
    frozen = [frozen_action(type="keep"), frozen_action(type="swap", cards=[1])]
    monkeypatch.setattr(highcard, "legal_actions", lambda s, p: list(frozen))
    assert check_shared_actions(highcard, state, seat) == {"keep", "swap"}
    plain = [{"type": "keep"}, {"type": "swap"}]
    monkeypatch.setattr(highcard, "legal_actions", lambda s, p: list(plain))
    with pytest.raises(AssertionError, match="can be changed"):
        check_shared_actions(highcard, state, seat)
    monkeypatch.setattr(highcard, "legal_actions", lambda s, p: frozen)
    with pytest.raises(AssertionError, match="share their list"):
        check_shared_actions(highcard, state, seat)


# -- refusals ----------------------------------------------------------------------------


def test_odd_variants_cover_types_ranges_and_unknown_fields():
    variants = odd_variants({"type": "bid", "n": 3})
    assert {"type": "bid", "n": 3, "unknown_field": 1} in variants
    assert {"type": "bid", "n": True} in variants and {"type": "bid", "n": 10**6} in variants


def test_check_refusals_on_high_card(highcard):
    state = highcard.setup(3, highcard.parse_options({}), 2)
    check_refusals(highcard, state, 0, Rng(1))


def test_check_refusals_catches_a_lenient_game(highcard, monkeypatch):
    state = highcard.setup(2, highcard.parse_options({}), 2)
    real = highcard.apply_action

    def lenient(s, seat, action):
        return real(s, seat, {"type": action["type"]})

    monkeypatch.setattr(highcard, "apply_action", lenient)
    with pytest.raises(AssertionError, match="accepted"):
        check_refusals(highcard, state, 0, Rng(1))


def test_check_refusals_catches_a_reason_that_leaks(highcard, monkeypatch):
    real = highcard.apply_action

    def leaky(s, seat, action):
        if "unknown_field" in action:
            raise IllegalAction("unknown_key", f"(the next card is {s.deck[-1]})")
        return real(s, seat, action)

    monkeypatch.setattr(highcard, "apply_action", leaky)
    with pytest.raises(AssertionError, match="depends on hidden information"):
        for seed in range(10):
            check_refusals(highcard, highcard.setup(2, highcard.parse_options({}), seed), 0, Rng(1))


def test_rng_below_draws_what_next64_gives():
    """``below`` writes the SplitMix64 step out (see ``Rng.below``); it must draw exactly what
    rejection sampling over :meth:`Rng.next64` draws, rejections included."""

    def reference(rng: Rng, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = rng.next64()
            if x < limit:
                return x % n

    for n in (1, 2, 7, 10, 300, (1 << 63) + 1, (1 << 64) - 1):
        fast, slow = Rng(n), Rng(n)
        assert [fast.below(n) for _ in range(200)] == [reference(slow, n) for _ in range(200)]
        assert fast.state == slow.state


def test_a_frozen_action_refuses_every_change_and_copies_to_a_plain_dict():
    """Games may hand out the same legal action again and again (for speed), so a shared
    one must refuse every change a caller could try; its copies are plain and free."""
    import copy
    import json
    import pickle

    import orjson

    from spyhouse.engine import FrozenAction, FrozenList, frozen_action

    action = frozen_action(type="deploy", soldiers=["Spy", "Scout"], where={"at": [1]})
    plain = {"type": "deploy", "soldiers": ["Spy", "Scout"], "where": {"at": [1]}}
    assert action == plain and json.dumps(action) == json.dumps(plain)
    assert orjson.loads(orjson.dumps(action)) == plain
    soldiers, where = action["soldiers"], action["where"]
    assert type(soldiers) is FrozenList and type(where) is FrozenAction
    changes = [
        lambda: action.__setitem__("type", "pass"),
        lambda: action.__delitem__("type"),
        lambda: action.update(x=1),
        lambda: action.setdefault("x", 1),
        lambda: action.pop("type"),
        lambda: action.popitem(),
        lambda: action.clear(),
        lambda: action.__ior__({"x": 1}),
        lambda: where.__setitem__("at", 2),
        lambda: soldiers.append("Miner"),
        lambda: soldiers.extend(["Miner"]),
        lambda: soldiers.insert(0, "Miner"),
        lambda: soldiers.__setitem__(0, "Miner"),
        lambda: soldiers.__delitem__(0),
        lambda: soldiers.__iadd__(["Miner"]),
        lambda: soldiers.__imul__(2),
        lambda: soldiers.pop(),
        lambda: soldiers.remove("Spy"),
        lambda: soldiers.clear(),
        lambda: soldiers.sort(),
        lambda: soldiers.reverse(),
    ]
    for change in changes:
        with pytest.raises(TypeError):
            change()
    assert action == plain, "a refused change changed nothing"
    for copied in (dict(action), copy.copy(action), copy.deepcopy(action), {**action}):
        assert type(copied) is dict and copied == plain
        copied["type"] = "pass"
    deep = copy.deepcopy(action)
    assert type(deep["soldiers"]) is list and type(deep["where"]) is dict
    assert pickle.loads(pickle.dumps(action)) == plain


def test_canonical_never_takes_nan_for_null_and_keeps_big_integers() -> None:
    """The fast encoder writes NaN as null and refuses 65-bit integers; the key must not."""
    assert canonical({"a": float("nan")}) != canonical({"a": None})
    assert canonical({"a": 2**70}) != canonical({"a": 2**70 + 1})
    assert canonical({"b": [1, None], "a": "ñ"}) == canonical({"a": "ñ", "b": [1, None]})
