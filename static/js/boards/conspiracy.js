// Conspiracy: the map (cities, red lines, stations, HQs), the six agents, the
// briefcase, Dr. Solomon's track, restricted markers, the live challenge duel and your
// own secret payoff board and reserve (never anyone else's).
import { s, h } from "../dom.js";
import { currentLang } from "../i18n.js";
import { sentence, label, fitText, tr, glossed, glossIndex, seatMark, seatTone, seatBadgeEl, fs, withTextFloor } from "./common.js";
/** @import { BoardCtx, GameEvent, Json, Words, Templates, RevealStep } from "../types/client" */

export const strings = {
  en: {
    "cs.status": "Round {round} · {phase}", "cs.shield": "Your payoff board (secret)", "cs.reserve": "Reserve", "cs.solomon": "Dr. Solomon",
    "cs.track": "Dr. Solomon's track", "cs.restricted": "restricted", "cs.payoffs": "{n} payoffs", "cs.hq": "HQ {city}",
    "cs.duel": "Challenge", "cs.order": "{agent} → {to}", "cs.burn": "{agent} burns {target}", "cs.toSpeak": "to speak: {who}",
    "cs.offered": "offered to {who}", "cs.briefcase": "Briefcase", "cs.burned": "burned", "cs.starting": "starting payoff",
    "field.agent": "agent", "field.to": "destination", "field.payoff.to": "whom to pay", "field.amount": "amount", "field.announce": "announcement", "field.pull": "agent to pull",
    "field.briefcase_to": "briefcase to", "field.direction": "direction", "field.on": "on", "field.player": "player", "field.target": "target",
    "field.carry_briefcase": "carry the briefcase", "field.agents": "agent",
    "act.move": "Move", "act.burn": "Burn", "act.payoff": "Payoff", "act.setup_payoff": "Starting payoffs", "act.pass": "Pass", "act.challenge": "Challenge",
    "act.announce": "Announce", "act.stop": "Stop", "act.carry_briefcase": "Carry the briefcase", "act.leave_briefcase": "Leave the briefcase",
    "act.skip_ability": "Skip the ability", "act.beacon": "Beacon", "act.magician": "Magician", "act.roulette": "Roulette", "act.spyglass": "Spyglass",
    "act.tempest": "Tempest", "act.vagabond": "Vagabond",
    "cs.know.announced": "Payoffs shown in duels (at least)", "cs.know.atLeast": "{who} → {agent}: at least {n}", "cs.know.paid": "Your payments, in total",
    "cs.end.briefcase": "The briefcase reached an HQ: {city}.", "cs.end.solomon": "Dr. Solomon recovered the briefcase: the biggest payoff to him wins.",
    "cs.end.solomonShared": "Dr. Solomon recovered the briefcase: the biggest payoffs to him share the win.",
    "cs.lifted": "Shields lifted: payoffs to Dr. Solomon", "cs.lastRoll": "last roll: {face}", "cs.score.solomon": "{n} sovereigns paid to Dr. Solomon", "cs.score.solomon1": "1 sovereign paid to Dr. Solomon", "cs.score.reserve": "{n} left in the Reserve", "cs.score.briefcase": "Brought the briefcase home ({city})",
    "phase.setup": "starting payoffs", "phase.action": "action", "phase.briefcase": "briefcase", "phase.tempest": "Tempest", "phase.challenge": "challenge", "phase.duel": "duel", "phase.ability": "ability", "phase.over": "game over",
  },
  es: {
    "cs.status": "Ronda {round} · {phase}", "cs.shield": "Tu tablero de pagos (secreto)", "cs.reserve": "Reserva", "cs.solomon": "Dr. Solomon",
    "cs.track": "Pista del Dr. Solomon", "cs.restricted": "RESTRINGIDO", "cs.payoffs": "{n} pagos", "cs.hq": "Sede: {city}",
    "cs.duel": "Desafío", "cs.order": "{agent} → {to}", "cs.burn": "{agent} quema a {target}", "cs.toSpeak": "habla: {who}",
    "cs.offered": "ofrecido a {who}", "cs.briefcase": "Maletín", "cs.burned": "quemado", "cs.starting": "pago inicial",
    "field.agent": "agente", "field.to": "destino", "field.payoff.to": "a quién pagar", "field.amount": "cantidad", "field.announce": "anuncio", "field.pull": "agente a atraer",
    "field.briefcase_to": "maletín a", "field.direction": "dirección", "field.on": "sobre", "field.player": "jugador", "field.target": "objetivo",
    "field.carry_briefcase": "llevar el maletín", "field.agents": "agente",
    "act.move": "Mover", "act.burn": "Quemar", "act.payoff": "Pago", "act.setup_payoff": "Pagos iniciales", "act.pass": "Pasar", "act.challenge": "Desafiar",
    "act.announce": "Anunciar", "act.stop": "Plantarse", "act.carry_briefcase": "Llevar el maletín", "act.leave_briefcase": "Dejar el maletín",
    "act.skip_ability": "No usar la habilidad", "act.beacon": "Beacon", "act.magician": "Magician", "act.roulette": "Roulette", "act.spyglass": "Spyglass",
    "act.tempest": "Tempest", "act.vagabond": "Vagabond",
    "cs.know.announced": "Pagos mostrados en duelos (como mínimo)", "cs.know.atLeast": "{who} → {agent}: al menos {n}", "cs.know.paid": "Tus pagos, en total",
    "cs.end.briefcase": "El maletín llegó a una sede: {city}.", "cs.end.solomon": "El Dr. Solomon recuperó el maletín: gana el mayor pago a él.",
    "cs.end.solomonShared": "El Dr. Solomon recuperó el maletín: comparten la victoria los mayores pagos a él.",
    "cs.lifted": "Escudos levantados: pagos al Dr. Solomon", "cs.lastRoll": "última tirada: {face}", "cs.score.solomon": "{n} soberanos pagados al Dr. Solomon", "cs.score.solomon1": "1 soberano pagado al Dr. Solomon", "cs.score.reserve": "{n} en la Reserva", "cs.score.briefcase": "Llevó el maletín a su sede ({city})",
    "phase.setup": "pagos iniciales", "phase.action": "acción", "phase.briefcase": "maletín", "phase.tempest": "Tempest", "phase.challenge": "desafío", "phase.duel": "duelo", "phase.ability": "habilidad", "phase.over": "fin",
  },
};

// City names as the Spanish rule text writes them (Viena, Belgrado…); agents' code names stay.
/** @type {Words} */
const CITIES = { es: { Vienna: "Viena", Prague: "Praga", Munich: "Múnich", Berlin: "Berlín", Warsaw: "Varsovia", Bucharest: "Bucarest", Belgrade: "Belgrado", Zurich: "Zúrich", Milan: "Milán", Venice: "Venecia", Rome: "Roma", Marseille: "Marsella", Barcelona: "Barcelona", Paris: "París", Amsterdam: "Ámsterdam", Kiev: "Kiev", London: "Londres", Moscow: "Moscú", Istanbul: "Estambul", Madrid: "Madrid", Lviv: "Leópolis" } };
export const cityName = (/** @type {Json} */ c) => tr(CITIES, c);
/** @type {Words} */
const FACES = { en: { blank: "blank", solomon: "Dr. Solomon" }, es: { blank: "en blanco", solomon: "Dr. Solomon" } };
/** @type {Words} */
const DIRS = { en: { up: "up", down: "down" }, es: { up: "arriba", down: "abajo" } };

