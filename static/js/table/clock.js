// Clocks on the table page: a countdown per seat (the server's deadlines, the same for
// everyone), and the host's table controls — pause/resume, more time, hand a seat to a
// bot, give it back, remove a player — each confirmed first and announced in the log.
import { h } from "../dom.js";
import { t, extend } from "../i18n.js";
import { api } from "../api.js";
import { tableGrant } from "../storage.js";
import { problemText } from "../problems.js";
import { askFirst } from "./confirm.js";
import { seatName, seatLabel } from "../names.js";

extend({
  en: {
    "clock.title": "Clocks", "clock.paused": "Clocks paused", "clock.pause": "Pause clocks", "clock.resume": "Resume clocks",
    "clock.addMinute": "+1 minute for everyone", "clock.host": "Host controls",
    "clock.askPause": "Pause every clock?", "clock.askResume": "Restart the clocks?", "clock.askAdd": "Give everyone one more minute?",
    "clock.giveBack": "Give back", "clock.remove": "Remove",
    "clock.askGiveBack": "Give seat {n} back to {name}?", "clock.askRemove": "Remove {name} from the game? A bot plays their seat to the end.",
    "clock.heldFor": "bot playing for {name}",
    "ev.timed_out": "Time ran out — Spyhouse played for {name}.",
    "ev.seat_held": "A bot holds {name}'s seat until they come back.",
    "ev.seat_requested": "{name} asks the host for their seat back.",
    "ev.timed_out.you": "Time ran out — Spyhouse played for you.", "ev.seat_held.you": "A bot holds your seat until you come back.",
    "ev.returned.you": "You are back and take your seat again.", "ev.seat_given_back.you": "The host gave you your seat back.",
    "ev.player_removed.you": "The host removed you; a bot plays your seat.", "ev.seat_requested.you": "You asked the host for your seat back.", "clock.asksBack": "asks for the seat back",
    "ev.returned": "{name} is back and takes their seat again.",
    "ev.seat_given_back": "The host gave {name} their seat back.",
    "ev.player_removed": "The host removed {name}; a bot plays their seat.",
    "ev.clocks_paused": "The host paused the clocks.", "ev.clocks_resumed": "The host restarted the clocks.",
    "ev.time_added": "The host added {seconds} s.",
    "table.removed_from_table": "The host removed you from this table. A bot plays your seat to the end of the game.",
    "table.seat_held": "A bot is playing your seat until the host gives it back.",
  },
  es: {
    "clock.title": "Relojes", "clock.paused": "Relojes en pausa", "clock.pause": "Pausar relojes", "clock.resume": "Reanudar relojes",
    "clock.addMinute": "+1 minuto para todos", "clock.host": "Controles del anfitrión",
    "clock.askPause": "¿Pausar todos los relojes?", "clock.askResume": "¿Reanudar los relojes?", "clock.askAdd": "¿Dar a todos un minuto más?",
    "clock.giveBack": "Devolver", "clock.remove": "Expulsar",
    "clock.askGiveBack": "¿Devolver el asiento {n} a {name}?", "clock.askRemove": "¿Expulsar a {name} de la partida? Un bot jugará su asiento hasta el final.",
    "clock.heldFor": "un bot juega por {name}",
    "ev.timed_out": "Se acabó el tiempo: Spyhouse jugó por {name}.",
    "ev.seat_held": "Un bot guarda el asiento de {name} hasta que vuelva.",
    "ev.seat_requested": "{name} pide al anfitrión que le devuelva su asiento.",
    "ev.timed_out.you": "Se acabó el tiempo: Spyhouse jugó por ti.", "ev.seat_held.you": "Un bot guarda tu asiento hasta que vuelvas.",
    "ev.returned.you": "Has vuelto y recuperas tu asiento.", "ev.seat_given_back.you": "El anfitrión te devolvió tu asiento.",
    "ev.player_removed.you": "El anfitrión te expulsó; un bot juega tu asiento.", "ev.seat_requested.you": "Pediste al anfitrión que te devolviera el asiento.", "clock.asksBack": "pide que le devuelvan el asiento",
    "ev.returned": "{name} ha vuelto y recupera su asiento.",
    "ev.seat_given_back": "El anfitrión devolvió su asiento a {name}.",
    "ev.player_removed": "El anfitrión expulsó a {name}; un bot juega su asiento.",
    "ev.clocks_paused": "El anfitrión pausó los relojes.", "ev.clocks_resumed": "El anfitrión reanudó los relojes.",
    "ev.time_added": "El anfitrión añadió {seconds} s.",
    "table.removed_from_table": "El anfitrión te ha expulsado de esta mesa. Un bot juega tu asiento hasta el final de la partida.",
    "table.seat_held": "Un bot está jugando tu asiento hasta que el anfitrión te lo devuelva.",
  },
});

// When each document arrived: a countdown is what the server said was left, minus the
// time elapsed here since (no dependence on this computer's wall clock being right).
const received = new WeakMap();

