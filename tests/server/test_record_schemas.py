"""Records and replays are typed per game in ``/openapi.json``: the two operations answer
with the games' documents (by ``game``), whose moves, views and events are that game's
schemas, and what a server sends for a finished game of each title — full and seat
records, replays from a seat, the public and everyone — is what the document says."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import jsonschema_rs
import pytest

from spyhouse.server import create_app
from tests.server.helpers import auth, open_table, play_to_end_over_rest, start

GAMES = {"estoril": 2, "agencia": 3, "spies": 2, "conspiracy": 2}
REF = "#/components/schemas/"
RECORD = "/api/tables/{table_id}/record"
REPLAY = "/api/tables/{table_id}/replay"


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return create_app().openapi()


def _ok_schema(doc: dict[str, Any], path: str) -> dict[str, Any]:
    return doc["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]


def _refs(schema: dict[str, Any]) -> set[str]:
    return {s["$ref"].removeprefix(REF) for s in schema.get("anyOf", schema.get("oneOf", []))}


def test_the_record_and_the_replay_answer_with_documents_typed_by_game(doc) -> None:
    assert _refs(_ok_schema(doc, RECORD)) == {"TypedFullRecord", "TypedSeatRecord"}
    assert _refs(_ok_schema(doc, REPLAY)) == {"TypedChairReplay", "TypedEveryoneReplay"}
    schemas = doc["components"]["schemas"]
    for typed in ("TypedFullRecord", "TypedSeatRecord", "TypedChairReplay", "TypedEveryoneReplay"):
        union = schemas[typed]
        assert union["discriminator"]["propertyName"] == "game"
        mapping = union["discriminator"]["mapping"]
        assert [{"$ref": ref} for ref in mapping.values()] == union["oneOf"]
        for game in GAMES:
            variant = schemas[mapping[game].removeprefix(REF)]
            assert variant["properties"]["game"]["const"] == game


def _item(schemas: dict[str, Any], variant: dict[str, Any], field: str) -> dict[str, Any]:
    """The component of the items of ``variant``'s list ``field``."""
    return schemas[variant["properties"][field]["items"]["$ref"].removeprefix(REF)]


@pytest.mark.parametrize("game", list(GAMES))
def test_each_games_records_and_replays_hold_its_own_schemas(doc, game) -> None:
    schemas = doc["components"]["schemas"]
    prefix = game.capitalize()

    def ref(part: str) -> dict[str, str]:
        return {"$ref": f"{REF}{prefix}{part}"}

    nullable = {"anyOf": [ref("Action"), {"type": "null"}]}
    full = schemas[f"{prefix}FullRecord"]
    assert full["properties"]["options"] == ref("Options")
    assert full["properties"]["outcome"] == ref("Outcome")
    assert {"seed", "moves"} <= set(full["required"])
    assert _item(schemas, full, "moves")["properties"]["action"] == ref("Action")

    seat = schemas[f"{prefix}SeatRecord"]
    assert seat["properties"]["options"] == ref("Options")
    assert seat["properties"]["outcome"] == ref("Outcome")
    assert {"viewpoint", "entries"} <= set(seat["required"]) and "seed" not in seat["properties"]
    entry = _item(schemas, seat, "entries")
    assert {k: v for k, v in entry["properties"]["action"].items() if k != "description"} == (
        nullable
    )
    assert entry["properties"]["events"]["items"] == ref("RecordEvent")
    # a seat's record holds the log's events: the game's kinds and the server's
    kinds = schemas[f"{prefix}RecordEvent"]["discriminator"]["mapping"]
    assert set(schemas[f"{prefix}Event"]["discriminator"]["mapping"]) < set(kinds)
    assert kinds["joined"] == f"{REF}TableJoinedEvent"

    chair = _item(schemas, schemas[f"{prefix}ChairReplay"], "steps")
    assert chair["properties"]["view"] == ref("View")
    assert chair["properties"]["events"]["items"] == ref("Event")
    assert "views" not in chair["properties"]
    everyone = schemas[f"{prefix}EveryoneReplay"]
    assert everyone["properties"]["viewpoint"]["const"] == "all"
    step = _item(schemas, everyone, "steps")
    assert step["properties"]["views"]["items"] == ref("View")
    assert step["properties"]["events"]["items"] == ref("AudienceEvent")
    for variant_ref in schemas[f"{prefix}AudienceEvent"]["discriminator"]["mapping"].values():
        variant = schemas[variant_ref.removeprefix(REF)]
        assert "audience" in variant["required"] and variant["additionalProperties"] is False


# -- what the server sends is what the document says ----------------------------------


