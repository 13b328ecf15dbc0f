// The host's tools, a player's own controls, the your-turn alerts, and the
// player's contribution to each hand's fair shuffle (docs/server.md). Every tool
// is one message to the server; the table checks it and answers with the change
// (or an error, shown as a notice by table.js).
import { askFoldToggle } from "./actions.js";
import { el, fill } from "./dom.js";
import { soundToggle } from "./sound.js";
import { UI } from "./words.js";

const ALERTS_KEY = "palace:alerts";
let botKinds = null;
let botLevels = []; // the levels among botKinds (/api/bots), offered first

/** The player's alert choices, kept in this browser: {sound, title}. */
export function alertChoices() {
  try {
    const saved = JSON.parse(localStorage.getItem(ALERTS_KEY) || "null");
    if (saved && typeof saved === "object") {
      return { sound: saved.sound !== false, title: saved.title !== false };
    }
  } catch {
    // a damaged entry: the defaults
  }
  return { sound: true, title: true };
}

function saveAlerts(choices) {
  localStorage.setItem(ALERTS_KEY, JSON.stringify(choices));
}

let audio = null;
let wasMyTurn = false;
let flashTimer = null;

/** A short tone (no sound file: the Web Audio API makes it). */
function beep() {
  // Before the person has used the page the browser refuses sound (and warns): none.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch {
    // no audio here: the title alert still says it
  }
}

/** When it becomes the player's turn: a tone and, while the tab is hidden, a
 *  blinking title; both can be switched off. Returns the title prefix to show. */
export function turnAlert(state) {
  const mine = state.options.length > 0;
  const choices = alertChoices();
  if (mine && !wasMyTurn) {
    if (choices.sound) beep();
    document.body.dataset.turnAlerted = String(Number(document.body.dataset.turnAlerted || 0) + 1);
  }
  wasMyTurn = mine;
  if (!mine || !choices.title || document.visibilityState === "visible") {
    clearInterval(flashTimer);
    flashTimer = null;
    return "";
  }
  if (!flashTimer) {
    flashTimer = setInterval(() => {
      document.body.classList.toggle("title-flash");
      document.dispatchEvent(new Event("palace:title"));
    }, 1000);
  }
  return document.body.classList.contains("title-flash") ? `${UI.tools.yourTurnTitle} ` : "";
}

const contributed = new Set();

/** Send a random value for the next hand's fair seed, once a hand, when seated. */
export function contributeIfDue(state, send) {
  const view = state.view;
  const fair = view && view.fair;
  const me = state.you === null ? null : state.seat(state.you);
  if (!fair || !fair.server_commitment || !me || me.pending || me.bot) return;
  const key = `${fair.hand}:${fair.server_commitment}`;
  if (contributed.has(key) || (fair.contributed || []).includes(state.you)) return;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const value = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  if (send({ type: "contribute", value })) contributed.add(key);
}

/** The fair-shuffle line: the commitments of the hand in play and of the next. */
function fairLine(state) {
  const view = state.view;
  const dealt = [...(state.log || [])].reverse().find((e) => e.kind === "hand_started" && e.commitment);
  const parts = [];
  if (dealt) parts.push(UI.tools.fairHand(dealt.hand_number, dealt.commitment.slice(0, 16)));
  if (view.fair && view.fair.server_commitment) {
    parts.push(UI.tools.fairNext(view.fair.hand, view.fair.server_commitment.slice(0, 16)));
  }
  if (!parts.length) return null;
  return el("p", { class: "fair", dataset: { testid: "fair" }, title: UI.tools.fairHelp }, parts.join(" · "));
}

function lastSeq(state) {
  const last = state.log[state.log.length - 1];
  return last && Number.isInteger(last.seq) ? last.seq : undefined;
}

function button(label, testid, onclick, { primary = false } = {}) {
  return el("button", { type: "button", class: primary ? "primary" : null, dataset: { testid }, onclick }, label);
}

