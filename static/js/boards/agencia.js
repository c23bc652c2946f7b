// La Agencia: each player's four card positions, information, the Embassy (Hall or
// Garden), the Reward tile, the Ambassador, round tokens and the cards played this hand.
import { s, h } from "../dom.js";
import { currentLang } from "../i18n.js";
import { sentence, label, fitText, tr, glossed, glossIndex, seatMark, seatTone, seatBadgeEl, fs, withTextFloor } from "./common.js";
/** @import { BoardCtx, GameEvent, Json, Words, Templates, RevealStep } from "../types/client" */

export const strings = {
  en: {
    "ag.status": "Round {round}/{rounds} · hand {hand}/{hands}", "ag.embassy": "Embassy", "ag.notChosen": "not placed yet",
    "ag.reward": "Reward tile", "ag.bank": "Data bank", "ag.tokens": "Round tokens", "ag.info": "Information",
    "ag.deck": "deck {n}", "ag.played": "Played", "ag.ambassador": "Ambassador", "ag.capacity": "at most {n} Agents",
    "ag.fill": "at least {n} Agents", "ag.hidden": "hidden", "ag.inGame": "in the game", "ag.out": "solved",
    "field.position": "card", "field.target": "player", "field.location": "Embassy side",
    "act.play": "Play a card", "act.recruit": "Recruit", "act.infiltrate": "Infiltrate", "act.choose_location": "Place the Embassy",
    "ag.infiltrators": "Infiltrators", "ag.recruiters": "Recruiters", "ag.agents": "Agents",
    "ag.know.seen": "Cards you saw in others' hands", "ag.know.played": "Cards the others played",
    "ag.revealed": "revealed", "ag.score.tokens": "{n} in tokens", "ag.score.cards": "{n} from the eight cards", "ag.ending": "Most Information (tokens plus the value of the eight cards) wins.",
  },
  es: {
    "ag.status": "Ronda {round}/{rounds} · mano {hand}/{hands}", "ag.embassy": "Embajada", "ag.notChosen": "aún sin colocar",
    "ag.reward": "Recompensa", "ag.bank": "Banco de datos", "ag.tokens": "Fichas de ronda", "ag.info": "Información",
    "ag.deck": "mazo {n}", "ag.played": "Jugada", "ag.ambassador": "Embajador", "ag.capacity": "como máximo {n} Agentes",
    "ag.fill": "al menos {n} Agentes", "ag.hidden": "oculta", "ag.inGame": "en juego", "ag.out": "resuelta",
    "field.position": "carta", "field.target": "jugador", "field.location": "lado de la Embajada",
    "act.play": "Jugar una carta", "act.recruit": "Reclutar", "act.infiltrate": "Infiltrar", "act.choose_location": "Colocar la Embajada",
    "ag.infiltrators": "Infiltrados", "ag.recruiters": "Reclutadores", "ag.agents": "Agentes",
    "ag.know.seen": "Cartas que viste en manos ajenas", "ag.know.played": "Cartas que jugaron los demás",
    "ag.revealed": "revelada", "ag.score.tokens": "{n} en fichas", "ag.score.cards": "{n} por las ocho cartas", "ag.ending": "Gana quien más Información tenga (fichas más el valor de sus ocho cartas).",
  },
};

