// The log in words: one line per event from the reader's viewpoint, never duplicated,
// grouped by round/turn/hand. After the end, with a published log, a line that only some
// seats could read says whose it was ("Bob, privately: …").
import { h } from "../dom.js";
/** @import { Parts } from "../dom.js" */
import { t, extend } from "../i18n.js";

extend({
  en: { "log.start": "Before the game", "log.privately": "{who}, privately:", "log.you": "You", "log.empty": "Nothing has happened yet.", "log.game": "The game" },
  es: { "log.start": "Antes de la partida", "log.privately": "{who}, en privado:", "log.you": "Tú", "log.empty": "Todavía no ha pasado nada.", "log.game": "La partida" },
});

/**
 * Build [{title, lines: [{text, version, private}]}] from events.
 * `describe(ev, reader)` words one event for `reader` (a seat, or null for a third
 * person); `board.logGroup(ev)` names a new group ("Round 2") or returns null;
 * `board.hideEvent(ev, list, i, reader)` drops a line another one already tells.
 * @param {import("../types/client").GameEvent[]} events
 * @param {{doc: import("../types/client").TableDoc | null, board: import("../types/client").Board, describe: (ev: import("../types/client").GameEvent, reader: number | null, sees: number | null) => string | null, name: (seat: number) => string}} opts
 */
export function logGroups(events, { doc, board, describe, name }) {
  const me = doc?.you ?? null;
  /** @type {{title: string, lines: {text: string, version: number, private: boolean}[]}[]} */
  const groups = [{ title: t("log.start"), lines: [] }];
  const state = {};
  events.forEach((ev, i) => {
    const audience = Array.isArray(ev.audience) ? ev.audience : null;
    // A published private event is told from its reader's side, in the third person
    // unless the reader is this seat.
    const reader = audience ? (me !== null && audience.includes(me) ? me : null) : me;
    const visibleTo = audience && !(me !== null && audience.includes(me)) ? audience[0] : me;
    if (board.hideEvent?.(ev, events, i, visibleTo)) return;
    const title = board.logGroup?.(ev, state) || (ev.type === "game_started" ? t("log.game") : null);
    if (title) groups.push({ title, lines: [] });
    let text = describe(ev, reader, visibleTo);
    if (!text) return;
    if (audience) {
      const who = audience.map((s) => (s === me ? t("log.you") : name(s))).join(", ");
      text = `${t("log.privately", { who })} ${text}`;
    }
    groups[groups.length - 1].lines.push({ text, version: ev.version, private: !!audience });
  });
  return groups.filter((g) => g.lines.length);
}

/** The log panel: groups in play order, the newest at the bottom (the table scrolls it
 * there, unless the player scrolled back to read). A group drawn before and unchanged since
 * (every round but the current one) is the same element, so a long game's log costs a
 * redraw only its newest lines.
 * @param {{title: string, lines: {text: string, version: number, private: boolean}[]}[]} groups
 * @param {string} title @param {string} id
 * @param {{parts: Parts, onScroll: (box: HTMLElement) => void}} page where groups are kept, and who hears the player scroll */
export function logPanel(groups, title, id, { parts, onScroll }) {
  const section = (/** @type {typeof groups[number]} */ g, /** @type {number} */ i) => parts.get(`${id}:${i}`, JSON.stringify(g), () =>
    h("section", { class: "log-group" },
      h("h3", {}, g.title),
      h("ul", { class: "log-lines" }, g.lines.map((l) => h("li", { class: l.private ? "private" : null, "data-version": l.version }, l.text)))));
  const box = h("div", { class: "log-scroll", tabindex: "0", "aria-label": title, onscroll: (/** @type {Event} */ e) => onScroll(/** @type {HTMLElement} */ (e.currentTarget)) },
    groups.length ? groups.map(section) : h("p", { class: "muted" }, t("log.empty")));
  return h("section", { class: "panel log", id }, h("h2", {}, title), box);
}
