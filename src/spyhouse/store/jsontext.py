"""One JSON encoder for what the server writes: orjson, with the standard library as
the fallback for what orjson refuses (integers beyond 64 bits).

Frames and stored states are encoded on every move, so the encoder is on the hot path
(the standard ``json`` encoder was 12-15 % of a move's server CPU). The output is the
same JSON as ``json.dumps(obj, separators=(",", ":"), ensure_ascii=False)`` reads back
to: compact UTF-8, non-string keys written as strings. Decoding stays ``json.loads``:
orjson reads an integer beyond 64 bits as a float, silently.

A view's :class:`~spyhouse.engine.Fixed` parts are written once: their JSON is kept on
them the first time and spliced in wherever they are shown again.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from spyhouse.engine import Fixed


def dumps_bytes(obj: Any) -> bytes:
    """``obj`` as compact UTF-8 JSON bytes.

    Plain orjson first, handing subclasses of the JSON types to :func:`_subclass` (a
    fixed part's kept JSON; anything else as its plain value): what the server encodes
    on every move (frames, views, stored states, events) has string keys only, and
    orjson's option for other keys makes every dict slower to write: an Estoril view's
    1.4 times and a Conspiracy view's twice.
    """
    try:
        return orjson.dumps(obj, default=_subclass, option=orjson.OPT_PASSTHROUGH_SUBCLASS)
    except TypeError:
        pass
    try:
        return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # an integer beyond 64 bits, or a type only json knows
        return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()


def _subclass(obj: Any) -> Any:
    """What orjson is handed back for a subclass of ``str``, ``int``, ``dict`` or
    ``list``: a fixed part's JSON (kept on it the first time), else the plain value."""
    if type(obj) is Fixed:
        try:
            return obj.encoded
        except AttributeError:
            obj.encoded = orjson.Fragment(dumps_bytes(dict(obj)))
            return obj.encoded
    if isinstance(obj, str):
        return str.__str__(obj)
    if isinstance(obj, int):
        return int(obj)
    if isinstance(obj, dict):
        return dict(obj)
    if isinstance(obj, list):
        return list(obj)
    raise TypeError(f"not JSON: {type(obj).__name__}")


def dumps(obj: Any) -> str:
    """``obj`` as compact JSON text."""
    return dumps_bytes(obj).decode()
