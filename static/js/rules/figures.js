// Illustrations for the rules pages, drawn with the boards' own SVG pieces (no images):
// one figure per line of the game's summary (games.js), in the same order.
import { s } from "../dom.js";
import { currentLang } from "../i18n.js";
import { label } from "../boards/common.js";
import { tileFace, eye, locName } from "../boards/estoril.js";
import { card, back } from "../boards/agencia.js";
import { soldierCard, SIDE_COLOUR } from "../boards/spies.js";
import { agentPill, briefcaseIcon, stationStar, cityName } from "../boards/conspiracy.js";
import { PALETTE } from "../names.js";

const es = () => currentLang() === "es";
const W = 340;
const H = 170;

/** @typedef {import("../types/client").Child} Child */

/** @param {number} w @param {number} hh @param {string} title @param {...Child} children */
function frameOf(w, hh, title, ...children) {
  return s("svg", { viewBox: `0 0 ${w} ${hh}`, role: "img", "aria-label": title, class: "rules-art" },
    s("rect", { x: 0, y: 0, width: w, height: hh, rx: 10, fill: "#f3efe4" }), ...children);
}
const frame = (/** @type {string} */ title, /** @type {Child[]} */ ...children) => frameOf(W, H, title, ...children);
/** Scale a piece drawn at the board's size around (x, y). */
const big = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ k, /** @type {Child} */ el) => s("g", { transform: `translate(${x} ${y}) scale(${k}) translate(${-x} ${-y})` }, el);

const arrow = (/** @type {number} */ x1, /** @type {number} */ y, /** @type {number} */ x2) => s("g", {},
  s("line", { x1, y1: y, x2: x2 - 6, y2: y, stroke: "#7a6a4a", "stroke-width": 2 }),
  s("path", { d: `M${x2} ${y} l-8 -5 v10 z`, fill: "#7a6a4a" }));
const caption = (/** @type {number} */ x, /** @type {number} */ y, /** @type {string} */ text, /** @type {Record<string, any>} */ opts = {}) => label(x, y, text, { size: 11, fill: "#4a5366", width: 22, ...opts });

// -- Estoril 1942 ------------------------------------------------------------------------

const ROQUE = { name: "Roque (red)", flag: "PT", strength: 2, vp: 1, abilities: ["Nationalism"] };
const LINDA = { name: "Linda X.", flag: "US", strength: 0, vp: 1, abilities: ["Assassin"] };
const HANS = { name: "Hans R.", flag: "DE", strength: 1, vp: 1, abilities: ["Conspiracy"] };
const ELIZABETH = { name: "Elizabeth", flag: "GB", strength: 1, vp: 1, abilities: ["Seduction"] };

/** @param {number} x @param {number} y @param {string | number} n */
function numeral(x, y, n) {
  return s("g", {}, s("circle", { cx: x, cy: y, r: 13, fill: "#1d2433" }),
    s("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#e9d9a9", class: "serif" }, n));
}

/** @param {number} x @param {number} y @param {number} size @param {{ts?: boolean, n?: any, look?: any}} [opts] */
function space(x, y, size, { ts = false, n, look } = {}) {
  return s("g", {},
    s("rect", { x, y, width: size, height: size, rx: 9, fill: ts ? "#cfd3dc" : "#fffaf0", stroke: "#7a6a4a", "stroke-width": 1.2 }),
    n ? s("text", { x: x + 8, y: y + size - 8, "font-size": 11, "font-weight": 700, fill: "#4a5366", class: "serif" }, n) : null,
    ts ? s("text", { x: x + size - 6, y: y + size - 8, "text-anchor": "end", "font-size": 7.5, "font-weight": 700, fill: "#3b3f4f" }, es() ? "ALTO SECRETO" : "TOP SECRET") : null,
    look ? eye(x + size - 18, y + 14, look) : null);
}

