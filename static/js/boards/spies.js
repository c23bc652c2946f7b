// Stratego Spies & Lies: the Double Agent track, both sides' Infiltration tracks,
// missions with deployed soldiers, Intel, exhausted soldiers, Deception tokens, your hand.
import { s } from "../dom.js";
import { currentLang } from "../i18n.js";
import { sentence, label } from "./common.js";
import { flatValue } from "../decisions.js";

export const strings = {
  en: {
    "sp.status": "Day {day}/{days}", "sp.ip": "Infiltration", "sp.deception": "Deception tokens", "sp.exhausted": "Exhausted",
    "sp.hand": "Hand", "sp.mission": "Mission {n}", "sp.intel": "Intel", "sp.old": "Old intel", "sp.deck": "{n} in the deck",
    "sp.centre": "centre", "sp.wall": "wall", "sp.flag": "flag", "sp.lineup": "Your line-up", "sp.yourSide": "your side",
    "field.soldiers": "soldier", "field.soldier": "rank", "field.mission": "mission", "field.sergeant_token": "intel token on the Sergeant", "field.option": "option",
    "act.deploy": "Deploy", "act.guess": "Guess", "act.place_intel": "Sergeant's intel", "act.play_deception": "Play a Deception token",
    "act.no_deception": "No Deception token", "act.captain": "Captain", "act.marshal": "Marshal",
  },
  es: {
    "sp.status": "Día {day}/{days}", "sp.ip": "Infiltración", "sp.deception": "Fichas de Engaño", "sp.exhausted": "Agotados",
    "sp.hand": "Mano", "sp.mission": "Misión {n}", "sp.intel": "Inteligencia", "sp.old": "Inteligencia vieja", "sp.deck": "{n} en el mazo",
    "sp.centre": "centro", "sp.wall": "muro", "sp.flag": "bandera", "sp.lineup": "Tu despliegue", "sp.yourSide": "tu bando",
    "field.soldiers": "soldado", "field.soldier": "rango", "field.mission": "misión", "field.sergeant_token": "ficha de inteligencia en el Sargento", "field.option": "opción",
    "act.deploy": "Desplegar", "act.guess": "Adivinar", "act.place_intel": "Inteligencia del Sargento", "act.play_deception": "Jugar una ficha de Engaño",
    "act.no_deception": "Sin ficha de Engaño", "act.captain": "Capitán", "act.marshal": "Mariscal",
  },
};

const SIDE = { en: { red: "Red", blue: "Blue" }, es: { red: "Rojo", blue: "Azul" } };
const sideName = (x) => SIDE[currentLang()][x] || x;
const COLOUR = { red: "#c23b32", blue: "#2f5fb3" };
const OPTIONS = {
  en: { earn_6: "earn 6 IP", use_exhausted: "use an exhausted soldier", earn_10: "earn 10 IP", earn_5_reduce_5: "earn 5 IP, enemy −5" },
  es: { earn_6: "ganar 6 PI", use_exhausted: "usar un soldado agotado", earn_10: "ganar 10 PI", earn_5_reduce_5: "ganar 5 PI, enemigo −5" },
};

