// The fallback board, and the board interface written down. Any game is playable with
// it and the decision panel: the seat's view as a readable outline, moves and events in
// generic words. A game's module (boards/<game>.js) exports any part of `Board` and the
// table completes it with `complete()`: what a game does not draw or word, this does.
import { h, humanise } from "../dom.js";
import { t, has } from "../i18n.js";
/** @import { BoardCtx, GameEvent, Json, RevealStep, Words } from "../types/client" */

/**
 * Everything a board may export (boards/<game>.js), with what the table uses it for.
 * Each is optional in a game's module; `complete()` fills in the rest from this file.
 * A function that words something may return null to let the generic words stand.
 * @typedef {object} Board
 * @property {(ctx: BoardCtx) => Element} render  the board for one document, as this seat sees it; choices made clickable with `ctx.choice`
 * @property {Words} strings  the game's UI words per language, merged into i18n when the board loads
 * @property {(ev: GameEvent, ctx: BoardCtx) => string | null | undefined} describeEvent  one event in words for `ctx.reader` (second person for their own actions only); null: not a line of the log
 * @property {(action: Json, ctx: BoardCtx) => string | null | undefined} describeAction  a legal action in words (the confirm bar, "All choices")
 * @property {(path: string, value: Json, ctx: BoardCtx) => string | null | undefined} valueLabel  one field's value in words (a decision button)
 * @property {(ctx: BoardCtx) => Element | null} status  a line under the table's title (the round, the phase)
 * @property {(seat: number, ctx: BoardCtx) => Element | null} seatBadge  the mark beside a seat in the Players panel (its colour and letter)
 * @property {(fresh: GameEvent[], ctx: BoardCtx, events: GameEvent[]) => RevealStep[]} revealSteps  the steps to play before showing a new document (none: shown at once)
 * @property {(events: GameEvent[], ctx: BoardCtx) => {title: string, items: string[]}[] | null} knowledge  the memory aid "What you know", from the events this seat read; null: the game has none
 * @property {(ev: GameEvent, state: Record<string, Json>) => string | null} logGroup  the heading of a new group of log lines this event opens ("Round 2"), or null
 * @property {(ev: GameEvent, events: GameEvent[], index: number, reader: number | null) => boolean} hideEvent  true for a log line another line already tells
 * @property {(ctx: BoardCtx) => Element | null} endReveal  what the game-over panel reveals (hidden cards, roles)
 * @property {(outcome: Json, ctx: BoardCtx) => string | null} endingText  how the game ended, in a sentence
 * @property {(outcome: Json, ctx: BoardCtx) => Record<string, (string | null)[]> | null} scoreLines  each seat's score in words, by seat number; null: the outcome's detail as a generic breakdown
 * @property {Json[]} glossary  the terms and icons explained under the board
 */

/** @param {unknown} value @param {number} depth @returns {Element} */
function node(value, depth) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", {}, value.map((v) => v ?? "—").join(", ") || "—");
    return h("ol", { class: "outline" }, value.map((v) => h("li", {}, node(v, depth + 1))));
  }
  if (typeof value === "object") {
    return h("dl", { class: "outline" }, Object.entries(value).flatMap(([k, v]) => [h("dt", {}, humanise(k)), h("dd", {}, node(v, depth + 1))]));
  }
  if (typeof value === "boolean") return h("span", {}, value ? "✓" : "✗");
  return h("span", {}, String(value));
}

/** @param {BoardCtx} ctx */
export function render(ctx) {
  return h("div", { class: "generic-board", "data-board": "generic" }, node(ctx.view, 0));
}

/** @type {Words} */
export const strings = {};

/** A kind of action in words. @param {string} type */
export const typeLabel = (type) => (has(`act.${type}`) ? t(`act.${type}`) : humanise(type));

/** The one kind of action still possible in a decision (a field may mean one thing per kind).
 * @param {BoardCtx["decision"]} decision @returns {string | null} */
export function decidedType(decision) {
  const types = new Set(decision.candidates().map((c) => c.action.type));
  return types.size === 1 ? [...types][0] : null;
}

/** A field's name; `field.<type>.<name>` when the action's kind words it its own way
 * (Conspiracy's "to" is a destination for a move, the one paid for a payoff).
 * @param {string} path @param {string | null} type @returns {string} */
export function fieldLabel(path, type) {
  const parts = path.split(".");
  const last = [...parts].reverse().find((p) => !/^\d+$/.test(p)) || path;
  const idx = parts.filter((p) => /^\d+$/.test(p)).map((n) => Number(n) + 1);
  const key = type && has(`field.${type}.${last}`) ? `field.${type}.${last}` : `field.${last}`;
  const base = has(key) ? t(key) : humanise(last);
  return idx.length ? `${base} #${idx.join(".")}` : base;
}

