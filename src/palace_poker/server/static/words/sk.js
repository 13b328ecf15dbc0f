// Slovenčina (Slovak): the language catalogue. Same names and shapes as en.js (the
// contract: docs/languages.md). The game's words are those of the Slovak rules page
// (banner, palác, vojak, bitka, útok, bank, zložiť, dorovnať, zvýšiť, zostať, kúpiť,
// odhodiť, odkladacia hromádka, doberací balíček).
//
// Slovak plurals have four categories: one (1 karta), few (2–4 karty), many
// (fractions: 1,5 karty) and other (0, 5+ kariet); `plural` picks the form.

export const LANG = "sk";
export const DIR = "ltr";

const NUMBERS = new Intl.NumberFormat(LANG);
const PLURALS = new Intl.PluralRules(LANG);

/** A number as this language writes it. */
export function formatNumber(n) {
  return typeof n === "number" ? NUMBERS.format(n) : `${n ?? ""}`;
}

/** The form of `forms` ({one, few, many, other}) that goes with the number n. */
export function plural(n, forms) {
  return forms[PLURALS.select(n)] ?? forms.other;
}

const RANKS = {
  2: "Dvojka", 3: "Trojka", 4: "Štvorka", 5: "Päťka", 6: "Šestka", 7: "Sedmička", 8: "Osmička",
  9: "Deviatka", T: "Desiatka", J: "Dolník", Q: "Dáma", K: "Kráľ", A: "Eso",
};
const SUITS = { s: "piky", h: "srdcia", d: "káry", c: "trefy" };
// A card is "eso pík": the suit in the genitive plural.
const SUITS_OF = { s: "pík", h: "sŕdc", d: "kár", c: "tref" };

export function cardName(card) {
  if (!card) return "karta lícom nadol";
  return `${RANKS[card[0]] || card[0]} ${SUITS_OF[card[1]] || card[1]}`;
}

export function suitName(suit) {
  return SUITS[suit] || suit;
}

const cards = (list) => ({ cards: list });
const chips = formatNumber;
const CARD = { one: "karta", few: "karty", many: "karty", other: "kariet" };
const CHIP = { one: "žetón", few: "žetóny", many: "žetónu", other: "žetónov" };
const RAISE = { one: "zvýšenie", few: "zvýšenia", many: "zvýšenia", other: "zvýšení" };
const SOLDIER_ACC = { one: "vojaka", few: "vojakov", many: "vojaka", other: "vojakov" };
const cardCount = (n) => `${chips(n)} ${plural(n, CARD)}`;

const ENDS = {
  last: "zostal jediný hráč",
  "same-suit": "zostávajúci hráči majú banner rovnakej farby a rozdelia si bank",
  showdown: "showdown po tichom kole",
  tie: "poslední dvaja remizujú a rozdelia si bank",
};

const OUT_REASONS = { fold: "zložil", battle: "prehral bitku", tie: "remizoval bitku" };

// Each pile shuffled, with the verb agreeing with its gender and number.
const SHUFFLED = {
  deck: "Balíček ({n}) je zamiešaný.",
  "set-aside": "Odložené karty ({n}) sú zamiešané.",
  stock: "Doberací balíček ({n}) je zamiešaný.",
  discard: "Odkladacia hromádka ({n}) je zamiešaná.",
};

/** Engine events (wire form), one function each; null: not worth a line. */
export const EVENTS = {
  ante_posted: (e, { who }) => [
    `${who(e.seat)} platí ante ${chips(e.amount)}`, e.all_in ? " a je all-in." : ".",
  ],
  cards_shuffled: (e) =>
    e.what === "deck"
      ? null
      : [(SHUFFLED[e.what] || `${e.what} ({n}): zamiešané.`).replace("{n}", cardCount(e.size))],
  banner_card_set_aside: (e, { who }) => [
    `${who(e.seat)} dostáva `, cards([e.card]), ": farba je obsadená, karta sa odkladá.",
  ],
  banner_dealt: (e, { who }) => [`${who(e.seat)} má banner `, cards([e.card]), "."],
  palace_dealt: (e, { who, mine }) =>
    e.cards && e.cards.length
      ? [mine(e.seat) ? "Tvoje palácové karty: " : `Palác hráča ${who(e.seat)}: `, cards(e.cards), "."]
      : [`${who(e.seat)} dostáva tri palácové karty.`],
  turn_started: (e, { who, mine }) => [mine(e.seat) ? "Si na ťahu." : `Na ťahu je ${who(e.seat)}.`],
  soldier_bought: (e, { who }) => [
    `${who(e.seat)} kupuje `, cards([e.card]), ` za ${chips(e.cost)}.`,
  ],
  soldiers_discarded: (e, { who }) => {
    if (!e.cards.length) return e.trim ? [`${who(e.seat)} si necháva všetkých vojakov.`] : null;
    return [`${who(e.seat)} ${e.trim ? "pri orezaní odhadzuje" : "odhadzuje"} `, cards(e.cards), "."];
  },
  stayed: (e, { who }) => [`${who(e.seat)} zostáva.`],
  folded: (e, { who }) => [`${who(e.seat)} ${e.in_battle ? "v bitke zloží karty" : "zloží karty"}.`],
  battle_started: (e, { who }) => [
    `⚔ ${who(e.attacker)} útočí na hráča ${who(e.defender)}: vstup ${chips(e.entry)}`,
    e.raise_by ? ` a zvyšuje o ${chips(e.raise_by)}.` : ".",
  ],
  battle_called: (e, { who }) => [`${who(e.seat)} dorovnáva (${chips(e.amount)}).`],
  battle_raised: (e, { who }) => [
    `${who(e.seat)} zvyšuje o ${chips(e.raise_by)} (platí ${chips(e.amount)}).`,
  ],
  chips_returned: (e, { who }) => [
    `${chips(e.amount)} ${plural(e.amount, CHIP)} bez dorovnania sa vracia hráčovi ${who(e.seat)}.`,
  ],
  battle_compared: (e, { who }) => {
    const [a, b] = e.seats;
    const parts = [];
    if (e.winner === null) parts.push(`${who(a)} a ${who(b)} remizujú bitku.`);
    else parts.push(`${who(e.winner)} vyhráva bitku proti hráčovi ${who(e.winner === a ? b : a)}.`);
    if (e.palaces && e.palaces.length === 2) {
      parts.push(` Palác hráča ${who(a)} `, cards(e.palaces[0]), `, hráča ${who(b)} `, cards(e.palaces[1]), ".");
    }
    return parts;
  },
  player_out: (e, { who }) => [`${who(e.seat)} vypadáva z rozdania (${OUT_REASONS[e.reason] || e.reason}).`],
  cards_captured: (e, { who }) => [
    `${who(e.seat)} získava `, cards(e.cards), ` od hráča ${who(e.from_seat)}.`,
  ],
  showdown_revealed: (e, { who }) => {
    const parts = ["Showdown:"];
    e.palaces.forEach(([seat, list], i) => {
      parts.push(`${i ? ";" : ""} ${who(seat)} `, cards(list));
    });
    parts.push(".");
    return parts;
  },
  pot_awarded: (e, { who }) => [`${who(e.seat)} berie ${chips(e.amount)}.`],
  hand_ended: (e) => [`Koniec rozdania: ${ENDS[e.end] || e.end}.`],
};

