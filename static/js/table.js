// A table: the waiting room before the start, then the board, the decision panel,
// whose turn it is, the log in words and the end of the game. Everything arrives over
// the table's WebSocket; the page only ever holds this seat's own view.
//
// The page is one state object (table/state.js) changed by named transitions — a frame
// arrives, the player chooses, proposes, sends; the server acknowledges or refuses; the
// connection drops — and `render(state)`, which draws the page from it. Around the
// board: the pieces in table/ (log, highlight, reveal, confirm, attention, game over,
// knowledge, glossary, zoom) and the add-ons (clocks and host controls, chat, presence,
// replay), all plugged in one way: a factory in ADDONS handed an `AddonEnv`.
import { h, pressable, patch, Parts, atEnd } from "./dom.js";
import { t, has, onLangChange, extend, currentLang } from "./i18n.js";
import { api, ApiError } from "./api.js";
import { TableSocket } from "./socket.js";
import { flatValue } from "./decisions.js";
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
import { clockAddon } from "./table/clock.js";
import { clockText } from "./clocktext.js";
import { replayAddon } from "./table/replay.js";
import { boardFrame, restoreScroll, fittedToPhone, onPhoneWidth } from "./table/zoom.js";
import * as T from "./table/state.js";
import * as generic from "./boards/generic.js";
/** @import { TableDoc, StateFrame, Board, BoardCtx, GameEvent, Addon, AddonEnv, Json, On } from "./types/client" */
/** @import { TableState, Command, Note } from "./table/state.js" */

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

/**
 * The add-ons mounted with every table page, in the order their panels show: each
 * factory gets the table's `AddonEnv` and returns the hooks it uses (`Addon`: frames,
 * refusals, a head or side panel, a seat's extras, end-of-game actions, a takeover of
 * the page, disposal).
 * @type {((env: AddonEnv) => Addon)[]}
 */
const ADDONS = [clockAddon, chatAddon, presenceAddon, replayAddon];

/** A game's board, completed by the generic one where it draws or words nothing.
 * @param {string} game @returns {Promise<Board>} */
async function loadBoard(game) {
  if (!BOARDS.has(game)) return generic.board;
  try {
    const mod = await import(`./boards/${game}.js`);
    if (mod.strings) extend(mod.strings);
    return generic.complete(mod);
  } catch (err) {
    console.warn("board module failed to load; using the generic board", err);
    return generic.board;
  }
}

/** A note in the language on screen. @param {Note | null} n */
const noteText = (n) => (n === null ? null : "key" in n ? t(n.key) : n.text);

