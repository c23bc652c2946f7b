"""One JSON encoder for what the server writes: orjson, with the standard library as
the fallback for what orjson refuses (integers beyond 64 bits).

Frames and stored states are encoded on every move, so the encoder is on the hot path
(the standard ``json`` encoder was 12-15 % of a move's server CPU). The output is the
same JSON as ``json.dumps(obj, separators=(",", ":"), ensure_ascii=False)`` reads back
to: compact UTF-8, non-string keys written as strings. Decoding stays ``json.loads``:
orjson reads an integer beyond 64 bits as a float, silently.

A view's :class:`~spyhouse.engine.Fixed` parts are written once: their JSON is kept on
them the first time and spliced in wherever they are shown again. A socket that asked for
parts (:func:`dumps_with_parts`) is sent each such part once while it keeps showing it:
a reference in its place, the part itself in the frame's ``parts`` the first time.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class _Kept:
    """What the encoder keeps on a fixed part: its JSON, and what names it to a socket
    that holds it already (:func:`dumps_with_parts`)."""

    json: orjson.Fragment
    digest: str
    """Made from the JSON alone: two parts that read the same are one part to a client,
    so a reference can only say what the part's content says."""
    reference: orjson.Fragment


def _kept(part: Fixed) -> _Kept:
    try:
        kept: _Kept = part.encoded
    except AttributeError:
        data = dumps_bytes(dict(part))
        digest = hashlib.blake2b(data, digest_size=8).hexdigest()
        kept = part.encoded = _Kept(
            orjson.Fragment(data), digest, orjson.Fragment(b'{"$part":"%s"}' % digest.encode())
        )
    return kept


def _subclass(obj: Any) -> Any:
    """What orjson is handed back for a subclass of ``str``, ``int``, ``dict`` or
    ``list``: a fixed part's JSON (kept on it the first time), else the plain value."""
    if type(obj) is Fixed:
        return _kept(obj).json
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


def dumps_with_parts(frame: dict[str, Any], held: set[str]) -> tuple[str, set[str]]:
    """``frame`` as JSON text for a socket that asked for parts, and the parts it shows.

    Each :class:`~spyhouse.engine.Fixed` part is written as ``{"$part": "<digest>"}``; the
    parts the socket does not hold (``held``: those its previous frame showed) follow in
    ``"parts": {"<digest>": {…}}``. An Estoril board is six Locations, most of them the
    same from one move to the next: their bytes were half of every frame, and every
    kilobyte a socket is sent costs the server's CPU."""
    shown: set[str] = set()
    new: dict[str, orjson.Fragment] = {}

    def part(obj: Any) -> Any:
        if type(obj) is not Fixed:
            return _subclass(obj)
        kept = _kept(obj)
        shown.add(kept.digest)
        if kept.digest not in held:
            new[kept.digest] = kept.json
        return kept.reference

    try:
        body = orjson.dumps(frame, default=part, option=orjson.OPT_PASSTHROUGH_SUBCLASS)
    except TypeError:  # what only the slower paths write: every part in full
        return dumps({**frame, "parts": {}}), set()
    return (body[:-1] + b',"parts":' + orjson.dumps(new) + b"}").decode(), shown