/** @param {string} path @param {Json} value @param {BoardCtx} ctx @returns {string} */
export function valueLabel(path, value, ctx) {
  if (path === "type") return typeLabel(value);
  if (value === undefined || value === null) return t("none");
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (/(^|\.)(seat|target_seat|player_seat)$/.test(path) && typeof value === "number") return ctx.name(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** An action as its kind and its fields, each value worded by `words` (a game's own
 * value words, when it has them).
 * @param {Json} action @param {BoardCtx} ctx @param {Board["valueLabel"]} [words] @returns {string} */
export function describeAction(action, ctx, words = valueLabel) {
  const word = (/** @type {string} */ k, /** @type {Json} */ v) => words(k, v, ctx) || valueLabel(k, v, ctx);
  const rest = Object.entries(action).filter(([k]) => k !== "type")
    .map(([k, v]) => `${fieldLabel(k, action.type)}: ${Array.isArray(v) ? v.map((x) => word(k, x)).join(", ") : word(k, v)}`);
  return [typeLabel(action.type), ...rest].join(" · ");
}

/** The table's own seat events, the same words on every board. @param {GameEvent} ev */
function seatEvent(ev) {
  const d = ev.data || {};
  if (!["joined", "bot_seated", "seat_emptied", "game_started", "rematch"].includes(ev.type)) return null;
  return t(`ev.${ev.type}`, { name: d.name, seat: (d.seat ?? 0) + 1 });
}

/** Any event: the seat events in words, a game's events as their type and data (a game
 * with a board of its own words its events there, never as raw data).
 * @param {GameEvent} ev @param {BoardCtx} ctx @returns {string | null} */
export function describeEvent(ev, ctx) {
  const seats = seatEvent(ev);
  if (seats) return seats;
  const d = ev.data || {};
  const actor = ev.seat ?? (typeof d.seat === "number" ? d.seat : null);
  const details = Object.entries(d).filter(([k]) => k !== "seat")
    .map(([k, v]) => `${humanise(k).toLowerCase()} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  const head = has(`ev.${ev.type}`) ? t(`ev.${ev.type}`, d) : humanise(ev.type);
  return `${actor !== null ? `${ctx.name(actor, { you: false })}: ` : ""}${head}${details.length ? ` (${details.join(", ")})` : ""}`;
}

/** No line under the title. @param {BoardCtx} ctx @returns {Element | null} */
export const status = (ctx) => null;

/** The seat's number. @param {number} seat @param {BoardCtx} ctx @returns {Element} */
export const seatBadge = (seat, ctx) => h("span", { class: "seat-n" }, seat + 1);

/** No paced reveal: a new document shows at once.
 * @param {GameEvent[]} fresh @param {BoardCtx} ctx @param {GameEvent[]} events @returns {RevealStep[]} */
export const revealSteps = (fresh, ctx, events) => [];

/** No memory aid. @param {GameEvent[]} events @param {BoardCtx} ctx @returns {null} */
export const knowledge = (events, ctx) => null;

/** No groups of its own (the log opens one at the start of the game).
 * @param {GameEvent} ev @param {Record<string, Json>} state @returns {string | null} */
export const logGroup = (ev, state) => null;

/** Every line shown. @param {GameEvent} ev @param {GameEvent[]} events @param {number} index @param {number | null} reader */
export const hideEvent = (ev, events, index, reader) => false;

/** Nothing hidden to reveal. @param {BoardCtx} ctx @returns {Element | null} */
export const endReveal = (ctx) => null;

/** The winners say it. @param {Json} outcome @param {BoardCtx} ctx @returns {string | null} */
export const endingText = (outcome, ctx) => null;

/** The outcome's detail as a generic breakdown. @param {Json} outcome @param {BoardCtx} ctx @returns {Record<string, (string | null)[]> | null} */
export const scoreLines = (outcome, ctx) => null;

/** @type {Json[]} */
export const glossary = [];

/** This module as a `Board`. @type {Board} */
export const board = {
  render, strings, describeEvent, describeAction, valueLabel, status, seatBadge, revealSteps, knowledge,
  logGroup, hideEvent, endReveal, endingText, scoreLines, glossary,
};

/**
 * A game's module as a whole `Board`: its own parts, and this file's for the rest. Its
 * words fall back to the generic ones where it returns none, except a game event it
 * does not word — that is no line of the log, never raw data.
 * @param {Partial<Board>} mod @returns {Board}
 */
export function complete(mod) {
  /** @type {Board["valueLabel"]} */
  const values = (path, value, ctx) => mod.valueLabel?.(path, value, ctx) || valueLabel(path, value, ctx);
  return {
    ...board,
    ...mod,
    valueLabel: values,
    describeAction: (action, ctx) => mod.describeAction?.(action, ctx) || describeAction(action, ctx, values),
    describeEvent: (ev, ctx) => mod.describeEvent?.(ev, ctx) || seatEvent(ev),
    seatBadge: (seat, ctx) => mod.seatBadge?.(seat, ctx) || seatBadge(seat, ctx),
  };
}

/**
 * Every game's module is a part of `Board` (a misnamed or mistyped export is a type error).
 * @template {Partial<Board>} M @typedef {M} Conforms
 */
/** @typedef {[Conforms<typeof import("./agencia.js")>, Conforms<typeof import("./conspiracy.js")>, Conforms<typeof import("./estoril.js")>, Conforms<typeof import("./spies.js")>]} GameBoards */
