// The battle panel: who attacks whom, what each has paid and raised, and each step
// of the battle as it happens (raises, the call or the fold). Once it is over it
// shows the cards that fought, not the armies as they are now (a captured card is
// the winner's by then): to a battler the hands as the server explained them (the
// struck cards, both hands named, what decided), to anybody else the face-up cards
// each side had when the battle began, and how it ended. A quiet round's comparison
// of the last two (R-END-3) is shown the same way, under its own title.
import { cardRow } from "./cards.js";
import { el } from "./dom.js";
import { explainedSide, explanationParts, explanationsOf } from "./explain.js";
import { eventContext, sentence } from "./log.js";
import { EXPLAIN, UI, eventText } from "./words.js";

const STEPS = new Set([
  "battle_started", "battle_raised", "battle_called", "folded", "chips_returned",
  "battle_compared", "player_out", "cards_captured", "soldiers_discarded",
]);
const RESULT_STEPS = new Set(["battle_compared", "folded", "cards_captured"]);

/** The hand's events in order, each with its entry's seats and its explanation. */
function handSteps(state) {
  const out = [];
  for (const entry of state.handEntries()) {
    const why = explanationsOf(entry);
    (entry.events || []).forEach((event, i) => {
      out.push({ event, seats: entry.hand_seats || [], said: why.get(i) || null });
    });
  }
  return out;
}

/** Each hand seat's banner and soldiers just before event `end` (all face up). */
export function armiesBefore(steps, end) {
  const banners = new Map();
  const soldiers = new Map();
  for (const { event } of steps.slice(0, end)) {
    if (event.type === "banner_dealt") banners.set(event.seat, event.card);
    else if (event.type === "soldier_bought") soldiers.set(event.seat, [...(soldiers.get(event.seat) || []), event.card]);
    else if (event.type === "soldiers_discarded") {
      soldiers.set(event.seat, (soldiers.get(event.seat) || []).filter((c) => !event.cards.includes(c)));
    } else if (event.type === "cards_captured") {
      soldiers.set(event.seat, [...(soldiers.get(event.seat) || []), ...event.cards]);
      soldiers.set(event.from_seat, []);
    }
  }
  return { banner: (h) => banners.get(h) || null, soldiers: (h) => soldiers.get(h) || [] };
}

/** The hand's last battle, or its last two's quiet-round comparison (R-END-3). */
export function lastBattle(state) {
  const steps = handSteps(state);
  let start = -1;
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const { event } = steps[i];
    const quiet = event.type === "battle_compared" && !(i > 0 && steps[i - 1].event.type === "battle_called");
    if (event.type === "battle_started" || quiet) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  const { event, seats } = steps[start];
  const quiet = event.type === "battle_compared";
  const fought = [];
  for (let i = start; i < steps.length; i += 1) {
    const step = steps[i];
    if (step.event.type === "turn_started" || step.event.type === "hand_ended") break;
    if (STEPS.has(step.event.type)) fought.push(step);
  }
  const compared = fought.find((step) => step.event.type === "battle_compared");
  return {
    quiet,
    attacker: seats[quiet ? event.seats[0] : event.attacker],
    defender: seats[quiet ? event.seats[1] : event.defender],
    armies: armiesBefore(steps, start),
    steps: fought,
    said: compared ? compared.said : null,
    seats,
  };
}

/** A side as the face-up cards it had when the battle began (and any palace shown). */
function side(state, battle, t, shown, role) {
  const h = state.handSeatOf(t);
  const obs = state.obs;
  const banner = h >= 0 ? battle.armies.banner(h) : null;
  const soldiers = h >= 0 ? battle.armies.soldiers(h) : [];
  const palace = shown.get(t) || (obs && obs.viewer === h ? obs.palace : null);
  return el(
    "div",
    { class: `battler ${role}` },
    el("div", { class: "battler-name" }, state.seatName(t)),
    el("div", { class: "battler-cards" },
      banner ? cardRow([banner], { size: "sm", extra: "banner" }) : null,
      soldiers.length ? cardRow(soldiers, { size: "sm" }) : null),
    palace && palace.length
      ? el("div", { class: "battler-palace" }, el("span", { class: "label" }, UI.palace), cardRow(palace, { size: "sm" }))
      : null,
  );
}

function raisedLine(state, battle) {
  const b = state.obs.battle;
  if (b.raises <= 0) return null;
  return el("p", { class: "battle-raises" },
    `${UI.battle.raises(b.raises)} · ${state.seatName(battle.attacker)} ${UI.battle.raised(b.raised[0])} · ${state.seatName(battle.defender)} ${UI.battle.raised(b.raised[1])}`);
}

export function battlePanel(state, shown) {
  const battle = lastBattle(state);
  if (!battle) return null;
  const live = Boolean(state.obs && state.obs.battle) && !battle.quiet;
  const ctx = eventContext(state, battle.seats);
  const said = battle.said;
  const whole = !live && said && said.sides.length === 2;
  // While it is fought every step shows; once over, only how it ended.
  const steps = live ? battle.steps : battle.steps.filter(({ event }) => RESULT_STEPS.has(event.type));
  // The palace cards a comparison showed are drawn above as cards, not in words.
  const plain = (event) => (event.type === "battle_compared" ? { ...event, palaces: [] } : event);
  const lines = steps.map(({ event, seats }) =>
    el("li", { dataset: { kind: event.type } }, sentence(eventText(plain(event), eventContext(state, seats)) || [])));
  if (said) {
    // The sides' own lines are the panel's columns; the rest says why.
    const { intro, sides, why } = explanationParts(said, ctx);
    for (const parts of whole ? [...intro, ...why] : [...intro, ...sides, ...why]) lines.push(el("li", { class: "why", dataset: { kind: "explained", testid: "why" } }, sentence(parts)));
  }
  const sides = whole
    ? [explainedSide(said, said.sides[0], ctx, "attacker"), explainedSide(said, said.sides[1], ctx, "defender")]
    : [side(state, battle, battle.attacker, shown, "attacker"), side(state, battle, battle.defender, shown, "defender")];
  const title = live ? `⚔ ${UI.battle.title}` : battle.quiet ? EXPLAIN.lastCompared : UI.battle.last;
  return el(
    "section",
    { class: `battle ${live ? "live" : "done"}${battle.quiet ? " quiet" : ""}`, dataset: { testid: "battle" }, "aria-label": title },
    el("h3", {}, title),
    el("div", { class: "battlers" }, sides[0], el("span", { class: "vs", "aria-hidden": "true" }, "⚔"), sides[1]),
    live ? raisedLine(state, battle) : null,
    lines.length ? el("ol", { class: "battle-steps" }, lines) : null,
  );
}
