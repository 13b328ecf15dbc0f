// A language's catalogue, built from its sentences (static/words/{lang}.json, data)
// and its grammar (static/words/grammar/{lang}.js, where it has one): the names every
// page module imports through words.js (LANG, DIR, UI, EVENTS, ENTRIES, ERRORS,
// EXPLAIN, LESSON and the functions below). `load(lang)` fetches a language's two
// files and builds its catalogue; a language is nothing but those files. What is the
// same in every language is here, once: numbers and plurals (Intl), cards, the facts
// an event or a log entry gives its sentence, the lists; what differs is the JSON's
// templates (template.js for the syntax) and the grammar module's formats.
//
// A key of the JSON with a signature, `"raises(n)": "{n, number} …"`, is a function
// of those parameters, in that order; a parameter written `name?` is a yes/no (the
// value as true or false, for a select). A key without one is the text itself.

import { parse, render } from "./template.js";

/** Functions of each arity, so that a sentence's `.length` is its parameters'. */
const ARITY = [
  (f) => () => f([]),
  (f) => (a) => f([a]),
  (f) => (a, b) => f([a, b]),
  (f) => (a, b, c) => f([a, b, c]),
  (f) => (a, b, c, d) => f([a, b, c, d]),
  (f) => (a, b, c, d, e) => f([a, b, c, d, e]),
  (f) => (a, b, c, d, e, g) => f([a, b, c, d, e, g]),
];

const SIGNATURE = /^([^(]+)\(([^)]*)\)$/;

/** A key and its parameters: "raises(n)" -> ["raises", ["n"]]; "title" -> ["title", null]. */
function signature(key) {
  const found = SIGNATURE.exec(key);
  if (!found) return [key, null];
  const params = found[2].split(",").map((p) => p.trim()).filter(Boolean);
  return [found[1], params];
}

/** The text of parts (a UI sentence has no cards). */
const text = (parts) => parts.map((p) => (typeof p === "string" ? p : "")).join("");

/** The facts of a refusal's sentence in the standard game (palace_poker.variant.STANDARD),
 *  for a page that does not give the table's: at most five soldiers kept (R-BUY-3). */
const STANDARD_FACTS = { most: 5 };

/** The languages with a grammar module of their own, grammar/{lang}.js. */
export const GRAMMARS = ["en", "cy", "ps"];

/**
 * The catalogue of the language `lang` (a code of words.js's LANGUAGES): its
 * sentences, {lang}.json, built with its grammar, grammar/{lang}.js if GRAMMARS has
 * it; the two files are fetched at once (a browser caches each, so a second call
 * fetches nothing).
 */
export async function load(lang) {
  const [data, grammar] = await Promise.all([
    import(`./${lang}.json`, { with: { type: "json" } }),
    GRAMMARS.includes(lang) ? import(`./grammar/${lang}.js`) : {},
  ]);
  return build(data.default, grammar);
}

