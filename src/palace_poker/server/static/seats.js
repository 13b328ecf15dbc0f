// Drawing the table: the felt with every seat around it (name, banner, soldiers,
// stack, chips in the pot, state) and the centre (pot, stock, discard pile, the
// battle, the last hand's result).
import { cardBack, cardFace, cardRow } from "./cards.js";
import { el, fill } from "./dom.js";
import { gameOf } from "./house.js";
import { battlePanel } from "./battle.js";
import { resultPanel } from "./result.js";
import { UI } from "./words.js";

/**
 * Palace cards shown to this viewer, by table seat: the observation's
 * known_palaces, and the palaces that the current hand's events showed
 * (battle_compared to the two battlers, showdown_revealed to everyone).
 */
export function revealedPalaces(state) {
  const shown = new Map();
  for (const { event, seats } of state.handEvents()) {
    if (event.type === "battle_compared" && event.palaces && event.palaces.length === 2) {
      event.seats.forEach((h, i) => {
        shown.set(seats[h], event.palaces[i]);
      });
    } else if (event.type === "showdown_revealed") {
      for (const [h, cards] of event.palaces) shown.set(seats[h], cards);
    }
  }
  const obs = state.obs;
  if (obs) {
    for (const [h, cards] of Object.entries(obs.known_palaces || {})) {
      shown.set(state.tableSeatOf(Number(h)), cards);
    }
  }
  return shown;
}

// Where the seats sit around the felt (percent of its box; a seat is centred on
// its point): you at the bottom, the others clockwise from you, by table size.
const SLOT = {
  B: [50, 100], BL: [24, 100], BR: [76, 100],
  L1: [-1, 74], L: [-1, 50], L2: [-1, 26],
  TL: [24, 0], T: [50, 0], TR: [76, 0],
  R2: [101, 26], R: [101, 50], R1: [101, 74],
};
const LAYOUT = {
  2: ["B", "T"],
  3: ["B", "L2", "R2"],
  4: ["B", "L", "T", "R"],
  5: ["B", "L1", "TL", "TR", "R1"],
  6: ["B", "L1", "L2", "T", "R2", "R1"],
  7: ["B", "L1", "L2", "TL", "TR", "R2", "R1"],
  8: ["B", "BL", "L", "TL", "T", "TR", "R", "BR"],
  9: ["B", "BL", "L1", "L2", "TL", "TR", "R2", "R1", "BR"],
  10: ["B", "BL", "L1", "L2", "TL", "T", "TR", "R2", "R1", "BR"],
};

function position(t, size, bottom) {
  const i = (t - bottom + size) % size;
  const layout = LAYOUT[size];
  if (layout) {
    const [x, y] = SLOT[layout[i]];
    return { x, y };
  }
  const angle = Math.PI / 2 + (i * 2 * Math.PI) / size;
  return { x: 50 + 50 * Math.cos(angle), y: 50 + 50 * Math.sin(angle) };
}

export function drawTable(state, seatsNode, centreNode) {
  const view = state.view;
  const size = view.table.size;
  const bottom = state.you ?? 0;
  const shown = revealedPalaces(state);
  const boxes = [];
  const order = [];
  for (let i = 0; i < size; i += 1) order.push((bottom + i) % size);
  for (const t of order) {
    const box = seatBox(state, t, shown);
    const at = position(t, size, bottom);
    box.style.setProperty("--x", `${at.x.toFixed(2)}%`);
    box.style.setProperty("--y", `${at.y.toFixed(2)}%`);
    boxes.push(box);
  }
  fill(seatsNode, boxes);
  seatsNode.dataset.size = String(size);
  fill(centreNode, centre(state, shown));
}

