// Estoril 1942: the grid of location boards (numerals, Top Secret spaces, look symbols,
// face-up/face-down tiles, rewards, markers, shields, the Airport die, Enigma, Roulette),
// your hand, everyone's public discards, the missions, round and first player.
import { s, h } from "../dom.js";
import { currentLang } from "../i18n.js";
import { sentence, label, lines, fitText, tr, glossed, glossIndex, pressable, seatMark, seatBadgeEl, fs, withTextFloor } from "./common.js";
/** @import { BoardCtx, GameEvent, Json, Words, Templates, RevealStep } from "../types/client" */

export const strings = {
  en: {
    "es.status": "Round {round}/{rounds} · first player: {first}", "es.hand": "Your hand", "es.missions": "Missions", "es.pile": "Pile: {n}",
    "es.shields": "Shields left: {n}", "es.discards": "Discards", "es.inHand": "In hand", "es.markers": "{n} markers", "es.handSize": "{n} in hand", "es.reward": "Reward", "es.pileBelow": "2 tiles|below ↓",
    "es.do.place": "Place {tile} on {where}", "es.do.placeDown": "Place {tile} face down on {where}",
    "es.die": "die {n}", "es.enigma": "Enigma", "es.roulette": "Roulette", "es.resolved": "resolved", "es.faceDown": "face down", "es.topSecret": "Top Secret",
    "es.reconstructed": "reconstructed", "es.results": "Results", "es.outOfGame": "Out of the game: {n}", "es.vp": "VP", "es.ts": "TOP SECRET",
    "es.know.seen": "Face-down tiles you saw", "es.revealedHands": "Revealed at the end: every player's hand", "es.know.pile": "Pile top {tile}; reward {reward}",
    "es.score.discards": "{n} for discards", "es.score.hand": "{n} for hand tiles", "es.score.missions": "missions: {list}", "es.score.enigma": "{n} for the Enigma", "es.score.medals": "−{n} for black medals",
    "field.tile": "tile", "field.location": "location", "field.space": "space", "field.ability": "ability", "field.to": "to space", "field.reward": "reward",
    "field.degrees": "rotation", "field.value": "die value", "field.from": "from",
    "act.place": "Place a tile", "act.look": "Look", "act.use": "Use an ability", "act.pass": "Pass", "act.discard": "Discard", "act.keep_reward": "Keep the reward",
    "act.swap_reward": "Swap the reward", "act.place_enigma": "Place the Enigma", "act.remove": "Remove a tile", "act.rotate": "Rotate", "act.roulette": "Roulette tile", "act.set_die": "Set the die",
  },
  es: {
    "es.status": "Ronda {round}/{rounds} · jugador inicial: {first}", "es.hand": "Tu mano", "es.missions": "Misiones", "es.pile": "Pila: {n}",
    "es.shields": "Escudos: {n}", "es.discards": "Descartes", "es.inHand": "En la mano", "es.markers": "{n} marcadores", "es.handSize": "{n} en mano", "es.reward": "Recompensa", "es.pileBelow": "2 losetas|debajo ↓",
    "es.do.place": "Colocar {tile} en {where}", "es.do.placeDown": "Colocar {tile} boca abajo en {where}",
    "es.die": "dado {n}", "es.enigma": "Enigma", "es.roulette": "Ruleta", "es.resolved": "resuelto", "es.faceDown": "boca abajo", "es.topSecret": "Alto Secreto",
    "es.reconstructed": "reconstruido", "es.results": "Resultados", "es.outOfGame": "Fuera del juego: {n}", "es.vp": "PV", "es.ts": "ALTO SECRETO",
    "es.know.seen": "Losetas boca abajo que viste", "es.revealedHands": "Revelado al final: la mano de cada jugador", "es.know.pile": "Arriba de la pila {tile}; recompensa {reward}",
    "es.score.discards": "{n} por descartes", "es.score.hand": "{n} por losetas en mano", "es.score.missions": "misiones: {list}", "es.score.enigma": "{n} por el Enigma", "es.score.medals": "−{n} por medallas negras",
    "field.tile": "loseta", "field.location": "localización", "field.space": "espacio", "field.ability": "habilidad", "field.to": "al espacio", "field.reward": "recompensa",
    "field.degrees": "rotación", "field.value": "valor del dado", "field.from": "de",
    "act.place": "Colocar una loseta", "act.look": "Mirar", "act.use": "Usar una habilidad", "act.pass": "Pasar", "act.discard": "Descartar", "act.keep_reward": "Quedarse la recompensa",
    "act.swap_reward": "Cambiar la recompensa", "act.place_enigma": "Colocar el Enigma", "act.remove": "Retirar una loseta", "act.rotate": "Girar", "act.roulette": "Loseta de ruleta", "act.set_die": "Fijar el dado",
  },
};

/** @type {Record<string, string>} */
/** The class that draws a player colour (static/styles.css: `--es-red` …).
 * @param {string | null | undefined} colour */
const tone = (colour) => (colour ? `es-${colour}` : "");
/** @type {Words} */
const COLOUR_NAMES = {
  en: { red: "Red", green: "Green", blue: "Blue", yellow: "Yellow", pink: "Pink" },
  es: { red: "Rojo", green: "Verde", blue: "Azul", yellow: "Amarillo", pink: "Rosa" },
};

/** @type {Words} */
const LOCS = { es: { Church: "Iglesia", Museum: "Museo", "Tamariz beach": "Playa de Tamariz", "Hell's mouth": "Boca do Inferno", "Portela Airport": "Aeropuerto de Portela" } };
/** @type {Words} */
const ABILITIES = { es: { Assassin: "Asesino", Seduction: "Seducción", Conspiracy: "Conspiración", Diplomacy: "Diplomacia", Nationalism: "Nacionalismo", "Double Agent": "Agente Doble" } };
/** @type {Words} */
const MISSIONS = { es: {
  "Most Assassin symbols": "Más símbolos de Asesino", "Most Conspiracy symbols": "Más símbolos de Conspiración", "Most Nationalism symbols": "Más símbolos de Nacionalismo",
  "Most Seduction symbols": "Más símbolos de Seducción", "Most Diplomacy symbols": "Más símbolos de Diplomacia", "Most German characters": "Más personajes alemanes",
  "Most UK characters": "Más personajes británicos", "Most US characters": "Más personajes estadounidenses", "Most Portuguese characters": "Más personajes portugueses",
  "Most women": "Más mujeres", "Highest total strength": "Mayor fuerza total", "Most different flags (ES, FR, IT, HU, SU, YU)": "Más banderas distintas (ES, FR, IT, HU, SU, YU)",
  "Most Double Agent symbols": "Más símbolos de Agente Doble", "Lowest number of discarded tiles": "Menos losetas descartadas",
  "Most different flags (PL, JP, RO, IT, HU, SU)": "Más banderas distintas (PL, JP, RO, IT, HU, SU)", "Fewest Seduction symbols": "Menos símbolos de Seducción",
  "Most Starting Characters": "Más personajes iniciales",
} };
export const locName = (/** @type {string} */ x) => tr(LOCS, x);
const abilityName = (/** @type {string} */ x) => tr(ABILITIES, x);
const missionName = (/** @type {string} */ x) => tr(MISSIONS, x);
/** Proper names stay; a starting character's colour suffix is translated: "Roque (verde)". */
/** @param {string} name */
export function tileName(name) {
  if (typeof name !== "string") return name;
  return name.replace(/\((red|green|blue|yellow|pink)\)$/, (_, c) => `(${(COLOUR_NAMES[currentLang()][c] || c).toLowerCase()})`);
}

