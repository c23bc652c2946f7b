"""Generic checks every game's test-suite reuses (random playouts, leaks, round-trips).

They live in the package (not in ``tests/``) so each game's tests import them the same
way, and so a deep run can drive them from a script.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from typing import Any

import orjson
from pydantic import BaseModel, TypeAdapter

from spyhouse.engine.bots import random_action
from spyhouse.engine.contract import Event, Game, IllegalAction, Outcome, OutcomeJSON
from spyhouse.engine.matching import canonical, is_one_of
from spyhouse.engine.parts import GameState, is_frozen
from spyhouse.engine.rng import Rng
from spyhouse.engine.visibility import (
    Visibility,
    declared_fields,
    fields_of,
    is_part_class,
    undeclared_fields,
    values_at,
)

StepHook = Callable[[GameState, list[Event]], None]


def scale(count: int) -> int:
    """Scale a property-test count by ``SPYHOUSE_TEST_SCALE`` (default 1) for deep runs."""
    return max(1, int(count * float(os.environ.get("SPYHOUSE_TEST_SCALE", "1"))))


def json_text(value: Any, *, sort_keys: bool = False) -> bytes:
    """``value`` as JSON, for comparing and validating: orjson, as the server writes it
    (these checks run at every step of every property game, and the standard encoder
    was a fifth of their time), the standard library for what orjson refuses (an
    integer beyond 64 bits, a key that is not a string), as the server falls back."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS if sort_keys else 0)
    except TypeError:
        return json.dumps(value, sort_keys=sort_keys).encode()


def assert_json(value: Any, what: str) -> None:
    """``value`` must survive a JSON round trip unchanged (views, events, actions): no
    tuple, no key that is not a string, no value JSON cannot hold."""
    try:
        back = orjson.loads(orjson.dumps(value))
    except TypeError:  # beyond orjson: read back as the standard library writes it
        back = json.loads(json.dumps(value))
    assert back == value, f"{what} is not plain JSON"


def check_round_trip(game: Game, state: GameState) -> None:
    """JSON round-trip of the full state is lossless, views and legal actions included."""
    dumped = game.dump(state)
    restored = game.load(json.loads(json_text(dumped)))
    assert game.dump(restored) == dumped, "state changed through a JSON round-trip"
    seats = range(num_seats(game, state))
    for seat in [None, *seats]:
        assert game.view(restored, seat) == game.view(state, seat)
    assert game.to_act(restored) == game.to_act(state)
    for seat in seats:
        assert game.legal_actions(restored, seat) == game.legal_actions(state, seat)


def num_seats(game: Game, state: GameState) -> int:
    """Every game state carries ``num_seats`` (the contract's one required field)."""
    return int(state.num_seats)


def check_no_leak(
    game: Game,
    state: GameState,
    seat: int,
    rng: Rng,
    *,
    dumped: str | None = None,
    view: Any = None,
    legal: list[Any] | None = None,
) -> None:
    """Redrawing all that ``seat`` cannot know must not change what it sees or may do.

    ``dumped`` (the state's sorted JSON), ``view`` and ``legal`` (the seat's view and
    legal actions in ``state``) save building them again when one step checks every
    seat and has them already.
    """
    before = dumped if dumped is not None else fingerprint(game, state)
    other = game.determinize(state, seat, rng)
    assert fingerprint(game, state) == before, "determinize mutated its input"
    seen = view if view is not None else game.view(state, seat)
    assert game.view(other, seat) == seen, f"seat {seat}'s view depends on hidden information"
    mine = legal if legal is not None else game.legal_actions(state, seat)
    assert game.legal_actions(other, seat) == mine, (
        f"seat {seat}'s legal actions depend on hidden information"
    )
    assert game.to_act(other) == game.to_act(state), "who is to act depends on hidden info"
    assert (game.outcome(other) is None) == (game.outcome(state) is None)


def fingerprint(game: Game, state: GameState) -> str:
    """The state's stored form as sorted JSON: equal exactly when the states are."""
    return json_text(game.dump(state), sort_keys=True).decode()


def check_outcome(game: Game, state: GameState, outcome: Outcome) -> None:
    n = num_seats(game, state)
    assert all(0 <= w < n for w in outcome.winners), outcome
    assert len(set(outcome.winners)) == len(outcome.winners)
    if outcome.scores is not None:
        assert len(outcome.scores) == n
    assert_json(outcome.to_json(), "outcome")
    assert game.to_act(state) == frozenset(), "seats still to act after the game ended"


