// Tiny DOM helpers: h() for HTML, s() for SVG. No framework, no build step.

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.setAttribute("class", v);
    else if (k === "text") el.textContent = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** h("div", {class: "x"}, child, ...) */
export function h(tag, attrs = {}, ...children) {
  return apply(document.createElement(tag), attrs, children);
}

/** s("rect", {x: 0}, child, ...) for SVG elements. */
export function s(tag, attrs = {}, ...children) {
  return apply(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Humanise an identifier: "place_intel" -> "Place intel". */
export function humanise(id) {
  const text = String(id).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Make an element behave like a button for mouse and keyboard. */
export function pressable(el, onPress, label) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  if (label) el.setAttribute("aria-label", label);
  // Explained icons inside a choice are reached through the choice (one tab stop).
  for (const d of el.querySelectorAll("[data-gloss]")) {
    d.removeAttribute("tabindex");
    d.removeAttribute("role");
    d.removeAttribute("aria-label");
  }
  el.addEventListener("click", (e) => { e.preventDefault(); onPress(); });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPress(); }
  });
  return el;
}
