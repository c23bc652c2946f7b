"""Game records: a finished game as a versioned JSON document, and its verification.

A **full record** (format ``spyhouse-record``, version 1) holds all that is needed to
replay a game through its engine and so to check it::

    {
      "format": "spyhouse-record", "version": 1,
      "game": "spies", "options": {...}, "seed": 1234,
      "seats": [{"seat": 0, "name": "Ann", "kind": "human"}, ...],
      "moves": [{"version": 3, "seat": 0, "action": {...}}, ...],
      "outcome": {"winners": [0], "scores": null, "detail": {...}}
    }

``moves`` are the committed actions in order (``version`` is the table version each
created). The seed is hidden information while a game runs (it decides every shuffle),
so a full record exists only after the end, and only where the log was published.

A **seat record** (``"viewpoint": k``) is what seat ``k`` saw: no seed, its own actions
and the events it could read, version by version. It documents a game but cannot be
replayed, because the shuffles it would need are exactly what the seat never knew.

:func:`replay` re-plays a full record and refuses a tampered or truncated one with a
:class:`RecordError` saying what is wrong; :func:`seat_steps` turns a full record into
what one seat (or a spectator) was shown after every move.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from spyhouse.engine.contract import JSON, Event, Game, IllegalAction
from spyhouse.engine.parts import GameState
from spyhouse.engine.registry import get_game

FORMAT = "spyhouse-record"
VERSION = 1


class RecordError(ValueError):
    """A record that is not a well-formed, complete, honest game: the reason says why."""


@dataclass(frozen=True)
class Step:
    """The table after one move (or, for ``index == 0``, right after the setup)."""

    index: int
    version: int | None
    seat: int | None
    action: dict[str, JSON] | None
    state: GameState
    events: list[Event]


def _field(record: Mapping[str, JSON], key: str, kind: type | tuple[type, ...]) -> Any:
    value = record.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise RecordError(f'The record\'s "{key}" is missing or has the wrong type.')
    return value


def _check_header(record: Mapping[str, JSON]) -> Game[Any]:
    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        raise RecordError(f'Not a Spyhouse game record (expected "format": "{FORMAT}").')
    if record.get("version") != VERSION:
        raise RecordError(f"Unsupported record version {record.get('version')!r}.")
    if "viewpoint" in record:
        raise RecordError(
            "This is one seat's record: it holds no seed, so it cannot be replayed. "
            "Ask the host to publish the log for a full record."
        )
    game = get_game(_field(record, "game", str))
    if game is None:
        raise RecordError(f"Unknown game {record.get('game')!r}.")
    return game


def steps(record: Mapping[str, JSON]) -> Iterator[Step]:
    """Replay a full record move by move; :class:`RecordError` at the first bad move."""
    game = _check_header(record)
    seats = _field(record, "seats", list)
    seed = _field(record, "seed", int)
    try:
        options = game.parse_options(_field(record, "options", dict))
        state = game.setup(len(seats), options, seed)
    except ValueError as exc:
        raise RecordError(f"The record's table cannot be set up: {exc}") from None
    yield Step(0, None, None, None, state, game.setup_events(state))
    for index, move in enumerate(_field(record, "moves", list), start=1):
        if not isinstance(move, Mapping):
            raise RecordError(f"Move {index} is not an object.")
        seat, action = move.get("seat"), move.get("action")
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(action, dict):
            raise RecordError(f"Move {index} needs a seat number and an action object.")
        try:
            state, events = game.apply(state, seat, action)
        except IllegalAction as exc:
            raise RecordError(
                f"Move {index} (seat {seat}) is not legal there: {exc.message} "
                "The record was altered or belongs to another game."
            ) from None
        version = move.get("version")
        yield Step(
            index, version if isinstance(version, int) else None, seat, action, state, events
        )


@dataclass(frozen=True)
class Verified:
    game: str
    moves: int
    outcome: dict[str, JSON]


def replay(record: Mapping[str, JSON]) -> Verified:
    """Replay a full record to its end and check it reaches the recorded outcome."""
    game = _check_header(record)
    *_, last = steps(record)  # steps() always yields at least the setup
    outcome = game.outcome(last.state)
    if outcome is None:
        raise RecordError(
            f"The record stops after {last.index} moves, before the game ended "
            "(truncated, or moves were removed)."
        )
    if outcome.to_json() != record.get("outcome"):
        raise RecordError(
            "Replaying the moves gives a different outcome than the record states "
            f"({outcome.to_json()['winners']} won, not {_winners(record)})."
        )
    return Verified(game.id, last.index, outcome.to_json())


def _winners(record: Mapping[str, JSON]) -> Any:
    outcome = record.get("outcome")
    return outcome.get("winners") if isinstance(outcome, Mapping) else outcome


EVERYONE = "all"
"""The viewpoint of a published game's replay that shows every seat's view and event."""


def seat_steps(record: Mapping[str, JSON], seat: int | str | None) -> list[dict[str, JSON]]:
    """What ``seat`` (``None``: a spectator) was shown after the setup and every move:
    its view, who was to act, and the events it could read — the replay of a game from
    one chair. ``seat == "all"`` shows every seat's view and every event with its
    audience (for published logs)."""
    game = _check_header(record)
    everyone = seat == EVERYONE
    chair = seat if isinstance(seat, int) else None
    shown: list[dict[str, JSON]] = []
    for step in steps(record):
        item: dict[str, JSON] = {
            "index": step.index,
            "version": step.version,
            "seat": step.seat,
            "action": step.action
            if everyone or (chair is not None and step.seat == chair)
            else None,
            "view": game.view(step.state, chair),
            "to_act": sorted(game.to_act(step.state)),
            "events": [
                e.to_json() if everyone else {"type": e.type, "data": e.data}
                for e in step.events
                if everyone or e.visible_to(chair)
            ],
        }
        if everyone:
            item["views"] = [game.view(step.state, s) for s in range(step.state.num_seats)]
        shown.append(item)
    return shown
