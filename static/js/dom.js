// Tiny DOM helpers: h() for HTML, s() for SVG. No framework, no build step.
/** @import { Attrs, Child } from "./types/client" */

const SVG_NS = "http://www.w3.org/2000/svg";
const HANDLERS = Symbol("handlers");   // type → the functions listen() gave the element
const SHOWN = Symbol("shown");         // an element patch() put on the page as it was
const KEEP = Symbol("keep");           // a stand-in for an element that stays where it is
const LONG_LIVED = Symbol("long-lived"); // an element kept between redraws (see keep())
const PART = Symbol("part");           // the Parts record of an element built for one

/** Calls what the latest redraw gave the element for this event. One listener per type
 * stays on the element, so a redraw only swaps functions instead of removing and adding
 * listeners on every element of the page.
 * @this {any} @param {Event} e */
function dispatch(e) {
  for (const fn of this[HANDLERS]?.[e.type] ?? []) fn.call(this, e);
}

/** addEventListener, remembered so that patch() can hand it to the element on the page.
 * @param {Element} el @param {string} type @param {(e: any) => void} fn */
export function listen(el, type, fn) {
  const handlers = (/** @type {any} */ (el)[HANDLERS] ||= {});
  if (!handlers[type]) { handlers[type] = []; el.addEventListener(type, dispatch); }
  handlers[type].push(fn);
}

/** @template {HTMLElement | SVGElement} E @param {E} el @param {Attrs | undefined} attrs @param {Child[]} children @returns {E} */
function apply(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") listen(el, k.slice(2), v);
    else if (k === "class") el.setAttribute("class", v);
    else if (k === "text") el.textContent = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of /** @type {any[]} */ (children).flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? standIn(c) : document.createTextNode(String(c)));
  }
  return el;
}

/** Mark an element an add-on keeps between redraws (the chat panel): once it is on the page,
 * a redraw leaves it where it is instead of moving it out and back. */
/** @template {Element} E @param {E} el @returns {E} */
export function keep(el) {
  /** @type {any} */ (el)[LONG_LIVED] = true;
  return el;
}

/** Stand-ins made since the last patch(): one left on the page (its new parent was put
 * there whole, not patched) gives way to its element when the patch ends. */
/** @type {Comment[]} */
const standIns = [];

/** A kept element already on the page is not moved into a tree being built: a stand-in takes
 * its place, and patch() leaves the element where it is. Moving it out and back would blur
 * what has focus in it (the chat box: a phone's keyboard would flicker on every move). */
/** @param {Node} node @returns {Node} */
function standIn(node) {
  if (!(/** @type {any} */ (node)[LONG_LIVED]) || !node.isConnected) return node;
  const mark = document.createComment("kept");
  /** @type {any} */ (mark)[KEEP] = node;
  standIns.push(mark);
  return mark;
}

/**
 * Parts of the page that are kept as they are while what they show stays the same: a
 * long game's log and the glossary are most of a table's elements but change at a move,
 * not at each redraw (a click that builds a decision, a clock tick). A part unchanged is
 * neither built again nor compared with the page.
 */
export class Parts {
  /** @type {Map<string, {signature: string, el: Element}>} */
  #shown = new Map();

  /**
   * The element on the page for `key` if `signature` (a text that changes whenever what
   * `build` would draw changes) is the same as last time, else a new one from `build`.
   * @template {Element} E @param {string} key @param {string} signature @param {() => E} build @returns {E}
   */
  get(key, signature, build) {
    const last = this.#shown.get(key);
    if (last && last.signature === signature) return /** @type {E} */ (keep(last.el));
    const el = build();
    const record = { signature, el };
    /** @type {any} */ (el)[PART] = record;  // patch() points it at the element it updates
    this.#shown.set(key, record);
    return el;
  }
}

/** h("div", {class: "x"}, child, ...): typed as the tag's element (`h("input")` an input).
 * @template {string} K @param {K} tag @param {Attrs} [attrs] @param {...Child} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement} */
export function h(tag, attrs = {}, ...children) {
  return /** @type {any} */ (apply(document.createElement(tag), attrs, children));
}

/** s("rect", {x: 0}, child, ...) for SVG elements.
 * @param {string} tag @param {Attrs} [attrs] @param {...Child} children @returns {SVGElement} */