/** @type {Templates} */
const EVENTS = {
  en: {
    agent_moved: ["{actor} moved {agent} from {frm} to {to}", "You moved {agent} from {frm} to {to}"],
    announced: ["{actor} announces {announced}", "You announce {announced}"],
    challenge_failed: ["{actor}'s challenge failed: the order stands (highest announcement {highest}); {actor} is RESTRICTED", "Your challenge failed: the order stands (highest announcement {highest}); you are RESTRICTED"],
    challenge_offered: ["{actor} may challenge", "You may challenge"], challenge_passed: ["{actor} did not challenge", "You did not challenge"],
    challenge_succeeded: ["{actor}'s challenge succeeded with the highest announcement, {highest}: the order is cancelled", "Your challenge succeeded with the highest announcement, {highest}: the order is cancelled"],
    challenged: ["{actor} challenges, announcing {announced}", "You challenge, announcing {announced}"],
    game_started: "The game begins; {first} plays first", move_announced: ["{actor} orders {agent} to {to}", "You order {agent} to {to}"],
    burn_announced: ["{actor} orders {agent} to burn {target}", "You order {agent} to burn {target}"], agent_burned: "{target} is burned",
    payoff_made: ["{actor} made a payoff", "You made a payoff"], roulette_moved_die: ["{actor} moved Dr. Solomon's die {direction} to {space}", "You moved Dr. Solomon's die {direction} to {space}"],
    round_started: "Round {round} begins",
    setup_agents_chosen: ["{actor} placed the starting payoffs", "You placed your starting payoffs"],
    setup_payoffs_placed: ["{subject}'s starting payoffs: {payoffs}", "Your starting payoffs: {payoffs}"],
    shields_lifted: "The shields are lifted: payoffs to Dr. Solomon {solomon}",
    solomon_advanced: "Dr. Solomon advances to {space}", solomon_rolled: "Dr. Solomon's die shows {face}", stopped: ["{actor} stops", "You stop"],
    turn_started: ["{actor}'s turn", "Your turn"],
    vagabond_stepped: ["{actor}'s Vagabond stepped from {frm} to {to}", "Your Vagabond stepped from {frm} to {to}"],
    you_paid: ["{subject} paid {amount} to {to}", "You paid {amount} to {to}"],
    spyglass_looked: ["{actor} used the Spyglass on {at}'s payoff board", "You used the Spyglass on {at}'s payoff board"],
    spyglass_saw: ["{subject} saw {at}'s payoff to {on}: {amount}", "You saw {at}'s payoff to {on}: {amount}"],
    briefcase_carried: ["{actor} carries the briefcase", "You carry the briefcase"], briefcase_moved: "The briefcase moves to {to}",
  },
  es: {
    agent_moved: ["{actor} movió a {agent} de {frm} a {to}", "Moviste a {agent} de {frm} a {to}"],
    announced: ["{actor} anuncia {announced}", "Anuncias {announced}"],
    challenge_failed: ["El desafío de {actor} falló: la orden sigue (anuncio más alto {highest}); {actor} queda RESTRINGIDO", "Tu desafío falló: la orden sigue (anuncio más alto {highest}); quedas RESTRINGIDO"],
    challenge_offered: ["{actor} puede desafiar", "Puedes desafiar"], challenge_passed: ["{actor} no desafió", "No desafiaste"],
    challenge_succeeded: ["El desafío de {actor} triunfó con el anuncio más alto, {highest}: la orden se cancela", "Tu desafío triunfó con el anuncio más alto, {highest}: la orden se cancela"],
    challenged: ["{actor} desafía anunciando {announced}", "Desafías anunciando {announced}"],
    game_started: "Empieza la partida; juega primero {first}", move_announced: ["{actor} ordena a {agent} ir a {to}", "Ordenas a {agent} ir a {to}"],
    burn_announced: ["{actor} ordena a {agent} quemar a {target}", "Ordenas a {agent} quemar a {target}"], agent_burned: "{target} ha sido quemado",
    payoff_made: ["{actor} hizo un pago", "Hiciste un pago"], roulette_moved_die: ["{actor} movió el dado del Dr. Solomon hacia {direction}, a {space}", "Moviste el dado del Dr. Solomon hacia {direction}, a {space}"],
    round_started: "Empieza la ronda {round}",
    setup_agents_chosen: ["{actor} colocó sus pagos iniciales", "Colocaste tus pagos iniciales"],
    setup_payoffs_placed: ["Pagos iniciales de {subject}: {payoffs}", "Tus pagos iniciales: {payoffs}"],
    shields_lifted: "Se levantan los escudos: pagos al Dr. Solomon {solomon}",
    solomon_advanced: "El Dr. Solomon avanza a {space}", solomon_rolled: "El dado del Dr. Solomon muestra {face}", stopped: ["{actor} se planta", "Te plantas"],
    turn_started: ["Turno de {actor}", "Tu turno"],
    vagabond_stepped: ["El Vagabond de {actor} pasó de {frm} a {to}", "Tu Vagabond pasó de {frm} a {to}"],
    you_paid: ["{subject} pagó {amount} a {to}", "Pagaste {amount} a {to}"],
    spyglass_looked: ["{actor} usó el Spyglass sobre el tablero de pagos de {at}", "Usaste el Spyglass sobre el tablero de pagos de {at}"],
    spyglass_saw: ["{subject} vio el pago de {at} a {on}: {amount}", "Viste el pago de {at} a {on}: {amount}"],
    briefcase_carried: ["{actor} lleva el maletín", "Llevas el maletín"], briefcase_moved: "El maletín va a {to}",
  },
};

const PRIVATE_SUBJECT = new Set(["you_paid", "spyglass_saw", "setup_payoffs_placed"]);

/** @param {GameEvent} ev @param {BoardCtx} ctx */
export function describeEvent(ev, ctx) {
  const d = ev.data || {};
  // The table's own "game started" (at Start, before the secret set-up) names no first
  // player: the table's words say it; the game's own, after the set-up, names who.
  if (ev.type === "game_started" && typeof d.first_player !== "number") return null;
  const subject = PRIVATE_SUBJECT.has(ev.type) ? ctx.sees : (typeof d.player === "number" ? d.player : ev.seat);
  const line = sentence(EVENTS, ev, ctx, (k, v) => {
    if (k === "payoffs" && v && typeof v === "object") return Object.entries(v).filter(([, n]) => n).map(([a, n]) => `${a} ${n}`).join(", ");
    if (k === "target" && typeof v === "string") return v;
    if (k === "frm") return cityName(d.frm ?? d.from ?? "—");
    if (k === "to" && typeof v === "string") return cityName(v);
    if (k === "at" && typeof v === "number") return ctx.name(v);
    if (k === "first") return ctx.name(d.first_player);
    if (k === "face") return FACES[currentLang()][v] || v;
    if (k === "direction") return DIRS[currentLang()][v] || v;
    if (k === "solomon") return (d.payoffs_to_solomon || []).map((/** @type {number} */ n, /** @type {number} */ i) => `${ctx.name(i, { you: false })} ${n}`).join(", ");
    return undefined;
  }, subject);
  // Spanish gives the doctor his article where a payoff space is filled in: "Pagaste 2 al
  // Dr. Solomon", "el pago de Ana al Dr. Solomon", never "a Dr. Solomon".
  return line && currentLang() === "es" ? line.replace(/\b(a|de) Dr\. Solomon/g, "$1l Dr. Solomon") : line;
}

/** @param {GameEvent} ev */
export function logGroup(ev) {
  // The set-up goes under the table's "The game" heading; round 1 starts with the game's
  // own game_started (which carries the round), once.
  if (ev.type === "round_started" || (ev.type === "game_started" && typeof ev.data?.round === "number")) {
    const n = ev.data?.round ?? 1;
    return currentLang() === "es" ? `Ronda ${n}` : `Round ${n}`;
  }
  return null;
}

const DUEL = new Set(["move_announced", "burn_announced", "challenged", "announced", "stopped", "challenge_succeeded", "challenge_failed", "agent_moved", "agent_burned", "briefcase_moved", "briefcase_carried"]);

/** A challenge played out bid by bid: the order, each announcement, the result, the move. */
/** @param {GameEvent[]} fresh @param {BoardCtx} ctx */
export function revealSteps(fresh, ctx) {
  if (!fresh.some((e) => e.type === "challenge_succeeded" || e.type === "challenge_failed")) return [];
  return fresh.filter((e) => DUEL.has(e.type)).map((e) => {
    const d = e.data || {};
    const focus = d.agent ? `[data-agent="${d.agent}"]` : typeof d.player === "number" ? `[data-player="${d.player}"]` : '[data-slot="conspiracy-duel"]';
    return { text: describeEvent(e, ctx), focus };
  });
}