const EVENTS = {
  en: {
    activated: "{side}'s {soldier} is activated", bomb_exploded: "{side}'s Bomb exploded", captain_choice: "{side}'s Captain: {option}",
    day_ended: "Day {day} ended", day_started: "Day {day} begins; {starting_side} starts", deception_paid: "{side} paid a Deception token",
    deception_played: "{side} played a Deception token on mission {mission}", deception_token_won: "{side} won a Deception token",
    deployed: "{actor} deployed on missions {missions}", double_agent_moved: "The Double Agent moved {spaces} toward {to} ({side})",
    exhausted: "{side} exhausts {soldiers}", infiltrated: "{side} infiltrated (day {day})", infiltration_points: "{side} earned {earned} IP",
    infiltration_points_reduced: "{side} lost {by} IP (now {total})", intel_ready: "{actor} is ready", intel_tokens: "{side} has intel tokens on missions {missions}",
    intel_turned: "New intel: {intel}", marshal_choice: "{side}'s Marshal: {option}", my_deployment: "Your line-up: {soldiers}",
    no_deception: "{side} played no Deception token on mission {mission}", points_carried_over: "{side} carries {points} IP over",
    retreated: "{side}'s {soldier} on mission {mission} retreated ({reason})", revealed: "{guesser} guessed {guess} on {side}'s mission {mission}: it was {soldier} — {correct}",
    turn: "{guesser} guesses mission {mission}", game_over: "Game over: {winner} wins ({ending})",
    setup: "Old Intel: {old_intel}; exhausted: {exhausted}", hand: "Your soldiers in hand: {soldiers}", starting_player: "Starting Player card: {side} begins",
  },
  es: {
    activated: "Se activa {soldier} de {side}", bomb_exploded: "Explotó la Bomba de {side}", captain_choice: "Capitán de {side}: {option}",
    day_ended: "Termina el día {day}", day_started: "Empieza el día {day}; empieza {starting_side}", deception_paid: "{side} pagó una ficha de Engaño",
    deception_played: "{side} jugó una ficha de Engaño en la misión {mission}", deception_token_won: "{side} ganó una ficha de Engaño",
    deployed: "{actor} desplegó en las misiones {missions}", double_agent_moved: "El Agente Doble avanzó {spaces} hacia {to} ({side})",
    exhausted: "{side} agota {soldiers}", infiltrated: "{side} se infiltró (día {day})", infiltration_points: "{side} ganó {earned} PI",
    infiltration_points_reduced: "{side} perdió {by} PI (ahora {total})", intel_ready: "{actor} está listo", intel_tokens: "{side} tiene fichas en las misiones {missions}",
    intel_turned: "Nueva inteligencia: {intel}", marshal_choice: "Mariscal de {side}: {option}", my_deployment: "Tu despliegue: {soldiers}",
    no_deception: "{side} no jugó Engaño en la misión {mission}", points_carried_over: "{side} conserva {points} PI",
    retreated: "{soldier} de {side} en la misión {mission} se retiró ({reason})", revealed: "{guesser} dijo {guess} en la misión {mission} de {side}: era {soldier} — {correct}",
    turn: "{guesser} adivina la misión {mission}", game_over: "Fin: gana {winner} ({ending})",
    setup: "Inteligencia antigua: {old_intel}; agotados: {exhausted}", hand: "Tus soldados en mano: {soldiers}", starting_player: "Carta de Jugador Inicial: empieza {side}",
  },
};

export function describeEvent(ev, ctx) {
  const es = currentLang() === "es";
  return sentence(EVENTS, ev, ctx, (k, v) => {
    if (["side", "guesser", "starting_side", "winner"].includes(k) && typeof v === "string") return sideName(v);
    if (k === "option") return OPTIONS[currentLang()][v] || v;
    if (k === "exhausted" && v && typeof v === "object") return Object.entries(v).map(([side, n]) => `${sideName(side)}: ${n}`).join(", ");
    if (k === "correct") return v ? (es ? "¡acierto!" : "correct!") : (es ? "fallo" : "wrong");
    if (k === "soldiers" && v && !Array.isArray(v) && typeof v === "object") return Object.entries(v).map(([m, n]) => `${m}: ${n}`).join(", ");
    return undefined;
  });
}

export function valueLabel(path, value) {
  if (path === "option") return OPTIONS[currentLang()][value] || null;
  if (path === "mission") return currentLang() === "es" ? `Misión ${value}` : `Mission ${value}`;
  return null;
}

export function status(ctx) {
  const el = document.createElement("p");
  el.className = "status-line";
  el.textContent = ctx.t("sp.status", ctx.view);
  return el;
}

function soldierCard(x, y, soldier, { w = 92, h = 118, colour, faceUp, secretOf } = {}) {
  if (!soldier) {
    return s("g", {},
      s("rect", { class: "hit", x, y, width: w, height: h, rx: 9, fill: colour, stroke: "#1d2433", "stroke-opacity": 0.4 }),
      s("text", { x: x + w / 2, y: y + h / 2 + 10, "text-anchor": "middle", "font-size": 30, fill: "#fff", "fill-opacity": 0.75, class: "serif" }, "?"));
  }
  return s("g", { "data-card": soldier.name, "data-secret-of": secretOf ?? null },
    s("rect", { class: "hit", x, y, width: w, height: h, rx: 9, fill: "#fffdf8", stroke: colour, "stroke-width": faceUp ? 3 : 1.5 }),
    s("text", { x: x + w / 2, y: y + 52, "text-anchor": "middle", "font-size": 34, "font-weight": 700, fill: colour, class: "serif" }, soldier.rank),
    label(x + w / 2, y + 82, soldier.name, { width: 11, size: 13, weight: 600, fill: "#1d2433" }));
}

