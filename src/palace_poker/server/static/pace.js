// The pace of the table as a person reads it (docs/server.md, "A pace people can
// follow"): the felt's move caption, which shows each move for at least the time
// its kind needs to be read, and the "Ready for the next hand" block of a table
// that deals when everyone is ready.
//
// The server paces the bots (a varied thinking pause, more after a battle or a
// deal) and the pause between hands; what it cannot space out is what one
// decision does at once: "Ada calls", then the battle's result, then the hand's
// end arrive in one update. The caption spaces those out. It never holds up
// anything else: the log, the cards and your options are drawn at once, and a
// caption that falls behind skips ahead to the newest moves.
import { el } from "./dom.js";
import { entryLines, sentence } from "./log.js";
import { UI } from "./words.js";

/** The least time each kind of move stays in the caption, in milliseconds; kinds
 *  not listed are not captioned (the log has them). A single move is shown for less
 *  than the bots' shortest pause (0.7 s), so that the server's pace, not the
 *  caption, spaces out moves made one at a time and the caption does not fall
 *  behind; what one decision does at once gets the time to be read one by one (a
 *  call, then the battle's result, the captures, the hand's end). */
export const READ_MS = {
  hand_started: 600,
  stayed: 600,
  folded: 600,
  soldier_bought: 600,
  soldiers_discarded: 600,
  chips_returned: 600,
  battle_started: 900,
  battle_raised: 900,
  battle_called: 1200,
  battle_compared: 2000,
  cards_captured: 1000,
  showdown_revealed: 2200,
  hand_ended: 1500, // (who takes the pot: the result panel, beside it until the deal)
  action: 1000, // a timed-out decision ("the clock stays for Ann")
};
/** Moves waiting beyond this many are dropped, oldest first, and a new hand's deal
 *  drops what is left of the last hand (its result panel and the log keep it): the
 *  caption is never more than a few seconds behind the table, nor a hand. */
const MAX_WAITING = 5;

export class MoveCaption {
  constructor() {
    this.node = el("p", {
      class: "move-caption",
      dataset: { testid: "move-caption" },
      "aria-hidden": "true", // the log is what a screen reader reads (it is a live region)
    });
    this.queue = [];
    this.until = 0;
    this.timer = null;
  }

  /** Queue the moves of newly arrived log entries. */
  add(state, entries) {
    for (const entry of entries) {
      for (const line of entryLines(state, entry)) {
        // the last hand is over: what is left of it is dropped (the move on show
        // keeps its time), and the deal comes next
        if (line.kind === "hand_started") this.queue = [];
        if (READ_MS[line.kind]) this.queue.push(line);
      }
    }
    while (this.queue.length > MAX_WAITING) this.queue.shift();
    this.next();
  }

  /** Forget what is queued (a fresh start: the whole log was redrawn). */
  reset() {
    this.queue = [];
    this.until = 0;
    clearTimeout(this.timer);
    this.timer = null;
  }

  next() {
    if (this.timer) return;
    const wait = this.until - performance.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.next();
      }, wait);
      return;
    }
    const line = this.queue.shift();
    if (!line) return;
    this.node.dataset.kind = line.kind;
    this.node.replaceChildren(...sentence(line.parts));
    this.until = performance.now() + READ_MS[line.kind];
    if (this.queue.length) this.next();
  }

  /** Put the caption back into the felt's centre (redrawn on every update). */
  place(centre) {
    if (this.node.childNodes.length) centre.prepend(this.node);
  }
}

/**
 * Between hands at a table that waits for everyone: your "Ready" button (or that
 * you are ready), and who the deal still waits for. Null otherwise. The button
 * asks table.js to send {type: "ready"} (a palace:send event), so that this module
 * needs no connection of its own.
 */
export function readyBlock(state) {
  const view = state.view;
  const ready = view && view.ready;
  if (!ready || !ready.wait || view.table.status !== "playing") return null;
  const waiting = (ready.waiting || []).map((t) => state.seatName(t));
  const me = state.you;
  const mine = me !== null && (ready.waiting || []).includes(me);
  const done = me !== null && (ready.seats || []).includes(me);
  const send = () => document.dispatchEvent(new CustomEvent("palace:send", { detail: { type: "ready" } }));
  return el(
    "div",
    { class: "ready-block", dataset: { testid: "ready-block" } },
    mine ? el("button", { type: "button", class: "primary", dataset: { testid: "ready" }, onclick: send }, UI.pace.ready) : null,
    done ? el("p", { class: "hint", dataset: { testid: "ready-done" } }, UI.pace.readyDone) : null,
    waiting.length ? el("p", { class: "hint", dataset: { testid: "ready-waiting" } }, UI.pace.waiting(waiting.join(", "))) : null,
  );
}

/** The status line between hands at a table that waits for everyone: [text, clock]. */
export function readyStatus(state) {
  const view = state.view;
  const ready = view && view.ready;
  if (!ready || !ready.wait) return null;
  const waiting = (ready.waiting || []).map((t) => state.seatName(t));
  const secs = state.secondsUntil(view.next_hand_at);
  return [
    waiting.length ? UI.pace.waiting(waiting.join(", ")) : UI.status.nextHand(true),
    secs === null ? "" : UI.pace.orClock(secs),
  ];
}
