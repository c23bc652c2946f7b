// The fallback board: the seat's view as a readable outline. Any game is playable with
// it and the decision panel; game modules replace it with an SVG board.
import { h, humanise } from "../dom.js";

/** @param {unknown} value @param {number} depth @returns {Element} */
function node(value, depth) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", {}, value.map((v) => v ?? "—").join(", ") || "—");
    return h("ol", { class: "outline" }, value.map((v) => h("li", {}, node(v, depth + 1))));
  }
  if (typeof value === "object") {
    return h("dl", { class: "outline" }, Object.entries(value).flatMap(([k, v]) => [h("dt", {}, humanise(k)), h("dd", {}, node(v, depth + 1))]));
  }
  if (typeof value === "boolean") return h("span", {}, value ? "✓" : "✗");
  return h("span", {}, String(value));
}

/** @param {import("../types/client").BoardCtx} ctx */
export function render(ctx) {
  return h("div", { class: "generic-board", "data-board": "generic" }, node(ctx.view, 0));
}
