// A table's time control in words (lobby, waiting room): "Clock: 1:00 per decision."
import { t } from "./i18n.js";

/** "45 s", "5 min", "1 h 30 min", "2 d" — a duration as a person says it. @param {unknown} seconds */
export function duration(seconds) {
  const s = Math.round(Number(seconds) || 0);
  if (s >= 86400 && s % 3600 === 0) return `${Math.floor(s / 86400)} d${s % 86400 ? ` ${(s % 86400) / 3600} h` : ""}`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h${s % 3600 >= 60 ? ` ${Math.floor((s % 3600) / 60)} min` : ""}`;
  if (s >= 60) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
  return `${s} s`;
}

/** The sentence for a document's `clock` (null: no clock). @param {import("./types/client").Json} clock */
export function clockText(clock) {
  if (!clock) return t("clock.describe.none");
  const line = t(`clock.describe.${clock.kind}`, { time: duration(clock.seconds), increment: Math.round(clock.increment || 0) });
  return `${line} ${t("clock.describe.handover", { n: clock.handover_after })}`;
}
