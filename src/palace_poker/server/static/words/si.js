// සිංහල (Sinhala): the language catalogue. Same names and shapes as en.js (the
// contract: docs/languages.md). The game's words are those of the Sinhala rules page
// (බැනරය, මාලිගාව, සොල්දාදුවා, සටන, ප්‍රහාරය, බඳුන, නවන්න, අමතන්න, ඉහළ නංවන්න,
// රැඳී සිටින්න, මිලදී ගන්න, ඉවතලන්න, ඉවතලන ගොඩ), written with the zero-width
// joiner (U+200D) that rakaransaya and yansaya need, which the page's text lacks.
//
// Sinhala puts the count after the noun (කාඩ්පත් 3) and has two plural
// categories (one, other).

export const LANG = "si";
export const DIR = "ltr";

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
  2: "දෙක", 3: "තුන", 4: "හතර", 5: "පහ", 6: "හය", 7: "හත", 8: "අට",
  9: "නවය", T: "දහය", J: "ජැක්", Q: "රැජින", K: "රජු", A: "ආස්",
};
const SUITS = { s: "ඉස්කෝප්පු", h: "හාට්", d: "දියමන්ති", c: "කලාවර" };

export function cardName(card) {
  if (!card) return "මුහුණ පහළට ඇති කාඩ්පත";
  return `${SUITS[card[1]] || card[1]} ${RANKS[card[0]] || card[0]}`;
}

export function suitName(suit) {
  return SUITS[suit] || suit;
}

const cards = (list) => ({ cards: list });
const chips = formatNumber;
const CARD = { one: "කාඩ්පත්", other: "කාඩ්පත්" };
const cardCount = (n) => `${plural(n, CARD)} ${chips(n)}`;

const ENDS = {
  last: "ඉතිරිව සිටින්නේ එක් ක්‍රීඩකයෙකු පමණි",
  "same-suit": "ඉතිරි ක්‍රීඩකයන්ට එකම බැනර් ඇඳුම ඇති බැවින් ඔවුන් බඳුන බෙදා ගනී",
  showdown: "නිහඬ වටයකට පසු සංදර්ශනය",
  tie: "අවසන් දෙදෙනා සම වී බඳුන බෙදා ගනී",
};

const OUT_REASONS = { fold: "නැවූ", battle: "සටනක් පැරදුණි", tie: "සටනක් සම විය" };

const SHUFFLED = {
  deck: "තට්ටුව",
  "set-aside": "පසෙකට තැබූ කාඩ්පත්",
  stock: "ඇදීමේ තට්ටුව",
  discard: "ඉවතලන ගොඩ",
};

/** Engine events (wire form), one function each; null: not worth a line. */
export const EVENTS = {
  ante_posted: (e, { who }) => [
    `${who(e.seat)} ඇන්ටේ ලෙස ${chips(e.amount)} තබයි`, e.all_in ? ", සියලු චිප්ස් බඳුනට." : ".",
  ],
  cards_shuffled: (e) =>
    e.what === "deck" ? null : [`${SHUFFLED[e.what] || e.what} (${cardCount(e.size)}) කලවම් කෙරේ.`],
  banner_card_set_aside: (e, { who }) => [
    `${who(e.seat)}ට `, cards([e.card]), " ලැබේ: එම ඇඳුම දැනටමත් ගෙන ඇත, පසෙකට තබයි.",
  ],
  banner_dealt: (e, { who }) => [`${who(e.seat)} `, cards([e.card]), " බැනරය ඔසවයි."],
  palace_dealt: (e, { who, mine }) =>
    e.cards && e.cards.length
      ? [mine(e.seat) ? "ඔබේ මාලිගා කාඩ්පත්: " : `${who(e.seat)}ගේ මාලිගාව: `, cards(e.cards), "."]
      : [`${who(e.seat)}ට මාලිගා කාඩ්පත් තුනක් ලැබේ.`],
  turn_started: (e, { who, mine }) => [mine(e.seat) ? "ඔබේ වාරය." : `${who(e.seat)}ගේ වාරය.`],
  soldier_bought: (e, { who }) => [
    `${who(e.seat)} `, cards([e.card]), ` ${chips(e.cost)}කට මිලදී ගනී.`,
  ],
  soldiers_discarded: (e, { who }) => {
    if (!e.cards.length) return e.trim ? [`${who(e.seat)} සියලු සොල්දාදුවන් තබා ගනී.`] : null;
    return [`${who(e.seat)} `, cards(e.cards), e.trim ? " කප්පාදු කර ඉවතලයි." : " ඉවතලයි."];
  },
  stayed: (e, { who }) => [`${who(e.seat)} රැඳී සිටියි.`],
  folded: (e, { who }) => [`${who(e.seat)} ${e.in_battle ? "සටනේදී " : ""}නවයි.`],
  battle_started: (e, { who }) => [
    `⚔ ${who(e.attacker)} ${who(e.defender)}ට ප්‍රහාර කරයි: ඇතුළත් ඔට්ටුව ${chips(e.entry)}`,
    e.raise_by ? `, ${chips(e.raise_by)}කින් ඉහළ නංවයි.` : ".",
  ],
  battle_called: (e, { who }) => [`${who(e.seat)} අමතයි (${chips(e.amount)}).`],
  battle_raised: (e, { who }) => [
    `${who(e.seat)} ${chips(e.raise_by)}කින් ඉහළ නංවයි (${chips(e.amount)} ගෙවයි).`,
  ],
  chips_returned: (e, { who }) => [`නොගැලපුණු චිප්ස් ${chips(e.amount)} ${who(e.seat)}ට ආපසු යයි.`],
  battle_compared: (e, { who }) => {
    const [a, b] = e.seats;
    const parts = [];
    if (e.winner === null) parts.push(`${who(a)} සහ ${who(b)} සටන සම කරයි.`);
    else parts.push(`${who(e.winner)} ${who(e.winner === a ? b : a)}ට එරෙහි සටන දිනයි.`);
    if (e.palaces && e.palaces.length === 2) {
      parts.push(` ${who(a)}ගේ මාලිගාව `, cards(e.palaces[0]), `, ${who(b)}ගේ `, cards(e.palaces[1]), ".");
    }
    return parts;
  },
  player_out: (e, { who }) => [`${who(e.seat)} අතින් ඉවත් වේ (${OUT_REASONS[e.reason] || e.reason}).`],
  cards_captured: (e, { who }) => [
    `${who(e.seat)} ${who(e.from_seat)}ගෙන් `, cards(e.cards), " අල්ලා ගනී.",
  ],
  showdown_revealed: (e, { who }) => {
    const parts = ["සංදර්ශනය:"];
    e.palaces.forEach(([seat, list], i) => {
      parts.push(`${i ? ";" : ""} ${who(seat)} `, cards(list));
    });
    parts.push(".");
    return parts;
  },
  pot_awarded: (e, { who }) => [`${who(e.seat)} ${chips(e.amount)} ගනී.`],
  hand_ended: (e) => [`අත අවසන්: ${ENDS[e.end] || e.end}.`],
};

