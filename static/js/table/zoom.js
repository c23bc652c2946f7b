// The board's frame. On a phone the whole board fits the screen's width, which makes its
// words tiny: "Zoom in" draws it larger inside a frame that scrolls sideways (the page
// itself never does). The choice is kept per browser, and the frame keeps its scroll
// position when the table re-renders (every move redraws the board).
import { h } from "../dom.js";
import { t, extend } from "../i18n.js";
import { pref, setPref } from "../prefs.js";

extend({
  en: { "zoom.in": "Zoom in", "zoom.out": "Fit to screen" },
  es: { "zoom.in": "Ampliar", "zoom.out": "Ajustar a la pantalla" },
});

const scrolls = new Map();
const PHONE = "(max-width: 700px)";

/** Whether boards are drawn to a phone's width (not zoomed in): their words are tiny, so
 * a board may draw its names larger (`ctx.small`). */
export function fittedToPhone() {
  return matchMedia(PHONE).matches && !pref("zoom");
}

/** Calls `redraw` when the window crosses the phone's width; returns the way to stop.
 * @param {() => void} redraw */
export function onPhoneWidth(redraw) {
  const query = matchMedia(PHONE);
  query.addEventListener("change", redraw);
  return () => query.removeEventListener("change", redraw);
} // frame id -> its horizontal scroll

/** The board-wrap `id` around `content`, with its zoom switch; `rerender` redraws the page.
 * @param {string} id @param {Element} content @param {() => void} rerender */
export function boardFrame(id, content, rerender) {
  const zoomed = !!pref("zoom");
  const scroller = h("div", { class: "board-scroll", "data-frame": id, onscroll: (/** @type {import("../types/client").On<HTMLElement>} */ e) => scrolls.set(id, e.currentTarget.scrollLeft) }, content);
  const toggle = h("button", {
    class: "button small ghost board-zoom", type: "button", id: `${id}-zoom`, "aria-pressed": String(zoomed),
    onclick: () => { setPref("zoom", !zoomed); if (zoomed) scrolls.delete(id); rerender(); },
  }, zoomed ? t("zoom.out") : t("zoom.in"));
  return h("div", { class: `board-wrap${zoomed ? " zoomed" : ""}`, id, "aria-label": t("table.board") },
    h("div", { class: "board-tools" }, toggle), scroller);
}

/** Once the page is in the document: each zoomed frame back where the player left it.
 * @param {Element} root */
export function restoreScroll(root) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".board-scroll[data-frame]"))) {
    const left = scrolls.get(el.dataset.frame);
    if (left) el.scrollLeft = left;
  }
}
