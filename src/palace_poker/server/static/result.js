// The last hand's result, drawn from its events: how it ended, who took what, and
// at a showdown every remaining hand (R-END-4, shown to all): each player's cards,
// the hand they make and the best of them, from the server's explanation.
import { cardRow } from "./cards.js";
import { el } from "./dom.js";
import { explainedSide, explanationParts } from "./explain.js";
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
  const showdown = showdownOf(state);
  return el(
    "section",
    { class: "result", dataset: { testid: "result" } },
    el("h3", {}, sentence(eventText(end.event, eventContext(state, end.seats)))),
    showdown || (shows.length ? el("div", { class: "shown-palaces" }, shows) : null),
    el("ul", {}, lines),
    readyBlock(state), // a table that deals when everyone is ready: your "Ready"
  );
}

/** The showdown's hands, named, and the best of them (or null: no showdown). */
function showdownOf(state) {
  for (const entry of state.handEntries()) {
    const said = (entry.explanations || []).find((x) => x.kind === "showdown");
    if (!said) continue;
    const ctx = eventContext(state, entry.hand_seats || []);
    const { why } = explanationParts(said, ctx);
    return el("div", { class: "showdown", dataset: { testid: "showdown" } },
      el("div", { class: "battlers" }, said.sides.map((side) => explainedSide(said, side, ctx, "shown"))),
      why.map((parts) => el("p", { class: "why" }, sentence(parts))));
  }
  return null;
}
