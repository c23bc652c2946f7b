// The lobby: the games, a create-table form rendered from each game's option schema,
// public tables waiting for players and this browser's own tables.
import { h, clear } from "./dom.js";
import { t, has, pick, onLangChange } from "./i18n.js";
import { api } from "./api.js";
import { saveGrant, savedName, saveName, myTables } from "./storage.js";
import { gameBlurb } from "./games.js";
import { problemText } from "./problems.js";

const CLOCK_KINDS = ["none", "per_decision", "bank", "correspondence"];
/** @type {Record<string, number>} */
const CLOCK_DEFAULTS = { per_decision: 60, bank: 600, correspondence: 86400 };
const MIN_CLOCK_SECONDS = 5;

const BOT_LEVELS = ["random", "heuristic", "search"];  // weakest to strongest
const SEARCH_BOTS_THAT_FIT = 3;  // more searching bots make every round wait for each

// A bot's move runs on its seat's clock like anyone's: a level fits a clock that leaves
// twice its thinking per decision (a busy server queues bots), or a bank that its increment
// covers or that holds its thinking over a long game (`decisions` of them).
/** @param {number | undefined} think @param {Clock | null} clock @param {number} decisions */
function thinkFits(think, clock, decisions) {
  if (!think || !clock) return true;
  if (clock.kind === "per_decision") return 2 * think <= clock.seconds;
  if (clock.kind === "bank") return think <= (clock.increment || 0) || think * decisions <= clock.seconds;
  return true;  // correspondence: a day or more a decision
}

/** @typedef {{kind: string, seconds: number, increment?: number}} Clock the time control a table is created with */

/** @param {FormData} fd @returns {Clock | null} */
function clockOf(fd) {
  const kind = String(fd.get("clock-kind") || "none");
  if (kind === "none") return null;
  /** @type {Clock} */
  const clock = { kind, seconds: Math.round(Number(fd.get("clock-seconds"))) };
  if (kind === "bank") clock.increment = Math.max(0, Math.round(Number(fd.get("clock-increment")) || 0));
  return clock;
}