export function eventText(event, ctx) {
  const say = EVENTS[event.type];
  if (!say) return [`(${event.type})`];
  return say(event, ctx);
}

/** Log entries (the server's), one function each; `ctx.seatName(t)` names a table seat. */
export const ENTRIES = {
  created: (e) => [`${quoted(e.name)} මේසය සාදන ලදී.`.trim()],
  seated: (e, { seatName }) => {
    const name = e.name ?? seatName(e.seat);
    if (e.bot) return [`${name} (${botKind(e.bot)}) අසුන ${chips(seatNumber(e.seat))} ගනී.`];
    return [`${name} අසුන ${chips(seatNumber(e.seat))}හි වාඩි වේ.`];
  },
  started: (e, { seatName }) => {
    const parts = ["ක්‍රීඩාව ආරම්භ වේ."];
    if (e.draw && e.draw.length) {
      e.draw.forEach((round, i) => {
        parts.push(i ? " නැවතත්:" : " බෙදාහරින්නා තෝරීමට ඇදි කාඩ්පත්:");
        round.forEach(([seat, card], j) => {
          parts.push(`${j ? "," : ""} ${seatName(seat)} `, cards([card]));
        });
        parts.push(".");
      });
    }
    if (e.dealer !== undefined && e.dealer !== null) parts.push(` ${seatName(e.dealer)} පළමුව බෙදයි.`);
    return parts;
  },
  hand_started: (e) => [e.hand_number ? `අත ${chips(e.hand_number)} ආරම්භ වේ.` : "අතක් ආරම්භ වේ."],
  action: (e, { seatName }) => (e.by === "clock" ? timedOut(seatName(e.seat)) : null),
  hand_finished: (e, { seatName }) => {
    const parts = [e.hand_number ? `අත ${chips(e.hand_number)} අවසන්.` : "අත අවසන්."];
    if (e.stacks) {
      const list = Object.entries(e.stacks).map(([seat, n]) => `${seatName(Number(seat))} ${chips(n)}`);
      parts.push(` චිප්ස්: ${list.join(", ")}.`);
    }
    return parts;
  },
  game_over: (e, { seatName }) => {
    const why = e.reason === "host" ? " (සත්කාරකයා විසින් අවසන් කළා)" : "";
    return e.winner !== null && e.winner !== undefined
      ? [`ක්‍රීඩාව අවසන්: ${seatName(e.winner)} දිනයි${why}.`]
      : [`ක්‍රීඩාව අවසන්${why}.`];
  },
  away: (e, { seatName }) => [`${seatName(e.seat)} ඉවතට ගොස් ඇත.`],
  back: (e, { seatName }) => [`${seatName(e.seat)} ආපසු පැමිණියා.`],
  paused: () => ["සත්කාරකයා ක්‍රීඩාව නැවැත්වීය."],
  resumed: () => ["සත්කාරකයා ක්‍රීඩාව නැවත ආරම්භ කළේය."],
  approved: (e, { seatName }) => [`${seatName(e.seat)} ඇතුළට ගන්නා ලදී.`],
  refused: (e) => [`${e.name ?? "ක්‍රීඩකයෙක්"} ප්‍රතික්ෂේප කරන ලදී.`],
  removed: (e) => [`සත්කාරකයා ${e.name ?? "ක්‍රීඩකයෙක්"} ඉවත් කළේය (චිප්ස් ${chips(e.chips_taken ?? 0)} ක් රැගෙන).`],
  settings_changed: (e) => [`සත්කාරකයා සැකසුම් වෙනස් කළේය: ${settingList(e.changes)}.`],
  host_passed: (e, { seatName }) => [`${seatName(e.seat)} දැන් සත්කාරකයා වේ.`],
  sat_out: (e, { seatName }) => [`${seatName(e.seat)} ඉවතට වාඩි වේ.`],
  sat_in: (e, { seatName }) => [`${seatName(e.seat)} නැවත බෙදනු ලැබේ.`],
  stood_up: (e) => [`${e.name ?? "ක්‍රීඩකයෙක්"} චිප්ස් ${chips(e.chips_taken ?? 0)} ක් සමඟ නැගිටී.`],
  rebought: (e, { seatName }) => [`${seatName(e.seat)} චිප්ස් ${chips(e.chips)} ක් මිලදී ගනී.`],
  bank_used: (e, { seatName }) => [`${seatName(e.seat)} කාල බැංකුව භාවිත කරයි (තත්පර ${chips(Math.round(e.seconds))}).`],
  chat: (e, { seatName }) => [`${e.seat === null || e.seat === undefined ? `නරඹන්නා ${chips(e.watcher)}` : e.name ?? seatName(e.seat)}: ${e.text}`],
  muted: (e, { seatName }) => [`සත්කාරකයා ${seatName(e.seat)} නිහඬ කළේය.`],
  unmuted: (e, { seatName }) => [`සත්කාරකයා ${seatName(e.seat)} ගේ නිහඬ බව ඉවත් කළේය.`],
  ended: () => ["සත්කාරකයා ක්‍රීඩාව අවසන් කළේය."],
  // the pace between hands (a table that waits for everyone)
  ready: (e, { seatName }) => [`${seatName(e.seat)} ඊළඟ අතට සූදානම්.`],
  // the store was away: the clocks waited (docs/deploy.md)
  storage_back: (e) => [`සේවාදායකයට තත්පර ${chips(Math.round(e.seconds ?? 0))} ක් සුරැකිය නොහැකි විය: ඒ අතරතුර ඔරලෝසු නතර විය.`],
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
  return [`${seatLabel}ගේ කාලය අවසන්.`];
}

// ------------------------------------------------------------------ options

/** A button's label for an option; `amount` is the chosen no-limit amount. */
export function optionLabel(option, { who, amount = null }) {
  const pays = (n) => (n ? ` (${chips(n)})` : "");
  switch (option.verb) {
    case "buy":
      return `සොල්දාදුවෙකු මිලදී ගන්න${pays(option.cost)}`;
    case "stay":
      return "රැඳී සිටින්න";
    case "fold":
      return "නවන්න";
    case "call":
      return `අමතන්න${pays(option.cost)}`;
    case "raise":
      if (option.min_amount !== null) {
        return `${chips(amount ?? option.min_amount)}කින් ඉහළ නංවන්න (${chips(option.cost + (amount ?? option.min_amount))})`;
      }
      return `ඉහළ නංවන්න${pays(option.cost)}`;
    case "bet":
      if (option.min_amount !== null) {
        return `${who(option.target)}ට ප්‍රහාර කරන්න + ${chips(amount ?? option.min_amount)}කින් ඉහළ නංවන්න (${chips(option.cost + (amount ?? option.min_amount))})`;
      }
      return `${who(option.target)}ට ප්‍රහාර කරන්න${pays(option.cost)}`;
    case "discard":
      return "සොල්දාදුවන් ඉවතලන්න…";
    case "trim":
      return "තබා ගන්නා සොල්දාදුවන් තෝරන්න";
    default:
      return option.verb;
  }
}

// ------------------------------------------------------------------ errors

