// "Learn to play": the guided first hand (docs/server.md, "Learn to play"). At a
// lesson table (view.table.lesson) a panel beside the options says, one sentence a
// step, what to do and which rule it shows (its id, small); the step follows from
// what the server sent: the learner's decisions so far (the observation's actions),
// the options due, the hand's end. As Lichess's lessons do, only the lesson's move
// may be made: the server names it (view.table.lesson_next) and actions.js asks
// state.lessonAllows(option, choice) before enabling a button, showing the reason
// in words otherwise. The battle is drawn by explain.js, as everywhere.
import { SUIT_SYMBOL, rankText, suitOf } from "./cards.js";
import { el, fill } from "./dom.js";
import { explainedSide, explanationsOf } from "./explain.js";
import { eventContext } from "./log.js";
import { LESSON } from "./words.js";

/** The steps in order: each the rules it shows, and whether the learner decides
 *  (`act`) or reads and presses Next (`read`). */
export const STEPS = [
  { id: "buy", rules: ["R-BUY-1"], act: true },
  { id: "keep", rules: ["R-BUY-3"], act: true },
  { id: "attack", rules: ["R-BET-1", "R-BET-2"], act: true },
  { id: "call", rules: ["R-BET-5", "R-BET-8"], act: true },
  { id: "excluded", rules: ["R-CMP-1"], read: true },
  { id: "capture", rules: ["R-CAPT-1"], act: true },
  { id: "stay", rules: ["R-END-4"], act: true },
  { id: "end", rules: ["R-END-3"] },
];

const read = new Set(); // the reading steps the learner has pressed Next on
const card = (c) => `${rankText(c)}${SUIT_SYMBOL[suitOf(c)] || ""}`;
const suit = (c) => SUIT_SYMBOL[suitOf(c)] || "";

/** The step the lesson is at, from what the server sent (null: no hand yet). */
export function stepOf(state) {
  const obs = state.obs;
  if (!obs || !state.table) return null;
  const me = state.handSeatOf(state.you);
  if (me < 0) return null;
  if (obs.phase === "over" || state.table.status === "over") return "end";
  const mine = (obs.actions || []).filter((a) => a.split(" ")[0] === String(me)).length;
  const verbs = state.options.map((o) => o.verb);
  switch (mine) {
    case 0:
      return "buy";
    case 1:
      return "keep";
    case 2:
      return "attack";
    case 3: // attacked: the call is due once Bo has raised
      return verbs.includes("call") ? "call" : "attack";
    case 4: // called: the battle is read before the capture's trim
      return read.has("excluded") ? "capture" : "excluded";
    case 5:
      return "stay";
    default:
      return "end";
  }
}

/** The lesson's next decision as the server named it: verb, target, cards. */
function planned(state) {
  const text = state.table && state.table.lesson_next;
  if (typeof text !== "string" || !text) return null;
  const [verb, ...rest] = text.split(" ");
  if (verb === "bet") return { verb, target: Number(rest[0]), cards: [] };
  return { verb, target: null, cards: rest };
}

const sameCards = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** What the lesson asks for now, in words (the reason shown beside a held option). */
function instruction(step, names, plan) {
  switch (step) {
    case "buy":
      return LESSON.buyDo;
    case "keep":
      return LESSON.keepDo;
    case "attack":
      return LESSON.attackDo(names.bo);
    case "call":
      return LESSON.callDo;
    case "excluded":
      return LESSON.readFirst;
    case "capture":
      return LESSON.captureDo(plan && plan.cards.length ? card(plan.cards[0]) : "");
    case "stay":
      return LESSON.stayDo;
    default:
      return null;
  }
}

/** The step's sentence. */
function sentence(step, state, names, plan) {
  const obs = state.obs;
  switch (step) {
    case "buy":
      return LESSON.buy;
    case "keep":
      return LESSON.keep;
    case "attack":
      return LESSON.attack(names.ada, names.bo);
    case "call":
      return LESSON.call(names.bo);
    case "excluded":
      return LESSON.excluded(names.bo, suit(obs.banners[state.handSeatOf(state.you)]));
    case "capture": {
      const cut = plan && plan.cards.length ? card(plan.cards[0]) : "";
      return LESSON.capture(names.bo, names.ada, cut);
    }
    case "stay":
      return LESSON.stay(names.ada);
    default: {
      const winner = winnerOf(state);
      return winner === null || winner === state.you ? LESSON.end(names.ada) : LESSON.endLost(names.ada, state.seatName(winner));
    }
  }
}

/** The table seat that took the pot at the lesson's end, or null. */
function winnerOf(state) {
  for (const entry of [...state.handEntries()].reverse()) {
    for (const event of entry.events || []) {
      if (event.type === "pot_awarded") return (entry.hand_seats || [])[event.seat] ?? null;
    }
  }
  return null;
}