export function s(tag, attrs = {}, ...children) {
  return apply(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** @template {Node} N @param {N} el @returns {N} */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Whether a scrolled list shows its end (within a line's slack): one left there follows
 * what is added, one scrolled back stays where the reader is.
 * @param {Element} el */
export function atEnd(el) {
  return el.scrollHeight - el.scrollTop - el.clientHeight < 24;
}

/** Humanise an identifier: "place_intel" -> "Place intel". @param {unknown} id */
export function humanise(id) {
  const text = String(id).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The words an element shows (not its tooltips' <title>), on one line.
 * @param {Element} el
 * @returns {string}
 */
function shownText(el) {
  const parts = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (!n.parentElement?.closest("title")) parts.push(n.textContent || "");
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

/** Make an element behave like a button for mouse and keyboard.
 * @template {Element} E @param {E} el @param {() => void} onPress @param {string} [label] @returns {E} */
export function pressable(el, onPress, label) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  // A name that starts with what the element shows (WCAG 2.5.3: a voice user says what
  // they see), then what the label adds. A button's content is presentational anyway:
  // hidden from the accessibility tree, it is read once, through this name (its pieces
  // of SVG text would otherwise run together: "Mission 12Scout").
  const named = label || el.getAttribute("aria-label");
  if (named) {
    // SVG runs the words of its <text> pieces together when read as one: a trailing
    // space each (not drawn) keeps them words.
    for (const piece of el.querySelectorAll("text, tspan")) {
      const last = piece.lastChild;
      if (last && last.nodeType === Node.TEXT_NODE && !/\s$/.test(last.textContent || "")) last.textContent += " ";
    }
    const shown = shownText(el);
    el.setAttribute("aria-label", shown && !named.toLowerCase().includes(shown.toLowerCase()) ? `${shown} — ${named}` : named);
    for (const child of el.children) child.setAttribute("aria-hidden", "true");
  }
  // Explained icons inside a choice are reached through the choice (one tab stop).
  for (const d of el.querySelectorAll("[data-gloss]")) {
    d.removeAttribute("tabindex");
    d.removeAttribute("role");
    d.removeAttribute("aria-label");
  }
  listen(el, "click", (/** @type {Event} */ e) => { e.preventDefault(); onPress(); });
  listen(el, "keydown", (/** @type {KeyboardEvent} */ e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPress(); }
  });
  return el;
}

/**
 * Update the page in place: `live`'s children become `next`'s (freshly built with h()/s()),
 * but every element already on the page that matches its new self (same tag and id, in
 * order) stays and only takes the new attributes, text, listeners and children. So a
 * redraw keeps what the browser holds in the elements themselves: scroll positions, focus,
 * text being typed, a <details> the player opened or closed (its `open` stays the
 * player's), and nothing flashes. An element an add-on keeps between redraws (the chat)
 * stays as it is, where it is (see standIn). Listeners must have been added by h() or listen().
 * @template {Node} N @param {N} live @param {Node} next @returns {N}
 */
export function patch(live, next) {
  patchChildren(live, next);
  for (const mark of standIns) if (mark.isConnected) mark.replaceWith(/** @type {any} */ (mark)[KEEP]);
  standIns.length = 0;
  return live;
}

/** @param {Node} live @param {Node} next */
function patchChildren(live, next) {
  /** @type {any} */
  let at = live.firstChild;
  /** @type {any} */
  let node = next.firstChild;
  while (node) {
    const following = node.nextSibling;  // before the node moves to the page
    if (node[KEEP]) {
      if (at === node[KEEP]) at = at.nextSibling;
      else live.insertBefore(node[KEEP], at);
    } else if (at && !node[SHOWN] && matches(at, node)) {
      update(at, node);
      if (node[PART]) node[PART].el = at;
      at = at.nextSibling;
    } else {
      live.insertBefore(node, at);
      if (node.nodeType === 1) node[SHOWN] = true;
    }
    node = following;
  }
  while (at) { const gone = at; at = at.nextSibling; live.removeChild(gone); }
}

/** @param {any} a @param {any} b DOM nodes (the checks narrow them by nodeType) */
function matches(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== 1) return true;
  return a.namespaceURI === b.namespaceURI && a.localName === b.localName && a.getAttribute("id") === b.getAttribute("id");
}

/** @param {any} a @param {any} b DOM nodes that match() */
function update(a, b) {
  if (a.nodeType !== 1) { if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue; return; }
  const details = a.localName === "details";  // its `open` stays the player's
  const newValue = a.getAttribute("value") !== b.getAttribute("value");
  for (const name of a.getAttributeNames()) if (!b.hasAttribute(name) && !(details && name === "open")) a.removeAttribute(name);
  for (const name of b.getAttributeNames()) {
    const value = b.getAttribute(name);
    if (a.getAttribute(name) !== value && !(details && name === "open")) a.setAttribute(name, value);
  }
  const handlers = b[HANDLERS];
  if (handlers) for (const type in handlers) if (!a[HANDLERS]?.[type]) a.addEventListener(type, dispatch);
  if (handlers || a[HANDLERS]) a[HANDLERS] = handlers;
  patchChildren(a, b);
  if (a.localName === "input") {
    if (a.type === "checkbox" || a.type === "radio") a.checked = b.checked;
    else if (newValue) a.value = b.value;
  } else if (a.localName === "select" && a.value !== b.value) a.value = b.value;
}
