// Hand-written names for the generated types (openapi.d.ts, frames.d.ts), so the client's
// JSDoc reads `TableDoc`, not `components["schemas"]["TableDocument"]`. Not generated:
// edit freely, and keep it to aliases of what the server publishes.
import type { components } from "./openapi";
import type { ServerFrameOf } from "./frames";

export type Schemas = components["schemas"];

/**
 * Game-defined JSON (a view, an action, an event, options, an outcome, a clock) where the
 * published schema says only "an object": the client reads it per game. Explicitly `any`
 * so a board may read its own game's fields; it narrows to the published types once the
 * server describes them per game.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above — untyped in the published schema.
export type Json = any;

type GameParts = "view" | "options" | "clock" | "legal_actions" | "outcome";

/** A table document (REST `GET …/view`, or a socket's `state` frame, which adds `events`). */
export type TableDoc = Omit<Schemas["TableDocument"], GameParts> & {
  view: Json;
  options: Json;
  clock?: Json;
  legal_actions: Json[];
  outcome: Json;
  events?: Json[];
};

export type SeatInfo = Schemas["SeatInfo"];
export type GameInfo = Omit<Schemas["GameInfo"], "options_schema"> & { options_schema: Json };
export type LoggedEvent = Schemas["LoggedEvent"];
export type Problem = Schemas["ProblemDocument"];

/** A `state` frame: the table document at a version, with the events since the last one. */
export type StateFrame = ServerFrameOf<"state"> & TableDoc;

/** Attributes for `h()` / `s()`: `on…` listeners, `class`, `text`, `dataset`, or any attribute. */
export type Attrs = { [name: string]: Json } | null;
/** What `h()` / `s()` take as children: nodes, text, nested arrays; null/false are skipped. */
export type Child = Node | string | number | boolean | null | undefined | Child[];

/** A game event as the log and the boards read it (`LoggedEvent`, its `data` per game). */
export type GameEvent = Omit<LoggedEvent, "data"> & { data: Json; [field: string]: Json };

/** What a board (and every table add-on) is handed to draw one document: table.js's ctxFor. */
export interface BoardCtx {
  doc: TableDoc | null;
  view: Json;
  you: number | null | undefined;
  t: (key: string, vars?: Record<string, unknown>) => string;
  decision: import("../decisions.js").Decision;
  reader: number | null;
  sees: number | null;
  /** The log this page holds, oldest first (the table's own events too). */
  events?: GameEvent[];
  name: (seat: number | null | undefined, opts?: { you?: boolean }) => string;
  choice: <E extends Element>(el: E, partial: Json, label?: string) => E;
  choose: (partial: Json) => void;
  selected: (partial: Json) => boolean;
  small: boolean;
}

/** A step of a reveal: a sentence, the board element it is about, how long it shows. */
export type RevealStep = { text: string | null; focus?: string | null; detail?: Element | null; lines?: string[]; [field: string]: Json };

/** A game's board: every function a board may export, written down (and implemented in
 * full) in boards/generic.js; a game's module overrides what it draws. */
export type Board = import("../boards/generic.js").Board;

/** What a table add-on (clocks, chat, presence, replay) is given by table.js. */
export interface AddonEnv {
  tableId: string;
  grant: import("../storage.js").Grant;
  token: string | null;
  say: (text: string) => boolean;
  rerender: () => void;
  tools: {
    board: () => Board;
    ctxFor: (doc: TableDoc | null) => BoardCtx;
    describeEvent: (ev: GameEvent, reader?: number | null, sees?: number | null, base?: BoardCtx) => string | null;
    name: (seat: number) => string;
  };
}

/** A table add-on (table.js's ADDONS): each hook is optional. */
export interface Addon {
  /** A chat frame (`chat`, `chat_history`, `chat_muted`). */
  onFrame?: (frame: Json) => void;
  /** A `presence` frame: who is connected. */
  onPresence?: (frame: Json) => void;
  /** A refusal; true when the add-on handled it (the table then says nothing). */
  onError?: (frame: Json) => boolean | undefined;
  /** Something in the table's head, before the rules link (the clocks). */
  head?: (ctx: BoardCtx) => Element | null;
  /** A panel in the side column, after the players. */
  side?: (ctx: BoardCtx) => Element | null;
  /** An extra beside a seat (a button goes with the seat's tools). */
  seat?: (seat: SeatInfo, ctx: BoardCtx) => Element | null;
  /** Buttons in the game-over panel's actions row. */
  endActions?: (ctx: BoardCtx) => Child;
  /** The whole table body, while the add-on wants it (a replay). */
  takeover?: (ctx: BoardCtx) => { main: Element; side?: Element | null } | null | undefined;
  dispose?: () => void;
}

declare global {
  interface Window {
    /** Test hooks on the table page (tests/browser). */
    spyhouse?: Json;
    /** The English UI strings Spanish says differently (the page-walking test). */
    spyhouseEnglish?: () => string[];
  }
}

/** A DOM event whose target (and current target) is a `T`, for listeners passed to `h()`. */
export type On<T extends EventTarget = HTMLInputElement> = Event & { target: T; currentTarget: T };

/** Words per language: `{en: {key: "…"}, es: {key: "…"}}` (a board's names of things). */
export type Words = Record<string, Record<string, string>>;
/** Event sentences per language and event type (a string, or [third person, second person]). */
export type Templates = Record<string, Record<string, string | string[]>>;
