// English: the language catalogue. Every sentence the table page builds from the
// facts the server sends (log entries, engine events, options, the status line), one
// function per kind, so that a translation replaces this module alone.
//
// The contract (docs/languages.md): every catalogue in static/words/ exports the same
// names with the same shapes: LANG, DIR, UI (same keys, deep), EVENTS and ENTRIES
// (same keys), ERRORS (one sentence per server error code), and the functions
// cardName, suitName, eventText, entryText, timedOut, optionLabel, errorText,
// seatNumber, formatNumber, plural.
//
// A sentence is a list of parts: strings, and {cards: ["Td", ...]} for cards, which
// the page draws as small coloured cards (log.js). `who(handSeat)` names a hand seat,
// `seatName(tableSeat)` a table seat, `mine(handSeat)` says whether it is the viewer's.

export const LANG = "en";
export const DIR = "ltr";

const NUMBERS = new Intl.NumberFormat(LANG);
const PLURALS = new Intl.PluralRules(LANG);

/** A number as this language writes it. */
export function formatNumber(n) {
  return typeof n === "number" ? NUMBERS.format(n) : `${n ?? ""}`;
}

/** The form of `forms` ({one, other, ...}) that goes with the number n. */
export function plural(n, forms) {
  return forms[PLURALS.select(n)] ?? forms.other;
}

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
const chips = formatNumber;
const cardCount = (n) => `${chips(n)} ${plural(n, { one: "card", other: "cards" })}`;

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
    e.what === "deck" ? null : [`${capital(SHUFFLED[e.what] || e.what)} (${cardCount(e.size)}) is shuffled.`],
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
  chips_returned: (e, { who }) => [
    `${chips(e.amount)} unmatched ${plural(e.amount, { one: "chip goes", other: "chips go" })} back to ${who(e.seat)}.`,
  ],
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
    if (e.bot) return [`${name} (${botKind(e.bot)}) takes seat ${chips(seatNumber(e.seat))}.`];
    return [`${name} sits down at seat ${chips(seatNumber(e.seat))}.`];
  },
  started: (e, { seatName }) => {
    const parts = ["The game starts."];
    if (e.draw && e.draw.length) {
      e.draw.forEach((round, i) => {
        parts.push(i ? " Again:" : " Cards drawn for the deal:");
        round.forEach(([seat, card], j) => {
          parts.push(`${j ? "," : ""} ${seatName(seat)} `, cards([card]));
        });
        parts.push(".");
      });
    }
    if (e.dealer !== undefined && e.dealer !== null) parts.push(` ${seatName(e.dealer)} deals first.`);
    return parts;
  },
  hand_started: (e) => [e.hand_number ? `Hand ${chips(e.hand_number)} begins.` : "A hand begins."],
  // An action's events say what happened; a clock's default action is named.
  action: (e, { seatName }) => (e.by === "clock" ? timedOut(seatName(e.seat)) : null),
  // (by "player", "bot" or "away": the events say it all)
  hand_finished: (e, { seatName }) => {
    const parts = [e.hand_number ? `Hand ${chips(e.hand_number)} is finished.` : "The hand is finished."];
    if (e.stacks) {
      const list = Object.entries(e.stacks).map(([seat, n]) => `${seatName(Number(seat))} ${chips(n)}`);
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
  paused: () => ["The host paused the game."],
  resumed: () => ["The host resumed the game."],
  approved: (e, { seatName }) => [`${seatName(e.seat)} is let in.`],
  refused: (e) => [`${e.name ?? "A player"} was turned away.`],
  removed: (e) => [`The host removed ${e.name ?? "a player"} (${chips(e.chips_taken ?? 0)} chips taken).`],
  settings_changed: (e) => [`The host changed the settings: ${settingList(e.changes)}.`],
  host_passed: (e, { seatName }) => [`${seatName(e.seat)} is now the host.`],
  sat_out: (e, { seatName }) => [`${seatName(e.seat)} sits out.`],
  sat_in: (e, { seatName }) => [`${seatName(e.seat)} is dealt in again.`],
  stood_up: (e) => [`${e.name ?? "A player"} stands up with ${chips(e.chips_taken ?? 0)} chips.`],
  rebought: (e, { seatName }) => [`${seatName(e.seat)} buys ${chips(e.chips)} chips.`],
  bank_used: (e, { seatName }) => [`${seatName(e.seat)} uses the time bank (${chips(Math.round(e.seconds))} s).`],
  chat: (e, { seatName }) => [`${e.seat === null || e.seat === undefined ? `Spectator ${chips(e.watcher)}` : e.name ?? seatName(e.seat)}: ${e.text}`],
  muted: (e, { seatName }) => [`The host muted ${seatName(e.seat)}.`],
  unmuted: (e, { seatName }) => [`The host unmuted ${seatName(e.seat)}.`],
  ended: () => ["The host ended the game."],
  // the pace between hands (a table that waits for everyone)
  ready: (e, { seatName }) => [`${seatName(e.seat)} is ready for the next hand.`],
  // the store was away: the clocks waited (docs/deploy.md)
  storage_back: (e) => [`The server could not save for ${chips(Math.round(e.seconds ?? 0))} s: the clocks waited meanwhile.`],
  // a contribution to the next hand's fair seed: no line (one a player a hand would
  // be noise; the view's fair.contributed says who has)
  contributed: () => null,
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

// ------------------------------------------------------------------ errors

/** The server's error codes (palace_poker.errors.ERROR_CODES), one sentence each. */
export const ERRORS = {
  invalid_chat: "A chat message is 1 to 300 characters of plain text.",
  muted: "The host has muted your chat at this table.",
  invalid_card: "That is not a card.",
  invalid_suit: "That is not a suit.",
  invalid_hand_value: "That is not a hand value.",
  malformed_action: "The action is not written the way the game reads it.",
  unknown_verb: "The game has no such move.",
  invalid_amount: "The amount must be a positive whole number.",
  invalid_seat: "There is no such seat in this hand.",
  hand_over: "The hand is over: it takes no more decisions.",
  chance_due: "A card is to be dealt now, not a player's decision.",
  no_chance_due: "No card is to be dealt now.",
  invalid_outcome: "That card cannot be dealt at this step.",
  stale_version: "The hand moved on before your action arrived: look again.",
  invalid_index: "There is no such event in this hand.",
  malformed_event: "That is not an event of the game.",
  invalid_observation: "That is not a consistent view of a hand.",
  invalid_wire: "The message is not in the game's wire format.",
  invalid_shuffle: "The shuffle cannot be used.",
  not_your_turn: "It is not your turn.",
  illegal_action: "That move is not allowed now.",
  bad_target: "You cannot attack that player.",
  card_not_held: "That card is not one of your soldiers.",
  duplicate_card: "A card is named twice.",
  too_many_soldiers: "You may keep at most five soldiers.",
  cannot_afford: "You do not have the chips for that.",
  amount_out_of_bounds: "The amount is outside the allowed range.",
  amount_not_allowed: "The amount is fixed here, or it is missing where it must be chosen.",
  raise_cap: "The battle already has the most raises allowed.",
  empty_stock: "No card can be bought: the stock and the discard pile are empty.",
  invalid_rules: "A stakes setting is out of range.",
  invalid_players: "Those players or stacks are not allowed.",
  unknown_bot: "There is no bot of that kind.",
  invalid_budget: "A bot's budget is milliseconds (10ms) or a number of simulations (64).",
  invalid_bot: "That bot has no such setting.",
  invalid_arena: "An arena setting is out of range.",
  journal_mismatch: "The arena journal belongs to another match.",
  journal_invalid: "The arena journal is damaged, or is not a journal.",
  backend_unavailable: "A part the server needs is not installed.",
  output_folder_missing: "The folder to write to does not exist.",
  output_is_directory: "The file to write is a folder.",
  output_exists: "The file to write exists already.",
  output_unwritable: "The file cannot be written.",
  invalid_record: "The hand record is malformed.",
  shuffle_mismatch: "A recorded shuffle does not match the cards shuffled.",
  shuffles_unused: "The record lists more shuffles than the hand uses.",
  record_incomplete: "The hand is not over after the record's last action.",
  result_mismatch: "The record's result differs from the replayed one.",
  invalid_contribution: "A contribution to the fair seed is malformed, or a seat gave two.",
  invalid_fair: "The fairness proof is malformed.",
  fair_server_commitment: "The server's secret does not match its published commitment.",
  fair_seed: "The seed does not follow from the contributions and the server's secret.",
  fair_commitment: "The seed does not match the commitment published at the deal.",
  fair_shuffle: "A shuffle is not the order the fair seed gives.",
  invalid_settings: "A table setting is out of range.",
  unknown_table: "There is no table at this link.",
  seat_taken: "That seat has a player already.",
  name_taken: "Someone at the table has that name already.",
  table_full: "Every seat is taken: you can watch instead.",
  game_started: "The game has started: seats are taken before it starts.",
  game_not_started: "The game has not started yet.",
  game_over: "The game is over.",
  too_few_players: "A game needs at least two seated players.",
  hand_in_play: "A hand is in play.",
  no_hand_in_play: "No hand is in play.",
  not_in_hand: "This seat is not dealt into the hand.",
  not_seated: "Take a seat first.",
  not_away: "The player is not away.",
  not_host: "Only the host may do this.",
  invalid_token: "Your seat's token was not accepted.",
  origin_refused: "This page is not on the table's own site: open the table from its own link.",
  hello_first: "The connection must begin with a hello.",
  malformed_message: "The server did not understand the message.",
  message_too_large: "The message is too large.",
  rate_limited: "Too many at once: wait a moment and try again.",
  game_not_over: "The game is not over yet: the full records come at its end.",
  game_paused: "The host paused the game.",
  not_paused: "The game is not paused.",
  no_request: "There is no seat request waiting for the host.",
  no_rebuys: "This table allows no rebuys or top-ups.",
  no_spectators: "The host has turned watching off at this table.",
  no_time_bank: "No time bank can run now.",
  already_ready: "You have said already that you are ready.",
  sitting_out: "The player is sitting out already.",
  not_sitting_out: "The player is not sitting out.",
  storage_failed: "The server could not save the change: nothing changed, try again.",
  storage_unavailable: "The server cannot reach its database just now: nothing changed. Play resumes by itself when it is back.",
  server_error: "The server failed: nothing changed.",
};

/**
 * The sentence shown for a server error: this catalogue's sentence for the code, or
 * a general one for a code it does not know. Never the code itself, nor the server's
 * English message (program words, for the logs and the terminal).
 */
export function errorText(code) {
  return (Object.hasOwn(ERRORS, code) && ERRORS[code]) || UI.plain.unknownError;
}

// ------------------------------------------------------------------ the page

export const UI = {
  // the pace of the table (the host's pause between hands, "ready" between hands)
  // and the table's moving cards and sounds
  pace: {
    title: "Pace",
    setting: {
      between_hands: "Pause between hands (s)",
      wait_for_ready: "Next hand when everyone is ready",
    },
    hint: "The pace changes from the next pause between hands.",
    bounds: "The pause between hands is 0 to 60 seconds.",
    ready: "Ready for the next hand",
    readyDone: "You are ready; waiting for the others.",
    waiting: (names) => `Next hand when everyone is ready: waiting for ${names}.`,
    orClock: (secs) => `at the latest in ${chips(secs)} s`,
    sound: "Table sounds",
  },
  home: {
    // the bot levels by name (a bot of another kind keeps its own name)
    levels: { easy: "Easy", medium: "Medium", hard: "Hard", expert: "Expert", lesson: "Lesson" },
    noBots: "No bots are available.",
    needName: "Give the table a name.",
    needHost: "Tell the others your name.",
    seats: "A table has 2 to 10 seats.",
    tooManyBots: (bots, seats) => `At most ${chips(bots)} bots fit at ${chips(seats)} seats (one is yours).`,
  },
  tools: {
    mute: "Mute",
    unmute: "Unmute",
    watching: (n) => plural(n, { one: `${chips(n)} watching.`, other: `${chips(n)} watching.` }),
    title: "Table tools",
    hostTitle: "Host tools",
    pause: "Pause the game",
    resume: "Resume the game",
    pausedStatus: "The host has paused the game.",
    requests: "Asking for a seat",
    approve: "Let in",
    refuse: "Turn away",
    seats: "Seats",
    addBot: "Add a bot",
    botKind: "Kind of bot",
    makeHost: "Make host",
    remove: "Remove",
    removeConfirm: "Remove: sure?",
    settings: "Settings",
    settingsHint: "The stakes and the turn time change between hands.",
    save: "Save",
    setting: {
      small_bet: "Small bet",
      big_bet: "Big bet",
      ante: "Ante",
      turn_seconds: "Turn time (s)",
      rebuys: "Rebuys allowed",
      rebuy_limit: "Rebuy up to",
      approval: "Approve new players",
      spectators: "Allow watching",
    },
    sitOut: "Sit out",
    sitIn: "Deal me in",
    standUp: "Stand up",
    standUpConfirm: "Stand up: sure?",
    rebuy: "Rebuy",
    topUp: "Top up",
    rebuyAmount: "Chips to buy",
    bank: (s) => `Time bank: ${chips(s)} s`,
    alertSound: "Sound on my turn",
    alertTitle: "Flash the tab title",
    yourTurnTitle: "● Your turn",
    pending: "Waiting for the host to let you in.",
    fairHand: (n, c) => `Hand ${chips(n)}: seed commitment ${c}…`,
    fairNext: (n, c) => `hand ${chips(n)}: server commitment ${c}…`,
    fairHelp: "Provably fair shuffles: when the records are released, palace-poker replay checks every shuffle against these commitments.",
  },
  ledger: {
    title: "Ledger",
    columns: ["Player", "Bought in", "Rebuys", "Chips", "Result"],
    left: "(left)",
    settle: "Settle up",
    pays: (payer, payee, n) => `${payer} pays ${payee} ${chips(n)}`,
    csv: "Download the ledger (CSV)",
  },
  amount: "Raise by",
  attackWithRaise: (amount, pays) => `Attack with an opening raise of ${chips(amount)} (pays ${chips(pays)}):`,
  discardTitle: (min, max) => `Discard ${range(min, max)} of your soldiers`,
  trimTitle: (min, max) =>
    min > 0
      ? `You may keep at most five soldiers: discard ${range(min, max)}`
      : "Trim: pick the soldiers to discard (or none)",
  discardSubmit: (n) => (n ? `Discard ${cardCount(n)}` : "Discard"),
  trimSubmit: (n) => (n ? `Discard ${chips(n)}, keep the rest` : "Keep them all"),
  cancel: "Cancel",
  min: "min",
  max: "max",
  dismiss: "Dismiss",
  /** Players' words only: refusals in words, the reasons a control waits, the chat. */
  plain: {
    unknownError: "The server refused that, and nothing changed.",
    unreachable: "The server could not be reached: check the connection and try again.",
    serverSaid: (label, sentence) => `${label}: ${sentence}`,
    range: (label, min, max) => `${label} must be a whole number from ${chips(min)} to ${chips(max)}.`,
    missing: (label) => `${label} is missing: give a whole number.`,
    bigBelowSmall: (small) => `The big bet cannot be smaller than the small bet (${chips(small)}).`,
    stackTooSmall: (stack, need) =>
      `A starting stack of ${chips(stack)} cannot pay the ante and a small bet (${chips(need)} together): give a larger stack or smaller bets.`,
    shortStacks: (bets) =>
      `A starting stack of ${chips(bets)} small ${plural(bets, { one: "bet", other: "bets" })} is short: players will be all-in after a few buys.`,
    otherBots: "Other bots",
    otherBotsHint: "The bots the levels are made of, by their own names.",
    paused: "The host has paused the game: your options come back when it resumes.",
    notYourTurn: (name) => `${name} is deciding: your options appear on your turn.`,
    sending: "Sent: waiting for the table's answer.",
    offline: "Not connected: your options come back with the connection.",
    startAlone: "A game needs at least two players: share the invite link or add a bot.",
    foldFree: "Staying is free. Fold all the same and give up this hand?",
    foldYes: "Yes, fold",
    foldNo: "No, go back",
    askFold: "Ask before I fold when staying is free",
    logTab: "Game",
    chatTab: "Chat",
    unread: (n) => `${chips(n)} new`,
    noChat: "No messages yet.",
  },
  /** Why the connection closed for good, by WebSocket close code. */
  closed: {
    4001: "another tab took this seat",
    4003: "this page is not on the table's own site",
    4004: "there is no table at this link",
    4005: "this table has no spectators",
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
    copied: (link) => `Invite link copied: ${link}`,
    share: (link) => `Share this link: ${link}`,
  },
  noOptions: "",
  you: "you",
  empty: "empty seat",
  seatLabel: (t) => `Seat ${chips(seatNumber(t))}`,
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
    raises: (n) => `${chips(n)} ${plural(n, { one: "raise", other: "raises" })}`,
    entry: (n) => `entry ${chips(n)}`,
    raised: (n) => `raised ${chips(n)}`,
  },
  status: {
    connecting: "Connecting…",
    missing: "There is no table at this link.",
    reconnecting: "Connection lost; reconnecting…",
    retryClock: (s) => `next try in ${chips(s)} s`,
    replaced: (m) => `This tab is disconnected: ${m}`,
    waiting: (host) => (host ? "Waiting: start the game when everyone is seated." : "Waiting for the host to start the game."),
    yourTurn: "Your decision.",
    toAct: (name) => `${name} to act.`,
    nextHand: (soon) => (soon ? "Hand over." : "Dealing…"),
    clock: (secs) => `⏱ ${chips(secs)} s left`,
    nextHandClock: (secs) => `Next hand in ${chips(secs)} s.`,
    over: (winner) => (winner !== null ? `Game over: ${winner} wins.` : "The game is over."),
    spectating: "You are watching.",
    hand: (n) => `Hand ${chips(n)}`,
  },
  /** The hand-history viewer (history.js, history.html). */
  history: {
    title: "Hand history",
    titleOf: (name) => `Hand history: ${name}`,
    hands: "Hands",
    loading: "Loading…",
    asPlayer: (name) => `Every hand as ${name} saw it. Pick a hand, then step with ◀ ▶ or the arrow keys.`,
    asSpectator: "Every hand as a spectator saw it. Pick a hand, then step with ◀ ▶ or the arrow keys.",
    none: "No hand has been dealt yet.",
    failed: (why) => `The history could not be loaded (${why}).`,
    hand: (n) => `Hand ${chips(n)}`,
    inPlay: "in play",
    pick: "Pick a hand on the left.",
    back: "◀ Back",
    forward: "Forward ▶",
    keys: "← → keys; Home / End",
    step: (i, n) => `Step ${chips(i)} of ${chips(n)}`,
    banner: "Banner",
    soldiers: "Soldiers",
    palace: "Palace",
    you: "you",
    out: "out",
    viewer: "Step through hands",
    jsonl: "My hands (JSON Lines)",
    text: "My hands (text)",
    records: "Full records",
    table: "Back to the table",
    refused: (why) => `Refused: ${why}`,
  },
  /** The language picker. */
  language: "Language",
  /**
   * The static text of index.html and table.html, by the key in their data-words
   * attributes (language.js fills them); *word* is drawn in bold.
   */
  html: {
    homeTitle: "Palace Poker: create a table",
    tagline: "Every bet is a battle. Create a table, share its link, and let bots take the empty seats.",
    createTitle: "Create a table",
    tableName: "Table name",
    defaultTableName: "Friday game",
    yourName: "Your name",
    stakes: "Stakes",
    smallBet: "Small bet",
    bigBet: "Big bet",
    bigBetHint: "2 × small",
    ante: "Ante",
    anteHint: "½ small",
    startingStack: "Starting stack",
    betting: "Betting",
    limit: "Limit",
    noLimit: "No-limit",
    seatsAndClock: "Seats and clock",
    seats: "Seats (2–10)",
    turnTime: "Turn time (seconds)",
    recordsForAll: "Let every player download the full hand records (all the cards) when the game is over, not only me",
    noTable: "No table at this link",
    noTableHint: "The link may be mistyped, or the table was never made on this server.",
    createTable: "Create a table",
    chat: "Chat",
    chatHint: "Say something…",
    chatSend: "Send",
    approvalOption: "Ask me before someone takes a seat",
    rebuysOption: "Allow rebuys and top-ups",
    timeBank: "Time bank (seconds a game)",
    botsTitle: "Bots in the empty seats",
    botsHint: "Bots sit next to you; the other seats stay free for your friends.",
    createSubmit: "Create the table",
    howTitle: "How it plays",
    how1: "Everyone antes, gets a face-up *banner* card of a suit of their own and three face-down *palace* cards.",
    how2: "On your turn: *buy* a face-up soldier, *discard* soldiers, *stay*, *fold*, or *attack* a player of another banner suit.",
    how3: "A battle: the defender folds, calls or raises; on a call the two hands are compared without the opponent's banner suit, and the winner captures the loser's banner and soldiers.",
    how4: "When everyone stays or discards for a whole round, the best hand takes the pot.",
    tableTitle: "Palace Poker table",
    skip: "Skip to your options",
    home: "Palace Poker home",
    controls: "Table controls",
    start: "Start the game",
    back: "I'm back",
    takeSeat: "Take a seat",
    copyInvite: "Copy invite link",
    theTable: "The table",
    yourArea: "Your cards and options",
    log: "Log",
    logLabel: "Everything that happened",
    join: "Join",
    joinHint: "Pick a name and a free seat, or just watch.",
    seat: "Seat",
    sitDown: "Sit down",
    justWatch: "Just watch",
  },
  // "Play against bots now" on the home page (quick.js): one click, no form
  quick: {
    title: "Play against bots now",
    hint: "One click: a table of your own with bots, dealt at once.",
    level: "Bots’ level",
    bots: "Bots",
    submit: "Play now",
    tableName: "Practice",
    defaultName: "Player",
  },
};

export function seatNumber(t) {
  return t + 1;
}

function range(min, max) {
  if (min === max) return chips(min);
  if (min === 0) return `up to ${chips(max)}`;
  return `${chips(min)} to ${chips(max)}`;
}

/** A bot's kind in a sentence, with its article: "an easy bot", "a random bot". */
function botKind(kind) {
  const levels = { easy: "easy", medium: "medium", hard: "hard", expert: "expert", lesson: "lesson" };
  const word = levels[kind] ?? kind;
  return `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word} bot`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function quoted(text) {
  return text ? `“${text}”` : "";
}

/** A host's settings change in words: each name as UI.tools.setting has it. */
function settingList(changes) {
  const names = { ...UI.tools.setting, ...UI.pace.setting, rebuy_to: UI.tools.setting.rebuy_limit };
  return Object.entries(changes || {})
    .map(([key, value]) => `${names[key] ?? key} ${typeof value === "boolean" ? (value ? "✓" : "✗") : chips(value)}`)
    .join(", ");
}

// ------------------------------------------------------------------ explanations

const RANK_WORDS = {
  2: ["two", "twos"], 3: ["three", "threes"], 4: ["four", "fours"], 5: ["five", "fives"],
  6: ["six", "sixes"], 7: ["seven", "sevens"], 8: ["eight", "eights"], 9: ["nine", "nines"],
  T: ["ten", "tens"], J: ["jack", "jacks"], Q: ["queen", "queens"], K: ["king", "kings"],
  A: ["ace", "aces"],
};

/** A hand in words, from the server's {category, ranks}: "pair of queens", "ace high". */
export function handName(hand) {
  const [first, second] = (hand && hand.ranks) || [];
  const one = (r) => (RANK_WORDS[r] || [r, r])[0];
  const many = (r) => (RANK_WORDS[r] || [r, r])[1];
  if (!first) return "no cards";
  switch (hand.category) {
    case "high_card":
      return `${one(first)} high`;
    case "one_pair":
      return `pair of ${many(first)}`;
    case "two_pair":
      return `two pair, ${many(first)} and ${many(second)}`;
    case "three_of_a_kind":
      return `three ${many(first)}`;
    case "straight":
      return `straight to the ${one(first)}`;
    case "flush":
      return `flush, ${one(first)} high`;
    case "full_house":
      return `full house, ${many(first)} over ${many(second)}`;
    case "four_of_a_kind":
      return `four ${many(first)}`;
    case "straight_flush":
      return `straight flush to the ${one(first)}`;
    default:
      return hand.category;
  }
}

/** Why a comparison went as it did (explain.js builds these from the server's
 * explanation: the hands as they fought). `suit` is a suit symbol (♣), `who` a name,
 * `you` whether that name is the viewer's (then "your"). */
export const EXPLAIN = {
  yourHand: "Your hand",
  holds: (hand) => `you hold ${hand}`,
  against: (who, suit) => `against ${who} (no ${suit})`,
  holdAgainst: (hand) => `you hold ${hand} against them`,
  struck: (suit, who, you) => `${suit} do not count against ${you ? "your" : `${who}’s`} ${suit} banner`,
  side: (who, hand) => `${who}: ${hand}`,
  beats: (winner, loser) => `${capital(winner)} beats ${loser}.`,
  kickers: (hand) => `Both hold ${hand}: the other cards decide, highest first.`,
  ownSuit: (a, countA, suitA, b, countB, suitB) =>
    `Equal hands: more cards of one’s own banner suit win (${a} ${chips(countA)} ${suitA}, ${b} ${chips(countB)} ${suitB}).`,
  tie: "Equal hands and as many cards of their own banner suits: a tie.",
  suitDecided: "The struck cards decided it: had every card counted, it would have gone the other way.",
  quietRound: (a, b) => `Quiet round with two left: ${a} and ${b} are compared as in a battle, for nothing more.`,
  showdown: "Showdown after a quiet round: every card counts.",
  best: (names, hand) => `Best hand: ${names} (${hand}).`,
  and: (names) => names.join(" and "),
  lastCompared: "Last two compared",
  doesNotCount: "does not count",
};

/** "Learn to play": the guided first hand (lesson.js) and its button on the home page
 * (learn.js). `ada` and `bo` are the bots' names, `suit` a suit symbol (♦), `card` a
 * card as rank and suit symbol (5♠); `what` is one of the *Do sentences. */
export const LESSON = {
  title: "Learn to play",
  hint: "A guided hand against two bots: every main rule, in under five minutes.",
  start: "Start the lesson",
  tableName: "Lesson",
  defaultName: "Player",
  step: (n, total) => `step ${formatNumber(n)} of ${formatNumber(total)}`,
  rules: "Rules",
  next: "Next",
  only: (what) => `In this lesson, ${what}`,
  readFirst: "read how the battle was won first, then press Next.",
  buy: "You hold a face-up banner and three face-down palace cards: buy a soldier, a face-up card that joins your hand, for a small bet.",
  buyDo: "buy a soldier.",
  keep: "After a buy you choose which soldiers to keep, at most five: keep your new soldier by discarding none.",
  keepDo: "keep your new soldier: discard none.",
  attack: (ada, bo) => `${ada} buys a soldier and ${bo} stays, which costs nothing; then attack ${bo}, whose banner suit differs from yours, paying your entry: a small bet for your banner and one for each soldier.`,
  attackDo: (bo) => `attack ${bo}.`,
  call: (bo) => `${bo} raised by a big bet: call to match it, and the call closes the battle, so the two hands are compared.`,
  callDo: "call.",
  excluded: (bo, suit) => `You won because no card of the opponent’s banner suit counts in a battle: ${bo}’s ${suit} card is struck through, and without it ${bo}’s hand is weaker than yours.`,
  capture: (bo, ada, card) => `You captured ${bo}’s banner and soldiers, and you choose which soldiers to keep: discard the ${card}, since no card of ${ada}’s banner suit counts against ${ada}.`,
  captureDo: (card) => `discard the ${card} and keep the rest.`,
  stay: (ada) => `${ada} stays; stay too: once everyone still in the hand has stayed since the last buy or bet, the round is quiet and the hand ends.`,
  stayDo: "stay.",
  end: (ada) => `With two players left, the quiet round ended in a battle comparison of you and ${ada}, for nothing more: your hand was better, so you took the pot.`,
  endLost: (ada, winner) => `With two players left, the quiet round ended in a battle comparison of you and ${ada}, for nothing more: ${winner}’s hand was better, so ${winner} took the pot.`,
  doneTitle: "You have played a whole hand",
  doneHint: "Play on against bots, or make a table for your friends.",
  playBots: "Play against bots now",
  createTable: "Create a table",
};
