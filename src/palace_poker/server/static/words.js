// The language catalogue: every sentence the table page builds from the facts the
// server sends (log entries, engine events, options, the status line), one function
// per kind, so that a translation replaces this module alone.
//
// A sentence is a list of parts: strings, and {cards: ["Td", ...]} for cards, which
// the page draws as small coloured cards (log.js). `who(handSeat)` names a hand seat,
// `seatName(tableSeat)` a table seat.

const RANKS = {
  2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
  9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace",
};
const SUITS = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

export function cardName(card) {
  if (!card) return "face-down card";
  return `${RANKS[card[0]] || card[0]} of ${SUITS[card[1]] || card[1]}`;
}

export function suitName(suit) {
  return SUITS[suit] || suit;
}

const cards = (list) => ({ cards: list });
const chips = (n) => `${n}`;

const ENDS = {
  last: "one player is left",
  "same-suit": "the players left fly one banner suit and share the pot",
  showdown: "showdown after a quiet round",
  tie: "the last two tie and share the pot",
};

const OUT_REASONS = { fold: "folded", battle: "lost a battle", tie: "tied a battle" };

const SHUFFLED = {
  deck: "the deck",
  "set-aside": "the set-aside cards",
  stock: "the stock",
  discard: "the discard pile",
};

/** Engine events (wire form), one function each; null: not worth a line. */
export const EVENTS = {
  ante_posted: (e, { who }) => [
    `${who(e.seat)} antes ${chips(e.amount)}`, e.all_in ? " and is all-in." : ".",
  ],
  cards_shuffled: (e) =>
    e.what === "deck" ? null : [`${capital(SHUFFLED[e.what] || e.what)} (${e.size} cards) is shuffled.`],
  banner_card_set_aside: (e, { who }) => [
    `${who(e.seat)} is dealt `, cards([e.card]), ": suit taken, set aside.",
  ],
  banner_dealt: (e, { who }) => [`${who(e.seat)} flies the `, cards([e.card]), " banner."],
  palace_dealt: (e, { who, mine }) =>
    e.cards && e.cards.length
      ? [mine(e.seat) ? "Your palace cards: " : `${who(e.seat)}'s palace: `, cards(e.cards), "."]
      : [`${who(e.seat)} gets three palace cards.`],
  turn_started: (e, { who, mine }) => [mine(e.seat) ? "Your turn." : `${who(e.seat)}'s turn.`],
  soldier_bought: (e, { who }) => [
    `${who(e.seat)} buys `, cards([e.card]), ` for ${chips(e.cost)}.`,
  ],
  soldiers_discarded: (e, { who }) => {
    if (!e.cards.length) return e.trim ? [`${who(e.seat)} keeps every soldier.`] : null;
    return [`${who(e.seat)} ${e.trim ? "trims" : "discards"} `, cards(e.cards), "."];
  },
  stayed: (e, { who }) => [`${who(e.seat)} stays.`],
  folded: (e, { who }) => [`${who(e.seat)} folds${e.in_battle ? " the battle" : ""}.`],
  battle_started: (e, { who }) => [
    `⚔ ${who(e.attacker)} attacks ${who(e.defender)}: entry ${chips(e.entry)}`,
    e.raise_by ? ` and raises ${chips(e.raise_by)}.` : ".",
  ],
  battle_called: (e, { who }) => [`${who(e.seat)} calls (${chips(e.amount)}).`],
  battle_raised: (e, { who }) => [
    `${who(e.seat)} raises ${chips(e.raise_by)} (pays ${chips(e.amount)}).`,
  ],
  chips_returned: (e, { who }) => [`${chips(e.amount)} unmatched chips go back to ${who(e.seat)}.`],
  battle_compared: (e, { who }) => {
    const [a, b] = e.seats;
    const parts = [];
    if (e.winner === null) parts.push(`${who(a)} and ${who(b)} tie the battle.`);
    else parts.push(`${who(e.winner)} wins the battle against ${who(e.winner === a ? b : a)}.`);
    if (e.palaces && e.palaces.length === 2) {
      parts.push(` ${who(a)}'s palace `, cards(e.palaces[0]), `, ${who(b)}'s `, cards(e.palaces[1]), ".");
    }
    return parts;
  },
  player_out: (e, { who }) => [`${who(e.seat)} is out of the hand (${OUT_REASONS[e.reason] || e.reason}).`],
  cards_captured: (e, { who }) => [
    `${who(e.seat)} captures `, cards(e.cards), ` from ${who(e.from_seat)}.`,
  ],
  showdown_revealed: (e, { who }) => {
    const parts = ["Showdown:"];
    e.palaces.forEach(([seat, list], i) => {
      parts.push(`${i ? ";" : ""} ${who(seat)} `, cards(list));
    });
    parts.push(".");
    return parts;
  },
  pot_awarded: (e, { who }) => [`${who(e.seat)} takes ${chips(e.amount)}.`],
  hand_ended: (e) => [`Hand over: ${ENDS[e.end] || e.end}.`],
};

