"""axe-core (the maintained accessibility engine, npm ``axe-core``) run in a real page.

The file comes from ``node_modules/axe-core/axe.min.js`` (``npm ci`` installs it in CI,
``npm install --no-save axe-core@4.14.1`` locally). Missing, the tests skip locally and
fail under ``CI``: an accessibility check that silently does not run is no check.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_source() -> str:
    if not AXE.exists():
        message = f"axe-core is missing ({AXE}): npm install --no-save axe-core@4.14.1"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


def violations(page: Page) -> list[dict[str, Any]]:
    """WCAG 2.1 A and AA violations on the page as it is now: rule, impact, nodes."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())  # through the DevTools protocol: the page's CSP holds
    found: list[dict[str, Any]] = page.evaluate(
        """async (tags) => {
          const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
          return r.violations.map((v) => ({ id: v.id, impact: v.impact,
            nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })) }));
        }""",
        WCAG_A_AA,
    )
    return found


def summary(found: list[dict[str, Any]]) -> str:
    return "; ".join(
        f"{v['id']} ×{len(v['nodes'])}: " + ", ".join(n["target"] for n in v["nodes"][:4])
        for v in found
    )
