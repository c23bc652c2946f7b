"""The OpenAPI document says what the server does: who may call what, every error as a
problem document with a declared code, headers and strict bodies."""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import pytest

from spyhouse import server
from spyhouse.engine import get_game
from spyhouse.engine.refusals import REASONS
from spyhouse.server import create_app
from spyhouse.server.table_events import KINDS
from spyhouse.server.web import openapi
from spyhouse.server.web.problems import SERVER_CODES
from spyhouse.server.web.schemas import BankClock, CreateTable, PerDecisionClock


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return create_app().openapi()


def _operations(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(m, p, op) for p, ops in doc["paths"].items() for m, op in ops.items()]


def test_every_error_of_every_operation_is_a_problem_document(doc) -> None:
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    for method, path, op in _operations(doc):
        for status, response in op["responses"].items():
            if int(status) >= 400:
                assert response["content"] == {
                    "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/ProblemDocument"}
                    }
                }, (method, path, status)
        assert "405" in op["responses"], (method, path)
        assert "Allow" in op["responses"]["405"]["headers"]
        if op.get("parameters") or "requestBody" in op:
            assert "422" in op["responses"], (method, path)
        if "requestBody" in op:
            assert "400" in op["responses"], (method, path)


@pytest.mark.parametrize(
    "method,path",
    [
        ("get", "/api/tables/{table_id}"),
        ("get", "/api/invites/{code}"),
        ("post", "/api/tables/{table_id}/start"),
        ("get", "/api/tables/{table_id}/view"),
        ("get", "/api/tables/{table_id}/chat"),
    ],
)
def test_operations_that_had_fastapis_422_declare_the_problem(doc, method, path) -> None:
    assert doc["paths"][path][method]["responses"]["422"]["content"].keys() == {
        "application/problem+json"
    }


def test_codes_and_reasons_are_enums_of_the_catalogue(doc) -> None:
    problem = doc["components"]["schemas"]["ProblemDocument"]["properties"]
    assert set(problem["code"]["enum"]) == set(SERVER_CODES)
    assert set(problem["reason"]["enum"]) == set(REASONS)


def test_security_is_declared_per_operation(doc) -> None:
    schemes = doc["components"]["securitySchemes"]
    assert {s["scheme"] for s in schemes.values()} == {"bearer"}
    paths = doc["paths"]
    assert paths["/api/tables/{table_id}/actions"]["post"]["security"] == [{"seatToken": []}]
    assert paths["/api/tables/{table_id}/start"]["post"]["security"] == [{"hostToken": []}]
    # a spectator reads without a token where the table allows it
    assert {} in paths["/api/tables/{table_id}/view"]["get"]["security"]
    assert paths["/api/games"]["get"]["security"] == []
    for method, path, op in _operations(doc):
        assert "security" in op, (method, path)


def test_the_public_list_declares_its_link_header(doc) -> None:
    assert "Link" in doc["paths"]["/api/tables"]["get"]["responses"]["200"]["headers"]


def test_a_clock_needs_no_kind_in_python_but_keeps_it_on_the_wire(doc) -> None:
    assert PerDecisionClock(seconds=60).model_dump() == {"kind": "per_decision", "seconds": 60}
    assert BankClock(seconds=60).kind == "bank"
    assert "kind" in doc["components"]["schemas"]["PerDecisionClock"]["required"]
    body = CreateTable(game="spies", clock=PerDecisionClock(seconds=60)).model_dump(mode="json")
    assert CreateTable.model_validate(body).clock == PerDecisionClock(seconds=60)


GAMES = ["estoril", "agencia", "spies", "conspiracy"]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_publishes_its_schemas_and_documents_are_typed_by_game(doc, game) -> None:
    schemas = doc["components"]["schemas"]
    prefix = game.capitalize()
    for part in ("Options", "Action", "View", "Event", "Outcome"):
        assert f"{prefix}{part}" in schemas
    action = schemas[f"{prefix}Action"]
    assert action["discriminator"]["propertyName"] == "type"
    for ref in action["discriminator"]["mapping"].values():
        assert ref.rsplit("/", 1)[-1] in schemas
    typed = schemas["TypedTableDocument"]["discriminator"]["mapping"]
    variant = schemas[typed[game].rsplit("/", 1)[-1]]
    items = variant["properties"]["legal_actions"]["items"]
    assert items == {"$ref": f"#/components/schemas/{prefix}Action"}
    posted = schemas["PostAction"]["properties"]["action"]["anyOf"]
    assert {"$ref": f"#/components/schemas/{prefix}Action"} in posted