/** @type {Templates} */
const EVENTS = {
  en: {
    placed: ["{player} placed {tile} on {location} {space}", "You placed {tile} on {location} {space}"],
    placed_face_down: ["{subject} placed {tile} face down on {location} {space}", "You placed {tile} face down on {location} {space}"],
    rotated: ["{player} rotated {location} by {degrees}°", "You rotated {location} by {degrees}°"],
    looked: ["{player} looked at {what}", "You looked at {what}"], saw: ["{subject} saw {what}: {tile}", "You saw {what}: {tile}"],
    passed: ["{player} passed ({decision})", "You passed ({decision})"],
    resolving: "{location} resolves", shielded: ["{player} shielded the tile on {location} {space}", "You shielded the tile on {location} {space}"],
    reward: "{winner} wins the reward of {location} ({rewards}) — strength {strengths}",
    assassinated: "{tile} on {location} {space} was assassinated", nationalism: ["{player}'s Nationalism on {location} {space}", "Your Nationalism on {location} {space}"],
    seduced: "{tile} was seduced from {from_location} to {location} {space}", removed_from_game: "{tile} on {location} {space} leaves the game",
    tiles_retrieved: "The tiles return to their owners' hands", discarded_face_down: ["{player} discarded face down", "You discarded face down"],
    you_discarded: ["{subject} discarded {tile}", "You discarded {tile}"],
    discards_revealed: "Discards revealed: {discards}", round_started: "Round {round} begins; {first_player} starts", enigma_placed: "{by} placed the Enigma on {location}",
    casino_dice: ["{player}'s Casino dice {dice}: +{bonus}", "Your Casino dice {dice}: +{bonus}"], conspiracy: ["{player} used Conspiracy at {location}", "You used Conspiracy at {location}"],
    conspiracy_look: ["{subject} saw the top of the pile, {pile_top}, and the reward {reward}", "You saw the top of the pile, {pile_top}, and the reward {reward}"],
    conspiracy_swapped: ["{player} swapped the reward of {location}", "You swapped the reward of {location}"],
    conspiracy_kept: ["{player} kept the reward of {location}", "You kept the reward of {location}"], game_over: "The game is over",
    airport_die: ["{player} set the Airport die to {value}", "You set the Airport die to {value}"],
    double_agent: ["{player}'s Double Agent took over {agent} on {location} {space}", "Your Double Agent took over {agent} on {location} {space}"],
    roulette_fed: ["{player} put a tile under the Roulette (from {source})", "You put a tile under the Roulette (from {source})"],
    roulette_tile: ["{subject} put {tile} under the Roulette", "You put {tile} under the Roulette"],
  },
  es: {
    placed: ["{player} colocó {tile} en {location} {space}", "Colocaste {tile} en {location} {space}"],
    placed_face_down: ["{subject} colocó {tile} boca abajo en {location} {space}", "Colocaste {tile} boca abajo en {location} {space}"],
    rotated: ["{player} giró {location} {degrees}°", "Giraste {location} {degrees}°"],
    looked: ["{player} miró {what}", "Miraste {what}"], saw: ["{subject} vio {what}: {tile}", "Viste {what}: {tile}"],
    passed: ["{player} pasó ({decision})", "Pasaste ({decision})"],
    resolving: "Se resuelve {location}", shielded: ["{player} protegió la loseta de {location} {space}", "Protegiste la loseta de {location} {space}"],
    reward: "{winner} gana la recompensa de {location} ({rewards}) — fuerza {strengths}",
    assassinated: "{tile} en {location} {space} fue asesinado", nationalism: ["Nacionalismo de {player} en {location} {space}", "Tu Nacionalismo en {location} {space}"],
    seduced: "{tile} fue seducido de {from_location} a {location} {space}", removed_from_game: "{tile} en {location} {space} sale del juego",
    tiles_retrieved: "Las losetas vuelven a la mano de sus dueños", discarded_face_down: ["{player} descartó boca abajo", "Descartaste boca abajo"],
    you_discarded: ["{subject} descartó {tile}", "Descartaste {tile}"],
    discards_revealed: "Descartes revelados: {discards}", round_started: "Empieza la ronda {round}; empieza {first_player}", enigma_placed: "{by} colocó el Enigma en {location}",
    casino_dice: ["Dados del Casino de {player}: {dice}, +{bonus}", "Tus dados del Casino: {dice}, +{bonus}"], conspiracy: ["{player} usó Conspiración en {location}", "Usaste Conspiración en {location}"],
    conspiracy_look: ["{subject} vio la loseta de arriba de la pila, {pile_top}, y la recompensa {reward}", "Viste la loseta de arriba de la pila, {pile_top}, y la recompensa {reward}"],
    conspiracy_swapped: ["{player} cambió la recompensa de {location}", "Cambiaste la recompensa de {location}"],
    conspiracy_kept: ["{player} se quedó la recompensa de {location}", "Te quedaste la recompensa de {location}"], game_over: "La partida ha terminado",
    airport_die: ["{player} puso el dado del Aeropuerto en {value}", "Pusiste el dado del Aeropuerto en {value}"],
    double_agent: ["El Agente Doble de {player} controla a {agent} en {location} {space}", "Tu Agente Doble controla a {agent} en {location} {space}"],
    roulette_fed: ["{player} puso una loseta bajo la Ruleta (de {source})", "Pusiste una loseta bajo la Ruleta (de {source})"],
    roulette_tile: ["{subject} puso {tile} bajo la Ruleta", "Pusiste {tile} bajo la Ruleta"],
  },
};
/** @type {Words} */
const DECISIONS = { es: { look: "mirar", ability: "habilidad", abilities: "habilidades", conspiracy: "conspiración", rotate: "girar", airport_die: "dado del Aeropuerto" } };
/** @type {Words} */
const SOURCES = { es: { hand: "la mano", pile: "la pila" } };
const PRIVATE_SUBJECT = new Set(["placed_face_down", "saw", "you_discarded", "conspiracy_look", "roulette_tile"]);

/** "Red (Ann)"; "Red (Ann, you)" for the reader when not the sentence's subject. */
/** @param {Json} c @param {BoardCtx} ctx @param {Json} [subject] */
function colourName(c, ctx, subject) {
  if (!c) return "—";
  const seat = ctx.view?.players?.find((/** @type {Json} */ p) => p.player === c)?.seat;
  const n = COLOUR_NAMES[currentLang()][c] || c;
  if (seat === undefined) return n;
  // "Red (Ann, you)" rather than "Red (Ann (you))".
  const you = seat === ctx.you && seat !== subject ? `, ${ctx.t("seat.you")}` : "";
  return `${n} (${ctx.name(seat, { you: false })}${you})`;
}

const seatOfColour = (/** @type {Json} */ ctx, /** @type {Json} */ c) => ctx.view?.players?.find((/** @type {Json} */ p) => p.player === c)?.seat;

/** @param {GameEvent} ev @param {BoardCtx} ctx */
export function describeEvent(ev, ctx) {
  const es = currentLang() === "es";
  const d = ev.data || {};
  const subject = PRIVATE_SUBJECT.has(ev.type) ? ctx.sees : seatOfColour(ctx, d.player);
  return sentence(EVENTS, ev, ctx, (k, v) => {
    if (["player", "winner", "by", "first_player", "previous_controller", "owner", "controller"].includes(k)) return colourName(v, ctx, subject);
    if (k === "tile" && v && typeof v === "object") return tileName(v.name);
    if (k === "tile" && (v === undefined || v === null)) return es ? "una loseta boca abajo" : "a face-down tile";
    if (k === "tile" || k === "agent") return tileName(v);
    if ((k === "pile_top" || k === "reward") && v && typeof v === "object") return tileName(v.name);
    if (k === "location" || k === "from_location") return locName(v);
    if (k === "rewards" && Array.isArray(v)) return v.map(tileName).join(", ") || "—";
    if (k === "decision") return tr(DECISIONS, v);
    if (k === "source") return tr(SOURCES, v);
    if (k === "what") return d.reward !== undefined || d.space === undefined ? (es ? `la recompensa de ${locName(d.location)}` : `the reward of ${locName(d.location)}`) : `${locName(d.location)} ${d.space ?? ""}`.trim();
    if (k === "discards" && v && typeof v === "object") return Object.entries(v).map(([c, l]) => `${colourName(c, ctx)}: ${l.map(tileName).join(", ") || "—"}`).join("; ");
    if (k === "strengths" && v) return Object.entries(v).map(([c, n]) => `${colourName(c, ctx)} ${n}`).join(", ");
    if (k === "dice" && Array.isArray(v)) return v.join(" + ");
    return undefined;
  }, subject);
}

/** A face-down placement is told once: your own private line replaces the public one. */
/** @param {GameEvent} ev @param {GameEvent[]} list @param {number} i @param {number | null} sees */
export function hideEvent(ev, list, i, sees) {
  if (ev.type !== "placed" || ev.data?.tile) return false;
  return list.some((o) => o.type === "placed_face_down" && o.version === ev.version && o.data.location === ev.data.location && o.data.space === ev.data.space
    && (!Array.isArray(o.audience) || (sees !== null && o.audience.includes(sees))));
}