/** The server's error codes (palace_poker.errors.ERROR_CODES), one sentence each. */
export const ERRORS = {
  invalid_chat: "කතාබහ පණිවිඩයක් සරල පෙළ අකුරු 1 සිට 300 දක්වා වේ.",
  muted: "සත්කාරකයා මෙම මේසයේ ඔබේ කතාබහ නිහඬ කර ඇත.",
  invalid_card: "එය කාඩ්පතක් නොවේ.",
  invalid_suit: "එය ඇඳුමක් නොවේ.",
  invalid_hand_value: "එය අතක අගයක් නොවේ.",
  malformed_action: "ක්‍රියාව ක්‍රීඩාව කියවන ආකාරයට ලියා නැත.",
  unknown_verb: "ක්‍රීඩාවේ එවැනි පියවරක් නැත.",
  invalid_amount: "මුදල ධන පූර්ණ සංඛ්‍යාවක් විය යුතුය.",
  invalid_seat: "මෙම අතේ එවැනි අසුනක් නැත.",
  hand_over: "අත අවසන්: තවත් තීරණ ගත නොහැක.",
  chance_due: "දැන් බෙදිය යුත්තේ කාඩ්පතකි, ක්‍රීඩකයෙකුගේ තීරණයක් නොවේ.",
  no_chance_due: "දැන් බෙදිය යුතු කාඩ්පතක් නැත.",
  invalid_outcome: "මෙම පියවරේදී එම කාඩ්පත බෙදිය නොහැක.",
  stale_version: "ඔබේ ක්‍රියාව පැමිණීමට පෙර අත ඉදිරියට ගියේය: නැවත බලන්න.",
  invalid_index: "මෙම අතේ එවැනි සිදුවීමක් නැත.",
  malformed_event: "එය ක්‍රීඩාවේ සිදුවීමක් නොවේ.",
  invalid_observation: "එය අතක ස්ථාවර දසුනක් නොවේ.",
  invalid_wire: "පණිවිඩය ක්‍රීඩාවේ ආකෘතියේ නැත.",
  invalid_shuffle: "මෙම කලවම් කිරීම භාවිතා කළ නොහැක.",
  not_your_turn: "මෙය ඔබේ වාරය නොවේ.",
  illegal_action: "දැන් එම පියවරට අවසර නැත.",
  bad_target: "ඔබට එම ක්‍රීඩකයාට ප්‍රහාර කළ නොහැක.",
  card_not_held: "එම කාඩ්පත ඔබේ සොල්දාදුවෙකු නොවේ.",
  duplicate_card: "කාඩ්පතක් දෙවරක් නම් කර ඇත.",
  too_many_soldiers: "ඔබට තබා ගත හැක්කේ සොල්දාදුවන් පස් දෙනෙකු පමණි.",
  cannot_afford: "ඒ සඳහා ඔබට ප්‍රමාණවත් චිප්ස් නැත.",
  amount_out_of_bounds: "මුදල අවසර ලත් පරාසයෙන් පිටත ය.",
  amount_not_allowed: "මෙහි මුදල ස්ථිර ය, නැතහොත් තෝරාගත යුතු තැන එය නැත.",
  raise_cap: "සටනේ දැනටමත් අවසර ලත් උපරිම ඉහළ නැංවීම් ඇත.",
  empty_stock: "කාඩ්පතක් මිලදී ගත නොහැක: ඇදීමේ තට්ටුව සහ ඉවතලන ගොඩ හිස් ය.",
  invalid_rules: "ඔට්ටු සැකසුමක් පරාසයෙන් පිටත ය.",
  invalid_players: "එම ක්‍රීඩකයන්ට හෝ චිප්ස් ප්‍රමාණවලට අවසර නැත.",
  unknown_bot: "එවැනි වර්ගයක බොට් කෙනෙකු නැත.",
  invalid_budget: "බොට්ගේ අයවැය මිලිතත්පර (10ms) හෝ අනුකරණ ගණනකි (64).",
  invalid_bot: "බොට්ට එවැනි සැකසුමක් නැත.",
  invalid_arena: "ක්‍රීඩාංගණ සැකසුමක් පරාසයෙන් පිටත ය.",
  journal_mismatch: "ක්‍රීඩාංගණ සටහන් පොත වෙනත් තරඟයකට අයත් ය.",
  journal_invalid: "ක්‍රීඩාංගණ සටහන් පොත හානි වී ඇත, නැතහොත් එය සටහන් පොතක් නොවේ.",
  backend_unavailable: "සේවාදායකයට අවශ්‍ය කොටසක් ස්ථාපනය කර නැත.",
  output_folder_missing: "ලිවිය යුතු ෆෝල්ඩරය නොපවතී.",
  output_is_directory: "ලිවිය යුතු ගොනුව ෆෝල්ඩරයකි.",
  output_exists: "ලිවිය යුතු ගොනුව දැනටමත් පවතී.",
  output_unwritable: "ගොනුව ලිවිය නොහැක.",
  invalid_record: "අතේ වාර්තාව දෝෂ සහිත ය.",
  shuffle_mismatch: "වාර්තා කළ කලවම් කිරීම කලවම් කළ කාඩ්පත්වලට නොගැලපේ.",
  shuffles_unused: "අත භාවිත කරන ප්‍රමාණයට වඩා කලවම් කිරීම් වාර්තාවේ ඇත.",
  record_incomplete: "වාර්තාවේ අවසන් ක්‍රියාවෙන් පසුත් අත අවසන් නැත.",
  result_mismatch: "වාර්තාවේ ප්‍රතිඵලය නැවත ක්‍රීඩා කළ ප්‍රතිඵලයෙන් වෙනස් ය.",
  invalid_contribution: "සාධාරණ බීජයට දායකත්වයක් දෝෂ සහිත ය, නැතහොත් අසුනක් දෙවරක් දායක විය.",
  invalid_fair: "සාධාරණත්වයේ සාක්ෂිය දෝෂ සහිත ය.",
  fair_server_commitment: "සේවාදායකයේ රහස එය ප්‍රකාශ කළ බැඳීමට නොගැලපේ.",
  fair_seed: "බීජය දායකත්ව සහ සේවාදායකයේ රහසින් නොලැබේ.",
  fair_commitment: "බීජය බෙදීමේදී ප්‍රකාශ කළ බැඳීමට නොගැලපේ.",
  fair_shuffle: "කලවම් කිරීමක් සාධාරණ බීජය දෙන අනුපිළිවෙල නොවේ.",
  invalid_settings: "මේසයේ සැකසුමක් පරාසයෙන් පිටත ය.",
  unknown_table: "මෙම සබැඳියේ මේසයක් නැත.",
  seat_taken: "එම අසුනේ දැනටමත් ක්‍රීඩකයෙකු සිටී.",
  name_taken: "මේසයේ කෙනෙකුට දැනටමත් එම නම ඇත.",
  table_full: "සියලු අසුන් පිරී ඇත: ඒ වෙනුවට ඔබට නැරඹිය හැක.",
  game_started: "ක්‍රීඩාව ආරම්භ වී ඇත: අසුන් ගත යුත්තේ එය ආරම්භ වීමට පෙරය.",
  game_not_started: "ක්‍රීඩාව තවම ආරම්භ වී නැත.",
  game_over: "ක්‍රීඩාව අවසන් ය.",
  too_few_players: "ක්‍රීඩාවකට අවම වශයෙන් වාඩි වූ ක්‍රීඩකයන් දෙදෙනෙකු අවශ්‍ය ය.",
  hand_in_play: "අතක් ක්‍රීඩා වෙමින් පවතී.",
  no_hand_in_play: "ක්‍රීඩා වන අතක් නැත.",
  not_in_hand: "මෙම අසුනට අත බෙදා නැත.",
  not_seated: "පළමුව අසුනක් ගන්න.",
  not_away: "ක්‍රීඩකයා ඉවතට ගොස් නැත.",
  not_host: "මෙය කළ හැක්කේ සත්කාරකයාට පමණි.",
  invalid_token: "ඔබේ අසුනේ ටෝකනය පිළිගත්තේ නැත.",
  origin_refused: "මෙම පිටුව මේසයේම අඩවියේ නොවේ: මේසය එහිම සබැඳියෙන් විවෘත කරන්න.",
  hello_first: "සම්බන්ධතාවය hello පණිවිඩයකින් ආරම්භ විය යුතුය.",
  malformed_message: "සේවාදායකයට පණිවිඩය තේරුණේ නැත.",
  message_too_large: "පණිවිඩය ඉතා විශාල ය.",
  rate_limited: "එකවර වැඩියි: මොහොතක් රැඳී සිට නැවත උත්සාහ කරන්න.",
  game_not_over: "ක්‍රීඩාව තවම අවසන් නැත: සම්පූර්ණ වාර්තා එහි අවසානයේ ලැබේ.",
  game_paused: "සත්කාරකයා ක්‍රීඩාව විරාම කළේය.",
  not_paused: "ක්‍රීඩාව විරාම කර නැත.",
  no_request: "සත්කාරකයා එනතුරු බලා සිටින අසුන් ඉල්ලීමක් නැත.",
  no_rebuys: "මෙම මේසය නැවත මිලදී ගැනීමට හෝ චිප්ස් එකතු කිරීමට ඉඩ නොදේ.",
  no_spectators: "සත්කාරකයා මෙම මේසයේ නැරඹීම අක්‍රිය කර ඇත.",
  no_time_bank: "දැන් කාල බැංකුවක් ක්‍රියාත්මක කළ නොහැක.",
  already_ready: "ඔබ සූදානම් බව දැනටමත් කියා ඇත.",
  sitting_out: "ක්‍රීඩකයා දැනටමත් ක්‍රීඩාවෙන් පිටත වාඩි වී සිටී.",
  not_sitting_out: "ක්‍රීඩකයා ක්‍රීඩාවෙන් පිටත වාඩි වී නැත.",
  storage_failed: "සේවාදායකයට වෙනස සුරැකිය නොහැකි විය: කිසිවක් වෙනස් නොවීය, නැවත උත්සාහ කරන්න.",
  storage_unavailable: "සේවාදායකයට මේ මොහොතේ එහි දත්ත ගබඩාවට සම්බන්ධ විය නොහැක: කිසිවක් වෙනස් නොවීය. එය නැවත ලැබුණු විට ක්්‍රීඩාව ඉබේම නැවත ආරම්භ වේ.",
  server_error: "සේවාදායකය අසාර්ථක විය: කිසිවක් වෙනස් නොවීය.",
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
    title: "වේගය",
    setting: {
      between_hands: "අත් අතර විරාමය (තත්පර)",
      wait_for_ready: "සියලු දෙනා සූදානම් වූ විට ඊළඟ අත",
    },
    hint: "වේගය ඊළඟ අත් අතර විරාමයේ සිට වෙනස් වේ.",
    bounds: "අත් අතර විරාමය තත්පර 0 සිට 60 දක්වා වේ.",
    ready: "ඊළඟ අතට සූදානම්",
    readyDone: "ඔබ සූදානම්; අනෙක් අය එනතුරු රැඳී සිටිමින්.",
    waiting: (names) => `සියලු දෙනා සූදානම් වූ විට ඊළඟ අත: ${names} එනතුරු රැඳී සිටිමින්.`,
    orClock: (secs) => `උපරිම වශයෙන් තත්පර ${chips(secs)}කින්`,
    sound: "මේසයේ ශබ්ද",
  },
  home: {
    // the bot levels by name (a bot of another kind keeps its own name)
    levels: { easy: "පහසු", medium: "මධ්‍යම", hard: "අපහසු", expert: "ප්‍රවීණ", lesson: "පාඩම" },
    noBots: "බොට්ලා කිසිවෙක් නැත.",
    needName: "මේසයට නමක් දෙන්න.",
    needHost: "අනෙක් අයට ඔබේ නම කියන්න.",
    seats: "මේසයක අසුන් 2 සිට 10 දක්වා ඇත.",
    tooManyBots: (bots, seats) => `අසුන් ${chips(seats)} ක උපරිම බොට්ලා ${chips(bots)} දෙනෙකුට ඉඩ ඇත (එකක් ඔබේය).`,
  },
  tools: {
    mute: "නිහඬ කරන්න",
    unmute: "නිහඬ බව ඉවත් කරන්න",
    watching: (n) => `${chips(n)} දෙනෙක් නරඹයි.`,
    title: "මේස මෙවලම්",
    hostTitle: "සත්කාරක මෙවලම්",
    pause: "ක්‍රීඩාව නවත්වන්න",
    resume: "ක්‍රීඩාව නැවත අරඹන්න",
    pausedStatus: "සත්කාරකයා ක්‍රීඩාව තාවකාලිකව නවත්වා ඇත.",
    requests: "අසුනක් ඉල්ලන අය",
    approve: "ඇතුළට ගන්න",
    refuse: "ප්‍රතික්ෂේප කරන්න",
    seats: "අසුන්",
    addBot: "බොට් කෙනෙක් එක් කරන්න",
    botKind: "බොට් වර්ගය",
    makeHost: "සත්කාරක කරන්න",
    remove: "ඉවත් කරන්න",
    removeConfirm: "ඉවත් කරන්නද? විශ්වාසද?",
    settings: "සැකසුම්",
    settingsHint: "ඔට්ටු සහ වාර කාලය අත් අතර වෙනස් වේ.",
    save: "සුරකින්න",
    setting: {
      small_bet: "කුඩා ඔට්ටුව",
      big_bet: "විශාල ඔට්ටුව",
      ante: "ඇන්ටේ",
      turn_seconds: "වාර කාලය (තත්.)",
      rebuys: "නැවත මිලදී ගැනීමට ඉඩ දෙන්න",
      rebuy_limit: "නැවත මිලදී ගත හැකි උපරිමය",
      approval: "නව ක්‍රීඩකයින් අනුමත කරන්න",
      spectators: "නැරඹීමට ඉඩ දෙන්න",
    },
    sitOut: "ඉවතට වාඩි වන්න",
    sitIn: "මාව නැවත බෙදන්න",
    standUp: "නැගිටින්න",
    standUpConfirm: "නැගිටින්නද? විශ්වාසද?",
    rebuy: "නැවත මිලදී ගන්න",
    topUp: "පුරවන්න",
    rebuyAmount: "මිලදී ගන්නා චිප්ස්",
    bank: (s) => `කාල බැංකුව: තත්පර ${chips(s)}`,
    alertSound: "මගේ වාරයට ශබ්දයක්",
    alertTitle: "ටැබ් මාතෘකාව දැල්වීම",
    yourTurnTitle: "● ඔබේ වාරය",
    pending: "සත්කාරකයා ඔබව ඇතුළට ගන්නා තෙක් රැඳී සිටී.",
    fairHand: (n, c) => `අත ${chips(n)}: බීජ බැඳීම ${c}…`,
    fairNext: (n, c) => `අත ${chips(n)}: සේවාදායක බැඳීම ${c}…`,
    fairHelp: "ඔප්පු කළ හැකි සාධාරණ කලවම් කිරීම: වාර්තා නිකුත් කළ විට, palace-poker replay මෙම බැඳීම් අනුව සෑම කලවම් කිරීමක්ම පරීක්ෂා කරයි.",
  },
  ledger: {
    title: "ලෙජරය",
    columns: ["ක්‍රීඩකයා", "ගෙවූ මුදල", "නැවත ගත්", "චිප්ස්", "ප්‍රතිඵලය"],
    left: "(ඉවත් විය)",
    settle: "ගිණුම් සමථය",
    pays: (payer, payee, n) => `${payer} ${payee}ට ${chips(n)} ගෙවයි`,
    csv: "ලෙජරය බාගන්න (CSV)",
  },
  amount: "ඉහළ නැංවීම",
  attackWithRaise: (amount, pays) => `${chips(amount)} ආරම්භක ඉහළ නැංවීමක් සමඟ ප්‍රහාරය (${chips(pays)} ගෙවයි):`,
  discardTitle: (min, max) => `ඔබේ සොල්දාදුවන්ගෙන් ${range(min, max)} ඉවතලන්න`,
  trimTitle: (min, max) =>
    min > 0
      ? `ඔබට තබා ගත හැක්කේ සොල්දාදුවන් පස් දෙනෙකු පමණි: ${range(min, max)} ඉවතලන්න`
      : "කප්පාදුව: ඉවතලන සොල්දාදුවන් තෝරන්න (හෝ කිසිවෙකු නැත)",
  discardSubmit: (n) => (n ? `${cardCount(n)} ඉවතලන්න` : "ඉවතලන්න"),
  trimSubmit: (n) => (n ? `${chips(n)} ඉවතලා ඉතිරිය තබා ගන්න` : "සියල්ල තබා ගන්න"),
  cancel: "අවලංගු කරන්න",
  min: "අවම",
  max: "උපරිම",
  dismiss: "වසන්න",
  /** Players' words only: refusals in words, the reasons a control waits, the chat. */
  plain: {
    unknownError: "සේවාදායකය එය ප්‍රතික්ෂේප කළේය; කිසිවක් වෙනස් නොවීය.",
    unreachable: "සේවාදායකයට ළඟා විය නොහැකි විය: සම්බන්ධතාවය පරීක්ෂා කර නැවත උත්සාහ කරන්න.",
    serverSaid: (label, sentence) => `${label} — ${sentence}`,
    range: (label, min, max) => `${label} ${chips(min)} සිට ${chips(max)} දක්වා පූර්ණ සංඛ්‍යාවක් විය යුතුය.`,
    missing: (label) => `${label} හිස් ය: පූර්ණ සංඛ්‍යාවක් දෙන්න.`,
    bigBelowSmall: (small) => `විශාල ඔට්ටුව කුඩා ඔට්ටුවට (${chips(small)}) වඩා අඩු විය නොහැක.`,
    stackTooSmall: (stack, need) =>
      `ආරම්භක චිප්ස් ${chips(stack)} කින් ඇන්ටේ සහ කුඩා ඔට්ටුවක් (එකට ${chips(need)}) ගෙවිය නොහැක: වැඩි චිප්ස් හෝ කුඩා ඔට්ටු දෙන්න.`,
    shortStacks: (bets) =>
      `ආරම්භක චිප්ස් කුඩා ඔට්ටු ${chips(bets)} ක් පමණි: මිලදී ගැනීම් කිහිපයකට පසු ක්‍රීඩකයන්ගේ සියල්ල ඔට්ටුවට යනු ඇත.`,
    otherBots: "වෙනත් බොට්ලා",
    otherBotsHint: "මට්ටම් සාදා ඇති බොට්ලා, ඔවුන්ගේම නම්වලින්.",
    paused: "සත්කාරකයා ක්‍රීඩාව විරාම කර ඇත: එය නැවත ආරම්භ වූ විට ඔබේ විකල්ප නැවත පැමිණේ.",
    notYourTurn: (name) => `${name} තීරණය කරමින් සිටී: ඔබේ වාරයේදී ඔබේ විකල්ප පෙන්වනු ඇත.`,
    sending: "යවන ලදී: මේසයේ පිළිතුර එනතුරු රැඳී සිටී.",
    offline: "සම්බන්ධ වී නැත: සම්බන්ධතාවය සමඟ ඔබේ විකල්ප නැවත පැමිණේ.",
    startAlone: "ක්‍රීඩාවකට අවම වශයෙන් ක්‍රීඩකයන් දෙදෙනෙකු අවශ්‍යයි: ආරාධනා සබැඳිය බෙදාගන්න හෝ බොට් කෙනෙක් එක් කරන්න.",
    foldFree: "රැඳී සිටීම නොමිලේ. එසේ වුවද නවා මෙම අත අත්හරින්නද?",
    foldYes: "ඔව්, නවන්න",
    foldNo: "නැහැ, ආපසු",
    askFold: "රැඳී සිටීම නොමිලේ වන විට නැවීමට පෙර මගෙන් අසන්න",
    logTab: "ක්‍රීඩාව",
    chatTab: "කතාබහ",
    unread: (n) => `නව ${chips(n)}`,
    noChat: "තවම පණිවිඩ නැත.",
  },
  closed: {
    4001: "වෙනත් ටැබයක් මෙම අසුන ගත්තේය",
    4003: "මෙම පිටුව මේසයේම අඩවියේ නොවේ",
    4004: "මෙම සබැඳියේ මේසයක් නැත",
    4005: "මෙම මේසයේ නරඹන්නන්ට ඉඩ නැත",
  },
  page: {
    table: "මේසය",
    title: (name, yourTurn) => `${yourTurn ? "● " : ""}${name} · මාලිගා පෝකර්`,
    notSent: "සම්බන්ධ නැත: ක්‍රියාව යැවුණේ නැත.",
    offline: "සම්බන්ධ නැත.",
    tokenRefused: "ඔබේ අසුනේ ටෝකනය පිළිගත්තේ නැත.",
    end: "ක්‍රීඩාව අවසන් කරන්න",
    endConfirm: "ඇත්තටම අවසන් කරනවාද? නැවත ක්ලික් කරන්න",
    anySeat: "ඕනෑම හිස් අසුනක්",
    noSeat: "හිස් අසුනක් නැත",
    nameNeeded: "කරුණාකර නමක් තෝරන්න.",
    copied: (link) => `ආරාධනා සබැඳිය පිටපත් කළා: ${link}`,
    share: (link) => `මෙම සබැඳිය බෙදාගන්න: ${link}`,
  },
  noOptions: "",
  you: "ඔබ",
  empty: "හිස් අසුන",
  seatLabel: (t) => `අසුන ${chips(seatNumber(t))}`,
  pot: "බඳුන",
  stock: "ඇදීමේ තට්ටුව",
  discardPile: "ඉවතලන ගොඩ",
  stack: "චිප්ස්",
  inPot: "බඳුනේ",
  soldiers: "සොල්දාදුවන්",
  banner: "බැනරය",
  palace: "මාලිගාව",
  badges: {
    dealer: "බෙදාහරින්නා",
    toAct: "වාරය",
    battle: "සටනේ",
    out: "ඉවත්",
    allIn: "සියල්ල ඔට්ටුවට",
    disconnected: "නොබැඳි",
    away: "ඉවතට",
    bot: (kind) => `බොට්: ${kind}`,
    busted: "චිප්ස් අවසන්",
    host: "සත්කාරකයා",
  },
  battle: {
    title: "සටන",
    last: "අවසන් සටන",
    vs: "ප්‍රහාර කරයි",
    raises: (n) => `ඉහළ නැංවීම් ${chips(n)}`,
    entry: (n) => `ඇතුළත් ඔට්ටුව ${chips(n)}`,
    raised: (n) => `${chips(n)}කින් ඉහළ නැංවීය`,
  },
  status: {
    connecting: "සම්බන්ධ වෙමින්…",
    missing: "මෙම සබැඳියේ මේසයක් නැත.",
    reconnecting: "සම්බන්ධතාවය නැති විය; නැවත සම්බන්ධ වෙමින්…",
    retryClock: (s) => `තත්පර ${chips(s)}කින් නැවත උත්සාහයක්`,
    replaced: (m) => `මෙම ටැබය විසන්ධි විය: ${m}`,
    waiting: (host) => (host ? "රැඳී සිටිමින්: සැමදෙනා වාඩි වූ විට ක්‍රීඩාව අරඹන්න." : "සත්කාරකයා ක්‍රීඩාව අරඹන තෙක් රැඳී සිටිමින්."),
    yourTurn: "ඔබේ තීරණය.",
    toAct: (name) => `${name}ගේ වාරය.`,
    nextHand: (soon) => (soon ? "අත අවසන්." : "බෙදමින්…"),
    clock: (secs) => `⏱ තත්පර ${chips(secs)} ඉතිරිය`,
    nextHandClock: (secs) => `තත්පර ${chips(secs)}කින් ඊළඟ අත.`,
    over: (winner) => (winner !== null ? `ක්‍රීඩාව අවසන්: ${winner} දිනයි.` : "ක්‍රීඩාව අවසන්."),
    spectating: "ඔබ නරඹමින් සිටී.",
    hand: (n) => `අත ${chips(n)}`,
  },
  /** The hand-history viewer (history.js, history.html). */
  history: {
    title: "අත් ඉතිහාසය",
    titleOf: (name) => `අත් ඉතිහාසය: ${name}`,
    hands: "අත්",
    loading: "පූරණය වෙමින්…",
    asPlayer: (name) => `${name} දුටු ආකාරයට සෑම අතක්ම. අතක් තෝරා, ◀ ▶ හෝ ඊතල යතුරු මගින් පියවරෙන් පියවර යන්න.`,
    asSpectator: "නරඹන්නෙකු දුටු ආකාරයට සෑම අතක්ම. අතක් තෝරා, ◀ ▶ හෝ ඊතල යතුරු මගින් පියවරෙන් පියවර යන්න.",
    none: "තවම කිසිදු අතක් බෙදා නැත.",
    failed: (why) => `ඉතිහාසය පූරණය කළ නොහැකි විය (${why}).`,
    hand: (n) => `අත ${chips(n)}`,
    inPlay: "ක්‍රීඩා වෙමින්",
    pick: "වම් පසින් අතක් තෝරන්න.",
    back: "◀ ආපසු",
    forward: "ඉදිරියට ▶",
    keys: "← → යතුරු; Home / End",
    step: (i, n) => `පියවර ${chips(i)} / ${chips(n)}`,
    banner: "බැනරය",
    soldiers: "සොල්දාදුවන්",
    palace: "මාලිගාව",
    you: "ඔබ",
    out: "ඉවත්",
    viewer: "අත් පියවරෙන් පියවර බලන්න",
    jsonl: "මගේ අත් (JSON Lines)",
    text: "මගේ අත් (පෙළ)",
    records: "සම්පූර්ණ වාර්තා",
    table: "මේසයට ආපසු",
    refused: (why) => `ප්‍රතික්ෂේප විය: ${why}`,
  },
  language: "භාෂාව",
  html: {
    homeTitle: "මාලිගා පෝකර්: මේසයක් සාදන්න",
    tagline: "සෑම ඔට්ටුවක්ම සටනකි. මේසයක් සාදා, එහි සබැඳිය බෙදාගෙන, හිස් අසුන්වලට බොට්ලාට ඉඩ දෙන්න.",
    createTitle: "මේසයක් සාදන්න",
    tableName: "මේසයේ නම",
    defaultTableName: "සිකුරාදා ක්‍රීඩාව",
    yourName: "ඔබේ නම",
    stakes: "ඔට්ටු",
    smallBet: "කුඩා ඔට්ටුව",
    bigBet: "විශාල ඔට්ටුව",
    bigBetHint: "2 × කුඩා",
    ante: "ඇන්ටේ",
    anteHint: "½ කුඩා",
    startingStack: "ආරම්භක චිප්ස්",
    betting: "ඔට්ටු ඇල්ලීම",
    limit: "සීමාව",
    noLimit: "සීමාවක් නැත",
    seatsAndClock: "අසුන් සහ ඔරලෝසුව",
    seats: "අසුන් (2–10)",
    turnTime: "වාරයක කාලය (තත්පර)",
    recordsForAll: "ක්‍රීඩාව අවසන් වූ විට, මට පමණක් නොව සෑම ක්‍රීඩකයෙකුටම සම්පූර්ණ අත් වාර්තා (සියලු කාඩ්පත්) බාගැනීමට ඉඩ දෙන්න",
    noTable: "මෙම සබැඳියේ මේසයක් නැත",
    noTableHint: "සබැඳිය වැරදියට ටයිප් කර ඇති විය හැක, නැතහොත් මෙම සේවාදායකයේ මේසය කිසිදා සාදා නැත.",
    createTable: "මේසයක් සාදන්න",
    chat: "කතාබහ",
    chatHint: "යමක් කියන්න…",
    chatSend: "යවන්න",
    approvalOption: "යමෙක් අසුනක් ගැනීමට පෙර මගෙන් අසන්න",
    rebuysOption: "නැවත මිලදී ගැනීමට සහ පිරවීමට ඉඩ දෙන්න",
    timeBank: "කාල බැංකුව (ක්‍රීඩාවකට තත්පර)",
    botsTitle: "හිස් අසුන්වල බොට්ලා",
    botsHint: "බොට්ලා ඔබ අසල වාඩි වෙති; අනෙක් අසුන් ඔබේ මිතුරන් සඳහා හිස්ව පවතී.",
    createSubmit: "මේසය සාදන්න",
    howTitle: "ක්‍රීඩා කරන ආකාරය",
    how1: "සැමදෙනා ඇන්ටේ තබා, තමන්ගේම ඇඳුමක මුහුණ උඩට ඇති *බැනර්* කාඩ්පතක් සහ මුහුණ පහළට ඇති *මාලිගා* කාඩ්පත් තුනක් ලබා ගනී.",
    how2: "ඔබේ වාරයේදී: මුහුණ උඩට ඇති සොල්දාදුවෙකු *මිලදී ගන්න*, සොල්දාදුවන් *ඉවතලන්න*, *රැඳී සිටින්න*, *නවන්න*, නැතහොත් වෙනත් බැනර් ඇඳුමක ක්‍රීඩකයෙකුට *ප්‍රහාර කරන්න*.",
    how3: "සටනක්: ආරක්ෂකයා නවයි, අමතයි හෝ ඉහළ නංවයි; ඇමතීමකදී විරුද්ධවාදියාගේ බැනර් ඇඳුම නොමැතිව අත් දෙක සසඳනු ලබන අතර, ජයග්‍රාහකයා පරාජිතයාගේ බැනරය සහ සොල්දාදුවන් අල්ලා ගනී.",
    how4: "සැමදෙනා මුළු වටයක්ම රැඳී සිටින විට හෝ ඉවතලන විට, හොඳම අත බඳුන ගනී.",
    tableTitle: "මාලිගා පෝකර් මේසය",
    skip: "ඔබේ විකල්පවලට යන්න",
    home: "මාලිගා පෝකර් මුල් පිටුව",
    controls: "මේසයේ පාලන",
    start: "ක්‍රීඩාව අරඹන්න",
    back: "මම ආපසු ආවා",
    takeSeat: "අසුනක් ගන්න",
    copyInvite: "ආරාධනා සබැඳිය පිටපත් කරන්න",
    theTable: "මේසය",
    yourArea: "ඔබේ කාඩ්පත් සහ විකල්ප",
    log: "සටහන",
    logLabel: "සිදු වූ සියල්ල",
    join: "එක්වන්න:",
    joinHint: "නමක් සහ හිස් අසුනක් තෝරන්න, නැතහොත් නරඹන්න.",
    seat: "අසුන",
    sitDown: "වාඩි වන්න",
    justWatch: "නරඹන්න පමණයි",
  },
  // "Play against bots now" on the home page (quick.js): one click, no form
  quick: {
    title: "දැන්ම බොට්ලාට එරෙහිව ක්‍රීඩා කරන්න",
    hint: "එක් ක්ලික් එකක්: බොට්ලා සමඟ ඔබේම මේසයක්, වහාම බෙදා දෙයි.",
    level: "බොට්ලාගේ මට්ටම",
    bots: "බොට්ලා",
    submit: "දැන් ක්‍රීඩා කරන්න",
    tableName: "පුහුණුව",
    defaultName: "ක්‍රීඩකයා",
  },
};