/** @param {number} seconds */
function format(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function tick() {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".clock-time[data-running='1']"))) {
    const left = Number(el.dataset.remaining) - (performance.now() - Number(el.dataset.at)) / 1000;
    // Written only when the shown second changes: a new text is a new layout and paint.
    const shown = format(left);
    if (el.textContent !== shown) el.textContent = shown;
    el.classList.toggle("low", left <= 10);
  }
}
setInterval(tick, 250);

/** @param {import("../types/client").BoardCtx} ctx */
function clocks(ctx) {
  const doc = ctx.doc;
  if (!doc?.clock || doc.status !== "playing") return null;
  if (!received.has(doc)) received.set(doc, performance.now());
  const at = received.get(doc);
  const el = h("div", { class: "clocks", id: "clocks", role: "timer", "aria-label": t("clock.title") },
    doc.clock.paused ? h("span", { class: "clock-paused" }, t("clock.paused")) : null,
    ...doc.clock.seats.map((/** @type {{seat: number, remaining: number, running: boolean}} */ c) => h("span", { class: `clock${c.running ? " running" : ""}`, "data-seat": String(c.seat) },
      h("span", { class: "clock-name" }, `${ctx.name(c.seat)} `),
      h("span", { class: "clock-time", "data-running": c.running ? "1" : "0", "data-remaining": String(c.remaining), "data-at": String(at) },
        format(c.remaining)))));
  queueMicrotask(tick);
  return el;
}

/** @param {import("../types/client").BoardCtx} ctx */
function hostControls(ctx) {
  const doc = ctx.doc;
  const host = doc && tableGrant(doc.table_id)?.host;
  if (!host || doc.status !== "playing") return null;
  const status = h("p", { class: "error", role: "alert", id: "host-status" });
  /**
   * A control that asks first, then calls the API; a refusal stays on the page in words.
   * @param {string | null} question  null: no question (the player asked for it themselves)
   * @param {() => Promise<unknown>} call
   * @returns {() => Promise<void>}
   */
  const act = (question, call) => async () => {
    if (question !== null && !(await askFirst(question))) return;
    // The line on the page now (a redraw updates the page in place, not this copy).
    /** @param {string} text */
    const say = (text) => { (document.getElementById("host-status") || status).textContent = text; };
    try { await call(); say(""); }
    catch (err) { say(problemText(err)); }
  };
  const id = doc.table_id;
  /** Seats whose player asked for them back since the bot took them. @type {Set<number>} */
  const asking = new Set();
  for (const ev of ctx.events || []) {
    const seat = ev.data?.seat;
    if (ev.type === "seat_requested") asking.add(seat);
    else if (["bot_seated", "seat_held", "seat_given_back", "returned", "player_removed"].includes(ev.type)) asking.delete(seat);
  }
  const rows = doc.seats.map((s) => {
    const name = s.name || `#${s.seat + 1}`;
    // The host's own seat gets nothing: removing yourself from your own table makes no
    // sense. "Hand to a bot" is beside each seat in the Players panel (it was here too).
    const own = s.seat === doc.you;
    let button = null;
    const asks = asking.has(s.seat) && (s.held === "absent" || s.held === "host");
    if (!own && (s.held === "absent" || s.held === "host")) button = h("button", { class: `button ${asks ? "primary" : "ghost"}`, type: "button", "data-give-back": String(s.seat), onclick: act(asks ? null : t("clock.askGiveBack", { n: s.seat + 1, name }), () => api.giveBack(id, s.seat, host)) }, t("clock.giveBack"));
    const remove = !own && (s.kind === "human" || s.held === "absent" || s.held === "host")
      ? h("button", { class: "button ghost", type: "button", "data-remove": String(s.seat), onclick: act(t("clock.askRemove", { name }), () => api.removePlayer(id, s.seat, host)) }, t("clock.remove"))
      : null;
    const label = `${seatName(doc, s.seat)}${s.held && s.held !== "removed" ? ` (${t("clock.heldFor", { name })})` : ""}`;
    return h("li", { class: asks ? "asks-back" : null }, seatLabel(label),
      asks ? h("strong", { class: "asks-back-note", "data-asks-back": String(s.seat) }, ` · ${t("clock.asksBack")}`) : null,
      button || remove ? h("span", { class: "seat-tools" }, button, remove) : null);
  });
  const clockButtons = doc.clock ? [
    doc.clock.paused
      ? h("button", { class: "button", type: "button", id: "clock-resume", onclick: act(t("clock.askResume"), () => api.resumeClocks(id, host)) }, t("clock.resume"))
      : h("button", { class: "button", type: "button", id: "clock-pause", onclick: act(t("clock.askPause"), () => api.pauseClocks(id, host)) }, t("clock.pause")),
    h("button", { class: "button ghost", type: "button", id: "clock-add", onclick: act(t("clock.askAdd"), () => api.addTime(id, 60, host)) }, t("clock.addMinute")),
  ] : [];
  return h("section", { class: "panel host-controls", id: "host-controls" },
    h("h2", {}, t("clock.host")), h("div", { class: "row" }, ...clockButtons), h("ul", {}, ...rows), status);
}

/**
 * The table add-on: the clocks in the table's head, the host's controls at the side.
 * @param {import("../types/client").AddonEnv} env @returns {import("../types/client").Addon}
 */
export function clockAddon(env) {
  return { head: clocks, side: hostControls };
}