/** @param {GameEvent} ev */
export function logGroup(ev) {
  if (ev.type !== "round_started" && ev.type !== "game_started") return null;
  const n = ev.data?.round ?? 1;
  return currentLang() === "es" ? `Ronda ${n}` : `Round ${n}`;
}

/** The round's resolution, one location at a time, in numeral order. */
/** @param {GameEvent[]} fresh @param {BoardCtx} ctx */
export function revealSteps(fresh, ctx) {
  /** @type {{text: string | null, focus: string, lines: string[]}[]} */
  const steps = [];
  /** @type {{text: string | null, focus: string, lines: string[]} | null} */
  let cur = null;
  for (const e of fresh) {
    if (e.type === "resolving") {
      cur = { text: describeEvent(e, ctx), focus: `[data-location="${CSS.escape(e.data.location)}"]`, lines: [] };
      steps.push(cur);
      const placed = Object.entries(e.data.spaces || {}).map(([sp, o]) => `${sp}: ${tileName(o.tile) ?? "?"} — ${colourName(o.player, ctx)}`);
      if (placed.length) cur.lines.push(placed.join(" · "));
    } else if (cur && !["round_started", "tiles_retrieved", "discarded_face_down", "you_discarded"].includes(e.type)) {
      const line = describeEvent(e, ctx);
      if (line) cur.lines.push(line);
    }
  }
  return steps.map((st) => ({ text: st.text, focus: st.focus, detail: st.lines.length ? h("ul", {}, st.lines.map((l) => h("li", {}, l))) : null }));
}

/** The face-down tiles this seat looked at, and where they were. */
/** @param {GameEvent[]} events @param {BoardCtx} ctx */
export function knowledge(events, ctx) {
  const seen = [];
  for (const e of events) {
    const d = e.data || {};
    if (e.type === "saw" && d.tile) seen.push(`${locName(d.location)}${d.space ? ` ${d.space}` : ""}: ${tileName(d.tile.name)}`);
    if (e.type === "conspiracy_look") seen.push(ctx.t("es.know.pile", { tile: tileName(d.pile_top?.name), reward: tileName(d.reward?.name) }));
  }
  return [{ title: ctx.t("es.know.seen"), items: seen.slice(-14).reverse() }];
}

/** @param {Json} outcome @param {BoardCtx} ctx */
export function scoreLines(outcome, ctx) {
  /** @type {Record<string, (string | null)[]>} */
  const out = {};
  for (const p of outcome.detail?.players || []) {
    const seat = seatOfColour(ctx, p.player);
    if (seat === undefined) continue;
    const missions = Object.entries(p.missions || {}).map(([id, n]) => `${missionName(ctx.view.missions?.find((/** @type {Json} */ m) => m.id === id)?.name || id)} ${n}`);
    out[seat] = [
      ctx.t("es.score.discards", { n: p.discarded_tiles }), ctx.t("es.score.hand", { n: p.hand_tiles }),
      missions.length ? ctx.t("es.score.missions", { list: missions.join(", ") }) : null,
      p.enigma ? ctx.t("es.score.enigma", { n: p.enigma }) : null, p.black_medals ? ctx.t("es.score.medals", { n: Math.abs(p.black_medals) }) : null,
    ].filter(Boolean);
  }
  return out;
}

/** At the end: everyone's discards (face up by the rules) and, once the view reveals
 * them, everyone's hand (the tiles that score). */
/** @param {BoardCtx} ctx */
export function endReveal(ctx) {
  const players = ctx.view?.players || [];
  if (!players.length) return null;
  const names = (/** @type {Json} */ tiles) => (tiles || []).map((/** @type {Json} */ d) => tileName(d.name)).join(", ") || "—";
  return h("ul", {}, players.map((/** @type {Json} */ p) => h("li", {}, `${colourName(p.player, ctx)} — `
    + (p.revealed_hand ? `${ctx.t("es.inHand")}: ${names(p.revealed_hand)} · ` : "")
    + `${ctx.t("es.discards")}: ${names(p.discards)}`)));
}

export const glossary = [
  { id: "look", icon: "👁", term: { en: "Look symbol", es: "Símbolo de ojo" }, text: { en: "Right after placing a tile here you may look at one face-down tile on this board (the reward too).", es: "Justo tras colocar una loseta aquí puedes mirar una loseta boca abajo de este tablero (también la recompensa)." } },
  { id: "look-adjacent", icon: "↔", term: { en: "Look: adjacent", es: "Ojo: adyacente" }, text: { en: "The look reaches face-down tiles on this or an adjacent board.", es: "El ojo alcanza losetas boca abajo de este tablero o de uno adyacente." } },
  { id: "look-any", icon: "✱", term: { en: "Look: anywhere", es: "Ojo: cualquiera" }, text: { en: "The look reaches any face-down tile on the table.", es: "El ojo alcanza cualquier loseta boca abajo de la mesa." } },
  { id: "top-secret", icon: "TS", term: { en: "Top Secret", es: "Alto Secreto" }, text: { en: "A tile placed on this space goes face down.", es: "Una loseta colocada en este espacio va boca abajo." } },
  { id: "numeral", icon: "①", term: { en: "Board number", es: "Número del tablero" }, text: { en: "Boards resolve in ascending order of this number.", es: "Los tableros se resuelven en orden creciente de este número." } },
  { id: "space", icon: "I", term: { en: "Roman numeral", es: "Número romano" }, text: { en: "The order (I, II, III) in which the tiles' abilities are used when the board resolves.", es: "El orden (I, II, III) en que se usan las habilidades de las losetas al resolverse el tablero." } },
  { id: "reward", icon: "★", term: { en: "Reward", es: "Recompensa" }, text: { en: "The strongest player here when the board resolves takes this tile into their hand.", es: "El jugador más fuerte aquí cuando se resuelve el tablero se lleva esta loseta a la mano." } },
  { id: "face-down", icon: "▼", term: { en: "Face down", es: "Boca abajo" }, text: { en: "Only its owner (and whoever looked) knows the character.", es: "Solo su dueño (y quien la miró) conoce el personaje." } },
  { id: "unknown", icon: "?", term: { en: "Unknown tile", es: "Loseta desconocida" }, text: { en: "A face-down tile you have not seen.", es: "Una loseta boca abajo que no has visto." } },
  { id: "strength", icon: "7", term: { en: "Strength", es: "Fuerza" }, text: { en: "Added up per player when a board resolves; the highest total takes the reward.", es: "Se suma por jugador al resolverse un tablero; el total más alto se lleva la recompensa." } },
  { id: "flag", icon: "PT", term: { en: "Flag", es: "Bandera" }, text: { en: "The character's nationality (missions and Nationalism count it).", es: "La nacionalidad del personaje (la cuentan las misiones y el Nacionalismo)." } },
  { id: "vp", icon: "PV", term: { en: "Victory points (VP)", es: "Puntos de victoria (PV)" }, text: { en: "What a tile is worth at the end when kept in hand.", es: "Lo que vale una loseta al final si la conservas en la mano." } },
  { id: "black-medal", icon: "●", term: { en: "Black medal", es: "Medalla negra" }, text: { en: "With the Roulette, each costs 1 VP at the end.", es: "Con la Ruleta, cada una cuesta 1 PV al final." } },
  { id: "shield", icon: "🛡", term: { en: "Shield", es: "Escudo" }, text: { en: "Diplomacy protects a tile from Assassins, Seduction and the Double Agent.", es: "La Diplomacia protege una loseta de Asesinos, Seducción y el Agente Doble." } },
  { id: "double-agent", icon: { en: "DA", es: "AD" }, term: { en: "Double Agent", es: "Agente Doble" }, text: { en: "Another player's Double Agent controls this character until the end of the round.", es: "El Agente Doble de otro jugador controla a este personaje hasta el final de la ronda." } },
  { id: "die", icon: "🎲", term: { en: "Airport die", es: "Dado del Aeropuerto" }, text: { en: "Portela Airport resolves in the order the die shows; a tile on I, II or III may change it by up to 1, 2 or 3.", es: "El Aeropuerto de Portela se resuelve en el orden que marca el dado; una loseta en I, II o III puede cambiarlo hasta 1, 2 o 3." } },
  { id: "roulette", icon: "◎", term: { en: "Casino Roulette", es: "Ruleta del Casino" }, text: { en: "Placing on the Casino puts another tile face down under it; whoever wins the reward also wins them, face up in their discards.", es: "Colocar en el Casino pone otra loseta boca abajo debajo; quien gane la recompensa también se las lleva, boca arriba a sus descartes." } },
  { id: "enigma", icon: "E", term: { en: "Enigma", es: "Enigma" }, text: { en: "Every tile at its board is face up; whoever wins that reward also takes the Enigma.", es: "Todas las losetas de su tablero van boca arriba; quien gane esa recompensa se lleva también el Enigma." } },
  { id: "markers", icon: "●", term: { en: "Markers", es: "Marcadores" }, text: { en: "Each tile you place carries one of your markers; the round ends when all are placed.", es: "Cada loseta que colocas lleva uno de tus marcadores; la ronda termina cuando están todos colocados." } },
  { id: "discards", icon: "▭", term: { en: "Discards", es: "Descartes" }, text: { en: "Tiles discarded down to six at the end of a round, revealed together: 1 VP each at the end.", es: "Losetas descartadas hasta quedarse con seis al final de la ronda, reveladas a la vez: 1 PV cada una al final." } },
  { id: "reconstructed", icon: "◆", term: { en: "Reconstructed", es: "Reconstruido" }, text: { en: "Component data we could not read from the box: check it against your copy.", es: "Datos de componentes que no pudimos leer de la caja: compruébalos con tu copia." } },
  { id: "assassin", term: { en: "Assassin", es: "Asesino" }, text: { en: "Removes an enemy tile on the same board when it resolves.", es: "Elimina una loseta enemiga del mismo tablero al resolverse." } },
  { id: "seduction", term: { en: "Seduction", es: "Seducción" }, text: { en: "Brings a character from an adjacent board to this one.", es: "Trae un personaje de un tablero adyacente a este." } },
  { id: "conspiracy", term: { en: "Conspiracy", es: "Conspiración" }, text: { en: "Look at the reward and the top of the pile; keep or swap.", es: "Mira la recompensa y la loseta de arriba de la pila; quédatela o cámbiala." } },
  { id: "diplomacy", term: { en: "Diplomacy", es: "Diplomacia" }, text: { en: "Places a shield on one of your tiles.", es: "Pone un escudo sobre una de tus losetas." } },
  { id: "double-agent-ability", term: { en: "Double Agent (ability)", es: "Agente Doble (habilidad)" }, text: { en: "Take this character back and put your marker on another player's character on an adjacent board: you control it for the round.", es: "Recupera este personaje y pon tu marcador sobre el personaje de otro jugador en un tablero adyacente: lo controlas esta ronda." } },
  { id: "nationalism", term: { en: "Nationalism", es: "Nacionalismo" }, text: { en: "Strength bonus for Portuguese characters here.", es: "Bonificación de fuerza para personajes portugueses aquí." } },
];
const GL = glossIndex(glossary);

