"""Print the documents the server publishes for clients, as one JSON object.

``{"openapi": …, "asyncapi": … | null}``, fetched over HTTP from the app factory's own
app (lifespan on, a throw-away SQLite file), so the browser client's generated types
come from exactly what a server serves, not from a second description of it. A server
that does not publish ``/asyncapi.json`` yet gives ``null`` there.
"""

from __future__ import annotations

import ast
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from spyhouse.server import create_app
from spyhouse.settings import Settings
from spyhouse.store import upgrade


def published() -> dict[str, object]:
    """The served ``/openapi.json`` and ``/asyncapi.json`` (``None`` when not served)."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'schemas.db'}"
        upgrade(url)  # what `spyhouse serve` does before listening
        settings = Settings.from_env(database_url=url)
        with TestClient(create_app(settings)) as client:
            openapi = client.get("/openapi.json")
            openapi.raise_for_status()
            asyncapi = client.get("/asyncapi.json")
            document = asyncapi.json() if asyncapi.status_code == 200 else None
            return {
                "openapi": openapi.json(),
                "asyncapi": document,
                "frames": asyncapi_frames(document) if document else source_frames(),
            }


def _resolve(document: dict[str, Any], node: Any) -> Any:
    """``node`` with its local ``$ref`` chain followed (``#/a/b`` pointers only)."""
    while isinstance(node, dict) and isinstance(ref := node.get("$ref"), str):
        node = document
        for part in ref.removeprefix("#/").split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def frame_type(document: dict[str, Any], message: Any) -> str | None:
    """The ``type`` a message's payload fixes (``const``, or a one-value ``enum``); a
    payload that is one of several schemas (the state frame, one per game) fixes the
    ``type`` all of them share."""
    payload = _resolve(document, _resolve(document, message).get("payload", {}))
    return _schema_type(document, payload)


def _schema_type(document: dict[str, Any], schema: dict[str, Any]) -> str | None:
    for union in ("oneOf", "anyOf", "allOf"):
        if union in schema:
            kinds = {_schema_type(document, _resolve(document, part)) for part in schema[union]}
            kinds.discard(None)
            return kinds.pop() if len(kinds) == 1 else None
    kind = _resolve(document, schema.get("properties", {}).get("type", {}))
    if "const" in kind:
        return str(kind["const"])
    enum = kind.get("enum", [])
    return str(enum[0]) if len(enum) == 1 else None


def asyncapi_frames(document: dict[str, Any]) -> dict[str, list[str]]:
    """Frame types by direction: an AsyncAPI 3 ``send`` operation is the server speaking
    (``server`` frames), ``receive`` is what it hears (``client`` frames)."""
    names: dict[str, set[str]] = {"server": set(), "client": set()}
    for operation in document.get("operations", {}).values():
        operation = _resolve(document, operation)
        side = "server" if operation.get("action") == "send" else "client"
        for message in operation.get("messages", []):
            if (kind := frame_type(document, message)) is not None:
                names[side].add(kind)
    return {side: sorted(kinds) for side, kinds in names.items()}


_NOT_FRAMES = {"integer", "number", "string", "boolean", "object", "array", "null"}
"""``"type"`` values in the server's source that are JSON Schema words, not frames."""


def source_frames() -> dict[str, list[str]]:
    """Frame types read from the server's source, for a server without an AsyncAPI
    document: every ``{"type": "…"}`` literal it builds (ASGI messages and schema words
    aside) is a frame it sends, every ``….get("type") == "…"`` / ``kind == "…"`` test
    one it hears."""
    import spyhouse.server

    sent: set[str] = set()
    heard: set[str] = set()
    for path in Path(spyhouse.server.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "type"
                        and isinstance(value, ast.Constant)
                        and isinstance(value.value, str)
                        and "." not in value.value
                        and value.value not in _NOT_FRAMES
                    ):
                        sent.add(value.value)
            elif isinstance(node, ast.Compare) and _is_frame_type(node.left):
                for right in node.comparators:
                    if isinstance(right, ast.Constant) and isinstance(right.value, str):
                        heard.add(right.value)
    return {"server": sorted(sent), "client": sorted(heard)}


def _is_frame_type(node: ast.expr) -> bool:
    """``message.get("type")`` (any receiver), or the ``kind`` it is kept in."""
    if isinstance(node, ast.Name):
        return node.id == "kind"
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == "type"
    )


if __name__ == "__main__":
    json.dump(published(), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
