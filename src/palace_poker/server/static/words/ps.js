// پښتو (Pashto): the language catalogue, written right to left. Same names and
// shapes as en.js (the contract: docs/languages.md). The game's words are those of
// the Pashto rules page (بینر، ماڼۍ، سرتیری، جګړه، برید، پاټ، فولډ، زنګ، پورته کول،
// پاتې کیدل، پیرودل، پریښودل، د ردولو انبار).
//
// Names (often in Latin letters) are wrapped in Unicode isolates (FSI … PDI) so that
// a left-to-right name next to a number does not reorder the sentence around it.
// Numbers are written as Intl.NumberFormat("ps") writes them (Eastern Arabic digits).

export const LANG = "ps";
export const DIR = "rtl";

const NUMBERS = new Intl.NumberFormat(LANG);
const PLURALS = new Intl.PluralRules(LANG);

/** A number as this language writes it. */
export function formatNumber(n) {
  return typeof n === "number" ? NUMBERS.format(n) : `${n ?? ""}`;
}

/** The form of `forms` ({one, other}) that goes with the number n. */
export function plural(n, forms) {
  return forms[PLURALS.select(n)] ?? forms.other;
}

const RANKS = {
  2: "دوه", 3: "درې", 4: "څلور", 5: "پنځه", 6: "شپږ", 7: "اووه", 8: "اته",
  9: "نهه", T: "لس", J: "غلام", Q: "بی بی", K: "باچا", A: "تکه",
};
const SUITS = { s: "پیک", h: "دل", d: "خشت", c: "ګشنیز" };

export function cardName(card) {
  if (!card) return "مخ ښکته کارت";
  return `د ${SUITS[card[1]] || card[1]} ${RANKS[card[0]] || card[0]}`;
}

export function suitName(suit) {
  return SUITS[suit] || suit;
}

const cards = (list) => ({ cards: list });
const chips = formatNumber;
/** A name isolated from the right-to-left sentence around it. */
const iso = (name) => `\u2068${name}\u2069`;
const cardCount = (n) => `${chips(n)} ${plural(n, { one: "کارت", other: "کارتونه" })}`;

const ENDS = {
  last: "یوازې یو لوبغاړی پاتې دی",
  "same-suit": "پاتې لوبغاړي د یو بینر سوټ لري او پاټ ویشي",
  showdown: "د یو ارام پړاو وروسته شوډاون",
  tie: "وروستي دوه مساوي کیږي او پاټ ویشي",
};

const OUT_REASONS = { fold: "فولډ یې وکړ", battle: "جګړه یې وبایلله", tie: "جګړه یې مساوي شوه" };

const SHUFFLED = {
  deck: "ډیک",
  "set-aside": "یوې خوا ته ایښودل شوي کارتونه",
  stock: "د رااخیستلو ډیک",
  discard: "د ردولو انبار",
};

/** Engine events (wire form), one function each; null: not worth a line. */
export const EVENTS = {
  ante_posted: (e, { who }) => [
    `${iso(who(e.seat))} ${chips(e.amount)} انټي ورکوي`, e.all_in ? " او ټول چپس یې په شرط کې دي." : ".",
  ],
  cards_shuffled: (e) =>
    e.what === "deck" ? null : [`${SHUFFLED[e.what] || e.what} (${cardCount(e.size)}) ګډوډ کیږي.`],
  banner_card_set_aside: (e, { who }) => [
    `${iso(who(e.seat))} ته `, cards([e.card]), " ورکول کیږي: دا سوټ نیول شوی، یوې خوا ته ایښودل کیږي.",
  ],
  banner_dealt: (e, { who }) => [`${iso(who(e.seat))} د `, cards([e.card]), " بینر پورته کوي."],
  palace_dealt: (e, { who, mine }) =>
    e.cards && e.cards.length
      ? [mine(e.seat) ? "ستاسو د ماڼۍ کارتونه: " : `د ${iso(who(e.seat))} ماڼۍ: `, cards(e.cards), "."]
      : [`${iso(who(e.seat))} درې د ماڼۍ کارتونه ترلاسه کوي.`],
  turn_started: (e, { who, mine }) => [mine(e.seat) ? "ستاسو وار." : `د ${iso(who(e.seat))} وار.`],
  soldier_bought: (e, { who }) => [
    `${iso(who(e.seat))} `, cards([e.card]), ` په ${chips(e.cost)} اخلي.`,
  ],
  soldiers_discarded: (e, { who }) => {
    if (!e.cards.length) return e.trim ? [`${iso(who(e.seat))} ټول سرتیري ساتي.`] : null;
    return [`${iso(who(e.seat))} `, cards(e.cards), e.trim ? " کموي او پریږدي." : " پریږدي."];
  },
  stayed: (e, { who }) => [`${iso(who(e.seat))} پاتې کیږي.`],
  folded: (e, { who }) => [`${iso(who(e.seat))} ${e.in_battle ? "په جګړه کې " : ""}فولډ کوي.`],
  battle_started: (e, { who }) => [
    `⚔ ${iso(who(e.attacker))} پر ${iso(who(e.defender))} برید کوي: د ننوتلو شرط ${chips(e.entry)}`,
    e.raise_by ? ` او ${chips(e.raise_by)} پورته کوي.` : ".",
  ],
  battle_called: (e, { who }) => [`${iso(who(e.seat))} زنګ وهي (${chips(e.amount)}).`],
  battle_raised: (e, { who }) => [
    `${iso(who(e.seat))} ${chips(e.raise_by)} پورته کوي (${chips(e.amount)} ورکوي).`,
  ],
  chips_returned: (e, { who }) => [`${chips(e.amount)} نابرابر چپس ${iso(who(e.seat))} ته بیرته ورځي.`],
  battle_compared: (e, { who }) => {
    const [a, b] = e.seats;
    const parts = [];
    if (e.winner === null) parts.push(`${iso(who(a))} او ${iso(who(b))} جګړه مساوي کوي.`);
    else parts.push(`${iso(who(e.winner))} د ${iso(who(e.winner === a ? b : a))} په وړاندې جګړه ګټي.`);
    if (e.palaces && e.palaces.length === 2) {
      parts.push(` د ${iso(who(a))} ماڼۍ `, cards(e.palaces[0]), `، د ${iso(who(b))} `, cards(e.palaces[1]), ".");
    }
    return parts;
  },
  player_out: (e, { who }) => [`${iso(who(e.seat))} له لاس څخه وځي (${OUT_REASONS[e.reason] || e.reason}).`],
  cards_captured: (e, { who }) => [
    `${iso(who(e.seat))} له ${iso(who(e.from_seat))} څخه `, cards(e.cards), " نیسي.",
  ],
  showdown_revealed: (e, { who }) => {
    const parts = ["شوډاون:"];
    e.palaces.forEach(([seat, list], i) => {
      parts.push(`${i ? "؛" : ""} ${iso(who(seat))} `, cards(list));
    });
    parts.push(".");
    return parts;
  },
  pot_awarded: (e, { who }) => [`${iso(who(e.seat))} ${chips(e.amount)} اخلي.`],
  hand_ended: (e) => [`لاس پای ته ورسید: ${ENDS[e.end] || e.end}.`],
};