/** A mission in the list under the board ("◆": reconstructed). @param {Json} m */
const missionWords = (m) => `${missionName(m.name)}${m.status === "reconstructed" ? " ◆" : ""}`;

/** @param {BoardCtx} ctx */
export function status(ctx) {
  const v = ctx.view;
  const el = document.createElement("p");
  el.className = "status-line";
  el.textContent = ctx.t("es.status", { round: v.round, rounds: v.rounds, first: colourName(v.first_player, ctx) });
  return el;
}

/** @param {number} seat @param {BoardCtx} ctx */
export function seatBadge(seat, ctx) {
  const p = ctx.view?.players?.find((/** @type {Json} */ x) => x.seat === seat);
  return seatBadgeEl(seat, tone(p?.player));
}

/** A placement in words: "Place Hans R. (green) face down on Casino III". */
/** @param {Json} a @param {BoardCtx} ctx */
export function describeAction(a, ctx) {
  if (a.type !== "place" || !a.tile || !a.location || !a.space) return null;
  const loc = ctx.view?.grid?.locations?.find((/** @type {Json} */ l) => l.location === a.location);
  const down = loc?.spaces?.find((/** @type {Json} */ sp) => sp.space === a.space)?.top_secret && !loc.enigma;
  return ctx.t(down ? "es.do.placeDown" : "es.do.place", { tile: tileName(a.tile), where: `${locName(a.location)} ${a.space}` });
}

/** @param {string} path @param {Json} value */
export function valueLabel(path, value) {
  if (path === "degrees") return `${value}°`;
  if ((path === "tile" || path === "agent") && typeof value === "string") return tileName(value);
  if (path === "location" && typeof value === "string") return locName(value);
  if (path === "ability" && typeof value === "string") return abilityName(value);
  return null;
}

/** @type {Record<string, string>} */
const FLAG_FILL = { PT: "#2e7d4f", GB: "#23508f", US: "#3a6fc4", DE: "#444", FR: "#2f5fb3", IT: "#2e8b57", ES: "#c23b32", SU: "#a8322d", JP: "#c23b32", HU: "#2e7d4f", PL: "#c23b32", RO: "#d4a017", YU: "#2f5fb3", BR: "#2e8b57" };

/** @type {Record<string, string>} */
const ABILITY_IDS = { Assassin: "assassin", Seduction: "seduction", Conspiracy: "conspiracy", Diplomacy: "diplomacy", Nationalism: "nationalism", "Double Agent": "double-agent-ability" };

/** One glossary entry for a tile's ability symbols (each explained once). */
/** @param {Json} abilities */
function abilityEntry(abilities) {
  const entries = [...new Set(abilities)].map((a) => GL[ABILITY_IDS[a]]).filter(Boolean);
  if (!entries.length) return null;
  const join = () => Object.fromEntries(["en", "es"].map((/** @type {string} */ l) => [l, entries.map((/** @type {Json} */ e) => `${e.term[l]}: ${e.text[l]}`).join(" ")]));
  if (entries.length === 1) return entries[0];
  return { id: entries.map((e) => e.id).join("+"), term: { en: "Abilities", es: "Habilidades" }, text: join() };
}

/** A tile's name. A short tile (a phone's cell, a Reward in a cell) has it just under the
 * flag, in lines close enough to stay clear of its abilities; one shorter still (a pile of
 * two Rewards) has room for one line only, so a longer name is squeezed or cut there. */
/** @param {number} x @param {number} y @param {number} w @param {number} h @param {string} name */
function tileCaption(x, y, w, h, name) {
  const width = w > 200 ? Math.floor((w - 16) / 7) : Math.min(13, Math.floor((w - 12) / 6.9));
  const at = { size: 11.5, weight: 600 };
  // Letters raised to the board's floor (common.js fs) take more lines: the name keeps
  // clear of the abilities' line (its top at h - 26 - size), or goes on one line, cut
  // with its whole text in a tip.
  const size = fs(at.size);
  const n = lines(name, Math.max(4, Math.floor((width * at.size) / size))).length;
  const abilitiesTop = y + h - 26 - size;
  if (h >= 110 && y + h / 2 + 2 + (n - 1) * size * 1.2 + 3 <= abilitiesTop) {
    return label(x + w / 2, y + h / 2 + 2, name, { width, ...at });
  }
  if (n === 1 || y + 42 + (n - 1) * size * 1.1 + 3 <= abilitiesTop) {
    return label(x + w / 2, y + 42, name, { width, lh: 1.1, ...at });
  }
  return fitText(x + w / 2, y + 42, name, w - 16, { anchor: "middle", ...at });
}

/** A tile; `marker` is the colour of the marker on it, `seat` that player's seat, whose
 * number is drawn on the tile's edge beside the colour.
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {any} tile
 * @param {{marker?: string | null, faceDown?: boolean, seat?: number | null}} [opts] */
export function tileFace(x, y, w, h, tile, { marker, faceDown = false, seat = null } = {}) {
  const face = tileBody(x, y, w, h, tile, marker, faceDown);
  if (seat === null || seat === undefined || !marker) return face;
  // On the tile's top-left corner, clear of its flag's letters, strength and name.
  face.append(seatMark(x + 6, y + 6, 8, seat, tone(marker)));
  return face;
}

/** @param {number} x @param {number} y @param {number} w @param {number} h @param {any} tile
 * @param {string | null | undefined} marker @param {boolean} faceDown */
