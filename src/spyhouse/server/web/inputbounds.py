"""How big and how strange an input may be before the server refuses to look at it.

These are transport-level limits, checked before any game sees the input: each game still
validates its own action fields strictly. A value past a bound is a 422 (or, for an id
that cannot exist, a 404), never a 5xx from a database or a recursion deep in a parser.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Annotated, Any

from pydantic import AfterValidator, Field

MAX_VERSION = 2**31 - 1
"""Versions are stored as 32-bit integers (PostgreSQL ``integer``)."""
MAX_SEAT = 63
"""No game seats more than a handful; the bound only keeps nonsense out of queries."""
MAX_ACTION_BYTES = 4096
"""A move's action as stored in the log (compact JSON, UTF-8)."""
MAX_JSON_DEPTH = 8
"""Nesting of an action or an options object (``{"a": [1]}`` has depth 2)."""
MAX_JSON_INT = 2**53
"""Integers beyond what every JSON reader (and a browser) represents exactly."""
MAX_ID_LENGTH = 64

_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_ID_LENGTH}}}")
# Bidirectional classes of the embeddings, overrides and isolates (U+202A–U+202E,
# U+2066–U+2069): they reorder what follows, so a name or a line can display as another.
_BIDI_CONTROLS = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})

Version = Annotated[int, Field(ge=0, le=MAX_VERSION)]
Seat = Annotated[int, Field(ge=0, le=MAX_SEAT)]


def well_formed_id(value: str) -> bool:
    """Table ids and invite codes are URL-safe base64 (``secrets.token_urlsafe``): anything
    else cannot name a table, so it is answered 404 without asking the database."""
    return _ID.fullmatch(value) is not None


def text_fault(text: str, line_breaks: bool = False) -> str | None:
    """Why ``text`` may not be shown to other players, or ``None`` — the rule names and
    chat lines share, decided by Unicode properties rather than a list of characters.

    - ``"control"``: a C0/C1 control (category Cc: NUL, ESC, U+0085, U+009B…) other than
      a line feed or tab where ``line_breaks`` allows them, a lone surrogate (Cs), or a
      line/paragraph separator (Zl, Zp: U+2028, U+2029; chat turns them into line feeds
      first, see :func:`line_breaks_as_newlines`);
    - ``"bidi"``: a bidirectional embedding, override or isolate (U+202E…), which lets a
      text display as another;
    - ``"invisible"``: nothing visible — only spaces, format characters (Cf: U+200B,
      U+FEFF…) or combining marks with nothing to combine with. Visible means a letter,
      number, punctuation or symbol (categories L, N, P, S).
    """
    visible = False
    for ch in text:
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs", "Zl", "Zp") and not (line_breaks and ch in "\n\t"):
            return "control"
        if unicodedata.bidirectional(ch) in _BIDI_CONTROLS:
            return "bidi"
        visible = visible or category[0] in "LNPS"
    return None if visible else "invisible"


def line_breaks_as_newlines(text: str) -> str:
    """Every line break as ``\\n``: CR LF, CR, and the Unicode line and paragraph
    separators (U+2028, U+2029) break a line as a line feed does, so they count as one."""
    return text.replace("\r\n", "\n").translate(_AS_NEWLINE)


_AS_NEWLINE = {ord("\r"): "\n", 0x2028: "\n", 0x2029: "\n"}


def display_name(value: str) -> str:
    """A player's name as others will see it: trimmed, one line, printable, not blank.

    Refuses control characters (NUL and line breaks included), lone surrogates and
    bidirectional overrides, and names with nothing visible in them (:func:`text_fault`).
    """
    name = value.strip()
    fault = text_fault(name)
    if fault == "invisible":
        raise ValueError("a name needs at least one visible character")
    if fault is not None:
        raise ValueError("names may not contain control characters or direction overrides")
    return name


def plain_json(value: dict[str, Any], max_bytes: int = MAX_ACTION_BYTES) -> dict[str, Any]:
    """A JSON object every backend stores as sent: bounded size and depth, finite numbers
    within ±2**53, and text without NUL or lone surrogates (PostgreSQL refuses both)."""
    _check_node(value, 1)
    size = len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())
    if size > max_bytes:
        raise ValueError(f"at most {max_bytes} bytes of JSON")
    return value


def _check_node(node: Any, depth: int) -> None:
    if depth > MAX_JSON_DEPTH:
        raise ValueError(f"nested at most {MAX_JSON_DEPTH} levels deep")
    if isinstance(node, dict):
        for key, item in node.items():
            _check_text(key)
            _check_node(item, depth + 1)
    elif isinstance(node, list):
        for item in node:
            _check_node(item, depth + 1)
    elif isinstance(node, str):
        _check_text(node)
    elif isinstance(node, bool) or node is None:
        return
    elif isinstance(node, int):
        if abs(node) > MAX_JSON_INT:
            raise ValueError("integers are limited to ±2**53")
    elif isinstance(node, float):
        if not math.isfinite(node):
            raise ValueError("numbers must be finite")
    else:  # pragma: no cover - json.loads produces nothing else
        raise ValueError("not JSON")


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise ValueError("text may not contain NUL")
    try:
        text.encode()
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode") from None


Name = Annotated[
    str,
    Field(
        min_length=1,
        max_length=40,
        pattern=r"^[^<>]*$",
        description="Display name: visible characters, no control characters, no < or >",
    ),
    AfterValidator(display_name),
]
ActionBody = Annotated[dict[str, Any], AfterValidator(plain_json)]
OptionsBody = Annotated[dict[str, Any], AfterValidator(plain_json)]
