// The table page's state: one object, changed only by the named transitions below — a
// frame arrives, the player chooses, proposes and sends a move, the server acknowledges
// or refuses it, the connection drops or comes back, a bot holds the seat. A transition
// returns the commands the page must run (send a move, fetch the published log, watch a
// held seat); table.js runs them and draws with `render(state)`. Nothing here touches the
// DOM, the socket or the UI's words, so the move's life cycle — the part of the page most
// easily broken by a timing nobody tried — is unit-tested in node (tests/client/).
import { Decision } from "../decisions.js";
/** @import { TableDoc, StateFrame, GameEvent, Json } from "../types/client" */

/**
 * A message for the player: a UI string's key (worded in the language on screen when it
 * is drawn) or words already made (a refusal's own text).
 * @typedef {{key: string} | {text: string}} Note
 */

/**
 * What a transition asks the page to do:
 * `act`: send this move at this version on the socket;
 * `fetchLog`: the game ended with its log published — fetch every event;
 * `watchHeld`: a bot holds this seat — watch the table from it.
 * @typedef {{type: "act", action: Json, version: number} | {type: "fetchLog"} | {type: "watchHeld"}} Command
 */

/**
 * @typedef {object} InFlight  a move sent and not yet acknowledged
 * @property {Json} action
 * @property {number} version  the version it was sent at
 * @property {string | null} choices  this seat's legal actions then (see `choicesOf`)
 * @property {number} tries  how often it was sent again after a stale refusal
 * @property {boolean} stale  refused as stale: sent again, or dropped, once the newer table is here
 */

/**
 * @typedef {object} TableState
 * @property {TableDoc | null} doc  the document on screen
 * @property {StateFrame | null} pending  a newer document waiting while a reveal plays
 * @property {Decision} decision  the player's choice so far, among this seat's legal actions
 * @property {GameEvent[]} events  the log this page holds, oldest first
 * @property {number} lastEventVersion  the version of the newest event held
 * @property {GameEvent[] | null} fullLog  every seat's events, once a finished game published them
 * @property {Note | null} notice  a refusal or an offline notice, shown in the decision panel
 * @property {boolean} seatNotice  the notice says the seat changed hands
 * @property {Note | null} fatal  why this page cannot show the table
 * @property {string} conn  the socket's status: connecting, open, reconnecting, fatal
 * @property {number | null} lostAt  when the connection went (ms), while it is down
 * @property {number} away  how long the last outage lasted, in seconds
 * @property {boolean} sending  a move is on its way
 * @property {Json} proposed  the complete move waiting for Confirm
 * @property {{action: Json, version: number} | null} queued  a move kept while offline
 * @property {InFlight | null} inFlight
 * @property {number | null} acked  the version our acknowledged move made, until the table reaches it
 * @property {{seat: number, hold: string, asked: boolean} | null} heldSeat  while a bot holds our seat
 * @property {(string | null)[] | null} since  the "since you left" lines
 * @property {"watched" | "shown" | null} endSeen  "watched" once the game was seen in play, "shown" once its end was brought into view
 * @property {number | null} seenAtLoad  the version this browser last saw, when the page opened
 * @property {boolean} rematchBusy  a rematch is being created
 * @property {boolean} showPrefs  the settings panel is open
 */

/** @param {number | null} [seenAtLoad] @returns {TableState} */
export function initialState(seenAtLoad = null) {
  return {
    doc: null, pending: null, decision: new Decision([]), events: [], lastEventVersion: -1, fullLog: null,
    notice: null, seatNotice: false, fatal: null, conn: "connecting", lostAt: null, away: 0,
    sending: false, proposed: null, queued: null, inFlight: null, acked: null, heldSeat: null,
    since: null, endSeen: null, seenAtLoad, rematchBusy: false, showPrefs: false,
  };
}

/** This seat's choices, to tell another seat's commit from one that changed ours.
 * @param {TableDoc | null} d @returns {string | null} */
export const choicesOf = (d) => (d && d.you !== null && d.you !== undefined ? JSON.stringify(d.legal_actions) : null);

/** Seconds the player was out of touch: the last outage, or the current one.
 * @param {TableState} s @param {number} now performance.now() */
export const awayFor = (s, now) => (s.lostAt !== null ? (now - s.lostAt) / 1000 : s.away);