def test_documents_of_a_table_refer_to_the_typed_document(doc) -> None:
    for path in ("/api/tables/{table_id}/view",):
        schema = doc["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
        assert schema["schema"] == {"$ref": "#/components/schemas/TypedTableDocument"}
    post = doc["paths"]["/api/tables/{table_id}/actions"]["post"]["responses"]["200"]
    assert post["content"]["application/json"]["schema"]["$ref"].endswith("TypedActionResult")


def test_the_games_list_links_each_games_schemas(http) -> None:
    games = {g["id"]: g for g in http.get("/api/games").json()}
    doc = http.get("/openapi.json").json()
    for game in GAMES:
        for link in games[game]["schemas"].values():
            path, _, pointer = link.partition("#")
            assert path == "/openapi.json"
            assert pointer.rsplit("/", 1)[-1] in doc["components"]["schemas"]


@pytest.mark.parametrize("game", GAMES)
def test_each_games_events_are_typed_per_kind_in_its_documents(doc, game) -> None:
    """A table document's events are the game's log events: one variant per kind (the
    game's own and the server's), each with that kind's closed data."""
    schemas = doc["components"]["schemas"]
    prefix = game.capitalize()
    event = schemas[f"{prefix}Event"]
    own = {ref.rsplit("/", 1)[-1] for ref in event["discriminator"]["mapping"].values()}
    assert own and own <= set(schemas)
    logged = schemas[f"{prefix}LoggedEvent"]["discriminator"]["mapping"]
    own_kinds = set(event["discriminator"]["mapping"])
    assert own_kinds <= set(logged)
    assert set(KINDS) <= set(logged), "the server's own events are in every game's log"
    for kind, ref in logged.items():
        variant = schemas[ref.rsplit("/", 1)[-1]]
        assert variant["properties"]["type"]["const"] == kind
        data = variant["properties"]["data"]
        # a kind both the game and the server write (game_started) has either's data
        assert ("anyOf" in data) == (kind in own_kinds and kind in KINDS), (game, kind)
        for one in data.get("anyOf", [data]):
            assert schemas[one["$ref"].rsplit("/", 1)[-1]]["additionalProperties"] is False
    result = schemas[f"{prefix}ActionResult"]["properties"]["events"]["items"]
    assert result == {"$ref": f"#/components/schemas/{prefix}LoggedEvent"}
    log = doc["paths"]["/api/tables/{table_id}/events"]["get"]["responses"]["200"]
    items = log["content"]["application/json"]["schema"]["items"]
    assert items == {"$ref": "#/components/schemas/TypedLoggedEvent"}


def _server_event_kinds() -> set[str]:
    """Every event kind the server's code writes: the literal first argument of
    ``Event.public`` (second of ``Event.private``), and the kinds its helpers are given."""
    kinds: set[str] = set()
    helpers = {"_back_to_player": 1, "_seat_commit": 3}
    for path in Path(server.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            at = None
            if isinstance(func, ast.Attribute) and getattr(func.value, "id", None) == "Event":
                at = {"public": 0, "private": 1}.get(func.attr)
            elif isinstance(func, ast.Name) and func.id in helpers:
                at = helpers[func.id]
            if at is not None and len(node.args) > at:
                arg = node.args[at]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    kinds.add(arg.value)
    return kinds


def test_every_event_the_server_writes_is_a_published_kind() -> None:
    written = _server_event_kinds()
    assert {"joined", "returned", "seat_emptied", "rematch"} <= written  # the scan works
    assert written <= set(KINDS), written - set(KINDS)


def test_two_different_schemas_of_one_game_by_one_name_are_refused(monkeypatch) -> None:
    """Components are named ``<Game><Type>``: a view's ``Place`` would silently replace
    the action ``Place``, so the document refuses to be built."""
    game = get_game("estoril")
    schemas = game.schemas()
    clash = copy.deepcopy(schemas["view"])
    clash["$defs"]["Place"] = {"type": "object", "properties": {"location": {"type": "string"}}}
    monkeypatch.setattr(type(game), "schemas", lambda self: {**schemas, "view": clash})
    with pytest.raises(ValueError, match="named Place"):
        openapi.add_game_components({}, [game])


def _references(node: Any) -> list[str]:
    """Every ``$ref`` and every discriminator's mapping target under ``node``."""
    if isinstance(node, list):
        return [ref for item in node for ref in _references(item)]
    if not isinstance(node, dict):
        return []
    found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
    mapping = node.get("discriminator", {}).get("mapping", {})
    found += list(mapping.values())
    return found + [ref for value in node.values() for ref in _references(value)]


def test_every_reference_and_discriminator_mapping_resolves(doc) -> None:
    """A union inside a game's schema (Estoril's prompt, by kind) keeps its mapping
    pointing at components, not at the engine's local ``#/$defs``."""
    schemas = doc["components"]["schemas"]
    refs = _references(doc)
    assert any("EstorilPlacePrompt" in ref for ref in refs)
    broken = {ref for ref in refs if ref.removeprefix("#/components/schemas/") not in schemas}
    assert broken == set()


def test_the_clock_and_no_content_answers_are_declared(doc) -> None:
    schemas = doc["components"]["schemas"]
    clock = schemas["EstorilTableDocument"]["properties"]["clock"]["anyOf"]
    assert {"$ref": "#/components/schemas/PublicClock"} in clock
    public = schemas["PublicClock"]
    assert public["additionalProperties"] is False
    assert set(public["properties"]["kind"]["enum"]) == {"per_decision", "bank", "correspondence"}
    assert public["properties"]["seats"]["items"] == {
        "$ref": "#/components/schemas/PublicSeatClock"
    }
    no_content = [op for _, _, op in _operations(doc) if "204" in op["responses"]]
    assert len(no_content) >= 5
    for op in no_content:
        assert "content" not in op["responses"]["204"]