export function eventText(event, ctx) {
  const say = EVENTS[event.type];
  if (!say) return [`(${event.type})`];
  return say(event, ctx);
}

/** Log entries (the server's), one function each; `ctx.seatName(t)` names a table seat. */
export const ENTRIES = {
  created: (e) => [`Stôl ${quoted(e.name)} je vytvorený.`],
  seated: (e, { seatName }) => {
    const name = e.name ?? seatName(e.seat);
    if (e.bot) return [`${name} (${botKind(e.bot)}) si sadá na miesto ${chips(seatNumber(e.seat))}.`];
    return [`${name} si sadá na miesto ${chips(seatNumber(e.seat))}.`];
  },
  started: (e, { seatName }) => {
    const parts = ["Hra sa začína."];
    if (e.draw && e.draw.length) {
      e.draw.forEach((round, i) => {
        parts.push(i ? " Znova:" : " Karty ťahané o rozdávajúceho:");
        round.forEach(([seat, card], j) => {
          parts.push(`${j ? "," : ""} ${seatName(seat)} `, cards([card]));
        });
        parts.push(".");
      });
    }
    if (e.dealer !== undefined && e.dealer !== null) parts.push(` Prvý rozdáva ${seatName(e.dealer)}.`);
    return parts;
  },
  hand_started: (e) => [e.hand_number ? `Začína sa rozdanie ${chips(e.hand_number)}.` : "Začína sa rozdanie."],
  action: (e, { seatName }) => (e.by === "clock" ? timedOut(seatName(e.seat)) : null),
  hand_finished: (e, { seatName }) => {
    const parts = [e.hand_number ? `Rozdanie ${chips(e.hand_number)} sa skončilo.` : "Rozdanie sa skončilo."];
    if (e.stacks) {
      const list = Object.entries(e.stacks).map(([seat, n]) => `${seatName(Number(seat))} ${chips(n)}`);
      parts.push(` Žetóny: ${list.join(", ")}.`);
    }
    return parts;
  },
  game_over: (e, { seatName }) => {
    const why = e.reason === "host" ? " (ukončil ju hostiteľ)" : "";
    return e.winner !== null && e.winner !== undefined
      ? [`Koniec hry: vyhráva ${seatName(e.winner)}${why}.`]
      : [`Koniec hry${why}.`];
  },
  away: (e, { seatName }) => [`${seatName(e.seat)} je preč.`],
  back: (e, { seatName }) => [`${seatName(e.seat)} je späť.`],
  paused: () => ["Hostiteľ pozastavil hru."],
  resumed: () => ["Hostiteľ pokračuje v hre."],
  approved: (e, { seatName }) => [`${seatName(e.seat)} môže prisadnúť.`],
  refused: (e) => [`${e.name ?? "Hráč"} bol odmietnutý.`],
  removed: (e) => [`Hostiteľ odstránil hráča ${e.name ?? ""} (odniesol si ${chips(e.chips_taken ?? 0)} žet.).`],
  settings_changed: (e) => [`Hostiteľ zmenil nastavenia: ${settingList(e.changes)}.`],
  host_passed: (e, { seatName }) => [`${seatName(e.seat)} je teraz hostiteľ.`],
  sat_out: (e, { seatName }) => [`${seatName(e.seat)} vynecháva rozdania.`],
  sat_in: (e, { seatName }) => [`${seatName(e.seat)} znova hrá.`],
  stood_up: (e) => [`${e.name ?? "Hráč"} vstáva od stola s ${chips(e.chips_taken ?? 0)} žet.`],
  rebought: (e, { seatName }) => [`${seatName(e.seat)} dokupuje ${chips(e.chips)} žet.`],
  bank_used: (e, { seatName }) => [`${seatName(e.seat)} čerpá časovú rezervu (${chips(Math.round(e.seconds))} s).`],
  chat: (e, { seatName }) => [`${e.seat === null || e.seat === undefined ? `Divák ${chips(e.watcher)}` : e.name ?? seatName(e.seat)}: ${e.text}`],
  muted: (e, { seatName }) => [`Hostiteľ umlčal hráča ${seatName(e.seat)}.`],
  unmuted: (e, { seatName }) => [`Hostiteľ zrušil umlčanie hráča ${seatName(e.seat)}.`],
  ended: () => ["Hostiteľ ukončil hru."],
  // the pace between hands (a table that waits for everyone)
  ready: (e, { seatName }) => [`${seatName(e.seat)} dáva vedieť, že môže ísť ďalšie rozdanie.`],
  // the store was away: the clocks waited (docs/deploy.md)
  storage_back: (e) => [`Server nemohol ukladať ${chips(Math.round(e.seconds ?? 0))} s: hodiny medzitým stáli.`],
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
  return [`${seatLabel}: čas vypršal.`];
}

