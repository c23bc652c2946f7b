// Table chat: players accuse, bluff and joke over the table's socket; spectators read the
// table's talk and write to their own channel (players never see it, so watchers cannot
// coach a seat). Text is always rendered as text (textContent), never as HTML. The panel
// is one long-lived element the table re-attaches on every render, so a half-typed line,
// the caret and the scroll position survive the table moving on. On a phone it starts
// collapsed (an unread badge counts what arrives) so it never pushes the decision away.
import { h, keep, atEnd } from "../dom.js";
import { t, extend, onLangChange } from "../i18n.js";
import { api } from "../api.js";
import { problemText } from "../problems.js";
import { askFirst } from "./confirm.js";

extend({
  en: {
    "chat.title": "Chat", "chat.send": "Send", "chat.label": "Message",
    "chat.placeholder": "Say something to the table…", "chat.placeholderSpect": "Say something to the other spectators…",
    "chat.spectators": "Spectators only", "chat.spectNote": "You are watching: your lines go to the spectators' channel, which the players do not see.",
    "chat.empty": "No one has said anything yet.", "chat.you": "you", "chat.unread": "{n} unread",
    "chat.count": "{n}/{max}", "chat.tooLong": "Too long: a line has at most {max} characters (this one has {n}).", "chat.tooLongServer": "Too long: a line has at most {max} characters.",
    "chat.rateLimited": "Slow down: wait {n} s before your next line.", "chat.rateLimitedNow": "Slow down: wait a moment before your next line.",
    "chat.muted": "The host has muted you at this table.", "chat.blank": "Type something first.",
    "chat.bad": "That line cannot be sent (control characters are not allowed).", "chat.offline": "Not connected: the line was not sent.",
    "chat.mute": "Mute chat", "chat.unmute": "Unmute chat",
    "chat.confirmMute": "Mute {name}'s chat? Their lines will be refused until you unmute them.",
    "chat.confirmUnmute": "Let {name} chat again?", "chat.mutedBadge": "muted",
    "chat.hide": "Mute for me", "chat.unhide": "Unmute for me", "chat.hiddenBadge": "muted by you",
  },
  es: {
    "chat.title": "Chat", "chat.send": "Enviar", "chat.label": "Mensaje",
    "chat.placeholder": "Di algo a la mesa…", "chat.placeholderSpect": "Di algo a los demás espectadores…",
    "chat.spectators": "Solo espectadores", "chat.spectNote": "Estás mirando: tus mensajes van al canal de espectadores, que los jugadores no ven.",
    "chat.empty": "Nadie ha dicho nada todavía.", "chat.you": "tú", "chat.unread": "{n} sin leer",
    "chat.count": "{n}/{max}", "chat.tooLong": "Demasiado largo: un mensaje tiene como máximo {max} caracteres (este tiene {n}).", "chat.tooLongServer": "Demasiado largo: un mensaje tiene como máximo {max} caracteres.",
    "chat.rateLimited": "Más despacio: espera {n} s antes de tu próximo mensaje.", "chat.rateLimitedNow": "Más despacio: espera un momento antes de tu próximo mensaje.",
    "chat.muted": "El anfitrión te ha silenciado en esta mesa.", "chat.blank": "Escribe algo primero.",
    "chat.bad": "Ese mensaje no se puede enviar (no se permiten caracteres de control).", "chat.offline": "Sin conexión: el mensaje no se ha enviado.",
    "chat.mute": "Silenciar chat", "chat.unmute": "Quitar silencio",
    "chat.confirmMute": "¿Silenciar el chat de {name}? Sus mensajes se rechazarán hasta que le quites el silencio.",
    "chat.confirmUnmute": "¿Dejar que {name} vuelva a escribir?", "chat.mutedBadge": "silenciado",
    "chat.hide": "Silenciar para mí", "chat.unhide": "Quitar mi silencio", "chat.hiddenBadge": "silenciado por ti",
  },
});

export const MAX_LENGTH = 500;
const HIDDEN_KEY = "spyhouse.chatMuted";

/**
 * The seats this browser muted for itself at a table (kept here, never sent: the others
 * go on reading them; only the host mutes a seat for the whole table).
 * @param {string} tableId
 * @returns {Set<number>}
 */
function hiddenSeats(tableId) {
  try { return new Set((JSON.parse(localStorage.getItem(HIDDEN_KEY) || "{}")[tableId]) || []); } catch { return new Set(); }
}

/** @param {string} tableId @param {Set<number>} seats */
function saveHidden(tableId, seats) {
  try {
    const all = JSON.parse(localStorage.getItem(HIDDEN_KEY) || "{}");
    if (seats.size) all[tableId] = [...seats]; else delete all[tableId];
    localStorage.setItem(HIDDEN_KEY, JSON.stringify(all));
  } catch { /* private mode: for this page only */ }
}
const CHAT_ERRORS = new Set(["chat_too_long", "chat_rate_limited", "muted", "bad_chat"]);

/** Length as the server counts it (code points, not UTF-16 units). */
const length = (/** @type {string} */ text) => [...text].length;