def random_playout(
    game: Game,
    seats: int,
    options: BaseModel | Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    on_step: StepHook | None = None,
    leak_check: bool = False,
    round_trip_every: int = 0,
    max_steps: int = 20_000,
) -> tuple[GameState, Outcome]:
    """Play random legal actions to the end, checking the contract at every step.

    ``on_step(state, events)`` runs after every action (put invariants there).
    ``leak_check`` runs :func:`check_no_leak` for every seat at every step;
    ``round_trip_every=k`` checks a JSON round-trip every k steps.
    """
    if not isinstance(options, BaseModel):
        options = game.parse_options(options)
    rng = Rng(seed * 7919 + 17)
    state = game.setup(seats, options, seed)
    if on_step:
        on_step(state, [])
    for step in range(max_steps):
        if leak_check:
            dumped = fingerprint(game, state)
            for seat in range(seats):
                check_no_leak(game, state, seat, rng.fork(), dumped=dumped)
        if round_trip_every and step % round_trip_every == 0:
            check_round_trip(game, state)
        outcome = game.outcome(state)
        if outcome is not None:
            check_outcome(game, state, outcome)
            for seat in [None, *range(seats)]:
                assert_json(game.view(state, seat), "view")
            return state, outcome
        pending = sorted(game.to_act(state))
        assert pending, f"{game.id}: nobody to act but no outcome"
        for seat in range(seats):
            if seat not in pending:
                assert game.legal_actions(state, seat) == [], f"seat {seat} not to act"
        seat = rng.choice(pending)
        action = random_action(game, state, seat, rng)
        assert_json(action, "action")
        state, events = game.apply(state, seat, action)
        for event in events:
            assert_json(event.to_json(), "event")
        if on_step:
            on_step(state, events)
    raise AssertionError(f"{game.id}: no outcome after {max_steps} steps (seed {seed})")


def check_action_types(
    game: Game, seats: int, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0
) -> int:
    """Every action every seat is offered in a random game is one of ``game.ActionType``
    (read from its JSON, strictly: ``true`` is no number), every view of every reader a
    ``game.ViewType`` where the game declares one, every event (the setup's too) a
    ``game.EventType``, and the outcome an ``OutcomeJSON``:
    the published schemas describe what the engine hands out. Returns how many actions
    were checked."""
    actions = TypeAdapter(game.ActionType)
    outcomes = TypeAdapter(OutcomeJSON)
    views = None if game.ViewType is None else TypeAdapter(game.ViewType)
    kinds = None if game.EventType is None else TypeAdapter(game.EventType)
    checked = 0

    def check(state: GameState, events: list[Event]) -> None:
        nonlocal checked
        if kinds is not None:  # as a reader receives it: its type and data
            for event in events:
                kinds.validate_json(
                    json_text({"type": event.type, "data": event.data}), strict=True
                )
        if views is not None:  # every seat's view and a spectator's
            for reader in [None, *range(seats)]:
                views.validate_json(json_text(game.view(state, reader)), strict=True)
        for seat in sorted(game.to_act(state)):
            for action in game.legal_actions(state, seat):
                actions.validate_json(json_text(action), strict=True)
                checked += 1

    start = game.setup(seats, _options(game, options), seed)
    check(start, game.setup_events(start))
    _, outcome = random_playout(game, seats, options, seed, on_step=check)
    outcomes.validate_json(json_text(outcome.to_json()), strict=True)
    return checked


def _options(game: Game, options: BaseModel | Mapping[str, Any] | None) -> BaseModel:
    return options if isinstance(options, BaseModel) else game.parse_options(options)


def check_declarations(game: Game) -> None:
    """Every field of the game's state says who may know it (see ``engine.visibility``)."""
    missing = undeclared_fields(game.State)
    assert missing == [], f"{game.id}: state fields without a visibility declaration: {missing}"


def _empty(values: list[Any]) -> bool:
    """A Hidden path with nothing in it (no card left, no choice pending) cannot differ."""
    return all(v is None or v == [] or v == {} for v in values)


def check_determinize_redraws(
    game: Game,
    seats: int,
    options: BaseModel | Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    max_steps: int = 20_000,
) -> None:
    """``determinize`` redraws every field declared ``Hidden``.

    Plays a random game, determinizes for every seat at every step, and fails if a Hidden
    path (``declared_fields``) held something at some step yet was never given a different
    value by any determinization in the whole game. A field the rules keep hidden but
    ``determinize`` copies is how a chance outcome leaks without the leak test seeing it.
    """
    hidden = [p for p, v in declared_fields(game.State).items() if v is Visibility.HIDDEN]
    redrawn = {path: False for path in hidden}
    had_content = {path: False for path in hidden}
    rng = Rng(seed * 104_729 + 3)
    state = game.setup(seats, _options(game, options), seed)
    for _ in range(max_steps):
        real = game.dump(state)
        for path in hidden:
            if not _empty(values_at(real, path)):
                had_content[path] = True
        for seat in range(seats):
            other = game.dump(game.determinize(state, seat, rng.fork()))
            for path in hidden:
                if not redrawn[path] and canonical(values_at(other, path)) != canonical(
                    values_at(real, path)
                ):
                    redrawn[path] = True
        if game.outcome(state) is not None:
            break
        seat = rng.choice(sorted(game.to_act(state)))
        state, _ = game.apply(state, seat, random_action(game, state, seat, rng))
    never = [p for p in hidden if had_content[p] and not redrawn[p]]
    assert never == [], f"{game.id}: determinize never redrew these Hidden fields: {never}"


