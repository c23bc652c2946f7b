"""Actions as dictionary keys: exact JSON text, so ``true`` and ``1`` stay different."""

from __future__ import annotations

import json

from spyhouse.engine import Action


def action_key(action: Action) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))
