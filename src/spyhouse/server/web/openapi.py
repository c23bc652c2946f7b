"""The published OpenAPI document: FastAPI's, completed where FastAPI cannot know.

FastAPI describes what the routes declare; this adds what the server does around them,
so a client generated from ``/openapi.json`` knows it too:

- who may call each operation (bearer schemes for seat and host tokens, and an empty
  requirement where an anonymous spectator may read), read from the route's own
  dependencies, so the document and the checks cannot disagree;
- every 4xx as a problem document (never FastAPI's ``HTTPValidationError``, which the
  server never sends): 400 for a body that is not JSON, 405 with ``Allow``, 413 and 429
  everywhere, 422 wherever a parameter or body is read;
- the ``Link`` header of a paginated list;
- each hosted game's schemas (``Game.schemas``: options, actions, view, events,
  outcome) as components named after the game (``EstorilAction``…), and the documents
  typed per game: a table document, a game record or a replay is one of the games' (by
  ``game``), its ``legal_actions``, moves, views and events that game's; an action
  posted is one of the games' actions.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any, get_args

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute, iter_route_contexts
from pydantic import TypeAdapter

from spyhouse.engine import Game, all_games
from spyhouse.server import access
from spyhouse.server.table_events import TableEvent
from spyhouse.server.web.problems import PROBLEM_JSON, PROBLEM_STATUSES

SEAT_TOKEN = "seatToken"
HOST_TOKEN = "hostToken"
SECURITY_SCHEMES = {
    SEAT_TOKEN: {
        "type": "http",
        "scheme": "bearer",
        "description": "A seat's token (`seat_token` from creating or joining a table): "
        "acts and reads as that seat.",
    },
    HOST_TOKEN: {
        "type": "http",
        "scheme": "bearer",
        "description": "The table's `host_token` (from creating it): host controls; "
        "reads as a spectator.",
    },
}

SPECTATOR_SECURITY: list[dict[str, list[str]]] = [{SEAT_TOKEN: []}, {HOST_TOKEN: []}, {}]
SPECTATOR_NOTE = (
    "**Spectators:** without a token this reads as a spectator, at a table created with "
    '`"spectators": true` (elsewhere 401 `missing_token`); the host token reads as a '
    "spectator too."
)

_PROBLEM = {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/ProblemDocument"}}}
_ALLOW = {
    "Allow": {
        "description": "The methods this path offers",
        "schema": {"type": "string"},
    }
}
_LINK = {
    "Link": {
        "description": 'The next page, when this one is full: `<…?before=ID>; rel="next"`',
        "schema": {"type": "string"},
    }
}
PAGINATED = {("get", "/api/tables")}
"""Operations whose full page carries a ``Link`` to the next."""


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for sub in dependant.dependencies:
        if sub.call is not None:
            yield sub.call
        yield from _calls(sub)


def _dependency(annotated: Any) -> Callable[..., Any]:
    """The function behind a ``deps`` annotation (``Annotated[…, Depends(f)]``)."""
    return get_args(annotated)[1].dependency  # type: ignore[no-any-return]


def security_of(dependant: Dependant) -> list[dict[str, list[str]]]:
    """Who may call an operation, from the dependencies it resolves (``deps``)."""
    calls = set(_calls(dependant))
    if _dependency(access.Host) in calls:
        return [{HOST_TOKEN: []}]
    if calls & {_dependency(access.Seated), _dependency(access.Acting)}:
        return [{SEAT_TOKEN: []}]
    if calls & {_dependency(access.Reader), _dependency(access.Speaking)}:
        # A seat reads as itself, the host as a spectator, and nobody at all where the
        # table allows spectators (``{}``: no token).
        return [dict(s) for s in SPECTATOR_SECURITY]
    if _dependency(access.Token) in calls:  # a seat's token: a player whose seat is held
        return [{SEAT_TOKEN: []}]
    if _dependency(access.MaybeToken) in calls:
        # Anyone; a seat's token, if sent, takes back a seat a bot held meanwhile.
        return [{}, {SEAT_TOKEN: []}]
    return []


def component_prefix(game: Game) -> str:
    """``EstorilAction``, ``AgenciaView``…: the game's id in the components' names."""
    return "".join(part.capitalize() for part in game.id.split("_"))


def game_schema_links(game: Game) -> dict[str, str]:
    """Where ``/openapi.json`` keeps each of the game's schemas (``GET /api/games``)."""
    prefix = component_prefix(game)
    return {
        part: f"/openapi.json#/components/schemas/{prefix}{part.capitalize()}"
        for part in ("options", "action", "view", "event", "outcome")
    }