// ------------------------------------------------------------------ options

/** A button's label for an option; `amount` is the chosen no-limit amount. */
export function optionLabel(option, { who, amount = null }) {
  const pays = (n) => (n ? ` (${chips(n)})` : "");
  switch (option.verb) {
    case "buy":
      return `Kúpiť vojaka${pays(option.cost)}`;
    case "stay":
      return "Zostať";
    case "fold":
      return "Zložiť";
    case "call":
      return `Dorovnať${pays(option.cost)}`;
    case "raise":
      if (option.min_amount !== null) {
        return `Zvýšiť o ${chips(amount ?? option.min_amount)} (${chips(option.cost + (amount ?? option.min_amount))})`;
      }
      return `Zvýšiť${pays(option.cost)}`;
    case "bet":
      if (option.min_amount !== null) {
        return `Útok na ${who(option.target)} + zvýšiť o ${chips(amount ?? option.min_amount)} (${chips(option.cost + (amount ?? option.min_amount))})`;
      }
      return `Útok na ${who(option.target)}${pays(option.cost)}`;
    case "discard":
      return "Odhodiť vojakov…";
    case "trim":
      return "Vybrať vojakov, ktorých si nechám";
    default:
      return option.verb;
  }
}

// ------------------------------------------------------------------ errors