/** @type {Words} */
const POSITIONS = {
  en: { table_face_up: "Table, face up", table_face_down: "Table, face down", hand_facing_owner: "Hand, facing you", hand_facing_others: "Hand, facing others" },
  es: { table_face_up: "Mesa, boca arriba", table_face_down: "Mesa, boca abajo", hand_facing_owner: "Mano, hacia ti", hand_facing_others: "Mano, hacia los demás" },
};
/** @type {Words} */
const OWNER_POS = {
  en: { hand_facing_owner: "Hand, facing its owner" }, es: { hand_facing_owner: "Mano, hacia su dueño" },
};
// Where a card is, in a sentence, from the reader's side: "your hand, facing you".
/** @type {Record<string, Record<string, Record<string, string>>>} */
const POS_PHRASE = {
  en: {
    mine: { table_face_up: "the table, face up", table_face_down: "the table, face down", hand_facing_owner: "your hand, facing you", hand_facing_others: "your hand, facing the others" },
    theirs: { table_face_up: "the table, face up", table_face_down: "the table, face down", hand_facing_owner: "their hand, facing them", hand_facing_others: "their hand, facing the others" },
  },
  es: {
    mine: { table_face_up: "la mesa, boca arriba", table_face_down: "la mesa, boca abajo", hand_facing_owner: "tu mano, hacia ti", hand_facing_others: "tu mano, hacia los demás" },
    theirs: { table_face_up: "la mesa, boca arriba", table_face_down: "la mesa, boca abajo", hand_facing_owner: "su mano, hacia su dueño", hand_facing_others: "su mano, hacia los demás" },
  },
};
/** @type {Words} */
const LOCATIONS = { en: { Hall: "Hall", Garden: "Garden" }, es: { Hall: "Salón", Garden: "Jardín" } };
/** @type {Words} */
const CARDS = { es: { "1 Agent": "1 Agente", "2 Agents": "2 Agentes", "3 Agents": "3 Agentes", "4 Agents": "4 Agentes", "5 Agents": "5 Agentes", Recruiter: "Reclutador", Infiltrator: "Infiltrado" } };
export const cardName = (/** @type {Json} */ c) => tr(CARDS, c);

const posName = (/** @type {Json} */ p, mine = true) => {
  const l = currentLang();
  return (!mine && OWNER_POS[l][p]) || POSITIONS[l][p] || POSITIONS.en[p] || p;
};
const posPhrase = (/** @type {Json} */ p, /** @type {Json} */ mine) => POS_PHRASE[currentLang()][mine ? "mine" : "theirs"][p] || p;
const locName = (/** @type {string} */ x) => LOCATIONS[currentLang()][x] || x;

/** @type {Templates} */
const EVENTS = {
  en: {
    card_played: ["{actor} played {card} from {position}", "You played {card} from {position}"],
    card_drawn: ["{actor} drew a card into {position}", "You drew a card into {position}"],
    card_seen: ["{subject} saw {card} in {owner}'s hand, facing the others", "You see {card} in {owner}'s hand, facing the others"],
    card_seen_own: ["{subject} saw {card} in their own hand, facing them", "You see {card} in your hand, facing you"],
    card_seen_yours: "{subject} saw {card} in your hand, facing the others",
    discarded: ["{actor} discarded {card}", "You discarded {card}"],
    agents_solved: ["{actor}'s {card} in the {location}: {result} {information} Information", "Your {card} in the {location}: you {result} {information} Information"],
    embassy_location_chosen: ["{actor} placed the Embassy in the {location}", "You placed the Embassy in the {location}"],
    infiltrated: ["{actor} infiltrated {target} and took {took} Information", "You infiltrated {target} and took {took} Information"],
    recruited: ["{actor} recruited {target}'s {card} ({reward} on the Reward tile)", "You recruited {target}'s {card} ({reward} on the Reward tile)"],
    new_ambassador: ["{actor} is the new Ambassador", "You are the new Ambassador"],
    round_token_returned: "A round token is returned ({round_tokens_left} left)", game_over: "The game is over",
    getting_ready: "Getting ready: {rounds} rounds, {information} Information each; {ambassador} is the Ambassador",
    card_dealt: ["{actor} was dealt {card} into {position}", "You were dealt {card} into {position}"],
  },
  es: {
    card_played: ["{actor} jugó {card} desde {position}", "Jugaste {card} desde {position}"],
    card_drawn: ["{actor} robó una carta a {position}", "Robaste una carta a {position}"],
    card_seen: ["{subject} vio {card} en la mano de {owner}, hacia los demás", "Ves {card} en la mano de {owner}, hacia los demás"],
    card_seen_own: ["{subject} vio {card} en su propia mano, hacia sí", "Ves {card} en tu mano, hacia ti"],
    card_seen_yours: "{subject} vio {card} en tu mano, hacia los demás",
    discarded: ["{actor} descartó {card}", "Descartaste {card}"],
    agents_solved: ["{card} de {actor} en el {location}: {result} {information} de Información", "Tu {card} en el {location}: {result} {information} de Información"],
    embassy_location_chosen: ["{actor} colocó la Embajada en el {location}", "Colocaste la Embajada en el {location}"],
    infiltrated: ["{actor} se infiltró en {target} y se llevó {took} de Información", "Te infiltraste en {target} y te llevaste {took} de Información"],
    recruited: ["{actor} reclutó {card} de {target} ({reward} en la loseta de Recompensa)", "Reclutaste {card} de {target} ({reward} en la loseta de Recompensa)"],
    new_ambassador: ["{actor} es el nuevo Embajador", "Eres el nuevo Embajador"],
    round_token_returned: "Se devuelve una ficha de ronda (quedan {round_tokens_left})", game_over: "La partida ha terminado",
    getting_ready: "Preparación: {rounds} rondas, {information} de Información cada uno; {ambassador} es el Embajador",
    card_dealt: ["{actor} recibió {card} en {position}", "Recibiste {card} en {position}"],
  },
};
/** @type {Words} */
const RESULTS = {
  en: { paid: "pays", took: "takes" }, es: { paid: "paga", took: "gana" },
};
/** @type {Words} */
const RESULTS_YOU = { en: { paid: "pay", took: "take" }, es: { paid: "pagas", took: "ganas" } };