export function eventText(event, ctx) {
  const say = EVENTS[event.type];
  if (!say) return [`(${event.type})`];
  return say(event, ctx);
}

/** Log entries (the server's), one function each; `ctx.seatName(t)` names a table seat. */
export const ENTRIES = {
  created: (e) => [`Table ${quoted(e.name)} created.`],
  seated: (e, { seatName }) => {
    const name = e.name ?? seatName(e.seat);
    if (e.bot) return [`${name} (a ${e.bot} bot) takes seat ${seatNumber(e.seat)}.`];
    return [`${name} sits down at seat ${seatNumber(e.seat)}.`];
  },
  started: (e, { seatName }) => {
    const parts = ["The game starts."];
    if (e.draw && e.draw.length) {
      e.draw.forEach((round, i) => {
        parts.push(i ? " Again:" : " Cards drawn for the deal:");
        round.forEach(([seat, card], j) => parts.push(`${j ? "," : ""} ${seatName(seat)} `, cards([card])));
        parts.push(".");
      });
    }
    if (e.dealer !== undefined && e.dealer !== null) parts.push(` ${seatName(e.dealer)} deals first.`);
    return parts;
  },
  hand_started: (e) => [`Hand ${e.hand_number ?? ""} begins.`.replace("  ", " ")],
  // An action's events say what happened; a clock's default action is named.
  action: (e, { seatName }) => (e.by === "clock" ? timedOut(seatName(e.seat)) : null),
  // (by "player", "bot" or "away": the events say it all)
  hand_finished: (e, { seatName }) => {
    const parts = [`Hand ${e.hand_number ?? ""} is finished.`.replace("  ", " ")];
    if (e.stacks) {
      const list = Object.entries(e.stacks).map(([seat, chips]) => `${seatName(Number(seat))} ${chips}`);
      parts.push(` Stacks: ${list.join(", ")}.`);
    }
    return parts;
  },
  game_over: (e, { seatName }) => {
    const why = e.reason === "host" ? " (ended by the host)" : "";
    return e.winner !== null && e.winner !== undefined
      ? [`Game over: ${seatName(e.winner)} wins${why}.`]
      : [`Game over${why}.`];
  },
  away: (e, { seatName }) => [`${seatName(e.seat)} is away.`],
  back: (e, { seatName }) => [`${seatName(e.seat)} is back.`],
  ended: () => ["The host ended the game."],
};

export function entryText(entry, ctx) {
  const say = ENTRIES[entry.kind];
  if (!say) return [`(${entry.kind})`];
  return say(entry, ctx);
}

/** What a timed-out action says (the server plays the default for a player). */
export function timedOut(seatLabel) {
  return [`${seatLabel} ran out of time.`];
}

// ------------------------------------------------------------------ options

/** A button's label for an option; `amount` is the chosen no-limit amount. */
export function optionLabel(option, { who, amount = null }) {
  const pays = (n) => (n ? ` (${chips(n)})` : "");
  switch (option.verb) {
    case "buy":
      return `Buy a soldier${pays(option.cost)}`;
    case "stay":
      return "Stay";
    case "fold":
      return "Fold";
    case "call":
      return `Call${pays(option.cost)}`;
    case "raise":
      if (option.min_amount !== null) {
        return `Raise ${chips(amount ?? option.min_amount)} (${chips(option.cost + (amount ?? option.min_amount))})`;
      }
      return `Raise${pays(option.cost)}`;
    case "bet":
      if (option.min_amount !== null) {
        return `Attack ${who(option.target)} + raise ${chips(amount ?? option.min_amount)} (${chips(option.cost + (amount ?? option.min_amount))})`;
      }
      return `Attack ${who(option.target)}${pays(option.cost)}`;
    case "discard":
      return "Discard soldiers…";
    case "trim":
      return "Choose soldiers to keep";
    default:
      return option.verb;
  }
}

