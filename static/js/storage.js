// What this browser remembers: seat and host tokens per table, invite -> table, name, language.

const TABLES = "spyhouse.tables";
const INVITES = "spyhouse.invites";

function read(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}
function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: session only */ }
}

export function tableGrant(tableId) {
  return read(TABLES, {})[tableId] || null;
}

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

export function tableForInvite(code) {
  return read(INVITES, {})[code] || null;
}

export function myTables() {
  return read(TABLES, {});
}

export function savedName() {
  return read("spyhouse.name", "");
}

export function saveName(name) {
  write("spyhouse.name", name);
}

export function savedLang() {
  return read("spyhouse.lang", null);
}

export function saveLang(lang) {
  write("spyhouse.lang", lang);
}