/** Every number announced in duels (the only public trace of payoffs) and your own payments. */
/** @param {GameEvent[]} events @param {BoardCtx} ctx */
export function knowledge(events, ctx) {
  /** @type {Record<string, number>} */
  const announced = {};
  /** @type {Record<string, number>} */
  const paid = {};
  let agent = null;
  for (const e of events) {
    const d = e.data || {};
    if (e.type === "move_announced" || e.type === "burn_announced") agent = d.agent;
    if ((e.type === "announced" || e.type === "challenged") && agent && typeof d.player === "number" && d.player !== ctx.you) {
      const key = `${d.player}|${agent}`;
      announced[key] = Math.max(announced[key] ?? 0, d.announced);
    }
    if (e.type === "you_paid") paid[d.to] = (paid[d.to] ?? 0) + d.amount;
    if (e.type === "spyglass_saw") announced[`${d.at}|${d.on}`] = Math.max(announced[`${d.at}|${d.on}`] ?? 0, d.amount);
  }
  return [
    { title: ctx.t("cs.know.announced"), items: Object.entries(announced).map(([k, n]) => { const [seat, a] = k.split("|"); return ctx.t("cs.know.atLeast", { who: ctx.name(Number(seat), { you: false }), agent: a, n }); }) },
    { title: ctx.t("cs.know.paid"), items: Object.keys(paid).length ? [Object.entries(paid).map(([to, n]) => `${to} ${n}`).join(" · ")] : [] },
  ];
}

/** @param {Json} outcome @param {BoardCtx} ctx */
export function endingText(outcome, ctx) {
  const d = outcome.detail || {};
  if (d.ending === "briefcase") return ctx.t("cs.end.briefcase", { city: cityName(d.city) });
  if (d.ending === "dr_solomon") return ctx.t(d.shared ? "cs.end.solomonShared" : "cs.end.solomon");
  return null;
}

/** "3 sovereigns paid to Dr. Solomon", and "1 sovereign" (Spanish: "1 soberano pagado"). */
const solomonPaid = (/** @type {BoardCtx} */ ctx, /** @type {number} */ n) => (n === 1 ? ctx.t("cs.score.solomon1") : ctx.t("cs.score.solomon", { n }));

/** @param {Json} outcome @param {BoardCtx} ctx */
export function scoreLines(outcome, ctx) {
  const d = outcome.detail || {};
  // The briefcase ending needs no tally: one line for the agency that brought it home.
  if (d.ending === "briefcase") return typeof d.winner === "number" ? { [d.winner]: [ctx.t("cs.score.briefcase", { city: cityName(d.city) })] } : {};
  if (!d.payoffs_to_solomon) return null;
  /** @type {Record<string, string[]>} */
  const out = {};
  d.payoffs_to_solomon.forEach((/** @type {number} */ n, /** @type {number} */ seat) => { out[seat] = [solomonPaid(ctx, n), ctx.t("cs.score.reserve", { n: d.reserves?.[seat] ?? 0 })]; });
  return out;
}

/** What the shields reveal at the end, as the view gives it. */
/** @param {BoardCtx} ctx */
export function endReveal(ctx) {
  const f = ctx.view?.final_reveal;
  if (!f) return null;
  return h("ul", {}, (f.payoffs_to_solomon || []).map((/** @type {number} */ n, /** @type {number} */ seat) => h("li", {},
    `${ctx.name(seat)}: ${solomonPaid(ctx, n)} · ${ctx.t("cs.score.reserve", { n: f.reserves?.[seat] ?? 0 })}`)));
}

export const glossary = [
  { id: "briefcase", icon: "◼", term: { en: "Briefcase", es: "Maletín" }, text: { en: "Carry it into your own HQ to win. An agent moved from its city may carry it along.", es: "Llévalo a tu propia sede para ganar. Un agente que sale de su ciudad puede llevarlo consigo." } },
  { id: "agent", icon: "▬", term: { en: "Agent", es: "Agente" }, text: { en: "Independent: anyone may order it one step (or to burn). After a successful move the mover may carry the briefcase and use its ability.", es: "Independiente: cualquiera puede ordenarle un paso (o quemar). Tras un movimiento con éxito, quien lo movió puede llevar el maletín y usar su habilidad." } },
  { id: "station", icon: "★", term: { en: "Station", es: "Estación" }, text: { en: "Cities with a train station: an agent may move between any two stations as if adjacent (not with abilities).", es: "Ciudades con estación de tren: un agente puede ir de una estación a otra como si fueran adyacentes (no con habilidades)." } },
  { id: "red-line", icon: "—", term: { en: "Red line", es: "Línea roja" }, text: { en: "Connects adjacent cities: an agent moves one step along it.", es: "Une ciudades adyacentes: un agente se mueve un paso por ella." } },
  { id: "hq", icon: "⬤", term: { en: "HQ", es: "Sede" }, text: { en: "Your agency's city (the coloured circle). The briefcase there wins.", es: "La ciudad de tu agencia (el círculo de color). El maletín allí gana." } },
  { id: "payoff", icon: "¤", term: { en: "Payoff", es: "Pago" }, text: { en: "Sovereigns placed secretly on an agent (or Dr. Solomon) behind your shield. The others only see that a payoff was made.", es: "Soberanos colocados en secreto sobre un agente (o Dr. Solomon) tras tu escudo. Los demás solo ven que hubo un pago." } },
  { id: "payoff-board", icon: "▦", term: { en: "Payoff board", es: "Tablero de pagos" }, text: { en: "Behind your shield: what you paid each agent and Dr. Solomon. Only you see it.", es: "Tras tu escudo: lo que pagaste a cada agente y al Dr. Solomon. Solo tú lo ves." } },
  { id: "reserve", icon: "¤", term: { en: "Reserve", es: "Reserva" }, text: { en: "Your unspent sovereigns (30 at the start); breaks a tie for Dr. Solomon's win.", es: "Tus soberanos sin gastar (30 al empezar); desempata la victoria del Dr. Solomon." } },
  { id: "challenge", icon: "⚔", term: { en: "Challenge", es: "Desafío" }, text: { en: "A duel of announced payoffs on the ordered agent; nobody may announce more than they really paid. The highest announcement wins.", es: "Un duelo de pagos anunciados sobre el agente ordenado; nadie puede anunciar más de lo que pagó. Gana el anuncio más alto." } },
  { id: "restricted", icon: "⛔", term: { en: "RESTRICTED", es: "RESTRINGIDO" }, text: { en: "After a failed challenge: on your next turn you may only make a payoff.", es: "Tras un desafío fallido: en tu siguiente turno solo puedes hacer un pago." } },
  { id: "burn", icon: "🔥", term: { en: "Burn", es: "Quemar" }, text: { en: "An agent with 5+ of your sovereigns removes another agent in its city from the game.", es: "Un agente con 5 o más de tus soberanos elimina del juego a otro agente de su ciudad." } },
  { id: "solomon", icon: "⚀", term: { en: "Dr. Solomon's track", es: "Pista del Dr. Solomon" }, text: { en: "His die advances one space each round; at the end of the track it is rolled, and his face ends the game: the biggest payoff to him wins.", es: "Su dado avanza una casilla cada ronda; al final de la pista se tira, y si sale su cara la partida termina: gana el mayor pago a él." } },
  { id: "agent-Beacon", icon: "▬", term: { en: "Beacon", es: "Beacon" }, text: { en: "Ability after a successful move (reconstructed): pull another agent from an adjacent city into Beacon's city.", es: "Habilidad tras un movimiento con éxito (reconstruida): atrae a otro agente de una ciudad adyacente a la de Beacon." } },
  { id: "agent-Magician", icon: "▬", term: { en: "Magician", es: "Magician" }, text: { en: "Ability after a successful move (reconstructed): move the briefcase one step, into or out of Magician's city.", es: "Habilidad tras un movimiento con éxito (reconstruida): mueve el maletín un paso, hacia la ciudad de Magician o desde ella." } },
  { id: "agent-Roulette", icon: "▬", term: { en: "Roulette", es: "Roulette" }, text: { en: "Ability after a successful move (reconstructed): move Dr. Solomon's die one space up or down his track.", es: "Habilidad tras un movimiento con éxito (reconstruida): mueve el dado del Dr. Solomon una casilla arriba o abajo en su pista." } },
  { id: "agent-Spyglass", icon: "▬", term: { en: "Spyglass", es: "Spyglass" }, text: { en: "Ability after a successful move (reconstructed): secretly look at another player's payoff on one agent or Dr. Solomon.", es: "Habilidad tras un movimiento con éxito (reconstruida): mira en secreto el pago de otro jugador a un agente o al Dr. Solomon." } },
  { id: "agent-Tempest", icon: "▬", term: { en: "Tempest", es: "Tempest" }, text: { en: "Ability after a successful move (reconstructed): push every other agent in Tempest's city to adjacent cities (not the briefcase).", es: "Habilidad tras un movimiento con éxito (reconstruida): empuja a los demás agentes de la ciudad de Tempest a ciudades adyacentes (no el maletín)." } },
  { id: "agent-Vagabond", icon: "▬", term: { en: "Vagabond", es: "Vagabond" }, text: { en: "Ability after a successful move (reconstructed): one more step to an adjacent city, with the briefcase if it is there.", es: "Habilidad tras un movimiento con éxito (reconstruida): un paso más a una ciudad adyacente, con el maletín si está allí." } },
  { id: "shields-lifted", icon: "👁", term: { en: "Shields lifted", es: "Escudos levantados" }, text: { en: "When Dr. Solomon ends the game everyone reveals their payoff to him (and the Reserve that breaks a tie).", es: "Cuando Dr. Solomon termina la partida todos revelan su pago a él (y la Reserva que desempata)." } },
];
const GL = glossIndex(glossary);

