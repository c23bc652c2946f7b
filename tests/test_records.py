"""Game records replay to the same outcome for every game, option set and seat count;
a tampered or truncated record is refused; a chair's replay shows what it was shown."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

from spyhouse.engine import Game, Rng, all_games, load_builtin_games
from spyhouse.engine.records import FORMAT, VERSION, RecordError, replay, seat_steps
from spyhouse.engine.testing import scale

load_builtin_games()


def option_sets(game: Game[Any]) -> list[dict[str, bool]]:
    """Every combination of the game's on/off options (expansions, promos)."""
    props = game.options_schema().get("properties", {})
    flags = sorted(k for k, v in props.items() if v.get("type") == "boolean")
    combos = [
        dict(zip(flags, v, strict=True))
        for v in itertools.product([False, True], repeat=len(flags))
    ]
    return [options for options in combos if _valid(game, options)]


def _valid(game: Game[Any], options: dict[str, bool]) -> bool:
    try:
        game.parse_options(options)
    except ValueError:
        return False  # e.g. the Roulette without the VIP expansion
    return True


CASES = [
    pytest.param(
        game.id,
        options,
        seats,
        id=f"{game.id}-{seats}p-{'+'.join(k for k, v in options.items() if v) or 'base'}",
    )
    for game in sorted(all_games(), key=lambda g: g.id)
    for options in option_sets(game)
    for seats in game.seat_range(game.parse_options(options))
]


def play_record(
    game_id: str, options: dict[str, Any], seats: int, seed: int
) -> tuple[dict[str, Any], list[Any]]:
    """A random game as a full record, plus every seat's live views after each move."""
    game = next(g for g in all_games() if g.id == game_id)
    state = game.setup(seats, game.parse_options(options), seed)
    rng = Rng(seed + 99)
    moves, live = [], [[game.view(state, s) for s in [None, *range(seats)]]]
    while (outcome := game.outcome(state)) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        action = rng.choice(game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        moves.append({"version": len(moves) + 2, "seat": seat, "action": action})
        live.append([game.view(state, s) for s in [None, *range(seats)]])
    record = {
        "format": FORMAT,
        "version": VERSION,
        "game": game_id,
        "options": options,
        "seed": seed,
        "seats": [{"seat": s, "name": f"P{s}", "kind": "human"} for s in range(seats)],
        "moves": moves,
        "outcome": outcome.to_json(),
    }
    return record, live


@pytest.mark.parametrize(("game_id", "options", "seats"), CASES)
def test_a_record_replays_to_its_outcome_and_each_chair_sees_what_it_saw_live(
    game_id, options, seats
):
    for seed in range(scale(1)):
        record, live = play_record(game_id, options, seats, seed)
        verified = replay(record)
        assert verified.outcome == record["outcome"]
        assert verified.moves == len(record["moves"])
        for chair in {None, 0, seats - 1}:
            shown = seat_steps(record, chair)
            column = 0 if chair is None else chair + 1
            assert [s["view"] for s in shown] == [views[column] for views in live]
            assert all(s["action"] is None for s in shown if s["seat"] != chair)


def _sample() -> dict[str, Any]:
    record, _ = play_record("spies", {}, 2, seed=5)
    return record


def test_a_truncated_record_is_refused():
    record = _sample()
    record["moves"] = record["moves"][:-1]
    with pytest.raises(RecordError, match="before the game ended"):
        replay(record)


def test_a_record_with_an_altered_move_is_refused():
    record = _sample()
    for i, move in enumerate(record["moves"]):
        tampered = copy.deepcopy(record)
        tampered["moves"][i]["seat"] = (move["seat"] + 1) % 2
        try:
            replay(tampered)
        except RecordError:
            return
    pytest.fail("no change of seat was caught")


def test_a_record_claiming_another_outcome_is_refused():
    record = _sample()
    record["outcome"] = {**record["outcome"], "winners": [9]}
    with pytest.raises(RecordError, match="different outcome"):
        replay(record)


@pytest.mark.parametrize(
    ("mutate", "reason"),
    [
        (lambda r: r.update(format="pgn"), "Not a Spyhouse game record"),
        (lambda r: r.update(version=99), "Unsupported record version"),
        (lambda r: r.update(game="chess"), "Unknown game"),
        (lambda r: r.pop("seed"), '"seed"'),
        (lambda r: r.update(seed=True), '"seed"'),
        (lambda r: r["moves"].__setitem__(0, "e2e4"), "Move 1 is not an object"),
        (lambda r: r.update(viewpoint=0), "one seat's record"),
    ],
)
def test_malformed_records_are_refused_with_the_reason(mutate, reason):
    record = _sample()
    mutate(record)
    with pytest.raises(RecordError, match=reason):
        replay(record)
