// The in-app rules reference: a short summary per game and the reconstructed
// component data, marked.
import { h, clear } from "./dom.js";
import { t, pick, onLangChange } from "./i18n.js";
import { gameRules, GAME_IDS } from "./games.js";
import { api } from "./api.js";

export function mountRules(root, gameId) {
  let titles = {};
  const render = () => {
    const rules = gameRules(gameId);
    const tabs = h("nav", { class: "tabs", "aria-label": t("nav.rules") }, GAME_IDS.map((id) =>
      h("a", { href: `#/rules/${id}`, "aria-current": id === gameId ? "page" : null }, titles[id] || id)));
    if (!rules) { clear(root).append(tabs); return; }
    clear(root).append(h("article", { class: "panel rules", id: "rules" },
      tabs,
      h("h1", {}, t("rules.title", { game: titles[gameId] || gameId })),
      h("h2", {}, t("rules.summary")),
      h("ol", {}, pick(rules.summary).map((line) => h("li", {}, line))),
      h("p", { class: "muted" }, t("rules.serverEnforces")),
      h("p", { class: "muted", id: "rules-clocks" }, t("rules.clocks")),
      h("h2", {}, t("rules.data")),
      h("p", { class: "note" }, h("span", { class: "badge reconstructed" }, t("rules.reconstructed")), " ", t("rules.reconstructedNote")),
      h("ul", { class: "reconstructed-list" }, rules.reconstructed.map((item) =>
        h("li", { "data-status": item.status || "reconstructed" },
          h("span", { class: `badge ${item.status || "reconstructed"}` }, t(item.status === "likely" ? "rules.likely" : "rules.reconstructed")), " ", pick(item))))));
  };
  const off = onLangChange(render);
  render();
  api.games().then((gs) => { titles = Object.fromEntries(gs.map((g) => [g.id, g.title])); render(); }, () => {});
  return off;
}
