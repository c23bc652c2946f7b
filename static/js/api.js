// The public REST API. Errors become ApiError carrying the problem+json document.

export class ApiError extends Error {
  constructor(problem, status) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.problem = problem;
    this.status = status;
    this.code = problem.code || "http_error";
  }
}

async function call(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError({ code: "network", detail: String(err.message || err) }, 0);
  }
  if (res.status === 204) return null;
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const problem = Array.isArray(data.detail)
      ? { code: "malformed_body", detail: data.detail.map((d) => d.msg).join("; ") }
      : data;
    throw new ApiError(problem, res.status);
  }
  return data;
}

export const api = {
  games: () => call("GET", "/api/games"),
  publicTables: () => call("GET", "/api/tables"),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  invite: (code) => call("GET", `/api/invites/${encodeURIComponent(code)}`),
  create: (body) => call("POST", "/api/tables", { body }),
  join: (code, name) => call("POST", `/api/invites/${encodeURIComponent(code)}/join`, { body: { name } }),
  bot: (id, seat, token, level) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/bot`, { token, body: level ? { level } : undefined }),
  emptySeat: (id, seat, token) => call("DELETE", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { token }),
  rematch: (id, token, hostSeat) => call("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { token, body: { host_seat: hostSeat ?? null } }),
  mute: (id, seat, muted, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/mute`, { token, body: { muted } }),
  start: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/start`, { token }),
  view: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/view`, { token }),
  // The host's controls during play (each answers 204).
  pauseClocks: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/clock/pause`, { token }),
  resumeClocks: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/clock/resume`, { token }),
  addTime: (id, seconds, token, seat = null) => call("POST", `/api/tables/${encodeURIComponent(id)}/clock/add`, { token, body: { seconds, seat } }),
  giveBack: (id, seat, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/give-back`, { token }),
  removePlayer: (id, seat, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/remove`, { token }),
  // A player whose seat a bot holds: watch it from the seat, ask the host for it back.
  held: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/held`, { token }),
  askBack: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/held/ask-back`, { token }),
  events: (id, token, since = 0) => call("GET", `/api/tables/${encodeURIComponent(id)}/events?since=${since}`, { token }),
};
