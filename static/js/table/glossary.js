// Every term and icon explained, in both languages: a legend under the board whose
// entries open on hover, focus or tap. Boards list their own: `glossary` =
// [{icon?, term: {en, es}, text: {en, es}}].
import { h } from "../dom.js";
import { t, pick, extend } from "../i18n.js";

extend({
  en: { "gloss.title": "Terms and symbols", "gloss.hint": "Hover, focus or tap a term for its meaning." },
  es: { "gloss.title": "Términos y símbolos", "gloss.hint": "Pasa el ratón, enfoca o toca un término para ver qué significa." },
});

/** One explained term: a focusable chip whose explanation shows on hover/focus/tap. */
export function termChip(entry) {
  const label = pick(entry.term);
  const text = pick(entry.text);
  const chip = h("button", { class: "term", type: "button", "aria-expanded": "false", title: text, "data-term": entry.id || label },
    entry.icon ? h("span", { class: "term-icon", "aria-hidden": "true" }, pick(entry.icon)) : null,
    h("span", {}, label),
    h("span", { class: "term-tip", role: "tooltip" }, text));
  chip.addEventListener("click", () => {
    const open = chip.getAttribute("aria-expanded") !== "true";
    for (const other of document.querySelectorAll(".term[aria-expanded=true]")) other.setAttribute("aria-expanded", "false");
    chip.setAttribute("aria-expanded", String(open));
  });
  return chip;
}

export function glossaryPanel(game, board) {
  const entries = board.glossary || [];
  if (!entries.length) return null;
  return h("details", { class: "panel glossary", id: "glossary" },
    h("summary", {}, t("gloss.title")),
    h("p", { class: "muted" }, t("gloss.hint")),
    h("div", { class: "terms" }, entries.map(termChip)));
}
