// Turn a server problem (or a network failure) into a sentence for people.
import { t } from "./i18n.js";

/** @param {any} err an ApiError, a problem document or an error frame @returns {string} */
export function problemText(err) {
  const p = err?.problem || err || {};
  if (p.code === "offline" || p.code === "network") return t("error.offline");
  return p.detail || p.title || String(err?.message || t("error.generic"));
}