export function seatNumber(t) {
  return t + 1;
}

/** A bot's kind in a sentence: "පහසු බොට්" (a level), "random බොට්". */
function botKind(kind) {
  const levels = { easy: "පහසු", medium: "මධ්‍යම", hard: "අපහසු", expert: "ප්‍රවීණ", lesson: "පාඩම්" };
  return `${levels[kind] ?? kind} බොට්`;
}

function range(min, max) {
  if (min === max) return chips(min);
  if (min === 0) return `${chips(max)} දක්වා`;
  return `${chips(min)} සිට ${chips(max)} දක්වා`;
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

// Each rank as a hand's name uses it ("රැජින යුගලයක්", "දහය දක්වා අනුපිළිවෙළක්").
const RANK_WORDS = {
  2: "දෙක", 3: "තුන", 4: "හතර", 5: "පහ", 6: "හය", 7: "හත", 8: "අට",
  9: "නවය", T: "දහය", J: "ජැක්", Q: "රැජින", K: "රජු", A: "ආස්",
};

/** A hand in words, from the server's {category, ranks}: "රැජින යුගලයක්", "ඉහළම
 * කාඩ්පත ආස්". A count of one rank says "කාඩ්පත්" ("හය කාඩ්පත් තුනක්"), so that
 * two numbers never stand side by side. */
export function handName(hand) {
  const [first, second] = (hand && hand.ranks) || [];
  const one = (r) => RANK_WORDS[r] || r;
  if (!first) return "කාඩ්පත් නැත";
  switch (hand.category) {
    case "high_card":
      return `ඉහළම කාඩ්පත ${one(first)}`;
    case "one_pair":
      return `${one(first)} යුගලයක්`;
    case "two_pair":
      return `යුගල දෙකක්, ${one(first)} සහ ${one(second)}`;
    case "three_of_a_kind":
      return `${one(first)} කාඩ්පත් තුනක්`;
    case "straight":
      return `${one(first)} දක්වා අනුපිළිවෙළක්`;
    case "flush":
      return `එකම ඇඳුමේ අතක්, ඉහළම ${one(first)}`;
    case "full_house":
      return `ෆුල් හවුස්, ${one(first)} කාඩ්පත් තුනක් සහ ${one(second)} යුගලයක්`;
    case "four_of_a_kind":
      return `${one(first)} කාඩ්පත් හතරක්`;
    case "straight_flush":
      return `එකම ඇඳුමේ, ${one(first)} දක්වා අනුපිළිවෙළක්`;
    default:
      return hand.category;
  }
}

/** Why a comparison went as it did (explain.js builds these from the server's
 * explanation: the hands as they fought). `suit` is a suit symbol (♣), `who` a name,
 * `you` whether that name is the viewer's (then "ඔබේ"). */
export const EXPLAIN = {
  yourHand: "ඔබේ අත",
  holds: (hand) => `ඔබට ${hand} ඇත`,
  against: (who, suit) => `${who}ට එරෙහිව (${suit} නැතිව)`,
  holdAgainst: (hand) => `ඔවුන්ට එරෙහිව ඔබට ${hand} ඇත`,
  struck: (suit, who, you) => `${suit} කාඩ්පත් ${you ? "ඔබේ" : `${who}ගේ`} ${suit} බැනරයට එරෙහිව ගණන් නොගැනේ`,
  side: (who, hand) => `${who}: ${hand}`,
  beats: (winner, loser) => `${winner} දිනයි, ${loser} පැරදේ.`,
  kickers: (hand) => `දෙදෙනාටම ${hand} ඇත: ඉතිරි කාඩ්පත් ඉහළම එකේ සිට පිළිවෙළින් තීරණය කරයි.`,
  ownSuit: (a, countA, suitA, b, countB, suitB) =>
    `අත් සමානයි: තමන්ගේ බැනර් ඇඳුමේ කාඩ්පත් වැඩියෙන් ඇති අය දිනයි (${a}: ${suitA} ${cardCount(countA)}, ${b}: ${suitB} ${cardCount(countB)}).`,
  tie: "අත් සමානයි, තම බැනර් ඇඳුමේ කාඩ්පත් ගණනද සමානයි: සම වේ.",
  suitDecided: "ගණන් නොගත් කාඩ්පත් මෙය තීරණය කළේය: සියලු කාඩ්පත් ගණන් ගත්තා නම්, ප්‍රතිඵලය අනෙක් පැත්තට හැරෙන්නට තිබුණි.",
  quietRound: (a, b) => `දෙදෙනෙකු ඉතිරිව නිහඬ වටයක්: ${a} සහ ${b} සටනක මෙන් සසඳනු ලැබේ, අමතර ගෙවීමක් නැතිව.`,
  showdown: "නිහඬ වටයකට පසු සංදර්ශනය: සියලු කාඩ්පත් ගණන් ගැනේ.",
  best: (names, hand) => `හොඳම අත: ${names} (${hand}).`,
  and: (names) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} සහ ${names[names.length - 1]}`),
  lastCompared: "අවසන් දෙදෙනා සැසඳීම",
  doesNotCount: "ගණන් නොගැනේ",
};

/** "Learn to play": the guided first hand (lesson.js) and its button on the home page
 * (learn.js). `ada` and `bo` are the bots' names, `suit` a suit symbol (♦), `card` a
 * card as rank and suit symbol (5♠); `what` is one of the *Do sentences. */
export const LESSON = {
  title: "ක්‍රීඩා කිරීමට ඉගෙන ගන්න",
  hint: "බොට්ලා දෙදෙනෙකුට එරෙහිව මඟ පෙන්වන අතක්: සියලු ප්‍රධාන නීති, මිනිත්තු පහකට අඩු කාලයකින්.",
  start: "පාඩම අරඹන්න",
  tableName: "පාඩම",
  defaultName: "ක්‍රීඩකයා",
  step: (n, total) => `පියවර ${formatNumber(n)} / ${formatNumber(total)}`,
  rules: "නීති",
  next: "ඊළඟ",
  only: (what) => `මෙම පාඩමේදී, ${what}`,
  readFirst: "පළමුව සටන ජයගත් ආකාරය කියවා, ඉන්පසු ඊළඟ ඔබන්න.",
  buy: "ඔබට මුහුණ උඩට ඇති බැනරයක් සහ මුහුණ පහළට ඇති මාලිගා කාඩ්පත් තුනක් ඇත: කුඩා ඔට්ටුවකට සොල්දාදුවෙකු මිලදී ගන්න, එනම් ඔබේ අතට එක් වන මුහුණ උඩට ඇති කාඩ්පතක්.",
  buyDo: "සොල්දාදුවෙකු මිලදී ගන්න.",
  keep: "මිලදී ගැනීමකින් පසු තබා ගන්නා සොල්දාදුවන් ඔබ තෝරයි, උපරිම පහක්: කිසිවක් ඉවත නොලා ඔබේ නව සොල්දාදුවා තබා ගන්න.",
  keepDo: "ඔබේ නව සොල්දාදුවා තබා ගන්න: කිසිවක් ඉවත නොලන්න.",
  attack: (ada, bo) => `${ada} සොල්දාදුවෙකු මිලදී ගන්නා අතර ${bo} රැඳී සිටී, එයට කිසිවක් වැය නොවේ; ඉන්පසු ඔබේ බැනර් ඇඳුමට වෙනස් ඇඳුමක බැනරයක් ඇති ${bo}ට ප්‍රහාර කරන්න, ඔබේ ඇතුළත් වීමේ මුදල ගෙවමින්: ඔබේ බැනරයට කුඩා ඔට්ටුවක් සහ එක් එක් සොල්දාදුවාට එකක්.`,
  attackDo: (bo) => `${bo}ට ප්‍රහාර කරන්න.`,
  call: (bo) => `${bo} විශාල ඔට්ටුවකින් ඉහළ නැංවීය: එයට සමාන කිරීමට අමතන්න, ඇමතීම සටන අවසන් කරන බැවින් අත් දෙක සසඳනු ලැබේ.`,
  callDo: "අමතන්න.",
  excluded: (bo, suit) => `සටනකදී විරුද්ධවාදියාගේ බැනර් ඇඳුමේ කිසිදු කාඩ්පතක් ගණන් නොගන්නා නිසා ඔබ ජයගත්තා: ${bo}ගේ ${suit} කාඩ්පත කපා හැර ඇති අතර, එය නොමැතිව ${bo}ගේ අත ඔබේ අතට වඩා දුර්වලයි.`,
  capture: (bo, ada, card) => `ඔබ ${bo}ගේ බැනරය සහ සොල්දාදුවන් අල්ලා ගත් අතර, තබා ගන්නා සොල්දාදුවන් ඔබ තෝරයි: ${ada}ගේ බැනර් ඇඳුමේ කිසිදු කාඩ්පතක් ${ada}ට එරෙහිව ගණන් නොගන්නා බැවින් ${card} ඉවතලන්න.`,
  captureDo: (card) => `${card} ඉවතලා ඉතිරිය තබා ගන්න.`,
  stay: (ada) => `${ada} රැඳී සිටී; ඔබත් රැඳී සිටින්න: අවසන් මිලදී ගැනීමෙන් හෝ ඔට්ටුවෙන් පසු අතේ තවමත් සිටින සැමදෙනා රැඳී සිටි විට, වටය නිහඬ වන අතර අත අවසන් වේ.`,
  stayDo: "රැඳී සිටින්න.",
  end: (ada) => `ක්‍රීඩකයින් දෙදෙනෙකු ඉතිරිව සිටි බැවින්, නිහඬ වටය ඔබ සහ ${ada} අතර සටනක මෙන් සැසඳීමකින් අවසන් විය, අමතර ගෙවීමක් නැතිව: ඔබේ අත වඩා හොඳ වූ බැවින් ඔබ බඳුන ගත්තා.`,
  endLost: (ada, winner) => `ක්‍රීඩකයින් දෙදෙනෙකු ඉතිරිව සිටි බැවින්, නිහඬ වටය ඔබ සහ ${ada} අතර සටනක මෙන් සැසඳීමකින් අවසන් විය, අමතර ගෙවීමක් නැතිව: ${winner}ගේ අත වඩා හොඳ වූ බැවින් ${winner} බඳුන ගත්තා.`,
  doneTitle: "ඔබ සම්පූර්ණ අතක් ක්‍රීඩා කළා",
  doneHint: "බොට්ලාට එරෙහිව දිගටම ක්‍රීඩා කරන්න, නැතහොත් ඔබේ මිතුරන් සඳහා මේසයක් සාදන්න.",
  playBots: "දැන්ම බොට්ලාට එරෙහිව ක්‍රීඩා කරන්න",
  createTable: "මේසයක් සාදන්න",
};
