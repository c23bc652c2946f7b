// Per-browser preferences for the table page: confirm before sending, step-by-step
// reveals, a sound and a browser notification on your turn.
const KEY = "spyhouse.prefs";
const DEFAULTS = { confirm: true, reveals: true, sound: false, notify: false, zoom: false };

function read() {
  try { return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(KEY) ?? "null") || {}) }; } catch { return { ...DEFAULTS }; }
}

/** @param {keyof typeof DEFAULTS} name */
export function pref(name) { return read()[name]; }

/** @param {keyof typeof DEFAULTS} name @param {boolean} value */
export function setPref(name, value) {
  const all = read();
  all[name] = value;
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch { /* private mode */ }
}
