"""Schemathesis fuzzes every operation of the OpenAPI document against a live server, on
SQLite and PostgreSQL: no server error, and every response (status, content type, body,
headers) is one the document promises.

Requests mix schemathesis' own values (valid and deliberately invalid) with real table
ids, invite codes, seat numbers and tokens, so the fuzzer gets past "unknown table" into
the lobby and play. ``SPYHOUSE_FUZZ_EXAMPLES`` sets the examples per operation and mode
(default 12, about a minute per backend on two cores); counts go to
``test-output/fuzz-<backend>.json``.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from spyhouse.store import upgrade
from tests.server.conftest import _backends, fresh_database, start_server
from tests.server.helpers import auth, open_table, start

EXAMPLES = int(os.environ.get("SPYHOUSE_FUZZ_EXAMPLES", "12"))
OUTPUT = Path(__file__).resolve().parents[2] / "test-output"
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    negative_data_rejection,
]


@dataclass
class World:
    """Real things for the fuzzer to aim at (plus whatever it makes up)."""

    table_ids: list[str] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)


def _world(http: httpx.Client) -> World:
    world = World()
    waiting = http.post(
        "/api/tables", json={"game": "highcard", "seats": 3, "host_name": "Ann", "private": False}
    ).json()
    world.table_ids.append(waiting["table_id"])
    world.codes.append(waiting["invite_code"])
    world.tokens += [waiting["host_token"], waiting["seat"]["seat_token"]]
    for game, seats, humans in (("highcard", 2, 2), ("spies", 2, 1), ("agencia", 3, 1)):
        table = open_table(http, game, seats, humans=humans, spectators=True, publish_log=True)
        start(http, table)
        world.table_ids.append(table.id)
        world.codes.append(table.invite_code)
        world.tokens += [table.host_token, *table.tokens.values()]
    world.tokens.append("not-a-token")
    return world


def _aim(world: World, case: Any, mode: GenerationMode) -> st.SearchStrategy[Any]:
    """The generated case, or the same aimed at a real table/invite/seat with a token.

    A negative case keeps its parameters and body (aiming could make them valid) and only
    gains a token."""

    def aimed(choice: tuple[str | None, str | None, int | None, str | None, str | None]) -> Any:
        table_id, code, seat, token, game = choice
        if mode is GenerationMode.NEGATIVE:
            table_id = code = seat = game = None
        if game is not None and isinstance(case.body, dict) and "game" in case.body:
            # otherwise almost every new table is an unknown game or a bad seat count
            case.body["game"] = game
            case.body.pop("seats", None)
            case.body.pop("options", None)
        params = case.path_parameters or {}
        if table_id is not None and "table_id" in params:
            params["table_id"] = table_id
        if code is not None and "code" in params:
            params["code"] = code
        if seat is not None and "seat" in params:
            params["seat"] = seat
        if token is not None:
            case.headers = {**(case.headers or {}), **auth(token)}
        return case

    maybe = lambda values: st.one_of(st.none(), st.sampled_from(values))  # noqa: E731
    return st.tuples(
        maybe(world.table_ids),
        maybe(world.codes),
        maybe([0, 1, 2, 5]),
        maybe(world.tokens),
        maybe(["highcard", "spies", "agencia", "estoril", "conspiracy"]),
    ).map(aimed)


@pytest.fixture(scope="module", params=_backends())
def fuzz_server(request, tmp_path_factory) -> Iterator[Any]:
    with fresh_database(request.param, tmp_path_factory.mktemp("fuzz")) as url:
        upgrade(url)
        srv = start_server(url, rate_limits=False)  # the fuzzer hammers on purpose
        try:
            yield request.param, srv
        finally:
            srv.stop()


def _fuzz(
    operation: Any,
    mode: GenerationMode,
    world: World,
    base_url: str,
    session: requests.Session,
    requests_per_operation: Counter[str],
    statuses: Counter[int],
) -> None:
    """Run the examples of one operation and mode; raises the first failure found."""

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(mode).flatmap(lambda case: _aim(world, case, mode)))
    def fuzz(case: Any) -> None:
        response = case.call(base_url=base_url, session=session, timeout=30)
        requests_per_operation[operation.label] += 1
        statuses[response.status_code] += 1
        case.validate_response(response, checks=CHECKS)

    fuzz()


@pytest.mark.slow  # a property run: schemathesis over every operation (~20 s a backend)
def test_fuzz_every_operation(fuzz_server):
    backend, srv = fuzz_server
    with httpx.Client(base_url=srv.url, timeout=30) as http:
        world = _world(http)
    schema = schemathesis.openapi.from_url(f"{srv.url}/openapi.json")
    session = requests.Session()
    requests_per_operation: Counter[str] = Counter()
    statuses: Counter[int] = Counter()
    failures: list[str] = []
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 12, [op.label for op in operations]

    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            try:
                _fuzz(operation, mode, world, srv.url, session, requests_per_operation, statuses)
            except Unsatisfiable:
                pass  # nothing to negate: e.g. no parameters, or only free-form strings
            except (Exception, BaseExceptionGroup) as exc:  # one failure must not hide others
                failures.append(f"{operation.label} ({mode.value}): {exc}")

    report = {
        "backend": backend,
        "examples_per_operation_and_mode": EXAMPLES,
        "operations": len(operations),
        "requests": sum(requests_per_operation.values()),
        "requests_per_operation": dict(sorted(requests_per_operation.items())),
        "statuses": {str(k): v for k, v in sorted(statuses.items())},
        "server_errors": sum(v for k, v in statuses.items() if k >= 500),
        "failures": failures,
    }
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / f"fuzz-{backend}.json").write_text(json.dumps(report, indent=2))
    print(json.dumps({k: v for k, v in report.items() if k != "failures"}, indent=2))
    assert failures == [], "\n\n".join(failures)
    assert report["server_errors"] == 0
    assert set(requests_per_operation) == {op.label for op in operations}
    assert srv.errors() == []
