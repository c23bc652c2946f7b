// What just happened, on the board: after a change of version, every board element that
// looks different from before (a placed tile, a moved agent, a played card, a revealed
// rank) is marked `.moved` until the next change. Generic: it compares what each
// identified element shows (text, the cards/tiles it holds, where an agent stands),
// never a game's rules, so every board gets it for free.

const IDENTIFIED = "[data-slot],[data-location],[data-agent],[data-player],[data-side],[data-city]";

/** @param {Element} el */
function idOf(el) {
  const { dataset } = /** @type {HTMLElement} */ (el);
  for (const a of ["slot", "location", "agent", "player", "side", "city"]) {
    if (dataset[a] !== undefined) return `${a}:${dataset[a]}`;
  }
  return null;
}

/** @param {Element} el */
function signature(el) {
  const held = [.../** @type {NodeListOf<HTMLElement>} */ (el.querySelectorAll("[data-card],[data-tile]"))].map((x) => x.dataset.card ?? x.dataset.tile).join("|");
  let where = "";
  if (/** @type {HTMLElement} */ (el).dataset.agent !== undefined) {
    const r = el.querySelector("rect");
    where = r ? `${r.getAttribute("x")},${r.getAttribute("y")}` : "";
  }
  return `${el.textContent}#${held}#${where}#${el.getAttribute("opacity") || ""}`;
}

export class Highlighter {
  constructor() {
    /** @type {number | null} */
    this.version = null;
    /** @type {Map<string, string>} */
    this.before = new Map();
    /** @type {Set<string>} */
    this.moved = new Set();
  }

  /** The signatures of everything identified on the board now.
   * @param {Element | null} board */
  static snapshot(board) {
    /** @type {Map<string, string>} */
    const out = new Map();
    if (!board) return out;
    for (const el of board.querySelectorAll(IDENTIFIED)) {
      const id = idOf(el);
      if (id && !out.has(id)) out.set(id, signature(el));
    }
    return out;
  }

  /**
   * Call after each render of the board at `version`. A new version compares with what
   * the previous version showed; the same version only re-applies the marks.
   * @param {Element | null} board @param {number} version
   */
  apply(board, version) {
    if (!board) return;
    if (version !== this.version) {
      const now = Highlighter.snapshot(board);
      if (this.version !== null) {
        const changed = new Set([...now].filter(([id, sig]) => this.before.has(id) && this.before.get(id) !== sig).map(([id]) => id));
        // Mark the most specific changes only (a slot, not the whole player row around it).
        this.moved = new Set([...changed].filter((id) => {
          const el = board.querySelector(selectorOf(id));
          return el && ![...el.querySelectorAll(IDENTIFIED)].some((inner) => changed.has(idOf(inner) ?? ""));
        }));
      }
      this.version = version;
      this.before = now;
    }
    for (const id of this.moved) {
      const el = board.querySelector(selectorOf(id));
      if (el) el.classList.add("moved");
    }
  }
}

/** @param {string} id */
function selectorOf(id) {
  const i = id.indexOf(":");
  return `[data-${id.slice(0, i)}="${CSS.escape(id.slice(i + 1))}"]`;
}