def _renamed(node: Any, names: dict[str, str]) -> Any:
    """``node`` with every local ``#/$defs/X`` reference pointing at its component."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return {**node, "$ref": f"#/components/schemas/{names[ref[8:]]}"}
        out = {k: _renamed(v, names) for k, v in node.items()}
        mapping = node.get("discriminator", {}).get("mapping")
        if isinstance(mapping, dict):  # a union inside a schema (a view's prompt)
            out["discriminator"] = {
                **node["discriminator"],
                "mapping": {
                    k: f"#/components/schemas/{names[v[8:]]}" if v.startswith("#/$defs/") else v
                    for k, v in mapping.items()
                },
            }
        return out
    if isinstance(node, list):
        return [_renamed(v, names) for v in node]
    return node


def _game_components(game: Game) -> dict[str, Any]:
    """The game's schemas as components: each under ``<Game><Part>``, their own
    definitions under ``<Game><Name>`` so two games' ``Pass`` never meet."""
    prefix = component_prefix(game)
    out: dict[str, Any] = {}
    for part, schema in game.schemas().items():
        defs = schema.pop("$defs", {})
        names = {name: f"{prefix}{name}" for name in defs}
        for name, definition in defs.items():
            # the title names a generated client's class: two games' Pass must differ
            component = _renamed(definition, names) | {"title": names[name]}
            known = out.get(names[name])
            if known is not None and _without_defaults(known) != _without_defaults(component):
                # two of the game's types by one name would publish only the last one
                raise ValueError(f"{game.id}: two different schemas are named {name}")
            out.setdefault(names[name], component)  # an action's keeps its tag's default
        mapping = schema.get("discriminator", {}).get("mapping")
        if mapping:
            schema["discriminator"]["mapping"] = {
                k: f"#/components/schemas/{names[v[8:]]}" for k, v in mapping.items()
            }
        name = f"{prefix}{part.capitalize()}"
        out[name] = _renamed(schema, names) | {"title": name}
    return out


def _without_defaults(node: Any) -> Any:
    """``node`` without ``default`` keys: an action type met again in a view is the same
    type, though only the action schema gives its tag a default."""
    if isinstance(node, dict):
        return {k: _without_defaults(v) for k, v in node.items() if k != "default"}
    if isinstance(node, list):
        return [_without_defaults(v) for v in node]
    return node


GAME_PARTS = {
    "options": "Options",
    "action": "Action",
    "legal_actions": "Action",
    "view": "View",
    "views": "View",
    "outcome": "Outcome",
}
"""Fields of a document that hold one of its game's schemas (or a list of them, or
null): in the game's variant, they are ``<Game><Part>``."""

GAME_EVENTS = {
    "LoggedEvent": "LoggedEvent",
    "RecordEvent": "RecordEvent",
    "GameEvent": "Event",
    "AudienceEvent": "AudienceEvent",
}
"""The documents' untyped events and what each is in a game's variant: ``<Game><…>``."""


def type_by_game(schemas: dict[str, Any], base: str, games: list[Game]) -> str:
    """Add ``<Game><base>`` for each game (the base's fields with the game's types in
    place, and so each part it holds, e.g. ``<Game>RecordMove``) and ``Typed<base>``, one
    of them by ``game``; returns that name."""
    variants = {game.id: f"{_REF}{_game_variant(schemas, base, game)}" for game in games}
    typed = f"Typed{base}"
    schemas[typed] = {
        "title": typed,
        "description": f"{base}, typed by its game",
        "oneOf": [{"$ref": v} for v in variants.values()],
        "discriminator": {"propertyName": "game", "mapping": variants},
    }
    return typed


def _game_variant(schemas: dict[str, Any], base: str, game: Game) -> str:
    """``<Game><base>``: a copy of the component ``base`` with the game's types in place
    (a copy, not ``allOf``: generators cannot narrow a ``str`` field to a constant
    through ``allOf``)."""
    prefix = component_prefix(game)
    name = f"{prefix}{base}"
    variant = copy.deepcopy(schemas[base])
    variant["title"] = name
    variant["description"] = f"{variant.get('description', base)} ({game.title})"
    properties = variant.get("properties", {})
    for key, prop in properties.items():
        if key == "game":
            properties[key] = {"type": "string", "const": game.id, "title": "Game"}
        elif key in GAME_PARTS:
            properties[key] = _with_part(prop, f"{_REF}{prefix}{GAME_PARTS[key]}")
        else:
            properties[key] = _game_refs(schemas, prop, game)
    for key in variant.keys() - {"properties"}:
        variant[key] = _game_refs(schemas, variant[key], game)
    known = schemas.get(name)
    if known is not None and known != variant:
        # a game's own type of that name (or one met twice, differently)
        raise ValueError(f"{game.id}: two different schemas are named {name}")
    schemas[name] = variant
    return name


