"""The table socket as an AsyncAPI 3 document (``/asyncapi.json``), made from the frame
models of :mod:`spyhouse.server.web.protocol`: the same schemas the server's tests check
every received frame against, so a client generated from it cannot disagree with the
server. The document describes the server: it *receives* what a client sends and
*sends* the frames a client reads.
"""

from __future__ import annotations

import copy
import functools
import re
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from spyhouse import __version__
from spyhouse.engine import Game, all_games
from spyhouse.server.web.openapi import add_game_components, type_by_game
from spyhouse.server.web.protocol import CLIENT_MESSAGES, SERVER_FRAMES, StateFrame

CHANNEL = "table"
ADDRESS = "/ws/tables/{table_id}"
_REF = "#/components/schemas/{model}"


def _message_name(model: type[BaseModel], sent_by_client: bool) -> str:
    """``auth`` … for what a client sends, ``state`` … for what it reads (the ``type``)."""
    kind = model.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
    return f"{kind}_message" if sent_by_client and kind == "chat" else str(kind)


def _summary(model: type[BaseModel]) -> str:
    text = (model.__doc__ or model.__name__).strip().split("\n\n")[0]
    return re.sub(r"\s+", " ", text).replace("``", "`")


def document() -> dict[str, Any]:
    """The AsyncAPI 3.0 document of ``WS /ws/tables/{table_id}`` for the hosted games.

    Made once per set of games (the games' schemas take a few tenths of a second to
    generate, which every app a process creates, each test server among them, paid);
    each caller gets its own copy."""
    return copy.deepcopy(_document(tuple(all_games())))


@functools.lru_cache(maxsize=4)
def _document(games: tuple[Game, ...]) -> dict[str, Any]:
    models = [*CLIENT_MESSAGES, *SERVER_FRAMES]
    _, top = models_json_schema([(model, "validation") for model in models], ref_template=_REF)
    schemas: dict[str, Any] = top.get("$defs", {})
    # The state frame typed per game, with the same game schemas as /openapi.json.
    add_game_components(schemas, list(games))
    typed_state = type_by_game(schemas, StateFrame.__name__, list(games))
    messages: dict[str, Any] = {}
    operations: dict[str, Any] = {}
    for model in models:
        by_client = model in CLIENT_MESSAGES
        name = _message_name(model, by_client)
        messages[name] = {
            "name": name,
            "title": model.__name__,
            "summary": _summary(model),
            "contentType": "application/json",
            "payload": {
                "$ref": _REF.format(model=typed_state if model is StateFrame else model.__name__)
            },
        }
        operations[f"{'receive' if by_client else 'send'}_{name}"] = {
            "action": "receive" if by_client else "send",
            "channel": {"$ref": f"#/channels/{CHANNEL}"},
            "summary": _summary(model),
            "messages": [{"$ref": f"#/channels/{CHANNEL}/messages/{name}"}],
        }
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Spyhouse table socket",
            "version": __version__,
            "description": "Live views and actions of one table. Send `auth` first (a "
            "seat's or the host's token, or none to spectate); then receive a `state` "
            "frame at once and after every committed change (your own view, your legal "
            "actions and the events you may read). `error` frames carry the REST "
            "problem document and codes. A refused `auth` closes with 4000 + status.",
        },
        "defaultContentType": "application/json",
        "channels": {
            CHANNEL: {
                "address": ADDRESS,
                "parameters": {"table_id": {"description": "The table's id"}},
                "messages": {name: {"$ref": f"#/components/messages/{name}"} for name in messages},
            }
        },
        "operations": operations,
        "components": {"messages": messages, "schemas": schemas},
    }


def docs_markdown() -> str:
    """The frames as a list for the OpenAPI description, so ``/docs`` shows them too:
    the document's messages, in its order, read from the same models."""
    lines = ["", "### The table socket (`/asyncapi.json`, AsyncAPI 3)", ""]
    for model in [*CLIENT_MESSAGES, *SERVER_FRAMES]:
        by_client = model in CLIENT_MESSAGES
        who = "client →" if by_client else "→ client"
        lines.append(f"- {who} `{_message_name(model, by_client)}`: {_summary(model)}")
    return "\n".join(lines) + "\n"