def check_twin_histories(
    game: Game,
    seats: int,
    options: BaseModel | Mapping[str, Any] | None = None,
    seed_a: int = 0,
    seed_b: int = 1,
    *,
    max_steps: int = 20_000,
) -> int:
    """What a seat sees and may do depends only on the events it was shown.

    Two setups from different seeds; the same random actions are applied to both while
    they are legal in both. For every seat and for spectators (``None``), as long as the
    events it could see (setup events included) are identical in both histories, its
    view, its legal actions and ``to_act`` must be identical too. Independent of
    ``determinize``, so it also catches what a too-faithful ``determinize`` hides.
    Returns the number of actions applied to both (for tests that want a long history).
    """
    opts = _options(game, options)
    a, b = game.setup(seats, opts, seed_a), game.setup(seats, opts, seed_b)
    observers: list[int | None] = [None, *range(seats)]
    same = {o: True for o in observers}

    def see(events_a: list[Event], events_b: list[Event]) -> None:
        for o in observers:
            if same[o]:
                seen_a = [canonical(e.to_json()) for e in events_a if e.visible_to(o)]
                seen_b = [canonical(e.to_json()) for e in events_b if e.visible_to(o)]
                same[o] = seen_a == seen_b

    def compare() -> None:
        for o in observers:
            if not same[o]:
                continue
            who = "spectators" if o is None else f"seat {o}"
            assert canonical(game.view(a, o)) == canonical(game.view(b, o)), (
                f"{game.id}: {who} saw the same events but got different views"
            )
            assert game.to_act(a) == game.to_act(b), (
                f"{game.id}: {who} saw the same events but a different seat is to act"
            )
            if o is not None:
                assert canonical(game.legal_actions(a, o)) == canonical(game.legal_actions(b, o)), (
                    f"{game.id}: {who} saw the same events but got different legal actions"
                )

    rng = Rng(seed_a * 7_919 + seed_b * 31 + 5)
    see(game.setup_events(a), game.setup_events(b))
    applied = 0
    for _ in range(max_steps):
        compare()
        if not any(same.values()) or game.outcome(a) is not None:
            break
        if game.outcome(b) is not None:
            break
        seat = rng.choice(sorted(game.to_act(a)))
        action = random_action(game, a, seat, rng)
        if seat not in game.to_act(b) or not is_one_of(action, game.legal_actions(b, seat)):
            break
        a, events_a = game.apply(a, seat, action)
        b, events_b = game.apply(b, seat, action)
        see(events_a, events_b)
        applied += 1
    return applied


def twin_seeds(
    game: Game,
    seats: int,
    options: BaseModel | Mapping[str, Any] | None = None,
    *,
    observer: int | None = None,
    pairs: int = 1,
    search: int = 2_000,
) -> list[tuple[int, int]]:
    """Seed pairs whose setups show ``observer`` the same events (for twin histories).

    Two random seeds usually differ in something public at once (a face-up card), which
    would end a twin history before it starts; pairs found here begin indistinguishable
    for ``observer``, so the check then compares whole games.
    """
    opts = _options(game, options)
    first: dict[str, int] = {}
    found: list[tuple[int, int]] = []
    for seed in range(search):
        events = game.setup_events(game.setup(seats, opts, seed))
        key = canonical([e.to_json() for e in events if e.visible_to(observer)])
        if key in first:
            found.append((first.pop(key), seed))
            if len(found) == pairs:
                break
        else:
            first[key] = seed
    return found


def check_copy(game: Game, state: GameState) -> None:
    """``game.copy`` is equal to the state and shares no list, dict, set or (unfrozen)
    Part with it."""
    new = game.copy(state)
    assert type(new) is type(state)
    assert game.dump(new) == game.dump(state), "the copy differs from the state"
    shared = _mutable_ids(state) & _mutable_ids(new)
    assert not shared, f"{game.id}: the copy shares {len(shared)} mutable objects"


