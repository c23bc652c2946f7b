// Shared pieces for the SVG boards: event sentences from templates, cards, badges.
import { s, pressable } from "../dom.js";
import { currentLang } from "../i18n.js";

const VERBS = {
  is: "are", was: "were", has: "have", wins: "win", orders: "order", guesses: "guess", carries: "carry",
  exhausts: "exhaust", earns: "earn", takes: "take", keeps: "keep", loses: "lose",
};

/**
 * A sentence for an event from per-language templates keyed by event type.
 * Placeholders: {actor} (data.seat or the acting seat, "You" for yourself), {target}
 * (data.target as a seat) and any data field, mapped through `map(key, value)`.
 */
export function sentence(templates, ev, ctx, map = () => undefined) {
  const table = templates[currentLang()] || templates.en;
  const tpl = table[ev.type] ?? templates.en[ev.type];
  if (!tpl) return null;
  const d = ev.data || {};
  const actorSeat = typeof d.seat === "number" ? d.seat : typeof d.player === "number" ? d.player : ev.seat;
  const youWord = currentLang() === "es" ? "Tú" : "You";
  const who = (seat) => (seat === ctx.you ? youWord : ctx.name(seat, { you: false }));
  const out = tpl.replace(/\{(\w+)\}/g, (_, k) => {
    if (k === "actor") return actorSeat === null || actorSeat === undefined ? "" : who(actorSeat);
    if (k === "target" && typeof d.target === "number") return who(d.target);
    if (k === "player" && typeof d.player === "number") return who(d.player);
    const mapped = map(k, d[k], d);
    if (mapped !== undefined) return mapped;
    const v = d[k];
    if (v === undefined || v === null) return "—";
    if (Array.isArray(v)) return v.join(", ");
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  });
  const text = out.replace(/\bYou's\b/g, "your").replace(/\bYou (is|was|has|wins|orders|guesses|carries|exhausts|earns|takes|keeps|loses)\b/g, (m, v) => `You ${VERBS[v]}`);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Wrap a label into lines of at most `width` characters. */
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

/** Multi-line centred SVG text. */
export function label(x, y, text, { width = 14, size = 13, weight = 400, fill = "#1d2433", lh = 1.2, anchor = "middle", cls } = {}) {
  const ls = lines(text, width);
  return s("text", { x, y, "font-size": size, "font-weight": weight, fill, "text-anchor": anchor, class: cls },
    ls.map((line, i) => s("tspan", { x, dy: i === 0 ? 0 : size * lh }, line)));
}

/** A group that is a clickable choice when the partial action is legal. */
export function choiceGroup(ctx, partial, labelText, ...children) {
  const g = s("g", {}, ...children);
  if (partial) ctx.choice(g, partial, labelText);
  return g;
}

export { s, pressable };
