// Shared pieces for the SVG boards: event sentences from templates, cards, badges.
import { s, pressable } from "../dom.js";
import { currentLang, pick } from "../i18n.js";

/**
 * A sentence for an event from per-language templates keyed by event type. A template is
 * a string (third person) or [third person, second person]: the second is used when the
 * sentence's subject is the reader ("You drew…", "Robaste…"), so Spanish verbs agree.
 * `subject` is that seat (default: the actor, data.seat/data.player or the event's seat).
 * Placeholders: {actor} (the subject's or actor's name), {target}/{player} as seats, and
 * any data field, mapped through `map(key, value, data)` first.
 * @param {Record<string, Record<string, string | string[]>>} templates @param {import("../types/client").GameEvent} ev
 * @param {import("../types/client").BoardCtx} ctx @param {(key: string, value: any, data: any) => any} [map]
 * @param {number | null} [subject]
 * @returns {string | null}
 */
export function sentence(templates, ev, ctx, map = () => undefined, subject) {
  const table = templates[currentLang()] || templates.en;
  const tpl = table[ev.type] ?? templates.en[ev.type];
  if (!tpl) return null;
  const d = ev.data || {};
  const actorSeat = typeof d.seat === "number" ? d.seat : typeof d.player === "number" ? d.player : ev.seat;
  const subj = subject === undefined ? actorSeat : subject;
  const second = Array.isArray(tpl) && ctx.reader !== null && ctx.reader !== undefined && subj === ctx.reader;
  const text = Array.isArray(tpl) ? tpl[second ? 1 : 0] : tpl;
  const seatRef = (/** @type {number} */ seat) => ctx.name(seat, { you: seat !== subj });
  const out = text.replace(/\{(\w+)\}/g, (/** @type {string} */ _, /** @type {string} */ k) => {
    const mapped = map(k, d[k], d);
    if (mapped !== undefined) return mapped;
    if (k === "actor") return actorSeat === null || actorSeat === undefined ? "" : seatRef(actorSeat);
    if (k === "subject") return subj === null || subj === undefined ? "" : seatRef(subj);
    if ((k === "target" || k === "player" || k === "seat") && typeof d[k] === "number") return seatRef(d[k]);
    const v = d[k];
    if (v === undefined || v === null) return "—";
    if (Array.isArray(v)) return v.join(", ");
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  });
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** A term in the current language from a per-language dictionary (proper names stay).
 * @template {string | null | undefined} W @param {Record<string, Record<string, string>>} dict @param {W} word
 * @returns {W | string}
 */
export function tr(dict, word) {
  if (word === null || word === undefined) return word;
  return dict[currentLang()]?.[word] ?? word;
}

/** Join words as a list: "a, b and c" / "a, b y c". @param {string[]} items */
export function listOf(items) {
  const and = currentLang() === "es" ? " y " : " and ";
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")}${and}${items[items.length - 1]}`;
}

/**
 * The smallest letters a board draws, in its own units, while it renders: 11 on a phone's
 * layout (drawn about 1.06 px a unit at 390 px), 13 on the wide one (1,000 units in the
 * 866 px a 1,280 px window gives the board: 11.3 px). Every word a board draws is at
 * least that size, so that no word reads under 11 px at either width; it is set only
 * while a board draws (rules figures and replays of other boards keep their own sizes).
 */
let least = 0;

/** Draw `draw(ctx)` with the text floor of its layout (`ctx.small`: the phone's).
 * @template T @param {import("../types/client").BoardCtx} ctx
 * @param {(ctx: import("../types/client").BoardCtx) => T} draw @returns {T}
 */
export function withTextFloor(ctx, draw) {
  const before = least;
  least = ctx.small ? 11 : 13;
  try { return draw(ctx); } finally { least = before; }
}

/** A font size raised to the text floor of the board being drawn. @param {number} size */
export const fs = (size) => Math.max(size, least);

/**
 * Wrap a label into lines of at most `width` characters. @param {unknown} text @param {number} width
 * @returns {string[]}
 */
export function lines(text, width) {
  const words = String(text).split(/\s+/);
  const out = [];
  let cur = "";
  for (const w of words) {
    if ((cur + " " + w).trim().length > width && cur) { out.push(cur); cur = w; } else cur = (cur + " " + w).trim();
  }
  if (cur) out.push(cur);
  return out;
}

/** Multi-line centred SVG text.
 * @param {number} x @param {number} y @param {any} text
 * @param {{width?: number, size?: number, weight?: number, fill?: string, lh?: number,
 *   anchor?: string, cls?: string}} [opts]
 */
export function label(x, y, text, { width = 14, size = 13, weight = 400, fill = "#1d2433", lh = 1.2, anchor = "middle", cls } = {}) {
  // Letters raised to the floor take more room a line: as many units wide, fewer letters.
  const drawn = fs(size);
  const ls = lines(text, Math.max(4, Math.floor((width * size) / drawn)));
  size = drawn;
  return s("text", { x, y, "font-size": size, "font-weight": weight, fill, "text-anchor": anchor, class: cls },
    ls.map((line, i) => s("tspan", { x, dy: i === 0 ? 0 : size * lh }, line)));
}

/**
 * One line of SVG text that stays within `maxWidth`: a little too long, it is squeezed
 * (textLength); much too long, it is cut with "…" and the whole text is its hover title.
 * For names and labels in a fixed box, where a wrapped second line would hit the next.
 * @param {number} x @param {number} y @param {any} text @param {number} maxWidth
 * @param {{size?: number, weight?: number, fill?: string, anchor?: string, cls?: string}} [opts]
 */
export function fitText(x, y, text, maxWidth, { size = 13, weight = 400, fill = "#1d2433", anchor = "start", cls } = {}) {
  const full = String(text);
  size = fs(size);
  const per = size * (weight >= 600 ? 0.6 : 0.55);
  const attrs = { x, y, "font-size": size, "font-weight": weight, fill, "text-anchor": anchor, class: cls };
  const width = full.length * per;
  if (width <= maxWidth) return s("text", attrs, full);
  if (width <= maxWidth * 1.2) return s("text", { ...attrs, textLength: maxWidth, lengthAdjust: "spacingAndGlyphs" }, full);
  const keep = Math.max(2, Math.floor(maxWidth / per) - 1);
  return s("text", attrs, s("title", {}, full), `${full.slice(0, keep).trimEnd()}…`);
}

/** A group that is a clickable choice when the partial action is legal.
 * @param {import("../types/client").BoardCtx} ctx @param {import("../types/client").Json} partial
 * @param {string} labelText @param {...import("../types/client").Child} children
 */
export function choiceGroup(ctx, partial, labelText, ...children) {
  const g = s("g", {}, ...children);
  if (partial) ctx.choice(g, partial, labelText);
  return g;
}

/** Glossary entries by id: `{id: entry}` from a board's `glossary` list.
 * @param {GlossEntry[]} entries @returns {Record<string, GlossEntry>} */
export function glossIndex(entries) {
  return Object.fromEntries(entries.filter((e) => e.id).map((e) => [e.id, e]));
}

/**
 * An explained term.
 * @typedef {{id?: string, term: string | Record<string, string>, text: string | Record<string, string>,
 *   [field: string]: any}} GlossEntry
 */

/** The words of a glossary entry in the current language: "Term: explanation". @param {GlossEntry} entry */
export function glossText(entry) {
  return `${pick(entry.term)}: ${pick(entry.text)}`;
}

/**
 * Explain a board icon: an SVG <title> (the browser's hover tip and the accessible
 * description) and data-gloss, which table/glossary.js's tip shows on hover, focus or tap.
 * @template {Element | null | undefined} E @param {E} el @param {GlossEntry | null | undefined} entry @returns {E}
 */
export function glossed(el, entry) {
  if (!el || !entry) return el;
  const text = glossText(entry);
  el.setAttribute("data-gloss", entry.id || pick(entry.term));
  el.setAttribute("data-gloss-text", text);
  el.prepend(s("title", {}, text));
  // Keyboards reach it; a choice that contains it takes this over (dom.js pressable()).
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", text);
  return el;
}

/**
 * A seat's colour with its mark: a ring in the seat's colour around the seat's number.
 * Colour alone does not tell seats apart for everyone (about one man in twelve sees red
 * and green alike), so every seat colour on a board stands beside its number, the same
 * number as in the Players list. `tone` is the CSS class that gives the colour
 * (`seat-c2`, Estoril's `es-green`; static/styles.css defines them).
 * @param {number} cx @param {number} cy @param {number} r @param {number} seat @param {string} tone
 * @param {string} [ring] more classes for the ring ("hit": the outline a choice lights up)
 */
export function seatMark(cx, cy, r, seat, tone, ring = "") {
  const size = fs(Math.max(11, r * 1.15));
  const rr = Math.max(r, size * 0.72); // the number stays inside its ring
  return s("g", { class: tone, "data-seat-mark": seat + 1 },
    s("circle", { cx, cy, r: rr, class: `seat-ring ${ring}`.trim() }),
    s("text", { x: cx, y: cy + size * 0.36, "text-anchor": "middle", "font-size": size, "font-weight": 700, class: "seat-ring-n" }, seat + 1));
}

/** The class that gives seat `seat` its colour in the shared palette (static/styles.css).
 * @param {number} seat */
export const seatTone = (seat) => `seat-c${seat % SEAT_COLOURS}`;

/** How many colours the shared seat palette has (`--seat-0` … in static/styles.css). */
export const SEAT_COLOURS = 6;

/** A seat badge for the Players list: the seat's number in a ring of its colour.
 * @param {number} seat @param {string} tone */
export function seatBadgeEl(seat, tone) {
  const el = document.createElement("span");
  el.className = `seat-n seat-coloured ${tone}`;
  el.textContent = String(seat + 1);
  return el;
}

export { s, pressable };