/** A button that asks for a second click before it acts. */
function armed(label, confirm, testid, act) {
  let timer = null;
  const node = button(label, testid, () => {
    if (!timer) {
      node.textContent = confirm;
      node.classList.add("armed");
      timer = setTimeout(() => {
        timer = null;
        node.textContent = label;
        node.classList.remove("armed");
      }, 4000);
      return;
    }
    clearTimeout(timer);
    timer = null;
    act();
  });
  return node;
}

function playerControls(state, send) {
  const view = state.view;
  const me = state.seat(state.you);
  const settings = view.table.settings || {};
  const between = !view.hand || (state.obs && state.obs.phase === "over");
  const parts = [];
  if (me.pending) {
    parts.push(el("p", { class: "hint", dataset: { testid: "pending" } }, UI.tools.pending));
    return parts;
  }
  if (view.table.status !== "over") {
    parts.push(
      me.sitting_out
        ? button(UI.tools.sitIn, "sit-in", () => send({ type: "sit_in" }), { primary: true })
        : button(UI.tools.sitOut, "sit-out", () => send({ type: "sit_out" })),
    );
    const dealtIn = view.hand && !between && view.hand.seats.includes(state.you);
    if (!dealtIn) {
      parts.push(armed(UI.tools.standUp, UI.tools.standUpConfirm, "stand-up", () => send({ type: "stand_up" })));
    }
  }
  if (settings.rebuys && view.table.status === "playing") {
    const room = (settings.rebuy_limit || 0) - me.stack;
    if (room > 0) {
      const amount = el("input", {
        type: "number", min: "1", max: String(room), step: "1", value: String(room),
        inputmode: "numeric", "aria-label": UI.tools.rebuyAmount, dataset: { testid: "rebuy-amount" },
      });
      parts.push(
        el(
          "span",
          { class: "rebuy" },
          amount,
          button(me.stack === 0 ? UI.tools.rebuy : UI.tools.topUp, "rebuy", () =>
            send({ type: "rebuy", chips: Number(amount.value) }),
          ),
        ),
      );
    }
  }
  if (settings.time_bank) {
    parts.push(el("span", { class: "bank", dataset: { testid: "time-bank" } }, UI.tools.bank(me.bank)));
  }
  const choices = alertChoices();
  const toggle = (key, label) =>
    el(
      "label",
      { class: "toggle" },
      el("input", {
        type: "checkbox", checked: choices[key], dataset: { testid: `alert-${key}` },
        onchange: (event) => saveAlerts({ ...alertChoices(), [key]: event.target.checked }),
      }),
      ` ${label}`,
    );
  parts.push(toggle("sound", UI.tools.alertSound), toggle("title", UI.tools.alertTitle));
  parts.push(soundToggle()); // sound.js: the table's own sounds (deal, chips, captures)
  parts.push(askFoldToggle()); // actions.js: ask before a fold that gives up a free stay
  return parts;
}

function requestsList(state, send) {
  const view = state.view;
  const rows = (view.table.requests || []).map((seat) =>
    el(
      "li",
      {},
      `${state.seatName(seat)} `,
      button(UI.tools.approve, `approve-${seat}`, () => send({ type: "approve", seat }), { primary: true }),
      button(UI.tools.refuse, `refuse-${seat}`, () => send({ type: "refuse", seat })),
    ),
  );
  return rows.length ? [el("h3", {}, UI.tools.requests), el("ul", { class: "requests" }, rows)] : [];
}

