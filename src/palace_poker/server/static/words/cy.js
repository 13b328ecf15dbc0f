// Cymraeg (Welsh): the language catalogue. Same names and shapes as en.js (the
// contract: docs/languages.md). The game's words are those of the Welsh rules page
// (baner, palas, milwr, brwydr, ymosod, pot, plygu, galw, codi, aros, prynu, taflu).
//
// Welsh counts with the singular noun after a numeral, and has six plural
// categories (zero, one, two, few, many, other): `plural` picks the noun's form,
// with the mutation each number brings (dau gerdyn, tri cherdyn, chwe cherdyn).

export const LANG = "cy";
export const DIR = "ltr";

const NUMBERS = new Intl.NumberFormat(LANG);
const PLURALS = new Intl.PluralRules(LANG);

/** A number as this language writes it. */
export function formatNumber(n) {
  return typeof n === "number" ? NUMBERS.format(n) : `${n ?? ""}`;
}

/** The form of `forms` ({zero, one, two, few, many, other}) that goes with n. */
export function plural(n, forms) {
  return forms[PLURALS.select(n)] ?? forms.other;
}

const RANKS = {
  2: "Dau", 3: "Tri", 4: "Pedwar", 5: "Pump", 6: "Chwech", 7: "Saith", 8: "Wyth",
  9: "Naw", T: "Deg", J: "Jac", Q: "Brenhines", K: "Brenin", A: "As",
};
const SUITS = { s: "rhawiau", h: "calonnau", d: "diemwntau", c: "clybiau" };
// After "o" (of) a suit's name takes the soft mutation.
const SUITS_OF = { s: "rawiau", h: "galonnau", d: "ddiemwntau", c: "glybiau" };

export function cardName(card) {
  if (!card) return "cerdyn wyneb i waered";
  return `${RANKS[card[0]] || card[0]} o ${SUITS_OF[card[1]] || card[1]}`;
}

export function suitName(suit) {
  return SUITS[suit] || suit;
}

const cards = (list) => ({ cards: list });
const chips = formatNumber;
const CARD = { zero: "cerdyn", one: "cerdyn", two: "gerdyn", few: "cherdyn", many: "cherdyn", other: "cerdyn" };
const CHIP = { zero: "sglodyn", one: "sglodyn", two: "sglodyn", few: "sglodyn", many: "sglodyn", other: "sglodyn" };
const RAISE = { zero: "codiad", one: "codiad", two: "godiad", few: "codiad", many: "codiad", other: "codiad" };
const cardCount = (n) => `${chips(n)} ${plural(n, CARD)}`;

const ENDS = {
  last: "dim ond un chwaraewr sydd ar ôl",
  "same-suit": "mae'r chwaraewyr sydd ar ôl yn chwifio'r un siwt baner ac yn hollti'r pot",
  showdown: "ornest ar ôl rownd dawel",
  tie: "mae'r ddau olaf yn gyfartal ac yn hollti'r pot",
};

const OUT_REASONS = { fold: "wedi plygu", battle: "wedi colli brwydr", tie: "yn gyfartal mewn brwydr" };

// Each pile that is shuffled, after the article ('r), and the verb with the pronoun that agrees with it.
const SHUFFLED = {
  deck: ["dec", "ei gymysgu"],
  "set-aside": ["cardiau a roddwyd o'r neilltu", "eu cymysgu"],
  stock: ["dec tynnu", "ei gymysgu"],
  discard: ["pentwr taflu", "ei gymysgu"],
};

/** Engine events (wire form), one function each; null: not worth a line. */
export const EVENTS = {
  ante_posted: (e, { who }) => [
    `Mae ${who(e.seat)} yn talu ante o ${chips(e.amount)}`, e.all_in ? " ac mae'r cyfan i mewn." : ".",
  ],
  cards_shuffled: (e) =>
    e.what === "deck"
      ? null
      : [`Mae'r ${(SHUFFLED[e.what] || [e.what])[0]} (${cardCount(e.size)}) yn cael ${(SHUFFLED[e.what] || [e.what, "ei gymysgu"])[1]}.`],
  banner_card_set_aside: (e, { who }) => [
    `Mae ${who(e.seat)} yn cael `, cards([e.card]), ": mae'r siwt wedi'i chymryd, o'r neilltu.",
  ],
  banner_dealt: (e, { who }) => [`Mae ${who(e.seat)} yn chwifio baner `, cards([e.card]), "."],
  palace_dealt: (e, { who, mine }) =>
    e.cards && e.cards.length
      ? [mine(e.seat) ? "Dy gardiau palas: " : `Palas ${who(e.seat)}: `, cards(e.cards), "."]
      : [`Mae ${who(e.seat)} yn cael tri cherdyn palas.`],
  turn_started: (e, { who, mine }) => [mine(e.seat) ? "Dy dro di." : `Tro ${who(e.seat)}.`],
  soldier_bought: (e, { who }) => [
    `Mae ${who(e.seat)} yn prynu `, cards([e.card]), ` am ${chips(e.cost)}.`,
  ],
  soldiers_discarded: (e, { who }) => {
    if (!e.cards.length) return e.trim ? [`Mae ${who(e.seat)} yn cadw pob milwr.`] : null;
    return [`Mae ${who(e.seat)} yn ${e.trim ? "tocio" : "taflu"} `, cards(e.cards), "."];
  },
  stayed: (e, { who }) => [`Mae ${who(e.seat)} yn aros.`],
  folded: (e, { who }) => [`Mae ${who(e.seat)} yn plygu${e.in_battle ? " yn y frwydr" : ""}.`],
  battle_started: (e, { who }) => [
    `⚔ Mae ${who(e.attacker)} yn ymosod ar ${who(e.defender)}: mynediad ${chips(e.entry)}`,
    e.raise_by ? ` ac yn codi ${chips(e.raise_by)}.` : ".",
  ],
  battle_called: (e, { who }) => [`Mae ${who(e.seat)} yn galw (${chips(e.amount)}).`],
  battle_raised: (e, { who }) => [
    `Mae ${who(e.seat)} yn codi ${chips(e.raise_by)} (yn talu ${chips(e.amount)}).`,
  ],
  chips_returned: (e, { who }) => [
    `Mae ${chips(e.amount)} ${plural(e.amount, CHIP)} heb eu paru yn mynd yn ôl i ${who(e.seat)}.`,
  ],
  battle_compared: (e, { who }) => {
    const [a, b] = e.seats;
    const parts = [];
    if (e.winner === null) parts.push(`Mae ${who(a)} a ${who(b)} yn gyfartal yn y frwydr.`);
    else parts.push(`Mae ${who(e.winner)} yn ennill y frwydr yn erbyn ${who(e.winner === a ? b : a)}.`);
    if (e.palaces && e.palaces.length === 2) {
      parts.push(` Palas ${who(a)} `, cards(e.palaces[0]), `, palas ${who(b)} `, cards(e.palaces[1]), ".");
    }
    return parts;
  },
  player_out: (e, { who }) => [`Mae ${who(e.seat)} allan o'r llaw (${OUT_REASONS[e.reason] || e.reason}).`],
  cards_captured: (e, { who }) => [
    `Mae ${who(e.seat)} yn cipio `, cards(e.cards), ` oddi ar ${who(e.from_seat)}.`,
  ],
  showdown_revealed: (e, { who }) => {
    const parts = ["Ornest:"];
    e.palaces.forEach(([seat, list], i) => {
      parts.push(`${i ? ";" : ""} ${who(seat)} `, cards(list));
    });
    parts.push(".");
    return parts;
  },
  pot_awarded: (e, { who }) => [`Mae ${who(e.seat)} yn cymryd ${chips(e.amount)}.`],
  hand_ended: (e) => [`Llaw drosodd: ${ENDS[e.end] || e.end}.`],
};