/** The comparison a reading step is about, drawn as the battle panel draws it. */
function comparison(state, kind) {
  for (const entry of [...state.handEntries()].reverse()) {
    for (const said of explanationsOf(entry).values()) {
      if (said.kind !== kind || !said.sides.length) continue;
      const ctx = eventContext(state, entry.hand_seats || []);
      return el(
        "div",
        { class: "battlers lesson-battle", dataset: { testid: "lesson-battle" } },
        said.sides.map((side, i) => explainedSide(said, side, ctx, i ? "defender" : "attacker")),
      );
    }
  }
  return null;
}

// Below 1200 px the column beside the felt is gone (the options are a sheet at the
// bottom, the rest follows the felt): the lesson is read first, above the felt.
const NARROW = globalThis.matchMedia ? globalThis.matchMedia("(max-width: 1199px)") : null;

/** Put the panel where it is read: first beside the felt, or above it. */
function place(node) {
  const side = document.querySelector(".side");
  const main = document.querySelector("main");
  if ((NARROW && NARROW.matches) || !side) {
    if (main && node.nextElementSibling !== main) main.before(node);
  } else if (side.firstElementChild !== node) {
    side.prepend(node);
  }
}

if (NARROW) {
  NARROW.addEventListener("change", () => {
    const node = document.getElementById("lesson");
    if (node) place(node);
  });
}

/** The panel's node, made once. */
function panelNode() {
  let node = document.getElementById("lesson");
  if (!node) {
    node = el("section", {
      id: "lesson", class: "lesson", "aria-labelledby": "lesson-title", dataset: { testid: "lesson" },
    });
    place(node);
  }
  return node;
}

/**
 * Draw the lesson (nothing at an ordinary table) and set what it allows:
 * `state.lessonAllows(option, {cards})` is null for the lesson's move, else the
 * reason in words; `state.lessonStep` changes when the step does (actions.js
 * draws again then). `redraw` is called when Next moves the lesson on.
 */
export function drawLesson(state, redraw) {
  const table = state.table;
  if (!table || !table.lesson || state.you === null) {
    state.lessonAllows = undefined;
    state.lessonStep = undefined;
    return;
  }
  const step = stepOf(state);
  const names = { ada: state.seatName(1), bo: state.seatName(2) };
  const plan = planned(state);
  const why = step ? LESSON.only(instruction(step, names, plan) || "") : null;
  state.lessonStep = step;
  state.lessonAllows = (option, choice) => {
    if (step === "excluded") return why; // read first: every option waits for Next
    if (!plan) return null; // off the script, or not the learner's turn: no say
    if (option.verb !== plan.verb) return why;
    if (plan.verb === "bet" && option.target !== plan.target) return why;
    if (choice && Array.isArray(choice.cards) && !sameCards(choice.cards, plan.cards)) return why;
    return null;
  };
  const node = panelNode();
  if (node.dataset.step === String(step) && node.dataset.lang === document.documentElement.lang) return;
  node.dataset.step = String(step);
  node.dataset.lang = document.documentElement.lang;
  if (!step) {
    fill(node, el("h2", { id: "lesson-title" }, LESSON.title));
    return;
  }
  const index = STEPS.findIndex((s) => s.id === step);
  const info = STEPS[index];
  const next = info.read
    ? el("button", {
      type: "button", class: "primary lesson-next", dataset: { testid: "lesson-next" },
      onclick: () => {
        read.add(step);
        redraw();
        const target = document.querySelector("#actions .lesson-target, #actions .picker button");
        if (target) target.focus();
      },
    }, LESSON.next)
    : null;
  const done = step === "end"
    ? el("div", { class: "lesson-done", dataset: { testid: "lesson-done" } },
      el("h3", {}, LESSON.doneTitle),
      el("p", {}, LESSON.doneHint),
      el("p", { class: "lesson-links" },
        el("a", { class: "button primary", href: "/#quick", dataset: { testid: "lesson-play-bots" } }, LESSON.playBots),
        el("a", { class: "button", href: "/#create", dataset: { testid: "lesson-create" } }, LESSON.createTable)))
    : null;
  fill(
    node,
    el("h2", { id: "lesson-title" }, `${LESSON.title} · `, el("span", { dataset: { testid: "lesson-count" } }, LESSON.step(index + 1, STEPS.length))),
    el("p", { class: "lesson-text", role: "status", "aria-live": "polite", dataset: { testid: "lesson-text", step } },
      sentence(step, state, names, plan)),
    el("p", { class: "lesson-rule", dataset: { testid: "lesson-rule" } },
      el("small", {}, `${LESSON.rules}: ${info.rules.join(", ")}`)),
    step === "excluded" ? comparison(state, "battle") : step === "end" ? comparison(state, "quiet_round") : null,
    next,
    done,
  );
}