/** The server's error codes (palace_poker.errors.ERROR_CODES), one sentence each. */
export const ERRORS = {
  invalid_chat: "Správa v chate má 1 až 300 znakov obyčajného textu.",
  muted: "Hostiteľ vám pri tomto stole umlčal chat.",
  invalid_card: "To nie je karta.",
  invalid_suit: "To nie je farba.",
  invalid_hand_value: "To nie je hodnota kombinácie.",
  malformed_action: "Akcia nie je zapísaná tak, ako ju hra číta.",
  unknown_verb: "Taký ťah hra nepozná.",
  invalid_amount: "Suma musí byť kladné celé číslo.",
  invalid_seat: "Také miesto v tomto rozdaní nie je.",
  hand_over: "Rozdanie sa skončilo: ďalšie rozhodnutia neprijíma.",
  chance_due: "Teraz sa rozdáva karta, nie je to rozhodnutie hráča.",
  no_chance_due: "Teraz sa žiadna karta nerozdáva.",
  invalid_outcome: "Túto kartu v tomto kroku nemožno rozdať.",
  stale_version: "Rozdanie pokročilo skôr, než tvoja akcia dorazila: pozri sa znova.",
  invalid_index: "Taká udalosť v tomto rozdaní nie je.",
  malformed_event: "To nie je udalosť hry.",
  invalid_observation: "To nie je konzistentný pohľad na rozdanie.",
  invalid_wire: "Správa nie je vo formáte hry.",
  invalid_shuffle: "Toto miešanie nemožno použiť.",
  not_your_turn: "Nie si na ťahu.",
  illegal_action: "Tento ťah teraz nie je dovolený.",
  bad_target: "Na tohto hráča nemôžeš útočiť.",
  card_not_held: "Táto karta nie je jedným z tvojich vojakov.",
  duplicate_card: "Karta je uvedená dvakrát.",
  too_many_soldiers: "Môžeš si nechať najviac päť vojakov.",
  cannot_afford: "Na to nemáš dosť žetónov.",
  amount_out_of_bounds: "Suma je mimo povoleného rozsahu.",
  amount_not_allowed: "Suma je tu pevne daná, alebo chýba tam, kde sa musí zvoliť.",
  raise_cap: "Bitka už má najviac povolených zvýšení.",
  empty_stock: "Nemožno kúpiť kartu: doberací balíček aj odkladacia hromádka sú prázdne.",
  invalid_rules: "Nastavenie stávok je mimo rozsahu.",
  invalid_players: "Títo hráči alebo tieto žetóny nie sú dovolené.",
  unknown_bot: "Bot takého druhu neexistuje.",
  invalid_budget: "Rozpočet bota sú milisekundy (10ms) alebo počet simulácií (64).",
  invalid_bot: "Bot nemá také nastavenie.",
  invalid_arena: "Nastavenie arény je mimo rozsahu.",
  journal_mismatch: "Denník arény patrí inému zápasu.",
  journal_invalid: "Denník arény je poškodený alebo to nie je denník.",
  backend_unavailable: "Časť, ktorú server potrebuje, nie je nainštalovaná.",
  output_folder_missing: "Priečinok na zápis neexistuje.",
  output_is_directory: "Súbor na zápis je priečinok.",
  output_exists: "Súbor na zápis už existuje.",
  output_unwritable: "Súbor nemožno zapísať.",
  invalid_record: "Záznam rozdania je chybný.",
  shuffle_mismatch: "Zaznamenané miešanie nezodpovedá zamiešaným kartám.",
  shuffles_unused: "Záznam uvádza viac miešaní, než rozdanie použije.",
  record_incomplete: "Po poslednej akcii záznamu sa rozdanie neskončilo.",
  result_mismatch: "Výsledok záznamu sa líši od prehratého.",
  invalid_contribution: "Príspevok k spravodlivému semienku je chybný, alebo miesto prispelo dvakrát.",
  invalid_fair: "Dôkaz spravodlivosti je chybný.",
  fair_server_commitment: "Tajomstvo servera nezodpovedá jeho zverejnenému záväzku.",
  fair_seed: "Semienko nevyplýva z príspevkov a tajomstva servera.",
  fair_commitment: "Semienko nezodpovedá záväzku zverejnenému pri rozdaní.",
  fair_shuffle: "Miešanie nie je v poradí, ktoré dáva spravodlivé semienko.",
  invalid_settings: "Nastavenie stola je mimo rozsahu.",
  unknown_table: "Na tomto odkaze nie je žiadny stôl.",
  seat_taken: "Na tomto mieste už niekto sedí.",
  name_taken: "Niekto pri stole už má toto meno.",
  table_full: "Všetky miesta sú obsadené: môžeš sa pozerať.",
  game_started: "Hra sa už začala: miesta sa obsadzujú pred začiatkom.",
  game_not_started: "Hra sa ešte nezačala.",
  game_over: "Hra sa skončila.",
  too_few_players: "Hra potrebuje aspoň dvoch sediacich hráčov.",
  hand_in_play: "Práve prebieha rozdanie.",
  no_hand_in_play: "Neprebieha žiadne rozdanie.",
  not_in_hand: "Toto miesto nie je v rozdaní.",
  not_seated: "Najprv si sadni.",
  not_away: "Hráč nie je preč.",
  not_host: "Toto môže urobiť len hostiteľ.",
  invalid_token: "Token tvojho miesta nebol prijatý.",
  origin_refused: "Táto stránka nie je na vlastnej stránke stola: otvor stôl z jeho vlastného odkazu.",
  hello_first: "Spojenie musí začať pozdravom (hello).",
  malformed_message: "Server správe nerozumel.",
  message_too_large: "Správa je príliš veľká.",
  rate_limited: "Priveľa naraz: chvíľu počkaj a skús to znova.",
  game_not_over: "Hra sa ešte neskončila: úplné záznamy prídu na jej konci.",
  game_paused: "Hostiteľ hru pozastavil.",
  not_paused: "Hra nie je pozastavená.",
  no_request: "Žiadna žiadosť o miesto nečaká na hostiteľa.",
  no_rebuys: "Tento stôl nedovoľuje dokupovanie žetónov.",
  no_spectators: "Hostiteľ pri tomto stole vypol pozeranie.",
  no_time_bank: "Časová rezerva sa teraz nemôže spustiť.",
  already_ready: "Už ste dali vedieť, že ste pripravení.",
  sitting_out: "Hráč už vynecháva.",
  not_sitting_out: "Hráč nevynecháva.",
  storage_failed: "Server nemohol uložiť zmenu: nič sa nezmenilo, skús to znova.",
  storage_unavailable: "Server sa práve nevie spojiť so svojou databázou: nič sa nezmenilo. Hra bude pokračovať sama, keď bude databáza znova dostupná.",
  server_error: "Server zlyhal: nič sa nezmenilo.",
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
    title: "Tempo",
    setting: {
      between_hands: "Prestávka medzi rozdaniami (s)",
      wait_for_ready: "Ďalšie rozdanie, keď sú všetci pripravení",
    },
    hint: "Tempo sa zmení od najbližšej prestávky medzi rozdaniami.",
    bounds: "Prestávka medzi rozdaniami je 0 až 60 sekúnd.",
    ready: "Môže ísť ďalšie rozdanie",
    readyDone: "Dali ste vedieť; čaká sa na ostatných.",
    waiting: (names) => `Ďalšie rozdanie, keď sú všetci pripravení: čaká sa na ${names}.`,
    orClock: (secs) => `najneskôr o ${chips(secs)} s`,
    sound: "Zvuky stola",
  },
  home: {
    // the bot levels by name (a bot of another kind keeps its own name)
    levels: { easy: "Ľahký", medium: "Stredný", hard: "Ťažký", expert: "Expertný", lesson: "Výučbový" },
    noBots: "Nie sú k dispozícii žiadne boty.",
    needName: "Dajte stolu meno.",
    needHost: "Povedzte ostatným svoje meno.",
    seats: "Stôl má 2 až 10 miest.",
    tooManyBots: (bots, seats) => `Na ${chips(seats)} miest sa zmestí najviac ${chips(bots)} botov (jedno je vaše).`,
  },
  tools: {
    mute: "Umlčať",
    unmute: "Zrušiť umlčanie",
    watching: (n) => plural(n, { one: `Pozerá ${chips(n)} divák.`, few: `Pozerajú ${chips(n)} diváci.`, many: `Pozerá ${chips(n)} divákov.`, other: `Pozerá ${chips(n)} divákov.` }),
    title: "Nástroje stola",
    hostTitle: "Nástroje hostiteľa",
    pause: "Pozastaviť hru",
    resume: "Pokračovať v hre",
    pausedStatus: "Hostiteľ pozastavil hru.",
    requests: "Žiadajú o miesto",
    approve: "Pustiť",
    refuse: "Odmietnuť",
    seats: "Miesta",
    addBot: "Pridať bota",
    botKind: "Druh bota",
    makeHost: "Urobiť hostiteľom",
    remove: "Odstrániť",
    removeConfirm: "Odstrániť: naozaj?",
    settings: "Nastavenia",
    settingsHint: "Stávky a čas na ťah sa menia medzi rozdaniami.",
    save: "Uložiť",
    setting: {
      small_bet: "Malá stávka",
      big_bet: "Veľká stávka",
      ante: "Vstupná stávka (ante)",
      turn_seconds: "Čas na ťah (s)",
      rebuys: "Povoliť dokúpenie",
      rebuy_limit: "Dokúpiť najviac do",
      approval: "Schvaľovať nových hráčov",
      spectators: "Povoliť divákov",
    },
    sitOut: "Vynechať rozdania",
    sitIn: "Rozdávať mi znova",
    standUp: "Vstať od stola",
    standUpConfirm: "Vstať: naozaj?",
    rebuy: "Dokúpiť",
    topUp: "Doplniť",
    rebuyAmount: "Žetóny na kúpu",
    bank: (s) => `Časová rezerva: ${chips(s)} s`,
    alertSound: "Zvuk, keď som na ťahu",
    alertTitle: "Blikať názvom karty",
    yourTurnTitle: "● Ste na ťahu",
    pending: "Čaká sa, kým vás hostiteľ pustí.",
    fairHand: (n, c) => `Rozdanie ${chips(n)}: záväzok semena ${c}…`,
    fairNext: (n, c) => `rozdanie ${chips(n)}: záväzok servera ${c}…`,
    fairHelp: "Preukázateľne férové miešanie: keď sa záznamy zverejnia, palace-poker replay overí každé zamiešanie voči týmto záväzkom.",
  },
  ledger: {
    title: "Účtovná kniha",
    columns: ["Hráč", "Vklad", "Dokúpené", "Žetóny", "Výsledok"],
    left: "(odišiel)",
    settle: "Vyrovnanie",
    pays: (payer, payee, n) => `${payer} platí hráčovi ${payee} ${chips(n)}`,
    csv: "Stiahnuť účtovnú knihu (CSV)",
  },
  amount: "Zvýšiť o",
  attackWithRaise: (amount, pays) => `Útok s úvodným zvýšením o ${chips(amount)} (platíš ${chips(pays)}):`,
  discardTitle: (min, max) => `Odhoď ${range(min, max)} ${plural(max, SOLDIER_ACC)}`,
  trimTitle: (min, max) =>
    min > 0
      ? `Môžeš si nechať najviac päť vojakov: odhoď ${range(min, max)}`
      : "Orezanie: vyber vojakov na odhodenie (alebo žiadneho)",
  discardSubmit: (n) => (n ? `Odhodiť ${cardCount(n).replace(/karta$/, "kartu")}` : "Odhodiť"),
  trimSubmit: (n) => (n ? `Odhodiť ${chips(n)}, zvyšok nechať` : "Nechať všetkých"),
  cancel: "Zrušiť",
  min: "min.",
  max: "max.",
  dismiss: "Zavrieť",
  /** Players' words only: refusals in words, the reasons a control waits, the chat. */
  plain: {
    unknownError: "Server to odmietol a nič sa nezmenilo.",
    unreachable: "Server sa nepodarilo zastihnúť: skontroluj pripojenie a skús to znova.",
    serverSaid: (label, sentence) => `${label} – ${sentence}`,
    range: (label, min, max) => `${label}: zadaj celé číslo od ${chips(min)} do ${chips(max)}.`,
    missing: (label) => `${label}: chýba, zadaj celé číslo.`,
    bigBelowSmall: (small) => `Veľká stávka nemôže byť menšia ako malá stávka (${chips(small)}).`,
    stackTooSmall: (stack, need) =>
      `Žetóny na začiatok (${chips(stack)}) nestačia na ante a malú stávku (spolu ${chips(need)}): daj viac žetónov alebo menšie stávky.`,
    shortStacks: (bets) =>
      `Žetóny na začiatok vystačia len na ${chips(bets)} ${plural(bets, { one: "malú stávku", few: "malé stávky", many: "malej stávky", other: "malých stávok" })}: hráči budú po niekoľkých nákupoch all-in.`,
    otherBots: "Ďalšie boty",
    otherBotsHint: "Boty, z ktorých sú úrovne zložené, pod vlastnými menami.",
    paused: "Hostiteľ pozastavil hru: tvoje možnosti sa vrátia, keď bude hra pokračovať.",
    notYourTurn: (name) => `Rozhoduje ${name}: tvoje možnosti sa ukážu, keď budeš na ťahu.`,
    sending: "Odoslané: čaká sa na odpoveď stola.",
    offline: "Bez pripojenia: tvoje možnosti sa vrátia s pripojením.",
    startAlone: "Hra potrebuje aspoň dvoch hráčov: pošli odkaz s pozvánkou alebo pridaj bota.",
    foldFree: "Zostať je zadarmo. Aj tak zložiť a vzdať sa tohto rozdania?",
    foldYes: "Áno, zložiť",
    foldNo: "Nie, späť",
    askFold: "Opýtať sa pred zložením, keď je zostať zadarmo",
    logTab: "Hra",
    chatTab: "Rozhovor",
    unread: (n) => `${chips(n)} ${plural(n, { one: "nová", few: "nové", many: "novej", other: "nových" })}`,
    noChat: "Zatiaľ žiadne správy.",
  },
  closed: {
    4001: "toto miesto prevzala iná karta prehliadača",
    4003: "táto stránka nie je na vlastnej stránke stola",
    4004: "na tomto odkaze nie je žiadny stôl",
    4005: "pri tomto stole nie sú diváci povolení",
  },
  page: {
    table: "Stôl",
    title: (name, yourTurn) => `${yourTurn ? "● " : ""}${name} · Palácový poker`,
    notSent: "Bez spojenia: akcia nebola odoslaná.",
    offline: "Bez spojenia.",
    tokenRefused: "Token tvojho miesta nebol prijatý.",
    end: "Ukončiť hru",
    endConfirm: "Naozaj ukončiť? Klikni znova",
    anySeat: "Ľubovoľné voľné miesto",
    noSeat: "Žiadne voľné miesto",
    nameNeeded: "Vyber si meno, prosím.",
    copied: (link) => `Odkaz s pozvánkou skopírovaný: ${link}`,
    share: (link) => `Zdieľaj tento odkaz: ${link}`,
  },
  noOptions: "",
  you: "ty",
  empty: "voľné miesto",
  seatLabel: (t) => `Miesto ${chips(seatNumber(t))}`,
  pot: "Bank",
  stock: "Doberací balíček",
  discardPile: "Odkladacia hromádka",
  stack: "Žetóny",
  inPot: "V banku",
  soldiers: "Vojaci",
  banner: "Banner",
  palace: "Palác",
  badges: {
    dealer: "Rozdávajúci",
    toAct: "Na ťahu",
    battle: "V bitke",
    out: "Vypadol",
    allIn: "All-in",
    disconnected: "Odpojený",
    away: "Preč",
    bot: (kind) => `Bot: ${kind}`,
    busted: "Bez žetónov",
    host: "Hostiteľ",
  },
  battle: {
    title: "Bitka",
    last: "Posledná bitka",
    vs: "útočí na",
    raises: (n) => `${chips(n)} ${plural(n, RAISE)}`,
    entry: (n) => `vstup ${chips(n)}`,
    raised: (n) => `zvýšil o ${chips(n)}`,
  },
  status: {
    connecting: "Pripája sa…",
    missing: "Na tomto odkaze nie je žiadny stôl.",
    reconnecting: "Spojenie sa stratilo; znova sa pripája…",
    retryClock: (s) => `ďalší pokus o ${chips(s)} s`,
    replaced: (m) => `Táto karta prehliadača je odpojená: ${m}`,
    waiting: (host) => (host ? "Čaká sa: spusti hru, keď budú všetci sedieť." : "Čaká sa, kým hostiteľ spustí hru."),
    yourTurn: "Rozhoduješ ty.",
    toAct: (name) => `Na ťahu: ${name}.`,
    nextHand: (soon) => (soon ? "Koniec rozdania." : "Rozdáva sa…"),
    clock: (secs) => `⏱ zostáva ${chips(secs)} s`,
    nextHandClock: (secs) => `Ďalšie rozdanie o ${chips(secs)} s.`,
    over: (winner) => (winner !== null ? `Koniec hry: vyhráva ${winner}.` : "Hra sa skončila."),
    spectating: "Pozeráš sa.",
    hand: (n) => `Rozdanie ${chips(n)}`,
  },
  /** The hand-history viewer (history.js, history.html). */
  history: {
    title: "História rozdaní",
    titleOf: (name) => `História rozdaní: ${name}`,
    hands: "Rozdania",
    loading: "Načítava sa…",
    asPlayer: (name) => `Každé rozdanie tak, ako ho videl hráč ${name}. Vyber rozdanie a krokuj pomocou ◀ ▶ alebo šípok.`,
    asSpectator: "Každé rozdanie tak, ako ho videl divák. Vyber rozdanie a krokuj pomocou ◀ ▶ alebo šípok.",
    none: "Ešte sa nerozdávalo.",
    failed: (why) => `Históriu sa nepodarilo načítať (${why}).`,
    hand: (n) => `Rozdanie ${chips(n)}`,
    inPlay: "prebieha",
    pick: "Vyber rozdanie vľavo.",
    back: "◀ Späť",
    forward: "Ďalej ▶",
    keys: "klávesy ← →; Home / End",
    step: (i, n) => `Krok ${chips(i)} z ${chips(n)}`,
    banner: "Banner",
    soldiers: "Vojaci",
    palace: "Palác",
    you: "ty",
    out: "vypadol",
    viewer: "Prechádzať rozdania",
    jsonl: "Moje rozdania (JSON Lines)",
    text: "Moje rozdania (text)",
    records: "Úplné záznamy",
    table: "Späť k stolu",
    refused: (why) => `Odmietnuté: ${why}`,
  },
  language: "Jazyk",
  html: {
    homeTitle: "Palácový poker: vytvor stôl",
    tagline: "Každá stávka je bitka. Vytvor stôl, zdieľaj jeho odkaz a nechaj boty obsadiť voľné miesta.",
    createTitle: "Vytvoriť stôl",
    tableName: "Názov stola",
    defaultTableName: "Piatková hra",
    yourName: "Tvoje meno",
    stakes: "Stávky",
    smallBet: "Malá stávka",
    bigBet: "Veľká stávka",
    bigBetHint: "2 × malá",
    ante: "Ante",
    anteHint: "½ malej",
    startingStack: "Žetóny na začiatok",
    betting: "Stávkovanie",
    limit: "Limit",
    noLimit: "Bez limitu",
    seatsAndClock: "Miesta a čas",
    seats: "Miesta (2–10)",
    turnTime: "Čas na ťah (sekundy)",
    recordsForAll: "Po skončení hry nechať každého hráča stiahnuť úplné záznamy rozdaní (všetky karty), nielen mňa",
    noTable: "Na tomto odkaze nie je žiadny stôl",
    noTableHint: "Odkaz je možno preklepnutý, alebo stôl na tomto serveri nikdy nevznikol.",
    createTable: "Vytvoriť stôl",
    chat: "Rozhovor",
    chatHint: "Napíš niečo…",
    chatSend: "Odoslať",
    approvalOption: "Opýtať sa ma, kým si niekto prisadne",
    rebuysOption: "Povoliť dokúpenie a doplnenie",
    timeBank: "Časová rezerva (sekundy na hru)",
    botsTitle: "Boty na voľných miestach",
    botsHint: "Boty sedia vedľa teba; ostatné miesta zostávajú voľné pre tvojich priateľov.",
    createSubmit: "Vytvoriť stôl",
    howTitle: "Ako sa hrá",
    how1: "Každý zloží ante, dostane *bannerovú* kartu lícom nahor vlastnej farby a tri *palácové* karty lícom nadol.",
    how2: "Na ťahu: *kúpiť* vojaka lícom nahor, *odhodiť* vojakov, *zostať*, *zložiť* alebo *zaútočiť* na hráča s bannerom inej farby.",
    how3: "Bitka: obranca zloží, dorovná alebo zvýši; pri dorovnaní sa obe kombinácie porovnajú bez farby súperovho bannera a víťaz získa banner a vojakov porazeného.",
    how4: "Keď všetci celé kolo zostanú alebo odhadzujú, bank berie najlepšia kombinácia.",
    tableTitle: "Stôl Palácového pokru",
    skip: "Preskočiť na tvoje možnosti",
    home: "Domov Palácového pokru",
    controls: "Ovládanie stola",
    start: "Spustiť hru",
    back: "Som späť",
    takeSeat: "Sadnúť si",
    copyInvite: "Kopírovať odkaz s pozvánkou",
    theTable: "Stôl",
    yourArea: "Tvoje karty a možnosti",
    log: "Záznam",
    logLabel: "Všetko, čo sa stalo",
    join: "Pripojiť sa:",
    joinHint: "Vyber si meno a voľné miesto, alebo sa len pozeraj.",
    seat: "Miesto",
    sitDown: "Sadnúť si",
    justWatch: "Len sa pozerať",
  },
  // "Play against bots now" on the home page (quick.js): one click, no form
  quick: {
    title: "Hrať hneď proti botom",
    hint: "Jedno kliknutie: vlastný stôl s botmi, karty sa rozdajú hneď.",
    level: "Úroveň botov",
    bots: "Boty",
    submit: "Hrať hneď",
    tableName: "Tréning",
    defaultName: "Hráč",
  },
};