function seatsList(state, send) {
  const view = state.view;
  const rows = view.seats
    .filter((s) => s.seat !== state.you && !s.pending)
    .map((s) => {
      if (!s.name) {
        // until /api/bots answers, the easiest level (an empty choice would be refused)
        const kinds = botKinds && botKinds.length ? botKinds : ["easy"];
        // the levels first, the bots they are made of in a group of their own (as on the home page)
        const option = (k) => el("option", { value: k }, UI.home.levels[k] || k);
        const levels = kinds.filter((k) => botLevels.includes(k));
        const others = kinds.filter((k) => !botLevels.includes(k));
        const pick = el("select", { "aria-label": UI.tools.botKind, dataset: { testid: `bot-kind-${s.seat}` } },
          levels.length ? levels.map(option) : others.map(option),
          levels.length && others.length ? el("optgroup", { label: UI.plain.otherBots }, others.map(option)) : null);
        return el("li", {}, `${UI.seatLabel(s.seat)}: `, pick,
          button(UI.tools.addBot, `add-bot-${s.seat}`, () => send({ type: "add_bot", seat: s.seat, bot: pick.value })));
      }
      return el(
        "li",
        {},
        `${s.name} `,
        s.bot ? null : button(UI.tools.makeHost, `make-host-${s.seat}`, () => send({ type: "pass_host", seat: s.seat })),
        s.bot
          ? null
          : s.muted
            ? button(UI.tools.unmute, `unmute-${s.seat}`, () => send({ type: "unmute", seat: s.seat }))
            : button(UI.tools.mute, `mute-${s.seat}`, () => send({ type: "mute", seat: s.seat })),
        armed(UI.tools.remove, UI.tools.removeConfirm, `remove-${s.seat}`, () =>
          // the table as the host saw it: a seat taken by someone else since is not removed
          send({ type: "remove", seat: s.seat, seq: lastSeq(state) })),
      );
    });
  return [el("h3", {}, UI.tools.seats), el("ul", { class: "seat-tools" }, rows)];
}

function settingsForm(state, send) {
  const current = state.view.table.settings || {};
  const number = (key, min) =>
    el("label", {}, el("span", {}, UI.tools.setting[key]),
      el("input", { type: "number", name: key, min: String(min), step: "1", value: String(current[key] ?? ""), inputmode: "numeric", dataset: { testid: `setting-${key}` } }));
  const flag = (key) =>
    el("label", { class: "toggle" }, el("input", { type: "checkbox", name: key, checked: Boolean(current[key]), dataset: { testid: `setting-${key}` } }), ` ${UI.tools.setting[key]}`);
  const form = el(
    "form",
    { class: "settings-form", dataset: { testid: "settings-form" } },
    el("div", { class: "grid grid-4" }, number("small_bet", 1), number("big_bet", 1), number("ante", 0), number("turn_seconds", 5)),
    el("div", { class: "flags" }, flag("rebuys"), number("rebuy_limit", 0), flag("approval"), flag("spectators")),
    el("p", { class: "hint" }, UI.tools.settingsHint),
    paceFields(current),
    el("button", { type: "submit", dataset: { testid: "settings-save" } }, UI.tools.save),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const changes = {};
    for (const key of ["small_bet", "big_bet", "ante", "turn_seconds"]) {
      const value = Number(form.elements[key].value);
      if (form.elements[key].value !== "" && value !== current[key]) changes[key] = value;
    }
    for (const key of ["rebuys", "approval", "spectators"]) {
      if (form.elements[key].checked !== Boolean(current[key])) changes[key] = form.elements[key].checked;
    }
    const limit = Number(form.elements.rebuy_limit.value);
    if (form.elements.rebuy_limit.value !== "" && limit !== current.rebuy_limit) changes.rebuy_to = limit;
    if (!paceChanges(form, current, changes)) return;
    if (Object.keys(changes).length) send({ type: "settings", changes });
  });
  return [el("h3", {}, UI.tools.settings), form];
}

/** The pace between hands (issue 29): the pause, and "next hand when everyone is
 *  ready"; applied by the table from the next pause between hands. */
