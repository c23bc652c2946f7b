// Joining from an invite link: #/join/<code>. A browser that already holds a seat at
// that table goes straight back to it.
import { h, clear } from "./dom.js";
import { t, onLangChange } from "./i18n.js";
import { api } from "./api.js";
import { saveGrant, savedName, saveName, tableForInvite, tableGrant } from "./storage.js";
import { problemText } from "./problems.js";

/** @param {HTMLElement} root @param {string} code */
export function mountJoin(root, code) {
  const known = tableForInvite(code);
  if (known && tableGrant(known)?.token) {
    location.replace(`#/table/${known}`);
    return null;
  }
  /** @type {import("./types/client").Schemas["TableSummary"] | null} */
  let summary = null;
  /** @type {string | null} */
  let error = null;
  let busy = false;

  const render = () => {
    const body = [];
    if (summary) {
      body.push(h("h1", {}, t("join.title", { game: summary.title })));
      body.push(h("h2", {}, t("join.seats")), h("ul", { class: "seats" }, summary.seats.map((s) =>
        h("li", { class: `seat ${s.kind}` }, h("span", { class: "seat-n" }, s.seat + 1), s.kind === "open" ? h("em", {}, t("wait.open")) : s.name))));
      const open = summary.seats.some((s) => s.kind === "open");
      if (summary.status !== "waiting" || !open) {
        body.push(h("p", {}, summary.status !== "waiting" ? t("join.started") : t("join.full")));
        if (summary.spectators) body.push(h("a", { class: "button", href: `#/table/${summary.table_id}` }, t("join.watch")));
      } else {
        const { game } = summary;
        const input = h("input", { id: "join-name", name: "name", required: true, maxlength: 40, value: savedName(), autocomplete: "nickname" });
        const form = h("form", { class: "form", onsubmit: async (/** @type {Event} */ e) => {
          e.preventDefault();
          if (busy) return;
          busy = true;
          const name = input.value.trim();
          saveName(name);
          try {
            const grant = await api.join(code, name);
            saveGrant(grant.table_id, { seat: grant.seat, token: grant.seat_token, invite: code, game, name });
            location.hash = `#/table/${grant.table_id}`;
          } catch (err) { error = problemText(err); busy = false; render(); }
        } }, h("label", {}, t("join.name"), input), h("button", { class: "button primary", type: "submit", id: "join-submit" }, t("join.submit")));
        body.push(form);
      }
    }
    if (error) body.push(h("p", { class: "error", role: "alert" }, error));
    clear(root).append(h("section", { class: "panel narrow" }, body));
  };
  const off = onLangChange(render);
  api.invite(code).then((s) => { summary = s; render(); }, (err) => { error = problemText(err); render(); });
  render();
  return off;
}