/** @param {GameEvent} ev @param {BoardCtx} ctx */
export function describeEvent(ev, ctx) {
  const d = ev.data || {};
  const subject = ev.type === "card_seen" ? ctx.sees : d.seat;
  const mine = typeof d.seat === "number" && d.seat === ctx.reader;
  // The owner sees a card drawn into their hand facing them: their own card, not another's.
  // …and another's line about the reader's own hand says "your hand" (a published log).
  const own = ev.type === "card_seen" && d.position === "hand_facing_owner";
  const yours = ev.type === "card_seen" && !own && ctx.you !== null && ctx.you !== undefined && d.seat === ctx.you && subject !== ctx.you;
  const type = own ? "card_seen_own" : yours ? "card_seen_yours" : ev.type;
  return sentence(EVENTS, { ...ev, type }, ctx, (k, v) => {
    if (k === "position") return posPhrase(v, mine);
    if (k === "location") return locName(v);
    if (k === "card") return cardName(v);
    if (k === "owner") return ctx.name(d.seat, { you: d.seat !== subject });
    if (k === "ambassador" && typeof v === "number") return ctx.name(v);
    if (k === "result") return ((mine ? RESULTS_YOU : RESULTS)[currentLang()] || RESULTS.en)[v] || v;
    return undefined;
  }, subject);
}

/** "Hand 3" / "Mano 3". @param {number} n */
const handName = (n) => (currentLang() === "es" ? `Mano ${n}` : `Hand ${n}`);

/** A new group in the log at each hand (the Ambassador places the Embassy). */
/** @param {GameEvent} ev @param {Record<string, Json>} state */
export function logGroup(ev, state) {
  if (ev.type !== "embassy_location_chosen") return null;
  state.hand = (state.hand || 0) + 1;
  return handName(state.hand);
}

const KIND_ORDER = [["infiltrated", "ag.infiltrators"], ["recruited", "ag.recruiters"], ["agents_solved", "ag.agents"]];

/** A hand's resolution, step by step: the cards played, then Infiltrators → Recruiters → Agents. */
/** @param {GameEvent[]} fresh @param {BoardCtx} ctx @param {GameEvent[]} all */
export function revealSteps(fresh, ctx, all) {
  if (!fresh.some((e) => KIND_ORDER.some(([k]) => k === e.type))) return [];
  const from = all.findLastIndex((e) => e.type === "embassy_location_chosen" && e.version <= fresh[0].version);
  const played = all.slice(Math.max(0, from)).filter((e) => e.type === "card_played");
  /** @type {RevealStep[]} */
  const steps = played.map((e) => ({
    text: describeEvent(e, ctx),
    focus: `[data-player="${e.data.seat}"]`,
  }));
  for (const [type, key] of KIND_ORDER) {
    const evs = fresh.filter((e) => e.type === type);
    if (!evs.length) continue;
    steps.push({
      text: ctx.t(key),
      detail: h("ul", {}, evs.map((e) => h("li", {}, describeEvent(e, ctx)))),
      focus: evs.map((e) => `[data-player="${e.data.seat}"]`).join(","),
    });
  }
  return steps;
}