def check_shared_actions(game: Game, state: GameState, seat: int) -> set[str]:
    """A game may hand out the same action object again (building the legal
    actions is a good part of a random step), but then no caller may change what the
    next is offered: an action listed twice refuses every change, lists inside it too,
    and the list is the caller's own. Returns the types of the actions shared."""
    legal = game.legal_actions(state, seat)
    listed = json_text(legal)
    again = game.legal_actions(state, seat)
    shared: set[str] = set()
    for action, same in zip(legal, again, strict=True):
        if action is not same:
            continue
        shared.add(action["type"])
        parts: list[dict[str, Any] | list[Any]] = [action]
        parts += [value for value in action.values() if isinstance(value, list)]
        for part in parts:
            assert _refuses_change(part), f"{game.id}: a shared action can be changed: {action}"
    legal.clear()
    assert json_text(again) == listed, f"{game.id}: the legal actions share their list"
    return shared


def _refuses_change(value: dict[str, Any] | list[Any]) -> bool:
    """Whether changing ``value`` (a field set, an item appended) raises ``TypeError``."""
    try:
        if isinstance(value, dict):
            value["type"] = "pass"
        else:
            value.append(None)
    except TypeError:
        return True
    return False


def _mutable_ids(value: Any) -> set[int]:
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if is_part_class(type(item)):
            if not is_frozen(type(item)):  # a frozen Part may be shared
                found.add(id(item))
            stack.extend(getattr(item, name) for name in fields_of(type(item)))
        elif isinstance(item, list | dict | set):
            found.add(id(item))
            stack.extend(item.values() if isinstance(item, dict) else item)
    return found


_ODD_VALUES: tuple[Any, ...] = (True, False, -1, 10**6, 1.5, "?", None, [], {})
"""Values that stand for a wrong type or an out-of-range value in any action field."""


def odd_variants(action: Mapping[str, Any]) -> list[dict[str, Any]]:
    """``action`` with each field in turn replaced by an odd value, or an unknown field added.

    A whole number is also sent as the float of the same value (``9.0`` for ``9``): JSON
    writes both as a number, and the engine's one number policy refuses the float
    (:func:`spyhouse.engine.matching.whole_number`), so a game that read ``9.0`` as ``9``
    would accept an action it does not list.

    >>> odd_variants({"type": "set_die", "value": 9})[-1]
    {'type': 'set_die', 'value': 9.0}
    """
    variants = [{**action, "unknown_field": 1}]
    for key, value in action.items():
        if key != "type":
            variants += [{**action, key: odd} for odd in _ODD_VALUES]
            if type(value) is int:
                variants.append({**action, key: float(value)})
    return variants


def refusal(game: Game, state: GameState, seat: int, action: Any) -> tuple[str, str] | None:
    """``(code, message)`` if ``game.apply`` refuses ``action``, else ``None``; and
    ``Game.refusal`` and ``Game.can``, which ask without applying, say the same."""
    try:
        game.apply(state, seat, action)
    except IllegalAction as exc:
        why: tuple[str, str] | None = exc.code, exc.message
    else:
        why = None
    asked = game.refusal(state, seat, action)
    assert (None if asked is None else (asked.code, asked.message)) == why, (
        f"{game.id}: Game.refusal says {asked!r} of {action}, apply {why}"
    )
    assert game.can(state, seat, action) == (why is None), f"{game.id}: can({action})"
    return why


def check_refusals(
    game: Game, state: GameState, seat: int, rng: Rng, *, samples: int = 3, worlds: int = 2
) -> None:
    """Legality and the reason for a refusal come from the same check, and say nothing hidden.

    For a few legal actions of ``seat`` and their :func:`odd_variants`: ``apply`` accepts
    exactly the ones listed by ``legal_actions`` (exact JSON: ``true`` is not ``1``), and a
    refusal's code and message are the same in worlds ``determinize`` draws for ``seat``.
    """
    legal = game.legal_actions(state, seat)
    picked = legal if len(legal) <= samples else [rng.choice(legal) for _ in range(samples)]
    others = [game.determinize(state, seat, rng.fork()) for _ in range(worlds)]
    for action in picked:
        assert refusal(game, state, seat, action) is None, f"listed but refused: {action}"
        for variant in odd_variants(action):
            why = refusal(game, state, seat, variant)
            listed = is_one_of(variant, legal)
            assert (why is None) == listed, (
                f"{game.id}: {variant} is {'listed' if listed else 'not listed'} "
                f"but apply {'accepted' if why is None else 'refused'} it"
            )
            if why is not None:
                assert why[0] not in ("illegal_action", ""), f"no specific reason: {variant}"
                for other in others:
                    assert refusal(game, other, seat, variant) == why, (
                        f"{game.id}: the refusal of {variant} depends on hidden information"
                    )
