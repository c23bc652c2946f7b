// Seat names and colours as players see them.
/** @import { TableDoc } from "./types/client" */
import { t } from "./i18n.js";
import { h } from "./dom.js";

/** @param {TableDoc | null | undefined} doc @param {number | null | undefined} seat @param {{you?: boolean}} [opts] */
export function seatName(doc, seat, { you = true } = {}) {
  if (seat === null || seat === undefined) return "";
  const info = doc?.seats?.find((s) => s.seat === seat);
  const name = info?.name || t("seat.name", { n: seat + 1 });
  return you && doc?.you === seat ? `${name} (${t("seat.you")})` : name;
}

/** A seat's name in a list: one line, cut with "…" when long; the whole name as its tooltip. */
/** @param {string} name */
export function seatLabel(name) {
  return h("span", { class: "seat-name", title: name }, name);
}

// The seat palette of static/styles.css (--seat-0 …), for figures drawn outside a board.
export const PALETTE = ["#d55e00", "#009e73", "#0072b2", "#e69f00", "#cc79a7", "#56b4e9"];