/** A move is being built, confirmed, sent or kept: the board offers no other click.
 * @param {TableState} s */
export const moving = (s) => s.sending || !!s.proposed || !!s.queued;

/** @param {TableState} s @param {Json} action @returns {Command[]} */
function act(s, action) {
  const doc = /** @type {TableDoc} */ (s.doc);
  s.sending = true;
  s.inFlight = { action, version: doc.version, choices: choicesOf(doc), tries: 0, stale: false };
  return [{ type: "act", action, version: doc.version }];
}

/**
 * A move refused as stale is sent again at the new version when the table moved on only
 * by other seats' commits that left this seat's choices as they were (bots deciding in a
 * simultaneous step); otherwise the player chooses again.
 * @param {TableState} s @returns {Command[]}
 */
function retryStale(s) {
  const f = s.inFlight;
  if (!f?.stale || !s.doc || s.doc.version <= f.version) return [];
  if (choicesOf(s.doc) === f.choices && f.tries < 3) {
    s.inFlight = { ...f, version: s.doc.version, tries: f.tries + 1, stale: false };
    return [{ type: "act", action: f.action, version: s.doc.version }];
  }
  s.inFlight = null;
  s.sending = false;
  s.decision.reset();
  s.notice = { key: "offline.stale" };
  return [];
}

/**
 * Our move committed: once the table has reached the version it made, the move is no
 * longer "sending" even when this seat's choices came back the same (the state frame
 * may arrive before or after the acknowledgement).
 * @param {TableState} s
 */
function settleAck(s) {
  if (s.acked === null || !s.doc || s.doc.version < s.acked) return;
  s.acked = null;
  if (!s.sending) return;
  s.sending = false;
  s.proposed = null;
  s.decision = new Decision(s.doc.legal_actions);
}

/** Back online: send the kept move if the table is still where it was chosen.
 * @param {TableState} s @returns {Command[]} */
function flushQueued(s) {
  if (!s.queued || s.conn !== "open" || !s.doc) return [];
  const q = s.queued;
  s.queued = null;
  if (s.doc.version === q.version) { s.notice = null; return act(s, q.action); }
  s.notice = { key: "offline.stale" };
  s.decision.reset();
  return [];
}

/**
 * New events from a frame: those newer than the newest held join the log.
 * @param {TableState} s @param {GameEvent[]} events @returns {GameEvent[]} the new ones
 */
export function received(s, events) {
  const fresh = events.filter((e) => e.version > s.lastEventVersion);
  if (fresh.length) { s.events = s.events.concat(fresh); s.lastEventVersion = fresh[fresh.length - 1].version; }
  return fresh;
}

/**
 * A document to show (a state frame, or the one a reveal held back). A new version
 * starts a new decision — unless only another seat committed and this seat's choices are
 * as they were (a bot deciding in a simultaneous step): then what the player is building
 * and a move in flight stay.
 * @param {TableState} s @param {StateFrame} next @returns {Command[]}
 */
export function frame(s, next) {
  const changed = !s.doc || s.doc.version !== next.version;
  // The seat is ours again (a player back after timeouts takes it back): what was said
  // when it was taken is no longer true.
  if (s.seatNotice && next.you !== null && next.you !== undefined) { s.notice = null; s.seatNotice = false; }
  const same = changed && !!s.doc && choicesOf(s.doc) !== null && choicesOf(s.doc) === choicesOf(next);
  s.doc = next;
  if (changed && !same) {
    if (s.inFlight?.stale) s.notice = { key: "offline.stale" };
    s.decision = new Decision(next.legal_actions);
    s.sending = false;
    s.proposed = null;
    s.inFlight = null;
  }
  /** @type {Command[]} */
  const out = retryStale(s);
  settleAck(s);
  if (next.status === "finished" && next.publish_log && s.fullLog === null) {
    s.fullLog = [];
    out.push({ type: "fetchLog" });
  }
  return out.concat(flushQueued(s));
}

/** A newer document arrived while a reveal plays: it waits for the reveal's end.
 * @param {TableState} s @param {StateFrame} next */
export function hold(s, next) {
  s.pending = next;
}

/** The reveal ended: the document it held back is shown.
 * @param {TableState} s @returns {Command[]} */
export function revealed(s) {
  const next = s.pending;
  if (!next) return [];
  s.pending = null;
  return frame(s, next);
}