/** What this seat has seen: cards in others' hands, and the cards played this game. */
/** @param {GameEvent[]} events @param {BoardCtx} ctx */
export function knowledge(events, ctx) {
  /** @type {string[]} */
  const seen = [];
  /** @type {Record<string, string[]>} */
  const played = {};
  // A card is seen when it is drawn, at the end of a hand, and lies there from the next
  // one on: each line names that hand, and the same card seen again later (decks repeat
  // cards) is a line of its own rather than a copy of the first.
  let hands = 0; // Embassy placements so far: one opens each hand, as in the log
  for (const e of events) {
    const d = e.data || {};
    if (e.type === "embassy_location_chosen") hands += 1;
    if (e.type === "card_seen" && d.seat !== ctx.you) {
      const where = posName(d.position, false).toLowerCase();
      const line = `${handName(hands + 1)} · ${ctx.name(d.seat, { you: false })}: ${cardName(d.card)} (${where})`;
      if (!seen.includes(line)) seen.push(line);
    }
    if (e.type === "card_played" && d.seat !== ctx.you) (played[d.seat] ||= []).push(cardName(d.card));
  }
  return [
    { title: ctx.t("ag.know.seen"), items: seen.slice(-12).reverse() },
    { title: ctx.t("ag.know.played"), items: Object.entries(played).map(([seat, cards]) => `${ctx.name(Number(seat), { you: false })}: ${cards.join(", ")}`) },
  ];
}

/** @param {Json} outcome @param {BoardCtx} ctx */
export function scoreLines(outcome, ctx) {
  /** @type {Record<string, string[]>} */
  const out = {};
  for (const row of outcome.detail?.scores || []) {
    out[row.seat] = [ctx.t("ag.score.tokens", { n: row.tokens }), ctx.t("ag.score.cards", { n: row.cards })];
  }
  return out;
}

/** @param {Json} outcome @param {BoardCtx} ctx */
export function endingText(outcome, ctx) {
  return ctx.t("ag.ending");
}

/** At the end: each player's cards as the final view shows them, and their Information. */
/** @param {BoardCtx} ctx */
export function endReveal(ctx) {
  const players = ctx.view?.players || [];
  if (!players.length) return null;
  return h("ul", {}, players.map((/** @type {Json} */ p) => h("li", {},
    `${ctx.name(p.seat)}: ${ctx.t("ag.info")} ${p.information} · `,
    p.positions.map((/** @type {Json} */ pos) => `${posName(pos.position, p.seat === ctx.you)}: ${pos.card ? cardName(pos.card.name) : "—"}`).join(" · "))));
}

