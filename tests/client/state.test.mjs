// The table page's transitions (static/js/table/state.js), run by node's test runner
// (`npm test`; tests/test_client_checks.py runs it with the suite). They hold the move's
// life cycle: choose, confirm, send, acknowledge, a stale refusal, going offline.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as T from "../../static/js/table/state.js";

/** A state frame for seat 0 at `version` with these legal actions. */
const frame = (version, legal, extra = {}) => ({
  type: "state", table_id: "t", game: "highcard", title: "T", status: "playing", version, you: 0,
  to_act: legal.length ? [0] : [1], seats: [], view: {}, options: {}, legal_actions: legal, outcome: null, events: [], ...extra,
});
const PLAY = [{ type: "play", card: 1 }, { type: "play", card: 2 }];

function online(legal = PLAY, version = 3) {
  const s = T.initialState();
  T.connection(s, "open", 0);
  assert.deepEqual(T.frame(s, frame(version, legal)), []);
  return s;
}

test("a complete choice with confirm on waits for Confirm, then sends at the version on screen", () => {
  const s = online();
  assert.deepEqual(T.choose(s, { card: 2 }, true), []);
  assert.deepEqual(s.proposed, { type: "play", card: 2 });
  assert.equal(s.sending, false);
  assert.deepEqual(T.send(s, s.proposed), [{ type: "act", action: { type: "play", card: 2 }, version: 3 }]);
  assert.equal(s.proposed, null);
  assert.equal(s.sending, true);
  assert.ok(T.moving(s));
});

test("an incomplete choice sends nothing; going back drops it", () => {
  const s = online([{ type: "play", card: 1, to: 0 }, { type: "play", card: 1, to: 1 }, { type: "pass" }]);
  assert.deepEqual(T.choose(s, { type: "play" }, false), []);
  assert.equal(s.decision.candidates().length, 2);
  T.back(s);
  assert.equal(s.decision.candidates().length, 3);
});

test("with confirm off a complete choice goes at once", () => {
  const s = online();
  assert.deepEqual(T.choose(s, { card: 1 }, false), [{ type: "act", action: { type: "play", card: 1 }, version: 3 }]);
});

test("an acknowledgement ends the sending once the table reached the move's version, in either order", () => {
  const first = online();
  T.send(first, PLAY[0]);
  T.ack(first, 4);
  assert.equal(first.sending, true, "the table is not at version 4 yet");
  T.frame(first, frame(4, []));
  assert.equal(first.sending, false);

  const later = online();
  T.send(later, PLAY[0]);
  T.frame(later, frame(4, PLAY)); // the same choices again: the frame alone keeps the move in flight
  assert.equal(later.sending, true);
  T.ack(later, 4);
  assert.equal(later.sending, false);
  assert.equal(later.inFlight, null);
});

test("a stale refusal is sent again at the new version while this seat's choices stay as they were", () => {
  const s = online();
  T.send(s, PLAY[1]);
  assert.deepEqual(T.refused(s, { code: "stale_version", request_id: "r" }, { text: "stale", fatal: false, spectator: false }), []);
  assert.deepEqual(T.frame(s, frame(5, PLAY)), [{ type: "act", action: PLAY[1], version: 5 }]);
  assert.equal(s.inFlight?.tries, 1);
  assert.equal(s.notice, null);
});

test("a stale refusal after this seat's choices changed drops the move and says why", () => {
  const s = online();
  T.send(s, PLAY[1]);
  T.refused(s, { code: "stale_version", request_id: "r" }, { text: "stale", fatal: false, spectator: false });
  assert.deepEqual(T.frame(s, frame(5, [{ type: "pass" }])), []);
  assert.equal(s.sending, false);
  assert.deepEqual(s.notice, { key: "offline.stale" });
});

test("a stale move is sent again at most three times", () => {
  const s = online();
  T.send(s, PLAY[0]);
  let sent = 0;
  for (let v = 4; v < 9; v++) {
    T.refused(s, { code: "stale_version", request_id: "r" }, { text: "", fatal: false, spectator: false });
    sent += T.frame(s, frame(v, PLAY)).length;
  }
  assert.equal(sent, 3);
  assert.equal(s.inFlight, null);
});

test("a move made offline is kept, and sent once the socket is back if the table did not move", () => {
  const s = online();
  T.connection(s, "reconnecting", 1000);
  assert.deepEqual(T.send(s, PLAY[0]), []);
  assert.deepEqual(s.queued, { action: PLAY[0], version: 3 });
  assert.deepEqual(s.notice, { key: "offline.paused" });
  assert.deepEqual(T.connection(s, "open", 3000), [{ type: "act", action: PLAY[0], version: 3 }]);
  assert.equal(s.queued, null);
  assert.equal(s.away, 2);
});

test("a move kept offline is dropped when the table moved on meanwhile", () => {
  const s = online();
  T.connection(s, "reconnecting", 0);
  T.send(s, PLAY[0]);
  T.frame(s, frame(4, PLAY));
  assert.deepEqual(T.connection(s, "open", 10), []);
  assert.deepEqual(s.notice, { key: "offline.stale" });
});

test("how long the player was away counts the outage still going", () => {
  const s = online();
  T.connection(s, "reconnecting", 1000);
  assert.equal(T.awayFor(s, 61000), 60);
});

test("another seat's commit that leaves this seat's choices keeps the choice being built", () => {
  const s = online([{ type: "play", card: 1, to: 0 }, { type: "play", card: 1, to: 1 }, { type: "pass" }]);
  T.choose(s, { type: "play" }, true);
  T.frame(s, frame(4, [{ type: "play", card: 1, to: 0 }, { type: "play", card: 1, to: 1 }, { type: "pass" }]));
  assert.equal(s.decision.fixed.size > 0, true);
  T.frame(s, frame(5, [{ type: "pass" }]));
  assert.equal(s.decision.fixed.size, 0);
});

test("a held seat: the socket's refusal asks to watch it; once back in the seat, the seat notice goes", () => {
  const s = online();
  assert.deepEqual(T.refused(s, { code: "seat_held" }, { text: "held", fatal: true, spectator: false }), [{ type: "watchHeld" }]);
  assert.equal(s.doc, null);
  assert.deepEqual(s.fatal, { key: "table.seat_held" });

  const r = online();
  T.refused(r, { code: "seat_revoked" }, { text: "Your seat changed hands", fatal: false, spectator: false });
  assert.deepEqual(r.notice, { text: "Your seat changed hands" });
  T.frame(r, frame(6, PLAY));
  assert.equal(r.notice, null);
});

test("a spectator refused for want of a token is told spectators are not allowed", () => {
  const s = T.initialState();
  T.refused(s, { code: "missing_token" }, { text: "x", fatal: true, spectator: true });
  assert.deepEqual(s.fatal, { key: "table.noSpectators" });
});

test("a finished game with a published log asks for it once; a reveal holds the next document back", () => {
  const s = online();
  const end = frame(9, [], { status: "finished", publish_log: true });
  T.hold(s, end);
  assert.equal(s.doc?.version, 3);
  assert.deepEqual(T.revealed(s), [{ type: "fetchLog" }]);
  assert.equal(s.doc?.version, 9);
  assert.deepEqual(T.frame(s, { ...end, version: 10 }), []);
});

test("new events join the log once", () => {
  const s = T.initialState();
  const ev = (version) => ({ version, type: "x", data: {}, seat: null });
  assert.equal(T.received(s, [ev(1), ev(2)]).length, 2);
  assert.deepEqual(T.received(s, [ev(2), ev(3)]).map((e) => e.version), [3]);
  assert.equal(s.events.length, 3);
});
