// The home page: the "create a table" form. On success the seat's token is kept in
// localStorage (palace:{table}) and the browser goes to the table's link.
import { $, el } from "./dom.js";
import { UI, errorText } from "./words.js";

const H = UI.home;

const form = $("#create");
const error = $("#create-error");
let kinds = [];

async function loadBots() {
  try {
    const answer = await fetch("/api/bots");
    const data = await answer.json();
    kinds = Array.isArray(data.bots) ? data.bots : [];
  } catch {
    kinds = [];
  }
  const box = $("#bots");
  box.replaceChildren(
    ...kinds.map((kind) =>
      el("label", {},
        H.levels[kind] || kind,
        el("input", {
          type: "number", min: 0, max: 9, step: 1, value: kind === kinds[0] ? 0 : 0,
          name: `bots-${kind}`, inputmode: "numeric", dataset: { testid: `bots-${kind}`, kind },
        }))),
  );
  if (!kinds.length) box.append(el("p", { class: "hint" }, H.noBots));
  const name = form.elements.host_name;
  if (!name.value) name.value = localStorage.getItem("palace:name") || "";
}

function whole(name, { optional = false } = {}) {
  const raw = form.elements[name].value.trim();
  if (raw === "" && optional) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(H.whole(labelOf(name)));
  return value;
}

function labelOf(name) {
  const input = form.elements[name];
  const label = input.closest("label");
  return label ? label.firstChild.textContent.trim() : name;
}

function formData() {
  const data = {
    name: form.elements.name.value.trim(),
    host_name: form.elements.host_name.value.trim(),
    small_bet: whole("small_bet"),
    betting: form.elements.betting.value,
    seats: whole("seats"),
    stack: whole("stack"),
    turn_seconds: whole("turn_seconds"),
    bots: [],
    time_bank: whole("time_bank"),
    records_for_all: Boolean(form.elements.records_for_all?.checked),
    approval: Boolean(form.elements.approval?.checked),
    rebuys: Boolean(form.elements.rebuys?.checked),
  };
  const big = whole("big_bet", { optional: true });
  const ante = whole("ante", { optional: true });
  if (big !== undefined) data.big_bet = big;
  if (ante !== undefined) data.ante = ante;
  if (!data.name) throw new Error(H.needName);
  if (!data.host_name) throw new Error(H.needHost);
  if (data.seats < 2 || data.seats > 10) throw new Error(H.seats);
  for (const input of $("#bots").querySelectorAll("input")) {
    const count = Number(input.value || 0);
    if (!Number.isInteger(count) || count < 0) throw new Error(H.botCount(H.levels[input.dataset.kind] || input.dataset.kind));
    for (let i = 0; i < count; i += 1) data.bots.push(input.dataset.kind);
  }
  if (data.bots.length > data.seats - 1) {
    throw new Error(H.tooManyBots(data.seats - 1, data.seats));
  }
  return data;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  error.textContent = "";
  let data;
  try {
    data = formData();
  } catch (err) {
    error.textContent = err.message;
    return;
  }
  const submit = form.querySelector("button[type=submit]");
  submit.disabled = true;
  try {
    const answer = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(data),
    });
    const reply = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      error.textContent = reply.error
        ? errorText(reply.error.code, reply.error.message)
        : H.notCreated(`HTTP ${answer.status}`);
      return;
    }
    localStorage.setItem(`palace:${reply.table}`, JSON.stringify({ token: reply.token, seat: reply.seat }));
    localStorage.setItem("palace:name", data.host_name);
    location.assign(reply.url || `/t/${encodeURIComponent(reply.table)}`);
  } catch (err) {
    error.textContent = H.notCreated(err.message);
  } finally {
    submit.disabled = false;
  }
});

loadBots();
