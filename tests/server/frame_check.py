"""Every frame a server test receives is checked against the published AsyncAPI
document (``/asyncapi.json``): the socket protocol is what the document says."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jsonschema_rs
import pytest
from websockets.asyncio.connection import Connection as AsyncConnection
from websockets.sync.connection import Connection as SyncConnection

from spyhouse.server.web import asyncapi

CHECKED: list[str] = []
"""The type of every frame checked in this process (a test asserts it saw them)."""


@cache
def _validators() -> dict[str, Any]:
    """One validator per server frame ``type``, resolving refs inside the document."""
    doc = asyncapi.document()
    validators = {}
    for operation in doc["operations"].values():
        if operation["action"] != "send":
            continue
        name = operation["messages"][0]["$ref"].rsplit("/", 1)[-1]
        payload = doc["components"]["messages"][name]["payload"]
        schema = {**payload, "components": doc["components"]}
        validators[name] = jsonschema_rs.validator_for(schema)
    return validators


def with_parts(frame: Any, held: dict[str, Any]) -> Any:
    """A state frame of a socket that asked for parts, each ``{"$part": id}`` replaced by
    the part (this frame's ``parts``, else ``held``: the previous frame's); ``held``
    becomes the parts this frame shows. Fails the test on a reference to a part the
    socket was never sent."""
    new = frame.get("parts") or {}
    shown: dict[str, Any] = {}

    def resolve(value: Any) -> Any:
        if isinstance(value, list):
            return [resolve(v) for v in value]
        if not isinstance(value, dict):
            return value
        if set(value) == {"$part"}:
            digest = value["$part"]
            part = new.get(digest, held.get(digest))
            if part is None:
                pytest.fail(f"a reference to a part this socket does not hold: {digest}")
            shown[digest] = part
            return part
        return {k: resolve(v) for k, v in value.items()}

    out = resolve({k: v for k, v in frame.items() if k != "parts"})
    held.clear()
    held.update(shown)
    return out


def check_frame(data: Any, parts: dict[str, Any] | None = None) -> None:
    """Fail the test when ``data`` (a received text frame) is not a frame of the
    document: an unknown ``type``, or a frame its schema refuses. ``parts``: what a
    socket that asked for parts holds (its state frames are checked with them replaced)."""
    if not isinstance(data, str):
        pytest.fail(f"the server sent a binary frame: {data!r:.80}")
    frame = json.loads(data)
    if parts is not None and isinstance(frame, dict) and "parts" in frame:
        frame = with_parts(frame, parts)
    kind = frame.get("type") if isinstance(frame, dict) else None
    validator = _validators().get(kind)  # type: ignore[arg-type]
    if validator is None:
        pytest.fail(f"the server sent a frame the AsyncAPI document lacks: {data:.200}")
    errors = [str(e) for e in validator.iter_errors(frame)]
    if errors:
        pytest.fail(f"a {kind} frame breaks the AsyncAPI schema: {errors[:3]} in {data:.300}")
    CHECKED.append(kind)


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Check every frame received through ``websockets`` (sync and asyncio clients)."""
    sync_recv = SyncConnection.recv
    async_recv = AsyncConnection.recv

    def recv(self: SyncConnection, *args: Any, **kwargs: Any) -> Any:
        data = sync_recv(self, *args, **kwargs)
        check_frame(data, _held(self))
        return data

    async def arecv(self: AsyncConnection, *args: Any, **kwargs: Any) -> Any:
        data = await async_recv(self, *args, **kwargs)
        check_frame(data, _held(self))
        return data

    monkeypatch.setattr(SyncConnection, "recv", recv)
    monkeypatch.setattr(AsyncConnection, "recv", arecv)


def _held(connection: Any) -> dict[str, Any]:
    """The parts a test connection holds (kept on the connection)."""
    held: dict[str, Any] | None = getattr(connection, "spyhouse_parts", None)
    if held is None:
        held = connection.spyhouse_parts = {}
    return held
