// The single-page app: header, language switch and a hash router.
import { h, clear } from "./dom.js";
import { t, LANGS, currentLang, setLang, onLangChange } from "./i18n.js";
import { mountLobby } from "./lobby.js";
import { mountJoin } from "./join.js";
import { mountTable } from "./table.js";
import { mountRules } from "./rules.js";

/** @type {[RegExp, () => (root: HTMLElement, ...params: string[]) => (() => void) | null | undefined | void][]} */
const ROUTES = [
  [/^#?\/?$/, () => mountLobby],
  [/^#\/join\/([^/]+)$/, () => mountJoin],
  [/^#\/table\/([^/]+)$/, () => mountTable],
  [/^#\/rules\/([^/]+)$/, () => mountRules],
];

/** @type {(() => void) | null} */
let unmount = null;

function header() {
  const select = h("select", { id: "lang", "aria-label": t("nav.language"), onchange: (/** @type {import("./types/client").On<HTMLSelectElement>} */ e) => setLang(e.target.value) },
    Object.entries(LANGS).map(([code, name]) => h("option", { value: code, selected: code === currentLang() }, name)));
  return h("div", { class: "bar" },
    h("a", { class: "brand", href: "#/" }, h("span", { class: "brand-mark", "aria-hidden": "true" }, "◆"), "Spyhouse"),
    h("nav", {}, h("a", { href: "#/" }, t("nav.lobby")), h("a", { href: "#/rules/estoril" }, t("nav.rules"))),
    h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("nav.language")), select));
}

function renderHeader() {
  clear(/** @type {HTMLElement} */ (document.getElementById("top"))).append(header());
}

function route() {
  if (unmount) { unmount(); unmount = null; }
  const main = clear(/** @type {HTMLElement} */ (document.getElementById("main")));
  const hash = location.hash || "#/";
  for (const [re, get] of ROUTES) {
    const m = hash.match(re);
    if (m) {
      unmount = get()(main, ...m.slice(1).map(decodeURIComponent)) || null;
      main.focus({ preventScroll: true });
      return;
    }
  }
  location.hash = "#/";
}

onLangChange(renderHeader);
window.addEventListener("hashchange", route);
renderHeader();
route();
