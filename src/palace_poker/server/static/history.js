// Hand histories in the browser: the step-through viewer (history.html) and the
// small "history links" bar of the table page (a <nav id="history-links"> there).
//
// The viewer fetches /api/tables/{table}/history.jsonl with the seat token the
// table page keeps in localStorage (palace:{table} = {token, seat}; no token: the
// spectator's history), lists the hands, and steps through the chosen hand entry by
// entry (buttons and the arrow keys), showing the log so far and the cards the
// viewer had seen by then: their own palace, the banners and soldiers, the palaces
// shown in a battle they fought or at a showdown. Everything shown is what the
// server's projection sent this viewer; nothing is guessed.
//
// Wording comes from words.js (entryText, eventText; the page's own words are
// UI.history, in every catalogue).
import { cardBack, cardFace } from "./cards.js";
import { $, el, fill } from "./dom.js";
import { explanationLines, explanationsOf } from "./explain.js";
import { sentence } from "./log.js";
import { UI, entryText, errorText, eventText } from "./words.js";

const T = UI.history;

// ------------------------------------------------------------------ shared

function savedToken(tableId) {
  try {
    const saved = JSON.parse(localStorage.getItem(`palace:${tableId}`) || "null");
    return saved && typeof saved.token === "string" ? saved.token : null;
  } catch {
    return null;
  }
}

function authHeaders(tableId) {
  const token = savedToken(tableId);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function apiUrl(tableId, what) {
  return `/api/tables/${encodeURIComponent(tableId)}/${what}`;
}

/** Fetch a download with the seat's token and save it under the server's file name. */
async function download(tableId, what, status) {
  status.textContent = "";
  let answer;
  try {
    answer = await fetch(apiUrl(tableId, what), { headers: authHeaders(tableId) });
  } catch {
    status.textContent = T.refused(UI.plain.unreachable);
    return;
  }
  if (!answer.ok) {
    const reply = await answer.json().catch(() => ({}));
    // in words: the catalogue's sentence for the code, never the server's English
    status.textContent = T.refused(errorText(reply.error ? reply.error.code : null));
    return;
  }
  const blob = await answer.blob();
  const match = /filename="([^"]+)"/.exec(answer.headers.get("content-disposition") || "");
  const link = el("a", { href: URL.createObjectURL(blob), download: match ? match[1] : what });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function downloadButtons(tableId, status) {
  const button = (what, label, testid) =>
    el("button", { type: "button", dataset: { testid }, onclick: () => download(tableId, what, status) }, label);
  return [
    button("history.jsonl", T.jsonl, "download-history-jsonl"),
    button("history.txt", T.text, "download-history-txt"),
    button("records.jsonl", T.records, "download-records"),
  ];
}

// ------------------------------------------------------------------ the table page

function tableLinks(nav) {
  const match = /^\/t\/([^/]+)$/.exec(location.pathname);
  if (!match) return;
  const tableId = decodeURIComponent(match[1]);
  const status = el("span", { class: "hint", role: "status", dataset: { testid: "history-links-status" } });
  nav.setAttribute("aria-label", T.title);
  nav.style.setProperty("display", "flex");
  nav.style.setProperty("flex-wrap", "wrap");
  nav.style.setProperty("gap", "0.4rem");
  nav.style.setProperty("align-items", "center");
  nav.style.setProperty("margin-top", "0.5rem");
  fill(nav,
    el("a", {
      href: `/static/history.html?table=${encodeURIComponent(tableId)}`,
      target: "_blank",
      rel: "noopener",
      dataset: { testid: "history-viewer-link" },
    }, T.viewer),
    downloadButtons(tableId, status),
    status);
}

// ------------------------------------------------------------------ the viewer