/** @param {BoardCtx} ctx */
export function status(ctx) {
  const el = document.createElement("p");
  el.className = "status-line";
  const ph = String(ctx.view.phase || "");
  el.textContent = ctx.t("cs.status", { round: ctx.view.round, phase: ctx.t(`phase.${ph}`) === `phase.${ph}` ? ph.replace(/_/g, " ") : ctx.t(`phase.${ph}`) });
  return el;
}

/** @param {string} path @param {Json} value @param {BoardCtx} ctx */
export function valueLabel(path, value, ctx) {
  if (path === "player" && typeof value === "number") return ctx.name(value);
  if ((path === "to" || path === "briefcase_to") && typeof value === "string") return cityName(value);
  if (path === "agents.0" || path === "agents.1") return value;
  return null;
}

/** The briefcase, centred on (x, y). */
/** @param {number} x @param {number} y */
export function briefcaseIcon(x, y) {
  return glossed(s("g", {},
    s("rect", { x: x - 12, y: y - 8, width: 24, height: 16, rx: 3, fill: "#3b2a1a", stroke: "#b8913a" }),
    s("rect", { x: x - 5, y: y - 12, width: 10, height: 5, rx: 2, fill: "none", stroke: "#3b2a1a", "stroke-width": 2 })), GL.briefcase);
}

/** A train station's star. */
/** @param {number} x @param {number} y */
export function stationStar(x, y) {
  return glossed(s("g", {}, s("text", { x, y, "font-size": fs(14), fill: "#1d2433" }, "★")), GL.station);
}

/** An agent's pill (70 × 19) at (x, y). */
/** @param {number} x @param {number} y @param {string} name */
export function agentPill(x, y, name) {
  return glossed(s("g", { "data-agent": name },
    s("rect", { class: "hit", x, y, width: 70, height: 19, rx: 9, fill: AGENT_COLOUR[name] || "#444", stroke: "#fff" }),
    fitText(x + 35, y + 14, name, 64, { size: 11, weight: 600, fill: "#fff", anchor: "middle" })), GL[`agent-${name}`] || GL.agent);
}

// On a phone the map is drawn at about a third of its size: an agent there is a disc
// with its initial (as large as a city's name), and its name, city and tap target are a
// pill in the legend under the map, 76 map units tall (≥ 24 px on a 390 px screen).
const MARKER = 40;
// The phone's map is drawn at about 0.36 px a unit: 31 units is 11 px on the screen.
const MAP_LETTER = 31;
const LEGEND = { w: 485, h: 76, size: MAP_LETTER };
const agentLegendHeight = (/** @type {number} */ n) => Math.ceil(n / 2) * (LEGEND.h + 10) + 14;

/** An agent's disc on a phone's map (MARKER wide) at (x, y): its initial, its colour. */
/** @param {number} x @param {number} y @param {string} name */
export function agentMarker(x, y, name) {
  const r = MARKER / 2;
  return glossed(s("g", { "data-agent-marker": name },
    s("circle", { cx: x + r, cy: y + r, r, fill: AGENT_COLOUR[name] || "#444", stroke: "#fff", "stroke-width": 3 }),
    s("text", { x: x + r, y: y + r + 11, "text-anchor": "middle", "font-size": fs(MAP_LETTER), "font-weight": 700, fill: "#fff" }, name.charAt(0))),
  GL[`agent-${name}`] || GL.agent);
}

/** An agent's pill in a phone's legend: its initial as on the map, its name and city. */
/** @param {number} x @param {number} y @param {string} name @param {Json} where @param {Json} burned */
export function agentLegendPill(x, y, name, where, burned) {
  const { w, h: ht, size } = LEGEND;
  const r = ht / 2 - 8;
  return glossed(s("g", { "data-agent": name, opacity: burned ? 0.45 : null },
    s("rect", { class: "hit", x, y, width: w, height: ht, rx: ht / 2, fill: AGENT_COLOUR[name] || "#444", stroke: "#fff", "stroke-width": 2 }),
    s("circle", { cx: x + 8 + r, cy: y + ht / 2, r, fill: "#fff" }),
    s("text", { x: x + 8 + r, y: y + ht / 2 + 10, "text-anchor": "middle", "font-size": fs(MAP_LETTER), "font-weight": 700, fill: AGENT_COLOUR[name] || "#444" }, name.charAt(0)),
    fitText(x + 2 * r + 26, y + ht / 2 + size * 0.35, `${name} · ${where}`, w - 2 * r - 50, { size, weight: 600, fill: "#fff" })),
  GL[`agent-${name}`] || GL.agent);
}

/** @type {Record<string, string>} */
const AGENT_COLOUR = { Beacon: "#d4a017", Magician: "#6b2f86", Roulette: "#a8322d", Spyglass: "#23508f", Tempest: "#2e7d4f", Vagabond: "#7a5a12" };

// City names. At 1,280 px the map is drawn near its own size; on a phone (ctx.small) the
// whole map is about a third of it, so names are drawn larger in map units (≈ 9 px on a
// 390 px screen) with a halo of the map's colour that keeps them readable over the red
// lines, and each goes where it covers no other name, city, station or the briefcase.
// On a phone the map is drawn at about 0.36 px a unit: 31 units is 11 px.
const LABEL = { normal: { size: 12, halo: 3 }, small: { size: 31, halo: 5 } };
let measurer = null;
/** Widths measured before, by font and text: the same twenty names are measured at every
 * redraw, and reading the page's font asks the browser for its styles. */
const widths = new Map();

/** The drawn width of `text` in map units (a canvas measures it in the page's font). */
/** @param {string} text @param {number} size @param {Json} weight @param {string} family */
function textWidth(text, size, weight, family) {
  const font = `${weight} ${size}px ${family}`;
  const key = `${font}|${text}`;
  if (!widths.has(key)) {
    measurer ||= document.createElement("canvas").getContext("2d");
    if (measurer) measurer.font = font;
    widths.set(key, measurer ? measurer.measureText(text).width : text.length * size * 0.62);
  }
  return widths.get(key);
}

/** @typedef {number[]} Box [x0, y0, x1, y1] */
/** How much of `box` the `boxes` cover (overlaps counted once per box), skipping `skip`.
 * @param {Box} box @param {(Box | undefined)[]} boxes @param {number} [skip] */
