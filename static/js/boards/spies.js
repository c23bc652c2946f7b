// Stratego Spies & Lies: the Double Agent track, both sides' Infiltration tracks,
// missions with deployed soldiers, Intel, exhausted soldiers, Deception tokens, your hand.
import { s, h } from "../dom.js";
import { currentLang } from "../i18n.js";
import { label, fitText, tr, glossed, glossIndex, fs, withTextFloor } from "./common.js";
import { flatValue } from "../decisions.js";
/** @import { BoardCtx, GameEvent, Json, Words, Templates, RevealStep } from "../types/client" */

export const strings = {
  en: {
    "sp.status": "Day {day}/{days}", "sp.ip": "Infiltration", "sp.deception": "Deception tokens", "sp.noTokens": "Deception tokens: none", "sp.exhausted": "Exhausted",
    "sp.hand": "Hand", "sp.mission": "Mission {n}", "sp.intel": "Intel", "sp.old": "Old intel", "sp.deck": "{n} in the deck",
    "sp.centre": "centre", "sp.wall": "wall", "sp.flag": "flag", "sp.lineup": "Your line-up", "sp.yourSide": "your side",
    "field.soldiers": "soldier", "field.soldier": "rank", "field.mission": "mission", "field.sergeant_token": "intel token on the Sergeant", "field.option": "option",
    "act.deploy": "Deploy", "act.guess": "Guess", "act.place_intel": "Sergeant's intel", "act.play_deception": "Play a Deception token",
    "act.no_deception": "No Deception token", "act.captain": "Captain", "act.marshal": "Marshal",
    "sp.know.seen": "Enemy ranks revealed", "sp.know.rank": "Day {day}, mission {mission}: {rank}", "sp.know.exhausted": "Enemy soldiers exhausted",
    "sp.know.intel": "Intel cards turned", "sp.score.side": "{side} side", "sp.score.ip": "{n} IP", "sp.score.da": "Double Agent: {where}", "sp.revealed": "revealed",
  },
  es: {
    "sp.status": "Día {day}/{days}", "sp.ip": "Infiltración", "sp.deception": "Fichas de Engaño", "sp.noTokens": "Fichas de Engaño: ninguna", "sp.exhausted": "Agotados",
    "sp.hand": "Mano", "sp.mission": "Misión {n}", "sp.intel": "Inteligencia", "sp.old": "Inteligencia vieja", "sp.deck": "{n} en el mazo",
    "sp.centre": "centro", "sp.wall": "muro", "sp.flag": "bandera", "sp.lineup": "Tu despliegue", "sp.yourSide": "tu bando",
    "field.soldiers": "soldado", "field.soldier": "rango", "field.mission": "misión", "field.sergeant_token": "ficha de inteligencia en el Sargento", "field.option": "opción",
    "act.deploy": "Desplegar", "act.guess": "Adivinar", "act.place_intel": "Inteligencia del Sargento", "act.play_deception": "Jugar una ficha de Engaño",
    "act.no_deception": "Sin ficha de Engaño", "act.captain": "Capitán", "act.marshal": "Mariscal",
    "sp.know.seen": "Rangos enemigos revelados", "sp.know.rank": "Día {day}, misión {mission}: {rank}", "sp.know.exhausted": "Soldados enemigos agotados",
    "sp.know.intel": "Cartas de inteligencia vistas", "sp.score.side": "Bando {side}", "sp.score.ip": "{n} PI", "sp.score.da": "Agente Doble: {where}", "sp.revealed": "revelado",
  },
};

/** @type {Words} */
const SIDE = { en: { red: "Red", blue: "Blue" }, es: { red: "Rojo", blue: "Azul" } };
const sideName = (/** @type {string} */ x) => SIDE[currentLang()][x] || x;
/** @type {Record<string, string>} */
const COLOUR = { red: "#c23b32", blue: "#2f5fb3" };
export const SIDE_COLOUR = COLOUR;
/** @type {Words} */
const OPTIONS = {
  en: { earn_6: "earn 6 IP", use_exhausted: "use an exhausted soldier", earn_10: "earn 10 IP", earn_5_reduce_5: "earn 5 IP, enemy −5" },
  es: { earn_6: "ganar 6 PI", use_exhausted: "usar un soldado agotado", earn_10: "ganar 10 PI", earn_5_reduce_5: "ganar 5 PI, enemigo −5" },
};

/** @type {Words} */
const RANKS = { es: { Spy: "Espía", Scout: "Explorador", Miner: "Minero", Sergeant: "Sargento", Lieutenant: "Teniente", Captain: "Capitán", Bomb: "Bomba", Colonel: "Coronel", General: "General", Marshal: "Mariscal" } };
export const rankName = (/** @type {string} */ x) => tr(RANKS, x);
/** @type {Words} */
const REASONS = {
  en: { identified: "identified", bomb: "the Bomb", scout: "the Scout", miner: "the Miner", spy: "the Spy" },
  es: { identified: "identificado", bomb: "la Bomba", scout: "el Explorador", miner: "el Minero", spy: "el Espía" },
};
/** @type {Words} */
const ENDINGS = {
  en: { flag: "the Double Agent reached the enemy flag", territory: "after day 3 the Double Agent stood in the enemy's territory" },
  es: { flag: "el Agente Doble llegó a la bandera enemiga", territory: "tras el día 3 el Agente Doble estaba en territorio enemigo" },
};

