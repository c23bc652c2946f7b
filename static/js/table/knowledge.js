// "What you know": what this seat has learned so far, built in the browser only from
// its own view and the events it was allowed to read (the rules allow perfect memory of
// what you saw). Each board says what matters in its game: `knowledge(events, ctx)`
// returns [{title, items: [text]}].
import { h } from "../dom.js";
import { t, extend } from "../i18n.js";

extend({
  en: { "know.title": "What you know", "know.nothing": "Nothing yet: it fills up as you see things." },
  es: { "know.title": "Lo que sabes", "know.nothing": "Nada aún: se irá llenando con lo que veas." },
});

/** @param {import("../types/client").Board} board @param {import("../types/client").BoardCtx} ctx @param {import("../types/client").GameEvent[]} events */
export function knowledgePanel(board, ctx, events) {
  if (ctx.you === null || ctx.you === undefined) return null;
  /** @type {{title: string, items: string[]}[] | null} */
  let sections = [];
  // Only the lines this seat read: once a log is published it holds everyone's private lines.
  const own = events.filter((e) => !Array.isArray(e.audience) || e.audience.includes(/** @type {number} */ (ctx.you)));
  try { sections = board.knowledge(own, ctx); } catch (err) { console.warn(`board knowledge failed: ${err}`); }
  if (sections === null) return null; // a game without a memory aid
  const filled = sections.filter((s) => s.items.length);
  return h("details", { class: "panel knowledge", id: "knowledge", open: true },
    h("summary", {}, t("know.title")),
    filled.length
      ? filled.map((s) => h("section", {}, h("h3", {}, s.title), h("ul", {}, s.items.map((i) => h("li", {}, i)))))
      : h("p", { class: "muted" }, t("know.nothing")));
}