/** The catalogue of `data` (a language's JSON) with `grammar`'s formats. */
export function build(data, grammar = {}) {
  const LANG = data.LANG;
  const NUMBERS = new Intl.NumberFormat(LANG);
  const PLURALS = new Intl.PluralRules(LANG);

  /** A number as this language writes it. */
  function formatNumber(n) {
    return typeof n === "number" ? NUMBERS.format(n) : `${n ?? ""}`;
  }
  /** The form of `forms` ({one, other, ...}) that goes with the number n. */
  function plural(n, forms) {
    return forms[PLURALS.select(n)] ?? forms.other;
  }
  /** A table seat's number as players count (from 1). */
  function seatNumber(t) {
    return t + 1;
  }
  const BUILT_IN = {
    number: formatNumber,
    seat: (t) => formatNumber(seatNumber(t)),
    cards: (list) => ({ cards: list }),
    capital: (value) => `${value}`.charAt(0).toUpperCase() + `${value}`.slice(1),
  };
  const lang = {
    number: formatNumber,
    plural: (n) => PLURALS.select(n),
    format(name, value) {
      if (Object.hasOwn(BUILT_IN, name)) return BUILT_IN[name](value);
      const table = data.WORDS?.[name];
      if (table) return Object.hasOwn(table, `${value}`) ? table[value] : value;
      if (Object.hasOwn(grammar, name)) return grammar[name](value);
      throw new Error(`${LANG}: no format ${name}`);
    },
  };

  /** A section's templates by name (signature dropped), parsed once. */
  const section = (name) =>
    Object.fromEntries(
      Object.entries(data[name] ?? {}).map(([key, source]) => [signature(key)[0], parse(source)]),
    );
  const say = (tree, values) => render(tree, values, lang);

  /** UI-like sections: text stays text, a signature makes a function. */
  function sentences(node) {
    if (typeof node === "string" || Array.isArray(node) || node === null) return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      const [name, params] = signature(key);
      if (params === null || typeof value !== "string") {
        out[name] = sentences(value);
        continue;
      }
      const tree = parse(value);
      const names = params.map((p) => p.replace(/\?$/, ""));
      const flags = params.map((p) => p.endsWith("?"));
      out[name] = ARITY[params.length]((args) => {
        const values = Object.fromEntries(names.map((n, i) => [n, flags[i] ? Boolean(args[i]) : args[i]]));
        if ("min" in values && "max" in values) {
          values.range = range(values.min, values.max);
          values.atLeastOne = values.min > 0;
        }
        return text(say(tree, values));
      });
    }
    return out;
  }

  const PARTS = section("PARTS");
  const CARDS = section("CARDS");
  const HANDS = section("HANDS");
  const OPTIONS = section("OPTIONS");
  const EVENT_WORDS = section("EVENTS");
  const ENTRY_WORDS = section("ENTRIES");
  const part = (name, values = {}) => say(PARTS[name], values);

  /** "3", "up to 5", "2 to 4": a count of cards to pick, in a UI sentence's {range}. */
  function range(min, max) {
    return text(part("range", { min, max, same: min === max, fromZero: min === 0 }));
  }

  const UI = sentences(data.UI);
  const EXPLAIN = sentences(data.EXPLAIN);
  const LESSON = sentences(data.LESSON);
  // A refusal's sentence is text, or a function of the facts its signature names
  // ("too_many_soldiers(most)": the table's number of soldiers kept).
  const ERRORS = sentences(data.ERRORS);
  const ERROR_FACTS = Object.fromEntries(
    Object.keys(data.ERRORS).map(signature).filter(([, params]) => params !== null),
  );

  function cardName(card) {
    if (!card) return text(say(CARDS.faceDown, {}));
    return text(say(CARDS.card, { rank: card[0], suit: card[1] }));
  }
  function suitName(suit) {
    return lang.format("suit", suit);
  }

  /** Names joined as the language lists them ("Ann and Bob"; "Ann, Bob a Cai"). */
  function listed(names) {
    const items = names.map((name) => text(part("listItem", { name })));
    return {
      init: items.slice(0, -1).join(text(part("listSeparator"))),
      last: items[items.length - 1] ?? "",
      many: items.length >= 2,
    };
  }
  const and = parse(data.EXPLAIN["and(init, last, many)"]);
  EXPLAIN.and = (names) => text(say(and, listed(names)));

  /** Each event kind's facts, by name, for its sentence; null: no line. */
  const EVENT_VALUES = {
    ante_posted: (e, { who }) => ({ who: who(e.seat), amount: e.amount, allIn: Boolean(e.all_in) }),
    cards_shuffled: (e) => (e.what === "deck" ? null : { what: e.what, size: e.size }),
    banner_card_set_aside: (e, { who }) => ({ who: who(e.seat), card: [e.card] }),
    banner_dealt: (e, { who }) => ({ who: who(e.seat), card: [e.card] }),
    palace_dealt: (e, { who, mine, palace }) => ({
      who: who(e.seat),
      mine: mine(e.seat),
      dealt: Boolean(e.cards && e.cards.length),
      cards: e.cards,
      // the palace cards a player is dealt: the table's variant's (V-PALACE-1), else three
      count: palace ?? 3,
    }),
    turn_started: (e, { who, mine }) => ({ who: who(e.seat), mine: mine(e.seat) }),
    soldier_bought: (e, { who }) => ({ who: who(e.seat), card: [e.card], cost: e.cost }),
    soldiers_discarded: (e, { who }) =>
      !e.cards.length && !e.trim
        ? null
        : { who: who(e.seat), trim: Boolean(e.trim), none: !e.cards.length, cards: e.cards },
    stayed: (e, { who }) => ({ who: who(e.seat) }),
    folded: (e, { who }) => ({ who: who(e.seat), inBattle: Boolean(e.in_battle) }),
    battle_started: (e, { who }) => ({
      attacker: who(e.attacker),
      defender: who(e.defender),
      entry: e.entry,
      raised: Boolean(e.raise_by),
      raiseBy: e.raise_by,
    }),
    battle_called: (e, { who }) => ({ who: who(e.seat), amount: e.amount }),
    battle_raised: (e, { who }) => ({ who: who(e.seat), raiseBy: e.raise_by, amount: e.amount }),
    chips_returned: (e, { who }) => ({ who: who(e.seat), amount: e.amount }),
    battle_compared: (e, { who }) => {
      const [a, b] = e.seats;
      const shown = Boolean(e.palaces && e.palaces.length === 2);
      return {
        a: who(a),
        b: who(b),
        tie: e.winner === null,
        winner: e.winner === null ? "" : who(e.winner),
        loser: e.winner === null ? "" : who(e.winner === a ? b : a),
        shown,
        palaceA: shown ? e.palaces[0] : [],
        palaceB: shown ? e.palaces[1] : [],
      };
    },
    player_out: (e, { who }) => ({ who: who(e.seat), reason: e.reason }),
    cards_captured: (e, { who }) => ({ who: who(e.seat), from: who(e.from_seat), cards: e.cards }),
    showdown_revealed: (e, { who }) => ({
      palaces: {
        parts: e.palaces.flatMap(([seat, list], i) => part("showdownPalace", { first: i === 0, who: who(seat), cards: list })),
      },
    }),
    pot_awarded: (e, { who }) => ({ who: who(e.seat), amount: e.amount }),
    hand_ended: (e) => ({ end: e.end }),
  };

  /** A host's settings change in words: each name as UI.tools.setting has it. */
  function settingList(changes) {
    const names = { ...UI.tools.setting, ...UI.pace.setting, rebuy_to: UI.tools.setting.rebuy_limit };
    return Object.entries(changes || {})
      .map(([key, value]) => `${names[key] ?? key} ${typeof value === "boolean" ? (value ? "✓" : "✗") : formatNumber(value)}`)
      .join(", ");
  }

  /** Each log entry kind's facts, by name, for its sentence; null: no line. */
  const ENTRY_VALUES = {
    created: (e) => ({ named: Boolean(e.name), name: e.name ? text(part("quoted", { text: e.name })) : "" }),
    seated: (e, { seatName }) => ({
      name: e.name ?? seatName(e.seat),
      isBot: Boolean(e.bot),
      bot: e.bot ? text(part("botKind", { kind: e.bot })) : "",
      seat: e.seat,
    }),
    started: (e, { seatName }) => ({
      draw: {
        parts: (e.draw && e.draw.length ? e.draw : []).flatMap((round, i) =>
          part("drawRound", {
            again: i > 0,
            cards: {
              parts: round.flatMap(([seat, card], j) => part("drawCard", { first: j === 0, who: seatName(seat), card: [card] })),
            },
          }),
        ),
      },
      hasDealer: e.dealer !== undefined && e.dealer !== null,
      dealer: e.dealer !== undefined && e.dealer !== null ? seatName(e.dealer) : "",
    }),
    hand_started: (e) => ({ numbered: Boolean(e.hand_number), number: e.hand_number }),
    // An action's events say what happened; a clock's default action is named.
    action: (e, { seatName }) => (e.by === "clock" ? { timedOut: timedOut(seatName(e.seat)) } : null),
    hand_finished: (e, { seatName }) => ({
      numbered: Boolean(e.hand_number),
      number: e.hand_number,
      hasStacks: Boolean(e.stacks),
      stacks: Object.entries(e.stacks ?? {})
        .map(([seat, n]) => text(part("stack", { who: seatName(Number(seat)), chips: n })))
        .join(text(part("stackSeparator"))),
    }),
    game_over: (e, { seatName }) => ({
      byHost: e.reason === "host",
      hasWinner: e.winner !== null && e.winner !== undefined,
      winner: e.winner !== null && e.winner !== undefined ? seatName(e.winner) : "",
    }),
    away: (e, { seatName }) => ({ who: seatName(e.seat) }),
    back: (e, { seatName }) => ({ who: seatName(e.seat) }),
    paused: () => ({}),
    resumed: () => ({}),
    approved: (e, { seatName }) => ({ who: seatName(e.seat) }),
    refused: (e) => ({ named: e.name !== null && e.name !== undefined, name: e.name ?? "" }),
    removed: (e) => ({ named: e.name !== null && e.name !== undefined, name: e.name ?? "", chips: e.chips_taken ?? 0 }),
    settings_changed: (e) => ({ changes: settingList(e.changes) }),
    host_passed: (e, { seatName }) => ({ who: seatName(e.seat) }),
    sat_out: (e, { seatName }) => ({ who: seatName(e.seat) }),
    sat_in: (e, { seatName }) => ({ who: seatName(e.seat) }),
    stood_up: (e) => ({ named: e.name !== null && e.name !== undefined, name: e.name ?? "", chips: e.chips_taken ?? 0 }),
    rebought: (e, { seatName }) => ({ who: seatName(e.seat), chips: e.chips }),
    bank_used: (e, { seatName }) => ({ who: seatName(e.seat), seconds: Math.round(e.seconds) }),
    chat: (e, { seatName }) => {
      const spectator = e.seat === null || e.seat === undefined;
      return { spectator, watcher: e.watcher, name: spectator ? "" : (e.name ?? seatName(e.seat)), text: e.text };
    },
    muted: (e, { seatName }) => ({ who: seatName(e.seat) }),
    unmuted: (e, { seatName }) => ({ who: seatName(e.seat) }),
    ended: () => ({}),
    // the pace between hands (a table that waits for everyone)
    ready: (e, { seatName }) => ({ who: seatName(e.seat) }),
    // the store was away: the clocks waited (docs/deploy.md)
    storage_back: (e) => ({ seconds: Math.round(e.seconds ?? 0) }),
    // a contribution to the next hand's fair seed: no line (one a player a hand would
    // be noise; the view's fair.contributed says who has)
    contributed: () => null,
  };

  /** Engine events (wire form), one function each; null: not worth a line. */
  const EVENTS = Object.fromEntries(
    Object.entries(EVENT_VALUES).map(([kind, values]) => [
      kind,
      (e, ctx) => {
        const got = values(e, ctx);
        return got === null ? null : say(EVENT_WORDS[kind], got);
      },
    ]),
  );
  /** Log entries (the server's), one function each; `ctx.seatName(t)` names a table seat. */
  const ENTRIES = Object.fromEntries(
    Object.entries(ENTRY_VALUES).map(([kind, values]) => [
      kind,
      (e, ctx) => {
        const got = values(e, ctx);
        if (got === null) return null;
        if (kind === "action") return got.timedOut;
        return say(ENTRY_WORDS[kind], got);
      },
    ]),
  );

  function eventText(event, ctx) {
    const sayIt = EVENTS[event.type];
    if (!sayIt) return [`(${event.type})`];
    return sayIt(event, ctx);
  }
  function entryText(entry, ctx) {
    const sayIt = ENTRIES[entry.kind];
    if (!sayIt) return [`(${entry.kind})`];
    return sayIt(entry, ctx);
  }
  /** What a timed-out action says (the server plays the default for a player). */
  function timedOut(seatLabel) {
    return part("timedOut", { who: seatLabel });
  }

  /** A button's label for an option; `amount` is the chosen no-limit amount. */
  function optionLabel(option, { who, amount = null }) {
    const tree = OPTIONS[option.verb];
    if (!tree) return option.verb;
    const chosen = amount ?? option.min_amount;
    return text(
      say(tree, {
        cost: option.cost,
        sized: option.min_amount !== null,
        amount: chosen,
        total: option.cost + chosen,
        target: option.target === null || option.target === undefined ? "" : who(option.target),
      }),
    );
  }

  /**
   * The sentence shown for a server error: this catalogue's sentence for the code, or
   * a general one for a code it does not know. Never the code itself, nor the server's
   * English message (program words, for the logs and the terminal). `facts` gives a
   * sentence the values its signature names (`{most}`: the soldiers a trim keeps at
   * the table), each the standard game's where not given.
   */
  function errorText(code, facts = {}) {
    const said = Object.hasOwn(ERRORS, code) ? ERRORS[code] : null;
    if (typeof said !== "function") return said || UI.plain.unknownError;
    const given = { ...STANDARD_FACTS, ...(facts && typeof facts === "object" ? facts : {}) };
    return said(...ERROR_FACTS[code].map((name) => given[name.replace(/\?$/, "")]));
  }

  /** A hand in words, from the server's {category, ranks}: "pair of queens". */
  function handName(hand) {
    const [first, second] = (hand && hand.ranks) || [];
    if (!first) return text(say(HANDS.none, {}));
    const tree = HANDS[hand.category];
    return tree ? text(say(tree, { first, second })) : hand.category;
  }

  return {
    LANG,
    DIR: data.DIR,
    UI,
    EVENTS,
    ENTRIES,
    ERRORS,
    EXPLAIN,
    LESSON,
    handName,
    cardName,
    suitName,
    eventText,
    entryText,
    timedOut,
    optionLabel,
    errorText,
    seatNumber,
    formatNumber,
    plural,
  };
}
