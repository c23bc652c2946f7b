"""What one seat's page must not show of another seat's secrets.

A check gets the server's REST document for the page's own seat (``mine``), the
document of another seat (``theirs``) and the page; it returns the leaks it found:
- any name the other seat's view holds that appears nowhere in this seat's own
  documents (e.g. an Estoril tile in their hand) must be absent from the page;
- per game, each place on the board where this seat's view has a hidden object must not
  show what the other seat knows is there (``data-slot`` elements of the SVG board).
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page

GameCheck = Any


def _strings(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    elif isinstance(value, str):
        out.add(value)
    return out


def unknown_strings(mine: dict[str, Any], theirs: dict[str, Any]) -> set[str]:
    """Names in the other seat's view that appear nowhere in this seat's documents."""
    known = _strings(
        [mine["view"], mine["legal_actions"], mine["seats"], mine.get("_events")], set()
    )
    known_text = "\n".join(known)
    return {
        s
        for s in _strings(theirs["view"], set()) - known
        if len(s) >= 3
        and s not in known_text
        and "\n" not in s
        and len(s) <= 40
        and not re.fullmatch(r"[a-z_ -]+", s)  # identifiers ("look", "here"), not names
    }


# Looked for in the page itself, which sends back only what it found (with the text
# around it) rather than its whole markup for every check.
PAGE_SCRIPT = """
([pairs, names]) => {
  const leaks = [];
  if (!document.querySelector("[data-board=generic]")) {
    for (const [slot, secret] of pairs) {
      const els = document.querySelectorAll(`[data-slot="${CSS.escape(slot)}"]`);
      if (!els.length) { leaks.push(`missing slot ${slot}`); continue; }
      for (const el of els) {
        const text = (el.textContent || "") + " " + [...el.querySelectorAll("*"), el]
          .flatMap((x) => [...x.attributes].filter((a) => a.name !== "data-slot").map((a) => a.value)).join(" ");
        if (text.includes(secret)) leaks.push(`${slot} shows ${secret}`);
      }
    }
  }
  const owners = [...document.querySelectorAll("[data-secret-of]")].map((e) => e.dataset.secretOf);
  const content = document.documentElement.outerHTML;
  const shown = [];
  for (const name of names) {
    const i = content.indexOf(name);
    if (i >= 0) shown.push([name, content.slice(Math.max(0, i - 120), i + 40)]);
  }
  return [shown, owners, leaks];
}
"""


def check(
    page: Page,
    mine: dict[str, Any],
    theirs: dict[str, Any],
    slots: list[tuple[str, str]],
    public: frozenset[str] = frozenset(),
) -> list[str]:
    """``public``: the game's printed vocabulary the board always shows (e.g. "Hall")."""
    names = sorted(unknown_strings(mine, theirs) - public)
    shown, owners, leaks = page.evaluate(PAGE_SCRIPT, [slots, names])
    for s, around in shown:
        leaks.append(f"page shows {s!r}: ...{around}...")
    for owner in owners:
        if owner != str(mine["you"]):
            leaks.append(f"page renders seat {owner}'s private object")
    return leaks