export function eventText(event, ctx) {
  const say = EVENTS[event.type];
  if (!say) return [`(${event.type})`];
  return say(event, ctx);
}

/** Log entries (the server's), one function each; `ctx.seatName(t)` names a table seat. */
export const ENTRIES = {
  created: (e) => [`میز ${quoted(e.name)} جوړ شو.`],
  seated: (e, { seatName }) => {
    const name = iso(e.name ?? seatName(e.seat));
    if (e.bot) return [`${name} (${botKind(e.bot)}) ${chips(seatNumber(e.seat))} څوکۍ نیسي.`];
    return [`${name} په ${chips(seatNumber(e.seat))} څوکۍ کښیني.`];
  },
  started: (e, { seatName }) => {
    const parts = ["لوبه پیلیږي."];
    if (e.draw && e.draw.length) {
      e.draw.forEach((round, i) => {
        parts.push(i ? " بیا:" : " د ډیلر ټاکلو لپاره راایستل شوي کارتونه:");
        round.forEach(([seat, card], j) => {
          parts.push(`${j ? "،" : ""} ${iso(seatName(seat))} `, cards([card]));
        });
        parts.push(".");
      });
    }
    if (e.dealer !== undefined && e.dealer !== null) parts.push(` ${iso(seatName(e.dealer))} لومړی ویشي.`);
    return parts;
  },
  hand_started: (e) => [e.hand_number ? `لاس ${chips(e.hand_number)} پیلیږي.` : "یو لاس پیلیږي."],
  action: (e, { seatName }) => (e.by === "clock" ? timedOut(seatName(e.seat)) : null),
  hand_finished: (e, { seatName }) => {
    const parts = [e.hand_number ? `لاس ${chips(e.hand_number)} پای ته ورسید.` : "لاس پای ته ورسید."];
    if (e.stacks) {
      const list = Object.entries(e.stacks).map(([seat, n]) => `${iso(seatName(Number(seat)))} ${chips(n)}`);
      parts.push(` چپس: ${list.join("، ")}.`);
    }
    return parts;
  },
  game_over: (e, { seatName }) => {
    const why = e.reason === "host" ? " (کوربه پای ته ورساوه)" : "";
    return e.winner !== null && e.winner !== undefined
      ? [`لوبه پای ته ورسیده: ${iso(seatName(e.winner))} ګټي${why}.`]
      : [`لوبه پای ته ورسیده${why}.`];
  },
  away: (e, { seatName }) => [`${iso(seatName(e.seat))} لرې دی.`],
  back: (e, { seatName }) => [`${iso(seatName(e.seat))} بیرته راغی.`],
  paused: () => ["کوربه لوبه ودروله."],
  resumed: () => ["کوربه لوبه بیا پیل کړه."],
  approved: (e, { seatName }) => [`${seatName(e.seat)} دننه پرېښودل شو.`],
  refused: (e) => [`${e.name ?? "یو لوبغاړی"} رد شو.`],
  removed: (e) => [`کوربه ${e.name ?? "یو لوبغاړی"} لرې کړ (${chips(e.chips_taken ?? 0)} چپس یې یوړل).`],
  settings_changed: (e) => [`کوربه امستنې بدلې کړې: ${settingList(e.changes)}.`],
  host_passed: (e, { seatName }) => [`${seatName(e.seat)} اوس کوربه دی.`],
  sat_out: (e, { seatName }) => [`${seatName(e.seat)} له لوبې بهر کېني.`],
  sat_in: (e, { seatName }) => [`${seatName(e.seat)} بیا په لوبه کې دی.`],
  stood_up: (e) => [`${e.name ?? "یو لوبغاړی"} له ${chips(e.chips_taken ?? 0)} چپسو سره پاڅېږي.`],
  rebought: (e, { seatName }) => [`${seatName(e.seat)} ${chips(e.chips)} چپس اخلي.`],
  bank_used: (e, { seatName }) => [`${seatName(e.seat)} د وخت بانک کاروي (${chips(Math.round(e.seconds))} ثانیې).`],
  chat: (e, { seatName }) => [`${e.seat === null || e.seat === undefined ? `کتونکی ${chips(e.watcher)}` : e.name ?? seatName(e.seat)}: ${e.text}`],
  muted: (e, { seatName }) => [`کوربه ${seatName(e.seat)} چوپ کړ.`],
  unmuted: (e, { seatName }) => [`کوربه د ${seatName(e.seat)} چوپتیا لرې کړه.`],
  ended: () => ["کوربه لوبه پای ته ورسوله."],
  // the pace between hands (a table that waits for everyone)
  ready: (e, { seatName }) => [`${seatName(e.seat)} د راتلونکي لاس لپاره چمتو دی.`],
  // the store was away: the clocks waited (docs/deploy.md)
  storage_back: (e) => [`سرور ${chips(Math.round(e.seconds ?? 0))} ثانیې څه نه شو خوندي کولای: په دې موده کې ساعتونه ودرېدل.`],
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
  return [`د ${iso(seatLabel)} وخت پای ته ورسید.`];
}

// ------------------------------------------------------------------ options

