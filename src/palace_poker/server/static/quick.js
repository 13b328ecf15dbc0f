// "Play against bots now": one click from the home page to a table of one's own with
// bots at the chosen level, dealt at once (the create request's "start": no Start
// button to find, no form to fill). The name is the one used last, else the
// catalogue's "Player" (the log says "Player stays."; a player named "You" would
// read "You stays.").
import { el } from "./dom.js";
import { openTable } from "./opening.js";
import { UI, errorText } from "./words.js";

const Q = UI.quick;
const form = document.getElementById("quick");

async function levels() {
  try {
    const answer = await fetch("/api/bots");
    const data = await answer.json();
    return Array.isArray(data.levels) ? data.levels : [];
  } catch {
    return [];
  }
}

async function play(event) {
  event.preventDefault();
  const error = form.querySelector(".form-error");
  error.textContent = "";
  const level = form.elements.level.value;
  const count = Number(form.elements.count.value);
  const name = localStorage.getItem("palace:name") || Q.defaultName;
  const submit = form.querySelector("button[type=submit]");
  submit.disabled = true;
  try {
    const refused = await openTable("/api/tables", {
      name: Q.tableName, host_name: name, seats: count + 1, small_bet: 10, stack: 1000,
      turn_seconds: 60, time_bank: 60, bots: Array(count).fill(level), start: true,
    });
    if (refused) error.textContent = errorText(refused.code);
  } catch {
    error.textContent = UI.plain.unreachable;
  } finally {
    submit.disabled = false;
  }
}

if (form) {
  const found = await levels();
  const select = form.elements.level;
  select.replaceChildren(...found.map((kind) =>
    el("option", { value: kind, selected: kind === "medium" }, UI.home.levels[kind] || kind)));
  form.hidden = found.length === 0;
  form.addEventListener("submit", play);
}