@cache
def _validator(text: str, target: str) -> Any:
    """A validator of ``target`` (a schema as JSON text) resolving inside the document."""
    document = json.loads(text)
    schema = {**json.loads(target), "components": document["components"]}
    return jsonschema_rs.validator_for(schema)


def _errors(doc_text: str, schema: dict[str, Any], body: Any) -> list[str]:
    validator = _validator(doc_text, json.dumps(schema, sort_keys=True))
    return [f"{e.instance_path}: {e.message}"[:300] for e in validator.iter_errors(body)]


def _valid(doc_text: str, schema: dict[str, Any], body: Any) -> bool:
    """Whether ``body`` is valid (no error list: listing every branch's is slow)."""
    return bool(_validator(doc_text, json.dumps(schema, sort_keys=True)).is_valid(body))


def _conforms(doc_text: str, doc: dict[str, Any], path: str, body: Any, kind: str) -> None:
    """``body`` is valid as the operation's answer, and as its game's ``kind`` of
    document, the one ``Typed<kind>``'s discriminator names (validators do not read
    ``discriminator``: it is checked here)."""
    variant = f"{REF}{body['game'].capitalize()}{kind}"
    assert _errors(doc_text, {"$ref": variant}, body) == [], variant
    assert _errors(doc_text, _ok_schema(doc, path), body) == [], path
    typed = doc["components"]["schemas"][f"Typed{kind}"]
    assert typed["discriminator"]["mapping"][body["game"]] == variant


def _finished(http, game: str, publish: bool):
    table = open_table(http, game, GAMES[game], humans=1, publish_log=publish)
    start(http, table)
    play_to_end_over_rest(http, table, seed=7)
    return table


@pytest.mark.parametrize("game", list(GAMES))
def test_records_and_replays_of_a_finished_game_follow_the_document(http, game) -> None:
    response = http.get("/openapi.json")
    doc_text, doc = response.text, response.json()

    published = _finished(http, game, publish=True)
    base = f"/api/tables/{published.id}"
    seat0 = auth(published.tokens[0])
    full = http.get(f"{base}/record", headers=seat0).json()
    assert "seed" in full and full["moves"], full.keys()
    _conforms(doc_text, doc, RECORD, full, "FullRecord")
    replays = {}
    for viewpoint in ("0", "1", "public", "all"):
        r = http.get(f"{base}/replay", params={"viewpoint": viewpoint}, headers=seat0)
        assert r.status_code == 200, r.text
        replays[viewpoint] = r.json()
        assert replays[viewpoint]["game"] == game
        kind = "EveryoneReplay" if viewpoint == "all" else "ChairReplay"
        _conforms(doc_text, doc, REPLAY, replays[viewpoint], kind)
    assert any(e["audience"] is not None for s in replays["all"]["steps"] for e in s["events"])

    private = _finished(http, game, publish=False)
    base = f"/api/tables/{private.id}"
    mine = http.get(f"{base}/record", headers=auth(private.tokens[0])).json()
    assert mine["viewpoint"] == 0 and "seed" not in mine
    assert any(e["action"] is not None for e in mine["entries"])
    _conforms(doc_text, doc, RECORD, mine, "SeatRecord")
    public = http.get(f"{base}/record", headers=auth(private.host_token)).json()
    assert public["viewpoint"] is None
    _conforms(doc_text, doc, RECORD, public, "SeatRecord")
    # the record's events are the log's, typed alike (a kind both the game and the
    # server write, Conspiracy's game_started, is either's in both)
    log = http.get(f"{base}/events", headers=auth(private.tokens[0])).json()
    items = {"type": "array", "items": {"$ref": f"{REF}{game.capitalize()}LoggedEvent"}}
    assert _errors(doc_text, items, log) == []
    own = http.get(f"{base}/replay", headers=auth(private.tokens[0])).json()
    assert own["viewpoint"] == 0
    _conforms(doc_text, doc, REPLAY, own, "ChairReplay")

    # the typed schemas refuse what is not the game's: a move that is no action of it,
    # a step without its view, an event of another kind
    schema = _ok_schema(doc, RECORD)
    tampered = copy.deepcopy(full)
    tampered["moves"][0]["action"] = {"type": "no_such_action"}
    assert not _valid(doc_text, schema, tampered)
    tampered = copy.deepcopy(mine)
    tampered["entries"][0]["events"].append({"type": "no_such_event", "data": {}})
    assert not _valid(doc_text, schema, tampered)
    tampered = copy.deepcopy(replays["0"])
    tampered["steps"][-1]["view"] = {}
    assert not _valid(doc_text, _ok_schema(doc, REPLAY), tampered)
