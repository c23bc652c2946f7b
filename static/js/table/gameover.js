// The end of a game: who won and why in words, each seat's score broken down in
// sentences that wrap at any width, what the rules reveal at the end, a rematch and
// the way back to the lobby.
import { h, humanise } from "../dom.js";
import { t, has, extend } from "../i18n.js";

extend({
  en: {
    "over.won": "{who} won.", "over.wonShared": "{who} share the win.", "over.draw": "Nobody won.",
    "over.youWon": "You won!", "over.points": "{n} points", "over.point": "1 point", "over.reveal": "Revealed at the end",
    "over.rematch": "Rematch: same game, same seats", "over.rematchWait": "Creating the rematch…",
    "over.invited": "{who} offers a rematch.", "over.host": "The host", "over.joinRematch": "Join the rematch", "over.toRematch": "Go to the rematch",
  },
  es: {
    "over.won": "Ha ganado {who}.", "over.wonShared": "Comparten la victoria: {who}.", "over.draw": "Nadie ha ganado.",
    "over.youWon": "¡Has ganado!", "over.points": "{n} puntos", "over.point": "1 punto", "over.reveal": "Lo que se revela al final",
    "over.rematch": "Revancha: mismo juego, mismos asientos", "over.rematchWait": "Creando la revancha…",
    "over.invited": "{who} propone una revancha.", "over.host": "El anfitrión", "over.joinRematch": "Unirse a la revancha", "over.toRematch": "Ir a la revancha",
  },
});

const bdLabel = (/** @type {string} */ k) => (has(`bd.${k}`) ? t(`bd.${k}`) : humanise(k));

/** A generic breakdown in words: "Missions: 12 · Hand tiles: 4". */
/** @param {Record<string, Record<string, unknown>>} detail @param {(seat: number) => string} name */
function genericLines(detail, name) {
  /** @param {unknown} v @returns {string} */
  const cell = (v) => {
    if (v === null || v === undefined) return "—";
    if (Array.isArray(v)) return v.map(cell).join(", ");
    if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${bdLabel(k)} ${cell(x)}`).join(", ");
    if (typeof v === "boolean") return v ? t("yes") : t("no");
    return String(v);
  };
  return Object.entries(detail || {}).map(([k, v]) => {
    if (Array.isArray(v) && v.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
      return `${bdLabel(k)}: ${v.map((x) => Object.entries(x).map(([c, y]) => (c === "seat" && typeof y === "number" ? name(y) : `${bdLabel(c)} ${cell(y)}`)).join(", ")).join(" · ")}`;
    }
    return `${bdLabel(k)}: ${cell(v)}`;
  });
}

/**
 * The game-over panel. `ctx`: {doc, board, name, boardCtx, isHost, rematch: {busy, onClick,
 * invite}, extra: [elements for the actions row]}; the board may add `scoreLines(outcome, ctx) -> {seat: [sentence]}`,
 * `endingText(outcome, ctx)` and `endReveal(ctx)` (HTML).
 * @param {{doc: import("../types/client").TableDoc, board: import("../types/client").Board, name: (seat: number) => string, boardCtx: import("../types/client").BoardCtx, isHost: boolean,
 *   rematch: {busy: boolean, onClick: (() => void) | null, invite: {who: string, href: string, mine: boolean, onClick: () => void} | null}, extra: import("../types/client").Child[]}} ctx
 */
export function gameOverPanel(ctx) {
  const { doc, board, name } = ctx;
  const o = doc.outcome;
  const winners = o.winners || [];
  const you = doc.you;
  const headline = winners.includes(you) && winners.length === 1 ? t("over.youWon")
    : winners.length > 1 ? t("over.wonShared", { who: winners.map((/** @type {number} */ w) => name(w)).join(", ") })
      : winners.length ? t("over.won", { who: name(winners[0]) }) : t("over.draw");
  const ending = board.endingText?.(o, ctx.boardCtx) || null;
  const perSeat = board.scoreLines?.(o, ctx.boardCtx) || null;
  const order = doc.seats.map((s) => s.seat).sort((a, b) => (o.scores ? o.scores[b] - o.scores[a] : 0) || (winners.includes(b) - winners.includes(a)));
  const rows = order.map((seat) => h("li", { class: winners.includes(seat) ? "winner" : null, "data-seat": seat },
    h("div", { class: "score-head" },
      h("span", {}, winners.includes(seat) ? "★ " : "", name(seat)),
      o.scores ? h("strong", { class: "num" }, (o.scores[seat] === 1 ? t("over.point") : t("over.points", { n: o.scores[seat] }))) : null),
    perSeat?.[seat]?.length ? h("p", { class: "muted score-words" }, perSeat[seat].join(" · ")) : null));
  const reveal = board.endReveal?.(ctx.boardCtx) || null;
  const rm = ctx.rematch || {};
  return h("section", { class: "panel scores gameover", id: "scores" },
    h("h2", {}, t("table.scores")),
    h("p", { class: "headline", id: "winners" }, headline),
    ending ? h("p", { class: "ending" }, ending) : null,
    h("ol", { class: "score-list" }, rows),
    !perSeat && o.detail && Object.keys(o.detail).length
      ? h("div", { class: "breakdown" }, h("h3", {}, t("table.breakdown")), h("ul", {}, genericLines(o.detail, name).map((l) => h("li", {}, l))))
      : null,
    reveal ? h("div", { class: "end-reveal", id: "end-reveal" }, h("h3", {}, t("over.reveal")), reveal) : null,
    rm.invite ? h("p", { class: "invitation", id: "rematch-invite" }, `${t("over.invited", { who: rm.invite.who })} `,
      h("a", { class: "button primary", href: rm.invite.href, id: "rematch-join", onclick: rm.invite.onClick }, rm.invite.mine ? t("over.toRematch") : t("over.joinRematch"))) : null,
    h("div", { class: "row end-actions" },
      ctx.isHost && rm.onClick && !rm.invite ? h("button", { class: "button primary", type: "button", id: "rematch", disabled: !!rm.busy, onclick: rm.onClick }, rm.busy ? t("over.rematchWait") : t("over.rematch")) : null,
      ctx.extra || null,
      h("a", { class: "button", href: "#/", id: "to-lobby" }, t("table.toLobby"))));
}
