// The public REST API. Errors become ApiError carrying the problem+json document.
/** @import { Schemas, TableDoc, GameInfo, Json } from "./types/client" */

export class ApiError extends Error {
  /** @param {{code?: string, detail?: string | null, title?: string, [field: string]: Json}} problem @param {number} status */
  constructor(problem, status) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.problem = problem;
    this.status = status;
    this.code = problem.code || "http_error";
  }
}

/** @param {string} method @param {string} path @param {{token?: string | null, body?: unknown}} [opts] @returns {Promise<any>} */
async function call(method, path, { token, body } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError({ code: "network", detail: String(/** @type {Error} */ (err).message || err) }, 0);
  }
  if (res.status === 204) return null;
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const problem = Array.isArray(data.detail)
      ? { code: "malformed_body", detail: data.detail.map((/** @type {{msg: string}} */ d) => d.msg).join("; ") }
      : data;
    throw new ApiError(problem, res.status);
  }
  return data;
}

/** @typedef {string | null | undefined} Token a seat or host token */
/** @typedef {(id: string, token: Token) => Promise<TableDoc>} TableRead */

// Frozen, so its type is closed: calling a method it lacks (`api.patch`) is a type error
// in every module (a plain object literal in a JS file stays open without noImplicitAny).
export const api = Object.freeze({
  /** @type {() => Promise<GameInfo[]>} */
  games: () => call("GET", "/api/games"),
  /** @type {() => Promise<Schemas["TableSummary"][]>} */
  publicTables: () => call("GET", "/api/tables"),
  /** @type {(id: string) => Promise<Json>} */
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  /** @type {(code: string) => Promise<Schemas["TableSummary"]>} */
  invite: (code) => call("GET", `/api/invites/${encodeURIComponent(code)}`),
  /** @type {(body: Json) => Promise<Schemas["CreatedTable"]>} */
  create: (body) => call("POST", "/api/tables", { body }),
  /** @type {(code: string, name: string) => Promise<Schemas["SeatGrant"]>} */
  join: (code, name) => call("POST", `/api/invites/${encodeURIComponent(code)}/join`, { body: { name } }),
  /** @type {(id: string, seat: number, token: Token, level?: string | null) => Promise<Json>} */
  bot: (id, seat, token, level) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/bot`, { token, body: level ? { level } : undefined }),
  /** @type {(id: string, seat: number, token: Token) => Promise<Json>} */
  emptySeat: (id, seat, token) => call("DELETE", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { token }),
  /** @type {(id: string, token: Token, hostSeat?: number | null) => Promise<Json>} */
  rematch: (id, token, hostSeat) => call("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { token, body: { host_seat: hostSeat ?? null } }),
  /** @type {(id: string, seat: number, muted: boolean, token: Token) => Promise<Json>} */
  mute: (id, seat, muted, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/mute`, { token, body: { muted } }),
  /** @type {(id: string, token: Token) => Promise<Json>} */
  start: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/start`, { token }),
  /** @type {TableRead} */
  view: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/view`, { token }),
  // The host's controls during play (each answers 204).
  /** @type {(id: string, token: Token) => Promise<null>} */
  pauseClocks: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/clock/pause`, { token }),
  /** @type {(id: string, token: Token) => Promise<null>} */
  resumeClocks: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/clock/resume`, { token }),
  /** @type {(id: string, seconds: number, token: Token, seat?: number | null) => Promise<null>} */
  addTime: (id, seconds, token, seat = null) => call("POST", `/api/tables/${encodeURIComponent(id)}/clock/add`, { token, body: { seconds, seat } }),
  /** @type {(id: string, seat: number, token: Token) => Promise<null>} */
  giveBack: (id, seat, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/give-back`, { token }),
  /** @type {(id: string, seat: number, token: Token) => Promise<null>} */
  removePlayer: (id, seat, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/remove`, { token }),
  // A player whose seat a bot holds: watch it from the seat, ask the host for it back.
  /** @type {(id: string, token: Token) => Promise<Json>} */
  held: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/held`, { token }),
  /** @type {(id: string, token: Token) => Promise<null>} */
  askBack: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/held/ask-back`, { token }),
  /** @type {(id: string, token: Token, since?: number) => Promise<Schemas["LoggedEvent"][]>} */
  events: (id, token, since = 0) => call("GET", `/api/tables/${encodeURIComponent(id)}/events?since=${since}`, { token }),
});
