// The last hand's result, drawn from its events: how it ended, who took what, and
// the palace cards a showdown showed.
import { cardRow } from "./cards.js";
import { el } from "./dom.js";
import { eventContext, sentence } from "./log.js";
import { readyBlock } from "./pace.js";
import { eventText } from "./words.js";

export function resultPanel(state) {
  const events = state.handEvents();
  const end = events.find(({ event }) => event.type === "hand_ended");
  if (!end) return null;
  const lines = [];
  const shows = [];
  for (const { event, seats } of events) {
    const ctx = eventContext(state, seats);
    if (event.type === "pot_awarded") {
      lines.push(el("li", {}, sentence(eventText(event, ctx))));
    } else if (event.type === "showdown_revealed") {
      for (const [h, cards] of event.palaces) {
        shows.push(el("div", { class: "shown-palace" },
          el("span", { class: "battler-name" }, ctx.who(h)), cardRow(cards, { size: "sm" })));
      }
    }
  }
  return el(
    "section",
    { class: "result", dataset: { testid: "result" } },
    el("h3", {}, sentence(eventText(end.event, eventContext(state, end.seats)))),
    shows.length ? el("div", { class: "shown-palaces" }, shows) : null,
    el("ul", {}, lines),
    readyBlock(state), // a table that deals when everyone is ready: your "Ready"
  );
}