/** @param {HTMLElement} root */
export function mountLobby(root) {
  /** @type {import("./types/client").GameInfo[]} */
  let games = [];
  /** @type {import("./types/client").Schemas["TableSummary"][]} */
  let tables = [];
  /** @type {import("./types/client").GameInfo | null | undefined} */
  let selected = null;
  /** @type {string | null} */
  let error = null;
  let disposed = false;

  const render = () => {
    if (disposed) return;
    clear(root).append(
      h("section", { class: "hero" }, h("h1", {}, "Spyhouse"), h("p", {}, t("app.tagline"))),
      h("div", { class: "lobby" },
        h("section", { class: "panel games", "aria-labelledby": "games-h" },
          h("h2", { id: "games-h" }, t("lobby.games")),
          h("ul", { class: "game-list" }, games.map(gameCard))),
        h("section", { class: "panel create", "aria-labelledby": "create-h" },
          h("h2", { id: "create-h" }, t("lobby.create")),
          games.length ? createForm() : null,
          error ? h("p", { class: "error", role: "alert" }, error) : null),
        h("section", { class: "panel public", "aria-labelledby": "public-h" },
          h("h2", { id: "public-h" }, t("lobby.public")),
          tables.length
            ? h("ul", { class: "table-list" }, tables.map((tb) => h("li", {},
                h("span", {}, tb.title, " · ", tb.seats.filter((s) => s.kind !== "open").length, "/", tb.seats.length),
                h("a", { class: "button small", href: tb.invite_code ? `#/join/${tb.invite_code}` : `#/table/${tb.table_id}` }, t("lobby.join")))))
            : h("p", { class: "muted" }, t("lobby.noPublic")),
          mine()),
      ),
    );
  };

  const mine = () => {
    const own = Object.entries(myTables()).slice(-6).reverse();
    if (!own.length) return null;
    return [h("h2", {}, t("lobby.yourTables")), h("ul", { class: "table-list" }, own.map(([id, g]) => h("li", {},
      h("span", { translate: "no" }, games.find((x) => x.id === g.game)?.title || g.game || id),
      h("a", { class: "button small", href: `#/table/${id}` }, t("lobby.open")))))];
  };

  const gameCard = (/** @type {import("./types/client").GameInfo} */ g) => h("li", { class: `game-card${selected?.id === g.id ? " selected" : ""}` },
    h("button", { class: "game-pick", "data-game": g.id, "aria-pressed": String(selected?.id === g.id), onclick: () => {
      selected = g;
      render();
      if (matchMedia("(max-width: 900px)").matches) root.querySelector("#create-h")?.scrollIntoView({ behavior: "smooth" });
    } },
      h("strong", { translate: "no" }, g.title),
      h("span", { class: "muted" }, t("lobby.players", { min: g.min_seats, max: g.max_seats }))),
    h("p", {}, pick(gameBlurb(g.id)) || g.description),
    h("a", { href: `#/rules/${g.id}` }, t("lobby.rules")));

  const createForm = () => {
    const g = selected || games[0];
    const props = g.options_schema.properties || {};
    const seatsSel = h("select", { name: "seats", id: "f-seats" },
      Array.from({ length: g.max_seats - g.min_seats + 1 }, (_, i) => g.min_seats + i)
        .map((n) => h("option", { value: n, selected: n === g.default_seats[0] }, n)));
    const botsSel = h("select", { name: "bots", id: "f-bots" });
    const levelSel = h("select", { name: "bot-level", id: "f-bot-level" },
      BOT_LEVELS.map((lv) => h("option", { value: lv }, t(`bot.${lv}`))));
    // The strongest level whose thinking fits the table's clock (the server says how long
    // each level thinks), and search only for a few bots; the host may still pick another.
    /** @type {HTMLFormElement | null} */
    let form = null;
    // Why the strongest level was not chosen, said on the form (never a silent change).
    const levelNote = h("p", { class: "muted small", id: "f-bot-level-note", "aria-live": "polite", hidden: true });
    const preselect = () => {
      const clock = form ? clockOf(new FormData(form)) : null;
      const think = Object.fromEntries((g.bots || []).map((b) => [b.level, b.think_seconds]));
      const clockFits = (/** @type {string} */ lv) => thinkFits(think[lv], clock, g.decisions_per_seat || 100);
      const tooMany = Number(botsSel.value) > SEARCH_BOTS_THAT_FIT;
      const fitting = BOT_LEVELS.filter((lv) => clockFits(lv) && (lv !== "search" || !tooMany));
      levelSel.value = fitting.at(-1) || "random";
      const why = fitting.includes("search") ? null
        : !clockFits("search") ? t("create.searchClock", { level: t(`bot.${levelSel.value}`) })
        : t("create.searchTooMany", { n: SEARCH_BOTS_THAT_FIT, level: t(`bot.${levelSel.value}`) });
      levelNote.textContent = why || "";
      levelNote.hidden = !why;
    };
    const fillBots = () => {
      const n = Number(seatsSel.value);
      clear(botsSel).append(...Array.from({ length: n }, (_, i) => h("option", { value: i, selected: i === n - 2 }, i)));
      preselect();
    };
    seatsSel.addEventListener("change", fillBots);
    botsSel.addEventListener("change", preselect);
    fillBots();
    const optionInputs = Object.entries(props).map(([key, p]) => optionField(key, {
      ...p,
      title: has(`opt.${g.id}.${key}`) ? t(`opt.${g.id}.${key}`) : p.title,
      description: has(`opt.${g.id}.${key}.help`) ? t(`opt.${g.id}.${key}.help`) : p.description,
    }));
    form = h("form", { class: "form", oninput: (/** @type {import("./types/client").On<HTMLElement>} */ e) => { if (e.target.closest("#f-clock-set")) preselect(); }, onsubmit: async (/** @type {Event} */ e) => {
      e.preventDefault();
      const fd = new FormData(/** @type {HTMLFormElement} */ (form));
      /** @type {Record<string, unknown>} */
      const options = {};
      for (const [key, p] of Object.entries(props)) {
        if (p.type === "boolean") options[key] = fd.get(`opt-${key}`) === "on";
        else if (p.type === "integer" || p.type === "number") options[key] = Number(fd.get(`opt-${key}`));
        else options[key] = fd.get(`opt-${key}`);
      }
      const name = String(fd.get("name") || "").trim();
      saveName(name);
      const seats = Number(fd.get("seats"));
      const bots = Number(fd.get("bots"));
      const level = String(fd.get("bot-level") || "random");
      const clock = clockOf(fd);
      if (clock && !(clock.seconds >= MIN_CLOCK_SECONDS)) {
        error = t("create.clockMin");
        render();
        return;
      }
      try {
        const created = await api.create({
          game: g.id, seats, options, host_name: name,
          private: fd.get("private") === "on", spectators: fd.get("spectators") === "on",
          publish_log: fd.get("publish") === "on",
          ...(clock ? { clock, handover_after: Number(fd.get("handover-after")) || 2 } : {}),
        });
        saveGrant(created.table_id, {
          game: g.id, seat: 0, token: created.seat?.seat_token, host: created.host_token,
          invite: created.invite_code, inviteUrl: created.invite_url, name,
        });
        for (let i = 0; i < bots; i++) await api.bot(created.table_id, seats - 1 - i, created.host_token, level);
        location.hash = `#/table/${created.table_id}`;
      } catch (err) {
        error = problemText(err);
        render();
      }
    } },
      h("label", {}, t("create.game"), h("select", { name: "game", id: "f-game", onchange: (/** @type {import("./types/client").On<HTMLSelectElement>} */ e) => { selected = games.find((x) => x.id === e.target.value); render(); } },
        games.map((x) => h("option", { value: x.id, selected: x.id === g.id }, x.title)))),
      h("div", { class: "row" },
        h("label", {}, t("create.seats"), seatsSel),
        h("label", {}, t("create.bots"), botsSel),
        h("label", { class: "wide" }, t("create.botLevel"), levelSel)),
      levelNote,
      h("label", {}, t("create.name"), h("input", { name: "name", id: "f-name", required: true, maxlength: 40, value: savedName() || "", autocomplete: "nickname", oninput: (/** @type {import("./types/client").On} */ e) => saveName(e.target.value) })),
      h("fieldset", {}, h("legend", {}, t("create.options")),
        optionInputs.length ? optionInputs : h("p", { class: "muted" }, t("create.noOptions"))),
      clockFields(),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "private", checked: true }), t("create.private")),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "spectators" }), t("create.spectators")),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "publish", checked: true }), t("create.publish")),
      h("button", { type: "submit", class: "button primary", id: "f-create" }, t("create.submit")));
    return form;
  };

  // The time control: none, per decision, a bank (+ increment) or correspondence; the
  // number fields show only when a clock is chosen (the server checks seconds ≥ 5 too).
  let clockKind = "none";
  const clockFields = () => {
    const seconds = h("input", { type: "number", name: "clock-seconds", id: "f-clock-seconds", min: MIN_CLOCK_SECONDS, max: 30 * 86400, step: 1, value: CLOCK_DEFAULTS[clockKind] ?? 60 });
    const increment = h("label", { hidden: clockKind !== "bank" }, t("create.clockIncrement"),
      h("input", { type: "number", name: "clock-increment", id: "f-clock-increment", min: 0, max: 86400, step: 1, value: 5 }));
    const handover = h("label", {}, t("create.handoverAfter"),
      h("input", { type: "number", name: "handover-after", id: "f-handover-after", min: 1, max: 20, step: 1, value: 2 }));
    const details = h("div", { class: "row", hidden: clockKind === "none" },
      h("label", {}, t("create.clockSeconds"), seconds), increment, handover);
    const kindSel = h("select", { name: "clock-kind", id: "f-clock", onchange: (/** @type {import("./types/client").On<HTMLSelectElement>} */ e) => {
      clockKind = e.target.value;
      details.hidden = clockKind === "none";
      increment.hidden = clockKind !== "bank";
      seconds.value = String(CLOCK_DEFAULTS[clockKind] ?? seconds.value);
    } }, CLOCK_KINDS.map((k) => h("option", { value: k, selected: k === clockKind }, t(`clock.${k}`))));
    // The legend already says "Clock": the select's own label is for screen readers only.
    return h("fieldset", { id: "f-clock-set" }, h("legend", {}, t("create.clock")), h("label", {}, h("span", { class: "sr-only" }, t("create.clock")), kindSel), details);
  };

  const load = async () => {
    try {
      [games, tables] = await Promise.all([api.games(), api.publicTables()]);
      selected = selected || games[0] || null;
    } catch (err) { error = problemText(err); }
    render();
  };
  const off = onLangChange(render);
  const timer = setInterval(async () => {
    try { tables = await api.publicTables(); render(); } catch { /* keep the last list */ }
  }, 15000);
  render();
  load();
  return () => { disposed = true; off(); clearInterval(timer); };
}

