// A decision is the list of legal actions, narrowed step by step.
//
// Each action is flattened to ordered (path, value) pairs ("type", "location",
// "soldiers.0", ...). A board click or a button fixes some pairs (a "partial"); the
// candidates are the actions agreeing with every fixed pair. When one candidate is left
// it is the move. The next field to ask is the first path where candidates differ, so
// any game is playable from its legal-action list alone, however long.

const MISSING = "\u2205";
/** @typedef {import("./types/client").Json} Json an action or part of one (game-defined) */
/** @typedef {{action: Json, flat: Map<string, string>}} Candidate */

/** @param {Json} value @param {string} [prefix] @param {Map<string, string>} [out] @returns {Map<string, string>} */
export function flatten(value, prefix = "", out = new Map()) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => flatten(v, prefix ? `${prefix}.${i}` : String(i), out));
    if (value.length === 0) out.set(prefix, "[]");
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, JSON.stringify(value));
  }
  return out;
}

/** The JSON value of a flattened pair's value (undefined for "no such field"). @param {string} v @returns {Json} */
export function flatValue(v) {
  return v === MISSING ? undefined : JSON.parse(v);
}

export class Decision {
  /** @param {Json[] | null | undefined} actions */
  constructor(actions) {
    /** @type {Candidate[]} */
    this.all = (actions || []).map((/** @type {Json} */ action) => ({ action, flat: flatten(action) }));
    /** @type {Map<string, string>} */
    this.fixed = new Map();
  }

  get empty() { return this.all.length === 0; }

  /** @param {Map<string, string>} flat @param {Map<string, string>} constraints */
  static _agrees(flat, constraints) {
    for (const [k, v] of constraints) if ((flat.get(k) ?? MISSING) !== v) return false;
    return true;
  }

  /** @param {Json} [extra] @returns {Candidate[]} */
  candidates(extra) {
    const cons = new Map(this.fixed);
    if (extra) for (const [k, v] of flatten(extra)) cons.set(k, v);
    return this.all.filter((c) => Decision._agrees(c.flat, cons));
  }

  /** Is there a legal action agreeing with the fixed pairs and this partial? */
  /** @param {Json} partial */
  allows(partial) {
    return this.candidates(partial).length > 0;
  }

  /** Fix a partial; returns the action if exactly one candidate remains. */
  /** @param {Json} partial @returns {Json} */
  fix(partial) {
    const next = this.candidates(partial);
    if (next.length === 0) return null;
    for (const [k, v] of flatten(partial)) this.fixed.set(k, v);
    return next.length === 1 ? next[0].action : null;
  }

  /** Is `partial` already fixed (for highlighting a selection)? */
  /** @param {Json} partial */
  isFixed(partial) {
    for (const [k, v] of flatten(partial)) if (this.fixed.get(k) !== v) return false;
    return true;
  }

  reset() { this.fixed = new Map(); }

  /** The next field to decide: {path, options: [{value, partial}]} or null. */
  nextField() {
    const cands = this.candidates();
    if (cands.length <= 1) return null;
    const paths = [];
    const seen = new Set();
    for (const c of cands) for (const p of c.flat.keys()) if (!seen.has(p)) { seen.add(p); paths.push(p); }
    for (const path of paths) {
      const values = [];
      const set = new Set();
      for (const c of cands) {
        const v = c.flat.get(path) ?? MISSING;
        if (!set.has(v)) { set.add(v); values.push(v); }
      }
      if (values.length > 1) {
        return {
          path,
          options: values.map((v) => ({
            value: v === MISSING ? undefined : JSON.parse(v),
            missing: v === MISSING,
            constraint: [path, v],
          })),
        };
      }
    }
    return null;
  }

  /** Fix one raw (path, flat-value) pair from nextField(); returns the action if unique. */
  /** @param {[string, string]} pair @returns {Json} */
  fixPair([path, v]) {
    this.fixed.set(path, v);
    const c = this.candidates();
    return c.length === 1 ? c[0].action : null;
  }
}
