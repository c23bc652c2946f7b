// "Your turn" outside the page: the tab title, the favicon, an optional sound and an
// opt-in browser notification while the tab is hidden.
import { pref } from "../prefs.js";

const BASE_ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M8 1l7 7-7 7-7-7z' fill='%23c8a24a'/%3E%3C/svg%3E";
const TURN_ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M8 1l7 7-7 7-7-7z' fill='%23c8a24a'/%3E%3Ccircle cx='12' cy='4' r='4' fill='%23d64541'/%3E%3C/svg%3E";

let lastMine = false;

/** @param {string} href */
function setIcon(href) {
  let link = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[rel=icon]"));
  if (!link) { link = document.createElement("link"); link.rel = "icon"; document.head.append(link); }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

function beep() {
  try {
    const ac = new (window.AudioContext || /** @type {any} */ (window).webkitAudioContext)();
    const o = ac.createOscillator();
    const g = ac.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.08, ac.currentTime);
    g.gain.exponentialRampToValueAtTime(0.0001, ac.currentTime + 0.35);
    o.connect(g).connect(ac.destination);
    o.start();
    o.stop(ac.currentTime + 0.36);
  } catch { /* no audio */ }
}

/** Ask the browser for notification permission (from a click: browsers require it). */
export async function askNotifications() {
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  try { return (await Notification.requestPermission()) === "granted"; } catch { return false; }
}

/**
 * Reflect whose turn it is: `mine` true when this seat must decide. `title` is the page's
 * own title ("Estoril 1942"), `turnText` the localised "Your turn".
 * @param {boolean} mine @param {string} title @param {string} turnText
 */
export function showTurn(mine, title, turnText) {
  document.title = mine ? `● ${turnText} — ${title}` : `${title} — Spyhouse`;
  setIcon(mine ? TURN_ICON : BASE_ICON);
  if (mine && !lastMine) {
    if (pref("sound")) beep();
    if (pref("notify") && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification(turnText, { body: title, tag: "spyhouse-turn" }); } catch { /* ignore */ }
    }
  }
  lastMine = mine;
}

/** Leave the table page: the plain title and icon again. */
export function resetTurn() {
  lastMine = false;
  document.title = "Spyhouse";
  setIcon(BASE_ICON);
}
