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

/**
 * The glossary on the board itself: every element a board marked with data-gloss
 * (an SVG <title> gives the hover tip) also shows its explanation in a tip on focus or
 * tap. Icons that are not part of a choice become focusable so keyboards reach them.
 */
export function installGlossTips(container) {
  if (!container) return container;
  for (const el of container.querySelectorAll("[data-gloss]")) {
    if (el.closest(".choice, [role=button]")) continue;
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", el.dataset.glossText);
  }
  const tip = h("div", { class: "gloss-tip", id: "gloss-tip", role: "tooltip", hidden: true });
  container.append(tip);
  let shown = null;
  const show = (el) => {
    if (!el || el === shown) return;
    shown = el;
    tip.textContent = el.dataset.glossText;
    tip.hidden = false;
    const box = container.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const width = Math.min(280, box.width - 8);
    tip.style.maxWidth = `${width}px`;
    const left = Math.max(4, Math.min(r.left - box.left + r.width / 2 - width / 2, box.width - width - 4));
    tip.style.left = `${left}px`;
    tip.style.top = `${r.bottom - box.top + 6}px`;
    tip.dataset.for = el.dataset.gloss;
  };
  const hide = () => { shown = null; tip.hidden = true; };
  const target = (e) => e.target?.closest?.("[data-gloss]");
  container.addEventListener("pointerover", (e) => { const el = target(e); if (el) show(el); });
  container.addEventListener("pointerout", (e) => { if (target(e) && e.relatedTarget?.closest?.("[data-gloss]") !== shown) hide(); });
  container.addEventListener("focusin", (e) => { const el = target(e); if (el) show(el); else hide(); });
  container.addEventListener("focusout", hide);
  container.addEventListener("click", (e) => { const el = target(e); if (el) { shown = null; show(el); } });
  container.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });
  return container;
}