function tileBody(x, y, w, h, tile, marker, faceDown) {
  const stroke = marker ? null : "#7a6a4a";
  const ring = marker ? `stroke-seat ${tone(marker)}` : null;
  if (!tile) {
    return glossed(s("g", {},
      s("rect", { x: x + 4, y: y + 4, width: w - 8, height: h - 8, rx: 8, fill: "#2c3547", stroke, class: ring, "stroke-width": marker ? 4 : 1.5 }),
      s("text", { x: x + w / 2, y: y + h / 2 + 8, "text-anchor": "middle", "font-size": fs(24), fill: "#b8913a", class: "serif" }, "?")), GL.unknown);
  }
  return s("g", { "data-tile": tile.name },
    s("rect", { x: x + 4, y: y + 4, width: w - 8, height: h - 8, rx: 8, fill: faceDown ? "#e9e4f2" : "#fffdf8", stroke, class: ring, "stroke-width": marker ? 4 : 1.5, "stroke-dasharray": faceDown ? "6 3" : null }),
    glossed(s("g", {},
      s("rect", { x: x + 10, y: y + 10, width: 26, height: 17, rx: 3, fill: FLAG_FILL[tile.flag] || "#888" }),
      s("text", { x: x + 23, y: y + 23, "text-anchor": "middle", "font-size": fs(10), fill: "#fff", "font-weight": 700 }, tile.flag)), GL.flag),
    glossed(s("g", {}, s("text", { x: x + w - 12, y: y + 26, "text-anchor": "end", "font-size": fs(18), "font-weight": 700, class: "serif" }, tile.strength)), GL.strength),
    tileCaption(x, y, w, h, tileName(tile.name)),
    (tile.abilities || []).length ? glossed(s("g", {}, fitText(x + w / 2, y + h - 26, tile.abilities.map(abilityName).join(" · "), w - 18, { size: 9.5, fill: "#4a5366", anchor: "middle" })), abilityEntry(tile.abilities)) : null,
    glossed(s("g", {}, s("text", { x: x + 12, y: y + h - 12, "font-size": fs(10), fill: "#8a5a00" }, `${tile.vp} ${currentLang() === "es" ? "PV" : "VP"}${tile.black_medal ? " ●" : ""}`)), tile.black_medal ? GL["black-medal"] : GL.vp),
    faceDown ? glossed(s("g", {}, s("text", { x: x + w - 12, y: y + h - 12, "text-anchor": "end", "font-size": fs(10), fill: "#6b2f86" }, "▼")), GL["face-down"]) : null);
}

/** @type {Record<string, string>} */
const LOOK_MARK = { here: "", adjacent: "↔", any: "✱" };

/** The look symbol: an eye, with its reach (here, adjacent boards, anywhere). */
/** @param {number} x @param {number} y @param {Json} reach */
export function eye(x, y, reach) {
  return glossed(s("g", {},
    s("path", { d: `M${x - 11} ${y} Q${x} ${y - 9} ${x + 11} ${y} Q${x} ${y + 9} ${x - 11} ${y} Z`, fill: "#fff", stroke: "#1d2433", "stroke-width": 1.4 }),
    s("circle", { cx: x, cy: y, r: 3.6, fill: "#1d2433" }),
    LOOK_MARK[reach] ? s("text", { x: x - 14, y: y + 4, "text-anchor": "end", "font-size": fs(11), "font-weight": 700, fill: "#1d2433" }, LOOK_MARK[reach]) : null),
  GL[/** @type {Record<string, string>} */ ({ adjacent: "look-adjacent", any: "look-any" })[reach] || "look"]);
}

/** @param {number} x @param {number} y */
export function shieldIcon(x, y) {
  return glossed(s("g", {}, s("path", { d: `M${x} ${y - 8} L${x + 7} ${y - 5} L${x + 6} ${y + 3} Q${x} ${y + 9} ${x} ${y + 9}`
    + ` Q${x} ${y + 9} ${x - 6} ${y + 3} L${x - 7} ${y - 5} Z`, fill: "#23508f", stroke: "#fff", "stroke-width": 1.2 })), GL.shield);
}

/** The height of the Museum's Reward row under its spaces: a tile lying on its side, its
 * name, abilities and VP a line each. */
const REWARD_ROW = 110;
/** The height of the row under the spaces where a pile of two Rewards (the Garret's: "Place
 * 2 Character tiles in the Reward space") lies side by side: each tile as tall as one in a
 * Reward cell. Fanned in their cell, the top tile covered the lower one's words (both face
 * up with the Enigma, or the one this seat looked at), and no fan keeps two tiles readable
 * in a 120-unit cell. */
const PAIR_ROW = 120;

/** The height of the row a board needs under its spaces for its Rewards: the Museum's
 * central one, or a pile of two. */
/** @param {Json} loc */
function rewardRowHeight(loc) {
  if (!loc.reward.cell) return REWARD_ROW;
  return (loc.reward.tiles || []).length > 1 ? PAIR_ROW : 0;
}

/** Where each board is drawn: its cells' corners, its box and its cell size.
 *
 * At 1,280 px the boards lie as on the table, in the grid's own cells (960 wide); the
 * Museum's central Reward has a row of its own under its four spaces (drawn over their
 * inner corners it covered their "TOP SECRET", and a tile that small ran its words
 * together), so the grid row below it starts that much lower; so has a pile of two Rewards
 * (the Garret's), its tiles side by side, its cell saying they lie below. On a
 * phone that grid would be drawn at a third of its size (letters ≈ 4 px), so the boards
 * are stacked one a row in the grid's reading order, each 300 wide (cells 140 by 120, a row
 * under the spaces for the Museum's central Reward), and that column is scaled to the
 * page's width: about 1.2 screen px a unit at 390 px. A small map above the column keeps
 * where each board lies, for the rules' "adjacent boards". */
/** @param {Json} grid @param {boolean} small */
function gridLayout(grid, small) {
  const STRIP = 30;
  const extent = (/** @type {Json} */ loc) => {
    const cells = [loc.reward.cell, ...loc.spaces.map((/** @type {Json} */ sp) => sp.cell)].filter(Boolean);
    return {
      r0: Math.min(...cells.map((c) => c[0])), c0: Math.min(...cells.map((c) => c[1])),
      r1: Math.max(...cells.map((c) => c[0])), c1: Math.max(...cells.map((c) => c[1])),
    };
  };
  const boards = new Map();
  if (!small) {
    const cols = grid.cell_cols || 6;
    const cell = Math.floor((1000 - 40) / cols);
    // A grid row's top moves down by the strips of the boards that start at or above it,
    // and by the tallest Reward row of the boards that end above it.
    const starts = [...new Set(grid.locations.map((/** @type {Json} */ loc) => extent(loc).r0))];
    const below = new Map();
    for (const loc of grid.locations) {
      const r1 = extent(loc).r1;
      below.set(r1, Math.max(below.get(r1) || 0, rewardRowHeight(loc)));
    }
    const rowTop = (/** @type {number} */ r) => 20 + r * cell + STRIP * starts.filter((r0) => r0 <= r).length
      + [...below].filter(([r1]) => r1 < r).reduce((sum, [, h]) => sum + h, 0);
    for (const loc of grid.locations) {
      const { r0, c0, r1, c1 } = extent(loc);
      const by = rowTop(r0);
      const bx = 20 + c0 * cell;
      const bw = (c1 - c0 + 1) * cell;
      const extra = rewardRowHeight(loc);
      boards.set(loc.location, {
        cell, ch: cell, bx, by, bw, bh: rowTop(r1) + cell - by + extra,
        at: (/** @type {number[]} */ [r, c]) => [20 + c * cell, rowTop(r)],
        rewardRow: extra ? { x: bx, y: rowTop(r1) + cell, w: bw, h: extra } : null,
      });
    }
    // Between rounds (and at the end) the grid is empty: no strip is left above the players.
    return { STRIP, boards, scale: 1, height: grid.locations.length ? rowTop(grid.cell_rows) - 20 : 0, map: null };
  }
  const cell = 140;
  const ch = 120; // a cell's height: a tile's name, abilities and VP need no more
  const gx = 10;
  const order = [...grid.locations].sort((a, b) => extent(a).r0 - extent(b).r0 || extent(a).c0 - extent(b).c0);
  const mapCols = Math.max(1, (grid.cell_cols || 2) / 2);
  const mapRows = Math.max(1, (grid.cell_rows || 2) / 2);
  // Four boards a row (five players) leave a board of the map too narrow for its name beside
  // its numeral: the name goes under it, in up to three lines.
  const narrow = mapCols > 3;
  const map = grid.locations.length ? { x: gx, y: 0, w: 280, rowH: narrow ? 62 : 44, cols: mapCols, rows: mapRows, narrow } : null;
  let top = map ? map.rowH * mapRows + 14 : 0;
  for (const loc of order) {
    const { r0, c0, r1, c1 } = extent(loc);
    const by = top + STRIP;
    const extra = rewardRowHeight(loc);
    const bh = (r1 - r0 + 1) * ch + extra;
    boards.set(loc.location, {
      cell, ch, bx: gx, by, bw: (c1 - c0 + 1) * cell, bh,
      at: (/** @type {number[]} */ [r, c]) => [gx + (c - c0) * cell, by + (r - r0) * ch],
      rewardRow: extra ? { x: gx, y: by + (r1 - r0 + 1) * ch, w: (c1 - c0 + 1) * cell, h: extra } : null,
    });
    top = by + bh + 12;
  }
  return { STRIP, boards, scale: 1000 / (2 * cell + 2 * gx), height: grid.locations.length ? top - 12 : 0, map };
}