function seatBox(state, t, shown) {
  const view = state.view;
  const seat = state.seat(t) || { seat: t, name: null, bot: null };
  const obs = state.obs;
  const h = state.handSeatOf(t);
  const inHand = obs && h >= 0;
  const taken = Boolean(seat.name || seat.bot);
  const classes = ["seat"];
  const badges = [];
  const badge = (text, kind) => badges.push(el("span", { class: `badge badge-${kind}` }, text));

  if (!taken) classes.push("empty");
  if (t === state.you) classes.push("you");
  if (inHand) {
    if (obs.dealer === h) badge(UI.badges.dealer, "dealer");
    if (obs.to_act === h) {
      classes.push("to-act");
      badge(UI.badges.toAct, "act");
    }
    if (obs.battle && (obs.battle.attacker === h || obs.battle.defender === h)) {
      classes.push("in-battle");
      badge(UI.badges.battle, "battle");
    }
    if (!obs.in_hand[h]) {
      classes.push("out");
      badge(UI.badges.out, "out");
    } else if (obs.stacks[h] === 0) {
      badge(UI.badges.allIn, "allin");
    }
  }
  if (seat.busted) {
    classes.push("busted");
    badge(UI.badges.busted, "out");
  }
  if (seat.bot) badge(UI.badges.bot(UI.home.levels[seat.bot] || seat.bot), "bot"); // a level in words
  if (seat.away) {
    classes.push("away");
    badge(UI.badges.away, "away");
  }
  if (taken && !seat.bot && !seat.connected) {
    classes.push("offline");
    badge(UI.badges.disconnected, "offline");
  }

  const name = taken ? state.seatName(t) : UI.empty;
  const stack = inHand ? obs.stacks[h] : seat.stack;
  const head = el(
    "div",
    { class: "seat-head" },
    view.table.host === t ? el("span", { class: "host", title: UI.badges.host, "aria-label": UI.badges.host }, "♛") : null,
    el("span", { class: "seat-name" }, name),
    t === state.you ? el("span", { class: "you-tag" }, UI.you) : null,
    taken
      ? el("span", { class: "stack", title: UI.stack, dataset: { testid: `stack-${t}` } },
        el("span", { class: "chip-icon", "aria-hidden": "true" }), `${stack ?? "–"}`)
      : null,
  );

  let army = null;
  let lower = null;
  if (inHand) {
    const banner = obs.banners[h];
    const soldiers = obs.soldiers[h] || [];
    army = !obs.in_hand[h] ? null : el(
      "div",
      { class: "army" },
      banner ? cardFace(banner, { size: "sm", extra: "banner" }) : null,
      soldiers.map((c) => cardFace(c, { size: "sm" })),
    );
    const mine = obs.viewer === h ? obs.palace : null;
    const known = mine && mine.length ? mine : shown.get(t);
    let palace = null;
    if (known && known.length) palace = el("div", { class: "palace shown" }, cardRow(known, { size: "sm" }));
    else if (obs.in_hand[h]) {
      // one back for each palace card the table's game deals (V-PALACE-1)
      const backs = Array.from({ length: gameOf(state.table?.settings).palace }, () => cardBack({ size: "xs" }));
      palace = el("div", { class: "palace" }, backs);
    }
    const paid = obs.contributions[h];
    lower = el("div", { class: "seat-lower" },
      palace,
      paid ? el("span", { class: "in-pot", title: UI.inPot }, `${UI.inPot} ${paid}`) : null);
  }

  const timer = view.deadline_seat === t && typeof view.deadline === "number"
    ? el("div", { class: "timer", "aria-hidden": "true" }, el("div", { class: "timer-fill" }))
    : null;

  return el(
    "div",
    {
      class: classes.join(" "),
      dataset: { testid: `seat-${t}`, seat: String(t) },
      role: "group",
      "aria-label": `${UI.seatLabel(t)}: ${name}`,
    },
    head,
    army,
    lower,
    badges.length ? el("div", { class: "badges" }, badges) : null,
    timer,
  );
}

function centre(state, shown) {
  const view = state.view;
  const obs = state.obs;
  const parts = [];
  if (obs) parts.push(
    el(
      "div",
      { class: "pot-line" },
      el("span", { class: "pot", dataset: { testid: "pot" } },
        el("span", { class: "chip-stack", "aria-hidden": "true" }),
        `${UI.pot} ${obs ? obs.pot : 0}`),
      obs
        ? el("span", { class: "piles" },
          el("span", { class: "pile" }, cardBack({ size: "xs" }), ` ${UI.stock} ${obs.stock_size}`),
          el("span", { class: "pile" }, cardBack({ size: "xs" }), ` ${UI.discardPile} ${obs.discard_size}`))
        : null,
    ),
  );
  if (!obs || obs.phase === "over") {
    const result = resultPanel(state);
    if (result) parts.push(result);
  }
  const battle = battlePanel(state, shown);
  if (battle) parts.push(battle);
  if (view.table.status === "waiting") {
    const alone = startBlocked(state);
    parts.push(alone
      ? el("p", { class: "centre-note", id: "start-reason", dataset: { testid: "start-reason" } }, alone)
      : el("p", { class: "centre-note" }, UI.status.waiting(state.isHost)));
  }
  return parts;
}

/**
 * Why the host cannot start the game yet, in words, or null: the server refuses a
 * start with fewer than two seated players (too_few_players), so the button waits,
 * disabled, with this reason beside it (the centre note, #start-reason).
 */
export function startBlocked(state) {
  const view = state.view;
  if (!view || !state.isHost || view.table.status !== "waiting") return null;
  const seated = view.seats.filter((s) => (s.name || s.bot) && !s.pending).length;
  return seated < 2 ? UI.plain.startAlone : null;
}
