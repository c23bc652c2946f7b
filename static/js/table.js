// A table: the waiting room before the start, then the board, the decision panel,
// whose turn it is, the log in words and the end of the game. Everything arrives over
// the table's WebSocket; the page only ever holds this seat's own view. The pieces live
// in table/: log.js, highlight.js, reveal.js, confirm.js, attention.js, gameover.js,
// knowledge.js, glossary.js, prefs.js. Other modules may hook in through `tableHooks`.
import { h, humanise, pressable, patch } from "./dom.js";
import { t, has, onLangChange, extend, currentLang } from "./i18n.js";
import { api, ApiError } from "./api.js";
import { TableSocket } from "./socket.js";
import { Decision, flatValue } from "./decisions.js";
import { tableGrant, saveGrant, saveName } from "./storage.js";
import { problemText } from "./problems.js";
import { seatName, seatLabel } from "./names.js";
import { pref, setPref } from "./prefs.js";
import { logGroups, logPanel } from "./table/log.js";
import { Highlighter } from "./table/highlight.js";
import { RevealPlayer } from "./table/reveal.js";
import { confirmBar, askFirst } from "./table/confirm.js";
import { showTurn, resetTurn, askNotifications } from "./table/attention.js";
import { gameOverPanel } from "./table/gameover.js";
import { knowledgePanel } from "./table/knowledge.js";
import { glossaryPanel } from "./table/glossary.js";
import { chatAddon } from "./table/chat.js";
import { presenceAddon } from "./table/presence.js";
import { clockText } from "./clocktext.js";
import { replayAddon } from "./table/replay.js";
import { boardFrame, restoreScroll, fittedToPhone, onPhoneWidth } from "./table/zoom.js";
import * as generic from "./boards/generic.js";
/** @import { TableDoc, StateFrame, Board, BoardCtx, GameEvent, Addon, AddonEnv, Json, On } from "./types/client" */

extend({
  en: {
    "prefs.title": "Settings", "prefs.confirm": "Ask before sending a move", "prefs.reveals": "Play reveals step by step",
    "prefs.sound": "Sound on your turn", "prefs.notify": "Notify me when the tab is hidden",
    "since.title": "Since you left", "since.more": "…and {n} more (see the log)", "since.dismiss": "Got it",
    "offline.paused": "Connection lost: your move is kept and will be sent when the connection is back.",
    "offline.stale": "The table moved on while you were offline; choose again.",
    "table.thinking": "Showing what happened…",
    "held.title": "A bot is playing your seat",
    "held.host": "The host handed your seat to a bot ({level}) until they give it back.",
    "held.absent": "Your time ran out, so a bot ({level}) is playing your seat for now.",
    "held.watch": "You are watching from your seat: your hand is still yours, and you will play it again once you have it back.",
    "held.ask": "Ask the host for my seat back", "held.asked": "You asked the host for your seat back; it comes back here as soon as they give it.",
    "held.status": "Watching",
  },
  es: {
    "prefs.title": "Ajustes", "prefs.confirm": "Preguntar antes de enviar una jugada", "prefs.reveals": "Mostrar las revelaciones paso a paso",
    "prefs.sound": "Sonido en tu turno", "prefs.notify": "Avisarme cuando la pestaña esté oculta",
    "since.title": "Desde que te fuiste", "since.more": "…y {n} más (mira el registro)", "since.dismiss": "Entendido",
    "offline.paused": "Conexión perdida: tu jugada se guarda y se enviará cuando vuelva la conexión.",
    "offline.stale": "La mesa avanzó mientras estabas sin conexión; vuelve a elegir.",
    "table.thinking": "Mostrando lo que ha pasado…",
    "held.title": "Un bot está jugando tu asiento",
    "held.host": "El anfitrión ha pasado tu asiento a un bot ({level}) hasta que te lo devuelva.",
    "held.absent": "Se te acabó el tiempo, así que un bot ({level}) juega tu asiento por ahora.",
    "held.watch": "Miras desde tu asiento: tu mano sigue siendo tuya y la volverás a jugar cuando te lo devuelvan.",
    "held.ask": "Pedir al anfitrión que me devuelva el asiento", "held.asked": "Has pedido al anfitrión que te devuelva el asiento; volverá aquí en cuanto lo haga.",
    "held.status": "Mirando",
  },
});

const TABLE_EVENTS = new Set(["timed_out", "seat_held", "seat_requested", "returned", "seat_given_back", "player_removed", "clocks_paused", "clocks_resumed", "time_added"]);
/** An outage shorter than this is a reconnect, not an absence worth a summary. */
const AWAY_SECONDS = 60;
const BOARDS = new Set(["estoril", "agencia", "spies", "conspiracy"]);

/** Extension points for other client modules (clocks): each gets the table's context. */
/** @type {{side: ((ctx: BoardCtx) => Element | null)[], head: ((ctx: BoardCtx) => Element | null)[]}} */
export const tableHooks = { side: [], head: [] };

/** Add-ons mounted with every table page: `fn(env)` -> {onFrame?, onError?, side?, seat?, dispose?}. */
/** @type {((env: AddonEnv) => Addon)[]} */
const ADDONS = [chatAddon, presenceAddon, replayAddon];

/** @param {string} game @returns {Promise<Board>} */
async function loadBoard(game) {
  if (!BOARDS.has(game)) return generic;
  try {
    const mod = await import(`./boards/${game}.js`);
    if (mod.strings) extend(mod.strings);
    return mod;
  } catch (err) {
    console.warn("board module failed to load; using the generic board", err);
    return generic;
  }
}