/** A button's label for an option; `amount` is the chosen no-limit amount. */
export function optionLabel(option, { who, amount = null }) {
  const pays = (n) => (n ? ` (${chips(n)})` : "");
  switch (option.verb) {
    case "buy":
      return `سرتیری واخلئ${pays(option.cost)}`;
    case "stay":
      return "پاتې شئ";
    case "fold":
      return "فولډ";
    case "call":
      return `زنګ ووهئ${pays(option.cost)}`;
    case "raise":
      if (option.min_amount !== null) {
        return `${chips(amount ?? option.min_amount)} پورته کړئ (${chips(option.cost + (amount ?? option.min_amount))})`;
      }
      return `پورته کړئ${pays(option.cost)}`;
    case "bet":
      if (option.min_amount !== null) {
        return `پر ${iso(who(option.target))} برید + ${chips(amount ?? option.min_amount)} پورته کړئ (${chips(option.cost + (amount ?? option.min_amount))})`;
      }
      return `پر ${iso(who(option.target))} برید${pays(option.cost)}`;
    case "discard":
      return "سرتیري پریږدئ…";
    case "trim":
      return "هغه سرتیري وټاکئ چې ساتئ یې";
    default:
      return option.verb;
  }
}

// ------------------------------------------------------------------ errors

/** The server's error codes (palace_poker.errors.ERROR_CODES), one sentence each. */
export const ERRORS = {
  invalid_chat: "د خبرو پیغام له 1 تر 300 تورو ساده متن دی.",
  muted: "کوربه په دې میز کې ستاسو خبرې چوپې کړې دي.",
  invalid_card: "دا کارت نه دی.",
  invalid_suit: "دا سوټ نه دی.",
  invalid_hand_value: "دا د لاس ارزښت نه دی.",
  malformed_action: "عمل هغه ډول نه دی لیکل شوی چې لوبه یې لولي.",
  unknown_verb: "په لوبه کې داسې حرکت نشته.",
  invalid_amount: "اندازه باید یو مثبت بشپړ عدد وي.",
  invalid_seat: "په دې لاس کې داسې څوکۍ نشته.",
  hand_over: "لاس پای ته رسیدلی: نورې پریکړې نه مني.",
  chance_due: "اوس باید کارت وویشل شي، د لوبغاړي پریکړه نه ده.",
  no_chance_due: "اوس هیڅ کارت نه ویشل کیږي.",
  invalid_outcome: "دا کارت په دې پړاو کې نشي ویشل کیدی.",
  stale_version: "ستاسو د عمل له رسیدو مخکې لاس مخکې لاړ: بیا وګورئ.",
  invalid_index: "په دې لاس کې داسې پیښه نشته.",
  malformed_event: "دا د لوبې پیښه نه ده.",
  invalid_observation: "دا د لاس یو همغږی لید نه دی.",
  invalid_wire: "پیغام د لوبې په بڼه نه دی.",
  invalid_shuffle: "دا ګډوډول نشي کارول کیدی.",
  not_your_turn: "دا ستاسو وار نه دی.",
  illegal_action: "دا حرکت اوس اجازه نلري.",
  bad_target: "تاسو پر دې لوبغاړي برید نشئ کولی.",
  card_not_held: "دا کارت ستاسو له سرتیرو څخه نه دی.",
  duplicate_card: "یو کارت دوه ځله نومول شوی.",
  too_many_soldiers: "تاسو تر ټولو ډیر پنځه سرتیري ساتلی شئ.",
  cannot_afford: "د دې لپاره ستاسو سره کافي چپس نشته.",
  amount_out_of_bounds: "اندازه له اجازه لرونکي حد څخه بهر ده.",
  amount_not_allowed: "دلته اندازه ټاکلې ده، یا هلته نشته چې باید وټاکل شي.",
  raise_cap: "جګړه دمخه د اجازه لرونکو پورته کولو تر ټولو ډیر شمیر لري.",
  empty_stock: "کارت نشي اخیستل کیدی: د رااخیستلو ډیک او د ردولو انبار دواړه خالي دي.",
  invalid_rules: "د شرط یو تنظیم له حد څخه بهر دی.",
  invalid_players: "دا لوبغاړي یا چپس اجازه نلري.",
  unknown_bot: "د دې ډول بوټ نشته.",
  invalid_budget: "د بوټ بودیجه ملي ثانیې (10ms) یا د سمولیشنونو شمېر (64) دی.",
  invalid_bot: "بوټ داسې ترتیب نه لري.",
  invalid_arena: "د میدان یو تنظیم له حد څخه بهر دی.",
  journal_mismatch: "د میدان ورځپاڼه د بلې لوبې ده.",
  journal_invalid: "د میدان ورځپاڼه خرابه ده، یا ورځپاڼه نه ده.",
  backend_unavailable: "هغه برخه چې سرور ورته اړتیا لري نصب شوې نه ده.",
  output_folder_missing: "د لیکلو فولډر شتون نلري.",
  output_is_directory: "د لیکلو فایل یو فولډر دی.",
  output_exists: "د لیکلو فایل دمخه شتون لري.",
  output_unwritable: "فایل نشي لیکل کیدی.",
  invalid_record: "د لاس ریکارډ خراب دی.",
  shuffle_mismatch: "ثبت شوی ګډوډول له ګډوډ شویو کارتونو سره سمون نه خوري.",
  shuffles_unused: "ریکارډ د لاس له کارونې څخه ډیر ګډوډول لري.",
  record_incomplete: "د ریکارډ له وروستي عمل وروسته لاس پای ته نه دی رسیدلی.",
  result_mismatch: "د ریکارډ پایله له بیا لوبول شوې پایلې سره توپیر لري.",
  invalid_contribution: "د عادلانه تخم لپاره یوه ونډه خرابه ده، یا یوې څوکۍ دوه ځله ونډه ورکړې.",
  invalid_fair: "د عدالت ثبوت خراب دی.",
  fair_server_commitment: "د سرور راز د هغه له خپاره شوې ژمنې سره سمون نه خوري.",
  fair_seed: "تخم له ونډو او د سرور له راز څخه نه راځي.",
  fair_commitment: "تخم د ویش پر مهال له خپره شوې ژمنې سره سمون نه خوري.",
  fair_shuffle: "یو ګډوډول هغه ترتیب نه دی چې عادلانه تخم یې ورکوي.",
  invalid_settings: "د میز یو تنظیم له حد څخه بهر دی.",
  unknown_table: "په دې لینک کې میز نشته.",
  seat_taken: "په دې څوکۍ دمخه لوبغاړی ناست دی.",
  name_taken: "په میز کې یو څوک دمخه دا نوم لري.",
  table_full: "ټولې څوکۍ نیول شوې دي: تاسو یې کتلی شئ.",
  game_started: "لوبه پیل شوې: څوکۍ د پیل نه مخکې نیول کیږي.",
  game_not_started: "لوبه لا نه ده پیل شوې.",
  game_over: "لوبه پای ته رسیدلې.",
  too_few_players: "لوبې ته لږ تر لږه دوه ناست لوبغاړي اړین دي.",
  hand_in_play: "یو لاس روان دی.",
  no_hand_in_play: "هیڅ لاس روان نه دی.",
  not_in_hand: "دا څوکۍ په لاس کې نه ده ویشل شوې.",
  not_seated: "لومړی څوکۍ ونیسئ.",
  not_away: "لوبغاړی لرې نه دی.",
  not_host: "یوازې کوربه دا کار کولی شي.",
  invalid_token: "ستاسو د څوکۍ ټوکن ونه منل شو.",
  origin_refused: "دا پاڼه د میز په خپل سایټ نه ده: میز د هغه له خپل لینک څخه پرانیزئ.",
  hello_first: "اړیکه باید په hello پیل شي.",
  malformed_message: "سرور پیغام ونه پیژانده.",
  message_too_large: "پیغام ډیر لوی دی.",
  rate_limited: "په یو وخت کې ډیر زیات: یوه شیبه صبر وکړئ او بیا هڅه وکړئ.",
  game_not_over: "لوبه لا پای ته نه ده رسیدلې: بشپړ ریکارډونه د هغې په پای کې راځي.",
  game_paused: "کوربه لوبه ودروله.",
  not_paused: "لوبه نه ده درول شوې.",
  no_request: "د څوکۍ هیڅ غوښتنه د کوربه انتظار نه کوي.",
  no_rebuys: "دا میز بیا پیرودلو یا د چپسو زیاتولو ته اجازه نه ورکوي.",
  no_spectators: "کوربه په دې میز کې کتل بند کړي دي.",
  no_time_bank: "اوس د وخت زیرمه نشي چلیدلی.",
  already_ready: "تاسو مخکې ویلي چې چمتو یاست.",
  sitting_out: "لوبغاړی دمخه له لوبې بهر ناست دی.",
  not_sitting_out: "لوبغاړی له لوبې بهر نه دی ناست.",
  storage_failed: "سرور بدلون خوندي نه کړای شو: هیڅ بدل نه شول، بیا هڅه وکړئ.",
  storage_unavailable: "سرور اوس خپل ډیټابیس ته نه رسېږي: هیڅ بدل نه شول. کله چې ډیټابیس بېرته راشي، لوبه به پخپله بیا پیل شي.",
  server_error: "سرور ناکام شو: هیڅ بدل نه شول.",
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
    title: "چټکتیا",
    setting: {
      between_hands: "د لاسونو ترمنځ وقفه (ثانیې)",
      wait_for_ready: "راتلونکی لاس کله چې ټول چمتو وي",
    },
    hint: "چټکتیا د لاسونو ترمنځ له راتلونکې وقفې بدلیږي.",
    bounds: "د لاسونو ترمنځ وقفه له 0 تر 60 ثانیو ده.",
    ready: "راتلونکي لاس ته چمتو یم",
    readyDone: "تاسو چمتو یاست؛ د نورو انتظار کیږي.",
    waiting: (names) => `راتلونکی لاس کله چې ټول چمتو وي: د ${names} انتظار کیږي.`,
    orClock: (secs) => `تر ${chips(secs)} ثانیو پورې`,
    sound: "د میز غږونه",
  },
  home: {
    // the bot levels by name (a bot of another kind keeps its own name)
    levels: { easy: "اسانه", medium: "منځنۍ", hard: "ګرانه", expert: "ماهر", lesson: "درس" },
    noBots: "هیڅ بوټ شتون نلري.",
    needName: "میز ته نوم ورکړئ.",
    needHost: "نورو ته خپل نوم ووایاست.",
    seats: "یو میز له 2 تر 10 څوکۍ لري.",
    tooManyBots: (bots, seats) => `په ${chips(seats)} څوکیو کې تر ټولو ډېر ${chips(bots)} بوټونه ځایېږي (یوه ستاسو ده).`,
  },
  tools: {
    mute: "چوپ کړئ",
    unmute: "چوپتیا لرې کړئ",
    watching: (n) => `${chips(n)} کسان ګوري.`,
    title: "د میز وسایل",
    hostTitle: "د کوربه وسایل",
    pause: "لوبه ودروئ",
    resume: "لوبه بیا پیل کړئ",
    pausedStatus: "کوربه لوبه درولې ده.",
    requests: "د څوکۍ غوښتونکي",
    approve: "دننه یې پرېږدئ",
    refuse: "رد یې کړئ",
    seats: "څوکۍ",
    addBot: "بوټ زیات کړئ",
    botKind: "د بوټ ډول",
    makeHost: "کوربه یې کړئ",
    remove: "لرې کړئ",
    removeConfirm: "لرې کړئ: ډاډه یاست؟",
    settings: "امستنې",
    settingsHint: "شرطونه او د وار وخت د لاسونو ترمنځ بدلېږي.",
    save: "خوندي کړئ",
    setting: {
      small_bet: "کوچنی شرط",
      big_bet: "لوی شرط",
      ante: "انټي",
      turn_seconds: "د وار وخت (ثانیې)",
      rebuys: "بیا پېرودو ته اجازه",
      rebuy_limit: "تر دې حده بیا پېرل",
      approval: "نوي لوبغاړي تایید کړئ",
      spectators: "کتو ته اجازه",
    },
    sitOut: "له لوبې بهر کېنئ",
    sitIn: "ما بیا په لوبه کې واچوئ",
    standUp: "پاڅېږئ",
    standUpConfirm: "پاڅېږئ: ډاډه یاست؟",
    rebuy: "بیا واخلئ",
    topUp: "ډک یې کړئ",
    rebuyAmount: "د اخیستو چپس",
    bank: (s) => `د وخت بانک: ${chips(s)} ثانیې`,
    alertSound: "زما په وار غږ",
    alertTitle: "د ټب سرلیک روښانه کړئ",
    yourTurnTitle: "● ستاسو وار",
    pending: "انتظار چې کوربه مو دننه پرېږدي.",
    fairHand: (n, c) => `لاس ${chips(n)}: د تخم ژمنه ${c}…`,
    fairNext: (n, c) => `لاس ${chips(n)}: د سرور ژمنه ${c}…`,
    fairHelp: "د ثابتېدو وړ عادلانه ګډول: کله چې ریکارډونه خپاره شي، palace-poker replay هر ګډول له دې ژمنو سره ازمويي.",
  },
  ledger: {
    title: "دفتر",
    columns: ["لوبغاړی", "داخل شوي", "بیا اخیستي", "چپس", "پایله"],
    left: "(لاړ)",
    settle: "حساب تصفیه",
    pays: (payer, payee, n) => `${iso(payer)} ${iso(payee)} ته ${chips(n)} ورکوي`,
    csv: "دفتر ښکته کړئ (CSV)",
  },
  amount: "پورته کول",
  attackWithRaise: (amount, pays) => `د ${chips(amount)} پرانیستونکي پورته کولو سره برید (${chips(pays)} ورکوي):`,
  discardTitle: (min, max) => `له خپلو سرتیرو څخه ${range(min, max)} پریږدئ`,
  trimTitle: (min, max) =>
    min > 0
      ? `تاسو تر ټولو ډیر پنځه سرتیري ساتلی شئ: ${range(min, max)} پریږدئ`
      : "کمول: هغه سرتیري وټاکئ چې پریږدئ یې (یا هیڅ)",
  discardSubmit: (n) => (n ? `${cardCount(n)} پریږدئ` : "پریږدئ"),
  trimSubmit: (n) => (n ? `${chips(n)} پریږدئ، پاتې وساتئ` : "ټول وساتئ"),
  cancel: "لغوه",
  min: "لږ",
  max: "ډیر",
  dismiss: "بند کړئ",
  /** Players' words only: refusals in words, the reasons a control waits, the chat. */
  plain: {
    unknownError: "سرور دا رد کړل، او هیڅ بدل نه شول.",
    unreachable: "سرور ته رسېدل ونه شول: اړیکه وګورئ او بیا هڅه وکړئ.",
    serverSaid: (label, sentence) => `${label} — ${sentence}`,
    range: (label, min, max) => `${label} باید له ${chips(min)} څخه تر ${chips(max)} پورې بشپړ عدد وي.`,
    missing: (label) => `${label} خالي دی: یو بشپړ عدد ورکړئ.`,
    bigBelowSmall: (small) => `لوی شرط له کوچني شرط (${chips(small)}) څخه کم کېدای نه شي.`,
    stackTooSmall: (stack, need) =>
      `د پیل ${chips(stack)} چپس انټي او یو کوچنی شرط (ټول ${chips(need)}) نه شي ورکولی: ډېر چپس یا کوچني شرطونه ورکړئ.`,
    shortStacks: (bets) =>
      `د پیل چپس یوازې ${chips(bets)} ${plural(bets, { one: "کوچنی شرط دی", other: "کوچني شرطونه دي" })}: لوبغاړي به له څو پېرودونو وروسته ټول په شرط شي.`,
    otherBots: "نور بوټونه",
    otherBotsHint: "هغه بوټونه چې کچې ترې جوړې شوې دي، په خپلو نومونو.",
    paused: "کوربه لوبه درولې ده: ستاسو انتخابونه به بېرته راشي کله چې لوبه بیا پیل شي.",
    notYourTurn: (name) => `${iso(name)} پرېکړه کوي: ستاسو انتخابونه به ستاسو په وار ښکاره شي.`,
    sending: "ولېږل شو: د میز ځواب ته انتظار.",
    offline: "اړیکه نشته: ستاسو انتخابونه به له اړیکې سره بېرته راشي.",
    startAlone: "لوبې ته لږ تر لږه دوه لوبغاړي اړین دي: د بلنې لینک شریک کړئ یا یو بوټ زیات کړئ.",
    foldFree: "پاتې کېدل وړیا دي. بیا هم فولډ کوئ او دا لاس پرېږدئ؟",
    foldYes: "هو، فولډ",
    foldNo: "نه، بېرته",
    askFold: "کله چې پاتې کېدل وړیا وي، له فولډ مخکې مې وپوښتئ",
    logTab: "لوبه",
    chatTab: "خبرې اترې",
    unread: (n) => `${chips(n)} نوي`,
    noChat: "تر اوسه هیڅ پیغام نشته.",
  },
  closed: {
    4001: "بلې ټب دا څوکۍ ونیوله",
    4003: "دا پاڼه د میز په خپل سایټ نه ده",
    4004: "په دې لینک کې میز نشته",
    4005: "په دې میز کې کتونکو ته اجازه نشته",
  },
  page: {
    table: "میز",
    title: (name, yourTurn) => `${yourTurn ? "● " : ""}${name} · د ماڼۍ پوکر`,
    notSent: "نښلول شوی نه دی: عمل ونه لیږل شو.",
    offline: "نښلول شوی نه دی.",
    tokenRefused: "ستاسو د څوکۍ ټوکن ونه منل شو.",
    end: "لوبه پای ته ورسوئ",
    endConfirm: "رښتیا پای؟ بیا کلیک وکړئ",
    anySeat: "هره خالي څوکۍ",
    noSeat: "خالي څوکۍ نشته",
    nameNeeded: "مهرباني وکړئ یو نوم وټاکئ.",
    copied: (link) => `د بلنې لینک کاپي شو: ${link}`,
    share: (link) => `دا لینک شریک کړئ: ${link}`,
  },
  noOptions: "",
  you: "تاسو",
  empty: "خالي څوکۍ",
  seatLabel: (t) => `څوکۍ ${chips(seatNumber(t))}`,
  pot: "پاټ",
  stock: "د رااخیستلو ډیک",
  discardPile: "د ردولو انبار",
  stack: "چپس",
  inPot: "په پاټ کې",
  soldiers: "سرتیري",
  banner: "بینر",
  palace: "ماڼۍ",
  badges: {
    dealer: "ډیلر",
    toAct: "وار",
    battle: "په جګړه کې",
    out: "بهر",
    allIn: "ټول په شرط",
    disconnected: "آفلاین",
    away: "لرې",
    bot: (kind) => `بوټ: ${iso(kind)}`,
    busted: "چپس یې خلاص شول",
    host: "کوربه",
  },
  battle: {
    title: "جګړه",
    last: "وروستۍ جګړه",
    vs: "برید کوي پر",
    raises: (n) => `${chips(n)} ${plural(n, { one: "ځل پورته کول", other: "ځله پورته کول" })}`,
    entry: (n) => `د ننوتلو شرط ${chips(n)}`,
    raised: (n) => `${chips(n)} یې پورته کړل`,
  },
  status: {
    connecting: "نښلېږي…",
    missing: "په دې لینک کې میز نشته.",
    reconnecting: "اړیکه پرې شوه؛ بیا نښلېږي…",
    retryClock: (s) => `بله هڅه په ${chips(s)} ثانیو کې`,
    replaced: (m) => `دا ټب جلا شو: ${m}`,
    waiting: (host) => (host ? "انتظار: کله چې ټول کښیني لوبه پیل کړئ." : "د کوربه انتظار چې لوبه پیل کړي."),
    yourTurn: "ستاسو پریکړه.",
    toAct: (name) => `د ${iso(name)} وار.`,
    nextHand: (soon) => (soon ? "لاس پای ته ورسید." : "ویشل کیږي…"),
    clock: (secs) => `⏱ ${chips(secs)} ثانیې پاتې`,
    nextHandClock: (secs) => `بل لاس په ${chips(secs)} ثانیو کې.`,
    over: (winner) => (winner !== null ? `لوبه پای ته ورسیده: ${iso(winner)} ګټي.` : "لوبه پای ته ورسیده."),
    spectating: "تاسو ګورئ.",
    hand: (n) => `لاس ${chips(n)}`,
  },
  /** The hand-history viewer (history.js, history.html). */
  history: {
    title: "د لاسونو تاریخ",
    titleOf: (name) => `د لاسونو تاریخ: ${name}`,
    hands: "لاسونه",
    loading: "پورته کیږي…",
    asPlayer: (name) => `هر لاس لکه څنګه چې ${iso(name)} لیدلی. یو لاس وټاکئ، بیا په ◀ ▶ یا د غشي کیلیو سره ګام پورته کړئ.`,
    asSpectator: "هر لاس لکه څنګه چې یو کتونکي لیدلی. یو لاس وټاکئ، بیا په ◀ ▶ یا د غشي کیلیو سره ګام پورته کړئ.",
    none: "تر اوسه هیڅ لاس نه دی ویشل شوی.",
    failed: (why) => `تاریخ پورته نشو (${why}).`,
    hand: (n) => `لاس ${chips(n)}`,
    inPlay: "روان",
    pick: "په ښي خوا کې یو لاس وټاکئ.",
    back: "▶ شاته",
    forward: "مخکې ◀",
    keys: "← → کیلي؛ Home / End",
    step: (i, n) => `ګام ${chips(i)} له ${chips(n)}`,
    banner: "بینر",
    soldiers: "سرتیري",
    palace: "ماڼۍ",
    you: "تاسو",
    out: "بهر",
    viewer: "لاسونه ګام په ګام",
    jsonl: "زما لاسونه (JSON Lines)",
    text: "زما لاسونه (متن)",
    records: "بشپړ ریکارډونه",
    table: "میز ته بیرته",
    refused: (why) => `رد شو: ${why}`,
  },
  language: "ژبه",
  html: {
    homeTitle: "د ماڼۍ پوکر: میز جوړ کړئ",
    tagline: "هر شرط یوه جګړه ده. میز جوړ کړئ، لینک یې شریک کړئ، او بوټان دې خالي څوکۍ ونیسي.",
    createTitle: "میز جوړ کړئ",
    tableName: "د میز نوم",
    defaultTableName: "د جمعې لوبه",
    yourName: "ستاسو نوم",
    stakes: "شرطونه",
    smallBet: "کوچنی شرط",
    bigBet: "لوی شرط",
    bigBetHint: "2 × کوچنی",
    ante: "انټي",
    anteHint: "½ کوچنی",
    startingStack: "د پیل چپس",
    betting: "شرط وهل",
    limit: "محدود",
    noLimit: "بې حده",
    seatsAndClock: "څوکۍ او ساعت",
    seats: "څوکۍ (2–10)",
    turnTime: "د وار وخت (ثانیې)",
    recordsForAll: "کله چې لوبه پای ته ورسیږي، هر لوبغاړي ته اجازه ورکړئ چې د لاسونو بشپړ ریکارډونه (ټول کارتونه) ښکته کړي، نه یوازې ما ته",
    noTable: "په دې لینک کې میز نشته",
    noTableHint: "کېدای شي لینک غلط ولیکل شوی وي، یا میز هېڅکله په دې سرور جوړ شوی نه وي.",
    createTable: "میز جوړ کړئ",
    chat: "خبرې اترې",
    chatHint: "یو څه ووایاست…",
    chatSend: "ولېږئ",
    approvalOption: "مخکې له دې چې څوک څوکۍ ونیسي، له ما وپوښتئ",
    rebuysOption: "بیا پېرودو او ډکولو ته اجازه ورکړئ",
    timeBank: "د وخت بانک (د لوبې ثانیې)",
    botsTitle: "په خالي څوکیو کې بوټان",
    botsHint: "بوټان ستاسو تر څنګ کښیني؛ نورې څوکۍ ستاسو د ملګرو لپاره خالي پاتې کیږي.",
    createSubmit: "میز جوړ کړئ",
    howTitle: "لوبه څنګه کیږي",
    how1: "هر څوک انټي ورکوي، د خپل سوټ یو مخامخ *بینر* کارت او درې مخ ښکته *ماڼۍ* کارتونه ترلاسه کوي.",
    how2: "ستاسو په وار: یو مخامخ سرتیری *واخلئ*، سرتیري *پریږدئ*، *پاتې شئ*، *فولډ* کړئ، یا د بل بینر سوټ پر لوبغاړي *برید* وکړئ.",
    how3: "جګړه: مدافع فولډ کوي، زنګ وهي یا پورته کوي؛ په زنګ دواړه لاسونه د مخالف د بینر سوټ پرته پرتله کیږي، او ګټونکی د بایلونکي بینر او سرتیري نیسي.",
    how4: "کله چې ټول د یو بشپړ پړاو لپاره پاتې شي یا پریږدي، غوره لاس پاټ اخلي.",
    tableTitle: "د ماڼۍ پوکر میز",
    skip: "خپلو اختیارونو ته لاړ شئ",
    home: "د ماڼۍ پوکر کور",
    controls: "د میز کنټرولونه",
    start: "لوبه پیل کړئ",
    back: "زه بیرته راغلم",
    takeSeat: "څوکۍ ونیسئ",
    copyInvite: "د بلنې لینک کاپي کړئ",
    theTable: "میز",
    yourArea: "ستاسو کارتونه او اختیارونه",
    log: "یادښت",
    logLabel: "هر هغه څه چې پیښ شول",
    join: "یوځای شئ:",
    joinHint: "یو نوم او یوه خالي څوکۍ وټاکئ، یا یوازې وګورئ.",
    seat: "څوکۍ",
    sitDown: "کښېنئ",
    justWatch: "یوازې وګورئ",
  },
  // "Play against bots now" on the home page (quick.js): one click, no form
  quick: {
    title: "همدا اوس د بوټانو پر وړاندې لوبه وکړئ",
    hint: "یو کلیک: ستاسو خپل میز د بوټانو سره، سمدستي ویشل کیږي.",
    level: "د بوټانو کچه",
    bots: "بوټان",
    submit: "اوس لوبه وکړئ",
    tableName: "تمرین",
    defaultName: "لوبغاړی",
  },
};