def _with_part(prop: dict[str, Any], ref: str) -> dict[str, Any]:
    """The field ``prop`` (an object, a list of them, or either or null) holding ``ref``."""
    described = {"description": prop["description"]} if "description" in prop else {}
    if prop.get("type") == "array":
        return {"type": "array", "items": {"$ref": ref}, **described}
    if {"type": "null"} in prop.get("anyOf", []):
        return {"anyOf": [{"$ref": ref}, {"type": "null"}], **described}
    return {"$ref": ref}


def _game_refs(schemas: dict[str, Any], node: Any, game: Game) -> Any:
    """``node`` with its references to untyped events and to parts that hold the game's
    types (a move, a step) pointing at the game's own."""
    if isinstance(node, list):
        return [_game_refs(schemas, v, game) for v in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith(_REF):
        name = ref.removeprefix(_REF)
        if name in GAME_EVENTS:
            return {**node, "$ref": f"{_REF}{component_prefix(game)}{GAME_EVENTS[name]}"}
        if _holds_game_types(schemas, name, set()):
            return {**node, "$ref": f"{_REF}{_game_variant(schemas, name, game)}"}
        return node
    return {k: _game_refs(schemas, v, game) for k, v in node.items()}


def _holds_game_types(schemas: dict[str, Any], name: str, seen: set[str]) -> bool:
    """Whether the component ``name`` has a game's part or events, itself or below."""
    if name in GAME_EVENTS:
        return True
    if name in seen or name not in schemas:
        return False
    seen.add(name)
    schema = schemas[name]
    if set(schema.get("properties", {})) & ({"game"} | set(GAME_PARTS)):
        return True
    return any(
        _holds_game_types(schemas, ref.removeprefix(_REF), seen)
        for ref in _references(schema)
        if ref.startswith(_REF)
    )


def _references(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from _references(value)
    elif isinstance(node, list):
        for value in node:
            yield from _references(value)


def add_game_components(schemas: dict[str, Any], games: list[Game]) -> None:
    """Every game's own schemas (:func:`_game_components`) into ``schemas``, and where
    the document has the untyped events they stand for: the events the server writes
    (``Table…``), each game's log events (:func:`_logged_events`), the events of its
    seat records (:func:`_record_events`) and of its replays from every chair
    (:func:`_audience_events`)."""
    for game in games:
        schemas.update(_game_components(game))
    if "LoggedEvent" in schemas or "RecordEvent" in schemas:
        schemas.update(_server_event_components())
    if "LoggedEvent" in schemas:
        for game in games:
            _logged_events(schemas, game)
        schemas["TypedLoggedEvent"] = {
            "title": "TypedLoggedEvent",
            "description": "An event of a table's log: one of its game's (each game's "
            "LoggedEvent, discriminated by type)",
            "anyOf": [{"$ref": f"{_REF}{component_prefix(g)}LoggedEvent"} for g in games],
        }
    if "RecordEvent" in schemas:
        for game in games:
            _record_events(schemas, game)
    if "AudienceEvent" in schemas:
        for game in games:
            _audience_events(schemas, game)


_REF = "#/components/schemas/"
SERVER_EVENT_PREFIX = "Table"
"""The events the server writes are components named ``TableJoinedEvent``…"""


def _server_event_components() -> dict[str, Any]:
    schema = TypeAdapter(TableEvent).json_schema()
    defs = schema.pop("$defs", {})
    names = {name: f"{SERVER_EVENT_PREFIX}{name}" for name in defs}
    return {names[n]: _renamed(d, names) | {"title": names[n]} for n, d in defs.items()}


def _kinds(schemas: dict[str, Any], union: str) -> dict[str, dict[str, Any]]:
    """Each event kind of the union component ``union``: its ``data`` schema."""
    out = {}
    for ref in schemas[union]["discriminator"]["mapping"].values():
        variant = schemas[ref.removeprefix(_REF)]
        out[variant["properties"]["type"]["const"]] = variant["properties"]["data"]
    return out


def _server_kinds(schemas: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out = {}
    for name, schema in schemas.items():
        if name.startswith(SERVER_EVENT_PREFIX) and name.endswith("Event"):
            out[schema["properties"]["type"]["const"]] = schema["properties"]["data"]
    return out


def _logged_events(schemas: dict[str, Any], game: Game) -> None:
    """``<Game>LoggedEvent``: a log entry of the game's tables, one variant per kind
    (the game's and the server's, either's data where both write a kind), each
    ``LoggedEvent`` with its ``type`` a constant and its ``data`` that kind's (copies,
    not ``allOf``: generators cannot narrow a field through ``allOf``)."""
    prefix = component_prefix(game)
    union = f"{prefix}LoggedEvent"
    if "discriminator" not in schemas[f"{prefix}Event"]:  # a game with untyped events
        schemas[union] = copy.deepcopy(schemas["LoggedEvent"]) | {"title": union}
        return
    own, server = _kinds(schemas, f"{prefix}Event"), _server_kinds(schemas)
    kinds = server | own
    for kind in own.keys() & server.keys():
        kinds[kind] = _either(own[kind], server[kind])
    mapping = {}
    for kind, data in sorted(kinds.items()):
        name = f"{prefix}Logged{''.join(p.capitalize() for p in kind.split('_'))}"
        variant = copy.deepcopy(schemas["LoggedEvent"])
        variant["title"] = name
        variant["description"] = f"A {kind} event of {game.title}"
        variant["properties"]["type"] = {"type": "string", "const": kind, "title": "Type"}
        variant["properties"]["data"] = copy.deepcopy(data)
        schemas[name] = variant
        mapping[kind] = f"{_REF}{name}"
    schemas[union] = {
        "title": union,
        "description": f"An event of a {game.title} table's log, by its type",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping},
    }


def _either(own: dict[str, Any], server: dict[str, Any]) -> dict[str, Any]:
    """The data of a kind both the game and the server write (``game_started``: the
    server announces the start when the game's setup does not, so a game that announces
    it later has both in its log): the game's, or else the server's."""
    if own == server:
        return copy.deepcopy(own)
    return {
        "anyOf": [copy.deepcopy(own), copy.deepcopy(server)],
        "description": "The game's own, or the server's (written when the game's setup "
        "does not announce the kind itself)",
    }


def _record_events(schemas: dict[str, Any], game: Game) -> None:
    """``<Game>RecordEvent``: an event of a seat's record, ``{type, data}`` of one of the
    game's kinds or the server's: the game's and the server's own event components, by
    ``type`` (``<Game>Any<Kind>Event`` where both write a kind: either's data)."""
    prefix = component_prefix(game)
    union = f"{prefix}RecordEvent"
    own = schemas[f"{prefix}Event"].get("discriminator", {}).get("mapping")
    if not own:  # a game with untyped events
        schemas[union] = copy.deepcopy(schemas["RecordEvent"]) | {"title": union}
        return
    server = {
        schema["properties"]["type"]["const"]: f"{_REF}{name}"
        for name, schema in schemas.items()
        if name.startswith(SERVER_EVENT_PREFIX) and name.endswith("Event")
    }
    mapping = dict(sorted((server | own).items()))
    for kind in own.keys() & server.keys():
        name = f"{prefix}Any{''.join(p.capitalize() for p in kind.split('_'))}Event"
        if name in schemas:
            raise ValueError(f"{game.id}: two different schemas are named {name}")
        variant = copy.deepcopy(schemas[own[kind].removeprefix(_REF)])
        data = schemas[server[kind].removeprefix(_REF)]["properties"]["data"]
        variant["properties"]["data"] = _either(variant["properties"]["data"], data)
        variant["title"] = name
        variant["description"] = f"A {kind} event of {game.title}: the game's or the server's"
        schemas[name] = variant
        mapping[kind] = f"{_REF}{name}"
    schemas[union] = {
        "title": union,
        "description": f"An event of a seat's record of {game.title}, by its type",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping},
    }


def _audience_events(schemas: dict[str, Any], game: Game) -> None:
    """``<Game>AudienceEvent``: an event of the game with the seats that could read it
    (a replay from every chair), one ``<Game>Audience<Kind>`` per kind: the game's event
    with ``audience`` added."""
    prefix = component_prefix(game)
    union = f"{prefix}AudienceEvent"
    own = schemas[f"{prefix}Event"].get("discriminator", {}).get("mapping")
    if not own:  # a game with untyped events
        schemas[union] = copy.deepcopy(schemas["AudienceEvent"]) | {"title": union}
        return
    audience = schemas["AudienceEvent"]["properties"]["audience"]
    mapping = {}
    for kind, ref in sorted(own.items()):
        name = f"{prefix}Audience{''.join(p.capitalize() for p in kind.split('_'))}"
        if name in schemas:
            raise ValueError(f"{game.id}: two different schemas are named {name}")
        variant = copy.deepcopy(schemas[ref.removeprefix(_REF)])
        variant["title"] = name
        variant["description"] = f"A {kind} event of {game.title}, with who could read it"
        variant["properties"]["audience"] = copy.deepcopy(audience)
        variant["required"] = [*variant.get("required", []), "audience"]
        schemas[name] = variant
        mapping[kind] = f"{_REF}{name}"
    schemas[union] = {
        "title": union,
        "description": f"An event of a {game.title} game with who could read it, by its type",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping},
    }


