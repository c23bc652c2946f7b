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
export function presenceAddon(env) {
  let seats = {};
  return {
    onPresence(frame) {
      // Frames repeat every heartbeat; redraw only on a change, so a page is never
      // rebuilt under a player's click for nothing.
      const next = frame.seats || {};
      if (JSON.stringify(next) === JSON.stringify(seats)) return;
      seats = next;
      env.rerender();
    },
    seat(s, ctx) {
      const status = seats[String(s.seat)];
      if (!STATUSES.has(status)) return null;
      const label = t("presence.label", { name: ctx.name(s.seat, { you: false }), status: t(`presence.${status}`) });
      return h("span", { class: `presence ${status}`, "data-presence": status, "data-seat": String(s.seat), title: label },
        h("span", { class: "presence-dot", "aria-hidden": "true" }),
        h("span", { class: "sr-only" }, label));
    },
  };
}
