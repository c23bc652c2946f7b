"""Actions as dictionary keys: exact JSON text, so ``true`` and ``1`` stay different.

orjson, because a search keys every legal action at every tree node it passes (up to
180 at a Conspiracy turn): ``json.dumps`` took a third of a search's time.
"""

from __future__ import annotations

import orjson

from spyhouse.engine import Action


def action_key(action: Action) -> str:
    return orjson.dumps(action, option=orjson.OPT_SORT_KEYS).decode()