export function seatNumber(t) {
  return t + 1;
}

/** A bot's kind in a sentence: "ľahký bot" (a level, an adjective), "bot random" (a name). */
function botKind(kind) {
  const levels = { easy: "ľahký", medium: "stredný", hard: "ťažký", expert: "expertný", lesson: "výučbový" };
  return levels[kind] ? `${levels[kind]} bot` : `bot ${kind}`;
}

function range(min, max) {
  if (min === max) return chips(min);
  if (min === 0) return `najviac ${chips(max)}`;
  return `${chips(min)} až ${chips(max)}`;
}

function quoted(text) {
  return text ? `„${text}“` : "";
}

/** A host's settings change in words: each name as UI.tools.setting has it. */
function settingList(changes) {
  const names = { ...UI.tools.setting, ...UI.pace.setting, rebuy_to: UI.tools.setting.rebuy_limit };
  return Object.entries(changes || {})
    .map(([key, value]) => `${names[key] ?? key} ${typeof value === "boolean" ? (value ? "✓" : "✗") : chips(value)}`)
    .join(", ");
}

// ------------------------------------------------------------------ explanations

// Each rank: the nominative ("najvyššia karta eso"), the genitive singular ("postupka
// do esa") and the genitive plural ("pár es", "trojica dám").
const RANK_WORDS = {
  2: ["dvojka", "dvojky", "dvojok"],
  3: ["trojka", "trojky", "trojok"],
  4: ["štvorka", "štvorky", "štvoriek"],
  5: ["päťka", "päťky", "päťiek"],
  6: ["šestka", "šestky", "šestiek"],
  7: ["sedmička", "sedmičky", "sedmičiek"],
  8: ["osmička", "osmičky", "osmičiek"],
  9: ["deviatka", "deviatky", "deviatok"],
  T: ["desiatka", "desiatky", "desiatok"],
  J: ["dolník", "dolníka", "dolníkov"],
  Q: ["dáma", "dámy", "dám"],
  K: ["kráľ", "kráľa", "kráľov"],
  A: ["eso", "esa", "es"],
};

