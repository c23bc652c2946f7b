"""Walk a page in Spanish: no visible text node may be an English UI string.

Two nets: every English string of the page's own tables that Spanish says differently
(matched whole, placeholders as wildcards), and common English words that no Spanish
sentence on these pages uses. Proper names (people, agents' code names, the game titles)
stay as they are and are not checked (the page marks them translate="no").
"""

from __future__ import annotations

from playwright.sync_api import Page

ENGLISH_WORDS = sorted(
    [
        "the",
        "you",
        "your",
        "and",
        "with",
        "played",
        "placed",
        "wins",
        "won",
        "waiting",
        "round",
        "hand",
        "turn",
        "face",
        "down",
        "card",
        "cards",
        "tile",
        "tiles",
        "players",
        "reward",
        "discards",
        "mission",
        "missions",
        "day",
        "side",
        "guess",
        "choose",
        "decision",
        "nothing",
        "settings",
        "lobby",
        "rules",
        "information",
        "deployed",
        "looked",
        "passed",
        "challenge",
        "payoff",
        "briefcase",
        "burned",
        "moved",
        "revealed",
        "exhausted",
        "soldier",
        "soldiers",
        "hidden",
        "table",
        "others",
        "begins",
        "starts",
        "ended",
        "ground",
        "blank",
    ]
)

WALK = """(words) => {
  const english = (window.spyhouseEnglish ? window.spyhouseEnglish() : []).map((s) => s.trim()).filter((s) => s.length > 2);
  const patterns = english.map((s) => new RegExp("^" + s.replace(/[.*+?^$()|[\\]\\\\]/g, "\\\\$&").replace(/\\{\\w+\\}/g, ".*") + "$"));
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest("script, style, select, .table-head h1, .term-tip, [hidden], [translate=no], details:not([open]) > :not(summary)")) continue;
    if (!el.getClientRects().length) continue;
    if (patterns.some((re) => re.test(text))) { bad.push(text); continue; }
    const lower = ` ${text.toLowerCase().replace(/[^a-z'\\s]/g, " ")} `;
    const word = words.find((w) => lower.includes(` ${w} `));
    if (word) bad.push(`${text} [${word}]`);
  }
  return [...new Set(bad)];
}"""


def english_on_page(page: Page) -> list[str]:
    """The visible text nodes that are English UI strings (empty when all is Spanish)."""
    return page.evaluate(WALK, ENGLISH_WORDS)


LINES = """([lines, words]) => {
  const english = (window.spyhouseEnglish ? window.spyhouseEnglish() : []).map((s) => s.trim()).filter((s) => s.length > 2);
  const patterns = english.map((s) => new RegExp("^" + s.replace(/[.*+?^$()|[\\]\\\\]/g, "\\\\$&").replace(/\\{\\w+\\}/g, ".*") + "$"));
  const bad = [];
  for (const line of lines) for (const text of line.split(" · ").map((x) => x.trim()).filter(Boolean)) {
    if (patterns.some((re) => re.test(text))) { bad.push(text); continue; }
    const lower = ` ${text.toLowerCase().replace(/[^a-z'\\s]/g, " ")} `;
    const word = words.find((w) => lower.includes(` ${w} `));
    if (word) bad.push(`${text} [${word}]`);
  }
  return [...new Set(bad)];
}"""


def english_in(page: Page, lines: list[str]) -> list[str]:
    """The sentences among ``lines`` (each may join several with " · ", as the live
    region does) that are English UI strings or use a common English word."""
    return page.evaluate(LINES, [lines, ENGLISH_WORDS])