/** @param {string} key @param {import("./types/client").Json} p the option's JSON schema */
function optionField(key, p) {
  const label = p.title || key;
  // A description that opens with the option's own name ("Enigma promo: …", "Double
  // Agent expansion: …", "VIP Casino Roulette: …") says it once: what follows its colon.
  const head = p.description?.split(":")[0].toLowerCase();
  const text = p.description?.includes(":") && head?.includes(label.toLowerCase())
    ? p.description.slice(p.description.indexOf(":") + 1).trim() : p.description;
  const help = text ? h("small", { class: "muted" }, text) : null;
  if (p.type === "boolean") {
    return h("label", { class: "check" }, h("input", { type: "checkbox", name: `opt-${key}`, checked: !!p.default }), h("span", {}, label, help ? [" ", help] : null));
  }
  if (p.enum) {
    return h("label", {}, label, h("select", { name: `opt-${key}` }, p.enum.map((/** @type {string | number} */ v) => h("option", { value: v, selected: v === p.default }, v))), help);
  }
  if (p.type === "integer" || p.type === "number") {
    return h("label", {}, label, h("input", { type: "number", name: `opt-${key}`, value: p.default ?? 0, min: p.minimum, max: p.maximum }), help);
  }
  return h("label", {}, label, h("input", { name: `opt-${key}`, value: p.default ?? "" }), help);
}