export function eventText(event, ctx) {
  const say = EVENTS[event.type];
  if (!say) return [`(${event.type})`];
  return say(event, ctx);
}

/** Log entries (the server's), one function each; `ctx.seatName(t)` names a table seat. */
export const ENTRIES = {
  created: (e) => [`Crëwyd y bwrdd ${quoted(e.name)}.`],
  seated: (e, { seatName }) => {
    const name = e.name ?? seatName(e.seat);
    if (e.bot) return [`Mae ${name} (${botKind(e.bot)}) yn cymryd sedd ${chips(seatNumber(e.seat))}.`];
    return [`Mae ${name} yn eistedd yn sedd ${chips(seatNumber(e.seat))}.`];
  },
  started: (e, { seatName }) => {
    const parts = ["Mae'r gêm yn dechrau."];
    if (e.draw && e.draw.length) {
      e.draw.forEach((round, i) => {
        parts.push(i ? " Eto:" : " Cardiau a dynnwyd i ddewis y deliwr:");
        round.forEach(([seat, card], j) => {
          parts.push(`${j ? "," : ""} ${seatName(seat)} `, cards([card]));
        });
        parts.push(".");
      });
    }
    if (e.dealer !== undefined && e.dealer !== null) parts.push(` ${seatName(e.dealer)} sy'n delio gyntaf.`);
    return parts;
  },
  hand_started: (e) => [e.hand_number ? `Mae llaw ${chips(e.hand_number)} yn dechrau.` : "Mae llaw yn dechrau."],
  action: (e, { seatName }) => (e.by === "clock" ? timedOut(seatName(e.seat)) : null),
  hand_finished: (e, { seatName }) => {
    const parts = [e.hand_number ? `Mae llaw ${chips(e.hand_number)} wedi gorffen.` : "Mae'r llaw wedi gorffen."];
    if (e.stacks) {
      const list = Object.entries(e.stacks).map(([seat, n]) => `${seatName(Number(seat))} ${chips(n)}`);
      parts.push(` Sglodion: ${list.join(", ")}.`);
    }
    return parts;
  },
  game_over: (e, { seatName }) => {
    const why = e.reason === "host" ? " (daeth y gwesteiwr â hi i ben)" : "";
    return e.winner !== null && e.winner !== undefined
      ? [`Gêm drosodd: ${seatName(e.winner)} sy'n ennill${why}.`]
      : [`Gêm drosodd${why}.`];
  },
  away: (e, { seatName }) => [`Mae ${seatName(e.seat)} i ffwrdd.`],
  back: (e, { seatName }) => [`Mae ${seatName(e.seat)} yn ôl.`],
  paused: () => ["Oedodd y gwesteiwr y gêm."],
  resumed: () => ["Ailddechreuodd y gwesteiwr y gêm."],
  approved: (e, { seatName }) => [`Caiff ${seatName(e.seat)} ddod i mewn.`],
  refused: (e) => [`Gwrthodwyd ${e.name ?? "chwaraewr"}.`],
  removed: (e) => [`Tynnodd y gwesteiwr ${e.name ?? "chwaraewr"} (${chips(e.chips_taken ?? 0)} sglodyn wedi'u cymryd).`],
  settings_changed: (e) => [`Newidiodd y gwesteiwr y gosodiadau: ${settingList(e.changes)}.`],
  host_passed: (e, { seatName }) => [`${seatName(e.seat)} yw'r gwesteiwr nawr.`],
  sat_out: (e, { seatName }) => [`Mae ${seatName(e.seat)} yn eistedd allan.`],
  sat_in: (e, { seatName }) => [`Caiff ${seatName(e.seat)} ei ddelio i mewn eto.`],
  stood_up: (e) => [`Mae ${e.name ?? "chwaraewr"} yn codi gyda ${chips(e.chips_taken ?? 0)} sglodyn.`],
  rebought: (e, { seatName }) => [`Mae ${seatName(e.seat)} yn prynu ${chips(e.chips)} sglodyn.`],
  bank_used: (e, { seatName }) => [`Mae ${seatName(e.seat)} yn defnyddio'r banc amser (${chips(Math.round(e.seconds))} e).`],
  chat: (e, { seatName }) => [`${e.seat === null || e.seat === undefined ? `Gwyliwr ${chips(e.watcher)}` : e.name ?? seatName(e.seat)}: ${e.text}`],
  muted: (e, { seatName }) => [`Tawelodd y gwesteiwr ${seatName(e.seat)}.`],
  unmuted: (e, { seatName }) => [`Dad-dawelodd y gwesteiwr ${seatName(e.seat)}.`],
  ended: () => ["Daeth y gwesteiwr â'r gêm i ben."],
  // the pace between hands (a table that waits for everyone)
  ready: (e, { seatName }) => [`Mae ${seatName(e.seat)} yn barod am y llaw nesaf.`],
  // the store was away: the clocks waited (docs/deploy.md)
  storage_back: (e) => [`Ni allai'r gweinydd gadw am ${chips(Math.round(e.seconds ?? 0))} e: arhosodd y clociau yn y cyfamser.`],
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
  return [`Mae amser ${seatLabel} ar ben.`];
}

