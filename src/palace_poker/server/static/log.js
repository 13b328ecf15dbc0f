// The log: every entry the server sent, in words (words.js), newest at the bottom.
// The chat (and the host's muting) has a tab of its own beside the game's log
// (table.html's #chat-log), so that what people say is not buried under the deal;
// a chat line arriving while the game's tab is shown counts on the chat tab.
import { cardInline } from "./cards.js";
import { el } from "./dom.js";
import { explanationLines, explanationsOf } from "./explain.js";
import { gameOf } from "./house.js";
import { UI, entryText, eventText } from "./words.js";

/** The log entries shown in the chat tab rather than in the game's log. */
export const CHAT_KINDS = new Set(["chat", "muted", "unmuted"]);

/** Parts (strings and {cards}) as DOM nodes. */
export function sentence(parts) {
  const nodes = [];
  for (const part of parts) {
    if (part && typeof part === "object" && Array.isArray(part.cards)) {
      if (!part.cards.length) nodes.push("–");
      part.cards.forEach((card, i) => {
        if (i) nodes.push(" ");
        nodes.push(cardInline(card, { struck: Boolean(part.struck) }));
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
    palace: gameOf(state.view?.table?.settings).palace, // a variant's palace (house.js)
    byRank: gameOf(state.view?.table?.settings).struck === "rank", // V-CMP-1: a banner strikes its rank
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
  const why = explanationsOf(entry);
  (entry.events || []).forEach((event, i) => {
    const said = why.get(i);
    // A comparison explained to this viewer names its palace cards in the hands below.
    const shown = said && said.sides.length && event.type === "battle_compared" ? { ...event, palaces: [] } : event;
    const parts = eventText(shown, ctx);
    if (parts) lines.push({ kind: event.type, parts });
    for (const line of explanationLines(said, ctx)) lines.push({ kind: "explained", parts: line });
  });
  return lines;
}

export class LogView {
  constructor(node) {
    this.node = node;
    this.chat = document.getElementById("chat-log");
    this.unread = 0;
    this.wireTabs();
  }

  clear() {
    this.node.replaceChildren();
    if (this.chat) this.chat.replaceChildren();
  }

  add(state, entries, { fresh = false } = {}) {
    const near = (list) => list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const stick = near(this.node);
    const chatStick = this.chat ? near(this.chat) : false;
    let said = 0;
    for (const entry of entries) {
      const chat = this.chat && CHAT_KINDS.has(entry.kind);
      for (const line of entryLines(state, entry)) {
        (chat ? this.chat : this.node).appendChild(
          el("li", {
            class: `log-line log-${line.kind}`,
            dataset: { seq: String(entry.seq ?? ""), kind: line.kind },
            title: typeof entry.at === "number" ? new Date(entry.at * 1000).toLocaleTimeString() : null,
          },
            sentence(line.parts)),
        );
      }
      if (chat) said += 1;
    }
    if (stick) this.node.scrollTop = this.node.scrollHeight;
    if (this.chat) {
      if (chatStick || fresh) this.chat.scrollTop = this.chat.scrollHeight;
      const empty = document.getElementById("chat-empty");
      if (empty) empty.hidden = this.chat.children.length > 0;
      if (said && !fresh && this.tab("chat").getAttribute("aria-selected") !== "true") this.markUnread(this.unread + said);
    }
  }

  redraw(state) {
    this.clear();
    this.markUnread(0);
    this.add(state, state.log, { fresh: true });
    this.node.scrollTop = this.node.scrollHeight;
  }

  tab(name) {
    return document.getElementById(`tab-${name}`);
  }

  markUnread(n) {
    this.unread = n;
    const badge = document.getElementById("chat-unread");
    if (!badge) return;
    badge.hidden = n === 0;
    badge.textContent = n ? UI.plain.unread(n) : "";
  }

  /** Show one tab ("log" or "chat"), as the WAI-ARIA tabs pattern has it. */
  show(name) {
    for (const other of ["log", "chat"]) {
      const tab = this.tab(other);
      const panel = document.getElementById(`${other}-panel`);
      if (!tab || !panel) continue;
      const on = other === name;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      panel.hidden = !on;
    }
    if (name === "chat") {
      this.markUnread(0);
      if (this.chat) this.chat.scrollTop = this.chat.scrollHeight;
    } else {
      this.node.scrollTop = this.node.scrollHeight;
    }
  }

  wireTabs() {
    const names = ["log", "chat"];
    names.forEach((name, i) => {
      const tab = this.tab(name);
      if (!tab) return;
      tab.addEventListener("click", () => this.show(name));
      tab.addEventListener("keydown", (event) => {
        const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
        if (!step) return;
        event.preventDefault();
        // in a right-to-left page the arrows point the other way along the row
        const along = document.documentElement.dir === "rtl" && event.key.startsWith("Arrow") && !event.key.endsWith("Down") && !event.key.endsWith("Up") ? -step : step;
        const next = names[(i + along + names.length) % names.length];
        this.show(next);
        this.tab(next).focus();
      });
    });
  }
}