/** The cards a viewer had seen by the end of `entries`, by hand seat. */
export function seenCards(hand, entries) {
  const seats = hand.seats.map(() => ({ banner: null, soldiers: [], palace: [null, null, null], out: false }));
  const take = (list, cards) => list.filter((c) => !cards.includes(c));
  for (const entry of entries) {
    for (const e of entry.events || []) {
      const seat = seats[e.seat];
      switch (e.type) {
        case "banner_dealt":
          seat.banner = e.card;
          break;
        case "palace_dealt":
          seat.palace = e.cards && e.cards.length ? [...e.cards] : [null, null, null];
          break;
        case "soldier_bought":
          seat.soldiers.push(e.card);
          break;
        case "soldiers_discarded":
          seat.soldiers = take(seat.soldiers, e.cards);
          break;
        case "player_out":
          seat.out = true;
          break;
        case "battle_compared":
          if (e.palaces && e.palaces.length === 2) {
            e.seats.forEach((s, i) => { seats[s].palace = [...e.palaces[i]]; });
          }
          break;
        case "showdown_revealed":
          for (const [s, cards] of e.palaces) seats[s].palace = [...cards];
          break;
        case "cards_captured": {
          const from = seats[e.from_seat];
          if (e.cards.includes(from.banner)) from.banner = null;
          from.soldiers = take(from.soldiers, e.cards);
          seat.soldiers.push(...e.cards);
          break;
        }
        default:
          break;
      }
    }
  }
  return seats;
}

class Viewer {
  constructor(tableId) {
    this.tableId = tableId;
    this.hands = [];
    this.hand = null;
    this.step = 0;
    this.status = $("#history-status");
  }

  async load() {
    $("#hands-title").textContent = T.hands;
    $("#step-back").textContent = T.back;
    $("#step-forward").textContent = T.forward;
    $("#step-keys").textContent = T.keys;
    this.status.textContent = T.loading;
    const links = $("#history-downloads");
    const linkStatus = el("span", { class: "hint", role: "status", dataset: { testid: "download-status" } });
    fill(links,
      el("a", { href: `/t/${encodeURIComponent(this.tableId)}`, dataset: { testid: "back-to-table" } }, T.table),
      downloadButtons(this.tableId, linkStatus),
      linkStatus);
    $("#step-back").addEventListener("click", () => this.go(this.step - 1));
    $("#step-forward").addEventListener("click", () => this.go(this.step + 1));
    document.addEventListener("keydown", (event) => this.key(event));
    this.loadTitle();
    let answer;
    try {
      answer = await fetch(apiUrl(this.tableId, "history.jsonl"), { headers: authHeaders(this.tableId) });
    } catch {
      this.status.textContent = T.failed(UI.plain.unreachable);
      return;
    }
    if (!answer.ok) {
      const reply = await answer.json().catch(() => ({}));
      this.status.textContent = T.failed(errorText(reply.error ? reply.error.code : null));
      return;
    }
    const text = await answer.text();
    this.hands = text.split("\n").filter((line) => line.trim()).map((line) => withoutQuiet(JSON.parse(line)));
    this.drawList();
    const first = this.hands[0];
    const name = first && first.you !== null ? first.seats[first.you] : null;
    this.status.textContent = !this.hands.length ? T.none : name ? T.asPlayer(name) : T.asSpectator;
    const wanted = Number(new URLSearchParams(location.search).get("hand"));
    const chosen = this.hands.find((h) => h.hand === wanted);
    if (chosen) this.pick(chosen);
    else $("#step-title").textContent = this.hands.length ? T.pick : "";
  }

