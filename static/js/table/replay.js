// After the end: watch the game again, move by move, as one chair saw it live — your own
// seat by default; any seat, the spectators' view or everyone's once the host published
// the log (the server refuses the rest, so only those are offered). Each step is drawn
// by the same board the live table uses and its events are told with the same words as
// the log. Also the game record, downloaded as a JSON file (the token travels in a
// header, so it is fetched and saved through a Blob).
import { boardFrame } from "./zoom.js";
import { h, humanise } from "../dom.js";
import { t, extend } from "../i18n.js";
import { problemText } from "../problems.js";
import { logGroups } from "./log.js";
import { logGroup as noGroups } from "../boards/generic.js";

extend({
  en: {
    "replay.watch": "Watch the replay", "replay.download": "Download record", "replay.downloading": "Preparing the record…",
    "replay.title": "Replay", "replay.close": "Back to the table", "replay.loading": "Loading the replay…",
    "replay.viewpoint": "Seen by", "replay.public": "Spectators (public view)", "replay.all": "Everyone (all secrets)",
    "replay.setup": "Setup: before the first move", "replay.step": "Move {i} of {n}", "replay.first": "First",
    "replay.back": "Back", "replay.forward": "Forward", "replay.last": "Last", "replay.play": "Play", "replay.pause": "Pause",
    "replay.jump": "Jump to", "replay.events": "What happened", "replay.nothing": "Nothing this seat could see.",
    "replay.keys": "Keys: ← → step, Home / End.", "replay.move": "Move {n}", "replay.theEnd": "The end",
  },
  es: {
    "replay.watch": "Ver la repetición", "replay.download": "Descargar el registro", "replay.downloading": "Preparando el registro…",
    "replay.title": "Repetición", "replay.close": "Volver a la mesa", "replay.loading": "Cargando la repetición…",
    "replay.viewpoint": "Visto por", "replay.public": "Espectadores (vista pública)", "replay.all": "Todos (todos los secretos)",
    "replay.setup": "Preparación: antes de la primera jugada", "replay.step": "Jugada {i} de {n}", "replay.first": "Inicio",
    "replay.back": "Atrás", "replay.forward": "Adelante", "replay.last": "Final", "replay.play": "Reproducir", "replay.pause": "Pausa",
    "replay.jump": "Ir a", "replay.events": "Lo que pasó", "replay.nothing": "Nada que este asiento pudiera ver.",
    "replay.keys": "Teclas: ← → paso a paso, Inicio / Fin.", "replay.move": "Jugada {n}", "replay.theEnd": "El final",
  },
});

const AUTOPLAY_MS = 1400;

/** @typedef {{view: import("../types/client").Json, events: import("../types/client").Json[], to_act?: number[], version?: number, seat?: number | null}} Step one step of a replay, as a chair saw it */
/** @typedef {{index: number, title: string}} Mark where a round begins */

/** @param {string} path @param {string | null} token */
async function getJson(path, token) {
  /** @type {Record<string, string>} */
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const res = await fetch(path, { headers });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(data.detail || `HTTP ${res.status}`), { problem: data });
  return data;
}

/** Where the rounds (days, hands…) begin: the board's log groups, else the view's own counter or phase. */
/** @param {Step[]} steps @param {import("../types/client").Board} board @returns {Mark[]} */
function roundMarks(steps, board) {
  /** @type {Mark[]} */
  const marks = [];
  const state = {};
  /** @type {string | null} */
  let last = null;
  // A board without log groups of its own has the generic board's, which open none.
  const grouped = board.logGroup !== noGroups;
  steps.forEach((step, i) => {
    let title = null;
    for (const ev of step.events) title = board.logGroup(ev, state) || title;
    if (!title && !grouped) {
      const v = step.view || {};
      const n = v.round ?? v.day ?? v.hand ?? null;
      const key = n !== null ? `n${n}` : v.phase !== undefined ? `p${v.phase}` : null;
      if (key !== null && key !== last) title = n !== null ? t("table.round", { n }) : humanise(String(v.phase));
      last = key ?? last;
    }
    if (title) marks.push({ index: i, title });
  });
  // The first round begins with the game (its start event is the table's, not the replay's).
  if (steps.length && marks[0]?.index !== 0) {
    marks.unshift({ index: 0, title: board.logGroup?.(/** @type {import("../types/client").GameEvent} */ ({ type: "game_started", data: {} }), {}) || t("log.start") });
  }
  return marks;
}

/**
 * The replay add-on of one table page. `env`: {tableId, token, rerender, tools: {board(),
 * ctxFor(doc), describeEvent(ev, reader, sees, base), name(seat)}}.
 * @param {import("../types/client").AddonEnv} env @returns {import("../types/client").Addon}
 */