export function render(ctx) {
  const v = ctx.view;
  const W = 1000;
  const H = 700;
  const mySide = v.you?.side || null;
  const sides = Object.keys(v.sides);
  const enemy = mySide ? sides.find((x) => x !== mySide) : sides[1];
  const own = mySide || sides[0];
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Spies & Lies", "data-board": "spies" });
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, fill: "#f3efe4", rx: 12 }));

  // The Double Agent track: red flag … centre … blue flag.
  const da = v.double_agent;
  const n = da.flag;
  const cells = 2 * n + 1;
  const cw = (W - 40) / cells;
  const trackY = 296;
  for (let i = 0; i < cells; i++) {
    const pos = i - n;
    const side = pos < 0 ? "red" : pos > 0 ? "blue" : null;
    const a = Math.abs(pos);
    const kind = a === 0 ? ctx.t("sp.centre") : a === da.flag ? ctx.t("sp.flag") : a === da.wall ? ctx.t("sp.wall") : String(a);
    svg.append(s("g", {},
      s("rect", { x: 20 + i * cw + 2, y: trackY, width: cw - 4, height: 56, rx: 6, fill: side ? COLOUR[side] : "#ded6c2", "fill-opacity": a === da.flag ? 0.9 : a === da.wall ? 0.6 : 0.25 }),
      s("text", { x: 20 + i * cw + cw / 2, y: trackY + 74, "text-anchor": "middle", "font-size": 11, fill: "#4a5366" }, kind)));
  }
  // A positive position is in blue's territory (the view names the space).
  const daPos = typeof da.position === "number" ? da.position : 0;
  const mx = 20 + (daPos + n) * cw + cw / 2;
  svg.append(s("g", { "data-slot": "spies-double-agent" },
    s("circle", { cx: mx, cy: trackY + 28, r: 20, fill: "#1d2433", stroke: "#b8913a", "stroke-width": 3 }),
    s("text", { x: mx, y: trackY + 34, "text-anchor": "middle", "font-size": 16, fill: "#e9d9a9", "font-weight": 700 }, "DA")));
  svg.append(s("text", { x: W / 2, y: trackY - 10, "text-anchor": "middle", "font-size": 13, fill: "#4a5366" }, `${da.space} · ${ctx.t("sp.status", v)}`));

  // Intel: the current card, old ones and the deck.
  const intel = v.intel || {};
  svg.append(s("text", { x: W / 2, y: trackY + 96, "text-anchor": "middle", "font-size": 12, fill: "#4a5366" },
    `${ctx.t("sp.intel")}: ${intel.current ? intel.current.ranks.join(" · ") : "—"}  ·  ${ctx.t("sp.old")}: ${(intel.old || []).map((c) => c.ranks.join("-")).join(", ") || "—"}  ·  ${ctx.t("sp.deck", { n: intel.deck_size ?? 0 })}`));

  const fixedSoldiers = [...ctx.decision.fixed].filter(([k]) => k.startsWith("soldiers.")).map(([, val]) => flatValue(val));

  const sidePanel = (side, y, isOwn) => {
    const info = v.sides[side];
    const colour = COLOUR[side] || "#555";
    const g = s("g", { "data-side": side });
    g.append(s("rect", { x: 10, y, width: W - 20, height: isOwn ? 270 : 262, rx: 12, fill: "#fffdf8", stroke: colour, "stroke-width": 2 }));
    g.append(s("text", { x: 26, y: y + 28, "font-size": 17, "font-weight": 700, fill: colour, class: "serif" },
      `${sideName(side)}${isOwn && mySide ? ` (${ctx.t("sp.yourSide")})` : ""} — ${info.players.map((p) => ctx.name(p)).join(", ")}`));
    // Infiltration track 0..10.
    g.append(s("text", { x: 26, y: y + 56, "font-size": 12, fill: "#4a5366" }, `${ctx.t("sp.ip")}: ${info.infiltration_points}`));
    for (let i = 0; i <= 10; i++) {
      g.append(s("rect", { x: 26 + i * 19, y: y + 64, width: 16, height: 16, rx: 3, fill: i <= info.infiltration_points && info.infiltration_points > 0 ? colour : "#eee7d6", "fill-opacity": i === 0 ? 0.3 : 0.9 }));
    }
    g.append(s("text", { x: 26, y: y + 108, "font-size": 12, fill: "#4a5366" }, ctx.t("sp.deception")));
    for (let i = 0; i < info.deception_tokens; i++) g.append(s("circle", { cx: 36 + i * 26, cy: y + 126, r: 10, fill: "#6b2f86" }));
    g.append(s("text", { x: 26, y: y + 160, "font-size": 12, fill: "#4a5366" }, `${ctx.t("sp.exhausted")}: ${(info.exhausted || []).map((x) => `${x.rank} ${x.name}`).join(", ") || "—"}`));
    // Missions.
    info.missions.forEach((m, i) => {
      const x = 260 + i * 110;
      const slot = s("g", { "data-slot": `spies-${side}-${m.player}-${m.mission}` });
      let soldier = m.soldier;
      let pending = false;
      if (isOwn && !m.deployed && m.player === ctx.you && fixedSoldiers.length) {
        const idx = info.missions.filter((x2) => x2.player === ctx.you).indexOf(m);
        if (idx >= 0 && idx < fixedSoldiers.length) {
          const name = fixedSoldiers[idx];
          soldier = (info.hand || []).find((c) => c.name === name) || { rank: "", name };
          pending = true;
        }
      }
      slot.append(s("text", { x: x + 46, y: y + 24, "text-anchor": "middle", "font-size": 12, fill: "#4a5366" }, ctx.t("sp.mission", { n: m.mission })));
      if (m.deployed || pending) {
        const c = soldierCard(x, y + 34, soldier, { colour, faceUp: m.face_up, secretOf: m.face_up ? null : m.player });
        if (pending) c.setAttribute("opacity", "0.6");
        if (m.tilted) c.setAttribute("transform", `rotate(8 ${x + 46} ${y + 93})`);
        slot.append(c);
      } else {
        slot.append(s("rect", { x, y: y + 34, width: 92, height: 118, rx: 9, fill: "none", stroke: "#c9c0ad", "stroke-dasharray": "5 4" }));
      }
      if (m.intel_token) slot.append(s("g", {}, s("circle", { cx: x + 80, cy: y + 44, r: 10, fill: "#b8913a" }), s("text", { x: x + 80, y: y + 48, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, "i")));
      if (m.deception_token) slot.append(s("circle", { cx: x + 12, cy: y + 44, r: 9, fill: "#6b2f86" }));
      if (m.guess) slot.append(s("text", { x: x + 46, y: y + 170, "text-anchor": "middle", "font-size": 11, fill: "#4a5366" }, `? ${typeof m.guess === "object" ? `${m.guess.rank ?? ""} ${m.guess.name ?? ""}` : m.guess}`));
      if (!isOwn) ctx.choice(slot, { type: "guess", mission: m.mission }, ctx.t("sp.mission", { n: m.mission }));
      else if (m.player === ctx.you) ctx.choice(slot, { type: "play_deception", mission: m.mission }, ctx.t("act.play_deception"));
      g.append(slot);
    });
    // Your hand (only your own side carries one in your view).
    if (isOwn && info.hand) {
      g.append(s("text", { x: 26, y: y + 196, "font-size": 12, fill: "#4a5366" }, ctx.t("sp.hand")));
      const k = fixedSoldiers.length;
      info.hand.forEach((c, i) => {
        const x = 26 + i * 62;
        const used = fixedSoldiers.includes(c.name);
        const card = s("g", { "data-card": c.name, opacity: used ? 0.35 : 1 },
          s("rect", { class: "hit", x, y: y + 204, width: 56, height: 56, rx: 7, fill: "#fff", stroke: colour }),
          s("text", { x: x + 28, y: y + 228, "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: colour }, c.rank),
          s("text", { x: x + 28, y: y + 248, "text-anchor": "middle", "font-size": 10 }, c.name));
        if (!used) ctx.choice(card, { type: "deploy", soldiers: { [k]: c.name } }, c.name);
        g.append(card);
      });
    }
    return g;
  };
  svg.append(sidePanel(enemy, 10, false));
  svg.append(sidePanel(own, 420, true));
  return svg;
}
