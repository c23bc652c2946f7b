// One table's WebSocket: auth frame, live state frames, actions, and automatic
// reconnection with `since` so nothing is lost while away. A heartbeat (ping/pong)
// notices a connection that died silently and replaces it: a ping every second, and a
// connection silent for 3 s counts as lost, so the page says so within 5 s.

/** @import { ServerFrame, ServerFrameOf, ClientFrame } from "./types/frames" */
/** @import { StateFrame } from "./types/client" */
import { resolveParts } from "./parts.js";

const HEARTBEAT_MS = 1000;
const CHECK_MS = 500;
const SILENCE_MS = 3000;

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {string|null} token  seat or host token; null to spectate
   * @param {{onState: (frame: StateFrame, info: {resync: boolean}) => void, onAck?: (frame: ServerFrameOf<"ack">) => void, onError?: (frame: ServerFrameOf<"error"> | {code: string, detail: null, request_id: string}) => void, onStatus?: (status: string) => void, onChat?: (frame: ServerFrameOf<"chat" | "chat_history" | "chat_muted">) => void, onPresence?: (frame: ServerFrameOf<"presence">) => void}} handlers
   */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.h = handlers;
    this.version = 0;      // last version received; sent as `since` on reconnect
    /** @type {WebSocket | null} */
    this.ws = null;
    this.closed = false;
    this.authed = false;
    this.lastHeard = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this._timer = undefined;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this._beat = undefined;
    this.retries = 0;
    /** @type {Map<string, unknown>} the view parts this connection's last state frame showed */
    this.parts = new Map();
    /** @type {Map<string, unknown>} */
    this.pending = new Map(); // request_id -> action (resent never: requests are idempotent by id)
    /** @type {ServerFrameOf<"error"> | null} */
    this.fatal = null;
    this._onOnline = () => { if (!this.ws) this._connect(); };
    // The browser knows first when the network is gone: say so at once.
    this._onOffline = () => { if (this.ws) { const ws = this.ws; ws.close(4997, "offline"); this._lost(ws); } };
    window.addEventListener("online", this._onOnline);
    window.addEventListener("offline", this._onOffline);
    this._connect();
  }

  get status() {
    if (this.fatal) return "fatal";
    if (this.ws && this.ws.readyState === WebSocket.OPEN && this.authed) return "open";
    return this.retries > 0 ? "reconnecting" : "connecting";
  }

  _connect() {
    if (this.closed) return;
    clearTimeout(this._timer);
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.authed = false;
    this.parts = new Map(); // a new connection is sent every part afresh
    this.h.onStatus?.(this.status);
    ws.onopen = () => {
      // "presence": who is connected, away or gone, for the seat list's dots; "parts":
      // a view's unchanged parts are sent once (see parts.js).
      /** @type {ClientFrame} */
      const hello = { type: "auth", since: this.version, presence: true, parts: true };
      if (this.token) hello.token = this.token;
      send(ws, hello);
      this.lastHeard = Date.now();
      clearInterval(this._beat);
      let lastPing = 0;
      this._beat = setInterval(() => {
        if (this.ws !== ws || ws.readyState !== WebSocket.OPEN) return;
        if (Date.now() - this.lastHeard > SILENCE_MS) {
          ws.close(4998, "silent"); // may never complete on a dead link: move on now
          this._lost(ws);
          return;
        }
        if (Date.now() - lastPing >= HEARTBEAT_MS) {
          lastPing = Date.now();
          send(ws, { type: "ping" });
        }
      }, CHECK_MS);
    };
    ws.onmessage = (msg) => {
      if (this.ws !== ws) return; // a replaced connection's late frame
      /** @type {ServerFrame} */
      let frame;
      try { frame = JSON.parse(msg.data); } catch { return; }
      this.lastHeard = Date.now();
      if (frame.type === "pong") return;
      if (frame.type === "state") {
        try {
          this.parts = resolveParts(/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (frame)), this.parts);
        } catch {
          ws.close(4996, "parts"); // out of step: a new connection is sent every part
          this._lost(ws);
          return;
        }
        const wasReconnect = !this.authed && this.retries > 0;
        this.authed = true;
        this.retries = 0;
        this.version = frame.version;
        this.h.onStatus?.(this.status);
        this.h.onState(/** @type {StateFrame} */ (frame), { resync: wasReconnect });
      } else if (frame.type === "ack") {
        if (frame.request_id) this.pending.delete(frame.request_id);
        this.h.onAck?.(frame);
      } else if (frame.type === "presence") {
        this.h.onPresence?.(frame);
      } else if (frame.type === "chat" || frame.type === "chat_history" || frame.type === "chat_muted") {
        this.h.onChat?.(frame);
      } else if (frame.type === "error") {
        if (!this.authed && frame.status >= 400 && frame.status < 500) this.fatal = frame;
        if (frame.request_id) this.pending.delete(frame.request_id);
        this.h.onError?.(frame);
      }
    };
    ws.onclose = () => this._lost(ws);
    ws.onerror = () => { /* onclose follows */ };
  }

  /** The connection `ws` is gone: schedule a reconnection (once per socket). @param {WebSocket} ws */
  _lost(ws) {
    clearInterval(this._beat);
    if (this.ws !== ws) return;
    this.ws = null;
    this.authed = false;
    if (this.closed || this.fatal) { this.h.onStatus?.(this.status); return; }
    this.retries += 1;
    this.h.onStatus?.(this.status);
    const delay = Math.min(5000, 250 * 2 ** Math.min(this.retries - 1, 5));
    this._timer = setTimeout(() => this._connect(), delay);
  }

  /** Send an action chosen at `version`; returns its request id.
   * @param {import("./types/frames").Action} action @param {number} version @returns {string} */
  act(action, version) {
    const requestId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      this.h.onError?.({ code: "offline", detail: null, request_id: requestId });
      return requestId;
    }
    this.pending.set(requestId, action);
    send(this.ws, { type: "action", action, version, request_id: requestId });
    return requestId;
  }

  /** Say a chat line; false when not connected (the line is not kept for later). @param {string} text */
  say(text) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.authed) return false;
    send(this.ws, { type: "chat", text });
    return true;
  }

  /** Test hook: the link goes silent (no frame arrives, no close event), as on a dead network. */
  silence() {
    const ws = this.ws;
    if (!ws) return;
    ws.onmessage = null;
    ws.onclose = null;
    const send = ws.send.bind(ws);
    /** @type {any} */ (ws).send = () => {};
    void send;
  }

  /** Debug/test hook: drop the connection as a network failure would. */
  drop() {
    if (this.ws) this.ws.close(4999, "dropped");
  }

  close() {
    this.closed = true;
    clearTimeout(this._timer);
    clearInterval(this._beat);
    window.removeEventListener("online", this._onOnline);
    window.removeEventListener("offline", this._onOffline);
    if (this.ws) this.ws.close(1000, "bye");
    this.ws = null;
  }
}

/** Every frame the client sends goes through here, so each is one the protocol defines.
 * @param {WebSocket} ws @param {ClientFrame} frame */
function send(ws, frame) {
  ws.send(JSON.stringify(frame));
}
