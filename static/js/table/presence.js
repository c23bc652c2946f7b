// Presence dots in the seat lists: whether each player is connected, away (a reload, a
// tunnel: within the grace period) or gone. The server sends `presence` frames when the
// socket asks for them at auth (server/presence.py); the dot's text is for screen readers.
import { h } from "../dom.js";
import { t, extend } from "../i18n.js";

extend({
  en: {
    "presence.connected": "connected", "presence.away": "away", "presence.gone": "gone",
    "presence.label": "{name} is {status}",
  },
  es: {
    "presence.connected": "conectado", "presence.away": "ausente", "presence.gone": "se ha ido",
    "presence.label": "{name}: {status}",
  },
});

const STATUSES = new Set(["connected", "away", "gone"]);

/** The table add-on: `onPresence(frame)` keeps the latest statuses, `seat(s, ctx)` draws a dot. */
/** @param {import("../types/client").AddonEnv} env @returns {import("../types/client").Addon} */
export function presenceAddon(env) {
  /** @type {Record<string, string>} */
  let seats = {};
  /** @param {number} seat @param {(seat: number, opts?: {you?: boolean}) => string} name */
  const dot = (seat, name) => {
    const status = seats[String(seat)];
    if (!STATUSES.has(status)) return null;
    const label = t("presence.label", { name: name(seat, { you: false }), status: t(`presence.${status}`) });
    return h("span", { class: `presence ${status}`, "data-presence": status, "data-seat": String(seat), title: label },
      h("span", { class: "presence-dot", "aria-hidden": "true" }),
      h("span", { class: "sr-only" }, label));
  };
  /**
   * Redraw only the dots when every seat that has a status already shows one; false when
   * a dot must appear or go (then the page redraws). A player's status changes while
   * another player is choosing: rebuilding the page then would swallow their click.
   */
  const redrawDots = () => {
    const shown = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-presence][data-seat]"))];
    const have = new Set(shown.map((el) => el.dataset.seat));
    const want = Object.keys(seats).filter((k) => STATUSES.has(seats[k]));
    if (!shown.length || want.length !== have.size || !want.every((k) => have.has(k))) return false;
    for (const el of shown) el.replaceWith(/** @type {HTMLElement} */ (dot(Number(el.dataset.seat), env.tools.name))); // every shown seat has a status (checked above)
    return true;
  };
  return {
    onPresence(frame) {
      // Frames repeat every heartbeat; draw only on a change.
      const next = frame.seats || {};
      if (JSON.stringify(next) === JSON.stringify(seats)) return;
      seats = next;
      if (!redrawDots()) env.rerender();
    },
    seat(s, ctx) {
      return dot(s.seat, ctx.name);
    },
  };
}