function area(box, boxes, skip = -1) {
  const [x0, y0, x1, y1] = box;
  let sum = 0;
  for (let j = 0; j < boxes.length; j++) {
    const b = boxes[j];
    if (j === skip || !b) continue;
    const w = Math.min(x1, b[2]) - Math.max(x0, b[0]);
    const h = Math.min(y1, b[3]) - Math.max(y0, b[1]);
    if (w > 0 && h > 0) sum += w * h;
  }
  return sum;
}

/** Each city's name box [x0, y0, x1, y1] and text anchor: under its city if free, else
 * the place around it that covers least of the cities' `rings`, the other `marks`
 * (stations, the briefcase) and the other names, kept on the map (see `COVERS`). Placed
 * in turn, then a name that still covers something is moved again, alone or with a
 * neighbour in its way, while that helps (a few rounds).
 * @param {{name: string, text: string, x: number, y: number, r: number, weight: Json, star: Json}[]} list
 * @param {Box[]} rings @param {Box[]} marks @param {number} size @param {number} W @param {number} H
 * @returns {{boxes: Box[], names: Record<string, {box: Box, x: number, y: number}>}}
 */
function placeNames(list, rings, marks, size, W, H) {
  const key = JSON.stringify([list, rings, marks, size, W, H]);
  if (placed?.key !== key) placed = { key, ...placeNamesAfresh(list, rings, marks, size, W, H) };
  return placed;
}

/** The last placement: a redraw that changed nothing on the map (most redraws: a click
 * that builds a decision, another seat's move elsewhere) places no name again.
 * @type {{key: string, boxes: Box[], names: Record<string, {box: Box, x: number, y: number}>} | null} */
let placed = null;

/** What a name's overlap costs, per unit of area: over a city or another name it hides
 * what a player reads; over a station's star or the briefcase (drawn on top) much less. */
const COVERS = { ring: 50, name: 50, mark: 10, offMap: 50_000 };

/**
 * @param {{name: string, text: string, x: number, y: number, r: number, weight: Json, star: Json}[]} list
 * @param {Box[]} rings @param {Box[]} marks @param {number} size @param {number} W @param {number} H
 */
function placeNamesAfresh(list, rings, marks, size, W, H) {
  const family = getComputedStyle(document.body).fontFamily || "sans-serif";
  const ascent = 0.93 * size;
  const height = 1.17 * size;
  const spotsOf = (/** @type {(typeof list)[number]} */ { text, x, y, r, weight, star }) => {
    const w = textWidth(text, size, weight, family) + 2;
    const right = r + (star ? 14 : 3);
    const below = y + r + 3;
    const above = y - r - 2 - height;
    const mid = y - height / 2;
    // Touching the city, so that a name is never read as its neighbour's.
    return [
      [x - w / 2, below], [x - w / 2, above], [x + right, mid], [x - r - 3 - w, mid],
      [x + r - 2, y + r - 2], [x - r + 2 - w, y + r - 2], [x + right - 4, y - r - height + 4], [x - r + 4 - w, y - r - height + 4],
      [x - r, below], [x + r - w, below], [x - r, above], [x + r - w, above],
      [x + right, mid - height / 3], [x + right, mid + height / 3], [x - r - 3 - w, mid - height / 3], [x - r - 3 - w, mid + height / 3],
      // Slid further along its side, then half a line away: in the crowded centre of
      // Europe every place touching a city can be taken, and a name must not cover a
      // neighbouring city instead.
      [x - w / 2 + w / 3, below], [x - w / 2 - w / 3, below], [x - w / 2 + w / 3, above], [x - w / 2 - w / 3, above],
      [x + right, mid - height * 0.7], [x + right, mid + height * 0.7], [x - r - 3 - w, mid - height * 0.7], [x - r - 3 - w, mid + height * 0.7],
      [x - w / 2, below + height / 2], [x - w / 2, above - height / 2], [x + right + 12, mid], [x - r - 15 - w, mid],
    ].map(([x0, y0]) => [x0, y0, x0 + w, y0 + height]);
  };
  const spots = list.map(spotsOf);
  /** @type {(Box | undefined)[]} */
  const boxes = [];
  /** What a place covers of the map itself: cities, marks, the map's edge. */
  const own = (/** @type {Box} */ box) => {
    const [x0, y0, x1, y1] = box;
    const off = Math.max(0, -x0) + Math.max(0, x1 - W) + Math.max(0, -y0) + Math.max(0, y1 - H);
    return COVERS.ring * area(box, rings) + COVERS.mark * area(box, marks) + COVERS.offMap * off;
  };
  const cost = (/** @type {Box} */ box, /** @type {number} */ i) => own(box) + COVERS.name * area(box, boxes, i);
  const place = (/** @type {number} */ i) => {
    /** @type {{box: Box, c: number}} */
    let best = /** @type {any} */ (null); // spots[i] is never empty
    for (const box of spots[i]) {
      const c = cost(box, i);
      if (!best || c < best.c) best = { box, c };
      if (c === 0) break;
    }
    return best;
  };
  // Two names that leave each other no room move together, to the two places that cover
  // least between them (each alone can only go where the other leaves room).
  const pair = (/** @type {number} */ i, /** @type {number} */ j) => {
    const was = [/** @type {Box} */ (boxes[i]), /** @type {Box} */ (boxes[j])];
    boxes[i] = boxes[j] = undefined;
    // Each overlap between two names counts for both of them.
    const alone = (/** @type {Box} */ box) => own(box) + 2 * COVERS.name * area(box, boxes);
    const between = (/** @type {Box} */ a, /** @type {Box} */ b) => 2 * COVERS.name * area(a, [b]);
    let best = { a: was[0], b: was[1], c: alone(was[0]) + alone(was[1]) + between(was[0], was[1]) };
    for (const a of spots[i]) {
      const ca = alone(a);
      if (ca >= best.c) continue;
      for (const b of spots[j]) {
        const c = ca + alone(b) + between(a, b);
        if (c < best.c) best = { a, b, c };
      }
    }
    boxes[i] = best.a;
    boxes[j] = best.b;
    return best.a !== was[0] || best.b !== was[1];
  };
  /** The box around all of a name's places: the names that could be in its way. */
  const reach = spots.map((all) => [0, 1, 2, 3].map((k) => (k < 2 ? Math.min : Math.max)(...all.map((b) => b[k]))));
  // The name with the fewest free places goes first (a crowded centre of Europe), so
  // that a roomy neighbour does not take the only place a crowded one had.
  const left = new Set(list.keys());
  while (left.size) {
    /** @type {{i: number, free: number} | null} */
    let pick = null;
    for (const i of left) {
      const free = spots[i].filter((box) => cost(box, i) === 0).length;
      if (!pick || free < pick.free) pick = { i, free };
    }
    const { i } = /** @type {{i: number}} */ (pick);
    boxes[i] = place(i).box;
    left.delete(i);
  }
  // Then a name that still covers something moves, alone or with a neighbour in its
  // way, while that helps (a few rounds).
  for (let round = 0; round < 6; round++) {
    let moved = false;
    list.forEach((_, i) => {
      const now = cost(/** @type {Box} */ (boxes[i]), i);
      if (now === 0) return;
      const best = place(i);
      if (best.c < now) { boxes[i] = best.box; moved = true; }
      if (cost(/** @type {Box} */ (boxes[i]), i) === 0) return;
      list.forEach((_, j) => {
        if (j !== i && area(/** @type {Box} */ (boxes[j]), [reach[i]]) > 0 && pair(i, j)) moved = true;
      });
    });
    if (!moved) break;
  }
  const placedBoxes = /** @type {Box[]} */ (boxes); // every name has one now
  return {
    boxes: placedBoxes,
    names: Object.fromEntries(list.map((c, i) => {
      const [x0, y0, x1] = placedBoxes[i];
      return [c.name, { box: placedBoxes[i], x: (x0 + x1) / 2, y: y0 + ascent }];
    })),
  };
}