/** A hand in words, from the server's {category, ranks}, in the nominative: "pár dám",
 * "najvyššia karta eso". The sentences of EXPLAIN keep a hand in the nominative (after a
 * colon, a dash or "ako"), so that one form serves them all. */
export function handName(hand) {
  const [first, second] = (hand && hand.ranks) || [];
  const word = (r, i) => (RANK_WORDS[r] || [r, r, r])[i];
  const one = (r) => word(r, 0);
  const ofOne = (r) => word(r, 1);
  const ofMany = (r) => word(r, 2);
  if (!first) return "žiadne karty";
  switch (hand.category) {
    case "high_card":
      return `najvyššia karta ${one(first)}`;
    case "one_pair":
      return `pár ${ofMany(first)}`;
    case "two_pair":
      return `dva páry, ${ofMany(first)} a ${ofMany(second)}`;
    case "three_of_a_kind":
      return `trojica ${ofMany(first)}`;
    case "straight":
      return `postupka do ${ofOne(first)}`;
    case "flush":
      return `farba do ${ofOne(first)}`;
    case "full_house":
      return `full house, trojica ${ofMany(first)} a pár ${ofMany(second)}`;
    case "four_of_a_kind":
      return `štvorica ${ofMany(first)}`;
    case "straight_flush":
      return `farebná postupka do ${ofOne(first)}`;
    default:
      return hand.category;
  }
}