TYPED_DOCUMENTS = (
    "TableDocument",
    "ActionResult",
    "FullRecord",
    "SeatRecord",
    "ChairReplay",
    "EveryoneReplay",
)
"""The documents the operations answer with, each one of its games' (by ``game``)."""


def _type_per_game(doc: dict[str, Any], games: list[Game]) -> None:
    """Typed per game: a table document, a record or a replay is one of the games'
    documents (by ``game``), and an action sent is one of the games' actions."""
    schemas = doc["components"]["schemas"]
    ref = "#/components/schemas/"
    for base in TYPED_DOCUMENTS:
        if base in schemas:
            typed = type_by_game(schemas, base, games)
            _retarget(doc["paths"], f"{ref}{base}", f"{ref}{typed}")
    if "TypedLoggedEvent" in schemas:  # a table's log (GET …/events)
        _retarget(doc["paths"], f"{ref}LoggedEvent", f"{ref}TypedLoggedEvent")
    post = schemas.get("PostAction", {}).get("properties", {}).get("action")
    if post is not None:
        description = post.get("description", "")
        post.clear()
        post.update(
            {
                "description": description,
                "anyOf": [{"$ref": f"{ref}{component_prefix(g)}Action"} for g in games],
            }
        )


def _retarget(node: Any, old: str, new: str) -> None:
    """Point the operations' references to ``old`` at ``new``."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and value == old:
                node[key] = new
            else:
                _retarget(value, old, new)
    elif isinstance(node, list):
        for value in node:
            _retarget(value, old, new)


def _problem(status: int) -> dict[str, Any]:
    return {"description": PROBLEM_STATUSES[status], "content": _PROBLEM}


def complete(app: FastAPI) -> dict[str, Any]:
    """The whole document, built once (FastAPI caches ``app.openapi_schema``)."""
    doc = get_openapi(
        title=app.title,
        version=app.version,
        openapi_version=app.openapi_version,
        description=app.description,
        routes=app.routes,
    )
    components = doc.setdefault("components", {})
    components.setdefault("securitySchemes", {}).update(SECURITY_SCHEMES)
    schemas = components.setdefault("schemas", {})
    schemas.pop("HTTPValidationError", None)
    schemas.pop("ValidationError", None)
    games = all_games()
    add_game_components(schemas, games)
    _type_per_game(doc, games)
    routes = {
        (method.lower(), route.path_format): route.dependant
        for route in iter_route_contexts(app.routes)
        if isinstance(route.original_route, APIRoute)
        for method in route.methods or ()
    }
    for path, operations in doc.get("paths", {}).items():
        for method, operation in operations.items():
            dependant = routes.get((method, path))
            if dependant is not None:
                operation["security"] = security_of(dependant)
                if operation["security"] == SPECTATOR_SECURITY:
                    operation["description"] = (
                        operation.get("description", "") + "\n\n" + SPECTATOR_NOTE
                    ).strip()
            _complete_responses(method, path, operation)
    return doc


def _complete_responses(method: str, path: str, operation: dict[str, Any]) -> None:
    responses: dict[str, Any] = operation.setdefault("responses", {})
    reads_input = bool(operation.get("parameters")) or "requestBody" in operation
    wanted = {405, 413, 429}
    if "requestBody" in operation:
        wanted.add(400)
    if reads_input:
        wanted.add(422)
    if operation.get("security"):
        wanted |= {401, 403}
    for status in wanted:
        responses.setdefault(str(status), _problem(status))
    for key, response in responses.items():
        if key.isdigit() and int(key) >= 400:
            response["content"] = _PROBLEM  # only ever a problem document
            response["description"] = PROBLEM_STATUSES.get(int(key), response["description"])
    if "204" in responses:  # declared with no content: there is nothing to parse
        responses["204"] = {"description": "Done: no content"}
    responses["405"]["headers"] = _ALLOW
    if (method, path) in PAGINATED:
        responses["200"]["headers"] = _LINK


def install(app: FastAPI) -> None:
    """Serve :func:`complete` as ``/openapi.json``."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = complete(app)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