export function seatNumber(t) {
  return t + 1;
}

/** A bot's kind in a sentence: "اسانه بوټ" (a level), "random بوټ" (a name, isolated). */
function botKind(kind) {
  const levels = { easy: "اسانه", medium: "منځنی", hard: "ګران", expert: "ماهر", lesson: "د درس" };
  return `${levels[kind] ?? iso(kind)} بوټ`;
}

function range(min, max) {
  if (min === max) return chips(min);
  if (min === 0) return `تر ${chips(max)} پورې`;
  return `له ${chips(min)} تر ${chips(max)} پورې`;
}

function quoted(text) {
  return text ? `«${text}»` : "";
}

/** A host's settings change in words: each name as UI.tools.setting has it. */
function settingList(changes) {
  const names = { ...UI.tools.setting, ...UI.pace.setting, rebuy_to: UI.tools.setting.rebuy_limit };
  return Object.entries(changes || {})
    .map(([key, value]) => `${names[key] ?? key} ${typeof value === "boolean" ? (value ? "✓" : "✗") : chips(value)}`)
    .join(", ");
}

// ------------------------------------------------------------------ explanations

// Each rank as it stands alone ("لوړ کارت تکه") and after "د" or "تر" (the oblique:
// a feminine noun in ـه takes ـې, "د تکې جوړه", "تر تکې پورې").
const RANK_WORDS = {
  2: ["دوه", "دوه"], 3: ["درې", "درې"], 4: ["څلور", "څلور"], 5: ["پنځه", "پنځه"],
  6: ["شپږ", "شپږ"], 7: ["اووه", "اووه"], 8: ["اته", "اته"], 9: ["نهه", "نهه"],
  T: ["لس", "لس"], J: ["غلام", "غلام"], Q: ["بی بی", "بی بی"], K: ["باچا", "باچا"],
  A: ["تکه", "تکې"],
};