/** "red territory 2" / "blue wall" / "centre" in words. */
/** @param {string} text */
function spaceName(text) {
  if (typeof text !== "string") return text;
  const m = text.match(/^(red|blue) (territory|wall|flag)(?: (\d+))?$/);
  const es = currentLang() === "es";
  if (text === "neutral ground") return es ? "terreno neutral" : "neutral ground";
  if (!m) return text === "centre" ? (es ? "el centro" : "the centre") : text;
  const [, side, kind, n] = m;
  if (es) {
    const adj = side === "red" ? "rojo" : "azul";
    const adjF = side === "red" ? "roja" : "azul";
    return kind === "territory" ? `territorio ${adj} ${n}` : kind === "wall" ? `el muro ${adj}` : `la bandera ${adjF}`;
  }
  return kind === "territory" ? `${sideName(side)} territory ${n}` : `${sideName(side)}'s ${kind}`;
}

// [about another side, about your own side]
/** @type {Templates} */
const EVENTS = {
  en: {
    activated: ["{side}'s {soldier} is activated", "Your {soldier} is activated"], bomb_exploded: ["{side}'s Bomb exploded", "Your Bomb exploded"],
    captain_choice: ["{side}'s Captain: {option}", "Your Captain: {option}"],
    day_ended: "Day {day} ended", day_started: "Day {day} begins; {starting_side} starts",
    deception_paid: ["{side} paid a Deception token", "You paid a Deception token"],
    deception_played: ["{side} played a Deception token on mission {mission}", "You played a Deception token on mission {mission}"],
    deception_token_won: ["{side} won a Deception token", "You won a Deception token"],
    deployed: ["{actor} deployed soldiers on missions {missions}", "You deployed soldiers on missions {missions}"],
    double_agent_moved: ["{side} moved the Double Agent {spaces} {spacesWord}, to {to}", "You moved the Double Agent {spaces} {spacesWord}, to {to}"],
    exhausted: ["{side} exhausts {soldiers}", "You exhaust {soldiers}"], infiltrated: ["{side} infiltrated (day {day})", "You infiltrated (day {day})"],
    infiltration_points: ["{side} earned {earned} IP", "You earned {earned} IP"],
    infiltration_points_reduced: ["{side} lost {by} IP (now {total})", "You lost {by} IP (now {total})"],
    intel_ready: ["{actor} is ready", "You are ready"], intel_tokens: ["{side} put intel tokens on missions {missions}", "You put intel tokens on missions {missions}"],
    intel_turned: "New intel: {intel}", marshal_choice: ["{side}'s Marshal: {option}", "Your Marshal: {option}"],
    my_deployment: ["{actor}'s line-up: {soldiers}", "Your line-up: {soldiers}"],
    no_deception: ["{side} played no Deception token on mission {mission}", "You played no Deception token on mission {mission}"],
    points_carried_over: ["{side} carries {points} IP over", "You carry {points} IP over"],
    retreated: ["{side}'s {soldier} on mission {mission} retreated ({reason})", "Your {soldier} on mission {mission} retreated ({reason})"],
    revealed: ["{guesser} guessed {guess} on {theirMission}: it was {soldier} — {correct}", "You guessed {guess} on {theirMission}: it was {soldier} — {correct}"],
    turn: ["{guesser} guesses next, on mission {mission}", "You guess next, on mission {mission}"],
    game_over: ["Game over: {winner} wins — {ending}", "Game over: you win — {ending}"],
    setup: "Old Intel: {old_intel}; exhausted: {exhausted}", hand: ["{actor}'s soldiers in hand: {soldiers}", "Your soldiers in hand: {soldiers}"],
    starting_player: ["Starting Player card: {side} begins", "Starting Player card: you begin"],
  },
  es: {
    activated: ["Se activa el {soldier} de {side}", "Se activa tu {soldier}"], bomb_exploded: ["Explotó la Bomba de {side}", "Explotó tu Bomba"],
    captain_choice: ["Capitán de {side}: {option}", "Tu Capitán: {option}"],
    day_ended: "Termina el día {day}", day_started: "Empieza el día {day}; empieza {starting_side}",
    deception_paid: ["{side} pagó una ficha de Engaño", "Pagaste una ficha de Engaño"],
    deception_played: ["{side} jugó una ficha de Engaño en la misión {mission}", "Jugaste una ficha de Engaño en la misión {mission}"],
    deception_token_won: ["{side} ganó una ficha de Engaño", "Ganaste una ficha de Engaño"],
    deployed: ["{actor} desplegó soldados en las misiones {missions}", "Desplegaste soldados en las misiones {missions}"],
    double_agent_moved: ["{side} movió al Agente Doble {spaces} {spacesWord}, a {to}", "Moviste al Agente Doble {spaces} {spacesWord}, a {to}"],
    exhausted: ["{side} agota {soldiers}", "Agotas {soldiers}"], infiltrated: ["{side} se infiltró (día {day})", "Te infiltraste (día {day})"],
    infiltration_points: ["{side} ganó {earned} PI", "Ganaste {earned} PI"],
    infiltration_points_reduced: ["{side} perdió {by} PI (ahora {total})", "Perdiste {by} PI (ahora {total})"],
    intel_ready: ["{actor} está listo", "Estás listo"], intel_tokens: ["{side} puso fichas de inteligencia en las misiones {missions}", "Pusiste fichas de inteligencia en las misiones {missions}"],
    intel_turned: "Nueva inteligencia: {intel}", marshal_choice: ["Mariscal de {side}: {option}", "Tu Mariscal: {option}"],
    my_deployment: ["Despliegue de {actor}: {soldiers}", "Tu despliegue: {soldiers}"],
    no_deception: ["{side} no jugó ficha de Engaño en la misión {mission}", "No jugaste ficha de Engaño en la misión {mission}"],
    points_carried_over: ["{side} conserva {points} PI", "Conservas {points} PI"],
    retreated: ["El {soldier} de {side} en la misión {mission} se retiró ({reason})", "Tu {soldier} en la misión {mission} se retiró ({reason})"],
    revealed: ["{guesser} dijo {guess} en {theirMission}: era {soldier} — {correct}", "Dijiste {guess} en {theirMission}: era {soldier} — {correct}"],
    turn: ["{guesser} adivina ahora, en la misión {mission}", "Te toca adivinar, en la misión {mission}"],
    game_over: ["Fin de la partida: gana {winner} — {ending}", "Fin de la partida: ¡ganas! — {ending}"],
    setup: "Inteligencia vieja: {old_intel}; agotados: {exhausted}", hand: ["Soldados en mano de {actor}: {soldiers}", "Tus soldados en mano: {soldiers}"],
    starting_player: ["Carta de Jugador Inicial: empieza {side}", "Carta de Jugador Inicial: empiezas tú"],
  },
};

