// Every term and icon explained, in both languages: a legend under the board whose
// entries open on hover, focus or tap. Boards list their own: `glossary` =
// [{icon?, term: {en, es}, text: {en, es}}].
import { h } from "../dom.js";
import { t, pick, extend, currentLang } from "../i18n.js";
/** @import { Parts } from "../dom.js" */

extend({
  en: { "gloss.title": "Terms and symbols", "gloss.hint": "Hover, focus or tap a term for its meaning." },
  es: { "gloss.title": "Términos y símbolos", "gloss.hint": "Pasa el ratón, enfoca o toca un término para ver qué significa." },
});

/** One explained term: a focusable chip whose explanation shows in the page's glossary
 * tip on hover, focus or tap (the tip stays inside the screen at any width).
 * @param {import("../types/client").Json} entry {term, text} (each a string or {en, es}) */
export function termChip(entry) {
  const label = pick(entry.term);
  const text = pick(entry.text);
  return h("button", { class: "term", type: "button", "data-term": entry.id || label, "data-gloss": entry.id || label, "data-gloss-text": `${label}: ${text}` },
    entry.icon ? h("span", { class: "term-icon", "aria-hidden": "true" }, pick(entry.icon)) : null,
    h("span", {}, label),
    h("span", { class: "sr-only" }, `: ${text}`));
}

/** The same in every redraw until the language changes: drawn once, then kept as it is.
 * @param {string} game @param {import("../types/client").Board} board @param {Parts} parts */
export function glossaryPanel(game, board, parts) {
  const entries = board.glossary || [];
  if (!entries.length) return null;
  return parts.get("glossary", `${game}:${currentLang()}`, () =>
    h("details", { class: "panel glossary", id: "glossary" },
      h("summary", {}, t("gloss.title")),
      h("p", { class: "muted" }, t("gloss.hint")),
      h("div", { class: "terms" }, entries.map(termChip))));
}

/** How long a tip a tap opened stays: time to read two lines. */
const TAP_TIP_MS = 4000;

/**
 * The glossary on the boards themselves: every element a board marked with data-gloss
 * (boards/common.js glossed(): an SVG <title> gives the hover tip and it is focusable
 * unless part of a choice) shows its explanation in one tip on hover, focus or tap —
 * on the live board, the replay and the rules page alike.
 */
function installGlossTips() {
  const tip = h("div", { class: "gloss-tip", id: "gloss-tip", role: "tooltip", hidden: true });
  /** @type {HTMLElement | null} */
  let shown = null;
  // A redraw updates the page in place: the words of the icon the tip is for may change
  // under it (another language, a new state), and the tip follows them.
  const words = new MutationObserver(() => { if (shown) tip.textContent = shown.dataset.glossText ?? null; });
  const show = (/** @type {HTMLElement | null | undefined} */ el) => {
    if (!el || el === shown) return;
    if (!tip.isConnected) document.body.append(tip);
    shown = el;
    words.disconnect();
    words.observe(el, { attributes: true, attributeFilter: ["data-gloss-text"] });
    tip.textContent = el.dataset.glossText ?? null;
    tip.dataset.for = el.dataset.gloss;
    tip.hidden = false;
    const r = el.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    const width = Math.min(280, vw - 16);
    tip.style.maxWidth = `${width}px`;
    const w = Math.min(width, tip.offsetWidth || width);
    const left = Math.max(8, Math.min(r.left + r.width / 2 - w / 2, vw - w - 8));
    tip.style.left = `${left + window.scrollX}px`;
    tip.style.top = `${r.bottom + window.scrollY + 6}px`;
  };
  // A finger has no hover: a tap shows the tip, a second tap on the same icon or a scroll
  // hides it, and it goes by itself after a while (it lay over the card under the icon
  // until the next tap elsewhere). Hover and focus that a tap sets off are left to the tap.
  let tapping = false;
  let byTap = false;
  let timer = 0;
  const hide = () => { shown = null; byTap = false; clearTimeout(timer); tip.hidden = true; words.disconnect(); };
  const target = (/** @type {Event} */ e) => /** @type {HTMLElement | null | undefined} */ (/** @type {HTMLElement | null} */ (e.target)?.closest?.("[data-gloss]"));
  document.addEventListener("pointerdown", (e) => { tapping = e.pointerType === "touch"; });
  document.addEventListener("pointercancel", () => { tapping = false; });
  document.addEventListener("pointerover", (e) => { const el = target(e); if (el && e.pointerType !== "touch") show(el); });
  document.addEventListener("pointerout", (e) => {
    if (e.pointerType === "touch" || byTap) return;
    if (target(e) && /** @type {HTMLElement | null} */ (e.relatedTarget)?.closest?.("[data-gloss]") !== shown) hide();
  });
  document.addEventListener("focusin", (e) => { if (tapping) return; const el = target(e); if (el) show(el); else hide(); });
  document.addEventListener("focusout", (e) => { if (target(e) && !tapping && !byTap) hide(); });
  document.addEventListener("click", (e) => {
    const tap = tapping;
    tapping = false;
    // A click on a choice acts (and the board redraws): the tip would point at nothing.
    if (/** @type {HTMLElement | null} */ (e.target)?.closest?.("[role=button]")) { hide(); return; }
    const el = target(e);
    if (!el) { if (shown) hide(); return; }
    if (tap && byTap && shown === el) { hide(); return; }
    hide();
    show(el);
    if (tap) { byTap = true; timer = window.setTimeout(hide, TAP_TIP_MS); }
  });
  window.addEventListener("scroll", () => { if (byTap) hide(); }, { passive: true });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });
  window.addEventListener("hashchange", hide);
}

installGlossTips();
