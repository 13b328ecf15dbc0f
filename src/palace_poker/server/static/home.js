// The home page: the "create a table" form. On success the seat's token is kept in
// localStorage (palace:{table}) and the browser goes to the table's link.
//
// The form checks every value in words before sending, with the bounds the server
// checks (settings.py): each number field carries its own min and max in
// index.html, and tests/browser/test_browser_errors.py holds them to the server's.
// A refusal from the server is shown in words too (the catalogue's sentence for its
// code, with the field's label when the server names the field), never as the
// server's English message.
import { $, el } from "./dom.js";
import { openTable } from "./opening.js";
import { UI, errorText } from "./words.js";

const H = UI.home;
const P = UI.plain;

const form = $("#create");
const error = $("#create-error");
const warning = $("#create-warning");
let kinds = [];
let levels = [];

/** A bot count field, labelled by the level's name (a bot of another kind keeps its own). */
function botField(kind) {
  return el("label", {},
    H.levels[kind] || kind,
    el("input", {
      type: "number", min: 0, max: 9, step: 1, value: 0,
      name: `bots-${kind}`, inputmode: "numeric", dataset: { testid: `bots-${kind}`, kind },
    }));
}

async function loadBots() {
  try {
    const answer = await fetch("/api/bots");
    const data = await answer.json();
    kinds = Array.isArray(data.bots) ? data.bots : [];
    levels = Array.isArray(data.levels) ? data.levels.filter((k) => kinds.includes(k)) : [];
  } catch {
    kinds = [];
    levels = [];
  }
  // The levels are what a player picks by strength; the bots they are made of
  // (heuristic, ismcts, montecarlo, random) and the network bot (fast, strong
  // heads-up only) wait under a disclosure.
  const others = kinds.filter((k) => !levels.includes(k));
  const shown = levels.length ? levels : others;
  $("#bots").replaceChildren(...shown.map(botField));
  $("#bots-other").replaceChildren(...(levels.length ? others : []).map(botField));
  $("#other-bots").hidden = !levels.length || !others.length;
  if (!kinds.length) $("#bots").append(el("p", { class: "hint" }, H.noBots));
  const name = form.elements.host_name;
  if (!name.value) name.value = localStorage.getItem("palace:name") || "";
}

/** A refusal of one field: the sentence, and the field to mark and focus. */
class FieldError extends Error {
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

function labelOf(name) {
  const input = form.elements[name];
  const label = input && input.closest("label");
  return label ? label.firstChild.textContent.trim() : name;
}

/** The bounds of a number field, from its min and max attributes (index.html). */
function bounds(input) {
  return [Number(input.min || 0), input.max === "" ? Number.MAX_SAFE_INTEGER : Number(input.max)];
}

/** A number field's whole number within its bounds; undefined when an optional field is empty. */
function whole(input, label, { optional = false, least = null } = {}) {
  const raw = input.value.trim();
  if (raw === "") {
    if (optional) return undefined;
    throw new FieldError(input, P.missing(label));
  }
  let [min, max] = bounds(input);
  if (least !== null) min = Math.max(min, least);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new FieldError(input, P.range(label, min, max));
  }
  return value;
}

const field = (name, options) => whole(form.elements[name], labelOf(name), options);