export function replayAddon(env) {
  /** @type {Map<string, Step[]>} */
  const cache = new Map(); // viewpoint -> steps
  let open = false;
  /** @type {string | null} */
  let viewpoint = null;
  /** @type {Step[] | null | undefined} */
  let steps = null;
  let index = 0;
  /** @type {string | null} */
  let error = null;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer;
  /** @type {import("../types/client").TableDoc | null} */
  let doc = null;
  let downloading = false;

  /** The game-over document the replay is of (set by endActions/takeover before use). */
  const current = () => doc;
  const viewpoints = () => {
    const doc = /** @type {import("../types/client").TableDoc} */ (current());
    const own = doc.you !== null && doc.you !== undefined ? [String(doc.you)] : ["public"];
    if (!doc.publish_log) return own;
    return [...own, ...doc.seats.map((s) => String(s.seat)).filter((s) => !own.includes(s)), ...["public", "all"].filter((v) => !own.includes(v))];
  };
  const vpLabel = (/** @type {string} */ vp) => (vp === "public" ? t("replay.public") : vp === "all" ? t("replay.all") : env.tools.name(Number(vp)));

  /** @param {string} vp */
  async function load(vp) {
    viewpoint = vp;
    error = null;
    if (!cache.has(vp)) {
      steps = null;
      env.rerender();
      try {
        const data = await getJson(`/api/tables/${encodeURIComponent(env.tableId)}/replay?viewpoint=${encodeURIComponent(vp)}`, env.token);
        cache.set(vp, data.steps);
      } catch (err) {
        error = problemText(err);
        env.rerender();
        return;
      }
    }
    if (viewpoint !== vp) return;
    steps = /** @type {Step[]} */ (cache.get(vp));
    index = Math.min(index, steps.length - 1);
    env.rerender();
  }

  /** @param {number} i */
  function go(i) {
    if (!steps) return;
    const next = Math.max(0, Math.min(steps.length - 1, i));
    if (next === steps.length - 1) stopAutoplay();
    if (next !== index) { index = next; env.rerender(); }
  }

  function stopAutoplay() { clearInterval(timer); timer = undefined; }
  function toggleAutoplay() {
    if (timer) { stopAutoplay(); env.rerender(); return; }
    if (steps && index >= steps.length - 1) index = 0;
    timer = setInterval(() => go(index + 1), AUTOPLAY_MS);
    env.rerender();
  }

  const onKey = (/** @type {KeyboardEvent} */ e) => {
    if (!open || e.altKey || e.ctrlKey || e.metaKey || /** @type {HTMLElement} */ (e.target).closest?.("input, textarea, select, dialog")) return;
    const to = /** @type {Record<string, number>} */ ({ ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: Infinity })[e.key];
    if (to === undefined) return;
    e.preventDefault();
    stopAutoplay();
    go(to === Infinity ? (steps?.length ?? 1) - 1 : to);
  };

  function start() {
    open = true;
    index = 0;
    document.addEventListener("keydown", onKey);
    load(viewpoints()[0]);
  }

  function close() {
    open = false;
    stopAutoplay();
    document.removeEventListener("keydown", onKey);
    env.rerender();
  }

  async function download() {
    downloading = true;
    error = null;
    env.rerender();
    try {
      const record = await getJson(`/api/tables/${encodeURIComponent(env.tableId)}/record`, env.token);
      const url = URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)], { type: "application/json" }));
      const a = h("a", { href: url, download: `spyhouse-${current()?.game}-${env.tableId}.json`, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      error = problemText(err);
    } finally {
      downloading = false;
      env.rerender();
    }
  }

  /** The step as a table document the board can draw. */
  /** @param {Step} step @param {boolean} last @returns {import("../types/client").TableDoc} */
  function stepDoc(step, last) {
    const doc = /** @type {import("../types/client").TableDoc} */ (current());
    const seat = /^\d+$/.test(viewpoint ?? "") ? Number(viewpoint) : null;
    return {
      ...doc, view: step.view, you: seat, to_act: step.to_act || [], legal_actions: [],
      status: last ? "finished" : "playing", outcome: last ? doc.outcome : null,
    };
  }

  /** @param {Step} step @param {import("../types/client").TableDoc} sdoc @param {import("../types/client").Board} board */
  function stepEvents(step, sdoc, board) {
    const evs = step.events.map((/** @type {import("../types/client").Json} */ ev) => ({ ...ev, version: step.version ?? 0, seat: step.seat }));
    const base = env.tools.ctxFor(sdoc);
    const groups = logGroups(evs, {
      doc: sdoc, board, name: (/** @type {number} */ s) => env.tools.name(s), describe: (ev, reader, sees) => env.tools.describeEvent(ev, reader, sees, base),
    });
    return groups.flatMap((g) => g.lines);
  }

  /** @param {import("../types/client").TableDoc} sdoc @param {import("../types/client").Board} board */
  function boardOf(sdoc, board) {
    try {
      return board.render(env.tools.ctxFor(sdoc));
    } catch (err) {
      console.warn(`board failed to render a replay step: ${/** @type {Error} */ (err)?.stack || err}`);
      return h("p", { class: "error" }, String(/** @type {Error} */ (err)?.message || err));
    }
  }

  /** @param {number} n @param {Mark[]} marks */
  function controls(n, marks) {
    /** @param {string} id @param {string} label @param {() => void} onclick @param {boolean} disabled @param {Record<string, string>} [extra] */
    const btn = (id, label, onclick, disabled, extra = {}) => h("button", { class: "button small", type: "button", id, onclick, disabled: disabled || null, ...extra }, label);
    const current = [...marks].reverse().find((m) => m.index <= index);
    return h("div", { class: "replay-controls", role: "group", "aria-label": t("replay.title") },
      btn("replay-first", `« ${t("replay.first")}`, () => { stopAutoplay(); go(0); }, index === 0),
      btn("replay-back", `‹ ${t("replay.back")}`, () => { stopAutoplay(); go(index - 1); }, index === 0),
      h("span", { class: "replay-counter", id: "replay-step", "aria-live": "polite" }, index === 0 ? t("replay.setup") : t("replay.step", { i: index, n: n - 1 })),
      btn("replay-forward", `${t("replay.forward")} ›`, () => { stopAutoplay(); go(index + 1); }, index >= n - 1),
      btn("replay-last", `${t("replay.last")} »`, () => { stopAutoplay(); go(n - 1); }, index >= n - 1),
      btn("replay-play", timer ? `‖ ${t("replay.pause")}` : `▶ ${t("replay.play")}`, toggleAutoplay, false, { "aria-pressed": timer ? "true" : "false" }),
      marks.length > 1
        ? h("label", { class: "replay-jump" }, `${t("replay.jump")} `,
          h("select", { id: "replay-round", onchange: (/** @type {import("../types/client").On<HTMLSelectElement>} */ e) => { stopAutoplay(); go(Number(e.target.value)); } },
            marks.map((m) => h("option", { value: m.index, selected: m === current || null }, m.title)),
            h("option", { value: n - 1, selected: index === n - 1 && current?.index !== n - 1 ? true : null }, t("replay.theEnd"))))
        : null);
  }

  return {
    /** "Watch the replay" and "Download record" on the game-over screen. */
    endActions(ctx) {
      doc = ctx.doc;
      return [
        h("button", { class: "button", type: "button", id: "replay-open", onclick: start }, t("replay.watch")),
        h("button", { class: "button ghost", type: "button", id: "download-record", onclick: download, disabled: downloading || null },
          downloading ? t("replay.downloading") : t("replay.download")),
        error && !open ? h("p", { class: "error", role: "alert", id: "record-error" }, error) : null,
      ];
    },
    /** While open, the replay replaces the live board: {main, side}. */
    takeover(ctx) {
      if (!open || ctx.doc?.status !== "finished") return null;
      doc = ctx.doc;
      const board = env.tools.board();
      const vps = viewpoints();
      const head = h("div", { class: "replay-head" },
        h("h2", {}, t("replay.title")),
        h("label", { class: "replay-vp" }, `${t("replay.viewpoint")} `,
          h("select", { id: "replay-viewpoint", onchange: (/** @type {import("../types/client").On<HTMLSelectElement>} */ e) => load(e.target.value) },
            vps.map((vp) => h("option", { value: vp, selected: vp === viewpoint || null }, vpLabel(vp))))),
        h("button", { class: "button small ghost", type: "button", id: "replay-close", onclick: close }, t("replay.close")));
      if (error || !steps) {
        return {
          main: h("section", { class: "panel replay", id: "replay" }, head,
            error ? h("p", { class: "error", role: "alert" }, error) : h("p", { class: "muted" }, t("replay.loading"))),
          side: null,
        };
      }
      const step = steps[index];
      const last = index === steps.length - 1;
      const sdoc = stepDoc(step, last);
      const lines = stepEvents(step, sdoc, board);
      const status = board.status(env.tools.ctxFor(sdoc));
      const main = h("section", { class: "replay", id: "replay", "data-step": index, "data-steps": steps.length, "data-viewpoint": viewpoint },
        h("div", { class: "panel replay-bar" }, head, controls(steps.length, roundMarks(steps, board)),
          status ? h("div", { class: "replay-status" }, status) : null,
          h("p", { class: "muted replay-keys" }, t("replay.keys"))),
        boardFrame("replay-board", boardOf(sdoc, board), env.rerender));
      const side = h("section", { class: "panel replay-events", id: "replay-events" },
        h("h2", {}, `${t("replay.events")} · ${index === 0 ? t("replay.setup") : t("replay.move", { n: index })}`),
        lines.length
          ? h("ul", { class: "log-lines" }, lines.map((l) => h("li", { class: l.private ? "private" : null }, l.text)))
          : h("p", { class: "muted" }, t("replay.nothing")));
      return { main, side };
    },
    dispose() { stopAutoplay(); document.removeEventListener("keydown", onKey); },
  };
}