/** The phone's small map of the grid: each board's numeral and name where it lies; a tap
 * on one scrolls to that board. */
/** @param {Json} grid @param {Json} map @param {BoardCtx} ctx */
function gridMap(grid, map, ctx) {
  const g = s("g", { "data-grid-map": "" });
  const bw = map.w / map.cols;
  for (const loc of grid.locations) {
    const cells = [loc.reward.cell, ...loc.spaces.map((/** @type {Json} */ sp) => sp.cell)].filter(Boolean);
    const r = Math.floor(Math.min(...cells.map((c) => c[0])) / 2);
    const c = Math.floor(Math.min(...cells.map((c) => c[1])) / 2);
    const x = map.x + c * bw;
    const y = map.y + r * map.rowH;
    const name = locName(loc.location);
    // Characters per line from the size the name is drawn at (raised to the text floor).
    const per = fs(10) * 0.6;
    const room = map.narrow ? bw - 10 : bw - 30;
    const words = lines(name, Math.floor(room / per)).slice(0, map.narrow ? 3 : 2);
    const [cy, nx, ny] = map.narrow ? [y + 14, x + 6, y + 32] : [y + map.rowH / 2, x + 25, y + map.rowH / 2 + (words.length > 1 ? -2 : 4)];
    // A tap on the map brings that board into view.
    const go = () => document.querySelector(`#board [data-location="${CSS.escape(loc.location)}"]`)?.scrollIntoView({ block: "start" });
    g.append(pressable(s("g", { "data-map-board": loc.location },
      s("rect", { x: x + 1.5, y: y + 1.5, width: bw - 3, height: map.rowH - 3, rx: 6, fill: "#f8f1df", stroke: loc.enigma ? "#6b2f86" : "#7a6a4a", "stroke-width": 1, opacity: loc.resolved ? 0.6 : 1 }),
      s("circle", { cx: x + 13, cy, r: 8.5, fill: "#1d2433" }),
      s("text", { x: x + 13, y: cy + 4, "text-anchor": "middle", "font-size": fs(11), "font-weight": 700, fill: "#e9d9a9", class: "serif" }, loc.resolution_number ?? "?"),
      s("text", { x: nx, y: ny, "font-size": fs(10), fill: "#1d2433" },
        words.map((line, i) => s("tspan", {
          x: nx, dy: i === 0 ? 0 : fs(10) * 1.05,
          // A word longer than the box ("Avenida" on a five-player phone) is narrowed to fit.
          ...(line.length * per > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {}),
        }, line)))), go, `${loc.resolution_number ?? ""} ${name}`.trim()));
  }
  return g;
}

