// Reveal moments played step by step: the board waits on what it showed before while
// each step (a location resolving, a card played, a rank revealed, a duel's bid) shows
// for a short pause, then moves on. "Skip" jumps to the end.
import { h } from "../dom.js";
import { t, extend } from "../i18n.js";

extend({
  en: { "reveal.title": "What just happened", "reveal.skip": "Skip", "reveal.step": "{i} of {n}" },
  es: { "reveal.title": "Lo que acaba de pasar", "reveal.skip": "Saltar", "reveal.step": "{i} de {n}" },
});

export const STEP_MS = 1600;

export class RevealPlayer {
  /** @param {() => void} onChange called whenever the step shown changes or ends */
  constructor(onChange) {
    this.onChange = onChange;
    /** @type {import("../types/client").RevealStep[]} */
    this.steps = [];
    this.index = -1;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
  }

  get active() { return this.index >= 0 && this.index < this.steps.length; }

  get current() { return this.active ? this.steps[this.index] : null; }

  /** Queue steps ({text, focus?, detail?}); starts playing if idle. */
  /** @param {import("../types/client").RevealStep[]} steps */
  play(steps) {
    if (!steps.length) return;
    if (this.active) { this.steps.push(...steps); return; }
    this.steps = steps.slice();
    this.index = 0;
    this._arm();
    this.onChange();
  }

  _arm() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.index += 1;
      if (this.active) this._arm(); else this._end();
      this.onChange();
    }, STEP_MS);
  }

  _end() {
    clearTimeout(this.timer);
    this.steps = [];
    this.index = -1;
  }

  skip() {
    if (!this.active) return;
    this._end();
    this.onChange();
  }

  stop() { this._end(); }

  /** The strip above the board. */
  panel() {
    const step = this.current;
    if (!step) return null;
    return h("section", { class: "reveal", id: "reveal", "aria-live": "polite", "data-step": this.index + 1, "data-steps": this.steps.length },
      h("div", { class: "reveal-head" },
        h("strong", {}, t("reveal.title")),
        h("span", { class: "muted" }, t("reveal.step", { i: this.index + 1, n: this.steps.length })),
        h("button", { class: "button small", type: "button", id: "reveal-skip", onclick: () => this.skip() }, t("reveal.skip"))),
      h("p", { class: "reveal-text" }, step.text),
      step.detail || null);
  }
}