export const UI = {
  ledger: {
    title: "Ledger",
    columns: ["Player", "Bought in", "Chips", "Result"],
    settle: "Settle up",
    pays: (payer, payee, chips) => `${payer} pays ${payee} ${chips}`,
    csv: "Download the ledger (CSV)",
  },
  amount: "Raise by",
  attackWithRaise: (amount, pays) => `Attack with an opening raise of ${amount} (pays ${pays}):`,
  discardTitle: (min, max) => `Discard ${range(min, max)} of your soldiers`,
  trimTitle: (min, max) =>
    min > 0
      ? `You may keep at most five soldiers: discard ${range(min, max)}`
      : "Trim: pick the soldiers to discard (or none)",
  discardSubmit: (n) => (n ? `Discard ${n} card${n === 1 ? "" : "s"}` : "Discard"),
  trimSubmit: (n) => (n ? `Discard ${n}, keep the rest` : "Keep them all"),
  cancel: "Cancel",
  min: "min",
  max: "max",
  dismiss: "Dismiss",
  /** Why the connection closed for good, by WebSocket close code. */
  closed: {
    4001: "another tab took this seat",
    4003: "this page is not on the table's own site",
    4004: "there is no table at this link",
  },
  page: {
    table: "Table",
    title: (name, yourTurn) => `${yourTurn ? "● " : ""}${name} · Palace Poker`,
    notSent: "Not connected: the action was not sent.",
    offline: "Not connected.",
    tokenRefused: "Your seat's token was not accepted.",
    end: "End the game",
    endConfirm: "Really end? Click again",
    anySeat: "Any free seat",
    noSeat: "No free seat",
    nameNeeded: "Please choose a name.",
    joinFailed: (why) => `Could not join (${why}).`,
    copied: (link) => `Invite link copied: ${link}`,
    share: (link) => `Share this link: ${link}`,
  },
  noOptions: "",
  you: "you",
  empty: "empty seat",
  seatLabel: (t) => `Seat ${seatNumber(t)}`,
  pot: "Pot",
  stock: "Stock",
  discardPile: "Discards",
  stack: "Stack",
  inPot: "In pot",
  soldiers: "Soldiers",
  banner: "Banner",
  palace: "Palace",
  badges: {
    dealer: "Dealer",
    toAct: "To act",
    battle: "In battle",
    out: "Out",
    allIn: "All-in",
    disconnected: "Offline",
    away: "Away",
    bot: (kind) => `Bot: ${kind}`,
    busted: "Busted",
    host: "Host",
  },
  battle: {
    title: "Battle",
    last: "Last battle",
    vs: "attacks",
    raises: (n) => `${n} raise${n === 1 ? "" : "s"}`,
    entry: (n) => `entry ${n}`,
    raised: (n) => `raised ${n}`,
  },
  status: {
    connecting: "Connecting…",
    missing: "There is no table at this link.",
    reconnecting: "Connection lost; reconnecting…",
    retryClock: (s) => `next try in ${s} s`,
    replaced: (m) => `This tab is disconnected: ${m}`,
    waiting: (host) => (host ? "Waiting: start the game when everyone is seated." : "Waiting for the host to start the game."),
    yourTurn: "Your decision.",
    toAct: (name) => `${name} to act.`,
    nextHand: (soon) => (soon ? "Hand over." : "Dealing…"),
    clock: (secs) => `⏱ ${secs} s left`,
    nextHandClock: (secs) => `next hand in ${secs} s`,
    over: (winner) => (winner !== null ? `Game over: ${winner} wins.` : "The game is over."),
    spectating: "You are watching.",
    hand: (n) => `Hand ${n}`,
  },
};

export function seatNumber(t) {
  return t + 1;
}

function range(min, max) {
  if (min === max) return `${min}`;
  if (min === 0) return `up to ${max}`;
  return `${min} to ${max}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function quoted(text) {
  return text ? `“${text}”` : "";
}