/** Where a block of pills (bw × bh) beside the city at (cx, cy) overlaps least of the
 * boxes already taken: under its name first, then around it; always on the map. */
/**
 * @param {number} cx @param {number} cy @param {number} bw @param {number} bh @param {Box[]} taken @param {number} W
 * @param {number} H @param {boolean} [snug]
 */
function pillSpot(cx, cy, bw, bh, taken, W, H, snug = false) {
  // A phone's discs touch their city, so that one is never read as its neighbour's.
  // Ring after ring further out when all of the nearer places are taken (a fourth ring:
  // with three, a crowded corner of a phone's map put a disc over a name or the
  // briefcase in about one game in eight).
  const spots = snug ? [12, 30, 50, 70].flatMap((d) => [
    [cx + d, cy - bh / 2], [cx - d - bw, cy - bh / 2], [cx - bw / 2, cy - d - bh], [cx - bw / 2, cy + d],
    [cx + d - 4, cy - d - bh + 4], [cx - d - bw + 4, cy - d - bh + 4], [cx + d - 4, cy + d - 4], [cx - d - bw + 4, cy + d - 4],
    [cx + d, cy - bh], [cx + d, cy], [cx - d - bw, cy - bh], [cx - d - bw, cy],
    [cx - bw / 2 + d, cy - d - bh], [cx - bw / 2 - d, cy - d - bh], [cx - bw / 2 + d, cy + d], [cx - bw / 2 - d, cy + d],
  ]) : [
    [cx - bw / 2, cy + 30], [cx + 16, cy - bh / 2], [cx - 16 - bw, cy - bh / 2], [cx - bw / 2, cy - 17 - bh],
    [cx + 12, cy + 30], [cx - 12 - bw, cy + 30], [cx + 16, cy - bh - 8], [cx - 16 - bw, cy - bh - 8],
    [cx + 16, cy + 8], [cx - 16 - bw, cy + 8], [cx - bw / 2, cy + 52], [cx - bw / 2, cy - 40 - bh],
    // Further out when all of those are taken (a phone's larger city names fill more).
    [cx + 40, cy - bh / 2], [cx - 40 - bw, cy - bh / 2], [cx + 16, cy + 30], [cx - 16 - bw, cy + 30],
    [cx + 16, cy - bh - 30], [cx - 16 - bw, cy - bh - 30], [cx - bw / 2, cy + 74], [cx - bw / 2, cy - 62 - bh],
  ];
  /** @type {(x: number, y: number) => [number, number]} */
  const onMap = (x, y) => [Math.min(Math.max(x, 6), W - 6 - bw), Math.min(Math.max(y, 6), H - 6 - bh)];
  const overlap = (/** @type {number[]} */ [x, y]) => area([x, y, x + bw, y + bh], taken);
  /** @type {{spot: [number, number], cost: number} | null} */
  let best = null;
  for (const [x0, y0] of spots) {
    const spot = onMap(x0, y0);
    const cost = overlap(spot);
    if (!best || cost < best.cost) best = { spot, cost };
    if (cost === 0) return spot;
  }
  // Every place beside the city is taken (the crowded middle of Europe, late in a game):
  // the nearest free place further out, which the page tethers to its city, rather than
  // a disc over a name or the briefcase.
  for (let d = 80; d <= 240; d += 10) {
    for (let k = 0; k < 24; k++) {
      const a = (k * Math.PI) / 12;
      const spot = onMap(cx + d * Math.cos(a) - bw / 2, cy + d * Math.sin(a) - bh / 2);
      if (overlap(spot) === 0) return spot;
    }
  }
  return /** @type {{spot: [number, number]}} */ (best).spot;
}

/** An order or a burn in words. @param {Json} o @param {BoardCtx} ctx */
const orderWords = (o, ctx) => (o.kind === "burn" ? ctx.t("cs.burn", o) : ctx.t("cs.order", { ...o, to: cityName(o.to) }));

/** The Players list shows each seat's colour on the board, with its number.
 * @param {number} seat */
export function seatBadge(seat) {
  return seatBadgeEl(seat, seatTone(seat));
}

// The map: W × MAPH units, the cities' longitudes and latitudes stretched to fill it.
const W = 1000;
const MAPH = 600;
/** An HQ is its seat's number in a ring, drawn larger on a phone's map (31 units: 11 px). */
const HQ_R = { small: 27, normal: 13 };

/** Map units of a city's longitude and latitude. @param {Json} v */
function projection(v) {
  const lons = v.map.cities.map((/** @type {Json} */ c) => c.lon);
  const lats = v.map.cities.map((/** @type {Json} */ c) => c.lat);
  const [lo0, lo1, la0, la1] = [Math.min(...lons) - 2, Math.max(...lons) + 2, Math.min(...lats) - 1.2, Math.max(...lats) + 1.2];
  return {
    px: (/** @type {Json} */ c) => 30 + ((c.lon - lo0) / (lo1 - lo0)) * (W - 60),
    py: (/** @type {Json} */ c) => 20 + ((la1 - c.lat) / (la1 - la0)) * (MAPH - 40),
  };
}

/** Where the city names of view `v` go, and what a name must not cover: every city (its
 * `rings`), its station and the briefcase (`marks`). Exported for the layout tests, which
 * try the briefcase in every city.
 * @param {Json} v @param {boolean} small */
export function cityLabels(v, small) {
  const { px, py } = projection(v);
  const hqs = Object.fromEntries(v.players.map((/** @type {Json} */ p) => [p.hq, p.seat]));
  const hqR = small ? HQ_R.small : HQ_R.normal;
  /** @type {Box[]} */
  const rings = [];
  /** @type {Box[]} */
  const marks = [];
  for (const c of v.map.cities) {
    const x = px(c);
    const y = py(c);
    const r = hqs[c.name] !== undefined ? hqR + 1 : 10;
    rings.push([x - r, y - r, x + r, y + r]);
    if (c.station) marks.push([x + 10, y - 20, x + 25, y - 4]);
  }
  const briefcase = v.map.cities.find((/** @type {Json} */ c) => c.name === v.briefcase);
  if (briefcase) marks.push([px(briefcase) - 13, py(briefcase) - 39, px(briefcase) + 13, py(briefcase) - 17]);
  const look = small ? LABEL.small : LABEL.normal;
  const { boxes, names } = placeNames(v.map.cities.map((/** @type {Json} */ c) => ({
    name: c.name, text: cityName(c.name), x: px(c), y: py(c), r: hqs[c.name] !== undefined ? hqR : 9, star: c.station,
    weight: hqs[c.name] !== undefined ? 700 : small ? 600 : 400,
  })), rings, marks, look.size, W, MAPH);
  return { rings, marks, boxes, names };
}

