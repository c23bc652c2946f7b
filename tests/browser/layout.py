"""Layout checks a player would notice: one thing drawn over another, a page that scrolls
sideways. They read the page's boxes as the browser laid them out."""

from __future__ import annotations

from playwright.sync_api import Page

OVERLAPS = """([a, b, scope]) => {
  const name = (el) => el.dataset.boardTitle || el.dataset.agent || el.dataset.agentMarker || el.dataset.cityLabel
    || el.dataset.slot || el.dataset.tile || el.id
    || (el.tagName === 'text' ? `"${el.textContent}"` : '') || el.dataset.gloss || el.getAttribute('class') || el.tagName;
  const boxes = (root, sel) => [...root.querySelectorAll(sel)]
    .map((el) => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
  const out = [];
  for (const root of scope ? document.querySelectorAll(scope) : [document]) {
    for (const [ea, ra] of boxes(root, a)) for (const [eb, rb] of boxes(root, b)) {
      if (ea.contains(eb) || eb.contains(ea)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) out.push(`${name(ea)} over ${name(eb)}`);
    }
  }
  return [...new Set(out)];
}"""

NO_OVERFLOW = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def overlaps(page: Page, a: str, b: str, scope: str | None = None) -> list[str]:
    """Elements matching ``a`` drawn over elements matching ``b`` (each pair inside one
    ``scope`` element when given); a box and what it contains do not count."""
    return page.evaluate(OVERLAPS, [a, b, scope])


def fits_width(page: Page) -> bool:
    """The page does not scroll sideways."""
    return page.evaluate(NO_OVERFLOW)