/** @param {BoardCtx} ctx */
function draw(ctx) {
  const v = ctx.view;
  const grid = v.grid;
  const W = 1000;
  const small = !!ctx.small;
  const layout = gridLayout(grid, small);
  const { STRIP } = layout;
  const gridH = layout.height * layout.scale;
  const players = v.players || [];
  /** The seat of the player whose marker has this colour. @param {string | null | undefined} colour */
  const seatOf = (colour) => players.find((/** @type {Json} */ p) => p.player === colour)?.seat ?? null;
  // At the end the rules reveal every hand (the tiles that score): drawn on the board,
  // one row per player, instead of your own hand row.
  const over = players.some((/** @type {Json} */ p) => p.revealed_hand);
  const handRowH = over ? 0 : 150;
  const revealRowH = 122;
  // On a phone each revealed hand is four tiles a row under its player's name (squeezed
  // into one row, the tiles' names ran into each other).
  const revealRows = players.map((/** @type {Json} */ p) => (small ? 48 + Math.max(1, Math.ceil((p.revealed_hand || []).length / 3)) * 114 : revealRowH));
  const revealHead = small ? 54 : 36; // on a phone the title takes two lines
  const revealH = over ? revealHead + revealRows.reduce((/** @type {Json} */ a, /** @type {Json} */ b) => a + b, 0) : 0;
  const gridGap = gridH ? gridH + 16 : 0;
  const svg = s("svg", { role: "group", "aria-label": "Estoril 1942", "data-board": "estoril" });
  const backRect = s("rect", { x: 0, y: 0, width: W, fill: "#efe9da", rx: 12 });
  svg.append(backRect);
  const gy = 20;
  const gridG = layout.scale === 1 ? svg : s("g", { transform: `translate(0 ${gy}) scale(${layout.scale})`, "data-grid": "phone" });
  if (gridG !== svg) svg.append(gridG);
  if (layout.map) gridG.append(gridMap(grid, layout.map, ctx));

  for (const loc of grid.locations) {
    const { cell, ch, bx, by, bw, bh, at, rewardRow } = layout.boards.get(loc.location);
    const bt = by - STRIP;
    const g = s("g", { "data-location": loc.location, opacity: loc.resolved ? 0.6 : 1 });
    g.append(s("rect", { x: bx + 3, y: bt + 3, width: bw - 6, height: bh + STRIP - 6, rx: 12, fill: "#f8f1df", stroke: loc.enigma ? "#6b2f86" : "#7a6a4a", "stroke-width": loc.enigma ? 4 : 1.5 }));
    // Reward: in its own cell, or in a row under the spaces (the Museum's central one; a
    // pile of two, side by side, its cell saying so).
    const rs = rewardRow ? rewardRow.w : cell;
    const rsh = rewardRow ? rewardRow.h : ch;
    const [rx, ry] = rewardRow ? [rewardRow.x, rewardRow.y] : at(loc.reward.cell);
    const rewardG = s("g", { "data-slot": `estoril-${loc.location}-reward` });
    const fill = loc.reward.top_secret ? "#c9ccd6" : "#f3e6c0";
    const top = 20;
    const heading = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ w) => glossed(s("g", {}, s("text", { x: x + w / 2, y: y + top - 3, "text-anchor": "middle", "font-size": fs(small ? 11 : 10), fill: "#8a5a00", "font-weight": 700 }, ctx.t("es.reward"))), GL.reward);
    const frame = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ w, /** @type {number} */ h) => s("rect", { class: "hit", x: x + 4, y: y + 4, width: w - 8, height: h - 8, rx: 10, fill, stroke: "#b8913a", "stroke-dasharray": "4 3" });
    if (rewardRow && loc.reward.cell) {
      const [cx, cy] = at(loc.reward.cell);
      const [first, second] = ctx.t("es.pileBelow").split("|");
      rewardG.append(frame(cx, cy, cell, ch), heading(cx, cy, cell),
        s("text", { x: cx + cell / 2, y: cy + ch / 2 + 4, "text-anchor": "middle", "font-size": fs(11), fill: "#8a5a00" }, first),
        s("text", { x: cx + cell / 2, y: cy + ch / 2 + 18, "text-anchor": "middle", "font-size": fs(11), fill: "#8a5a00" }, second));
    }
    rewardG.append(frame(rx, ry, rs, rsh));
    const tiles = loc.reward.tiles || [];
    const gap = 8;
    const tw = (rs - 16 - gap * (tiles.length - 1)) / Math.max(1, tiles.length);
    const faces = tiles.map((/** @type {Json} */ t, /** @type {number} */ i) => s("g", { "data-reward": i + 1 },
      tileFace(rx + 8 + i * (tw + gap), ry + top, tw, rsh - top - 6, t.tile || null, { faceDown: t.face_down })));
    rewardG.append(...faces, heading(rx, ry, rs));
    // The Enigma goes on the whole Reward space; a look or Conspiracy picks one tile of a
    // pile (a Conspiracy names no location: only the Garret has a pile to pick from).
    const named = `${loc.location} ${ctx.t("es.reward")}`;
    const pick = (/** @type {number} */ n) => (ctx.decision.allows({ location: loc.location, reward: n }) ? { location: loc.location, reward: n } : { type: "use", ability: "Conspiracy", reward: n });
    if (ctx.decision.allows({ type: "place_enigma", location: loc.location })) ctx.choice(rewardG, { type: "place_enigma", location: loc.location }, named);
    else if (faces.length > 1) faces.forEach((/** @type {Json} */ f, /** @type {number} */ i) => ctx.choice(f, pick(i + 1), `${named} ${i + 1}`));
    else if (ctx.decision.allows({ location: loc.location, reward: 1 })) ctx.choice(rewardG, { location: loc.location, reward: 1 }, named);
    // Deployment spaces.
    // The space's numeral and "TOP SECRET" under its tile: at the wide layout's 13 units
    // they would reach into the tile, so the tile is a little shorter and they sit lower.
    const footRaise = small ? 0 : 3;
    const footY = small ? 12 : 10;
    for (const sp of loc.spaces) {
      const [x, y] = at(sp.cell);
      const sg = s("g", { "data-slot": `estoril-${loc.location}-${sp.space}` });
      sg.append(s("rect", { class: "hit", x: x + 6, y: y + 6, width: cell - 12, height: ch - 12, rx: 10, fill: sp.top_secret ? "#cfd3dc" : "#fffaf0", stroke: sp.outer ? "#7a6a4a" : "#b9ab8a", "stroke-width": 1.2 }));
      sg.append(glossed(s("g", {}, s("text", { x: x + 14, y: y + ch - footY, "font-size": fs(12), "font-weight": 700, fill: "#4a5366", class: "serif" }, sp.space)), GL.space));
      if (sp.top_secret) sg.append(glossed(s("g", {}, fitText(x + cell - 12, y + ch - footY, ctx.t("es.ts"), cell - 56, { size: small ? 10 : 8.5, weight: 700, fill: "#3b3f4f", anchor: "end" })), GL["top-secret"]));
      if (sp.look) sg.append(eye(x + cell - 22, y + 18, sp.look));
      const o = sp.occupant;
      if (o) {
        sg.append(tileFace(x + 4, y + 4, cell - 8, ch - 22 - footRaise, o.tile || null, { marker: o.marker, faceDown: o.face_down, seat: seatOf(o.marker) }));
        // Between the tile's flag and strength, clear of its words and of the space's (at
        // its foot, Spanish "ALTO SECRETO" reaches the middle): the shield in the middle, a
        // Double Agent's mark beside it (at the tile's foot it covered the VP).
        if (o.shield) sg.append(shieldIcon(x + cell / 2, y + 22));
        if (o.double_agent) sg.append(glossed(s("g", {}, s("text", { x: x + cell / 2 + (o.shield ? 9 : -7), y: y + 26, "font-size": fs(10), fill: "#a8322d", "font-weight": 700 }, currentLang() === "es" ? "AD" : "DA")), GL["double-agent"]));
      }
      ctx.choice(sg, { location: loc.location, space: sp.space }, `${loc.location} ${sp.space}`);
      g.append(sg);
    }
    g.append(rewardG);
    // The title strip: numeral and name on the left; die and status marks on the right,
    // laid from the board's edge leftwards. Where the words do not fit beside the name
    // (small boards, long names) the marks are drawn short, then the name is squeezed.
    const title = locName(loc.location);
    const hasDie = loc.die !== undefined && loc.die !== null;
    const words = {
      die: hasDie ? ctx.t("es.die", { n: loc.die }) : "", roulette: ctx.t("es.roulette"),
      enigma: ctx.t("es.enigma"), recon: ctx.t("es.reconstructed"), resolved: ctx.t("es.resolved"),
    };
    // Widths from the sizes the marks are drawn at (raised to the board's text floor).
    const textW = (/** @type {string} */ str, /** @type {number} */ size) => str.length * fs(size) * 0.6;
    const dieW = hasDie ? 8 + textW(words.die, 10) : 0;
    const rouletteW = (/** @type {boolean} */ short) => (short ? 28 : 34 + textW(words.roulette, 10));
    const enigmaW = (/** @type {boolean} */ short) => (short ? 16 : 10 + textW(words.enigma, 11));
    const resolvedW = (/** @type {boolean} */ short) => (short ? 18 : 10 + textW(`✓ ${words.resolved}`, 11));
    const reconW = (/** @type {boolean} */ short) => (short ? 20 : 12 + textW(words.recon, small ? 10 : 9));
    const markWidth = (/** @type {boolean} */ short) => dieW
      + (loc.roulette ? rouletteW(short) : 0)
      + (loc.enigma ? enigmaW(short) : 0)
      + (loc.resolved ? resolvedW(short) : 0)
      + (loc.status === "reconstructed" ? reconW(short) + 6 : 0);
    const natural = 46 + title.length * 7.2;
    const short = bw - 18 - markWidth(false) - 6 < natural;
    const pillW = Math.min(natural, bw - 18 - markWidth(short) - 6);
    const badge = s("g", { "data-board-title": loc.location },
      s("rect", { x: bx + 8, y: bt + 5, width: pillW, height: STRIP - 6, rx: (STRIP - 6) / 2, fill: "#fffdf8", "fill-opacity": 0.92, stroke: "#7a6a4a", "stroke-opacity": 0.4 }),
      glossed(s("g", {},
        s("circle", { cx: bx + 20, cy: bt + 17, r: 11, fill: "#1d2433" }),
        s("text", { x: bx + 20, y: bt + 21.5, "text-anchor": "middle", "font-size": fs(12.5), "font-weight": 700, fill: "#e9d9a9", class: "serif" }, loc.resolution_number ?? "?")), GL.numeral),
      fitText(bx + 37, bt + 21.5, title, pillW - 40, { size: 12, weight: 700 }));
    const marks = s("g", { "data-board-marks": loc.location });
    let right = bx + bw - 10;
    if (loc.roulette) {
      marks.append(glossed(s("g", { "data-slot": `estoril-${loc.location}-roulette` },
        s("circle", { cx: right - 11, cy: bt + 17, r: 11, fill: "#1d2433", stroke: "#a8322d", "stroke-width": 2.5 }),
        s("text", { x: right - 11, y: bt + 21, "text-anchor": "middle", "font-size": fs(11), fill: "#fff", "font-weight": 700 }, loc.roulette.tiles_under ?? 0),
        short ? null : s("text", { x: right - 27, y: bt + 21, "text-anchor": "end", "font-size": fs(10), fill: "#a8322d" }, words.roulette)), GL.roulette));
      right -= rouletteW(short);
    }
    if (loc.enigma) {
      marks.append(glossed(s("g", {}, s("text", { x: right, y: bt + 21.5, "text-anchor": "end", "font-size": fs(11), fill: "#6b2f86", "font-weight": 700 }, short ? "E" : words.enigma)), GL.enigma));
      right -= enigmaW(short);
    }
    if (loc.resolved) {
      marks.append(s("text", { x: right, y: bt + 21.5, "text-anchor": "end", "font-size": fs(short ? 13 : 11), fill: "#4a5366" }, s("title", {}, words.resolved), short ? "✓" : `✓ ${words.resolved}`));
      right -= resolvedW(short);
    }
    if (loc.status === "reconstructed") {
      const rw = reconW(short);
      marks.append(glossed(s("g", {},
        s("rect", { x: right - rw, y: bt + 9, width: rw, height: 16, rx: 8, fill: "#fff4e0", stroke: "#e2b777" }),
        s("text", { x: right - rw / 2, y: bt + 21, "text-anchor": "middle", "font-size": fs(small ? 10 : 9), fill: "#8a4b00" }, short ? "◆" : words.recon)), GL.reconstructed));
      right -= rw + 6;
    }
    if (hasDie) marks.append(glossed(s("g", {}, s("text", { x: right, y: bt + 21, "text-anchor": "end", "font-size": fs(10), fill: "#8a5a00" }, words.die)), GL.die));
    g.append(marks);
    if (ctx.decision.allows({ type: "rotate", location: loc.location })) ctx.choice(badge, { type: "rotate" }, loc.location);
    g.append(badge);
    gridG.append(g);
  }

  // Below the grid, in its own coordinates: players, revealed hands, your hand, missions.
  // On a phone it is laid out 300 wide (two players a row, three tiles a row) and scaled
  // to the page's width, as the grid is: its words read at 11 px or more.
  const LW = small ? 300 : W;
  const k = W / LW;
  const y0 = gy + gridGap;
  const low = s("g", { transform: `translate(0 ${y0})${k > 1 ? ` scale(${k})` : ""}` });
  svg.append(low);
  // Players: colour, markers, hand size, public discards.
  let y = 0;
  const perRow = small ? 2 : Math.max(players.length, 1);
  const pw = (LW - 40) / perRow;
  // A player's card is as tall as its discards need (at the end they are many).
  const discardsText = (/** @type {Json} */ p) => `${ctx.t("es.discards")}: ${(p.discards || []).map((/** @type {Json} */ d) => tileName(d.name)).join(", ") || "—"}`;
  const discardWidth = Math.floor(pw / 6.2);
  // On a phone the markers and the hand size take a line each.
  const dy = small ? 14 : 0;
  // The discards' letters at the board's floor (fs): fewer a line, lines further apart.
  const discardLines = (/** @type {Json} */ p) => lines(discardsText(p), Math.max(4, Math.floor((discardWidth * 10) / fs(10)))).length;
  const discardLineH = Math.max(12, fs(10) * 1.2);
  const cardH = Math.max(98 + dy, 72 + dy + Math.max(0, ...players.map(discardLines)) * discardLineH);
  players.forEach((/** @type {Json} */ p, /** @type {number} */ i) => {
    const x = 20 + (i % perRow) * pw;
    const y = Math.floor(i / perRow) * (cardH + 12);
    const acting = !!ctx.doc?.to_act.includes(p.seat);
    low.append(s("g", { "data-player": p.seat, class: tone(p.player) },
      s("rect", { x: x + 2, y, width: pw - 6, height: cardH, rx: 9, fill: "#fffdf8", class: acting ? null : "stroke-seat", stroke: acting ? "#b8913a" : null, "stroke-width": acting ? 3 : 1.5 }),
      seatMark(x + 18, y + 18, 10, p.seat, tone(p.player)),
      fitText(x + 32, y + 23, `${ctx.name(p.seat)}${p.enigma ? ` · ${ctx.t("es.enigma")}` : ""}`, pw - 46, { size: 12.5, weight: 700 }),
      glossed(s("g", {}, small
        ? s("text", { x: x + 12, y: y + 44, "font-size": fs(11), fill: "#4a5366" },
          s("tspan", { x: x + 12 }, ctx.t("es.markers", { n: p.markers })), s("tspan", { x: x + 12, dy: 14 }, ctx.t("es.handSize", { n: p.hand_size })))
        : s("text", { x: x + 12, y: y + 44, "font-size": fs(11), fill: "#4a5366" }, `${ctx.t("es.markers", { n: p.markers })} · ${ctx.t("es.handSize", { n: p.hand_size })}`)), GL.markers),
      glossed(s("g", {}, label(x + 12, y + 62 + dy, discardsText(p), { width: discardWidth, size: 10, fill: "#4a5366", anchor: "start" })), GL.discards)));
  });
  y += (cardH + 12) * Math.max(1, Math.ceil(players.length / perRow));

  if (over) {
    const rv = s("g", { "data-end-reveal": "hands" });
    rv.append(small ? label(20, y + 14, ctx.t("es.revealedHands"), { width: Math.floor((LW - 40) / 8.4), size: 14, weight: 700, anchor: "start" })
      : s("text", { x: 20, y: y + 14, "font-size": fs(14), "font-weight": 700, fill: "#1d2433" }, ctx.t("es.revealedHands")));
    let ry = y + revealHead - 8;
    players.forEach((/** @type {Json} */ p, /** @type {number} */ i) => {
      const tiles = p.revealed_hand || [];
      const rh = revealRows[i];
      const row = s("g", { "data-revealed-hand": p.seat, class: tone(p.player) },
        s("rect", { x: 20, y: ry, width: LW - 40, height: rh - 8, rx: 9, fill: "#fffdf8", class: "stroke-seat", "stroke-width": 1.5 }),
        seatMark(38, ry + 22, 10, p.seat, tone(p.player)));
      if (small) {
        const tw = (LW - 56) / 3;
        row.append(fitText(52, ry + 27, ctx.name(p.seat), LW - 200, { size: 12.5, weight: 700 }),
          s("text", { x: LW - 32, y: ry + 27, "text-anchor": "end", "font-size": fs(11), fill: "#4a5366" }, ctx.t("es.handSize", { n: tiles.length })));
        tiles.forEach((/** @type {Json} */ tile, /** @type {number} */ k) => row.append(tileFace(28 + (k % 3) * tw, ry + 38 + Math.floor(k / 3) * 114, tw - 2, 112, tile)));
      } else {
        const tw = Math.min(112, (LW - 40 - 180) / Math.max(tiles.length, 1));
        row.append(label(52, ry + 27, ctx.name(p.seat), { width: 16, size: 12.5, weight: 700, anchor: "start" }),
          s("text", { x: 32, y: ry + rh - 22, "font-size": fs(11), fill: "#4a5366" }, ctx.t("es.handSize", { n: tiles.length })));
        tiles.forEach((/** @type {Json} */ tile, /** @type {number} */ k) => row.append(tileFace(200 + k * tw, ry + 2, tw - 2, rh - 12, tile)));
      }
      rv.append(row);
      ry += rh;
    });
    low.append(rv);
    y += revealH;
  }

  // Your hand (clickable to place, discard or feed the Roulette).
  const hand = over ? [] : v.hand || [];
  low.append(s("text", { x: 20, y: y + 4, "font-size": fs(13), "font-weight": 700 }, ctx.you !== null && ctx.you !== undefined && !over ? ctx.t("es.hand") : ""));
  const handPerRow = small ? 3 : Math.max(hand.length, 1);
  const hw = Math.min(small ? 115 : 120, (LW - 40) / handPerRow);
  const fixedTile = ctx.decision.fixed.get("tile");
  hand.forEach((/** @type {Json} */ tile, /** @type {number} */ i) => {
    const x = 20 + (i % handPerRow) * hw;
    const g = s("g", { "data-secret-of": ctx.you });
    g.append(tileFace(x, y + 10 + Math.floor(i / handPerRow) * handRowH, hw - 4, handRowH - 14, tile, { marker: fixedTile === JSON.stringify(tile.name) ? "black" : null }));
    ctx.choice(g, { tile: tile.name }, tileName(tile.name));
    low.append(g);
  });
  y += handRowH * Math.max(1, Math.ceil(hand.length / handPerRow));
  // Missions, pile, shields.
  const enigmaAt = v.enigma ? (v.enigma.location ? locName(v.enigma.location) : colourName(v.enigma.holder, ctx)) : null;
  const counts = [
    ctx.t("es.pile", { n: v.pile_size }),
    ctx.t("es.shields", { n: v.shields_left }),
    enigmaAt ? `${ctx.t("es.enigma")}: ${enigmaAt}` : null,
    (v.out_of_game || []).length ? ctx.t("es.outOfGame", { n: v.out_of_game.length }) : null,
  ];
  const info = [
    `${ctx.t("es.missions")}: ${(v.missions || []).map(missionWords).join(" · ")}`,
    counts.filter(Boolean).join(" · "),
  ];
  const infoWidth = small ? Math.floor((LW - 40) / 6.1) : 170;
  const infoLines = small ? lines(info[0], infoWidth).length : 1;
  const lowH = small ? y + 30 + infoLines * 13.2 + 14 : cardH + 12 + revealH + handRowH + 64;
  const iy = small ? y + 30 : lowH - 26;
  low.append(label(20, iy, info[0], { width: infoWidth, size: 11, anchor: "start", fill: "#4a5366" }));
  low.append(small ? fitText(20, iy + infoLines * 13.2 + 4, info[1], LW - 40, { size: 11, fill: "#4a5366" })
    : s("text", { x: 20, y: lowH - 8, "font-size": fs(11), fill: "#4a5366" }, info[1]));
  const H = y0 + lowH * k;
  backRect.setAttribute("height", String(H));
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  return svg;
}

/** The board, every word at least the text floor of its layout (common.js withTextFloor).
 * @param {BoardCtx} ctx */
export function render(ctx) {
  return withTextFloor(ctx, draw);
}