/** @param {BoardCtx} ctx */
function draw(ctx) {
  const v = ctx.view;
  // On a phone the agents' names are read (and tapped) in a legend under the map.
  const legend = ctx.small ? agentLegendHeight(v.agents.length) : 0;
  const BASE = MAPH + legend;
  const cities = Object.fromEntries(v.map.cities.map((/** @type {Json} */ c) => [c.name, c]));
  const { px, py } = projection(v);
  const svg = s("svg", { viewBox: `0 0 ${W} ${BASE + 320}`, role: "group", "aria-label": "Conspiracy", "data-board": "conspiracy" });
  svg.append(s("rect", { x: 0, y: 0, width: W, height: MAPH, fill: "#e8eef0", rx: 12 }));

  const linesG = glossed(s("g", {}), GL["red-line"]);
  // An agent set far from its city (every place beside it taken) is tethered to it,
  // under the cities and their names.
  const tethers = s("g", {});
  svg.append(linesG, tethers);
  for (const [a, b] of v.map.red_lines) {
    linesG.append(s("line", { x1: px(cities[a]), y1: py(cities[a]), x2: px(cities[b]), y2: py(cities[b]), stroke: "#c23b32", "stroke-width": 2.5, "stroke-opacity": 0.55 }));
  }
  const hqs = Object.fromEntries(v.players.map((/** @type {Json} */ p) => [p.hq, p.seat]));
  const hqR = ctx.small ? HQ_R.small : HQ_R.normal;
  const look = ctx.small ? LABEL.small : LABEL.normal;
  const { rings, marks, boxes: nameBoxes, names } = cityLabels(v, ctx.small);
  // What an agent's pill must not cover: all of those.
  const taken = [...rings, ...marks, ...nameBoxes];
  for (const c of v.map.cities) {
    const x = px(c);
    const y = py(c);
    const hq = hqs[c.name];
    const at = names[c.name];
    const g = s("g", { "data-city": c.name },
      hq !== undefined ? glossed(seatMark(x, y, hqR, hq, seatTone(hq), "hit"), GL.hq)
        : s("circle", { class: "hit", cx: x, cy: y, r: 9, fill: "#fff", stroke: "#1d2433", "stroke-width": 1.5 }),
      c.station ? stationStar(x + 11, y - 7) : null,
      s("text", {
        x: at.x, y: at.y, "text-anchor": "middle", "font-size": fs(look.size), fill: "#1d2433", "font-weight": hq !== undefined ? 700 : ctx.small ? 600 : 400,
        stroke: "#e8eef0", "stroke-width": look.halo, "stroke-linejoin": "round", "paint-order": "stroke", "data-city-label": c.name,
      }, cityName(c.name)));
    for (const partial of [{ to: c.name }, { briefcase_to: c.name }]) {
      if (ctx.decision.allows(partial)) { ctx.choice(g, partial, c.name); break; }
    }
    svg.append(g);
  }
  // The briefcase.
  if (v.briefcase && cities[v.briefcase]) {
    const c = cities[v.briefcase];
    const bc = briefcaseIcon(px(c), py(c) - 26);
    bc.setAttribute("data-slot", "conspiracy-briefcase");
    svg.append(bc);
  }
  // Agents: pills next to their city (on a phone, discs with their initial), stacked
  // when they share one, placed where they cover no city, no city's name, no other pill
  // and not the briefcase.
  const offer = (/** @type {Json} */ g, /** @type {Json} */ name) => {
    for (const partial of [{ agent: name }, { target: name }, { pull: name }, { on: name }, { to: name }]) {
      if (ctx.decision.allows(partial)) { ctx.choice(g, partial, name); break; }
    }
    return g;
  };
  /** @type {Record<string, Json[]>} */
  const byCity = {};
  for (const a of v.agents) if (!a.burned && a.city) (byCity[a.city] ||= []).push(a);
  const [pw, ph, per] = ctx.small ? [MARKER + 6, MARKER + 6, 3] : [74, 22, 2];
  for (const [city, list] of Object.entries(byCity)) {
    const c = cities[city];
    const cx = px(c);
    const cy = py(c);
    const cols = Math.min(list.length, per);
    const bw = cols * pw - 4;
    const bh = Math.ceil(list.length / per) * ph - 3;
    const spot = pillSpot(cx, cy, bw, bh, taken, W, MAPH, ctx.small);
    taken.push([spot[0] - 2, spot[1] - 2, spot[0] + bw + 2, spot[1] + bh + 2]);
    const [mx, my] = [spot[0] + bw / 2, spot[1] + bh / 2];
    if (Math.hypot(mx - cx, my - cy) > 75) {
      // Drawn a screen pixel wide on a phone's map too (0.4 px a unit at 390 px).
      const [width, dashes] = ctx.small ? [3, "8 6"] : [1.5, "4 3"];
      tethers.append(s("line", { class: "tether", x1: cx, y1: cy, x2: mx, y2: my, stroke: "#1d2433", "stroke-width": width, "stroke-dasharray": dashes, "stroke-opacity": 0.6 }));
    }
    list.forEach((/** @type {Json} */ a, /** @type {number} */ i) => {
      const x = spot[0] + (i % per) * pw;
      const y = spot[1] + Math.floor(i / per) * ph;
      svg.append(ctx.small ? agentMarker(x, y, a.name) : offer(agentPill(x, y, a.name), a.name));
    });
  }
  if (ctx.small) {
    v.agents.forEach((/** @type {Json} */ a, /** @type {number} */ i) => {
      const x = 10 + (i % 2) * (LEGEND.w + 10);
      const y = MAPH + 14 + Math.floor(i / 2) * (LEGEND.h + 10);
      const where = a.burned ? ctx.t("cs.burned") : a.city ? cityName(a.city) : "—";
      const g = agentLegendPill(x, y, a.name, where, !!a.burned);
      svg.append(a.burned ? g : offer(g, a.name));
    });
  }

  // Below the map, in its own coordinates: players, Dr. Solomon, your payoff board, the
  // duel. On a phone it is laid out 320 wide (two player cards a row, the track in two
  // rows of ten, the payoff board under the duel) and scaled to the page's width, about
  // 1.1 screen px a unit at 390 px: its smallest words (10 units) read at 11 px.
  const LW = ctx.small ? 320 : W;
  const k = W / LW;
  const low = s("g", { transform: `translate(0 ${BASE})${k > 1 ? ` scale(${k})` : ""}` });
  const perRow = ctx.small ? 2 : v.players.length;
  const cardW = ctx.small ? 145 : 150;
  const rows = Math.ceil(v.players.length / perRow);
  const tx = ctx.small ? 10 : 20;
  const ty = ctx.small ? 20 + rows * 80 + 15 : 125;
  const trackH = ctx.small ? 64 : 32;
  const duelY = ty + trackH + 28;
  const ry = ty + trackH + 20;
  const mine = !!v.my_shield && ctx.you !== null && ctx.you !== undefined;
  const below = v.final_reveal ? ry + (ctx.small ? 123 : 115) : v.order || v.challenge ? duelY + 70 : ty + trackH + 13;
  const sy = ctx.small ? below : 125;
  const lowH = ctx.small ? (mine ? sy + 206 : below) : 320;
  low.append(s("rect", { x: 0, y: 10, width: W / k, height: lowH - 10, fill: "#f7f3e8", rx: 12 / k }));
  svg.append(low);
  svg.setAttribute("viewBox", `0 0 ${W} ${BASE + lowH * k}`);
  v.players.forEach((/** @type {Json} */ p, /** @type {number} */ i) => {
    const x = ctx.small ? 10 + (i % perRow) * (cardW + 10) : 20 + i * 160;
    const y0 = ctx.small ? 20 + Math.floor(i / perRow) * 80 : 30;
    const acting = !!ctx.doc?.to_act.includes(p.seat);
    const g = s("g", { "data-player": p.seat, class: seatTone(p.seat) },
      s("rect", { class: `hit${acting ? "" : " stroke-seat"}`, x, y: y0, width: cardW, height: 70, rx: 9, fill: "#fff", stroke: acting ? "#b8913a" : null, "stroke-width": acting ? 3 : 1.5 }),
      seatMark(x + 17, y0 + 18, 10, p.seat, seatTone(p.seat)),
      fitText(x + 32, y0 + 23, ctx.name(p.seat), cardW - 40, { size: 13, weight: 600 }),
      glossed(s("g", {}, s("text", { x: x + 10, y: y0 + 42, "font-size": fs(11), fill: "#4a5366" }, ctx.t("cs.hq", { city: cityName(p.hq) }))), GL.hq),
      // Kept inside the card (Spanish "RESTRINGIDO" is long).
      glossed(s("g", {}, fitText(x + 10, y0 + 60, `${ctx.t("cs.payoffs", { n: p.payoffs_made })}${p.restricted ? ` · ${ctx.t("cs.restricted")}` : ""}`, cardW - 18,
        { size: 11, fill: p.restricted ? "#a8322d" : "#4a5366" })), p.restricted ? GL.restricted : GL.payoff));
    ctx.choice(g, { player: p.seat }, ctx.name(p.seat));
    low.append(g);
  });

  // Dr. Solomon's track.
  const sol = v.dr_solomon || {};
  const face = sol.last_roll ? FACES[currentLang()][sol.last_roll] || sol.last_roll : null;
  const roll = face ? ` · ${ctx.t("cs.lastRoll", { face })}` : "";
  low.append(fitText(tx, ty, `${ctx.t("cs.track")}${roll}`, LW - 2 * tx, { size: 12, fill: "#4a5366" }));
  const spaces = sol.start_space || 20;
  const solG = glossed(s("g", { "data-slot": "conspiracy-solomon" }), GL.solomon);
  const [perLine, step] = ctx.small ? [10, 30] : [spaces, 24];
  // One box under the whole track, so that a tap between two spaces (or the track's
  // centre, between its two rows on a phone) still chooses Dr. Solomon.
  solG.append(s("rect", { x: tx - 2, y: ty + 6, width: Math.min(perLine, spaces) * step + 1, height: Math.ceil(spaces / perLine) * 30, fill: "#fff", "fill-opacity": 0 }));
  for (let i = spaces; i >= 1; i--) {
    const x = tx + ((spaces - i) % perLine) * step;
    const y = ty + 8 + Math.floor((spaces - i) / perLine) * 30;
    solG.append(s("rect", { x, y, width: step - 3, height: 24, rx: 4, fill: i === sol.space ? "#1d2433" : "#fff", stroke: "#1d2433", "stroke-opacity": 0.4 }));
    solG.append(s("text", { x: x + (step - 3) / 2, y: y + 17, "text-anchor": "middle", "font-size": fs(ctx.small ? 11 : 10), fill: i === sol.space ? "#fff" : "#4a5366" }, i));
  }
  ctx.choice(solG, { to: "Dr. Solomon" }, ctx.t("cs.solomon"));
  low.append(solG);

  // The live challenge duel and the order being challenged.
  if (v.order) {
    const o = v.order;
    low.append(fitText(tx, duelY, `${ctx.name(o.player)}: ${orderWords(o, ctx)}`,
      LW - 2 * tx, { size: 14, weight: 600 }));
  }
  if (v.challenge) {
    const c = v.challenge;
    const bits = [];
    if (c.offered_to !== null && c.offered_to !== undefined) bits.push(ctx.t("cs.offered", { who: ctx.name(c.offered_to) }));
    if (c.duel) {
      bits.push((c.duel.announcements || []).map((/** @type {Json} */ a) => `${ctx.name(a.player)} ${a.announced}`).join(" · "));
      if (c.duel.to_speak !== null && c.duel.to_speak !== undefined) bits.push(ctx.t("cs.toSpeak", { who: ctx.name(c.duel.to_speak) }));
    }
    low.append(glossed(s("g", { "data-slot": "conspiracy-duel" },
      s("rect", { x: tx - 6, y: duelY + 10, width: ctx.small ? LW - 2 * tx + 12 : 560, height: 50, rx: 8, fill: "#fff4e0", stroke: "#e2b777" }),
      s("text", { x: tx + 4, y: duelY + 30, "font-size": fs(13), "font-weight": 700, fill: "#8a4b00" }, ctx.t("cs.duel")),
      fitText(tx + 4, duelY + 50, bits.join(" · "), ctx.small ? LW - 2 * tx - 8 : 548, { size: 12 })), GL.challenge));
  }

  // Your own payoff board and reserve: the only payoffs this page ever holds.
  const shield = v.my_shield;
  if (mine) {
    // On a phone: 300 wide, the Reserve on a line of its own under the title.
    const [sx, bw, cw, top] = ctx.small ? [tx, LW - 2 * tx, 70, 52] : [620, 360, 86, 40];
    const g = s("g", { "data-slot": "conspiracy-shield", "data-secret-of": ctx.you });
    g.append(glossed(s("g", {},
      s("rect", { x: sx, y: sy, width: bw, height: top + 140, rx: 10, fill: "#1d2433" }),
      s("text", { x: sx + 14, y: sy + 24, "font-size": fs(13), "font-weight": 700, fill: "#e9d9a9" }, ctx.t("cs.shield"))), GL["payoff-board"]));
    g.append(glossed(s("g", {}, s("text", ctx.small ? { x: sx + 14, y: sy + 42, "font-size": fs(13), fill: "#fff" } : { x: sx + 346, y: sy + 24, "text-anchor": "end", "font-size": fs(13), fill: "#fff" },
      `${ctx.t("cs.reserve")}: ${shield.reserve}`)), GL.reserve));
    Object.entries(shield.payoffs || {}).forEach(([agent, n], i) => {
      const x = sx + 14 + (i % 4) * cw;
      const y = sy + top + Math.floor(i / 4) * 64;
      g.append(s("rect", { x, y, width: cw - 6, height: 54, rx: 7, fill: "#2c3547", stroke: agent === shield.starting_agent ? "#b8913a" : "#4a5366", "stroke-width": agent === shield.starting_agent ? 2 : 1 }));
      g.append(fitText(x + (cw - 6) / 2, y + 18, agent, cw - 12, { size: 10.5, fill: "#d9dde6", anchor: "middle" }));
      g.append(s("text", { x: x + (cw - 6) / 2, y: y + 44, "text-anchor": "middle", "font-size": fs(20), "font-weight": 700, fill: "#fff" }, n));
    });
    low.append(g);
  }
  // Dr. Solomon ended the game: the shields are lifted and every payoff to him is shown,
  // drawn as each player's shield below the track (the view gives only these numbers).
  if (v.final_reveal) {
    const f = v.final_reveal;
    const pays = f.payoffs_to_solomon || [];
    const top = Math.max(...pays);
    const rv = glossed(s("g", { "data-end-reveal": "payoffs" }), GL["shields-lifted"]);
    rv.append(s("text", { x: tx, y: ry, "font-size": fs(13), "font-weight": 700, fill: "#1d2433" }, ctx.t("cs.lifted")));
    const bw = Math.min(140, (ctx.small ? LW - 2 * tx + 8 : 580) / Math.max(pays.length, 1) - 8);
    pays.forEach((/** @type {number} */ n, /** @type {number} */ seat) => {
      const x = tx + seat * (bw + 8);
      const reserve = `${ctx.t("cs.reserve")}: ${f.reserves?.[seat] ?? 0}`;
      // On a phone the box is narrow: "Dr. Solomon" over the number, not beside it.
      rv.append(s("g", { "data-revealed-payoff": seat, class: seatTone(seat) },
        s("rect", { x, y: ry + 8, width: bw, height: ctx.small ? 104 : 96, rx: 8, fill: "#1d2433", class: n === top ? null : "stroke-seat", stroke: n === top ? "#b8913a" : null, "stroke-width": n === top ? 3 : 1.5 }),
        seatMark(x + 14, ry + 24, 8, seat, seatTone(seat)),
        ctx.small ? fitText(x + 24, ry + 28, ctx.name(seat, { you: false }), bw - 28, { size: 11.5, weight: 700, fill: "#fff" })
          : label(x + 26, ry + 28, ctx.name(seat, { you: false }), { width: Math.floor(bw / 8), size: 11.5, weight: 700, fill: "#fff", anchor: "start" }),
        ...(ctx.small ? [
          fitText(x + bw / 2, ry + 50, ctx.t("cs.solomon"), bw - 10, { size: 10.5, fill: "#d9dde6", anchor: "middle" }),
          s("text", { x: x + bw / 2, y: ry + 76, "text-anchor": "middle", "font-size": fs(20), "font-weight": 700, fill: "#fff" }, n),
          fitText(x + bw / 2, ry + 100, reserve, bw - 10, { size: 10.5, fill: "#d9dde6", anchor: "middle" }),
        ] : [
          s("text", { x: x + 10, y: ry + 56, "font-size": fs(10.5), fill: "#d9dde6" }, ctx.t("cs.solomon")),
          s("text", { x: x + bw - 10, y: ry + 58, "text-anchor": "end", "font-size": fs(20), "font-weight": 700, fill: "#fff" }, n),
          s("text", { x: x + 10, y: ry + 88, "font-size": fs(10.5), fill: "#d9dde6" }, reserve),
        ])));
    });
    low.append(rv);
  }
  return svg;
}

/** The board, every word at least the text floor of its layout (common.js withTextFloor).
 * @param {BoardCtx} ctx */
export function render(ctx) {
  return withTextFloor(ctx, draw);
}