// ------------------------------------------------------------------ options

/** A button's label for an option; `amount` is the chosen no-limit amount. */
export function optionLabel(option, { who, amount = null }) {
  const pays = (n) => (n ? ` (${chips(n)})` : "");
  switch (option.verb) {
    case "buy":
      return `Prynu milwr${pays(option.cost)}`;
    case "stay":
      return "Aros";
    case "fold":
      return "Plygu";
    case "call":
      return `Galw${pays(option.cost)}`;
    case "raise":
      if (option.min_amount !== null) {
        return `Codi ${chips(amount ?? option.min_amount)} (${chips(option.cost + (amount ?? option.min_amount))})`;
      }
      return `Codi${pays(option.cost)}`;
    case "bet":
      if (option.min_amount !== null) {
        return `Ymosod ar ${who(option.target)} + codi ${chips(amount ?? option.min_amount)} (${chips(option.cost + (amount ?? option.min_amount))})`;
      }
      return `Ymosod ar ${who(option.target)}${pays(option.cost)}`;
    case "discard":
      return "Taflu milwyr…";
    case "trim":
      return "Dewis y milwyr i'w cadw";
    default:
      return option.verb;
  }
}

// ------------------------------------------------------------------ errors

/** The server's error codes (palace_poker.errors.ERROR_CODES), one sentence each. */
export const ERRORS = {
  invalid_chat: "Mae neges sgwrs yn 1 i 300 nod o destun plaen.",
  muted: "Mae'r gwesteiwr wedi tewi eich sgwrs wrth y bwrdd hwn.",
  invalid_card: "Nid yw hwnna'n gerdyn.",
  invalid_suit: "Nid yw hwnna'n siwt.",
  invalid_hand_value: "Nid yw hwnna'n werth llaw.",
  malformed_action: "Nid yw'r weithred wedi'i hysgrifennu fel y mae'r gêm yn ei darllen.",
  unknown_verb: "Nid oes symudiad o'r fath yn y gêm.",
  invalid_amount: "Rhaid i'r swm fod yn rhif cyfan positif.",
  invalid_seat: "Nid oes sedd o'r fath yn y llaw hon.",
  hand_over: "Mae'r llaw drosodd: nid yw'n derbyn rhagor o benderfyniadau.",
  chance_due: "Mae cerdyn i'w ddelio nawr, nid penderfyniad chwaraewr.",
  no_chance_due: "Nid oes cerdyn i'w ddelio nawr.",
  invalid_outcome: "Ni ellir delio'r cerdyn hwnnw ar y cam hwn.",
  stale_version: "Symudodd y llaw ymlaen cyn i'th weithred gyrraedd: edrych eto.",
  invalid_index: "Nid oes digwyddiad o'r fath yn y llaw hon.",
  malformed_event: "Nid yw hwnna'n ddigwyddiad yn y gêm.",
  invalid_observation: "Nid yw hwnna'n olwg gyson ar law.",
  invalid_wire: "Nid yw'r neges yn fformat gwifren y gêm.",
  invalid_shuffle: "Ni ellir defnyddio'r cymysgu.",
  not_your_turn: "Nid dy dro di yw hi.",
  illegal_action: "Ni chaniateir y symudiad hwnnw nawr.",
  bad_target: "Ni elli di ymosod ar y chwaraewr hwnnw.",
  card_not_held: "Nid yw'r cerdyn hwnnw'n un o'th filwyr.",
  duplicate_card: "Mae cerdyn wedi'i enwi ddwywaith.",
  too_many_soldiers: "Cei di gadw pum milwr ar y mwyaf.",
  cannot_afford: "Nid oes gennyt ddigon o sglodion i hynny.",
  amount_out_of_bounds: "Mae'r swm y tu allan i'r ystod a ganiateir.",
  amount_not_allowed: "Mae'r swm yn sefydlog yma, neu mae ar goll lle mae'n rhaid ei ddewis.",
  raise_cap: "Mae gan y frwydr y nifer fwyaf o godiadau a ganiateir yn barod.",
  empty_stock: "Ni ellir prynu cerdyn: mae'r dec tynnu a'r pentwr taflu yn wag.",
  invalid_rules: "Mae gosodiad y betiau y tu allan i'r ystod.",
  invalid_players: "Ni chaniateir y chwaraewyr neu'r pentyrrau sglodion hynny.",
  unknown_bot: "Nid oes bot o'r math hwnnw.",
  invalid_budget: "Mae cyllideb bot yn filieiliadau (10ms) neu'n nifer o efelychiadau (64).",
  invalid_bot: "Nid oes gan y bot osodiad o'r fath.",
  invalid_arena: "Mae gosodiad yr arena y tu allan i'r ystod.",
  journal_mismatch: "Mae dyddlyfr yr arena yn perthyn i gêm arall.",
  journal_invalid: "Mae dyddlyfr yr arena wedi'i ddifrodi, neu nid dyddlyfr mohono.",
  backend_unavailable: "Nid yw rhan sydd ei hangen ar y gweinydd wedi'i gosod.",
  output_folder_missing: "Nid yw'r ffolder i ysgrifennu iddo yn bodoli.",
  output_is_directory: "Ffolder yw'r ffeil i'w hysgrifennu.",
  output_exists: "Mae'r ffeil i'w hysgrifennu'n bodoli'n barod.",
  output_unwritable: "Ni ellir ysgrifennu'r ffeil.",
  invalid_record: "Mae cofnod y llaw yn ddiffygiol.",
  shuffle_mismatch: "Nid yw cymysgu a gofnodwyd yn cyfateb i'r cardiau a gymysgwyd.",
  shuffles_unused: "Mae'r cofnod yn rhestru mwy o gymysgu nag y mae'r llaw yn ei ddefnyddio.",
  record_incomplete: "Nid yw'r llaw drosodd ar ôl gweithred olaf y cofnod.",
  result_mismatch: "Mae canlyniad y cofnod yn wahanol i'r un a ailchwaraewyd.",
  invalid_contribution: "Mae cyfraniad at yr hedyn teg yn ddiffygiol, neu rhoddodd sedd ddau.",
  invalid_fair: "Mae'r prawf tegwch yn ddiffygiol.",
  fair_server_commitment: "Nid yw cyfrinach y gweinydd yn cyfateb i'r ymrwymiad a gyhoeddodd.",
  fair_seed: "Nid yw'r hedyn yn dilyn o'r cyfraniadau a chyfrinach y gweinydd.",
  fair_commitment: "Nid yw'r hedyn yn cyfateb i'r ymrwymiad a gyhoeddwyd wrth ddelio.",
  fair_shuffle: "Nid yw cymysgu yn y drefn y mae'r hedyn teg yn ei rhoi.",
  invalid_settings: "Mae gosodiad y bwrdd y tu allan i'r ystod.",
  unknown_table: "Nid oes bwrdd wrth y ddolen hon.",
  seat_taken: "Mae chwaraewr yn y sedd honno'n barod.",
  name_taken: "Mae gan rywun wrth y bwrdd yr enw hwnnw'n barod.",
  table_full: "Mae pob sedd wedi'i chymryd: cei di wylio yn lle hynny.",
  game_started: "Mae'r gêm wedi dechrau: cymerir seddi cyn iddi ddechrau.",
  game_not_started: "Nid yw'r gêm wedi dechrau eto.",
  game_over: "Mae'r gêm drosodd.",
  too_few_players: "Mae angen o leiaf dau chwaraewr yn eistedd ar gêm.",
  hand_in_play: "Mae llaw yn cael ei chwarae.",
  no_hand_in_play: "Nid oes llaw yn cael ei chwarae.",
  not_in_hand: "Ni ddeliwyd y sedd hon i'r llaw.",
  not_seated: "Cymer sedd yn gyntaf.",
  not_away: "Nid yw'r chwaraewr i ffwrdd.",
  not_host: "Dim ond y gwesteiwr a gaiff wneud hyn.",
  invalid_token: "Ni dderbyniwyd tocyn dy sedd.",
  origin_refused: "Nid yw'r dudalen hon ar wefan y bwrdd ei hun: agor y bwrdd o'i ddolen ei hun.",
  hello_first: "Rhaid i'r cysylltiad ddechrau gyda helo.",
  malformed_message: "Ni ddeallodd y gweinydd y neges.",
  message_too_large: "Mae'r neges yn rhy fawr.",
  rate_limited: "Gormod ar unwaith: aros eiliad a rho gynnig arall arni.",
  game_not_over: "Nid yw'r gêm drosodd eto: daw'r cofnodion llawn ar ei diwedd.",
  game_paused: "Mae'r gwesteiwr wedi oedi'r gêm.",
  not_paused: "Nid yw'r gêm wedi'i hoedi.",
  no_request: "Nid oes cais am sedd yn aros am y gwesteiwr.",
  no_rebuys: "Nid yw'r bwrdd hwn yn caniatáu ailbrynu nac ychwanegu sglodion.",
  no_spectators: "Mae'r gwesteiwr wedi diffodd gwylio wrth y bwrdd hwn.",
  no_time_bank: "Ni all banc amser redeg nawr.",
  already_ready: "Rydych chi wedi dweud eisoes eich bod yn barod.",
  sitting_out: "Mae'r chwaraewr yn eistedd allan yn barod.",
  not_sitting_out: "Nid yw'r chwaraewr yn eistedd allan.",
  storage_failed: "Methodd y gweinydd â chadw'r newid: ni newidiodd dim, rho gynnig arall arni.",
  storage_unavailable: "Ni all y gweinydd gyrraedd ei gronfa ddata ar hyn o bryd: ni newidiodd dim. Bydd y chwarae'n ailddechrau ohono'i hun pan fydd yn ôl.",
  server_error: "Methodd y gweinydd: ni newidiodd dim.",
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
    title: "Cyflymder",
    setting: {
      between_hands: "Saib rhwng llawiau (eil)",
      wait_for_ready: "Llaw nesaf pan fydd pawb yn barod",
    },
    hint: "Mae'r cyflymder yn newid o'r saib nesaf rhwng llawiau.",
    bounds: "Mae'r saib rhwng llawiau rhwng 0 a 60 eiliad.",
    ready: "Yn barod am y llaw nesaf",
    readyDone: "Rydych chi'n barod; yn aros am y lleill.",
    waiting: (names) => `Llaw nesaf pan fydd pawb yn barod: yn aros am ${names}.`,
    orClock: (secs) => `fan bellaf mewn ${chips(secs)} eil`,
    sound: "Synau'r bwrdd",
  },
  home: {
    // the bot levels by name (a bot of another kind keeps its own name)
    levels: { easy: "Hawdd", medium: "Canolig", hard: "Anodd", expert: "Arbenigol", lesson: "Gwers" },
    noBots: "Does dim bot ar gael.",
    needName: "Rhowch enw i'r bwrdd.",
    needHost: "Dywedwch eich enw wrth y lleill.",
    seats: "Mae gan fwrdd 2 i 10 sedd.",
    tooManyBots: (bots, seats) => `Mae lle i ${chips(bots)} bot ar y mwyaf wrth ${chips(seats)} sedd (mae un yn eiddo i chi).`,
  },
  tools: {
    mute: "Tewi",
    unmute: "Dad-dewi",
    watching: (n) => `${chips(n)} yn gwylio.`,
    title: "Offer y bwrdd",
    hostTitle: "Offer y gwesteiwr",
    pause: "Oedi'r gêm",
    resume: "Ailddechrau'r gêm",
    pausedStatus: "Mae'r gwesteiwr wedi oedi'r gêm.",
    requests: "Yn gofyn am sedd",
    approve: "Gadael i mewn",
    refuse: "Gwrthod",
    seats: "Seddi",
    addBot: "Ychwanegu bot",
    botKind: "Math o fot",
    makeHost: "Gwneud yn westeiwr",
    remove: "Tynnu",
    removeConfirm: "Tynnu: siŵr?",
    settings: "Gosodiadau",
    settingsHint: "Mae'r betiau a'r amser troi yn newid rhwng dwylo.",
    save: "Cadw",
    setting: {
      small_bet: "Bet bach",
      big_bet: "Bet mawr",
      ante: "Ante",
      turn_seconds: "Amser troi (e)",
      rebuys: "Caniatáu ailbrynu",
      rebuy_limit: "Ailbrynu hyd at",
      approval: "Cymeradwyo chwaraewyr newydd",
      spectators: "Caniatáu gwylio",
    },
    sitOut: "Eistedd allan",
    sitIn: "Delio fi i mewn",
    standUp: "Codi",
    standUpConfirm: "Codi: siŵr?",
    rebuy: "Ailbrynu",
    topUp: "Ychwanegu",
    rebuyAmount: "Sglodion i'w prynu",
    bank: (s) => `Banc amser: ${chips(s)} e`,
    alertSound: "Sain pan ddaw fy nhro",
    alertTitle: "Fflachio teitl y tab",
    yourTurnTitle: "● Eich tro",
    pending: "Yn aros i'r gwesteiwr eich gadael i mewn.",
    fairHand: (n, c) => `Llaw ${chips(n)}: ymrwymiad yr hedyn ${c}…`,
    fairNext: (n, c) => `llaw ${chips(n)}: ymrwymiad y gweinydd ${c}…`,
    fairHelp: "Cymysgu teg y gellir ei brofi: pan ryddheir y cofnodion, mae palace-poker replay yn gwirio pob cymysgiad yn erbyn yr ymrwymiadau hyn.",
  },
  ledger: {
    title: "Cyfriflyfr",
    columns: ["Enw", "Prynwyd", "Ailbrynu", "Sglodion", "Canlyniad"],
    left: "(wedi gadael)",
    settle: "Setlo",
    pays: (payer, payee, n) => `Mae ${payer} yn talu ${chips(n)} i ${payee}`,
    csv: "Lawrlwytho'r cyfriflyfr (CSV)",
  },
  amount: "Codi o",
  attackWithRaise: (amount, pays) => `Ymosod gyda chodiad agoriadol o ${chips(amount)} (talu ${chips(pays)}):`,
  discardTitle: (min, max) => `Taflu ${range(min, max)} o'th filwyr`,
  trimTitle: (min, max) =>
    min > 0
      ? `Cei di gadw pum milwr ar y mwyaf: tafla ${range(min, max)}`
      : "Tocio: dewis y milwyr i'w taflu (neu ddim un)",
  discardSubmit: (n) => (n ? `Taflu ${cardCount(n)}` : "Taflu"),
  trimSubmit: (n) => (n ? `Taflu ${chips(n)}, cadw'r gweddill` : "Cadw nhw i gyd"),
  cancel: "Canslo",
  min: "lleiaf",
  max: "mwyaf",
  dismiss: "Cau",
  /** Players' words only: refusals in words, the reasons a control waits, the chat. */
  plain: {
    unknownError: "Gwrthododd y gweinydd hynny, ac ni newidiodd dim.",
    unreachable: "Nid oedd modd cyrraedd y gweinydd: gwiria'r cysylltiad a rho gynnig arall arni.",
    serverSaid: (label, sentence) => `${label} — ${sentence}`,
    range: (label, min, max) => `${label}: rho rif cyfan o ${chips(min)} i ${chips(max)}.`,
    missing: (label) => `${label}: mae'n wag, rho rif cyfan.`,
    bigBelowSmall: (small) => `Ni all y bet fawr fod yn llai na'r bet fach (${chips(small)}).`,
    stackTooSmall: (stack, need) =>
      `Ni all ${chips(stack)} o sglodion i ddechrau dalu'r ante a bet fach (${chips(need)} gyda'i gilydd): rho fwy o sglodion neu fetiau llai.`,
    shortStacks: (bets) =>
      `Dim ond ${chips(bets)} ${plural(bets, { one: "bet fach", two: "fet fach", other: "bet fach" })} yw'r sglodion i ddechrau: bydd chwaraewyr i mewn yn llwyr ar ôl ychydig o bryniadau.`,
    otherBots: "Botiau eraill",
    otherBotsHint: "Y botiau y gwneir y lefelau ohonynt, wrth eu henwau eu hunain.",
    paused: "Mae'r gwesteiwr wedi oedi'r gêm: daw dy ddewisiadau yn ôl pan fydd yn ailddechrau.",
    notYourTurn: (name) => `Mae ${name} yn penderfynu: daw dy ddewisiadau ar dy dro di.`,
    sending: "Wedi anfon: yn aros am ateb y bwrdd.",
    offline: "Dim cysylltiad: daw dy ddewisiadau yn ôl gyda'r cysylltiad.",
    startAlone: "Mae angen o leiaf ddau chwaraewr ar gêm: rhanna'r ddolen wahodd neu ychwanega fot.",
    foldFree: "Mae aros am ddim. Plygu beth bynnag a rhoi'r gorau i'r llaw hon?",
    foldYes: "Ie, plygu",
    foldNo: "Na, yn ôl",
    askFold: "Gofyn cyn i mi blygu pan fo aros am ddim",
    logTab: "Gêm",
    chatTab: "Sgwrs",
    unread: (n) => `${chips(n)} newydd`,
    noChat: "Dim negeseuon eto.",
  },
  closed: {
    4001: "cymerodd tab arall y sedd hon",
    4003: "nid yw'r dudalen hon ar wefan y bwrdd ei hun",
    4004: "nid oes bwrdd wrth y ddolen hon",
    4005: "nid oes gwylwyr wrth y bwrdd hwn",
  },
  page: {
    table: "Bwrdd",
    title: (name, yourTurn) => `${yourTurn ? "● " : ""}${name} · Poker Palas`,
    notSent: "Heb gysylltiad: ni anfonwyd y weithred.",
    offline: "Heb gysylltiad.",
    tokenRefused: "Ni dderbyniwyd tocyn dy sedd.",
    end: "Gorffen y gêm",
    endConfirm: "Gorffen go iawn? Clicia eto",
    anySeat: "Unrhyw sedd wag",
    noSeat: "Dim sedd wag",
    nameNeeded: "Dewis enw, os gweli di'n dda.",
    copied: (link) => `Copïwyd y ddolen wahodd: ${link}`,
    share: (link) => `Rhanna'r ddolen hon: ${link}`,
  },
  noOptions: "",
  you: "ti",
  empty: "sedd wag",
  seatLabel: (t) => `Sedd ${chips(seatNumber(t))}`,
  pot: "Pot",
  stock: "Dec tynnu",
  discardPile: "Pentwr taflu",
  stack: "Sglodion",
  inPot: "Yn y pot",
  soldiers: "Milwyr",
  banner: "Baner",
  palace: "Palas",
  badges: {
    dealer: "Deliwr",
    toAct: "I chwarae",
    battle: "Mewn brwydr",
    out: "Allan",
    allIn: "Y cyfan i mewn",
    disconnected: "All-lein",
    away: "I ffwrdd",
    bot: (kind) => `Bot: ${kind}`,
    busted: "Wedi methu",
    host: "Gwesteiwr",
  },
  battle: {
    title: "Brwydr",
    last: "Y frwydr olaf",
    vs: "yn ymosod ar",
    raises: (n) => `${chips(n)} ${plural(n, RAISE)}`,
    entry: (n) => `mynediad ${chips(n)}`,
    raised: (n) => `cododd ${chips(n)}`,
  },
  status: {
    connecting: "Yn cysylltu…",
    missing: "Nid oes bwrdd wrth y ddolen hon.",
    reconnecting: "Collwyd y cysylltiad; yn ailgysylltu…",
    retryClock: (s) => `cynnig nesaf mewn ${chips(s)} eil`,
    replaced: (m) => `Mae'r tab hwn wedi'i ddatgysylltu: ${m}`,
    waiting: (host) => (host ? "Yn aros: dechreua'r gêm pan fydd pawb yn eistedd." : "Yn aros i'r gwesteiwr ddechrau'r gêm."),
    yourTurn: "Dy benderfyniad di.",
    toAct: (name) => `Tro ${name}.`,
    nextHand: (soon) => (soon ? "Llaw drosodd." : "Yn delio…"),
    clock: (secs) => `⏱ ${chips(secs)} eil ar ôl`,
    nextHandClock: (secs) => `Llaw nesaf mewn ${chips(secs)} eil.`,
    over: (winner) => (winner !== null ? `Gêm drosodd: ${winner} sy'n ennill.` : "Mae'r gêm drosodd."),
    spectating: "Rwyt ti'n gwylio.",
    hand: (n) => `Llaw ${chips(n)}`,
  },
  /** The hand-history viewer (history.js, history.html). */
  history: {
    title: "Hanes y dwylo",
    titleOf: (name) => `Hanes y dwylo: ${name}`,
    hands: "Dwylo",
    loading: "Yn llwytho…",
    asPlayer: (name) => `Pob llaw fel y gwelodd ${name} hi. Dewis law, yna cama gyda ◀ ▶ neu'r bysellau saeth.`,
    asSpectator: "Pob llaw fel y gwelodd gwyliwr hi. Dewis law, yna cama gyda ◀ ▶ neu'r bysellau saeth.",
    none: "Nid oes llaw wedi'i delio eto.",
    failed: (why) => `Methwyd â llwytho'r hanes (${why}).`,
    hand: (n) => `Llaw ${chips(n)}`,
    inPlay: "yn cael ei chwarae",
    pick: "Dewis law ar y chwith.",
    back: "◀ Yn ôl",
    forward: "Ymlaen ▶",
    keys: "bysellau ← →; Home / End",
    step: (i, n) => `Cam ${chips(i)} o ${chips(n)}`,
    banner: "Baner",
    soldiers: "Milwyr",
    palace: "Palas",
    you: "ti",
    out: "allan",
    viewer: "Camu drwy'r dwylo",
    jsonl: "Fy nwylo (JSON Lines)",
    text: "Fy nwylo (testun)",
    records: "Cofnodion llawn",
    table: "Yn ôl i'r bwrdd",
    refused: (why) => `Gwrthodwyd: ${why}`,
  },
  language: "Iaith",
  html: {
    homeTitle: "Poker Palas: creu bwrdd",
    tagline: "Mae pob bet yn frwydr. Crea fwrdd, rhanna'i ddolen, a gad i fotiaid gymryd y seddi gwag.",
    createTitle: "Creu bwrdd",
    tableName: "Enw'r bwrdd",
    defaultTableName: "Gêm nos Wener",
    yourName: "Dy enw",
    stakes: "Betiau",
    smallBet: "Bet fach",
    bigBet: "Bet fawr",
    bigBetHint: "2 × bach",
    ante: "Ante",
    anteHint: "½ bach",
    startingStack: "Sglodion i ddechrau",
    betting: "Betio",
    limit: "Cyfyngiad",
    noLimit: "Dim terfyn",
    seatsAndClock: "Seddi a chloc",
    seats: "Seddi (2–10)",
    turnTime: "Amser tro (eiliadau)",
    recordsForAll: "Gadael i bob chwaraewr lawrlwytho cofnodion llawn y dwylo (pob cerdyn) pan fydd y gêm drosodd, nid fi yn unig",
    noTable: "Dim bwrdd wrth y ddolen hon",
    noTableHint: "Efallai bod y ddolen wedi'i theipio'n anghywir, neu na wnaed y bwrdd erioed ar y gweinydd hwn.",
    createTable: "Creu bwrdd",
    chat: "Sgwrs",
    chatHint: "Dywed rywbeth…",
    chatSend: "Anfon",
    approvalOption: "Gofyn i mi cyn i rywun gymryd sedd",
    rebuysOption: "Caniatáu ailbrynu ac ychwanegu",
    timeBank: "Banc amser (eiliadau y gêm)",
    botsTitle: "Botiaid yn y seddi gwag",
    botsHint: "Mae botiaid yn eistedd wrth dy ymyl; mae'r seddi eraill yn aros yn rhydd i'th ffrindiau.",
    createSubmit: "Creu'r bwrdd",
    howTitle: "Sut mae'n chwarae",
    how1: "Mae pawb yn talu ante, yn cael cerdyn *baner* wyneb i fyny o siwt iddyn nhw eu hunain a thri cherdyn *palas* wyneb i waered.",
    how2: "Ar dy dro: *prynu* milwr wyneb i fyny, *taflu* milwyr, *aros*, *plygu*, neu *ymosod* ar chwaraewr o siwt baner arall.",
    how3: "Brwydr: mae'r amddiffynnwr yn plygu, yn galw neu'n codi; ar alwad cymherir y ddwy law heb siwt baner y gwrthwynebydd, ac mae'r enillydd yn cipio baner a milwyr y collwr.",
    how4: "Pan fydd pawb yn aros neu'n taflu am rownd gyfan, y llaw orau sy'n cymryd y pot.",
    tableTitle: "Bwrdd Poker Palas",
    skip: "Neidio i'th opsiynau",
    home: "Hafan Poker Palas",
    controls: "Rheolyddion y bwrdd",
    start: "Dechrau'r gêm",
    back: "Rwy'n ôl",
    takeSeat: "Cymryd sedd",
    copyInvite: "Copïo'r ddolen wahodd",
    theTable: "Y bwrdd",
    yourArea: "Dy gardiau a'th opsiynau",
    log: "Cofnod",
    logLabel: "Popeth a ddigwyddodd",
    join: "Ymuno â",
    joinHint: "Dewis enw a sedd wag, neu dim ond gwylio.",
    seat: "Sedd",
    sitDown: "Eistedd",
    justWatch: "Gwylio yn unig",
  },
  // "Play against bots now" on the home page (quick.js): one click, no form
  quick: {
    title: "Chwarae yn erbyn botiaid nawr",
    hint: "Un clic: bwrdd i ti dy hun gyda botiaid, wedi’i ddelio ar unwaith.",
    level: "Lefel y botiaid",
    bots: "Botiaid",
    submit: "Chwarae nawr",
    tableName: "Ymarfer",
    defaultName: "Chwaraewr",
  },
};