export const glossary = [
  { id: "information", icon: "ℹ", term: { en: "Information", es: "Información" }, text: { en: "Points: tokens plus the value of your eight cards at the end. Most Information wins.", es: "Puntos: fichas más el valor de tus ocho cartas al final. Gana quien más Información tenga." } },
  { id: "value", icon: "②", term: { en: "Information value", es: "Valor de información" }, text: { en: "The number in a card's corner: what an Agent card takes or pays, and what the card counts at the end.", es: "El número de la esquina de la carta: lo que una carta de Agentes cobra o paga, y lo que cuenta al final." } },
  { id: "bank", icon: "∞", term: { en: "Data bank", es: "Banco de datos" }, text: { en: "The Information tokens in the middle: Agents take from it or pay into it.", es: "Las fichas de Información del centro: los Agentes cobran de él o le pagan." } },
  { id: "reward", icon: "▣", term: { en: "Reward tile", es: "Loseta de Recompensa" }, text: { en: "Each recruitment adds a token to it; an Infiltrator takes that much from the bank.", es: "Cada reclutamiento le añade una ficha; un Infiltrado se lleva del banco esa cantidad." } },
  { id: "ambassador", icon: "★", term: { en: "Ambassador", es: "Embajador" }, text: { en: "Places the Embassy in the Hall or the Garden each hand; plays last.", es: "Coloca la Embajada en el Salón o el Jardín en cada mano; juega el último." } },
  { id: "round-tokens", icon: "○", term: { en: "Round tokens", es: "Fichas de ronda" }, text: { en: "One goes back each time the Embassy returns to their holder; the game ends when the last one goes.", es: "Se devuelve una cada vez que la Embajada vuelve a quien las tiene; la partida termina al irse la última." } },
  { id: "hall", term: { en: "Hall", es: "Salón" }, text: { en: "At most as many Agents as players fit; Agents that do not fit pay.", es: "Caben como máximo tantos Agentes como jugadores; los que no caben pagan." } },
  { id: "garden", term: { en: "Garden", es: "Jardín" }, text: { en: "The Agents must reach the number of players, or they pay.", es: "Los Agentes deben llegar al número de jugadores, o pagan." } },
  { id: "infiltrator", icon: "◐", term: { en: "Infiltrator", es: "Infiltrado" }, text: { en: "Resolves first: if a Recruiter was played, takes from the bank what is on the Reward tile and swaps cards with that Recruiter.", es: "Se resuelve primero: si se jugó un Reclutador, se lleva del banco lo que hay en la Recompensa e intercambia cartas con ese Reclutador." } },
  { id: "recruiter", icon: "✚", term: { en: "Recruiter", es: "Reclutador" }, text: { en: "Resolves second: if an Agent card was played, swaps cards with its player and adds a token to the Reward tile.", es: "Se resuelve en segundo lugar: si se jugó una carta de Agentes, intercambia cartas con su jugador y añade una ficha a la Recompensa." } },
  { id: "agents", icon: "3", term: { en: "Agents card", es: "Carta de Agentes" }, text: { en: "Resolves last: takes its value from the bank if its Agents fit the Hall (or fill the Garden), else pays it.", es: "Se resuelve al final: cobra su valor del banco si sus Agentes caben en el Salón (o llenan el Jardín); si no, lo paga." } },
  { id: "hidden", icon: "◆", term: { en: "Hidden card", es: "Carta oculta" }, text: { en: "A card you may not see: face down, or in your hand facing the others.", es: "Una carta que no puedes ver: boca abajo, o en tu mano mirando a los demás." } },
  { id: "deck", icon: "▤", term: { en: "Agency deck", es: "Mazo de agencia" }, text: { en: "Discarded cards go face down under it; every card in it counts at the end.", es: "Las cartas descartadas van boca abajo debajo; todas sus cartas cuentan al final." } },
  { id: "revealed", icon: "👁", term: { en: "Revealed at the end", es: "Revelada al final" }, text: { en: "A card nobody (or not you) could see during the game, turned over for the final count.", es: "Una carta que nadie (o tú no) podía ver durante la partida, destapada para el recuento final." } },
];
const GL = glossIndex(glossary);

/** @param {string} path @param {Json} value @param {BoardCtx} ctx */
export function valueLabel(path, value, ctx) {
  if (path === "position") return posName(value);
  if (path === "location") return locName(value);
  if (path === "target") return ctx.name(value);
  return null;
}

/** @param {Json} a @param {BoardCtx} ctx */
export function describeAction(a, ctx) {
  if (a.type === "play") return `${ctx.t("act.play")}: ${posName(a.position)}`;
  if (a.type === "choose_location") return `${ctx.t("act.choose_location")}: ${locName(a.location)}`;
  if ("target" in a) return `${ctx.t(`act.${a.type}`)}: ${ctx.name(a.target)}`;
  return null;
}

/** @param {BoardCtx} ctx */
export function status(ctx) {
  const v = ctx.view;
  if (!v) return null;
  const el = document.createElement("p");
  el.className = "status-line";
  el.textContent = ctx.t("ag.status", v);
  return el;
}

/** @param {number} seat */
export function seatBadge(seat) {
  return seatBadgeEl(seat, seatTone(seat));
}

/** Whether the rules keep a card in this position hidden from the reader during the game. */
/** @param {Json} position @param {boolean} mine */
function hiddenFrom(position, mine) {
  return position === "table_face_down" || position === (mine ? "hand_facing_others" : "hand_facing_owner");
}