function paceFields(current) {
  return el(
    "fieldset",
    { class: "pace-fields", dataset: { testid: "pace-fields" } },
    el("legend", {}, UI.pace.title),
    el("label", {}, el("span", {}, UI.pace.setting.between_hands),
      el("input", {
        type: "number", name: "between_hands", step: "any", inputmode: "decimal", // bounds checked in words below
        value: String(current.between_hands ?? ""), dataset: { testid: "setting-between_hands" },
      })),
    el("label", { class: "toggle" },
      el("input", { type: "checkbox", name: "wait_for_ready", checked: Boolean(current.wait_for_ready), dataset: { testid: "setting-wait_for_ready" } }),
      ` ${UI.pace.setting.wait_for_ready}`),
    el("p", { class: "hint" }, UI.pace.hint),
    el("p", { class: "form-error", role: "alert", dataset: { testid: "pace-error" } }),
  );
}

/** Add the pace's changes to `changes`; false (with the reason shown in words)
 *  when the pause is not 0 to 60 seconds, as the table would refuse it. */
function paceChanges(form, current, changes) {
  const field = form.elements.between_hands;
  const error = form.querySelector("[data-testid=pace-error]");
  error.textContent = "";
  if (field.value !== "") {
    const value = Number(field.value);
    if (!Number.isFinite(value) || value < 0 || value > 60) {
      error.textContent = UI.pace.bounds;
      field.focus();
      return false;
    }
    if (value !== current.between_hands) changes.between_hands = value;
  }
  if (form.elements.wait_for_ready.checked !== Boolean(current.wait_for_ready)) {
    changes.wait_for_ready = form.elements.wait_for_ready.checked;
  }
  return true;
}

function hostTools(state, send) {
  const view = state.view;
  const parts = [];
  if (view.table.status === "playing") {
    parts.push(
      view.table.paused
        ? button(UI.tools.resume, "resume", () => send({ type: "resume" }), { primary: true })
        : button(UI.tools.pause, "pause", () => send({ type: "pause" })),
    );
  }
  if (view.table.status !== "over") {
    parts.push(...requestsList(state, send), ...seatsList(state, send), ...settingsForm(state, send));
  }
  return parts;
}

/** Draw the tools panel into `node`; `send(message)` returns false when offline.
 *  The host's settings form is kept while one of its fields has the focus, so that
 *  an update arriving mid-typing does not wipe what is being typed. */
export function drawTools(state, node, send) {
  const view = state.view;
  if (!view) return;
  if (botKinds === null) {
    botKinds = [];
    fetch("/api/bots").then((r) => r.json()).then((d) => {
      botKinds = d.bots || [];
      botLevels = d.levels || [];
    }).catch(() => { botKinds = null; });
  }
  if (node.contains(document.activeElement) && document.activeElement.closest("form")) return;
  const seated = state.you !== null && state.seat(state.you) && state.seat(state.you).name;
  const sections = [];
  if (seated) {
    sections.push(el("div", { class: "tool-row", dataset: { testid: "my-controls" } }, playerControls(state, send)));
  } else {
    sections.push(el("div", { class: "tool-row" }, soundToggle())); // a spectator hears the table too
  }
  if (state.isHost) {
    sections.push(el("details", { class: "host-tools", dataset: { testid: "host-tools" }, open: Boolean(node.dataset.open) },
      el("summary", {}, UI.tools.hostTitle), hostTools(state, send)));
  }
  const fair = fairLine(state);
  if (fair) sections.push(fair);
  node.hidden = sections.length === 0;
  const wasOpen = node.querySelector("details.host-tools");
  node.dataset.open = wasOpen && wasOpen.open ? "1" : node.dataset.open && !wasOpen ? node.dataset.open : "";
  if (wasOpen) node.dataset.open = wasOpen.open ? "1" : "";
  const details = sections.find((s) => s.tagName === "DETAILS");
  if (details) details.open = Boolean(node.dataset.open);
  fill(node, el("h2", { class: "visually-hidden" }, UI.tools.title), sections);
}
