// A table: the waiting room before the start, then the board, the decision panel,
// whose turn it is, the log in words and the final scores. Everything arrives over the
// table's WebSocket; the page only ever holds this seat's own view.
import { h, clear, humanise, pressable } from "./dom.js";
import { t, has, onLangChange, extend } from "./i18n.js";
import { api } from "./api.js";
import { TableSocket } from "./socket.js";
import { Decision, flatValue } from "./decisions.js";
import { tableGrant, saveGrant } from "./storage.js";
import { problemText } from "./problems.js";
import { seatName } from "./names.js";
import * as generic from "./boards/generic.js";

const BOARDS = new Set(["estoril", "agencia", "spies", "conspiracy"]);

async function loadBoard(game) {
  if (!BOARDS.has(game)) return generic;
  try {
    const mod = await import(`./boards/${game}.js`);
    if (mod.strings) extend(mod.strings);
    return mod;
  } catch (err) {
    console.warn("board module failed to load; using the generic board", err);
    return generic;
  }
}

export function mountTable(root, tableId) {
  const grant = tableGrant(tableId) || {};
  const token = grant.token || grant.host || null;
  let doc = null;
  let board = generic;
  let boardGame = null;
  let decision = new Decision([]);
  let events = [];
  let fullLog = null;
  let notice = null;
  let sending = false;
  let conn = "connecting";
  let fatal = null;
  let disposed = false;

  // -- names, labels, descriptions -------------------------------------------------------

  const ctxBase = () => ({
    doc, view: doc?.view, you: doc?.you, t, decision,
    name: (seat, opts) => seatName(doc, seat, opts),
    choice, choose, selected: (partial) => decision.fixed.size > 0 && decision.isFixed(partial),
  });

  const typeLabel = (type) => (has(`act.${type}`) ? t(`act.${type}`) : humanise(type));

  const fieldLabel = (path) => {
    const parts = path.split(".");
    const last = [...parts].reverse().find((p) => !/^\d+$/.test(p)) || path;
    const idx = parts.filter((p) => /^\d+$/.test(p)).map((n) => Number(n) + 1);
    const base = has(`field.${last}`) ? t(`field.${last}`) : humanise(last);
    return idx.length ? `${base} #${idx.join(".")}` : base;
  };

  const valueLabel = (path, value) => {
    const custom = board.valueLabel?.(path, value, ctxBase());
    if (custom) return custom;
    if (path === "type") return typeLabel(value);
    if (value === undefined) return t("none");
    if (value === null) return t("none");
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (/(^|\.)(seat|target_seat|player_seat)$/.test(path) && typeof value === "number") return seatName(doc, value);
    if (typeof value === "object") return JSON.stringify(value);
    return String(value);
  };

  const describeAction = (action) => {
    const custom = board.describeAction?.(action, ctxBase());
    if (custom) return custom;
    const rest = Object.entries(action).filter(([k]) => k !== "type")
      .map(([k, v]) => `${fieldLabel(k)}: ${Array.isArray(v) ? v.map((x) => valueLabel(k, x)).join(", ") : valueLabel(k, v)}`);
    return [typeLabel(action.type), ...rest].join(" · ");
  };

  const describeEvent = (ev) => {
    const custom = board.describeEvent?.(ev, ctxBase());
    if (custom) return custom;
    const d = ev.data || {};
    if (["joined", "bot_seated", "seat_emptied", "game_started"].includes(ev.type)) {
      return t(`ev.${ev.type}`, { name: d.name, seat: (d.seat ?? 0) + 1 });
    }
    const actor = ev.seat ?? (typeof d.seat === "number" ? d.seat : null);
    const details = Object.entries(d).filter(([k]) => k !== "seat")
      .map(([k, v]) => `${humanise(k).toLowerCase()} ${typeof v === "object" ? JSON.stringify(v) : v}`);
    const head = has(`ev.${ev.type}`) ? t(`ev.${ev.type}`, d) : humanise(ev.type);
    return `${actor !== null ? `${seatName(doc, actor)}: ` : ""}${head}${details.length ? ` (${details.join(", ")})` : ""}`;
  };

  // -- choices ---------------------------------------------------------------------------

  /** Make a board element a clickable choice when `partial` agrees with a legal action. */
  function choice(el, partial, label) {
    if (sending) return el;
    if (decision.fixed.size && decision.isFixed(partial)) { el.classList.add("selected"); return el; }
    const total = decision.candidates().length;
    const left = decision.candidates(partial).length;
    // Offer only what is legal and moves the decision on (a click that narrows nothing is noise).
    if (left === 0 || (left === total && total > 1)) return el;
    el.classList.add("choice");
    el.dataset.key = JSON.stringify(partial);
    return pressable(el, () => choose(partial), label);
  }

  function choose(partial) {
    notice = null;
    const action = decision.fix(partial);
    if (action) send(action); else render();
  }

  function choosePair(pair) {
    notice = null;
    const action = decision.fixPair(pair);
    if (action) send(action); else render();
  }

  function send(action) {
    if (!socket || !doc) return;
    sending = true;
    socket.act(action, doc.version);
    render();
  }

  // -- socket ----------------------------------------------------------------------------

  const onState = async (frame) => {
    if (boardGame !== frame.game) {
      boardGame = frame.game;
      board = await loadBoard(frame.game);
    }
    if (disposed) return;
    const changed = !doc || doc.version !== frame.version;
    doc = frame;
    if (frame.events?.length) events = events.concat(frame.events);
    if (changed) { decision = new Decision(frame.legal_actions); sending = false; }
    if (frame.you !== null && grant.token && grant.seat !== frame.you) saveGrant(tableId, { seat: frame.you });
    if (frame.status === "finished" && frame.publish_log && fullLog === null) {
      fullLog = [];
      api.events(tableId, token, 0).then((all) => {
        fullLog = all.some((e) => "audience" in e) ? all : [];
        render();
      }, () => {});
    }
    render();
  };

  const socket = new TableSocket(tableId, token, {
    onState,
    onAck: () => {},
    onError: (frame) => {
      sending = false;
      decision.reset();
      if (frame.code === "unknown_table") fatal = t("table.unknown");
      else if (frame.code === "missing_token" && !token) fatal = t("table.noSpectators");
      else if (socket?.fatal) fatal = problemText(frame);
      notice = problemText(frame);
      render();
    },
    onStatus: (status) => { conn = status; renderStatus(); },
  });

  window.spyhouse = {
    dropSocket: () => socket.drop(),
    act: (action) => send(action),
    version: () => doc?.version,
  };

  // -- rendering -------------------------------------------------------------------------

  const statusText = () => ({
    open: t("table.online"), connecting: t("table.connecting"), reconnecting: t("table.reconnecting"), fatal: "—",
  }[conn] || conn);

  function renderStatus() {
    const el = root.querySelector("#conn");
    if (el) { el.textContent = statusText(); el.dataset.conn = conn; }
    root.dataset.conn = conn;
  }

  function turnBanner() {
    if (!doc) return null;
    if (doc.status === "waiting") return h("p", { class: "turn" }, t("wait.title"));
    if (doc.status === "finished") return h("p", { class: "turn over", id: "turn" }, t("table.gameOver"));
    const mine = doc.you !== null && doc.to_act.includes(doc.you);
    const others = doc.to_act.filter((s) => s !== doc.you).map((s) => seatName(doc, s));
    return h("p", { class: `turn${mine ? " mine" : ""}`, id: "turn", "aria-live": "polite" },
      mine ? h("strong", {}, t("table.yourTurn")) : null,
      mine && others.length ? " · " : null,
      others.length ? t("table.waitingFor", { who: others.join(", ") }) : null);
  }

  function waitingRoom() {
    const isHost = !!grant.host;
    const open = doc.seats.filter((s) => s.kind === "open");
    const inviteUrl = grant.inviteUrl || (grant.invite ? `/#/join/${grant.invite}` : null);
    const absolute = inviteUrl ? new URL(inviteUrl, location.href).href : null;
    const hostCall = async (fn) => {
      try { await fn(); } catch (err) { notice = problemText(err); render(); }
    };
    const copyBtn = h("button", { class: "button", id: "copy-invite", type: "button" }, t("wait.copy"));
    copyBtn.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(absolute); } catch {
        const input = root.querySelector("#invite-url"); input?.select(); document.execCommand?.("copy");
      }
      copyBtn.textContent = t("wait.copied");
    });
    return h("section", { class: "panel waiting" },
      h("h2", {}, t("wait.title")),
      absolute ? h("div", { class: "invite" }, h("label", { for: "invite-url" }, t("wait.invite")),
        h("div", { class: "row" }, h("input", { id: "invite-url", readonly: true, value: absolute, onfocus: (e) => e.target.select() }), copyBtn)) : null,
      h("ul", { class: "seats", id: "seats" }, doc.seats.map((s) => h("li", { class: `seat ${s.kind}`, "data-seat": s.seat },
        h("span", { class: "seat-n" }, s.seat + 1),
        s.kind === "open" ? h("em", {}, t("wait.open")) : h("span", {}, seatName(doc, s.seat), s.kind === "bot" ? h("small", { class: "muted" }, ` · ${t("wait.bot")}`) : null),
        isHost && s.kind === "open" ? h("button", { class: "button small", type: "button", onclick: () => hostCall(() => api.bot(tableId, s.seat, grant.host)) }, t("wait.addBot")) : null,
        isHost && s.kind !== "open" && s.seat !== doc.you ? h("button", { class: "button small ghost", type: "button", onclick: () => hostCall(() => api.emptySeat(tableId, s.seat, grant.host)) }, t("wait.remove")) : null))),
      isHost
        ? h("div", { class: "row" },
            h("button", { class: "button primary", id: "start", type: "button", disabled: open.length > 0, onclick: () => hostCall(() => api.start(tableId, grant.host)) }, t("wait.start")),
            open.length ? h("button", { class: "button", id: "fill-start", type: "button", onclick: () => hostCall(async () => {
              for (const s of open) await api.bot(tableId, s.seat, grant.host);
              await api.start(tableId, grant.host);
            }) }, t("wait.fillStart")) : null)
        : h("p", { class: "muted" }, t("wait.hostOnly")));
  }

  function decisionPanel() {
    if (!doc || doc.status !== "playing") return null;
    if (doc.you === null) return h("section", { class: "panel decide" }, h("p", { class: "muted" }, t("table.spectating")));
    const parts = [h("h2", {}, t("table.decide"))];
    const kind = doc.view?.prompt?.kind;
    const prompt = (kind && has(`prompt.${doc.game}.${kind}`) ? t(`prompt.${doc.game}.${kind}`, doc.view.prompt) : null)
      ?? doc.view?.prompt?.text ?? null;
    if (decision.empty) {
      parts.push(h("p", { class: "muted" }, t("table.nothing")));
    } else {
      if (prompt) parts.push(h("p", { class: "prompt" }, prompt));
      if (sending) parts.push(h("p", { class: "muted" }, t("table.sending")));
      if (decision.fixed.size) {
        const chosen = [...decision.fixed].map(([p, v]) => `${fieldLabel(p)}: ${valueLabel(p, flatValue(v))}`);
        parts.push(h("p", { class: "chosen" }, `${t("table.selected")}: ${chosen.join(" · ")} `,
          h("button", { class: "button small ghost", type: "button", id: "reset-choice", onclick: () => { decision.reset(); render(); } }, t("table.back"))));
      }
      const next = decision.nextField();
      if (next && !sending) {
        parts.push(h("p", { class: "field" }, t("table.choose", { field: fieldLabel(next.path).toLowerCase() })));
        parts.push(h("div", { class: "choices", role: "group" }, next.options.map((o) => {
          const b = h("button", { class: "button choice", type: "button", "data-key": JSON.stringify(o.constraint) }, valueLabel(next.path, o.value));
          b.addEventListener("click", () => choosePair(o.constraint));
          return b;
        })));
      } else if (!next && !sending && decision.candidates().length === 1) {
        const only = decision.candidates()[0].action;
        parts.push(h("button", { class: "button primary choice", type: "button", onclick: () => send(only) }, describeAction(only)));
      }
      const cands = decision.candidates();
      if (!sending && cands.length > 1) {
        parts.push(h("details", { class: "all-choices" }, h("summary", {}, t("table.allChoices", { n: cands.length })),
          h("ul", {}, cands.slice(0, 400).map((c) => h("li", {}, h("button", { class: "link", type: "button", onclick: () => send(c.action) }, describeAction(c.action)))))));
      }
    }
    if (notice) parts.push(h("p", { class: "error", role: "alert", id: "notice" }, notice));
    return h("section", { class: "panel decide", id: "decision" }, parts);
  }

  function scores() {
    if (!doc?.outcome) return null;
    const o = doc.outcome;
    const winners = o.winners || [];
    const rows = doc.seats.map((s) => h("tr", { class: winners.includes(s.seat) ? "winner" : "" },
      h("td", {}, winners.includes(s.seat) ? "★ " : "", seatName(doc, s.seat)),
      h("td", { class: "num" }, o.scores ? String(o.scores[s.seat]) : "")));
    return h("section", { class: "panel scores", id: "scores" },
      h("h2", {}, t("table.scores")),
      h("p", {}, winners.length ? `${t(winners.length > 1 ? "table.winners" : "table.winner")}: ${winners.map((w) => seatName(doc, w)).join(", ")}` : t("table.draw")),
      h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, t("table.seat")), h("th", {}, t("table.score")))), h("tbody", {}, rows)),
      h("h3", {}, t("table.breakdown")),
      board.renderOutcome?.(o, ctxBase()) || breakdown(o.detail));
  }

  const bdLabel = (k) => (has(`bd.${k}`) ? t(`bd.${k}`) : humanise(k));

  function breakdown(detail) {
    const cell = (v) => {
      if (v === null || v === undefined) return "—";
      if (Array.isArray(v)) return v.map(cell).join(", ");
      if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${bdLabel(k)}: ${cell(x)}`).join("; ");
      if (typeof v === "boolean") return v ? t("yes") : t("no");
      return String(v);
    };
    return h("div", { class: "breakdown" }, Object.entries(detail || {}).map(([k, v]) => {
      if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
        const cols = [...new Set(v.flatMap((x) => Object.keys(x)))];
        return h("div", { class: "scroll-x" }, h("table", {}, h("caption", {}, bdLabel(k)),
          h("thead", {}, h("tr", {}, cols.map((c) => h("th", {}, bdLabel(c))))),
          h("tbody", {}, v.map((x) => h("tr", {}, cols.map((c) => h("td", {}, (c === "seat" && typeof x[c] === "number") ? seatName(doc, x[c]) : cell(x[c]))))))));
      }
      return h("p", {}, h("strong", {}, `${bdLabel(k)}: `), cell(v));
    }));
  }

  function logPanel(list, title, id) {
    const lines = list.map((ev) => {
      const line = describeEvent(ev);
      if (!line || !Array.isArray(ev.audience)) return line;
      // A published private event: say whose it was ("you" in it means them).
      return `${t("table.privateTo", { who: ev.audience.map((x) => seatName(doc, x, { you: false })).join(", ") })} ${line}`;
    }).filter(Boolean);
    return h("section", { class: "panel log", id },
      h("h2", {}, title),
      h("ol", { class: "log-lines", reversed: true }, lines.slice().reverse().slice(0, 300).map((line) => h("li", {}, line))));
  }

  function playersPanel() {
    if (!doc || doc.status === "waiting") return null;
    return h("section", { class: "panel players" }, h("h2", {}, t("table.players")),
      h("ul", { class: "seats compact" }, doc.seats.map((s) => h("li", { class: `seat ${doc.to_act.includes(s.seat) ? "acting" : ""}` },
        board.seatBadge?.(s.seat, ctxBase()) || h("span", { class: "seat-n" }, s.seat + 1),
        h("span", {}, seatName(doc, s.seat)), s.kind === "bot" ? h("small", { class: "muted" }, ` · ${t("wait.bot")}`) : null,
        // The host may hand an absent player's seat to a bot so the table never hangs.
        grant.host && doc.status === "playing" && s.kind === "human" && s.seat !== doc.you
          ? h("button", { class: "button small ghost", type: "button", "data-replace": s.seat, onclick: async () => {
            try { await api.bot(tableId, s.seat, grant.host); } catch (err) { notice = problemText(err); render(); }
          } }, t("table.toBot"))
          : null))));
  }

  function boardView() {
    try {
      return board.render(ctxBase());
    } catch (err) {
      console.warn(`board failed to render; showing the generic board: ${err?.stack || err}`);
      const el = generic.render(ctxBase());
      el.dataset.boardError = String(err?.message || err);
      return el;
    }
  }

  function render() {
    if (disposed) return;
    const focusKey = document.activeElement?.dataset?.key;
    const focusId = document.activeElement?.id;
    root.dataset.version = doc ? String(doc.version) : "";
    root.dataset.status = doc ? doc.status : "";
    root.dataset.sending = sending ? "1" : "";
    const head = h("header", { class: "table-head" },
      h("div", {}, h("h1", {}, doc?.title || "…"), doc?.view ? board.status?.(ctxBase()) || null : null),
      turnBanner(),
      h("div", { class: "head-side" },
        doc ? h("a", { href: `#/rules/${doc.game}`, class: "small-link" }, t("table.rules")) : null,
        h("span", { class: "conn", id: "conn", "data-conn": conn }, statusText())));
    let body;
    if (fatal && !doc) body = h("section", { class: "panel narrow" }, h("p", { class: "error", role: "alert" }, fatal), h("a", { href: "#/" }, t("table.toLobby")));
    else if (!doc) body = h("p", { class: "muted" }, t("table.connecting"));
    else if (doc.status === "waiting") body = h("div", { class: "table-grid" }, waitingRoom(), h("aside", {}, logPanel(events, t("table.log"), "log")));
    else {
      body = h("div", { class: "table-grid" },
        h("div", { class: "board-wrap", id: "board", "aria-label": t("table.board") }, boardView()),
        h("aside", { class: "side" },
          scores(),
          decisionPanel(),
          notice && doc.status !== "playing" ? h("p", { class: "error", role: "alert" }, notice) : null,
          playersPanel(),
          logPanel(events, t("table.log"), "log"),
          fullLog?.length ? logPanel(fullLog, t("table.fullLog"), "full-log") : null));
    }
    clear(root).append(h("div", { class: "table-page", "data-game": doc?.game || "" }, head, body));
    renderStatus();
    const again = (focusKey && [...root.querySelectorAll("[data-key]")].find((el) => el.dataset.key === focusKey))
      || (focusId && document.getElementById(focusId));
    if (again) again.focus({ preventScroll: true });
  }

  const off = onLangChange(render);
  render();
  return () => {
    disposed = true;
    off();
    socket.close();
    if (window.spyhouse?.dropSocket) delete window.spyhouse;
  };
}
