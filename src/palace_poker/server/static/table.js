// The table page (/t/{table}): joins or watches, keeps the connection, and draws
// what the server sends. The modules: connection.js (the socket and the protocol),
// state.js (the table as received), seats.js / battle.js / result.js / mine.js
// (drawing), actions.js (the options), log.js and words.js (the log, in words),
// pace.js (the move caption, "Ready"), motion.js and sound.js (movement, sounds).
import { ActionPanel } from "./actions.js";
import { Connection } from "./connection.js";
import { $, el } from "./dom.js";
import { drawHouseRules, gameOf } from "./house.js";
import { drawLedger } from "./ledger.js";
import { drawLesson } from "./lesson.js";
import { LogView } from "./log.js";
import { drawMine } from "./mine.js";
import { measure, play } from "./motion.js";
import { notify } from "./notice.js";
import { MoveCaption, readyStatus } from "./pace.js";
import { drawTable, startBlocked } from "./seats.js";
import { TableState } from "./state.js";
import { contributeIfDue, drawTools, turnAlert } from "./tools.js";
import { UI, errorText } from "./words.js";

const tableId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
const storageKey = `palace:${tableId}`;

function loadSeat() {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) || "null");
    if (saved && typeof saved.token === "string") return saved;
  } catch {
    // a damaged entry is as good as none
  }
  return null;
}

const state = new TableState(tableId);
const logView = new LogView($("#log"));
const caption = new MoveCaption(); // pace.js: each move in the felt long enough to read
let saved = loadSeat();
let connStatus = { state: "connecting" };
let pendingRef = null;
let welcomed = false;
let watching = false;

const actions = new ActionPanel($("#actions"), {
  onAct(text) {
    if (!state.obs || !state.table) return false;
    const ref = conn.act(text, state.table.hand_number, state.obs.version);
    if (ref === null) {
      notify("offline", UI.page.notSent);
      return false;
    }
    pendingRef = ref;
    return true;
  },
});

const conn = new Connection(tableId, saved ? saved.token : null, {
  onFrame,
  onStatus(status) {
    connStatus = status;
    if (status.state === "connecting") welcomed = false;
    // No decision can be sent while the socket is down: the options wait for it.
    actions.setOnline(status.state === "open");
    drawStatus();
  },
});

function onFrame(frame) {
  switch (frame.type) {
    case "welcome": {
      const fresh = conn.helloSeq === null;
      const before = measure($("#felt"));
      const added = state.take(frame, { fresh });
      welcomed = true;
      if (fresh) logView.redraw(state);
      else logView.add(state, added);
      if (fresh) caption.reset();
      else caption.add(state, added);
      if (conn.token && (frame.you === null || frame.you === undefined)) forgetSeat(UI.page.tokenRefused);
      redraw();
      play($("#felt"), before, added, { fresh });
      break;
    }
    case "update":
    case "presence": {
      const before = measure($("#felt"));
      const added = state.take(frame);
      if (added.length) logView.add(state, added);
      caption.add(state, added);
      redraw();
      play($("#felt"), before, added); // motion.js: the changes move into place
      break;
    }
    case "error":
      // the catalogue's sentence for the code, never the server's English message,
      // with the table's facts (a trim keeps at most the variant's soldiers, V-BUY-3)
      notify(frame.code || "error", errorText(frame.code, { most: gameOf(state.table?.settings).soldiers }), frame.rule);
      if (frame.ref && frame.ref === pendingRef) {
        pendingRef = null;
        actions.release();
      } else if (!welcomed && conn.token && /token|seat/.test(frame.code || "")) {
        forgetSeat(null); // the notice above says why
      }
      break;
    case "replaced":
      // connection.js stops reconnecting; the status line says why
      break;
    default:
      break;
  }
}

function forgetSeat(reason) {
  localStorage.removeItem(storageKey);
  saved = null;
  if (reason) notify("seat", reason);
  conn.become(null);
  openJoin();
}

// ------------------------------------------------------------------ drawing