/** The side whose point of view a sentence takes (the guesser, the winner, the actor). */
/** @param {GameEvent} ev @param {BoardCtx} ctx */
function subjectSide(ev, ctx) {
  const d = ev.data || {};
  if (ev.type === "revealed" || ev.type === "turn") return d.guesser;
  if (ev.type === "game_over") return d.winner;
  if (typeof d.seat === "number") return ctx.view?.seats?.find((/** @type {Json} */ x) => x.seat === d.seat)?.side;
  if (ev.type === "my_deployment" || ev.type === "hand") return ctx.view?.seats?.find((/** @type {Json} */ x) => x.seat === ctx.sees)?.side;
  return d.side;
}

/** @param {GameEvent} ev @param {BoardCtx} ctx */
export function describeEvent(ev, ctx) {
  const es = currentLang() === "es";
  const mySide = ctx.reader === null || ctx.reader === undefined ? null : ctx.view?.seats?.find((/** @type {Json} */ x) => x.seat === ctx.reader)?.side;
  const subj = subjectSide(ev, ctx);
  const d = ev.data || {};
  const table = EVENTS[currentLang()] || EVENTS.en;
  const tpl = table[ev.type];
  if (!tpl) return null;
  // Second person only for the reader's own action: a seat's move is theirs alone (in
  // team play a teammate's deployment is the teammate's); a side's event in team play is
  // the reader's when they made the move, else told of the side by name.
  const team = (ctx.view?.seats?.length || 0) > 2;
  const reader = ctx.reader ?? null;
  const mine = reader === null ? false
    : typeof d.seat === "number" ? d.seat === reader
    : ev.type === "my_deployment" || ev.type === "hand" || ev.type === "game_over" || !team ? !!subj && subj === mySide
    : typeof ev.seat === "number" ? ev.seat === reader && subj === mySide
    : false;
  const text = Array.isArray(tpl) ? tpl[mine ? 1 : 0] : tpl;
  const own = (/** @type {Json} */ side) => side === mySide;
  const out = text.replace(/\{(\w+)\}/g, (_, k) => {
    const v = d[k];
    if (k === "actor") return ctx.name(typeof d.seat === "number" ? d.seat : ctx.sees, { you: false });
    if (["side", "guesser", "winner"].includes(k)) return sideName(v);
    if (k === "starting_side") return own(v) ? (es ? "tu bando" : "your side") : sideName(v);
    if (k === "theirMission") return own(d.side) ? (es ? `tu misión ${d.mission}` : `your mission ${d.mission}`) : (es ? `la misión ${d.mission} de ${sideName(d.side)}` : `${sideName(d.side)}'s mission ${d.mission}`);
    if (k === "soldier" || k === "guess") return rankName(v);
    if (k === "exhausted" && v && typeof v === "object" && !Array.isArray(v)) return Object.entries(v).map(([side, n]) => `${sideName(side)}: ${Array.isArray(n) ? n.map(rankName).join(", ") : rankName(n)}`).join("; ");
    if (k === "old_intel") return Array.isArray(v) ? v.map((x) => (typeof x === "object" ? (x.ranks || []).join("-") : String(x).replace(/^Intel/, es ? "Inteligencia" : "Intel"))).join(", ") : String(v).replace(/^Intel/, es ? "Inteligencia" : "Intel");
    if (k === "soldiers") return Array.isArray(v) ? v.map(rankName).join(", ") : Object.entries(v || {}).map(([m, n]) => `${m}: ${rankName(n)}`).join(", ");
    if (k === "missions") return Array.isArray(v) ? v.join(", ") : String(v);
    if (k === "option") return OPTIONS[currentLang()][v] || v;
    if (k === "correct") return v ? (es ? "¡acierto!" : "correct!") : (es ? "fallo" : "wrong");
    if (k === "reason") return REASONS[currentLang()][v] || v;
    if (k === "to") return spaceName(v);
    if (k === "spacesWord") return d.spaces === 1 ? (es ? "casilla" : "space") : (es ? "casillas" : "spaces");
    if (k === "intel") return es ? String(v).replace(/^Intel/, "Inteligencia") : v;
    if (k === "ending") return ENDINGS[currentLang()][v] || v;
    if (v === undefined || v === null) return "—";
    return String(v);
  });
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** @param {GameEvent} ev */
export function logGroup(ev) {
  if (ev.type !== "day_started" && !(ev.type === "game_started")) return null;
  const day = ev.data?.day ?? 1;
  return currentLang() === "es" ? `Día ${day}` : `Day ${day}`;
}

const REVEAL_TYPES = new Set(["deception_played", "no_deception", "revealed", "activated", "infiltration_points", "infiltration_points_reduced", "double_agent_moved", "bomb_exploded", "retreated", "exhausted", "captain_choice", "marshal_choice", "infiltrated"]);

/** A guess played out: the Deception token, the revealed rank, then what it set off. */
/** @param {GameEvent[]} fresh @param {BoardCtx} ctx */
export function revealSteps(fresh, ctx) {
  if (!fresh.some((e) => e.type === "revealed")) return [];
  return fresh.filter((e) => REVEAL_TYPES.has(e.type)).map((e) => {
    const d = e.data || {};
    const focus = e.type === "double_agent_moved" ? '[data-slot="spies-double-agent"]'
      : d.mission ? `[data-slot^="spies-${d.side}-"][data-slot$="-${d.mission}"]` : d.side ? `[data-side="${d.side}"]` : null;
    return { text: describeEvent(e, ctx), focus };
  });
}

/** Enemy ranks seen (and where), exhausted soldiers, the intel cards turned so far. */
/** @param {GameEvent[]} events @param {BoardCtx} ctx */
export function knowledge(events, ctx) {
  const mySide = ctx.view?.you?.side;
  const seen = [];
  const exhausted = [];
  const intel = [];
  let day = 1;
  for (const e of events) {
    const d = e.data || {};
    if (e.type === "day_started") day = d.day;
    if (e.type === "revealed" && d.side !== mySide && d.correct !== undefined) {
      seen.push(ctx.t("sp.know.rank", { day, mission: d.mission, rank: rankName(d.soldier) }));
    }
    if (e.type === "exhausted" && d.side !== mySide) exhausted.push(...(d.soldiers || []).map(rankName));
    if (e.type === "intel_turned") intel.push((d.ranks || []).join("-"));
  }
  return [
    { title: ctx.t("sp.know.seen"), items: seen },
    { title: ctx.t("sp.know.exhausted"), items: exhausted.length ? [exhausted.join(", ")] : [] },
    { title: ctx.t("sp.know.intel"), items: intel.length ? [intel.join(" · ")] : [] },
  ];
}

/** @param {Json} outcome */
export function endingText(outcome) {
  const d = outcome.detail || {};
  const es = currentLang() === "es";
  const why = ENDINGS[currentLang()][d.ending] || d.ending;
  return es ? `Gana ${sideName(d.winner)}: ${why}.` : `${sideName(d.winner)} wins: ${why}.`;
}

/** @param {Json} outcome @param {BoardCtx} ctx */
export function scoreLines(outcome, ctx) {
  const d = outcome.detail || {};
  /** @type {Record<string, string[]>} */
  const out = {};
  for (const seat of (ctx.doc?.seats ?? []).map((x) => x.seat)) {
    const side = ctx.view?.seats?.find((/** @type {Json} */ x) => x.seat === seat)?.side;
    if (!side) continue;
    out[seat] = [ctx.t("sp.score.side", { side: sideName(side) }), ctx.t("sp.score.ip", { n: d.infiltration_points?.[side] ?? 0 }),
      ctx.t("sp.score.da", { where: spaceName(d.double_agent) })];
  }
  return out;
}

/** At the end every soldier on a mission is face up: list them per side. */
/** @param {BoardCtx} ctx */
export function endReveal(ctx) {
  const v = ctx.view;
  if (!v?.sides) return null;
  return h("ul", {}, Object.entries(v.sides).map(([side, info]) => h("li", {},
    `${sideName(side)}: `, info.missions.map((/** @type {Json} */ m) => `${ctx.t("sp.mission", { n: m.mission })} ${soldierWords(m.soldier)}`).join(" · "))));
}

export const glossary = [
  { id: "da", icon: { en: "DA", es: "AD" }, term: { en: "Double Agent", es: "Agente Doble" }, text: { en: "The pawn on the central track. Push it onto the enemy flag to win at once; after day 3 the side in whose enemy territory it stands wins.", es: "El peón del recorrido central. Llévalo a la bandera enemiga para ganar; tras el día 3 gana el bando en cuyo territorio enemigo esté." } },
  { id: "ip", icon: { en: "IP", es: "PI" }, term: { en: "Infiltration points (IP)", es: "Puntos de Infiltración (PI)" }, text: { en: "2 for each soldier you identify, or what an enemy soldier you missed earns them. At 10 you infiltrate: back to 0 and the Double Agent moves as many spaces as the day.", es: "2 por cada soldado que identificas, o lo que gana el soldado enemigo que fallaste. Con 10 te infiltras: vuelves a 0 y el Agente Doble avanza tantas casillas como el día." } },
  { id: "intel", icon: "i", term: { en: "Intel token", es: "Ficha de inteligencia" }, text: { en: "On a soldier whose rank is in the current Intel card's range — unless one rank, free to lie, bluffs: a token where none belongs, or none where one does.", es: "Sobre un soldado cuyo rango está en el intervalo de la carta de Inteligencia actual — salvo que un rango, libre de mentir, farolee: ficha donde no toca, o ninguna donde sí." } },
  { id: "intel-card", icon: "▭", term: { en: "Intel card", es: "Carta de Inteligencia" }, text: { en: "One range of ranks, 1 to 4, 4 to 7 or 7 to 10 (the deck: two cards of each, likely): this day's Intel tokens mark the soldiers in it. Old Intel cards stay visible.", es: "Un intervalo de rangos, 1 a 4, 4 a 7 o 7 a 10 (el mazo: dos cartas de cada uno, probable): las fichas de inteligencia del día marcan a los soldados que están en él. Las cartas viejas siguen a la vista." } },
  { id: "deception", icon: "●", term: { en: "Deception token", es: "Ficha de Engaño" }, text: { en: "Played on your soldier before the enemy guesses it: if the guess is wrong you score 4 extra IP. At most 2 held.", es: "Se juega sobre tu soldado antes de que el rival lo adivine: si falla, ganas 4 PI extra. Como máximo 2." } },
  { id: "hidden", icon: "?", term: { en: "Hidden soldier", es: "Soldado oculto" }, text: { en: "A deployed soldier whose rank you do not know yet.", es: "Un soldado desplegado cuyo rango aún no conoces." } },
  { id: "mission", icon: "1–4", term: { en: "Missions", es: "Misiones" }, text: { en: "Four soldiers a day, in increasing rank order from Mission 1 to 4 (one rank may go anywhere: see the rules).", es: "Cuatro soldados al día, en orden creciente de rango de la Misión 1 a la 4 (un rango puede ir en cualquier sitio: mira las reglas)." } },
  { id: "tilted", icon: "⤾", term: { en: "Retreated (tilted)", es: "Retirado (girado)" }, text: { en: "Identified correctly: it stays face up, tilted, and its ability is not used.", es: "Identificado correctamente: queda boca arriba, girado, y no usa su habilidad." } },
  { id: "exhausted", icon: "✕", term: { en: "Exhausted", es: "Agotado" }, text: { en: "Soldiers that cannot be deployed this day.", es: "Soldados que no pueden desplegarse este día." } },
  { id: "wall", icon: "▌", term: { en: "Wall", es: "Muro" }, text: { en: "The space before each flag: the Double Agent stops there; a later move takes the flag.", es: "La casilla antes de cada bandera: el Agente Doble se detiene ahí; un movimiento posterior toma la bandera." } },
  { id: "flag", icon: "⚑", term: { en: "Flag", es: "Bandera" }, text: { en: "The Double Agent on the enemy flag wins the game at once.", es: "El Agente Doble en la bandera enemiga gana la partida al instante." } },
  { id: "centre", icon: "◇", term: { en: "Centre", es: "Centro" }, text: { en: "Where the Double Agent starts; each side's territory lies towards its own flag.", es: "Donde empieza el Agente Doble; el territorio de cada bando va hacia su propia bandera." } },
  { id: "revealed", icon: "👁", term: { en: "Revealed at the end", es: "Revelado al final" }, text: { en: "At the end every deployed soldier is shown, including those never guessed.", es: "Al final se muestran todos los soldados desplegados, también los que nadie adivinó." } },
];
const GL = glossIndex(glossary);

/** @param {string} path @param {Json} value */
export function valueLabel(path, value) {
  if (path === "option") return OPTIONS[currentLang()][value] || null;
  if (path === "mission") return currentLang() === "es" ? `Misión ${value}` : `Mission ${value}`;
  if ((/^soldiers\.\d+$/.test(path) || path === "soldier" || path === "guess") && typeof value === "string") return rankName(value);
  return null;
}

/** @param {BoardCtx} ctx */
export function status(ctx) {
  const el = document.createElement("p");
  el.className = "status-line";
  el.textContent = ctx.t("sp.status", ctx.view);
  return el;
}

/** A soldier in words, "5 Lieutenant" ("—" for none). @param {Json} x */
const soldierWords = (x) => (x ? `${x.rank ?? ""} ${rankName(x.name ?? "")}`.trim() : "—");

/**
 * @param {number} x @param {number} y @param {any} soldier
 * @param {{w?: number, h?: number, colour?: string, faceUp?: boolean, secretOf?: any}} [opts]
 */
export function soldierCard(x, y, soldier, { w = 92, h = 118, colour, faceUp, secretOf } = {}) {
  if (!soldier) {
    return glossed(s("g", {},
      s("rect", { class: "hit", x, y, width: w, height: h, rx: 9, fill: colour, stroke: "#1d2433", "stroke-opacity": 0.4 }),
      s("text", { x: x + w / 2, y: y + h / 2 + 10, "text-anchor": "middle", "font-size": fs(30), fill: "#fff", "fill-opacity": 0.75, class: "serif" }, "?")), GL.hidden);
  }
  return s("g", { "data-card": soldier.name, "data-secret-of": secretOf ?? null },
    s("rect", { class: "hit", x, y, width: w, height: h, rx: 9, fill: "#fffdf8", stroke: colour, "stroke-width": faceUp ? 3 : 1.5 }),
    s("text", { x: x + w / 2, y: y + 52, "text-anchor": "middle", "font-size": fs(34), "font-weight": 700, fill: colour, class: "serif" }, soldier.rank),
    label(x + w / 2, y + 82, rankName(soldier.name), { width: 11, size: 13, weight: 600, fill: "#1d2433" }));
}

/** @param {BoardCtx} ctx */
function draw(ctx) {
  const v = ctx.view;
  // On a phone the board is laid out 340 wide (each side's missions two a row under its
  // tracks, your hand five a row), about 1.06 screen px a unit at 390 px, so that its
  // smallest words (11-12 units) read at 11 px or more without zooming.
  const small = !!ctx.small;
  const W = small ? 340 : 1000;
  const mySide = v.you?.side || null;
  const sides = Object.keys(v.sides);
  const enemy = mySide ? sides.find((x) => x !== mySide) : sides[1];
  const own = mySide || sides[0];
  const svg = s("svg", { role: "group", "aria-label": "Spies & Lies", "data-board": "spies" });
  const over = ctx.doc?.status === "finished";
  const back = s("rect", { x: 0, y: 0, width: W, fill: "#f3efe4", rx: 12 });
  svg.append(back);
  const fixedSoldiers = [...ctx.decision.fixed].filter(([k]) => k.startsWith("soldiers.")).map(([, val]) => flatValue(val));
  const perRow = small ? 2 : 6;
  const rowsOf = (/** @type {Json} */ side) => Math.max(1, Math.ceil(v.sides[side].missions.length / perRow));
  const HAND_ROW = 5; // cards a row in your hand on a phone
  const handRows = (/** @type {Json} */ side) => Math.max(1, Math.ceil((v.sides[side].hand || []).length / HAND_ROW));
  // A side's words (name, players, Infiltration, Deception tokens, Exhausted) above its
  // missions on a phone; beside them at 1,280 px.
  const HEAD = 136;
  // At 1,280 px a side is as tall as its missions (a card, its guess under it) or, on your
  // own side, your hand under the words: a fixed height left an empty band under them.
  const WIDE_MISSIONS = 184;
  const WIDE_WITH_HAND = 270;
  const hasHand = (/** @type {Json} */ side, /** @type {Json} */ isOwn) => !!(isOwn && v.sides[side].hand);
  // A row of missions is a card (to 152) and, when some mission in it carries a guess, the
  // guess's line under it (to 173); a row with no guess ends under its cards.
  const MISSION_ROW = 180;
  const CARDS_ONLY = 162;
  const guessIn = (/** @type {Json} */ side, /** @type {number} */ first, /** @type {number} */ count) =>
    v.sides[side].missions.slice(first, first + count).some((/** @type {Json} */ m) => m.guess);
  const missionsHeight = (/** @type {Json} */ side) => {
    const rows = rowsOf(side);
    return (rows - 1) * MISSION_ROW + (guessIn(side, (rows - 1) * perRow, perRow) ? MISSION_ROW : CARDS_ONLY);
  };
  const panelHeight = (/** @type {Json} */ side, /** @type {Json} */ isOwn) => (small
    ? HEAD + missionsHeight(side) + (hasHand(side, isOwn) ? 30 + handRows(side) * 64 : 0)
    : hasHand(side, isOwn) ? WIDE_WITH_HAND : guessIn(side, 0, Infinity) ? WIDE_MISSIONS : CARDS_ONLY);

  // The Double Agent track: red flag … centre … blue flag.
  const da = v.double_agent;
  const n = da.flag;
  const cells = 2 * n + 1;
  const cw = (W - 40) / cells;
  const trackY = 10 + panelHeight(enemy, false) + 34;
  for (let i = 0; i < cells; i++) {
    const pos = i - n;
    const side = pos < 0 ? "red" : pos > 0 ? "blue" : null;
    const a = Math.abs(pos);
    // On a phone a cell is too narrow for "bandera": the glossary's icon (its tip names it).
    const kind = a === 0 ? (small ? "◇" : ctx.t("sp.centre")) : a === da.flag ? (small ? "⚑" : ctx.t("sp.flag")) : a === da.wall ? (small ? "▌" : ctx.t("sp.wall")) : String(a);
    const gl = a === 0 ? GL.centre : a === da.flag ? GL.flag : a === da.wall ? GL.wall : null;
    svg.append(glossed(s("g", {},
      s("rect", { x: 20 + i * cw + 2, y: trackY, width: cw - 4, height: 56, rx: 6, fill: side ? COLOUR[side] : "#ded6c2", "fill-opacity": a === da.flag ? 0.9 : a === da.wall ? 0.6 : 0.25 }),
      fitText(20 + i * cw + cw / 2, trackY + 74, kind, cw - 2, { size: small ? 12 : 11, anchor: "middle", fill: "#4a5366" })), gl));
  }
  // A positive position is in blue's territory (the view names the space).
  const daPos = typeof da.position === "number" ? da.position : 0;
  const mx = 20 + (daPos + n) * cw + cw / 2;
  svg.append(glossed(s("g", { "data-slot": "spies-double-agent" },
    s("circle", { cx: mx, cy: trackY + 28, r: 20, fill: "#1d2433", stroke: "#b8913a", "stroke-width": 3 }),
    s("text", { x: mx, y: trackY + 34, "text-anchor": "middle", "font-size": fs(16), fill: "#e9d9a9", "font-weight": 700 }, currentLang() === "es" ? "AD" : "DA")), GL.da));
  svg.append(fitText(W / 2, trackY - 10, `${spaceName(da.space)} · ${ctx.t("sp.status", v)}`, W - 20, { size: 13, anchor: "middle", fill: "#4a5366" }));

  // Intel: the current card, old ones and the deck.
  const intel = v.intel || {};
  const intelBits = [
    `${ctx.t("sp.intel")}: ${intel.current ? intel.current.ranks.join(" · ") : "—"}`,
    `${ctx.t("sp.old")}: ${(intel.old || []).map((/** @type {Json} */ c) => c.ranks.join("-")).join(", ") || "—"}`,
    ctx.t("sp.deck", { n: intel.deck_size ?? 0 }),
  ];
  // On a phone: the current card, the old ones and the deck a line each.
  const intelLines = small ? intelBits : [intelBits.join("  ·  ")];
  svg.append(glossed(s("g", {}, ...intelLines.map((line, i) =>
    fitText(W / 2, trackY + 96 + i * 17, line, W - 20, { size: 12, anchor: "middle", fill: "#4a5366" }))), GL["intel-card"]));

  const sidePanel = (/** @type {Json} */ side, /** @type {Json} */ top, /** @type {Json} */ isOwn) => {
    const y = top;
    const info = v.sides[side];
    const colour = COLOUR[side] || "#555";
    const g = s("g", { "data-side": side });
    g.append(s("rect", { x: 10, y, width: W - 20, height: panelHeight(side, isOwn), rx: 12, fill: "#fffdf8", stroke: colour, "stroke-width": 2 }));
    // The side, then its players on a line of their own: both stay left of the missions.
    const title = s("g", { "data-side-title": side },
      fitText(26, y + 26, `${sideName(side)}${isOwn && mySide ? ` (${ctx.t("sp.yourSide")})` : ""}`, small ? W - 52 : 226, { size: 17, weight: 700, fill: colour, cls: "serif" }),
      fitText(26, y + 44, info.players.map((/** @type {Json} */ p) => ctx.name(p)).join(", "), small ? W - 52 : 226, { size: 12.5, weight: 600, fill: colour }));
    g.append(title);
    // Infiltration track 0..10.
    const ipG = glossed(s("g", {}, s("text", { x: 26, y: y + 60, "font-size": fs(12), fill: "#4a5366" }, `${ctx.t("sp.ip")}: ${info.infiltration_points}`)), GL.ip);
    g.append(ipG);
    for (let i = 0; i <= 10; i++) {
      ipG.append(s("rect", { x: 26 + i * 19, y: y + 66, width: 16, height: 16, rx: 3, fill: i <= info.infiltration_points && info.infiltration_points > 0 ? colour : "#eee7d6", "fill-opacity": i === 0 ? 0.3 : 0.9 }));
    }
    // The Deception tokens held, on the line of their name; none says so (a row of its own
    // left a blank band under the name when it was empty).
    const held = info.deception_tokens || 0;
    const dWords = held ? ctx.t("sp.deception") : ctx.t("sp.noTokens");
    const dG = glossed(s("g", {}, s("text", { x: 26, y: y + 108, "font-size": fs(12), fill: "#4a5366" }, dWords)), GL.deception);
    g.append(dG);
    // ~7.4 units a letter at 12: the widest of the fonts a browser may pick, so no token covers a word.
    for (let i = 0; i < held; i++) dG.append(s("circle", { cx: 26 + dWords.length * 7.4 + 16 + i * 24, cy: y + 104, r: 9, fill: "#6b2f86" }));
    g.append(glossed(s("g", {}, fitText(26, y + 132, `${ctx.t("sp.exhausted")}: ${(info.exhausted || []).map(soldierWords).join(", ") || "—"}`, small ? W - 52 : Infinity, { size: 12, fill: "#4a5366" })), GL.exhausted));
    // Missions.
    info.missions.forEach((/** @type {Json} */ m, /** @type {number} */ i) => {
      const x = small ? 44 + (i % perRow) * 160 : 260 + i * 110;
      const y = small ? top + HEAD + Math.floor(i / perRow) * MISSION_ROW : top;
      const slot = s("g", { "data-slot": `spies-${side}-${m.player}-${m.mission}` });
      let soldier = m.soldier;
      let pending = false;
      if (isOwn && !m.deployed && m.player === ctx.you && fixedSoldiers.length) {
        const idx = info.missions.filter((/** @type {Json} */ x2) => x2.player === ctx.you).indexOf(m);
        if (idx >= 0 && idx < fixedSoldiers.length) {
          const name = fixedSoldiers[idx];
          soldier = (info.hand || []).find((/** @type {Json} */ c) => c.name === name) || { rank: "", name };
          pending = true;
        }
      }
      slot.append(glossed(s("g", {}, s("text", { x: x + 46, y: y + 24, "text-anchor": "middle", "font-size": fs(12), fill: "#4a5366" }, ctx.t("sp.mission", { n: m.mission }))), GL.mission));
      if (m.deployed || pending) {
        // At the end every soldier is shown to everyone: none is a seat's secret any more.
        const c = soldierCard(x, y + 34, soldier, { colour, faceUp: m.face_up, secretOf: m.face_up || over ? null : m.player });
        if (pending) c.setAttribute("opacity", "0.6");
        if (m.tilted) { c.setAttribute("transform", `rotate(8 ${x + 46} ${y + 93})`); glossed(c, GL.tilted); }
        slot.append(c);
        // At the end every soldier is shown: mark those this reader had not seen.
        if (over && m.soldier && !m.face_up && (!mySide || side !== mySide)) {
          slot.append(glossed(s("g", { "data-end-reveal": "soldier" },
            s("rect", { x: x + 4, y: y + 140, width: 84, height: 18, rx: 9, fill: "#b8913a", stroke: "#fff" }),
            s("text", { x: x + 46, y: y + 153, "text-anchor": "middle", "font-size": fs(small ? 12 : 10.5), "font-weight": 700, fill: "#fff" }, ctx.t("sp.revealed"))), GL.revealed));
        }
      } else {
        slot.append(s("rect", { x, y: y + 34, width: 92, height: 118, rx: 9, fill: "none", stroke: "#c9c0ad", "stroke-dasharray": "5 4" }));
      }
      if (m.intel_token) slot.append(glossed(s("g", {}, s("circle", { cx: x + 80, cy: y + 44, r: 10, fill: "#b8913a" }), s("text", { x: x + 80, y: y + 48, "text-anchor": "middle", "font-size": fs(11), fill: "#fff" }, "i")), GL.intel));
      if (m.deception_token) slot.append(glossed(s("g", {}, s("circle", { cx: x + 12, cy: y + 44, r: 9, fill: "#6b2f86" })), GL.deception));
      if (m.guess) slot.append(fitText(x + 46, y + 170, `? ${typeof m.guess === "object" ? soldierWords(m.guess) : rankName(m.guess)}`, small ? 150 : 106, { size: small ? 12 : 11, anchor: "middle", fill: "#4a5366" }));
      if (!isOwn) ctx.choice(slot, { type: "guess", mission: m.mission }, ctx.t("sp.mission", { n: m.mission }));
      else if (m.player === ctx.you) ctx.choice(slot, { type: "play_deception", mission: m.mission }, ctx.t("act.play_deception"));
      g.append(slot);
    });
    // Your hand (only your own side carries one in your view).
    if (isOwn && info.hand) {
      // On a phone: below the missions, five cards a row.
      const y = small ? top + HEAD + missionsHeight(side) - 176 : top;
      g.append(s("text", { x: 26, y: y + 196, "font-size": fs(12), fill: "#4a5366" }, ctx.t("sp.hand")));
      const k = fixedSoldiers.length;
      info.hand.forEach((/** @type {Json} */ c, /** @type {number} */ j) => {
        const i = small ? j % HAND_ROW : j;
        const y2 = small ? y + Math.floor(j / HAND_ROW) * 64 : y;
        const x = (small ? 20 : 26) + i * 62;
        const used = fixedSoldiers.includes(c.name);
        const card = s("g", { "data-card": c.name, opacity: used ? 0.35 : 1 },
          s("rect", { class: "hit", x, y: y2 + 204, width: 56, height: 56, rx: 7, fill: "#fff", stroke: colour }),
          s("text", { x: x + 28, y: y2 + 228, "text-anchor": "middle", "font-size": fs(18), "font-weight": 700, fill: colour }, c.rank),
          fitText(x + 28, y2 + 248, rankName(c.name), small ? 54 : 50, { size: small ? 11 : 10, anchor: "middle" }));
        if (!used) ctx.choice(card, { type: "deploy", soldiers: { [k]: c.name } }, rankName(c.name));
        g.append(card);
      });
    }
    return g;
  };
  svg.append(sidePanel(enemy, 10, false));
  const ownY = trackY + 107 + 17 * intelLines.length;
  svg.append(sidePanel(own, ownY, true));
  const H = ownY + panelHeight(own, true) + 10;
  back.setAttribute("height", String(H));
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  return svg;
}

/** The board, every word at least the text floor of its layout (common.js withTextFloor).
 * @param {BoardCtx} ctx */
export function render(ctx) {
  return withTextFloor(ctx, draw);
}
