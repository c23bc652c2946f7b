// State frames with parts (static/js/parts.js), run by node's test runner (`npm test`):
// resolved, a frame is the whole frame; a part sent once is named by the next frame.
import { test } from "node:test";
import assert from "node:assert/strict";
import { resolveParts } from "../../static/js/parts.js";

const casino = { location: "Casino", spaces: [{ space: "I", occupant: null }] };
const church = { location: "Church", spaces: [] };

test("a frame's references are its parts, sent in it or in the previous frame", () => {
  let held = new Map();
  const first = {
    type: "state",
    view: { grid: { locations: [{ $part: "a1" }, { $part: "b2" }] } },
    parts: { a1: casino, b2: church },
  };
  held = resolveParts(first, held);
  assert.deepEqual(first, { type: "state", view: { grid: { locations: [casino, church] } } });
  const moved = { ...casino, spaces: [{ space: "I", occupant: { tile: "Hans" } }] };
  const second = {
    type: "state",
    view: { grid: { locations: [{ $part: "c3" }, { $part: "b2" }] } },
    parts: { c3: moved },
  };
  held = resolveParts(second, held);
  assert.deepEqual(second, { type: "state", view: { grid: { locations: [moved, church] } } });
  assert.deepEqual([...held.keys()].sort(), ["b2", "c3"]); // the Casino as it was is forgotten
});

test("the page gets its own copy of a part: changing it leaves the kept part alone", () => {
  const frame = { type: "state", view: { a: { $part: "x" }, b: { $part: "x" } }, parts: { x: { n: 1 } } };
  const held = resolveParts(frame, new Map());
  /** @type {any} */ (frame.view).a.n = 2;
  assert.deepEqual(/** @type {any} */ (frame.view).b, { n: 1 });
  const next = { type: "state", view: { a: { $part: "x" } } };
  resolveParts(next, held);
  assert.deepEqual(next.view.a, { n: 1 });
});

test("a reference to a part never sent is an error, not a hole in the board", () => {
  assert.throws(() => resolveParts({ type: "state", view: { $part: "zz" } }, new Map()), /never sent/);
});