/** @type {Record<string, string>} */
const KIND_FILL = { agent: "#e4ecf8", recruiter: "#f6e7c8", infiltrator: "#eadcf2" };
/** @type {Record<string, string>} */
const KIND_INK = { agent: "#23508f", recruiter: "#8a5a00", infiltrator: "#6b2f86" };

export function card(/** @type {number} */ x, /** @type {number} */ y, /** @type {Json} */ c, { w = 104, h = 140 } = {}) {
  if (!c) {
    return s("g", {}, s("rect", { class: "hit", x, y, width: w, height: h, rx: 9, fill: "none", stroke: "#c9c0ad", "stroke-dasharray": "5 4" }));
  }
  const fill = KIND_FILL[c.kind] || "#fff";
  const ink = KIND_INK[c.kind] || "#1d2433";
  return s("g", { "data-card": c.name },
    s("rect", { class: "hit", x, y, width: w, height: h, rx: 9, fill, stroke: ink, "stroke-width": 1.5 }),
    c.kind === "agent" ? glossed(s("g", {}, s("text", { x: x + w / 2, y: y + 62, "text-anchor": "middle", "font-size": fs(40), "font-weight": 700, fill: ink, class: "serif" }, c.agents)), GL.agents) : null,
    c.kind !== "agent" ? glossed(s("g", {}, s("text", { x: x + w / 2, y: y + 58, "text-anchor": "middle", "font-size": fs(30), fill: ink }, c.kind === "recruiter" ? "✚" : "◐")), GL[c.kind]) : null,
    label(x + w / 2, y + 92, cardName(c.name), { width: 12, size: 13, weight: 600, fill: ink }),
    glossed(s("g", {},
      s("circle", { cx: x + w - 16, cy: y + h - 16, r: 11, fill: "#fff", stroke: ink }),
      s("text", { x: x + w - 16, y: y + h - 12, "text-anchor": "middle", "font-size": fs(12), "font-weight": 700, fill: ink }, c.information)), GL.value));
}

/** @param {number} x @param {number} y @param {{w?: number, h?: number, note?: string, size?: number}} [opts] */
export function back(x, y, { w = 104, h = 140, note, size = 10 } = {}) {
  return glossed(s("g", {},
    s("rect", { class: "hit", x, y, width: w, height: h, rx: 9, fill: "#1d2433", stroke: "#b8913a", "stroke-width": 1.5 }),
    s("rect", { x: x + 8, y: y + 8, width: w - 16, height: h - 16, rx: 6, fill: "none", stroke: "#b8913a", "stroke-opacity": 0.5 }),
    s("text", { x: x + w / 2, y: y + h / 2 + 10, "text-anchor": "middle", "font-size": fs(30), fill: "#b8913a", class: "serif" }, "◆"),
    note ? label(x + w / 2, y + h - 34, note, { width: fs(size) > size ? 17 : 14, size, fill: "#e9d9a9" }) : null), GL.hidden);
}

/** A ribbon on a card the rules turn over at the end (it was hidden from this reader). */
/** @param {number} x @param {number} y @param {number} w @param {string} text @param {number} [size] */
export function revealedRibbon(x, y, w, text, size = 10.5) {
  return glossed(s("g", { "data-end-reveal": "card" },
    s("rect", { x: x + 6, y: y - 9, width: w - 12, height: 18, rx: 9, fill: "#b8913a", stroke: "#fff" }),
    s("text", { x: x + w / 2, y: y + 4, "text-anchor": "middle", "font-size": fs(size), "font-weight": 700, fill: "#fff" }, text)), GL.revealed);
}