/** The player fixed part of the move (a board click, a button).
 * @param {TableState} s @param {Json} partial @param {boolean} confirmFirst @param {boolean} [pair] a flattened pair, from the panel's buttons
 * @returns {Command[]} */
export function choose(s, partial, confirmFirst, pair = false) {
  s.notice = null;
  const action = pair ? s.decision.fixPair(partial) : s.decision.fix(partial);
  return action ? propose(s, action, confirmFirst) : [];
}

/** The decision is complete: ask first (unless the player turned that off).
 * @param {TableState} s @param {Json} action @param {boolean} confirmFirst @returns {Command[]} */
export function propose(s, action, confirmFirst) {
  if (confirmFirst) { s.proposed = action; return []; }
  return send(s, action);
}

/** The player sends a move: now, or kept until the connection is back.
 * @param {TableState} s @param {Json} action @returns {Command[]} */
export function send(s, action) {
  if (!s.doc) return [];
  s.proposed = null;
  if (s.conn !== "open") {
    s.queued = { action, version: s.doc.version };
    s.notice = { key: "offline.paused" };
    return [];
  }
  return act(s, action);
}

/** The player goes back: the move proposed (if any) and every choice so far are dropped.
 * @param {TableState} s */
export function back(s) {
  s.proposed = null;
  s.decision.reset();
}

/** The server committed our move at `version`.
 * @param {TableState} s @param {number} version */
export function ack(s, version) {
  s.inFlight = null;
  s.acked = version;
  settleAck(s);
}

/**
 * The server refused something, or cannot show this table.
 * @param {TableState} s @param {{code: string, request_id?: string | null}} problem
 * @param {{text: string, fatal: boolean, spectator: boolean}} how  the refusal in words; whether the socket gave up; whether this page has no token
 * @returns {Command[]}
 */
export function refused(s, problem, { text, fatal, spectator }) {
  if (problem.code === "stale_version" && s.inFlight && problem.request_id !== undefined) {
    s.inFlight.stale = true;
    return retryStale(s); // now, or when the newer table arrives
  }
  /** @type {Command[]} */
  const out = [];
  s.sending = false;
  s.decision.reset();
  s.seatNotice = problem.code === "seat_revoked";
  if (problem.code === "unknown_table") s.fatal = { key: "table.unknown" };
  else if (problem.code === "removed_from_table") { s.doc = null; s.fatal = { key: "table.removed_from_table" }; }
  else if (problem.code === "seat_held") {
    s.doc = null;
    s.fatal = { key: "table.seat_held" };
    if (!s.heldSeat) out.push({ type: "watchHeld" });
  } else if (problem.code === "missing_token" && spectator) s.fatal = { key: "table.noSpectators" };
  else if (fatal) s.fatal = { text };
  s.notice = { text };
  return out;
}

/**
 * The socket's status changed: an outage starts or ends (its length decides whether the
 * player was away), and a move kept while offline goes once the socket is open.
 * @param {TableState} s @param {string} status @param {number} now performance.now()
 * @returns {Command[]}
 */
export function connection(s, status, now) {
  if (status !== "open" && s.conn === "open") s.lostAt = now;
  if (status === "open" && s.conn !== "open" && s.lostAt !== null) { s.away = (now - s.lostAt) / 1000; s.lostAt = null; }
  s.conn = status;
  return status === "open" ? flushQueued(s) : [];
}

/**
 * The table from a held seat (the server's held view): why it is held, and the log the
 * seat may read. The refusal that led here is said in words by the held panel.
 * @param {TableState} s @param {{seat: number, hold: string, asked: boolean, document: TableDoc & {events: GameEvent[]}}} held
 */
export function watching(s, held) {
  if (!s.heldSeat) s.notice = null;
  s.heldSeat = { seat: held.seat, hold: held.hold, asked: held.asked };
  const d = held.document;
  s.events = d.events;
  s.lastEventVersion = s.events.length ? s.events[s.events.length - 1].version : -1;
  s.doc = d;
  s.decision = new Decision([]);
  s.fatal = null;
}

/** The host removed this player while the page watched their held seat.
 * @param {TableState} s */
export function removed(s) {
  s.heldSeat = null;
  s.doc = null;
  s.fatal = { key: "table.removed_from_table" };
}