function formData() {
  const data = {
    name: form.elements.name.value.trim(),
    host_name: form.elements.host_name.value.trim(),
    betting: form.elements.betting.value,
    bots: [],
    records_for_all: Boolean(form.elements.records_for_all?.checked),
    approval: Boolean(form.elements.approval?.checked),
    rebuys: Boolean(form.elements.rebuys?.checked),
  };
  if (!data.name) throw new FieldError(form.elements.name, H.needName);
  if (!data.host_name) throw new FieldError(form.elements.host_name, H.needHost);
  data.small_bet = field("small_bet");
  const big = form.elements.big_bet;
  if (big.value.trim() !== "" && Number(big.value) < data.small_bet && Number.isSafeInteger(Number(big.value))) {
    throw new FieldError(big, P.bigBelowSmall(data.small_bet));
  }
  const bigBet = field("big_bet", { optional: true, least: data.small_bet });
  const ante = field("ante", { optional: true });
  if (bigBet !== undefined) data.big_bet = bigBet;
  if (ante !== undefined) data.ante = ante;
  data.stack = field("stack");
  // The same refusal as the server's (settings.py): a stack that cannot pay the
  // ante and one small bet leaves no decision but all-in (R-ANTE-1, R-ALLIN-1).
  const need = (ante ?? Math.floor(data.small_bet / 2)) + data.small_bet;
  if (data.stack < need) throw new FieldError(form.elements.stack, P.stackTooSmall(data.stack, need));
  data.seats = field("seats");
  data.turn_seconds = field("turn_seconds");
  data.time_bank = field("time_bank");
  for (const input of form.querySelectorAll("input[data-kind]")) {
    const kind = input.dataset.kind;
    const count = input.value.trim() === "" ? 0 : whole(input, H.levels[kind] || kind);
    for (let i = 0; i < count; i += 1) data.bots.push(kind);
  }
  if (data.bots.length > data.seats - 1) {
    throw new FieldError(form.querySelector("input[data-kind]"), H.tooManyBots(data.seats - 1, data.seats));
  }
  data.preset = form.elements.preset.value;
  const house = houseRules();
  if (Object.keys(house).length) data.variant = house;
  return data;
}

/** The standard readings (docs/rules.md, *Variants*): a reading left at its standard
 *  value is not sent, so that the preset's own reading stands. */
const READINGS = { struck: "suit", entry: "own", fold: "discarded", last_two: "compare" };

/** The house rules the host changed, as the server's variant parameters
 *  (Variant.from_dict): only what was set, over the chosen preset. */
function houseRules() {
  const rules = {};
  for (const name of ["palace", "soldiers"]) {
    const count = field(name, { optional: true });
    if (count !== undefined) rules[name] = count;
  }
  const ranks = form.elements.ranks.value;
  if (ranks !== "") rules.ranks = Number(ranks);
  for (const [name, standard] of Object.entries(READINGS)) {
    const reading = form.elements[name].value;
    if (reading !== standard) rules[name] = reading;
  }
  return rules;
}

/** A warning that does not stop the form: stacks of fewer than ten small bets. */
function warn() {
  const small = Number(form.elements.small_bet.value);
  const stack = Number(form.elements.stack.value);
  const bets = Math.floor(stack / small);
  const short = Number.isSafeInteger(small) && Number.isSafeInteger(stack) && small > 0 && stack > 0 && bets < 10;
  warning.textContent = short && bets >= 1 ? P.shortStacks(bets) : "";
}

function clearMarks() {
  error.textContent = "";
  for (const input of form.querySelectorAll("[aria-invalid=true]")) {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
}

function refuse(input, message) {
  error.textContent = message;
  if (input) {
    input.closest("details")?.setAttribute("open", ""); // a house rule: show it
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", "create-error");
    input.focus();
  }
}

form.addEventListener("input", warn);

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  clearMarks();
  let data;
  try {
    data = formData();
  } catch (err) {
    if (!(err instanceof FieldError)) throw err;
    refuse(err.field, err.message);
    return;
  }
  const submit = form.querySelector("button[type=submit]");
  submit.disabled = true;
  try {
    const refused = await openTable("/api/tables", data);
    if (!refused) {
      localStorage.setItem("palace:name", data.host_name); // set before the page goes
    } else {
      const named = typeof refused.field === "string" ? form.elements[refused.field] : null;
      const input = named instanceof HTMLInputElement || named instanceof HTMLSelectElement ? named : null;
      const said = errorText(refused.code);
      refuse(input, input ? P.serverSaid(labelOf(input.name), said) : said);
    }
  } catch {
    refuse(null, P.unreachable); // the browser's own message is English
  } finally {
    submit.disabled = false;
  }
});

warn();
loadBots();
// index.html ships the button disabled, as learn.js's: before the listener above, a
// click would have sent the form the browser's own way (a reload that loses it)
form.querySelector("button[type=submit]").disabled = false;