function redraw() {
  if (!state.view) return;
  const view = state.view;
  const table = view.table;
  $("#table-name").textContent = table.name || UI.page.table;
  drawTitle();
  drawHouseRules($("#house-rules"), table.settings);
  $("#hand-number").textContent = table.hand_number ? UI.status.hand(table.hand_number) : "";
  $("#start").hidden = !(state.isHost && table.status === "waiting");
  // Alone at the table the host cannot start: the button says why (seats.js).
  const alone = startBlocked(state);
  $("#start").disabled = Boolean(alone);
  if (alone) {
    $("#start").title = alone;
    $("#start").setAttribute("aria-describedby", "start-reason");
  } else {
    $("#start").removeAttribute("title");
    $("#start").removeAttribute("aria-describedby");
  }
  $("#end").hidden = !(state.isHost && table.status === "playing");
  const me = state.you === null ? null : state.seat(state.you);
  $("#back").hidden = !(me && me.away);
  $("#join-open").hidden = !(state.you === null && freeSeats().length > 0 && table.status !== "over");
  if (table.status === "over" && !$("#join").hidden) closeJoin();
  document.body.classList.toggle("my-turn", state.options.length > 0);
  drawTable(state, $("#seats"), $("#centre"));
  caption.place($("#centre"));
  drawMine(state, $("#mine"));
  drawLedger(view, $("#ledger"), table.id);
  drawTools(state, $("#tools"), (message) => {
    if (conn.send(message)) return true;
    notify("offline", UI.page.offline);
    return false;
  });
  const muted = me && me.muted;
  $("#chat-form").hidden = Boolean(muted) || table.status === "over";
  contributeIfDue(state, (message) => conn.send(message));
  drawLesson(state, redraw); // lesson.js: a lesson table's guide, and what it allows
  actions.draw(state);
  if (!$("#join").hidden) fillSeatChoice();
  drawStatus();
  tick();
}

/** The tab's title: the table, marked (and blinking while the tab is hidden) when
 *  it is your turn, unless you switched that alert off (tools.js). */
function drawTitle() {
  const table = state.view.table;
  document.title = turnAlert(state) + UI.page.title(table.name || UI.page.table, state.options.length > 0);
}
document.addEventListener("palace:title", () => state.view && drawTitle());
document.addEventListener("visibilitychange", () => state.view && drawTitle());

/** The status line: what is going on (announced), and the clock (not announced). */
function statusText() {
  const view = state.view;
  if (connStatus.state === "missing") return [UI.status.missing, ""];
  if (connStatus.state === "stopped") return [UI.status.replaced(connStatus.reason || ""), ""];
  if (connStatus.state === "waiting") {
    return [UI.status.reconnecting, UI.status.retryClock(Math.max(0, Math.ceil((connStatus.retryAt - Date.now()) / 1000)))];
  }
  if (!view) return [UI.status.connecting, ""];
  const table = view.table;
  const parts = [];
  let clock = "";
  const me = state.you === null ? null : state.seat(state.you);
  if (me && me.pending) parts.push(UI.tools.pending);
  if (table.paused) parts.push(UI.tools.pausedStatus);
  else if (table.status === "waiting") parts.push(UI.status.waiting(state.isHost));
  else if (table.status === "over") {
    parts.push(UI.status.over(view.winner !== null && view.winner !== undefined ? state.seatName(view.winner) : null));
  } else if (state.obs && state.obs.to_act !== null && state.obs.phase !== "over") {
    const actor = state.tableSeatOf(state.obs.to_act);
    parts.push(state.options.length ? UI.status.yourTurn : UI.status.toAct(state.seatName(actor)));
    if (view.deadline_seat !== null && view.deadline_seat !== undefined) {
      const secs = state.secondsUntil(view.deadline);
      if (secs !== null) clock = UI.status.clock(secs);
    }
  } else if (readyStatus(state)) {
    // pace.js: a table that deals when everyone is ready says whom it waits for
    const [text, until] = readyStatus(state);
    parts.push(text);
    clock = until;
  } else {
    parts.push(UI.status.nextHand(typeof view.next_hand_at === "number"));
    const secs = state.secondsUntil(view.next_hand_at);
    if (secs !== null) clock = UI.status.nextHandClock(secs);
  }
  if (state.you === null) parts.push(UI.status.spectating);
  if (view.watching) parts.push(UI.tools.watching(view.watching));
  if (connStatus.state === "connecting") parts.push(UI.status.connecting);
  return [parts.join(" "), clock];
}

function drawStatus() {
  const [text, clock] = statusText();
  const textNode = $("#status-text");
  const clockNode = $("#status-clock");
  if (textNode.textContent !== text) textNode.textContent = text;
  if (clockNode.textContent !== clock) clockNode.textContent = clock;
  const node = $("#status");
  node.classList.toggle("alert", connStatus.state !== "open" && connStatus.state !== "connecting");
  node.classList.toggle("mine", state.options.length > 0);
  const low = state.view && typeof state.view.deadline === "number" && state.view.deadline - state.serverNow() < 10;
  clockNode.classList.toggle("low", Boolean(low && clock));
}

function tick() {
  drawStatus();
  const view = state.view;
  if (!view) return;
  const fill = document.querySelector(".seat .timer-fill");
  if (fill && typeof view.deadline === "number") {
    const total = view.table.settings && view.table.settings.turn_seconds ? view.table.settings.turn_seconds : 30;
    const left = Math.max(0, view.deadline - state.serverNow());
    fill.style.width = `${Math.min(100, (100 * left) / total).toFixed(1)}%`;
    fill.classList.toggle("low", left < Math.min(10, total / 3));
  }
}

setInterval(tick, 250);