export function seatNumber(t) {
  return t + 1;
}

/** A bot's kind in a sentence: "bot hawdd" (a level, its adjective after the noun), "bot random". */
function botKind(kind) {
  const levels = { easy: "hawdd", medium: "canolig", hard: "anodd", expert: "arbenigol", lesson: "gwers" };
  return `bot ${levels[kind] ?? kind}`;
}

function range(min, max) {
  if (min === max) return chips(min);
  if (min === 0) return `hyd at ${chips(max)}`;
  return `${chips(min)} i ${chips(max)}`;
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

// Each rank: the singular (after a numeral, as a name: "as uchel"), the plural, the
// plural after "o" and "dros" (soft mutation: o freninesau, dros ddeuoedd), and the
// singular after "i'r" (a feminine noun mutates after the article: i'r frenhines).
const RANK_WORDS = {
  2: ["dau", "deuoedd", "ddeuoedd", "dau"],
  3: ["tri", "trioedd", "drioedd", "tri"],
  4: ["pedwar", "pedwarau", "bedwarau", "pedwar"],
  5: ["pump", "pumpau", "bumpau", "pump"],
  6: ["chwech", "chwechau", "chwechau", "chwech"],
  7: ["saith", "seithau", "seithau", "saith"],
  8: ["wyth", "wythau", "wythau", "wyth"],
  9: ["naw", "nawiau", "nawiau", "naw"],
  T: ["deg", "degau", "ddegau", "deg"],
  J: ["jac", "jaciau", "jaciau", "jac"],
  Q: ["brenhines", "breninesau", "freninesau", "frenhines"],
  K: ["brenin", "brenhinoedd", "frenhinoedd", "brenin"],
  A: ["as", "asau", "asau", "as"],
};

/** "a" (and) before a word: "ac" before a vowel, and the aspirate mutation of c, p,
 * t ("a phedwarau"), which a person's name is spared ("a Catrin"). */
function andWelsh(word, mutate = true) {
  if (/^[aeiouwyâêîôûŵŷ]/i.test(word)) return `ac ${word}`;
  const aspirate = { c: "ch", p: "ph", t: "th" };
  const first = word.charAt(0);
  if (mutate && aspirate[first] && !/^(ch|ph|th)/.test(word)) return `a ${aspirate[first]}${word.slice(1)}`;
  return `a ${word}`;
}

/** A hand in words, from the server's {category, ranks}: "pâr o freninesau", "as uchel". */
export function handName(hand) {
  const [first, second] = (hand && hand.ranks) || [];
  const word = (r, i) => (RANK_WORDS[r] || [r, r, r, r])[i];
  const one = (r) => word(r, 0);
  const many = (r) => word(r, 1);
  const ofMany = (r) => word(r, 2);
  const theOne = (r) => word(r, 3);
  // "tri o", "pedwar o" agree with the rank: a queen (brenhines) is feminine.
  const count = (r, masculine, feminine) => (r === "Q" ? feminine : masculine);
  if (!first) return "dim cardiau";
  switch (hand.category) {
    case "high_card":
      return `${one(first)} uchel`;
    case "one_pair":
      return `pâr o ${ofMany(first)}`;
    case "two_pair":
      return `dau bâr, ${many(first)} ${andWelsh(many(second))}`;
    case "three_of_a_kind":
      return `${count(first, "tri", "tair")} o ${ofMany(first)}`;
    case "straight":
      return `rhediad i'r ${theOne(first)}`;
    case "flush":
      return `fflysh, ${one(first)} uchel`;
    case "full_house":
      return `tŷ llawn, ${many(first)} dros ${ofMany(second)}`;
    case "four_of_a_kind":
      return `${count(first, "pedwar", "pedair")} o ${ofMany(first)}`;
    case "straight_flush":
      return `rhediad fflysh i'r ${theOne(first)}`;
    default:
      return hand.category;
  }
}

/** Why a comparison went as it did (explain.js builds these from the server's
 * explanation: the hands as they fought). `suit` is a suit symbol (♣), `who` a name,
 * `you` whether that name is the viewer's (then "dy faner"). A hand is the object of
 * "dal" (to hold), which keeps it unmutated: "rwyt ti'n dal pâr o freninesau". */
export const EXPLAIN = {
  yourHand: "Dy law",
  holds: (hand) => `rwyt ti'n dal ${hand}`,
  against: (who, suit) => `yn erbyn ${who} (dim ${suit})`,
  holdAgainst: (hand) => `rwyt ti'n dal ${hand} yn eu herbyn`,
  struck: (suit, who, you) => `nid yw ${suit} yn cyfrif yn erbyn ${you ? `dy faner ${suit}` : `baner ${suit} ${who}`}`,
  side: (who, hand) => `${who}: ${hand}`,
  beats: (winner, loser) => `Mae ${winner} yn curo ${loser}.`,
  kickers: (hand) => `Mae'r ddau'n dal ${hand}: y cardiau eraill sy'n penderfynu, yr uchaf yn gyntaf.`,
  ownSuit: (a, countA, suitA, b, countB, suitB) =>
    `Dwylo cyfartal: mwy o gardiau o siwt eu baner eu hunain sy'n ennill (${a}: ${cardCount(countA)} ${suitA}, ${b}: ${cardCount(countB)} ${suitB}).`,
  tie: "Dwylo cyfartal a'r un nifer o gardiau o siwtiau eu baneri eu hunain: mae'n gyfartal.",
  suitDecided: "Y cardiau nad ydynt yn cyfrif a benderfynodd: pe bai pob cerdyn wedi cyfrif, byddai wedi mynd y ffordd arall.",
  quietRound: (a, b) => `Rownd dawel a dau ar ôl: mae ${a} ${andWelsh(b, false)} yn cael eu cymharu fel mewn brwydr, heb dalu dim mwy.`,
  showdown: "Gornest ar ôl rownd dawel: mae pob cerdyn yn cyfrif.",
  best: (names, hand) => `Y llaw orau: ${names} (${hand}).`,
  and: (names) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} ${andWelsh(names[names.length - 1], false)}`),
  lastCompared: "Y ddau olaf wedi'u cymharu",
  doesNotCount: "nid yw'n cyfrif",
};

/** "Learn to play": the guided first hand (lesson.js) and its button on the home page
 * (learn.js). `ada` and `bo` are the bots' names, `suit` a suit symbol (♦), `card` a
 * card as rank and suit symbol (5♠); `what` is one of the *Do sentences. */
export const LESSON = {
  title: "Dysgu chwarae",
  hint: "Llaw dan arweiniad yn erbyn dau fot: pob prif reol, mewn llai na phum munud.",
  start: "Dechrau’r wers",
  tableName: "Gwers",
  defaultName: "Chwaraewr",
  step: (n, total) => `cam ${formatNumber(n)} o ${formatNumber(total)}`,
  rules: "Rheolau",
  next: "Nesaf",
  only: (what) => `Yn y wers hon, ${what}`,
  readFirst: "darllena sut yr enillwyd y frwydr yn gyntaf, yna pwysa Nesaf.",
  buy: "Mae gen ti faner wyneb i fyny a thri cherdyn palas wyneb i waered: pryna filwr, cerdyn wyneb i fyny sy’n ymuno â’th law, am fet fach.",
  buyDo: "pryna filwr.",
  keep: "Ar ôl prynu rwyt ti’n dewis pa filwyr i’w cadw, pump ar y mwyaf: cadw dy filwr newydd drwy daflu dim.",
  keepDo: "cadw dy filwr newydd: paid â thaflu dim.",
  attack: (ada, bo) => `Mae ${ada} yn prynu milwr ac mae ${bo} yn aros, sy’n costio dim; yna ymosod ar ${bo}, sydd â baner o siwt wahanol i’th un di, gan dalu dy fynediad: bet fach am dy faner ac un am bob milwr.`,
  attackDo: (bo) => `ymosod ar ${bo}.`,
  call: (bo) => `Mae ${bo} wedi codi bet fawr: galw i’w chyfateb, ac mae’r alwad yn cau’r frwydr, felly cymherir y ddwy law.`,
  callDo: "galw.",
  excluded: (bo, suit) => `Enillaist ti am nad oes unrhyw gerdyn o siwt baner y gwrthwynebydd yn cyfrif mewn brwydr: mae cerdyn ${suit} ${bo} wedi’i groesi allan, a hebddo mae llaw ${bo} yn wannach na’th un di.`,
  capture: (bo, ada, card) => `Cipiaist faner a milwyr ${bo}, a ti sy’n dewis pa filwyr i’w cadw: tafla’r ${card}, gan nad oes unrhyw gerdyn o siwt baner ${ada} yn cyfrif yn erbyn ${ada}.`,
  captureDo: (card) => `tafla’r ${card} a chadw’r gweddill.`,
  stay: (ada) => `Mae ${ada} yn aros; arhosa dithau: pan fydd pawb sy’n dal yn y llaw wedi aros ers y prynu neu’r bet olaf, mae’r rownd yn dawel ac mae’r llaw yn dod i ben.`,
  stayDo: "aros.",
  end: (ada) => `Gyda dau chwaraewr ar ôl, daeth y rownd dawel i ben mewn cymhariaeth brwydr rhyngot ti ${andWelsh(ada, false)}, heb dalu dim mwy: dy law di oedd orau, felly ti gymerodd y pot.`,
  endLost: (ada, winner) => `Gyda dau chwaraewr ar ôl, daeth y rownd dawel i ben mewn cymhariaeth brwydr rhyngot ti ${andWelsh(ada, false)}, heb dalu dim mwy: llaw ${winner} oedd orau, felly ${winner} gymerodd y pot.`,
  doneTitle: "Rwyt ti wedi chwarae llaw gyfan",
  doneHint: "Chwarae ymlaen yn erbyn botiaid, neu greu bwrdd i’th ffrindiau.",
  playBots: "Chwarae yn erbyn botiaid nawr",
  createTable: "Creu bwrdd",
};