/** A hand in words, from the server's {category, ranks}: "د بی بی جوړه", "لوړ کارت تکه".
 * A count of one rank says "کارتونه" ("د شپږ درې کارتونه"), so that two numbers never
 * stand side by side. */
export function handName(hand) {
  const [first, second] = (hand && hand.ranks) || [];
  const one = (r) => (RANK_WORDS[r] || [r, r])[0];
  const of = (r) => (RANK_WORDS[r] || [r, r])[1];
  if (!first) return "هیڅ کارت نشته";
  switch (hand.category) {
    case "high_card":
      return `لوړ کارت ${one(first)}`;
    case "one_pair":
      return `د ${of(first)} جوړه`;
    case "two_pair":
      return `دوه جوړې، د ${of(first)} او د ${of(second)}`;
    case "three_of_a_kind":
      return `د ${of(first)} درې کارتونه`;
    case "straight":
      return `لړۍ تر ${of(first)} پورې`;
    case "flush":
      return `د یوه سوټ کارتونه، لوړ کارت ${one(first)}`;
    case "full_house":
      return `فل هاوس، د ${of(first)} درې کارتونه او د ${of(second)} جوړه`;
    case "four_of_a_kind":
      return `د ${of(first)} څلور کارتونه`;
    case "straight_flush":
      return `د یوه سوټ لړۍ تر ${of(first)} پورې`;
    default:
      return hand.category;
  }
}