/** @param {HTMLElement} root @param {string} tableId */
export function mountTable(root, tableId) {
  /** @type {import("./storage.js").Grant} */
  const grant = tableGrant(tableId) || {};
  const token = grant.token || grant.host || null;
  /** @type {TableDoc | null} */
  let doc = null;          // the document on screen
  /** @type {StateFrame | null} */
  let held = null;         // a newer document waiting while a reveal plays
  /** @type {Board} */
  let board = generic;
  /** @type {string | null} */
  let boardGame = null;
  let decision = new Decision([]);
  /** @type {GameEvent[]} */
  let events = [];
  let lastEventVersion = -1;
  /** @type {GameEvent[] | null} */
  let fullLog = null;
  /** @type {string | null} */
  let notice = null;
  /** @type {number | null} */
  let lostAt = null;       // when the connection went, while it is down
  let away = 0;            // how long the last outage lasted, in seconds
  /** Seconds the player was out of touch: the last outage, or the current one. @returns {number} */
  const awayFor = () => (lostAt !== null ? (performance.now() - lostAt) / 1000 : away);
  let seatNotice = false;  // the notice says the seat changed hands
  /** @type {{seat: number, hold: string, asked: boolean} | null} while a bot holds our seat */
  let heldSeat = null;
  let heldTimer = 0;
  let sending = false;
  /** @type {Json} */
  let proposed = null;     // the action waiting for Confirm
  /** @type {{action: Json, version: number} | null} */
  let queued = null;       // {action, version} kept while offline
  /** @type {{action: Json, version: number, choices: string | null, tries: number, stale: boolean} | null} */
  let inFlight = null;     // {action, version, choices, tries, stale}: sent, not yet acknowledged
  /** @type {number | null} */
  let acked = null;        // the version our acknowledged move made, until the table reaches it
  let conn = "connecting";
  /** @type {string | null} */
  let fatal = null;
  let disposed = false;
  /** @type {(string | null)[] | null} */
  let since = null;        // "since you left" lines
  /** @type {"watched" | "shown" | null} */
  let endSeen = null;      // "watched" once the game was seen in play, "shown" once its end was brought into view
  const rematch = { busy: false };
  let showPrefs = false;
  const seenAtLoad = grant.seen ?? null;
  const highlighter = new Highlighter();
  const reveal = new RevealPlayer(() => {
    if (!reveal.active && held) { const next = held; held = null; apply(next); } else render();
  });

  // -- names, labels, descriptions -------------------------------------------------------

  /** @param {TableDoc | null} d @returns {BoardCtx} */
  const ctxFor = (d) => ({
    doc: d, view: d?.view, you: d?.you, t, decision, reader: d?.you ?? null, sees: d?.you ?? null,
    name: (seat, opts) => seatName(d, seat, opts), events,
    choice, choose, selected: (partial) => decision.fixed.size > 0 && decision.isFixed(partial),
    small: fittedToPhone(),
  });
  const ctxBase = () => ctxFor(doc);
  /** The document on screen, where the caller only runs with one. */
  const onScreen = () => /** @type {TableDoc} */ (doc);
  /** The document on screen, if any (a const copy narrows inside closures). */
  const current = () => doc;

  const typeLabel = (/** @type {string} */ type) => (has(`act.${type}`) ? t(`act.${type}`) : humanise(type));

  /** The one kind of action still possible (a field may mean one thing per kind). */
  const decidedType = () => {
    const types = new Set(decision.candidates().map((c) => c.action.type));
    return types.size === 1 ? [...types][0] : null;
  };

  /** A field's name; `field.<type>.<name>` when the action's kind words it its own way
   * (Conspiracy's "to" is a destination for a move, the one paid for a payoff). */
  /** @param {string} path @param {string | null} [type] */
  const fieldLabel = (path, type = decidedType()) => {
    const parts = path.split(".");
    const last = [...parts].reverse().find((p) => !/^\d+$/.test(p)) || path;
    const idx = parts.filter((p) => /^\d+$/.test(p)).map((n) => Number(n) + 1);
    const key = type && has(`field.${type}.${last}`) ? `field.${type}.${last}` : `field.${last}`;
    const base = has(key) ? t(key) : humanise(last);
    return idx.length ? `${base} #${idx.join(".")}` : base;
  };

  /** @param {string} path @param {Json} value @returns {string} */
  const valueLabel = (path, value) => {
    const custom = board.valueLabel?.(path, value, ctxBase());
    if (custom) return custom;
    if (path === "type") return typeLabel(value);
    if (value === undefined || value === null) return t("none");
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (/(^|\.)(seat|target_seat|player_seat)$/.test(path) && typeof value === "number") return seatName(doc, value);
    if (typeof value === "object") return JSON.stringify(value);
    return String(value);
  };

  /** @param {Json} action @returns {string} */
  const describeAction = (action) => {
    const custom = board.describeAction?.(action, ctxBase());
    if (custom) return custom;
    const rest = Object.entries(action).filter(([k]) => k !== "type")
      .map(([k, v]) => `${fieldLabel(k, action.type)}: ${Array.isArray(v) ? v.map((x) => valueLabel(k, x)).join(", ") : valueLabel(k, v)}`);
    return [typeLabel(action.type), ...rest].join(" · ");
  };

  /** One event in words for `reader` (null: third person); `sees` is whose view it was. */
  /** @param {GameEvent} ev @param {number | null} [reader] @param {number | null} [sees] @param {BoardCtx} [base] @returns {string | null} */
  const describeEvent = (ev, reader = doc?.you ?? null, sees = reader, base = ctxBase()) => {
    const ctx = { ...base, reader, sees };
    // The table's own events (clocks, absent players): the same words on every board.
    if (TABLE_EVENTS.has(ev.type)) {
      const d = ev.data || {};
      const who = typeof d.seat === "number" ? seatName(doc, d.seat, { you: false }) : d.name;
      // Second person only for the reader's own seat.
      const mine = typeof d.seat === "number" && reader !== null && d.seat === reader && has(`ev.${ev.type}.you`);
      return t(mine ? `ev.${ev.type}.you` : `ev.${ev.type}`, { ...d, name: d.name || who });
    }
    const custom = board.describeEvent?.(ev, ctx);
    if (custom) return custom;
    const d = ev.data || {};
    if (["joined", "bot_seated", "seat_emptied", "game_started", "rematch"].includes(ev.type)) {
      return t(`ev.${ev.type}`, { name: d.name, seat: (d.seat ?? 0) + 1 });
    }
    if (board !== generic) return null; // a game event its board does not word: not raw data
    const actor = ev.seat ?? (typeof d.seat === "number" ? d.seat : null);
    const details = Object.entries(d).filter(([k]) => k !== "seat")
      .map(([k, v]) => `${humanise(k).toLowerCase()} ${typeof v === "object" ? JSON.stringify(v) : v}`);
    const head = has(`ev.${ev.type}`) ? t(`ev.${ev.type}`, d) : humanise(ev.type);
    return `${actor !== null ? `${seatName(doc, actor, { you: false })}: ` : ""}${head}${details.length ? ` (${details.join(", ")})` : ""}`;
  };

  // -- choices ---------------------------------------------------------------------------

  const busy = () => sending || !!proposed || !!queued || reveal.active;

  /** Make a board element a clickable choice when `partial` agrees with a legal action. */
  /** @template {Element} E @param {E} el @param {Json} partial @param {string} [label] @returns {E} */
  function choice(el, partial, label) {
    if (busy()) return el;
    if (decision.fixed.size && decision.isFixed(partial)) { el.classList.add("selected"); return el; }
    const total = decision.candidates().length;
    const left = decision.candidates(partial).length;
    // Offer only what is legal and moves the decision on (a click that narrows nothing is noise).
    if (left === 0 || (left === total && total > 1)) return el;
    el.classList.add("choice");
    /** @type {HTMLElement} */ (/** @type {unknown} */ (el)).dataset.key = JSON.stringify(partial);
    return pressable(el, () => choose(partial), label);
  }

  /** @param {Json} partial */
  function choose(partial) {
    notice = null;
    const action = decision.fix(partial);
    if (action) propose(action); else render({ focusDecision: true });
  }

  /** @param {Json} pair */
  function choosePair(pair) {
    notice = null;
    const action = decision.fixPair(pair);
    if (action) propose(action); else render({ focusDecision: true });
  }

  /** The decision is complete: ask first (unless the player turned that off). */
  /** @param {Json} action */
  function propose(action) {
    if (pref("confirm")) { proposed = action; render({ focusDecision: true }); } else send(action);
  }

  /** @param {Json} action */
  function send(action) {
    if (!socket || !doc) return;
    proposed = null;
    if (conn !== "open") {
      queued = { action, version: doc.version };
      notice = t("offline.paused");
      render();
      return;
    }
    act(action);
    render();
  }

  /** @param {Json} action */
  function act(action) {
    sending = true;
    const doc = onScreen();
    inFlight = { action, version: doc.version, choices: choicesOf(doc), tries: 0, stale: false };
    socket.act(action, doc.version);
  }

  /** This seat's choices, to tell another seat's commit from one that changed ours. */
  const choicesOf = (/** @type {TableDoc | null} */ d) => (d && d.you !== null && d.you !== undefined ? JSON.stringify(d.legal_actions) : null);

  /**
   * A move refused as stale is sent again at the new version when the table moved on only
   * by other seats' commits that left this seat's choices as they were (bots deciding in a
   * simultaneous step); otherwise the player chooses again.
   */
  function retryStale() {
    if (!inFlight?.stale || !doc || doc.version <= inFlight.version) return;
    if (choicesOf(doc) === inFlight.choices && inFlight.tries < 3) {
      inFlight = { ...inFlight, version: doc.version, tries: inFlight.tries + 1, stale: false };
      socket.act(inFlight.action, doc.version);
      return;
    }
    inFlight = null;
    sending = false;
    decision.reset();
    notice = t("offline.stale");
  }

  /**
   * Our move committed: once the table has reached the version it made, the move is no
   * longer "sending" even when this seat's choices came back the same (the state frame
   * may arrive before or after the acknowledgement).
   */
  function settleAck() {
    if (acked === null || !doc || doc.version < acked) return;
    acked = null;
    if (!sending) return;
    sending = false;
    proposed = null;
    decision = new Decision(doc.legal_actions);
  }

  /** Back online: send the kept move if the table is still where it was chosen. */
  function flushQueued() {
    if (!queued || conn !== "open" || !doc) return;
    const q = queued;
    queued = null;
    if (doc.version === q.version) { notice = null; act(q.action); } else { notice = t("offline.stale"); decision.reset(); }
    render();
  }

  // -- socket ----------------------------------------------------------------------------

  /** @param {StateFrame} frame */
  function apply(frame) {
    const changed = !doc || doc.version !== frame.version;
    // The seat is ours again (a player back after timeouts takes it back): what was said
    // when it was taken is no longer true.
    if (seatNotice && frame.you !== null && frame.you !== undefined) { notice = null; seatNotice = false; }
    // Another seat's commit that leaves this seat's choices as they were (a bot deciding
    // in a simultaneous step) keeps what the player is building and a move in flight.
    const same = changed && !!doc && choicesOf(doc) !== null && choicesOf(doc) === choicesOf(frame);
    doc = frame;
    if (changed && !same) {
      if (inFlight?.stale) notice = t("offline.stale");
      decision = new Decision(frame.legal_actions);
      sending = false;
      proposed = null;
      inFlight = null;
    }
    retryStale();
    settleAck();
    if (frame.status === "finished" && frame.publish_log && fullLog === null) {
      fullLog = [];
      api.events(tableId, token, 0).then((all) => {
        fullLog = all.some((e) => "audience" in e) ? all : [];
        render();
      }, () => {});
    }
    flushQueued();
    // Focus moves to a new decision, but never out of a line being typed in the chat.
    const typing = !!document.activeElement?.closest?.("#chat");
    render({ focusDecision: changed && !typing && frame.you !== null && frame.to_act.includes(frame.you) && root.contains(document.activeElement) });
  }

  /** @param {number} from @param {GameEvent[]} newEvents */
  function sinceYouLeft(from, newEvents) {
    const mine = doc?.you ?? null;
    const lines = newEvents.filter((e) => e.version > from && e.seat !== mine && !(e.type === "returned" && e.data?.seat === mine)).map((e) => describeEvent(e)).filter(Boolean);
    if (!lines.length) return null;
    return lines.length > 8 ? [...lines.slice(-8), t("since.more", { n: lines.length - 8 })] : lines;
  }

  /** @param {StateFrame} frame @param {{resync?: boolean}} [info] */
  const onState = async (frame, info = {}) => {
    if (boardGame !== frame.game) {
      boardGame = frame.game;
      board = await loadBoard(frame.game);
    }
    if (disposed) return;
    const fresh = /** @type {GameEvent[]} */ (frame.events || []).filter((e) => e.version > lastEventVersion);
    // What happened since the page was up, said once to a screen reader (not the backlog
    // a page reads when it opens: the log has that).
    if (fresh.length && doc) announce(fresh);
    if (fresh.length) { events = events.concat(fresh); lastEventVersion = fresh[fresh.length - 1].version; }
    if (frame.you !== null && grant.token && grant.seat !== frame.you) saveGrant(tableId, { seat: frame.you });
    if (!doc) {
      apply(frame);
      if (seenAtLoad !== null && frame.version > seenAtLoad) { since = sinceYouLeft(seenAtLoad, fresh); render(); }
      return;
    }
    const base = held || doc;
    // "Since you left" is for someone who was away, not for a socket that reconnected
    // while the player sat at the table.
    if (info.resync && frame.version > base.version && awayFor() >= AWAY_SECONDS) since = sinceYouLeft(base.version, fresh) || since;
    const steps = frame.version !== base.version && pref("reveals") && !info.resync && !document.hidden
      ? (board.revealSteps?.(fresh, ctxFor(frame), events) || []) : [];
    if (steps.length || reveal.active) {
      held = frame;
      reveal.play(steps);
      render();
    } else {
      apply(frame);
    }
  };

  const addons = ADDONS.map((make) => make({
    tableId, grant, token, say: (text) => socket.say(text), rerender: () => render(),
    tools: { board: () => board, ctxFor, describeEvent, name: (s) => seatName(doc, s, { you: false }) },
  }));

  const socket = new TableSocket(tableId, token, {
    onState,
    onAck: (frame) => {
      inFlight = null;
      acked = frame.version;
      const wasSending = sending;
      settleAck();
      // Redraw only when the acknowledgement changed what shows: usually the new state
      // came first and is on screen, and rebuilding it would pull the board and the
      // decision from under the player's next click.
      if (sending !== wasSending) render();
    },
    onChat: (frame) => { for (const a of addons) a.onFrame?.(frame); },
    onPresence: (frame) => { for (const a of addons) a.onPresence?.(frame); },
    onError: (frame) => {
      if (addons.some((a) => a.onError?.(frame))) return;
      if (frame.code === "stale_version" && inFlight && frame.request_id !== undefined) {
        inFlight.stale = true;
        retryStale(); // now, or when the newer table arrives
        render();
        return;
      }
      sending = false;
      decision.reset();
      seatNotice = frame.code === "seat_revoked";
      if (frame.code === "unknown_table") fatal = t("table.unknown");
      else if (frame.code === "removed_from_table") { doc = null; fatal = t(`table.${frame.code}`); }
      else if (frame.code === "seat_held") { doc = null; fatal = t("table.seat_held"); if (!heldSeat) watchHeld(); }
      else if (frame.code === "missing_token" && !token) fatal = t("table.noSpectators");
      else if (socket?.fatal) fatal = problemText(frame);
      notice = problemText(frame);
      render();
    },
    onStatus: (status) => {
      if (status !== "open" && conn === "open") lostAt = performance.now();
      if (status === "open" && conn !== "open" && lostAt !== null) { away = (performance.now() - lostAt) / 1000; lostAt = null; }
      conn = status;
      renderStatus();
      if (status === "open") flushQueued();
    },
  });

  /**
   * While a bot holds this seat: the table from the seat (the server's held view, every
   * few seconds), why it is held, and the way to ask for it back. Once the host gives it
   * back (or the player, back after timeouts, took it), the page reloads into the seat.
   * @returns {Promise<void>}
   */
  async function watchHeld() {
    if (disposed) return;
    try {
      if (heldSeat) {
        // The public summary says when the seat is no longer held (asking the held view
        // then would only be refused).
        const summary = await api.table(tableId);
        const mine = summary.seats.find((/** @type {{seat: number}} */ s) => s.seat === heldSeat?.seat);
        if (mine?.held !== "host" && mine?.held !== "absent") { location.reload(); return; }
      }
      const held = await api.held(tableId, token);
      const d = held.document;
      if (boardGame !== d.game) { boardGame = d.game; board = await loadBoard(d.game); }
      if (disposed) return;
      if (!heldSeat) notice = null;  // the refusal that led here: the panel says it in words
      heldSeat = { seat: held.seat, hold: held.hold, asked: held.asked };
      events = d.events;
      lastEventVersion = events.length ? events[events.length - 1].version : -1;
      doc = d;
      decision = new Decision([]);
      fatal = null;
      render();
      heldTimer = setTimeout(watchHeld, 2000);
    } catch (err) {
      if (err instanceof ApiError && err.code === "not_held") { location.reload(); return; }
      if (err instanceof ApiError && err.code === "removed_from_table") {
        heldSeat = null; doc = null; fatal = t("table.removed_from_table"); render(); return;
      }
      heldTimer = setTimeout(watchHeld, 4000);  // offline for a moment: try again
    }
  }

  function heldPanel() {
    if (!heldSeat || !doc) return null;
    const s = doc.seats.find((x) => x.seat === heldSeat?.seat);
    const level = s?.bot_level ? t(`bot.${s.bot_level}`) : t("wait.bot");
    const ask = async () => {
      try { await api.askBack(tableId, token); if (heldSeat) heldSeat.asked = true; notice = null; }
      catch (err) { notice = problemText(err); }
      render();
    };
    return h("section", { class: "panel decide held", id: "held" },
      h("h2", { tabindex: "-1", id: "decision-h" }, t("held.title")),
      h("p", {}, t(heldSeat.hold === "host" ? "held.host" : "held.absent", { level })),
      h("p", { class: "muted" }, t("held.watch")),
      heldSeat.asked
        ? h("p", { id: "held-asked", role: "status" }, t("held.asked"))
        : h("button", { class: "button primary", type: "button", id: "ask-back", onclick: ask }, t("held.ask")),
      notice ? h("p", { class: "error", role: "alert", id: "notice" }, notice) : null);
  }

  // A polite live region outside the redrawn page: each batch of moves is read once, in
  // the page's language, as the log words it for this seat.
  const liveRegion = document.getElementById("announce") || document.body.appendChild(
    h("div", { id: "announce", class: "sr-only", "aria-live": "polite", "aria-atomic": "false" }));
  /** @param {GameEvent[]} batch */
  function announce(batch) {
    const lines = batch.map((e) => { try { return describeEvent(e); } catch { return null; } }).filter(Boolean);
    if (!lines.length) return;
    liveRegion.append(h("p", {}, lines.join(" · ")));
    while (liveRegion.childElementCount > 5) liveRegion.firstElementChild?.remove();
  }

  const onVisible = () => {
    if (!document.hidden && doc) saveGrant(tableId, { seen: doc.version });
  };
  document.addEventListener("visibilitychange", onVisible);

  window.spyhouse = {
    dropSocket: () => socket.drop(),
    silence: () => socket.silence(),
    act: (/** @type {Json} */ action) => send(action),
    version: () => doc?.version,
  };

  // -- rendering -------------------------------------------------------------------------

  const statusText = () => heldSeat ? t("held.status") : ({
    open: t("table.online"), connecting: t("table.connecting"), reconnecting: t("table.reconnecting"), fatal: "—",
  }[conn] || conn);

  function renderStatus() {
    const el = /** @type {HTMLElement | null} */ (root.querySelector("#conn"));
    if (el) { el.textContent = statusText(); el.dataset.conn = conn; }
    root.dataset.conn = conn;
  }

  const myTurn = () => !heldSeat && !!doc && doc.status === "playing" && doc.you !== null && doc.to_act.includes(doc.you);

  function turnBanner() {
    const doc = current();
    if (!doc) return null;
    if (doc.status === "waiting") return h("p", { class: "turn" }, t("wait.title"));
    if (doc.status === "finished") return h("p", { class: "turn over", id: "turn" }, t("table.gameOver"));
    const mine = myTurn() && !reveal.active;
    const others = doc.to_act.filter((s) => s !== doc.you).map((s) => seatName(doc, s));
    return h("p", { class: `turn${mine ? " mine" : ""}`, id: "turn", "aria-live": "polite" },
      mine ? h("strong", {}, t("table.yourTurn")) : null,
      mine && others.length ? " · " : null,
      others.length ? t("table.waitingFor", { who: others.join(", ") }) : null);
  }

  const hostCall = async (/** @type {() => Promise<unknown>} */ fn) => {
    try { await fn(); } catch (err) { notice = problemText(err); render(); }
  };

  function waitingRoom() {
    const doc = onScreen();
    const isHost = !!grant.host;
    const open = doc.seats.filter((s) => s.kind === "open");
    const inviteUrl = grant.inviteUrl || (grant.invite ? `/#/join/${grant.invite}` : null);
    const absolute = inviteUrl ? new URL(inviteUrl, location.href).href : null;
    const copyBtn = h("button", { class: "button", id: "copy-invite", type: "button", onclick: async (/** @type {On<HTMLButtonElement>} */ e) => {
      const btn = e.currentTarget; // the button on the page (a redraw keeps it, with this listener)
      try { await navigator.clipboard.writeText(/** @type {string} */ (absolute)); } catch {
        const input = /** @type {HTMLInputElement | null} */ (root.querySelector("#invite-url")); input?.select(); document.execCommand?.("copy");
      }
      btn.textContent = t("wait.copied");
    } }, t("wait.copy"));
    return h("section", { class: "panel waiting" },
      h("h2", {}, t("wait.title")),
      h("p", { class: "muted", id: "table-clock" }, clockText(doc.clock)),
      absolute ? h("div", { class: "invite" }, h("label", { for: "invite-url" }, t("wait.invite")),
        h("div", { class: "row" }, h("input", { id: "invite-url", readonly: true, value: absolute, onfocus: (/** @type {On} */ e) => e.target.select() }), copyBtn)) : null,
      h("ul", { class: "seats", id: "seats" }, doc.seats.map((s) => {
        // As in the Players panel: a long name ends in "…" on one line (the whole name in
        // its tooltip), and the host's controls move to a second line rather than squeeze it.
        const extras = /** @type {Element[]} */ (addons.map((a) => a.seat?.(s, ctxBase())).filter(Boolean));
        const tools = [
          isHost && s.kind === "bot" ? h("select", { class: "bot-level", "data-bot-level": s.seat, "aria-label": t("create.botLevel"), onchange: (/** @type {On<HTMLSelectElement>} */ e) => hostCall(() => api.bot(tableId, s.seat, grant.host, e.target.value)) },
            ["random", "heuristic", "search"].map((lv) => h("option", { value: lv, selected: lv === (s.bot_level || "random") }, t(`bot.${lv}`)))) : null,
          isHost && s.kind === "open" ? h("button", { class: "button small", type: "button", onclick: () => hostCall(() => api.bot(tableId, s.seat, grant.host)) }, t("wait.addBot")) : null,
          ...extras.filter((el) => el.tagName === "BUTTON"),
          isHost && s.kind !== "open" && s.seat !== doc.you ? h("button", { class: "button small ghost", type: "button", "data-remove": s.seat, onclick: () => hostCall(async () => {
            if (s.kind === "human" && !(await askFirst(t("confirm.remove", { name: seatName(doc, s.seat, { you: false }), n: s.seat + 1 })))) return;
            await api.emptySeat(tableId, s.seat, grant.host);
          }) }, t("wait.remove")) : null,
        ].filter(Boolean);
        const who = s.kind === "open"
          ? h("span", { class: "seat-who" }, h("em", { class: "seat-name", title: s.name || null }, s.name ? t("wait.reserved", { name: s.name }) : t("wait.open")))
          : h("span", { class: "seat-who" }, seatLabel(seatName(doc, s.seat)),
            s.kind === "bot" ? h("small", { class: "muted" }, ` · ${t("wait.bot")}`) : null,
            !isHost && s.kind === "bot" && s.bot_level ? h("small", { class: "muted" }, ` (${t(`bot.${s.bot_level}`)})`) : null,
            ...extras.filter((el) => el.tagName !== "BUTTON"));
        return h("li", { class: `seat ${s.kind}`, "data-seat": s.seat },
          h("span", { class: "seat-n" }, s.seat + 1), who,
          tools.length ? h("span", { class: "seat-tools" }, tools) : null);
      })),
      isHost
        ? h("div", { class: "row" },
            h("button", { class: "button primary", id: "start", type: "button", disabled: open.length > 0, onclick: () => hostCall(() => api.start(tableId, grant.host)) }, t("wait.start")),
            open.length ? h("button", { class: "button", id: "fill-start", type: "button", onclick: () => hostCall(async () => {
              for (const s of open) await api.bot(tableId, s.seat, grant.host);
              await api.start(tableId, grant.host);
            }) }, t("wait.fillStart")) : null)
        : h("p", { class: "muted" }, t("wait.hostOnly")));
  }

  function decisionPanel() {
    if (!doc || doc.status !== "playing") return null;
    if (heldSeat) return heldPanel();
    if (doc.you === null) return h("section", { class: "panel decide" }, h("p", { class: "muted" }, t("table.spectating")));
    /** @type {Element[]} */
    const parts = [h("h2", { tabindex: "-1", id: "decision-h" }, t("table.decide"))];
    const kind = doc.view?.prompt?.kind;
    // The engine's own prompt text is English: other languages use their own or none.
    const prompt = (kind && has(`prompt.${doc.game}.${kind}`) ? t(`prompt.${doc.game}.${kind}`, doc.view.prompt) : null)
      ?? (currentLang() === "en" ? doc.view?.prompt?.text : null) ?? null;
    if (reveal.active) {
      parts.push(h("p", { class: "muted" }, t("table.thinking")));
    } else if (decision.empty) {
      parts.push(h("p", { class: "muted" }, t("table.nothing")));
    } else if (proposed) {
      parts.push(confirmBar(describeAction(proposed), () => send(proposed), () => { proposed = null; decision.reset(); render({ focusDecision: true }); }));
    } else {
      if (prompt) parts.push(h("p", { class: "prompt" }, prompt));
      if (sending) parts.push(h("p", { class: "muted" }, t("table.sending")));
      if (queued) parts.push(h("p", { class: "muted", id: "queued" }, t("offline.paused")));
      if (decision.fixed.size) {
        const chosen = [...decision.fixed].map(([p, v]) => `${fieldLabel(p)}: ${valueLabel(p, flatValue(v))}`);
        parts.push(h("p", { class: "chosen" }, `${t("table.selected")}: ${chosen.join(" · ")} `,
          h("button", { class: "button small ghost", type: "button", id: "reset-choice", onclick: () => { decision.reset(); render({ focusDecision: true }); } }, t("table.back"))));
      }
      const next = decision.nextField();
      if (next && !busy()) {
        parts.push(h("p", { class: "field" }, t("table.choose", { field: fieldLabel(next.path).toLowerCase() })));
        parts.push(h("div", { class: "choices", role: "group" }, next.options.map((o) => {
          return h("button", { class: "button choice", type: "button", "data-key": JSON.stringify(o.constraint), onclick: () => choosePair(o.constraint) }, valueLabel(next.path, o.value));
        })));
      } else if (!next && !busy() && decision.candidates().length === 1) {
        const only = decision.candidates()[0].action;
        parts.push(h("button", { class: "button primary choice", type: "button", onclick: () => propose(only) }, describeAction(only)));
      }
      const cands = decision.candidates();
      if (!busy() && cands.length > 1) {
        parts.push(h("details", { class: "all-choices" }, h("summary", {}, t("table.allChoices", { n: cands.length })),
          h("ul", {}, cands.slice(0, 400).map((c) => h("li", {}, h("button", { class: "link", type: "button", onclick: () => propose(c.action) }, describeAction(c.action)))))));
      }
    }
    if (notice && !queued) parts.push(h("p", { class: "error", role: "alert", id: "notice" }, notice));
    // A named region: a screen reader finds the decision by its heading ("Your decision").
    return h("section", { class: `panel decide${myTurn() ? " mine" : ""}`, id: "decision", "aria-labelledby": "decision-h" }, parts);
  }

  function prefsPanel() {
    /** @param {"confirm" | "reveals" | "sound" | "notify"} key @param {string} label @param {() => Promise<boolean>} [extra] */
    const box = (key, label, extra) => h("label", { class: "check" },
      h("input", { type: "checkbox", id: `pref-${key}`, checked: !!pref(key), onchange: async (/** @type {On} */ e) => {
        let on = e.target.checked;
        if (on && extra) on = await extra();
        setPref(key, on);
        render();
      } }), label);
    return h("details", { class: "panel prefs", id: "prefs", open: showPrefs || null, ontoggle: (/** @type {On<HTMLDetailsElement>} */ e) => { showPrefs = e.target.open; } },
      h("summary", {}, t("prefs.title")),
      h("div", { class: "form" },
        box("confirm", t("prefs.confirm")), box("reveals", t("prefs.reveals")),
        box("sound", t("prefs.sound")), box("notify", t("prefs.notify"), askNotifications)));
  }

  function sincePanel() {
    if (!since) return null;
    return h("section", { class: "panel since", id: "since", role: "status" },
      h("h2", {}, t("since.title")),
      h("ul", {}, since.map((l) => h("li", {}, l))),
      h("button", { class: "button small", type: "button", id: "since-dismiss", onclick: () => { since = null; render(); } }, t("since.dismiss")));
  }

  function rematchInfo() {
    const ev = [...events].reverse().find((e) => e.type === "rematch");
    if (!ev) return null;
    const d = ev.data || {};
    const doc = onScreen();
    const me = doc.seats.find((s) => s.seat === doc.you)?.name;
    return {
      who: d.host_seat === null || d.host_seat === undefined ? t("over.host") : seatName(doc, d.host_seat, { you: false }),
      href: `#/join/${d.invite_code}`, mine: false,
      onClick: () => { if (me) saveName(me); }, // the kept seat waits for the same name
    };
  }

  function gameOver() {
    const doc = current();
    if (!doc?.outcome) return null;
    return gameOverPanel({
      doc, board, name: (/** @type {number} */ s) => seatName(doc, s), boardCtx: ctxBase(), isHost: !!grant.host,
      extra: addons.map((a) => a.endActions?.(ctxBase())),
      rematch: {
        busy: rematch.busy,
        invite: rematchInfo(),
        onClick: api.rematch ? () => hostCall(async () => {
          rematch.busy = true; render();
          try {
            const created = await api.rematch(tableId, grant.host, grant.token ? doc.you : null);
            saveGrant(created.table_id, {
              game: doc.game, seat: created.seat?.seat ?? 0, token: created.seat?.seat_token, host: created.host_token,
              invite: created.invite_code, inviteUrl: created.invite_url, name: grant.name,
            });
            location.hash = `#/table/${created.table_id}`;
          } finally { rematch.busy = false; }
        }) : null,
      },
    });
  }

  function playersPanel() {
    const doc = current();
    if (!doc || doc.status === "waiting") return null;
    return h("section", { class: "panel players" }, h("h2", {}, t("table.players")),
      h("ul", { class: "seats compact" }, doc.seats.map((s) => {
        // A long name ends in "…" on one line (the whole name in its tooltip); the host's
        // buttons keep their size and move to a second line rather than squeeze it.
        const extras = /** @type {Element[]} */ (addons.map((a) => a.seat?.(s, ctxBase())).filter(Boolean));
        const tools = extras.filter((el) => el.tagName === "BUTTON");
        // The host may hand an absent player's seat to a bot so the table never hangs (the
        // only place it is offered: beside the seat). Not their own: a bot holding it would
        // lock this page out (the seat's token is refused while held), with no way back.
        if (grant.host && doc.status === "playing" && s.kind === "human" && s.seat !== doc.you) {
          tools.push(h("button", { class: "button small ghost", type: "button", "data-replace": s.seat, onclick: () => hostCall(async () => {
            if (!(await askFirst(t("confirm.toBot", { name: seatName(doc, s.seat, { you: false }) })))) return;
            await api.bot(tableId, s.seat, grant.host);
          }) }, t("table.toBot")));
        }
        return h("li", { class: `seat ${doc.to_act.includes(s.seat) ? "acting" : ""}` },
          board.seatBadge?.(s.seat, ctxBase()) || h("span", { class: "seat-n" }, s.seat + 1),
          h("span", { class: "seat-who" },
            // A bot says how well it plays (a player's seat handed over is played at the
            // strongest level the table allows).
            seatLabel(seatName(doc, s.seat)), s.kind === "bot" ? h("small", { class: "muted", "data-bot-level": s.bot_level || "" }, ` · ${t("wait.bot")}${s.bot_level ? `: ${t(`bot.${s.bot_level}`)}` : ""}`) : null,
            ...extras.filter((el) => el.tagName !== "BUTTON")),
          tools.length ? h("span", { class: "seat-tools" }, tools) : null);
      })));
  }

  function boardView() {
    try {
      return board.render(ctxBase());
    } catch (err) {
      console.warn(`board failed to render; showing the generic board: ${/** @type {Error} */ (err)?.stack || err}`);
      const el = generic.render(ctxBase());
      /** @type {HTMLElement} */ (el).dataset.boardError = String(/** @type {Error} */ (err)?.message || err);
      return el;
    }
  }

  function logs() {
    const opts = { doc, board, name: (/** @type {number} */ s) => seatName(doc, s, { you: false }), describe: describeEvent };
    if (fullLog?.length) return logPanel(logGroups(fullLog, opts), t("table.fullLog"), "full-log");
    const shown = doc ? events.filter((e) => e.version <= onScreen().version) : events;
    return logPanel(logGroups(shown, opts), t("table.log"), "log");
  }

  /** @param {{focusDecision?: boolean}} [opts] */
  function render({ focusDecision = false } = {}) {
    if (disposed) return;
    const focusKey = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.key;
    const focusId = document.activeElement?.id;
    const hadFocus = root.contains(document.activeElement) && document.activeElement !== root;
    root.dataset.version = doc ? String(doc.version) : "";
    root.dataset.status = doc ? doc.status : "";
    root.dataset.sending = sending ? "1" : "";
    root.dataset.revealing = reveal.active ? "1" : "";
    if (doc && !document.hidden) saveGrant(tableId, { seen: doc.version });
    const title = doc?.title || "…";
    if (doc) showTurn(myTurn() && !reveal.active, title, t("table.yourTurn"));
    const head = h("header", { class: "table-head" },
      h("div", {}, h("h1", {}, title), doc?.view ? board.status?.(ctxBase()) || null : null),
      turnBanner(),
      h("div", { class: "head-side" },
        ...tableHooks.head.map((fn) => fn(ctxBase())),
        doc ? h("a", { href: `#/rules/${doc.game}`, class: "small-link" }, t("table.rules")) : null,
        h("span", { class: "conn", id: "conn", "data-conn": conn, role: "status" }, statusText())));
    let body;
    let over = null;
    let boardEl = null;
    if (fatal && !doc) body = h("section", { class: "panel narrow" }, h("p", { class: "error", role: "alert" }, fatal), h("a", { href: "#/" }, t("table.toLobby")));
    else if (!doc) body = h("p", { class: "muted" }, t("table.connecting"));
    else if ((over = addons.map((a) => a.takeover?.(ctxBase())).find(Boolean))) {
      body = h("div", { class: "table-grid finished replaying" },
        h("div", { class: "main-col" }, over.main),
        h("aside", { class: "side" }, over.side, ...addons.map((a) => a.side?.(ctxBase()))));
    } else if (doc.status === "waiting") body = h("div", { class: "table-grid" }, waitingRoom(), h("aside", {}, ...addons.map((a) => a.side?.(ctxBase())), logs()));
    else {
      boardEl = boardFrame("board", boardView(), () => render());
      const focus = reveal.current?.focus;
      if (focus) for (const el of boardEl.querySelectorAll(focus)) el.classList.add("revealing");
      body = h("div", { class: `table-grid${doc.status === "finished" ? " finished" : ""}` },
        h("div", { class: "main-col" },
          reveal.panel(),
          sincePanel(),
          boardEl,
          glossaryPanel(doc.game, board)),
        h("aside", { class: "side" },
          gameOver(),
          decisionPanel(),
          notice && doc.status !== "playing" ? h("p", { class: "error", role: "alert" }, notice) : null,
          knowledgePanel(board, ctxBase(), events.filter((e) => e.version <= onScreen().version)),
          playersPanel(),
          ...tableHooks.side.map((fn) => fn(ctxBase())),
          ...addons.map((a) => a.side?.(ctxBase())),
          logs(),
          prefsPanel()));
    }
    // In place: what the player was doing (scroll, focus, a draft, an opened panel) stays.
    const logAt = new Map([...root.querySelectorAll(".log-scroll")].map((el) => [el.closest("[id]")?.id, atBottom(el)]));
    patch(root, h("div", {}, h("div", { class: "table-page", "data-game": doc?.game || "" }, head, body)));
    // A log the player left at its newest line follows new lines; one scrolled back stays.
    for (const el of root.querySelectorAll(".log-scroll")) if (logAt.get(el.closest("[id]")?.id) ?? true) el.scrollTop = el.scrollHeight;
    restoreScroll(root);
    showTheEnd();
    if (boardEl && !reveal.active) highlighter.apply(root.querySelector("#board"), onScreen().version);
    renderStatus();
    const again = /** @type {HTMLElement | null | undefined | ""} */ (focusKey && [...root.querySelectorAll("[data-key]")].find((el) => /** @type {HTMLElement} */ (el).dataset.key === focusKey))
      || (focusId && document.getElementById(focusId));
    if (again && !focusDecision) again.focus({ preventScroll: true });
    else if (focusDecision || (hadFocus && !again)) {
      // Keyboard focus stays on the decision instead of jumping to the top of the page.
      const target = ["#confirm-send", "#decision .choices .button", "#decision .button.choice", "#decision-h"].map((q) => root.querySelector(q)).find(Boolean);
      if (target) /** @type {HTMLElement} */ (target).focus({ preventScroll: !matchMedia("(max-width: 700px)").matches });
    }
  }

  const atBottom = (/** @type {Element} */ el) => el.scrollHeight - el.scrollTop - el.clientHeight < 24;

  /** A game that ends while a phone watches: its result is scrolled into view once (the
   * page puts the scores above the board there), wherever the player had scrolled to. */
  function showTheEnd() {
    if (doc?.status === "playing") endSeen = "watched";
    if (doc?.status !== "finished" || endSeen !== "watched" || reveal.active) return;
    endSeen = "shown";
    const scores = root.querySelector("#scores");
    if (!scores || !matchMedia("(max-width: 700px)").matches) return;
    const top = scores.getBoundingClientRect().top;
    if (top < 0 || top > innerHeight / 2) scores.scrollIntoView({ block: "start" });
  }

  const off = onLangChange(() => render());
  const offPhone = onPhoneWidth(() => render());
  render();
  return () => {
    disposed = true;
    clearTimeout(heldTimer);
    liveRegion.remove();
    off();
    offPhone();
    for (const a of addons) a.dispose?.();
    reveal.stop();
    socket.close();
    resetTurn();
    document.removeEventListener("visibilitychange", onVisible);
    if (window.spyhouse?.dropSocket) delete window.spyhouse;
  };
}