/** @param {BoardCtx} ctx */
function draw(ctx) {
  const v = ctx.view;
  // On a phone the board is laid out 340 wide, about 1.06 screen px a unit at 390 px (the
  // reward beside the embassy, the round tokens and the data bank under it; each player's
  // four positions two a row under their plate and the card they played), so that its
  // smallest words (11 units) read at 11 px or more without zooming.
  const small = !!ctx.small;
  const W = small ? 340 : 1000;
  const rowH = small ? 600 : 200;
  const top = small ? 290 : 150;
  const [tokX, tokY] = small ? [20, 150] : [440, 0];
  const [bankX, bankY] = small ? [220, 150] : [760, 0];
  const [locW, locStep] = small ? [96, 104] : [120, 130]; // the Hall's and the Garden's boxes
  const [rewardX, rewardW] = small ? [230, 90] : [300, 110];
  const H = top + v.players.length * rowH + 10;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": "La Agencia", "data-board": "agencia" });
  const over = ctx.doc?.status === "finished";
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, fill: "#f7f3e8", rx: 12 }));

  // Embassy: Hall or Garden (clickable when the Ambassador chooses).
  const emb = s("g", { "data-slot": "agencia-embassy" });
  emb.append(s("text", { x: 20, y: 30, "font-size": fs(14), fill: "#4a5366" }, ctx.t("ag.embassy")));
  ["Hall", "Garden"].forEach((loc, i) => {
    const chosen = v.embassy?.location === loc;
    const g = s("g", {},
      s("rect", { class: "hit", x: 20 + i * locStep, y: 40, width: locW, height: 90, rx: 10, fill: chosen ? (loc === "Hall" ? "#e9d9a9" : "#cfe6d2") : "#fff", stroke: chosen ? "#1d2433" : "#c9c0ad", "stroke-width": chosen ? 2.5 : 1 }),
      s("text", { x: 20 + locW / 2 + i * locStep, y: 74, "text-anchor": "middle", "font-size": fs(18), "font-weight": 600, class: "serif" }, locName(loc)),
      label(20 + locW / 2 + i * locStep, 96, loc === "Hall" ? ctx.t("ag.capacity", { n: v.players.length }) : ctx.t("ag.fill", { n: v.players.length }), { width: small ? 14 : 17, size: 11, fill: "#4a5366" }));
    glossed(g, GL[loc === "Hall" ? "hall" : "garden"]);
    ctx.choice(g, { type: "choose_location", location: loc }, locName(loc));
    emb.append(g);
  });
  svg.append(emb);

  // Reward tile, data bank, round tokens, hand counter.
  svg.append(s("g", {},
    glossed(s("g", {},
      fitText(rewardX, 30, ctx.t("ag.reward"), W - 10 - rewardX, { size: small ? 12 : 14, fill: "#4a5366" }),
      s("rect", { x: rewardX, y: 40, width: rewardW, height: 90, rx: 10, fill: "#fff", stroke: "#b8913a", "stroke-width": 2 }),
      s("text", { x: rewardX + rewardW / 2, y: 98, "text-anchor": "middle", "font-size": fs(36), "font-weight": 700, class: "serif", "data-slot": "agencia-reward" }, v.reward_tile)), GL.reward),
    glossed(s("g", {},
      s("text", { x: tokX, y: tokY + 30, "font-size": fs(14), fill: "#4a5366" }, ctx.t("ag.tokens")),
      ...Array.from({ length: v.rounds }, (_, i) => s("circle", { cx: tokX + 20 + i * 34, cy: tokY + 70, r: 13, fill: i < v.round_tokens ? "#b8913a" : "none", stroke: "#b8913a", "stroke-width": 2 }))), GL["round-tokens"]),
    s("text", { x: tokX, y: tokY + 118, "font-size": fs(14), fill: "#4a5366" }, ctx.t("ag.status", v)),
    glossed(s("g", {},
      fitText(bankX, bankY + 30, ctx.t("ag.bank"), W - 10 - bankX, { size: 14, fill: "#4a5366" }),
      s("text", { x: bankX, y: bankY + 70, "font-size": fs(30), "font-weight": 700, class: "serif" }, v.data_bank ?? "∞")), GL.bank)));

  v.players.forEach((/** @type {Json} */ p, /** @type {number} */ row) => {
    const y = top + row * rowH;
    const mine = p.seat === ctx.you;
    const g = s("g", { "data-player": p.seat, class: seatTone(p.seat) });
    g.append(s("rect", { x: 10, y, width: W - 20, height: rowH - 12, rx: 12, fill: mine ? "#fffdf8" : "#fbf8f0", stroke: ctx.doc?.to_act.includes(p.seat) ? "#b8913a" : "#ddd5c4", "stroke-width": ctx.doc?.to_act.includes(p.seat) ? 3 : 1 }));
    // The player plate: a click target when an action targets this player.
    const plate = s("g", {},
      s("rect", { class: "hit stroke-seat", x: 20, y: y + 10, width: 170, height: small ? 168 : rowH - 32, rx: 10, fill: "#fff", "stroke-width": 2 }),
      seatMark(42, y + 34, 13, p.seat, seatTone(p.seat)),
      label(62, y + 38, ctx.name(p.seat), { width: 14, size: 14, weight: 600, anchor: "start" }),
      p.ambassador ? glossed(s("g", {}, s("text", { x: 32, y: y + 80, "font-size": fs(13), fill: "#8a5a00" }, `★ ${ctx.t("ag.ambassador")}`)), GL.ambassador) : null,
      glossed(s("g", {},
        s("text", { x: 32, y: y + 118, "font-size": fs(13), fill: "#4a5366" }, ctx.t("ag.info")),
        s("text", { x: 32, y: y + 150, "font-size": fs(30), "font-weight": 700, class: "serif", "data-slot": `agencia-${p.seat}-information` }, p.information)), GL.information),
      glossed(s("g", {}, s("text", { x: 120, y: y + 150, "font-size": fs(12), fill: "#4a5366" }, ctx.t("ag.deck", { n: p.deck_size }))), GL.deck));
    ctx.choice(plate, { target: p.seat }, ctx.name(p.seat));
    g.append(plate);
    p.positions.forEach((/** @type {Json} */ pos, /** @type {number} */ i) => {
      const x = small ? 38 + (i % 2) * 160 : 210 + i * 122;
      const y = small ? top + row * rowH + 196 + Math.floor(i / 2) * 196 : top + row * rowH;
      const slot = s("g", { "data-slot": `agencia-${p.seat}-${pos.position}` });
      if (pos.state === "seen" && pos.card) slot.append(card(x, y + 10, pos.card));
      else if (pos.state === "empty") slot.append(card(x, y + 10, null));
      else slot.append(back(x, y + 10, { note: mine && pos.position === "hand_facing_others" ? posName(pos.position) : ctx.t("ag.hidden"), size: small ? 11 : 10 }));
      slot.append(label(x + 52, y + 168, posName(pos.position, mine), { width: 20, size: small ? 11 : 10.5, fill: "#4a5366" }));
      // At the end every card is turned over: mark those this reader could not see.
      if (over && pos.card && hiddenFrom(pos.position, mine)) slot.append(revealedRibbon(x, y + 12, 104, ctx.t("ag.revealed"), small ? 11 : 10.5));
      if (mine) ctx.choice(slot, { type: "play", position: pos.position }, posName(pos.position));
      g.append(slot);
    });
    // The card played this hand.
    const px = small ? 214 : 720;
    g.append(s("text", { x: px, y: y + 26, "font-size": fs(12), fill: "#4a5366" }, ctx.t("ag.played")));
    if (p.played) {
      g.append(s("g", { "data-slot": `agencia-${p.seat}-played`, opacity: p.played.in_game ? 1 : 0.55 }, card(px, y + 34, p.played.card, { w: 96, h: 128 })));
      // On a phone: where it came from and whether it is in the game, under the card.
      const [tx, ty, anchor] = small ? [px + 48, y + 178, "middle"] : [px + 110, y + 60, "start"];
      g.append(fitText(tx, ty, posName(p.played.from, mine), small ? 2 * (W - 12 - tx) : Infinity, { size: 12, anchor, fill: "#4a5366" }));
      g.append(s("text", { x: tx, y: ty + (small ? 16 : 20), "text-anchor": anchor, "font-size": fs(12), fill: p.played.in_game ? "#2e7d4f" : "#4a5366" }, p.played.in_game ? ctx.t("ag.inGame") : ctx.t("ag.out")));
    } else {
      g.append(s("rect", { x: px, y: y + 34, width: 96, height: 128, rx: 9, fill: "none", stroke: "#ddd5c4", "stroke-dasharray": "4 4" }));
    }
    svg.append(g);
  });
  return svg;
}

/** The board, every word at least the text floor of its layout (common.js withTextFloor).
 * @param {BoardCtx} ctx */
export function render(ctx) {
  return withTextFloor(ctx, draw);
}
