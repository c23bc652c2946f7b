// Nothing leaves before the player says so: the final click of a decision shows what
// will be sent, with Confirm and Change (a per-browser setting turns this off), and the
// host's seat actions ask first in a dialog.
import { h } from "../dom.js";
import { t, extend } from "../i18n.js";

extend({
  en: {
    "confirm.title": "Send this move?", "confirm.send": "Confirm", "confirm.change": "Change",
    "confirm.ok": "Yes, do it", "confirm.cancel": "Cancel",
    "confirm.toBot": "Hand {name}'s seat to a bot until you give it back?",
    "confirm.remove": "Remove {name} from seat {n}?",
  },
  es: {
    "confirm.title": "¿Enviar esta jugada?", "confirm.send": "Confirmar", "confirm.change": "Cambiar",
    "confirm.ok": "Sí, hazlo", "confirm.cancel": "Cancelar",
    "confirm.toBot": "¿Pasar el asiento de {name} a un bot hasta que se lo devuelvas?",
    "confirm.remove": "¿Quitar a {name} del asiento {n}?",
  },
});

/** The bar shown instead of sending: what will be sent, Confirm and Change.
 * @param {string} summary @param {() => void} onConfirm @param {() => void} onChange */
export function confirmBar(summary, onConfirm, onChange) {
  return h("div", { class: "confirm-bar", id: "confirm", role: "group", "aria-label": t("confirm.title") },
    h("p", { class: "confirm-what" }, h("strong", {}, `${t("confirm.title")} `), summary),
    h("div", { class: "row" },
      h("button", { class: "button primary", type: "button", id: "confirm-send", onclick: onConfirm }, t("confirm.send")),
      h("button", { class: "button ghost", type: "button", id: "confirm-change", onclick: onChange }, t("confirm.change"))));
}

/** A modal question for actions that change someone's seat; resolves true on yes.
 * @param {string} question @returns {Promise<boolean>} */
export function askFirst(question) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "ask", id: "ask" },
      h("p", {}, question),
      h("div", { class: "row" },
        h("button", { class: "button primary", type: "button", id: "ask-yes", onclick: () => done(true) }, t("confirm.ok")),
        h("button", { class: "button ghost", type: "button", id: "ask-no", onclick: () => done(false) }, t("confirm.cancel"))));
    const done = (/** @type {boolean} */ answer) => { dialog.close(); dialog.remove(); resolve(answer); };
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); done(false); });
    document.body.append(dialog);
    dialog.showModal();
    /** @type {HTMLElement} */ (dialog.querySelector("#ask-no")).focus();
  });
}