/** @param {HTMLElement} root @param {string} tableId */
export function mountTable(root, tableId) {
  /** @type {import("./storage.js").Grant} */
  const grant = tableGrant(tableId) || {};
  const token = grant.token || grant.host || null;
  /** The page's one state: changed only through the transitions in table/state.js. */
  const state = T.initialState(grant.seen ?? null);
  /** @type {Board} */
  let board = generic.board;
  /** @type {string | null} */
  let boardGame = null;
  let heldTimer = 0;
  let disposed = false;
  const highlighter = new Highlighter();
  const reveal = new RevealPlayer(() => {
    if (reveal.active || !state.pending) { render(); return; }
    const changed = state.doc?.version !== state.pending.version;
    run(T.revealed(state));
    afterFrame(changed);
  });

  /** Run what a transition asked for. @param {Command[]} commands */
  function run(commands) {
    for (const c of commands) {
      if (c.type === "act") socket.act(c.action, c.version);
      else if (c.type === "fetchLog") {
        api.events(tableId, token, 0).then((all) => {
          state.fullLog = all.some((e) => "audience" in e) ? all : [];
          render();
        }, () => {});
      } else if (c.type === "watchHeld") watchHeld();
    }
  }

  /** The board module for a game, loaded once. @param {string} game */
  async function boardFor(game) {
    if (boardGame !== game) { boardGame = game; board = await loadBoard(game); }
  }

  // -- names, labels, descriptions -------------------------------------------------------

  /** @param {TableDoc | null} d @returns {BoardCtx} */
  const ctxFor = (d) => ({
    doc: d, view: d?.view, you: d?.you, t, decision: state.decision, reader: d?.you ?? null, sees: d?.you ?? null,
    name: (seat, opts) => seatName(d, seat, opts), events: state.events,
    choice, choose, selected: (partial) => state.decision.fixed.size > 0 && state.decision.isFixed(partial),
    small: fittedToPhone(),
  });
  const ctxBase = () => ctxFor(state.doc);

  /** A field of the decision being built. @param {string} path */
  const fieldLabel = (path) => generic.fieldLabel(path, generic.decidedType(state.decision));
  /** @param {string} path @param {Json} value @returns {string} */
  const valueLabel = (path, value) => board.valueLabel(path, value, ctxBase()) || generic.valueLabel(path, value, ctxBase());
  /** @param {Json} action @returns {string} */
  const describeAction = (action) => board.describeAction(action, ctxBase()) || generic.describeAction(action, ctxBase());

  /** One event in words for `reader` (null: third person); `sees` is whose view it was. */
  /** @param {GameEvent} ev @param {number | null} [reader] @param {number | null} [sees] @param {BoardCtx} [base] @returns {string | null} */
  const describeEvent = (ev, reader = state.doc?.you ?? null, sees = reader, base = ctxBase()) => {
    const ctx = { ...base, reader, sees };
    // The table's own events (clocks, absent players): the same words on every board.
    if (TABLE_EVENTS.has(ev.type)) {
      const d = ev.data || {};
      const who = typeof d.seat === "number" ? seatName(state.doc, d.seat, { you: false }) : d.name;
      // Second person only for the reader's own seat.
      const mine = typeof d.seat === "number" && reader !== null && d.seat === reader && has(`ev.${ev.type}.you`);
      return t(mine ? `ev.${ev.type}.you` : `ev.${ev.type}`, { ...d, name: d.name || who });
    }
    return board.describeEvent(ev, ctx) || null;
  };

  // -- choices ---------------------------------------------------------------------------

  /** A move is being built, confirmed, sent, kept, or a reveal plays: no other click. */
  const busy = () => T.moving(state) || reveal.active;

  /** Make a board element a clickable choice when `partial` agrees with a legal action. */
  /** @template {Element} E @param {E} el @param {Json} partial @param {string} [label] @returns {E} */
  function choice(el, partial, label) {
    if (busy()) return el;
    const decision = state.decision;
    if (decision.fixed.size && decision.isFixed(partial)) { el.classList.add("selected"); return el; }
    const total = decision.candidates().length;
    const left = decision.candidates(partial).length;
    // Offer only what is legal and moves the decision on (a click that narrows nothing is noise).
    if (left === 0 || (left === total && total > 1)) return el;
    el.classList.add("choice");
    /** @type {HTMLElement} */ (/** @type {unknown} */ (el)).dataset.key = JSON.stringify(partial);
    return pressable(el, () => choose(partial), label);
  }

  /**
   * After the player's step: focus stays on the decision while it is still being built
   * or waits for Confirm, not once the move went (or was kept while offline).
   * @param {Command[]} commands
   */
  function stepped(commands) {
    run(commands);
    render({ focusDecision: !state.sending && !state.queued });
  }

  /** @param {Json} partial */
  const choose = (partial) => stepped(T.choose(state, partial, !!pref("confirm")));
  /** @param {Json} pair */
  const choosePair = (pair) => stepped(T.choose(state, pair, !!pref("confirm"), true));
  /** @param {Json} action */
  const propose = (action) => stepped(T.propose(state, action, !!pref("confirm")));
  /** @param {Json} action */
  const send = (action) => { run(T.send(state, action)); render(); };
  const back = () => { T.back(state); render({ focusDecision: true }); };

  // -- socket ----------------------------------------------------------------------------

  /**
   * Draw a document just shown; focus moves to a new decision, but never out of a line
   * being typed in the chat.
   * @param {boolean} changed the version on screen changed
   */
  function afterFrame(changed) {
    const doc = /** @type {TableDoc} */ (state.doc);
    const typing = !!document.activeElement?.closest?.("#chat");
    render({ focusDecision: changed && !typing && doc.you !== null && doc.to_act.includes(doc.you) && root.contains(document.activeElement) });
  }

  /** @param {StateFrame} frame */
  function show(frame) {
    const changed = !state.doc || state.doc.version !== frame.version;
    run(T.frame(state, frame));
    afterFrame(changed);
  }

  /** @param {number} from @param {GameEvent[]} newEvents */
  function sinceYouLeft(from, newEvents) {
    const mine = state.doc?.you ?? null;
    const lines = newEvents.filter((e) => e.version > from && e.seat !== mine && !(e.type === "returned" && e.data?.seat === mine)).map((e) => describeEvent(e)).filter(Boolean);
    if (!lines.length) return null;
    return lines.length > 8 ? [...lines.slice(-8), t("since.more", { n: lines.length - 8 })] : lines;
  }

  /** @param {StateFrame} frame @param {{resync?: boolean}} [info] */
  const onState = async (frame, info = {}) => {
    await boardFor(frame.game);
    if (disposed) return;
    const hadDoc = !!state.doc;
    const fresh = T.received(state, /** @type {GameEvent[]} */ (frame.events || []));
    // What happened since the page was up, said once to a screen reader (not the backlog
    // a page reads when it opens: the log has that).
    if (fresh.length && hadDoc) announce(fresh);
    if (frame.you !== null && grant.token && grant.seat !== frame.you) saveGrant(tableId, { seat: frame.you });
    if (!hadDoc) {
      show(frame);
      if (state.seenAtLoad !== null && frame.version > state.seenAtLoad) { state.since = sinceYouLeft(state.seenAtLoad, fresh); render(); }
      return;
    }
    const base = /** @type {TableDoc} */ (state.pending || state.doc);
    // "Since you left" is for someone who was away, not for a socket that reconnected
    // while the player sat at the table.
    if (info.resync && frame.version > base.version && T.awayFor(state, performance.now()) >= AWAY_SECONDS) state.since = sinceYouLeft(base.version, fresh) || state.since;
    const steps = frame.version !== base.version && pref("reveals") && !info.resync && !document.hidden
      ? board.revealSteps(fresh, ctxFor(frame), state.events) : [];
    if (steps.length || reveal.active) {
      T.hold(state, frame);
      reveal.play(steps);
      render();
    } else {
      show(frame);
    }
  };

  const addons = ADDONS.map((make) => make({
    tableId, grant, token, say: (text) => socket.say(text), rerender: () => render(),
    tools: { board: () => board, ctxFor, describeEvent, name: (s) => seatName(state.doc, s, { you: false }) },
  }));

  const socket = new TableSocket(tableId, token, {
    onState,
    onAck: (frame) => {
      const wasSending = state.sending;
      T.ack(state, frame.version);
      // Redraw only when the acknowledgement changed what shows: usually the new state
      // came first and is on screen, and rebuilding it would pull the board and the
      // decision from under the player's next click.
      if (state.sending !== wasSending) render();
    },
    onChat: (frame) => { for (const a of addons) a.onFrame?.(frame); },
    onPresence: (frame) => { for (const a of addons) a.onPresence?.(frame); },
    onError: (frame) => {
      if (addons.some((a) => a.onError?.(frame))) return;
      run(T.refused(state, frame, { text: problemText(frame), fatal: !!socket?.fatal, spectator: !token }));
      render();
    },
    onStatus: (status) => {
      const kept = !!state.queued;
      run(T.connection(state, status, performance.now()));
      renderStatus();
      if (kept && !state.queued) render();
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
      const seat = state.heldSeat?.seat;
      if (seat !== undefined) {
        // The public summary says when the seat is no longer held (asking the held view
        // then would only be refused).
        const summary = await api.table(tableId);
        const mine = summary.seats.find((/** @type {{seat: number}} */ s) => s.seat === seat);
        if (mine?.held !== "host" && mine?.held !== "absent") { location.reload(); return; }
      }
      const held = await api.held(tableId, token);
      await boardFor(held.document.game);
      if (disposed) return;
      T.watching(state, held);
      render();
      heldTimer = setTimeout(watchHeld, 2000);
    } catch (err) {
      if (err instanceof ApiError && err.code === "not_held") { location.reload(); return; }
      if (err instanceof ApiError && err.code === "removed_from_table") { T.removed(state); render(); return; }
      heldTimer = setTimeout(watchHeld, 4000);  // offline for a moment: try again
    }
  }

  function heldPanel() {
    const heldSeat = state.heldSeat;
    const doc = state.doc;
    if (!heldSeat || !doc) return null;
    const s = doc.seats.find((x) => x.seat === heldSeat.seat);
    const level = s?.bot_level ? t(`bot.${s.bot_level}`) : t("wait.bot");
    const ask = async () => {
      try { await api.askBack(tableId, token); if (state.heldSeat) state.heldSeat.asked = true; state.notice = null; }
      catch (err) { state.notice = { text: problemText(err) }; }
      render();
    };
    const notice = noteText(state.notice);
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
    if (!document.hidden && state.doc) saveGrant(tableId, { seen: state.doc.version });
  };
  document.addEventListener("visibilitychange", onVisible);

  window.spyhouse = {
    dropSocket: () => socket.drop(),
    silence: () => socket.silence(),
    act: (/** @type {Json} */ action) => send(action),
    version: () => state.doc?.version,
  };

  // -- rendering: everything below draws from the state it is handed ---------------------

  /** @param {TableState} s */
  const statusText = (s) => s.heldSeat ? t("held.status") : ({
    open: t("table.online"), connecting: t("table.connecting"), reconnecting: t("table.reconnecting"), fatal: "—",
  }[s.conn] || s.conn);

  /** The connection line alone (a status change redraws nothing else). */
  function renderStatus() {
    const el = /** @type {HTMLElement | null} */ (root.querySelector("#conn"));
    if (el) { el.textContent = statusText(state); el.dataset.conn = state.conn; }
    root.dataset.conn = state.conn;
  }

  /** @param {TableState} s */
  const myTurn = (s) => !s.heldSeat && !!s.doc && s.doc.status === "playing" && s.doc.you !== null && s.doc.to_act.includes(s.doc.you);

  /** @param {TableState} s */
  function turnBanner(s) {
    const doc = s.doc;
    if (!doc) return null;
    if (doc.status === "waiting") return h("p", { class: "turn" }, t("wait.title"));
    if (doc.status === "finished") return h("p", { class: "turn over", id: "turn" }, t("table.gameOver"));
    const mine = myTurn(s) && !reveal.active;
    const others = doc.to_act.filter((x) => x !== doc.you).map((x) => seatName(doc, x));
    return h("p", { class: `turn${mine ? " mine" : ""}`, id: "turn", "aria-live": "polite" },
      mine ? h("strong", {}, t("table.yourTurn")) : null,
      mine && others.length ? " · " : null,
      others.length ? t("table.waitingFor", { who: others.join(", ") }) : null);
  }

  const hostCall = async (/** @type {() => Promise<unknown>} */ fn) => {
    try { await fn(); } catch (err) { state.notice = { text: problemText(err) }; render(); }
  };

  /** @param {TableDoc} doc */
  function waitingRoom(doc) {
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

  /** @param {TableState} s */
  function decisionPanel(s) {
    const { doc, decision, proposed } = s;
    if (doc?.status !== "playing") return null;
    if (s.heldSeat) return heldPanel();
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
      parts.push(confirmBar(describeAction(proposed), () => send(proposed), back));
    } else {
      if (prompt) parts.push(h("p", { class: "prompt" }, prompt));
      if (s.sending) parts.push(h("p", { class: "muted" }, t("table.sending")));
      if (s.queued) parts.push(h("p", { class: "muted", id: "queued" }, t("offline.paused")));
      if (decision.fixed.size) {
        const chosen = [...decision.fixed].map(([p, v]) => `${fieldLabel(p)}: ${valueLabel(p, flatValue(v))}`);
        parts.push(h("p", { class: "chosen" }, `${t("table.selected")}: ${chosen.join(" · ")} `,
          h("button", { class: "button small ghost", type: "button", id: "reset-choice", onclick: back }, t("table.back"))));
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
    const notice = noteText(s.notice);
    if (notice && !s.queued) parts.push(h("p", { class: "error", role: "alert", id: "notice" }, notice));
    // A named region: a screen reader finds the decision by its heading ("Your decision").
    return h("section", { class: `panel decide${myTurn(s) ? " mine" : ""}`, id: "decision", "aria-labelledby": "decision-h" }, parts);
  }

  /** @param {TableState} s */
  function prefsPanel(s) {
    /** @param {"confirm" | "reveals" | "sound" | "notify"} key @param {string} label @param {() => Promise<boolean>} [extra] */
    const box = (key, label, extra) => h("label", { class: "check" },
      h("input", { type: "checkbox", id: `pref-${key}`, checked: !!pref(key), onchange: async (/** @type {On} */ e) => {
        let on = e.target.checked;
        if (on && extra) on = await extra();
        setPref(key, on);
        render();
      } }), label);
    return h("details", { class: "panel prefs", id: "prefs", open: s.showPrefs || null, ontoggle: (/** @type {On<HTMLDetailsElement>} */ e) => { state.showPrefs = e.target.open; } },
      h("summary", {}, t("prefs.title")),
      h("div", { class: "form" },
        box("confirm", t("prefs.confirm")), box("reveals", t("prefs.reveals")),
        box("sound", t("prefs.sound")), box("notify", t("prefs.notify"), askNotifications)));
  }

  /** @param {TableState} s */
  function sincePanel(s) {
    if (!s.since) return null;
    return h("section", { class: "panel since", id: "since", role: "status" },
      h("h2", {}, t("since.title")),
      h("ul", {}, s.since.map((l) => h("li", {}, l))),
      h("button", { class: "button small", type: "button", id: "since-dismiss", onclick: () => { state.since = null; render(); } }, t("since.dismiss")));
  }

  /** @param {TableState} s @param {TableDoc} doc */
  function rematchInfo(s, doc) {
    const ev = [...s.events].reverse().find((e) => e.type === "rematch");
    if (!ev) return null;
    const d = ev.data || {};
    const me = doc.seats.find((x) => x.seat === doc.you)?.name;
    return {
      who: d.host_seat === null || d.host_seat === undefined ? t("over.host") : seatName(doc, d.host_seat, { you: false }),
      href: `#/join/${d.invite_code}`, mine: false,
      onClick: () => { if (me) saveName(me); }, // the kept seat waits for the same name
    };
  }

  /** @param {TableState} s */
  function gameOver(s) {
    const doc = s.doc;
    if (!doc?.outcome) return null;
    return gameOverPanel({
      doc, board, name: (/** @type {number} */ x) => seatName(doc, x), boardCtx: ctxBase(), isHost: !!grant.host,
      extra: addons.map((a) => a.endActions?.(ctxBase())),
      rematch: {
        busy: s.rematchBusy,
        invite: rematchInfo(s, doc),
        onClick: api.rematch ? () => hostCall(async () => {
          state.rematchBusy = true; render();
          try {
            const created = await api.rematch(tableId, grant.host, grant.token ? doc.you : null);
            saveGrant(created.table_id, {
              game: doc.game, seat: created.seat?.seat ?? 0, token: created.seat?.seat_token, host: created.host_token,
              invite: created.invite_code, inviteUrl: created.invite_url, name: grant.name,
            });
            location.hash = `#/table/${created.table_id}`;
          } finally { state.rematchBusy = false; }
        }) : null,
      },
    });
  }

  /** @param {TableState} st */
  function playersPanel(st) {
    const doc = st.doc;
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
          board.seatBadge(s.seat, ctxBase()),
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

  /** The events up to the version on screen (a newer document may wait for a reveal).
   * @param {TableState} s */
  const shownEvents = (s) => (s.doc ? s.events.filter((e) => e.version <= /** @type {TableDoc} */ (s.doc).version) : s.events);

  /** Parts of the page drawn once and kept while unchanged (the log's groups, the glossary). */
  const parts = new Parts();
  /** Whether a log follows its newest line (by id): noted as the player scrolls, so that a
   * redraw need not ask the browser for the page's layout to know. */
  const following = new Map();
  /** The lines each log showed at the last redraw (by id): it scrolls only when they change. */
  const logLines = new Map();
  /** @param {HTMLElement} box */
  const onLogScroll = (box) => {
    const id = box.closest("[id]")?.id;
    if (box.isConnected && id) following.set(id, atEnd(box));
  };

  /** @param {TableState} s */
  function logs(s) {
    const doc = s.doc;
    const opts = { doc, board, name: (/** @type {number} */ x) => seatName(doc, x, { you: false }), describe: describeEvent };
    const [groups, title, id] = s.fullLog?.length
      ? [logGroups(s.fullLog, opts), t("table.fullLog"), "full-log"]
      : [logGroups(shownEvents(s), opts), t("table.log"), "log"];
    const last = groups.at(-1)?.lines.at(-1);
    logLines.set(id, { now: `${currentLang()}:${groups.length}:${last?.version}:${last?.text}`, before: logLines.get(id)?.now });
    return logPanel(groups, title, id, { parts, onScroll: onLogScroll });
  }

  /** Redraw the page from the state. @param {{focusDecision?: boolean}} [opts] */
  const render = (opts) => draw(state, opts);

  /**
   * The page for a state, patched in place over what is on screen.
   * @param {TableState} s @param {{focusDecision?: boolean}} [opts]
   */
  function draw(s, { focusDecision = false } = {}) {
    if (disposed) return;
    const doc = s.doc;
    const focusKey = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.key;
    const focusId = document.activeElement?.id;
    const hadFocus = root.contains(document.activeElement) && document.activeElement !== root;
    root.dataset.version = doc ? String(doc.version) : "";
    root.dataset.status = doc ? doc.status : "";
    root.dataset.sending = s.sending ? "1" : "";
    root.dataset.revealing = reveal.active ? "1" : "";
    if (doc && !document.hidden) saveGrant(tableId, { seen: doc.version });
    const title = doc?.title || "…";
    if (doc) showTurn(myTurn(s) && !reveal.active, title, t("table.yourTurn"));
    const head = h("header", { class: "table-head" },
      h("div", {}, h("h1", {}, title), doc?.view ? board.status(ctxBase()) || null : null),
      turnBanner(s),
      h("div", { class: "head-side" },
        ...addons.map((a) => a.head?.(ctxBase())),
        doc ? h("a", { href: `#/rules/${doc.game}`, class: "small-link" }, t("table.rules")) : null,
        h("span", { class: "conn", id: "conn", "data-conn": s.conn, role: "status" }, statusText(s))));
    let body;
    let over = null;
    let boardEl = null;
    const fatal = noteText(s.fatal);
    const notice = noteText(s.notice);
    if (fatal && !doc) body = h("section", { class: "panel narrow" }, h("p", { class: "error", role: "alert" }, fatal), h("a", { href: "#/" }, t("table.toLobby")));
    else if (!doc) body = h("p", { class: "muted" }, t("table.connecting"));
    else if ((over = addons.map((a) => a.takeover?.(ctxBase())).find(Boolean))) {
      body = h("div", { class: "table-grid finished replaying" },
        h("div", { class: "main-col" }, over.main),
        h("aside", { class: "side" }, over.side, ...addons.map((a) => a.side?.(ctxBase()))));
    } else if (doc.status === "waiting") body = h("div", { class: "table-grid" }, waitingRoom(doc), h("aside", {}, ...addons.map((a) => a.side?.(ctxBase())), logs(s)));
    else {
      boardEl = boardFrame("board", boardView(), () => render());
      const focus = reveal.current?.focus;
      if (focus) for (const el of boardEl.querySelectorAll(focus)) el.classList.add("revealing");
      body = h("div", { class: `table-grid${doc.status === "finished" ? " finished" : ""}` },
        h("div", { class: "main-col" },
          reveal.panel(),
          sincePanel(s),
          boardEl,
          glossaryPanel(doc.game, board, parts)),
        h("aside", { class: "side" },
          gameOver(s),
          decisionPanel(s),
          notice && doc.status !== "playing" ? h("p", { class: "error", role: "alert" }, notice) : null,
          knowledgePanel(board, ctxBase(), shownEvents(s)),
          playersPanel(s),
          ...addons.map((a) => a.side?.(ctxBase())),
          logs(s),
          prefsPanel(s)));
    }
    // In place: what the player was doing (scroll, focus, a draft, an opened panel) stays.
    patch(root, h("div", {}, h("div", { class: "table-page", "data-game": doc?.game || "" }, head, body)));
    // A log the player left at its newest line follows new lines; one scrolled back stays.
    for (const el of root.querySelectorAll(".log-scroll")) {
      const id = el.closest("[id]")?.id;
      const lines = logLines.get(id);
      if (lines && lines.now !== lines.before && (following.get(id) ?? true)) el.scrollTop = el.scrollHeight;
    }
    restoreScroll(root);
    showTheEnd(s);
    if (boardEl && doc && !reveal.active) highlighter.apply(root.querySelector("#board"), doc.version);
    renderStatus();
    const again = /** @type {HTMLElement | null | undefined | ""} */ (focusKey && [...root.querySelectorAll("[data-key]")].find((el) => /** @type {HTMLElement} */ (el).dataset.key === focusKey))
      || (focusId && document.getElementById(focusId));
    // Focus is asked for only where it moves: the page is patched in place, so the element
    // that had it usually still has it, and asking again makes the browser lay the page out.
    if (again && !focusDecision) { if (again !== document.activeElement) again.focus({ preventScroll: true }); }
    else if (focusDecision || (hadFocus && !again)) {
      // Keyboard focus stays on the decision instead of jumping to the top of the page.
      const target = ["#confirm-send", "#decision .choices .button", "#decision .button.choice", "#decision-h"].map((q) => root.querySelector(q)).find(Boolean);
      if (target && target !== document.activeElement) /** @type {HTMLElement} */ (target).focus({ preventScroll: !matchMedia("(max-width: 700px)").matches });
    }
  }

  /** A game that ends while a phone watches: its result is scrolled into view once (the
   * page puts the scores above the board there), wherever the player had scrolled to.
   * @param {TableState} s */
  function showTheEnd(s) {
    if (s.doc?.status === "playing") s.endSeen = "watched";
    if (s.doc?.status !== "finished" || s.endSeen !== "watched" || reveal.active) return;
    s.endSeen = "shown";
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