/** @param {import("../types/client").Json} frame an error frame */
function errorText(frame) {
  switch (frame.code) {
    case "chat_too_long": return t("chat.tooLongServer", { max: MAX_LENGTH });
    case "chat_rate_limited": return frame.retry_after ? t("chat.rateLimited", { n: frame.retry_after }) : t("chat.rateLimitedNow");
    case "muted": return t("chat.muted");
    case "bad_chat": return t("chat.bad");
    default: return problemText(frame);
  }
}

/**
 * The chat add-on of one table page. `env`: {tableId, grant, say(text) -> bool}.
 * Returns {onFrame, onError, side(ctx), seat(seatDoc, ctx), dispose}.
 */
/** @param {import("../types/client").AddonEnv} env @returns {import("../types/client").Addon} */
export function chatAddon(env) {
  /** @typedef {{id: number, seat: number | null, name: string, text: string, at: number, channel: string}} Line a chat line frame */
  /** @type {Map<number, Line>} */
  const lines = new Map(); // id -> line frame
  /** @type {import("../types/client").TableDoc | null} */
  let doc = null;
  let unread = 0;
  /** @type {string | null} */
  let error = null;
  const mutedSeats = new Map(); // seat -> bool, as the last chat_muted frames said
  const hidden = hiddenSeats(env.tableId); // seats this browser muted for itself
  /** @param {{channel: string, seat: number | null}} line */
  const shown = (line) => !(line.channel === "table" && line.seat !== null && hidden.has(line.seat));
  const narrow = matchMedia("(max-width: 700px)").matches;

  const list = h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite", tabindex: "0" });
  const input = h("textarea", { id: "chat-input", rows: "2", autocomplete: "off" });
  const count = h("span", { class: "chat-count", id: "chat-count", "aria-live": "off" });
  const errorEl = h("p", { class: "error chat-error", id: "chat-error", role: "alert", hidden: true });
  const note = h("p", { class: "muted chat-note", id: "chat-note", hidden: true });
  const label = h("label", { for: "chat-input", class: "sr-only" });
  const sendBtn = h("button", { class: "button small primary", type: "submit", id: "chat-send" });
  const form = h("form", { class: "chat-form", id: "chat-form" }, label, input, h("div", { class: "chat-foot" }, count, sendBtn), errorEl);
  const title = h("span", { class: "chat-title" });
  const badge = h("span", { class: "chat-unread", id: "chat-unread", hidden: true });
  const summary = h("summary", {}, title, badge);
  // Kept in place across redraws: the box keeps focus, caret and draft with no blur.
  const panel = keep(h("details", { class: "panel chat", id: "chat", open: narrow ? null : true }, summary, note, list, form));

  panel.addEventListener("toggle", () => { if (panel.open) { unread = 0; drawBadge(); scrollDown(); } });
  input.addEventListener("input", () => { if (error && length(input.value.trim()) <= MAX_LENGTH) error = null; drawCount(); drawError(); });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) { e.preventDefault(); submit(); }
  });
  form.addEventListener("submit", (e) => { e.preventDefault(); submit(); });

  function submit() {
    const text = input.value.trim();
    if (!text) { error = t("chat.blank"); drawError(); return; }
    const n = length(text);
    if (n > MAX_LENGTH) { error = t("chat.tooLong", { max: MAX_LENGTH, n }); drawError(); return; }
    if (!env.say(text)) { error = t("chat.offline"); drawError(); return; }
    error = null;
    input.value = "";
    drawCount();
    drawError();
  }

  const spectator = () => !!doc && doc.you === null;
  const isMuted = (/** @type {number} */ seat) => mutedSeats.get(seat) ?? !!doc?.seats?.find((s) => s.seat === seat)?.muted;
  const mutedMe = () => !!doc && doc.you !== null && isMuted(doc.you);

  function drawStatic() {
    title.textContent = t("chat.title");
    label.textContent = t("chat.label");
    sendBtn.textContent = t("chat.send");
    input.placeholder = spectator() ? t("chat.placeholderSpect") : t("chat.placeholder");
    note.textContent = mutedMe() ? t("chat.muted") : t("chat.spectNote");
    note.hidden = !spectator() && !mutedMe();
    input.disabled = sendBtn.disabled = mutedMe();
  }

  function drawCount() {
    const n = length(input.value.trim());
    count.textContent = t("chat.count", { n, max: MAX_LENGTH });
    count.classList.toggle("over", n > MAX_LENGTH);
  }

  function drawError() {
    errorEl.textContent = error || "";
    errorEl.hidden = !error;
  }

  function drawBadge() {
    badge.textContent = unread ? String(unread) : "";
    badge.hidden = !unread;
    badge.setAttribute("aria-label", t("chat.unread", { n: unread }));
  }

  const scrollDown = () => requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  // Where the reader is in the talk, noted as they scroll: reading it while the table
  // redraws would force the browser to lay the page out again at every frame.
  let place = { top: 0, bottom: true };
  list.addEventListener("scroll", () => {
    if (list.isConnected) place = { top: list.scrollTop, bottom: atEnd(list) };
  }, { passive: true });

  /** @param {Line} line */
  function lineEl(line) {
    const mine = doc && line.channel === "table" && line.seat !== null && line.seat === doc.you;
    const when = line.at ? new Date(line.at) : null;
    return h("li", { class: `chat-line${line.channel === "spectators" ? " spect" : ""}${mine ? " mine" : ""}`, "data-id": line.id, "data-channel": line.channel },
      h("span", { class: "chat-who" }, line.name, mine ? ` (${t("chat.you")})` : null,
        line.channel === "spectators" ? h("span", { class: "chat-chan" }, t("chat.spectators")) : null),
      when && !Number.isNaN(when.getTime())
        ? h("time", { class: "chat-at", datetime: line.at }, when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }))
        : null,
      h("span", { class: "chat-text" }, line.text));
  }

  function drawLines() {
    const keep = atEnd(list);
    const visible = [...lines.values()].filter(shown);
    list.replaceChildren(...(visible.length
      ? visible.sort((a, b) => a.id - b.id).map(lineEl)
      : [h("li", { class: "muted chat-empty" }, t("chat.empty"))]));
    if (keep) scrollDown();
  }

  /** @param {Line} frame */
  function add(frame) {
    if (typeof frame?.id !== "number" || lines.has(frame.id)) return false;
    lines.set(frame.id, frame);
    return true;
  }

  function draw() { drawStatic(); drawCount(); drawError(); drawBadge(); drawLines(); }
  const offLang = onLangChange(draw);
  draw();

  return {
    /** A chat or chat_history frame from the socket. */
    onFrame(frame) {
      if (frame.type === "chat_muted") {
        mutedSeats.set(frame.seat, !!frame.muted);
        drawStatic();
        env.rerender();
        return;
      }
      /** @type {Line[]} */
      const incoming = frame.type === "chat_history" ? frame.lines || [] : [frame];
      const fresh = incoming.filter(add);
      if (!fresh.length) return;
      if (!panel.open && frame.type === "chat") unread += fresh.filter((l) => shown(l) && !(doc && l.seat === doc.you && l.channel === "table")).length;
      drawBadge();
      drawLines();
    },
    /** Claims the socket's chat refusals; other errors belong to the table. */
    onError(frame) {
      if (!CHAT_ERRORS.has(frame.code)) return false;
      error = errorText(frame);
      drawError();
      return true;
    },
    side(ctx) {
      const spect = spectator();
      const wasMuted = mutedMe();
      doc = ctx.doc;
      if (spect !== spectator() || wasMuted !== mutedMe()) { drawStatic(); drawLines(); }
      // The table is about to detach this element: keep the reader's place in the talk.
      const { top, bottom } = place;
      requestAnimationFrame(() => {
        list.scrollTop = bottom ? list.scrollHeight : top;
        place = { top, bottom };  // the scroll this causes is told a frame later
      });
      return panel;
    },
    /** The host's mute switch for one seat of the seat list. */
    seat(s, ctx) {
      // Any player (or spectator) may mute another player for themselves.
      // (A seat the host muted cannot speak: its badge says so instead.)
      if (!env.grant.host && s.kind === "human" && s.seat !== ctx.doc?.you && !isMuted(s.seat)) {
        const off = hidden.has(s.seat);
        const who = ctx.name(s.seat, { you: false });
        return h("button", {
          class: "button small ghost chat-hide", type: "button", "data-hide": s.seat, "aria-pressed": off ? "true" : "false",
          // The visible words first, then whose chat (a name that starts as the label reads).
          "aria-label": `${off ? t("chat.unhide") : t("chat.hide")}: ${who}`,
          onclick: () => {
            if (off) hidden.delete(s.seat); else hidden.add(s.seat);
            saveHidden(env.tableId, hidden);
            drawLines();
            env.rerender();
          },
        }, off ? t("chat.unhide") : t("chat.hide"));
      }
      if (!env.grant.host || s.kind !== "human" || s.seat === ctx.doc?.you) {
        return s.kind === "human" && isMuted(s.seat)
          ? h("small", { class: "muted chat-muted-badge", "data-muted": s.seat }, ` · ${t("chat.mutedBadge")}`)
          : null;
      }
      const muted = isMuted(s.seat);
      const who = ctx.name(s.seat, { you: false });
      return h("button", {
        class: "button small ghost chat-mute", type: "button", "data-mute": s.seat, "aria-pressed": muted ? "true" : "false",
        onclick: async () => {
          if (!(await askFirst(t(muted ? "chat.confirmUnmute" : "chat.confirmMute", { name: who })))) return;
          try {
            await api.mute(env.tableId, s.seat, !muted, env.grant.host);
            mutedSeats.set(s.seat, !muted);
          } catch (err) {
            error = problemText(err);
            drawError();
          }
          env.rerender();
        },
      }, muted ? t("chat.unmute") : t("chat.mute"));
    },
    dispose() { offLang(); },
  };
}
