// Words a board writes in the log, run by node's test runner (`npm test`) with the page's
// language set to Spanish before the board module loads (i18n reads navigator once).
import { test } from "node:test";
import assert from "node:assert/strict";

Object.defineProperty(globalThis, "navigator", { value: { languages: ["es-ES"] }, configurable: true });
// The little of a page that i18n.js touches as it loads.
Object.assign(globalThis, { window: globalThis, document: { documentElement: {} } });
const { describeEvent } = await import("../../static/js/boards/conspiracy.js");

/** The board's context for seat 0 reading its own log. */
const ctx = /** @type {any} */ ({
  you: 0, reader: 0, sees: 0,
  name: (/** @type {number} */ seat) => ["Ana", "Bea", "Ciro"][seat],
  t: (/** @type {string} */ key) => key,
});

test("Spanish gives Dr. Solomon his article where a payoff names him", () => {
  assert.equal(
    describeEvent({ type: "you_paid", seat: 0, data: { to: "Dr. Solomon", amount: 2 } }, ctx),
    "Pagaste 2 al Dr. Solomon",
  );
  assert.equal(
    describeEvent({ type: "spyglass_saw", seat: 0, data: { at: 1, on: "Dr. Solomon", amount: 1 } }, ctx),
    "Viste el pago de Bea al Dr. Solomon: 1",
  );
  // An agent keeps the plain preposition.
  assert.equal(
    describeEvent({ type: "you_paid", seat: 0, data: { to: "Tempest", amount: 1 } }, ctx),
    "Pagaste 1 a Tempest",
  );
});
