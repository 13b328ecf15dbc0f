// The battle panel: who attacks whom, what each has paid and raised, and each step
// of the battle as it happens (raises, the call or the fold, the comparison with
// the palace cards this viewer was shown, the captured cards).
import { cardRow } from "./cards.js";
import { el } from "./dom.js";
import { eventContext, sentence } from "./log.js";
import { UI, eventText } from "./words.js";

const STEPS = new Set([
  "battle_started", "battle_raised", "battle_called", "folded", "chips_returned",
  "battle_compared", "player_out", "cards_captured", "soldiers_discarded",
]);

/** The current or last battle of the hand, from its events. */
export function lastBattle(state) {
  const events = state.handEvents();
  let start = -1;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].event.type === "battle_started") {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  const { event, seats } = events[start];
  const steps = [];
  for (let i = start; i < events.length; i += 1) {
    const step = events[i];
    if (step.event.type === "turn_started" || step.event.type === "hand_ended") break;
    if (STEPS.has(step.event.type)) steps.push(step);
  }
  return {
    attacker: seats[event.attacker],
    defender: seats[event.defender],
    entry: event.entry,
    openingRaise: event.raise_by,
    steps,
  };
}

function side(state, t, shown, role) {
  const h = state.handSeatOf(t);
  const obs = state.obs;
  const banner = obs && h >= 0 ? obs.banners[h] : null;
  const soldiers = obs && h >= 0 ? obs.soldiers[h] : [];
  const palace = shown.get(t) || (obs && obs.viewer === h ? obs.palace : null);
  return el(
    "div",
    { class: `battler ${role}` },
    el("div", { class: "battler-name" }, state.seatName(t)),
    el("div", { class: "battler-cards" },
      banner ? cardRow([banner], { size: "sm", extra: "banner" }) : null,
      soldiers && soldiers.length ? cardRow(soldiers, { size: "sm" }) : null),
    palace && palace.length
      ? el("div", { class: "battler-palace" }, el("span", { class: "label" }, UI.palace), cardRow(palace, { size: "sm" }))
      : null,
  );
}

const RESULT_STEPS = new Set(["battle_compared", "folded", "cards_captured"]);

export function battlePanel(state, shown) {
  const battle = lastBattle(state);
  if (!battle) return null;
  const live = Boolean(state.obs && state.obs.battle);
  // While it is fought every step shows; once over, only how it ended.
  const steps = live ? battle.steps : battle.steps.filter(({ event }) => RESULT_STEPS.has(event.type));
  // The palace cards a comparison showed are drawn above as cards, not in words.
  const said = (event) => (event.type === "battle_compared" ? { ...event, palaces: [] } : event);
  const lines = steps.map(({ event, seats }) =>
    el("li", { dataset: { kind: event.type } }, sentence(eventText(said(event), eventContext(state, seats)) || [])));
  let raised = null;
  if (live && state.obs.battle.raises > 0) {
    const b = state.obs.battle;
    raised = el("p", { class: "battle-raises" },
      `${UI.battle.raises(b.raises)} · ${state.seatName(battle.attacker)} ${UI.battle.raised(b.raised[0])} · ${state.seatName(battle.defender)} ${UI.battle.raised(b.raised[1])}`);
  }
  return el(
    "section",
    { class: `battle ${live ? "live" : "done"}`, dataset: { testid: "battle" }, "aria-label": UI.battle.title },
    el("h3", {}, live ? `⚔ ${UI.battle.title}` : UI.battle.last),
    el("div", { class: "battlers" },
      side(state, battle.attacker, shown, "attacker"),
      el("span", { class: "vs", "aria-hidden": "true" }, "⚔"),
      side(state, battle.defender, shown, "defender")),
    raised,
    lines.length ? el("ol", { class: "battle-steps" }, lines) : null,
  );
}