  async loadTitle() {
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(this.tableId)}`);
      if (!answer.ok) return;
      const summary = await answer.json();
      $("#history-title").textContent = T.titleOf(summary.name);
      document.title = `${T.titleOf(summary.name)} · Palace Poker`;
    } catch {
      // the title is a nicety: the hands load without it
    }
  }

  drawList() {
    fill($("#hands"), this.hands.map((hand) =>
      el("li", {},
        el("button", {
          type: "button",
          dataset: { testid: `hand-${hand.hand}`, hand: String(hand.hand) },
          "aria-current": hand === this.hand ? "true" : "false",
          onclick: () => this.pick(hand),
        },
          el("strong", {}, T.hand(hand.hand)), " ",
          el("span", {}, hand.seats.join(", ")),
          hand.finished ? null : el("span", { class: "in-play" }, ` (${T.inPlay})`)))));
  }

  pick(hand) {
    this.hand = hand;
    this.step = 1;
    this.drawList();
    $("#stepper").hidden = false;
    $("#hist-log").hidden = false;
    $("#step-title").textContent = `${T.hand(hand.hand)}: ${hand.seats.join(", ")}`;
    this.draw();
    $("#step-forward").focus();
  }

  go(step) {
    if (!this.hand) return;
    const clamped = Math.max(1, Math.min(this.hand.entries.length, step));
    if (clamped === this.step) return;
    this.step = clamped;
    this.draw();
  }

  key(event) {
    if (!this.hand || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    const moves = { ArrowRight: this.step + 1, ArrowLeft: this.step - 1, Home: 1, End: this.hand.entries.length };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.go(moves[event.key]);
  }

  seatName(tableSeat) {
    const at = this.hand.table_seats.indexOf(tableSeat);
    return at >= 0 ? this.hand.seats[at] : UI.seatLabel(tableSeat);
  }

  draw() {
    const hand = this.hand;
    const total = hand.entries.length;
    const shown = hand.entries.slice(0, this.step);
    $("#step-count").textContent = T.step(this.step, total);
    $("#step-count").dataset.step = String(this.step);
    $("#step-count").dataset.total = String(total);
    $("#step-back").disabled = this.step <= 1;
    $("#step-forward").disabled = this.step >= total;
    this.drawBoard(seenCards(hand, shown));
    this.drawLog(shown);
  }

  drawBoard(seats) {
    const hand = this.hand;
    fill($("#board"), seats.map((seat, h) => {
      const mine = h === hand.you;
      const palace = el("span", { class: "cards", dataset: { testid: mine ? "hist-my-palace" : `hist-palace-${h}` } },
        seat.palace.map((c) => (c ? cardFace(c, { size: "sm" }) : cardBack({ size: "sm" }))));
      return el("div", {
        class: `hist-seat${mine ? " you" : ""}${seat.out ? " out" : ""}`,
        dataset: { testid: `hist-seat-${h}` },
      },
        el("div", { class: "seat-head" },
          el("span", { class: "seat-name" }, hand.seats[h]),
          mine ? el("span", { class: "you-tag" }, T.you) : null,
          seat.out ? el("span", { class: "hint" }, ` · ${T.out}`) : null),
        el("div", { class: "row" }, el("span", { class: "label" }, T.banner),
          seat.banner ? cardFace(seat.banner, { size: "sm", extra: "banner" }) : "–"),
        el("div", { class: "row" }, el("span", { class: "label" }, T.soldiers),
          seat.soldiers.length ? seat.soldiers.map((c) => cardFace(c, { size: "sm" })) : "–"),
        el("div", { class: "row" }, el("span", { class: "label" }, T.palace), palace));
    }));
  }

  drawLog(shown) {
    const hand = this.hand;
    const ctx = {
      who: (h) => hand.seats[h] ?? String(h),
      mine: (h) => hand.you !== null && h === hand.you,
      palace: hand.variant?.palace, // a variant's palace cards (V-PALACE-1), else three
      byRank: hand.variant?.struck === "rank", // a banner strikes its rank (V-CMP-1)
    };
    const entryCtx = { seatName: (t) => this.seatName(t), you: hand.you };
    const items = [];
    shown.forEach((entry, i) => {
      const now = i === shown.length - 1;
      const lines = [];
      const own = entryText(entry, entryCtx);
      if (own) lines.push(own);
      const why = explanationsOf(entry);
      (entry.events || []).forEach((event, k) => {
        const said = why.get(k);
        // An explained comparison names its palace cards in the hands that follow.
        const seen = said && said.sides.length && event.type === "battle_compared" ? { ...event, palaces: [] } : event;
        const parts = eventText(seen, ctx);
        if (parts) lines.push(parts);
        lines.push(...explanationLines(said, ctx));
      });
      for (const parts of lines) {
        items.push(el("li", { class: now ? "now" : "", dataset: { seq: String(entry.seq), kind: entry.kind } }, sentence(parts)));
      }
    });
    const log = $("#hist-log");
    fill(log, items);
    log.scrollTop = log.scrollHeight;
  }
}

/** A hand without the entries that are no step of it: the contributions to the
 *  fair seed (one a player a hand; their values are in the deal's entry). */
function withoutQuiet(hand) {
  return { ...hand, entries: hand.entries.filter((entry) => entry.kind !== "contributed") };
}

// ------------------------------------------------------------------ start

const links = document.getElementById("history-links");
if (document.getElementById("history-viewer")) {
  const tableId = new URLSearchParams(location.search).get("table") || "";
  new Viewer(tableId).load();
} else if (links) {
  tableLinks(links);
}
