// The table as received: the last `view`, the log entries seen (by seq), and the
// offset between the server's clock and ours. Everything here is read from what
// the server sent; the client decides no rule.
import { UI } from "./words.js";

export class TableState {
  constructor(tableId) {
    this.tableId = tableId;
    this.view = null;
    this.log = [];
    this.seqs = new Set();
    this.clockOffset = 0; // server time minus our time, in seconds
  }

  /** Take a welcome / update / presence frame. Returns the new log entries. */
  take(frame, { fresh = false } = {}) {
    if (frame.view) {
      this.view = frame.view;
      if (typeof frame.view.now === "number") {
        this.clockOffset = frame.view.now - Date.now() / 1000;
      }
    }
    if (fresh) {
      this.log = [];
      this.seqs = new Set();
    }
    const added = [];
    for (const entry of frame.log || []) {
      if (Number.isInteger(entry.seq)) {
        if (this.seqs.has(entry.seq)) continue;
        this.seqs.add(entry.seq);
      }
      this.log.push(entry);
      added.push(entry);
    }
    if (added.length) this.log.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    return added;
  }

  get table() {
    return this.view ? this.view.table : null;
  }

  get you() {
    return this.view ? this.view.you ?? null : null;
  }

  get hand() {
    return this.view ? this.view.hand : null;
  }

  get obs() {
    return this.hand ? this.hand.observation : null;
  }

  get options() {
    return (this.view && this.view.options) || [];
  }

  get isHost() {
    return this.view !== null && this.you !== null && this.table.host === this.you;
  }

  seat(t) {
    return this.view ? this.view.seats.find((s) => s.seat === t) || null : null;
  }

  /** The name of a table seat. */
  seatName(t) {
    const seat = this.seat(t);
    if (seat && seat.name) return seat.name;
    if (seat && seat.bot) return `${seat.bot} bot`;
    return UI.seatLabel(t);
  }

  /** The hand seat of table seat `t` in the current hand, or -1. */
  handSeatOf(t) {
    return this.hand ? this.hand.seats.indexOf(t) : -1;
  }

  tableSeatOf(h) {
    return this.hand ? this.hand.seats[h] : null;
  }

  /** Name a hand seat of the current hand. */
  who(h) {
    const t = this.tableSeatOf(h);
    if (t === null || t === undefined) return UI.seatLabel(h);
    return this.seatName(t);
  }

  serverNow() {
    return Date.now() / 1000 + this.clockOffset;
  }

  /** Whole seconds until a server time, or null. */
  secondsUntil(at) {
    if (typeof at !== "number") return null;
    return Math.max(0, Math.ceil(at - this.serverNow()));
  }

  /** The log entries of the current (or last) hand: from its hand_started entry. */
  handEntries() {
    let start = -1;
    for (let i = this.log.length - 1; i >= 0; i -= 1) {
      if (this.log[i].kind === "hand_started") {
        start = i;
        break;
      }
    }
    return start < 0 ? [] : this.log.slice(start);
  }

  /** Every engine event of the current hand, with the table seats of its hand seats. */
  handEvents() {
    const out = [];
    for (const entry of this.handEntries()) {
      for (const event of entry.events || []) out.push({ event, seats: entry.hand_seats || [] });
    }
    return out;
  }
}
