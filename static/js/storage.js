// What this browser remembers: seat and host tokens per table, invite -> table, name, language.
/** @typedef {{seat?: number | null, token?: string | null, host?: string | null, invite?: string | null, [more: string]: any}} Grant */

const TABLES = "spyhouse.tables";
const INVITES = "spyhouse.invites";

/** @param {string} key @param {any} fallback @returns {any} */
function read(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key) ?? "null") ?? fallback; } catch { return fallback; }
}
/** @param {string} key @param {unknown} value */
function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: session only */ }
}

/** @param {string} tableId @returns {Grant | null} */
export function tableGrant(tableId) {
  return read(TABLES, {})[tableId] || null;
}

/** @param {string} tableId @param {Grant} grant */
export function saveGrant(tableId, grant) {
  const all = read(TABLES, {});
  all[tableId] = { ...(all[tableId] || {}), ...grant };
  write(TABLES, all);
  if (grant.invite) {
    const inv = read(INVITES, {});
    inv[grant.invite] = tableId;
    write(INVITES, inv);
  }
}

/** @param {string} code @returns {string | null} */
export function tableForInvite(code) {
  return read(INVITES, {})[code] || null;
}

/** @returns {Record<string, Grant>} */
export function myTables() {
  return read(TABLES, {});
}

export function savedName() {
  return read("spyhouse.name", "");
}

/** @param {string} name */
export function saveName(name) {
  write("spyhouse.name", name);
}

export function savedLang() {
  return read("spyhouse.lang", null);
}

/** @param {string} lang */
export function saveLang(lang) {
  write("spyhouse.lang", lang);
}