// On a phone the options are a sheet fixed at the bottom: keep room for it below
// the page, so that nothing stays hidden under it.
new ResizeObserver(() => {
  const node = $("#actions");
  const fixed = getComputedStyle(node).position === "fixed";
  document.body.style.paddingBottom = fixed ? `${node.offsetHeight}px` : "";
}).observe($("#actions"));

// ------------------------------------------------------------------ controls

$("#start").addEventListener("click", () => conn.send({ type: "start" }) || notify("offline", UI.page.offline));
let endArmed = null;
$("#end").addEventListener("click", () => {
  const button = $("#end");
  if (!endArmed) {
    button.textContent = UI.page.endConfirm;
    button.classList.add("armed");
    endArmed = setTimeout(() => {
      endArmed = null;
      button.textContent = UI.page.end;
      button.classList.remove("armed");
    }, 4000);
    return;
  }
  clearTimeout(endArmed);
  endArmed = null;
  button.textContent = UI.page.end;
  button.classList.remove("armed");
  conn.send({ type: "end" });
});
$("#back").addEventListener("click", () => conn.send({ type: "back" }));
// A message asked for by a module that has no connection of its own (pace.js: "ready").
document.addEventListener("palace:send", (event) => conn.send(event.detail) || notify("offline", UI.page.offline));
$("#chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("#chat-text");
  const text = input.value.trim();
  if (!text) return;
  if (conn.send({ type: "chat", text })) input.value = "";
  else notify("offline", UI.page.offline);
});

$("#copy-invite").addEventListener("click", async () => {
  const link = `${location.origin}/t/${encodeURIComponent(tableId)}`;
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(link);
      copied = true;
    }
  } catch {
    copied = false;
  }
  if (!copied) {
    const area = el("textarea", { readonly: true, class: "offscreen" });
    area.value = link;
    document.body.appendChild(area);
    area.select();
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    area.remove();
  }
  notify("invite", copied ? UI.page.copied(link) : UI.page.share(link));
});

// ------------------------------------------------------------------ joining

function freeSeats() {
  const seats = state.view ? state.view.seats : (joinInfo ? joinInfo.seats : []);
  return seats.filter((s) => !s.name && !s.bot).map((s) => s.seat);
}

let joinInfo = null;

function fillSeatChoice() {
  const select = $("#join-seat");
  const previous = select.value;
  const free = freeSeats();
  select.replaceChildren(
    el("option", { value: "" }, free.length ? UI.page.anySeat : UI.page.noSeat),
    ...free.map((t) => el("option", { value: String(t) }, UI.seatLabel(t))),
  );
  if (free.map(String).includes(previous)) select.value = previous;
  $("#join-submit").disabled = free.length === 0;
}

function openJoin() {
  $("#join").hidden = false;
  $("#join-table").textContent = (state.table && state.table.name) || (joinInfo && joinInfo.name) || "";
  const name = $("#join-name");
  if (!name.value) name.value = localStorage.getItem("palace:name") || "";
  fillSeatChoice();
  name.focus();
}

function closeJoin() {
  $("#join").hidden = true;
}

$("#join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("#join-name").value.trim();
  const seat = $("#join-seat").value;
  const error = $("#join-error");
  error.textContent = "";
  if (!name) {
    error.textContent = UI.page.nameNeeded;
    return;
  }
  const body = { name };
  if (seat !== "") body.seat = Number(seat);
  $("#join-submit").disabled = true;
  try {
    const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      error.textContent = errorText(data.error ? data.error.code : null);
      return;
    }
    localStorage.setItem(storageKey, JSON.stringify({ token: data.token, seat: data.seat }));
    localStorage.setItem("palace:name", name);
    saved = { token: data.token, seat: data.seat };
    closeJoin();
    conn.become(data.token);
  } catch {
    error.textContent = UI.plain.unreachable; // the browser's own message is English
  } finally {
    $("#join-submit").disabled = false;
  }
});

$("#spectate").addEventListener("click", () => {
  watching = true;
  closeJoin();
  redraw();
  $("#join-open").focus();
});
$("#join-open").addEventListener("click", openJoin);
$("#join").addEventListener("keydown", (event) => {
  if (event.key === "Escape") $("#spectate").click();
  if (event.key !== "Tab") return;
  // The dialog keeps the focus while it is open.
  const focusable = [...$("#join-form").querySelectorAll("input, select, button:not([disabled])")];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
});

async function start() {
  if (!saved) {
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
      if (answer.status === 404) {
        connStatus = { state: "missing" };
        drawStatus();
        return;
      }
      if (answer.ok) joinInfo = await answer.json();
    } catch {
      // the socket will say more
    }
    // A free seat may be taken until the game is over (dealt in from the next hand).
    if (!watching && (!joinInfo || joinInfo.status !== "over")) openJoin();
  }
  conn.open();
}

start();