/** A sentence's first letter in capitals (a hand's name opens a sentence). */
const explainCapital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Why a comparison went as it did (explain.js builds these from the server's
 * explanation: the hands as they fought). `suit` is a suit symbol (♣), `who` a name,
 * `you` whether that name is the viewer's (then "tvojmu banneru"). A name stays in the
 * nominative after "hráč" in its case ("proti hráčovi Bob"), as elsewhere in this file. */
export const EXPLAIN = {
  yourHand: "Tvoja kombinácia",
  holds: (hand) => `tvoja kombinácia: ${hand}`,
  against: (who, suit) => `proti hráčovi ${who} (bez ${suit})`,
  holdAgainst: (hand) => `tvoja kombinácia proti tomuto hráčovi: ${hand}`,
  struck: (suit, who, you) => `karty ${suit} sa nepočítajú proti ${you ? `tvojmu banneru ${suit}` : `banneru ${suit} hráča ${who}`}`,
  side: (who, hand) => `${who}: ${hand}`,
  beats: (winner, loser) => `${explainCapital(winner)} – vyššia kombinácia ako ${loser}.`,
  kickers: (hand) => `Na oboch stranách ${hand}: rozhodujú ostatné karty, od najvyššej.`,
  ownSuit: (a, countA, suitA, b, countB, suitB) =>
    `Rovnaké kombinácie: vyhráva ten, kto má viac kariet farby svojho bannera (${a}: ${cardCount(countA)} ${suitA}, ${b}: ${cardCount(countB)} ${suitB}).`,
  tie: "Rovnaké kombinácie a rovnako veľa kariet farby svojho bannera: remíza.",
  suitDecided: "Rozhodli karty, ktoré sa nepočítajú: keby sa počítala každá karta, dopadlo by to naopak.",
  quietRound: (a, b) => `Tiché kolo a zostali dvaja: ${a} a ${b} sa porovnajú ako v bitke, nič viac sa neplatí.`,
  showdown: "Showdown po tichom kole: počíta sa každá karta.",
  best: (names, hand) => `Najlepšia kombinácia: ${names} (${hand}).`,
  and: (names) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} a ${names[names.length - 1]}`),
  lastCompared: "Porovnanie posledných dvoch",
  doesNotCount: "nepočíta sa",
};

/** "Learn to play": the guided first hand (lesson.js) and its button on the home page
 * (learn.js). `ada` and `bo` are the bots' names, `suit` a suit symbol (♦), `card` a
 * card as rank and suit symbol (5♠); `what` is one of the *Do sentences. */
export const LESSON = {
  title: "Nauč sa hrať",
  hint: "Rozdanie so sprievodcom proti dvom botom: všetky hlavné pravidlá za menej ako päť minút.",
  start: "Začať lekciu",
  tableName: "Lekcia",
  defaultName: "Hráč",
  step: (n, total) => `krok ${formatNumber(n)} z ${formatNumber(total)}`,
  rules: "Pravidlá",
  next: "Ďalej",
  only: (what) => `V tejto lekcii ${what}`,
  readFirst: "si najprv prečítaj, ako sa bitka rozhodla, a potom stlač Ďalej.",
  buy: "Máš banner lícom nahor a tri palácové karty lícom nadol: za malú stávku si kúp vojaka, kartu lícom nahor, ktorá sa pridá k tvojim kartám.",
  buyDo: "si kúp vojaka.",
  keep: "Po kúpe si vyberáš, ktorých vojakov si necháš, najviac päť: nechaj si nového vojaka a nič neodhoď.",
  keepDo: "si nechaj nového vojaka: nič neodhoď.",
  attack: (ada, bo) => `${ada} si kupuje vojaka a ${bo} zostáva, čo nič nestojí; potom zaútoč na hráča ${bo}, ktorého banner má inú farbu ako tvoj, a zaplať vstup: malú stávku za banner a jednu za každého vojaka.`,
  attackDo: (bo) => `zaútoč na hráča ${bo}.`,
  call: (bo) => `${bo} zvyšuje o veľkú stávku: dorovnaj, a dorovnanie bitku uzavrie, takže sa obe kombinácie porovnajú.`,
  callDo: "dorovnaj.",
  excluded: (bo, suit) => `Bitka je tvoja, lebo v bitke sa nepočíta žiadna karta farby súperovho bannera: karta ${suit} hráča ${bo} je prečiarknutá a bez nej je kombinácia hráča ${bo} slabšia ako tvoja.`,
  capture: (bo, ada, card) => `Banner a vojaci hráča ${bo} sú teraz tvoji a vyberáš si, ktorých vojakov si necháš: odhoď ${card}, lebo žiadna karta farby bannera hráča ${ada} sa proti hráčovi ${ada} nepočíta.`,
  captureDo: (card) => `odhoď ${card} a ostatné si nechaj.`,
  stay: (ada) => `${ada} zostáva; zostaň aj ty: keď všetci, čo sú ešte v rozdaní, od poslednej kúpy alebo stávky zostali, kolo je tiché a rozdanie sa končí.`,
  stayDo: "zostaň.",
  end: (ada) => `Zostali dvaja hráči, a tak sa tiché kolo skončilo porovnaním ako v bitke medzi tebou a hráčom ${ada}, bez ďalšej platby: tvoja kombinácia bola lepšia, takže bank je tvoj.`,
  endLost: (ada, winner) => `Zostali dvaja hráči, a tak sa tiché kolo skončilo porovnaním ako v bitke medzi tebou a hráčom ${ada}, bez ďalšej platby: kombinácia hráča ${winner} bola lepšia, takže bank berie ${winner}.`,
  doneTitle: "Celé rozdanie máš za sebou",
  doneHint: "Hraj ďalej proti botom alebo vytvor stôl pre priateľov.",
  playBots: "Hrať hneď proti botom",
  createTable: "Vytvoriť stôl",
};
