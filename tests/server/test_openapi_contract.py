"""The OpenAPI document says what the server does: who may call what, every error as a
problem document with a declared code, headers and strict bodies."""

from __future__ import annotations

from typing import Any

import pytest

from spyhouse.engine.refusals import REASONS
from spyhouse.server import create_app
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
