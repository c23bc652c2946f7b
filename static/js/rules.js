// The in-app rules: an illustrated summary of each game (drawn with the boards' own SVG
// pieces), how a turn is played on this site, and the reconstructed component data, marked.
import { h, clear } from "./dom.js";
import { t, pick, extend, currentLang, onLangChange } from "./i18n.js";
import { gameRules, GAME_IDS } from "./games.js";
import { api } from "./api.js";
import { FIGURES } from "./rules/figures.js";
import { howTo } from "./rules/howto.js";
import "./table/glossary.js"; // the figures' symbols explain themselves on hover, focus, tap

extend({
  en: { "rules.glance": "The game at a glance", "rules.howto": "How a turn is played here" },
  es: { "rules.glance": "El juego de un vistazo", "rules.howto": "Cómo se juega un turno aquí" },
});

/** "{game}: rules reference" with the game's title marked as a proper name (not translated). */
/** @param {string} template @param {string} title */
function titled(template, title) {
  const [before, after = ""] = template.split("\u0000");
  return [before, h("span", { translate: "no" }, title), after];
}

/** @param {() => Element} draw @param {string} text @param {number} i */
function figure(draw, text, i) {
  let art = null;
  try { art = draw(); } catch (err) { console.warn(`rules figure failed: ${/** @type {Error} */ (err)?.stack || err}`); }
  return h("li", { class: "rules-item" },
    h("figure", { class: "rules-figure", "data-figure": i + 1 },
      art,
      h("figcaption", {}, text)));
}

/** @param {HTMLElement} root @param {string} gameId */
export function mountRules(root, gameId) {
  /** @type {Record<string, string>} */
  let titles = {};
  const render = () => {
    const rules = gameRules(gameId);
    const tabs = h("nav", { class: "tabs", "aria-label": t("nav.rules") }, GAME_IDS.map((id) =>
      h("a", { href: `#/rules/${id}`, "aria-current": id === gameId ? "page" : null, translate: "no" }, titles[id] || id)));
    if (!rules) { clear(root).append(tabs); return; }
    const draws = /** @type {Record<string, (() => Element)[]>} */ (FIGURES)[gameId] || [];
    clear(root).append(h("article", { class: "panel rules", id: "rules" },
      tabs,
      h("h1", {}, ...titled(t("rules.title", { game: "\u0000" }), titles[gameId] || gameId)),
      h("section", { id: "rules-summary", "aria-labelledby": "rules-summary-h" },
        h("h2", { id: "rules-summary-h" }, t("rules.glance")),
        h("ol", { class: "rules-figures" }, pick(rules.summary).map((/** @type {string} */ line, /** @type {number} */ i) => (draws[i] ? figure(draws[i], line, i) : h("li", { class: "rules-item" }, line))))),
      h("section", { id: "rules-howto", "aria-labelledby": "rules-howto-h" },
        h("h2", { id: "rules-howto-h" }, t("rules.howto")),
        h("ol", { class: "howto" }, howTo(gameId, currentLang()).map((line) => h("li", {}, line)))),
      h("p", { class: "muted" }, t("rules.serverEnforces")),
      h("p", { class: "muted", id: "rules-clocks" }, t("rules.clocks")),
      h("h2", {}, t("rules.data")),
      h("p", { class: "note" }, h("span", { class: "badge reconstructed" }, t("rules.reconstructed")), " ", t("rules.reconstructedNote")),
      h("ul", { class: "reconstructed-list" }, rules.reconstructed.map((/** @type {import("./types/client").Json} */ item) =>
        h("li", { "data-status": item.status || "reconstructed" },
          h("span", { class: `badge ${item.status || "reconstructed"}` }, t(item.status === "likely" ? "rules.likely" : "rules.reconstructed")), " ", pick(item))))));
  };
  const off = onLangChange(render);
  render();
  api.games().then((gs) => { titles = Object.fromEntries(gs.map((g) => [g.id, g.title])); render(); }, () => {});
  return off;
}