/** Why a comparison went as it did (explain.js builds these from the server's
 * explanation: the hands as they fought). `suit` is a suit symbol (♣), `who` a name
 * (isolated, as every name in this file), `you` whether that name is the viewer's
 * (then "ستاسو"). */
export const EXPLAIN = {
  yourHand: "ستاسو لاس",
  holds: (hand) => `تاسو ${hand} لرئ`,
  against: (who, suit) => `د ${iso(who)} پر وړاندې (له ${suit} پرته)`,
  holdAgainst: (hand) => `د هغوی پر وړاندې تاسو ${hand} لرئ`,
  struck: (suit, who, you) => `د ${suit} کارتونه ${you ? "ستاسو" : `د ${iso(who)}`} د ${suit} بینر پر وړاندې نه شمېرل کیږي`,
  side: (who, hand) => `${iso(who)}: ${hand}`,
  beats: (winner, loser) => `${winner} ګټي، ${loser} بایلي.`,
  kickers: (hand) => `دواړه ${hand} لري: پاتې کارتونه پریکړه کوي، له تر ټولو لوړ څخه پیل.`,
  ownSuit: (a, countA, suitA, b, countB, suitB) =>
    `لاسونه مساوي دي: هغه ګټي چې د خپل بینر د سوټ ډېر کارتونه لري (${iso(a)}: ${cardCount(countA)} ${suitA}، ${iso(b)}: ${cardCount(countB)} ${suitB}).`,
  tie: "لاسونه مساوي دي او د خپل بینر د سوټ کارتونه یې هم برابر دي: مساوي شول.",
  suitDecided: "هغو کارتونو چې نه شمېرل کیږي پریکړه وکړه: که هر کارت شمېرل شوی وای، پایله به برعکس وه.",
  quietRound: (a, b) => `ارام پړاو او دوه پاتې: ${iso(a)} او ${iso(b)} لکه په جګړه کې پرتله کیږي، نور څه نه ورکول کیږي.`,
  showdown: "د ارام پړاو وروسته شوډاون: هر کارت شمېرل کیږي.",
  best: (names, hand) => `غوره لاس: ${iso(names)} (${hand}).`,
  and: (names) => (names.length < 2 ? names.map(iso).join("") : `${names.slice(0, -1).map(iso).join("، ")} او ${iso(names[names.length - 1])}`),
  lastCompared: "وروستي دوه پرتله شول",
  doesNotCount: "نه شمېرل کیږي",
};