const estoril = [
  () => frame(es() ? "Un tablero de localización" : "A location board",
    s("rect", { x: 10, y: 10, width: 320, height: 150, rx: 12, fill: "#f8f1df", stroke: "#7a6a4a", "stroke-width": 1.5 }),
    numeral(32, 32, 3),
    s("text", { x: 52, y: 37, "font-size": 12, "font-weight": 700 }, locName("Church")),
    space(20, 58, 92, { n: "I", look: "here" }), space(122, 58, 92, { n: "II", ts: true }),
    s("rect", { x: 224, y: 52, width: 96, height: 100, rx: 10, fill: "#c9ccd6", stroke: "#b8913a", "stroke-dasharray": "4 3" }),
    s("text", { x: 272, y: 66, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#8a5a00" }, es() ? "Recompensa" : "Reward"),
    tileFace(232, 70, 80, 76, null)),
  () => frame(es() ? "Colocar una loseta" : "Placing a tile",
    tileFace(6, 14, 96, 116, ROQUE),
    caption(54, 148, es() ? "tu mano" : "your hand"),
    arrow(104, 72, 128),
    tileFace(130, 14, 100, 116, ROQUE, { marker: "red" }),
    tileFace(234, 14, 100, 116, null, { marker: "red" }),
    caption(180, 148, es() ? "boca arriba, con tu marcador" : "face up, with your marker", { width: 16 }), caption(284, 148, es() ? "Alto Secreto: boca abajo" : "Top Secret: face down", { width: 16 })),
  () => frame(es() ? "Los símbolos de ojo" : "The look symbols",
    big(56, 34, 1.8, eye(56, 34, "here")), caption(56, 70, es() ? "este tablero" : "this board", { width: 14 }),
    big(176, 34, 1.8, eye(176, 34, "adjacent")), caption(176, 70, es() ? "este o uno adyacente" : "this or an adjacent board", { width: 16 }),
    big(290, 34, 1.8, eye(290, 34, "any")), caption(290, 70, es() ? "cualquier tablero" : "any board", { width: 14 }),
    tileFace(128, 92, 84, 72, null)),
  () => frame(es() ? "La resolución" : "Resolution",
    numeral(28, 28, 1), arrow(44, 28, 70), numeral(86, 28, 2), arrow(102, 28, 128), numeral(144, 28, 3),
    tileFace(10, 54, 96, 108, ROQUE, { marker: "red" }), tileFace(104, 54, 96, 108, ELIZABETH, { marker: "blue" }),
    arrow(206, 108, 232),
    tileFace(236, 54, 96, 108, LINDA), caption(284, 36, es() ? "recompensa al más fuerte" : "reward to the strongest", { width: 18 })),
  () => frame(es() ? "Fin de ronda" : "End of round",
    ...[HANS, ELIZABETH, LINDA].map((t, i) => tileFace(8 + i * 70, 14, 72, 96, t)),
    caption(110, 130, es() ? "quédate con seis como máximo" : "keep at most six", { width: 22 }),
    ...[0, 1].map((i) => tileFace(228 + i * 52, 24, 56, 76, null)),
    caption(280, 130, es() ? "descartes: 1 PV cada uno" : "discards: 1 VP each", { width: 16 })),
];

// -- La Agencia --------------------------------------------------------------------------

const TWO = { name: "2 Agents", kind: "agent", agents: 2, information: 1 };
const FOUR = { name: "4 Agents", kind: "agent", agents: 4, information: 2 };
const RECRUITER = { name: "Recruiter", kind: "recruiter", agents: 0, information: 1 };
const INFILTRATOR = { name: "Infiltrator", kind: "infiltrator", agents: 0, information: 0 };
const AW = 440;
const AH = 200;

const agencia = [
  () => frameOf(AW, AH, es() ? "Las cuatro posiciones" : "The four positions",
    card(6, 10, TWO), back(114, 10), card(222, 10, FOUR), back(330, 10, { note: es() ? "hacia los demás" : "facing others" }),
    caption(58, 166, es() ? "mesa, boca arriba: todos" : "table, face up: everyone", { width: 15, size: 12 }),
    caption(166, 166, es() ? "mesa, boca abajo: nadie" : "table, face down: nobody", { width: 15, size: 12 }),
    caption(274, 166, es() ? "mano, hacia ti: solo tú" : "hand, facing you: only you", { width: 15, size: 12 }),
    caption(382, 166, es() ? "mano, hacia los demás: todos menos tú" : "hand, facing others: all but you", { width: 15, size: 12 })),
  () => frame(es() ? "Salón o Jardín" : "Hall or Garden",
    ...[["Hall", "#e9d9a9"], ["Garden", "#cfe6d2"]].map(([loc, fill], i) => s("g", {},
      s("rect", { x: 20 + i * 160, y: 24, width: 140, height: 110, rx: 10, fill, stroke: "#1d2433", "stroke-width": 1.5 }),
      s("text", { x: 90 + i * 160, y: 66, "text-anchor": "middle", "font-size": 18, "font-weight": 600, class: "serif" }, loc === "Hall" ? (es() ? "Salón" : "Hall") : (es() ? "Jardín" : "Garden")),
      caption(90 + i * 160, 92, loc === "Hall" ? (es() ? "4 jugadores: como máximo 4 Agentes" : "4 players: at most 4 Agents") : (es() ? "4 jugadores: al menos 4 Agentes" : "4 players: at least 4 Agents"), { width: 18 })))),
  () => frameOf(AW, AH, es() ? "Orden de resolución" : "Resolution order",
    card(14, 14, INFILTRATOR), arrow(124, 84, 162), card(168, 14, RECRUITER), arrow(278, 84, 316), card(322, 14, TWO),
    caption(66, 180, "1", { size: 15 }), caption(220, 180, "2", { size: 15 }), caption(374, 180, "3", { size: 15 })),
  () => frameOf(W, 190, es() ? "Información" : "Information",
    s("rect", { x: 10, y: 14, width: 130, height: 140, rx: 10, fill: "#fff", stroke: PALETTE[0], "stroke-width": 2 }),
    s("text", { x: 24, y: 44, "font-size": 13, fill: "#4a5366" }, es() ? "Información" : "Information"),
    s("text", { x: 24, y: 86, "font-size": 32, "font-weight": 700, class: "serif" }, "12"),
    caption(75, 124, es() ? "fichas, a la vista" : "tokens, in view", { width: 16 }),
    s("text", { x: 160, y: 90, "font-size": 26, "font-weight": 700, fill: "#4a5366" }, "+"),
    card(190, 14, FOUR, { w: 104, h: 140 }),
    caption(242, 172, es() ? "valor de tus ocho cartas" : "value of your eight cards", { width: 30 })),
];

// -- Stratego Spies & Lies ---------------------------------------------------------------

const SW = 420;
const SH = 190;
const spies = [
  () => frameOf(SW, SH, es() ? "Despliegue" : "Deployment",
    ...[[2, "Scout"], [5, "Lieutenant"], [4, "Sergeant"], [9, "General"]].map(([rank, name], i) => s("g", {},
      s("text", { x: 58 + i * 102, y: 22, "text-anchor": "middle", "font-size": 12, fill: "#4a5366" }, es() ? `Misión ${i + 1}` : `Mission ${i + 1}`),
      soldierCard(12 + i * 102, 30, { rank, name }, { colour: SIDE_COLOUR.blue }))),
    caption(210, 170, es() ? "rango creciente; el Sargento (4) puede ir en cualquier sitio" : "increasing rank; the Sergeant (4) may go anywhere", { width: 60, size: 12 })),
  () => frameOf(SW, SH, es() ? "Inteligencia y Engaño" : "Intel and Deception",
    s("text", { x: 210, y: 22, "text-anchor": "middle", "font-size": 13, fill: "#4a5366" }, `${es() ? "Inteligencia" : "Intel"}: 4 · 5 · 6 · 7`),
    ...[0, 1, 2, 3].map((i) => soldierCard(12 + i * 102, 32, null, { colour: SIDE_COLOUR.red })),
    ...[1, 2].map((i) => s("g", {}, s("circle", { cx: 92 + i * 102, cy: 42, r: 10, fill: "#b8913a" }), s("text", { x: 92 + i * 102, y: 46, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, "i"))),
    s("circle", { cx: 126, cy: 42, r: 9, fill: "#6b2f86" }),
    caption(210, 172, es() ? "fichas de inteligencia (dorado) y una ficha de Engaño (morado)" : "intel tokens (gold) and a Deception token (purple)", { width: 60, size: 12 })),
  () => frameOf(SW, SH, es() ? "Adivinar" : "Guessing",
    soldierCard(14, 20, null, { colour: SIDE_COLOUR.red }),
    caption(60, 160, es() ? "«¿Teniente?»" : "“Lieutenant?”", { size: 13 }),
    arrow(112, 80, 146),
    soldierCard(152, 20, { rank: 5, name: "Lieutenant" }, { colour: SIDE_COLOUR.red, faceUp: true }),
    caption(330, 56, es() ? "acierto: +2 PI y se retira (girado)" : "right: +2 IP, it retreats (tilted)", { width: 20, size: 12 }),
    caption(330, 116, es() ? "fallo: se activa y su bando puntúa" : "wrong: it activates and its side scores", { width: 20, size: 12 })),
  () => {
    const n = 6;
    const cw = 320 / (2 * n + 1);
    return frame(es() ? "El Agente Doble" : "The Double Agent",
      ...Array.from({ length: 2 * n + 1 }, (_, i) => {
        const pos = i - n;
        const side = pos < 0 ? "red" : pos > 0 ? "blue" : null;
        const a = Math.abs(pos);
        return s("rect", { x: 10 + i * cw + 1, y: 60, width: cw - 2, height: 40, rx: 4, fill: side ? SIDE_COLOUR[side] : "#ded6c2", "fill-opacity": a === n ? 0.9 : a === n - 1 ? 0.6 : 0.25 });
      }),
      s("circle", { cx: 10 + (n + 2) * cw + cw / 2, cy: 80, r: 11, fill: "#1d2433", stroke: "#b8913a", "stroke-width": 2 }),
      s("text", { x: 10 + (n + 2) * cw + cw / 2, y: 84, "text-anchor": "middle", "font-size": 9, fill: "#e9d9a9", "font-weight": 700 }, es() ? "AD" : "DA"),
      caption(30, 124, es() ? "bandera roja" : "red flag", { width: 10 }), caption(310, 124, es() ? "bandera azul" : "blue flag", { width: 10 }),
      caption(170, 36, es() ? "10 PI: avanza tantas casillas como el día" : "10 IP: it moves as many spaces as the day", { width: 44 }),
      caption(170, 140, es() ? "muro antes de cada bandera" : "a wall before each flag", { width: 40 }));
  },
];

// -- Conspiracy: The Solomon Gambit ------------------------------------------------------

/** @param {number} x @param {number} y @param {string} name @param {{hq?: any, station?: any}} [opts] */
function city(x, y, name, { hq, station } = {}) {
  return s("g", {},
    s("circle", { cx: x, cy: y, r: hq !== undefined ? 12 : 8, fill: hq !== undefined ? PALETTE[hq] : "#fff", stroke: "#1d2433", "stroke-width": 1.5 }),
    station ? stationStar(x + 10, y - 7) : null,
    s("text", { x, y: y + 22, "text-anchor": "middle", "font-size": 11, fill: "#1d2433", "font-weight": hq !== undefined ? 700 : 400 }, cityName(name)));
}

const conspiracy = [
  () => frame(es() ? "Tu tablero de pagos" : "Your payoff board",
    s("rect", { x: 10, y: 10, width: 320, height: 150, rx: 10, fill: "#1d2433" }),
    s("text", { x: 22, y: 32, "font-size": 12, "font-weight": 700, fill: "#e9d9a9" }, es() ? "Tablero de pagos (secreto)" : "Payoff board (secret)"),
    s("text", { x: 318, y: 32, "text-anchor": "end", "font-size": 12, fill: "#fff" }, `${es() ? "Reserva" : "Reserve"}: 24`),
    ...[["Beacon", 3], ["Magician", 1], ["Tempest", 1], ["Dr. Solomon", 1]].map(([a, n], i) => s("g", {},
      s("rect", { x: 22 + i * 76, y: 48, width: 70, height: 52, rx: 7, fill: "#2c3547", stroke: i === 0 ? "#b8913a" : "#4a5366" }),
      s("text", { x: 57 + i * 76, y: 64, "text-anchor": "middle", "font-size": 10, fill: "#d9dde6" }, a),
      s("text", { x: 57 + i * 76, y: 90, "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: "#fff" }, n))),
    label(170, 124, es() ? "Los demás solo ven «hizo un pago»" : "The others only see “made a payoff”", { size: 11, fill: "#d9dde6", width: 44 })),
  () => frame(es() ? "Mover y desafiar" : "Moving and challenging",
    s("line", { x1: 60, y1: 50, x2: 200, y2: 50, stroke: "#c23b32", "stroke-width": 2.5, "stroke-opacity": 0.55 }),
    city(60, 50, "Vienna", { station: true }), city(200, 50, "Prague"), agentPill(25, 78, "Spyglass"), arrow(100, 88, 170),
    s("rect", { x: 14, y: 112, width: 312, height: 48, rx: 8, fill: "#fff4e0", stroke: "#e2b777" }),
    s("text", { x: 24, y: 130, "font-size": 12, "font-weight": 700, fill: "#8a4b00" }, es() ? "Desafío" : "Challenge"),
    s("text", { x: 24, y: 150, "font-size": 11.5, fill: "#1d2433" }, es() ? "Ann anuncia 2 · Bob anuncia 3 · Ann se planta" : "Ann announces 2 · Bob announces 3 · Ann stops")),
  () => frame(es() ? "El maletín y la habilidad" : "The briefcase and the ability",
    s("line", { x1: 60, y1: 70, x2: 260, y2: 70, stroke: "#c23b32", "stroke-width": 2.5, "stroke-opacity": 0.55 }),
    city(60, 70, "Munich"), city(260, 70, "Zurich", { station: true }),
    briefcaseIcon(60, 44), agentPill(25, 98, "Tempest"), arrow(110, 108, 210), agentPill(225, 98, "Tempest"), briefcaseIcon(260, 44),
    caption(170, 150, es() ? "tras un movimiento con éxito: lleva el maletín y usa la habilidad" : "after a successful move: carry the briefcase, use the ability", { width: 48 })),
  () => frame(es() ? "Ganar" : "Winning",
    city(60, 50, "London", { hq: 0 }), briefcaseIcon(60, 22),
    caption(60, 100, es() ? "el maletín en tu sede: ganas" : "the briefcase in your HQ: you win", { width: 16 }),
    ...Array.from({ length: 5 }, (_, i) => s("g", {},
      s("rect", { x: 150 + i * 34, y: 36, width: 30, height: 30, rx: 4, fill: i === 4 ? "#1d2433" : "#fff", stroke: "#1d2433", "stroke-opacity": 0.4 }),
      s("text", { x: 165 + i * 34, y: 56, "text-anchor": "middle", "font-size": 11, fill: i === 4 ? "#fff" : "#4a5366" }, 5 - i))),
    caption(236, 100, es() ? "al final de la pista: si sale el Dr. Solomon, gana el mayor pago a él" : "at the end of the track: a Dr. Solomon roll and the biggest payoff to him wins", { width: 28 })),
];

export const FIGURES = { estoril, agencia, spies, conspiracy };
