// The log: every entry the server sent, in words (words.js), newest at the bottom.
import { cardInline } from "./cards.js";
import { el } from "./dom.js";
import { entryText, eventText } from "./words.js";

/** Parts (strings and {cards}) as DOM nodes. */
export function sentence(parts) {
  const nodes = [];
  for (const part of parts) {
    if (part && typeof part === "object" && Array.isArray(part.cards)) {
      if (!part.cards.length) nodes.push("–");
      part.cards.forEach((card, i) => {
        if (i) nodes.push(" ");
        nodes.push(cardInline(card));
      });
    } else if (part !== null && part !== undefined) nodes.push(String(part));
  }
  return nodes;
}

/** The words context for events of an entry whose hand seats are `seats`. */
export function eventContext(state, seats) {
  return {
    who: (h) => state.seatName(seats[h] ?? h),
    mine: (h) => state.you !== null && seats[h] === state.you,
  };
}

function entryContext(state) {
  return { seatName: (t) => state.seatName(t), you: state.you };
}

/** The lines of one log entry: its own (if any), then one per event worth a line. */
export function entryLines(state, entry) {
  const lines = [];
  const own = entryText(entry, entryContext(state));
  if (own) lines.push({ kind: entry.kind, parts: own });
  const ctx = eventContext(state, entry.hand_seats || []);
  for (const event of entry.events || []) {
    const parts = eventText(event, ctx);
    if (parts) lines.push({ kind: event.type, parts });
  }
  return lines;
}

export class LogView {
  constructor(node) {
    this.node = node;
  }

  clear() {
    this.node.replaceChildren();
  }

  add(state, entries) {
    const stick = this.node.scrollHeight - this.node.scrollTop - this.node.clientHeight < 40;
    for (const entry of entries) {
      for (const line of entryLines(state, entry)) {
        this.node.appendChild(
          el("li", {
            class: `log-line log-${line.kind}`,
            dataset: { seq: String(entry.seq ?? ""), kind: line.kind },
            title: typeof entry.at === "number" ? new Date(entry.at * 1000).toLocaleTimeString() : null,
          },
            sentence(line.parts)),
        );
      }
    }
    if (stick) this.node.scrollTop = this.node.scrollHeight;
  }

  redraw(state) {
    this.clear();
    this.add(state, state.log);
    this.node.scrollTop = this.node.scrollHeight;
  }
}