/** "Learn to play": the guided first hand (lesson.js) and its button on the home page
 * (learn.js). `ada` and `bo` are the bots' names, `suit` a suit symbol (♦), `card` a
 * card as rank and suit symbol (5♠); `what` is one of the *Do sentences. */
export const LESSON = {
  title: "لوبه زده کړئ",
  hint: "د دوو بوټانو پر وړاندې یو لارښود شوی لاس: ټول اصلي قواعد، له پنځو دقیقو په لږ وخت کې.",
  start: "درس پیل کړئ",
  tableName: "درس",
  defaultName: "لوبغاړی",
  step: (n, total) => `ګام ${formatNumber(n)} له ${formatNumber(total)} څخه`,
  rules: "قواعد",
  next: "بل",
  only: (what) => `په دې درس کې، ${what}`,
  readFirst: "لومړی ولولئ چې جګړه څنګه وګټل شوه، بیا «بل» کېکاږئ.",
  buy: "تاسو یو مخامخ بینر او درې مخ ښکته ماڼۍ کارتونه لرئ: په یو کوچني شرط یو سرتیری واخلئ، یو مخامخ کارت چې ستاسو له لاس سره یوځای کیږي.",
  buyDo: "یو سرتیری واخلئ.",
  keep: "له اخیستلو وروسته تاسو ټاکئ چې کوم سرتیري وساتئ، تر ډېره پنځه: خپل نوی سرتیری وساتئ او هېڅ مه پریږدئ.",
  keepDo: "خپل نوی سرتیری وساتئ: هېڅ مه پریږدئ.",
  attack: (ada, bo) => `${iso(ada)} یو سرتیری اخلي او ${iso(bo)} پاتې کیږي، چې هېڅ لګښت نه لري؛ بیا پر ${iso(bo)} برید وکړئ، چې د بینر سوټ یې له ستاسو سره توپیر لري، او خپله داخله ورکړئ: د خپل بینر لپاره یو کوچنی شرط او د هر سرتیري لپاره یو.`,
  attackDo: (bo) => `پر ${iso(bo)} برید وکړئ.`,
  call: (bo) => `${iso(bo)} په یو لوی شرط پورته کړ: د برابرولو لپاره زنګ ووهئ، زنګ جګړه پای ته رسوي، نو دواړه لاسونه پرتله کیږي.`,
  callDo: "زنګ ووهئ.",
  excluded: (bo, suit) => `تاسو جګړه وګټله ځکه چې په جګړه کې د مخالف د بینر سوټ هېڅ کارت نه شمېرل کیږي: د ${iso(bo)} د ${suit} کارت کرښه شوی، او له هغه پرته د ${iso(bo)} لاس له ستاسو کمزوری دی.`,
  capture: (bo, ada, card) => `تاسو د ${iso(bo)} بینر او سرتیري ونیول، او تاسو ټاکئ چې کوم سرتیري وساتئ: ${iso(card)} پریږدئ، ځکه د ${iso(ada)} د بینر سوټ هېڅ کارت د ${iso(ada)} پر وړاندې نه شمېرل کیږي.`,
  captureDo: (card) => `${iso(card)} پریږدئ او نور وساتئ.`,
  stay: (ada) => `${iso(ada)} پاتې کیږي؛ تاسو هم پاتې شئ: کله چې په لاس کې ټول پاتې لوبغاړي له وروستي اخیستلو یا شرط راهیسې پاتې شوي وي، پړاو ارام دی او لاس پای ته رسیږي.`,
  stayDo: "پاتې شئ.",
  end: (ada) => `دوه لوبغاړي پاتې وو، نو ارام پړاو ستاسو او ${iso(ada)} ترمنځ د جګړې په پرتله پای ته ورسید، پرته له نورې ورکړې: ستاسو لاس غوره و، نو پاټ مو واخیست.`,
  endLost: (ada, winner) => `دوه لوبغاړي پاتې وو، نو ارام پړاو ستاسو او ${iso(ada)} ترمنځ د جګړې په پرتله پای ته ورسید، پرته له نورې ورکړې: د ${iso(winner)} لاس غوره و، نو ${iso(winner)} پاټ واخیست.`,
  doneTitle: "تاسو یو بشپړ لاس ولوباوه",
  doneHint: "د بوټانو پر وړاندې لوبه وکړئ، یا د خپلو ملګرو لپاره میز جوړ کړئ.",
  playBots: "همدا اوس د بوټانو پر وړاندې لوبه وکړئ",
  createTable: "میز جوړ کړئ",
};
