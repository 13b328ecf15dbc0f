// Renders every sentence of the table page's catalogues with sample values, in the
// catalogues of a git revision (the JS modules static/words/{lang}.js as they were
// before the sentences became data) and in the working tree's (static/words/{lang}.json
// and its grammar, built by load(lang) of catalogue.js, as the page loads them), and
// counts the renderings that are the same.
//
//   node tools/words_compare.mjs REVISION [SAMPLES.json]
//
// REVISION is one whose words/{lang}.js still held the sentences (the parent of the
// commit that made them data). SAMPLES.json holds {events, entries, options} in the
// page's wire form; without it, the samples of tests/browser/test_browser_words.py
// (every event kind and its variants, every log entry kind, every option), written
// out here. A rendering is compared as the page draws it: adjacent strings joined,
// empty strings dropped.
// A call the old catalogue could not render (it threw: a number where a name goes)
// is counted apart, not compared. Exits 1 when any rendering differs, and prints each
// difference.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [revision, samplesFile] = process.argv.slice(2);
if (!revision) {
  console.error("usage: node tools/words_compare.mjs REVISION [SAMPLES.json]");
  process.exit(2);
}
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const WORDS = "src/palace_poker/server/static/words";
const LANGS = ["en", "cy", "si", "sk", "ps"];

// Node reads .js as CommonJS outside a "type": "module" package: copy both sides into one.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "words-"));
fs.writeFileSync(path.join(work, "package.json"), '{"type": "module"}\n');
fs.mkdirSync(path.join(work, "old"));
for (const lang of LANGS) {
  const source = execFileSync("git", ["-C", ROOT, "show", `${revision}:${WORDS}/${lang}.js`], { encoding: "utf8" });
  fs.writeFileSync(path.join(work, "old", `${lang}.js`), source);
}
fs.cpSync(path.join(ROOT, WORDS), path.join(work, "new"), { recursive: true });

const samples = samplesFile
  ? JSON.parse(fs.readFileSync(samplesFile, "utf8"))
  : {
      events: [
        {"type": "ante_posted", "seat": 0, "amount": 5, "all_in": false},
        {"type": "ante_posted", "seat": 1, "amount": 1000, "all_in": true},
        {"type": "cards_shuffled", "what": "deck", "size": 52},
        {"type": "cards_shuffled", "what": "set-aside", "size": 1},
        {"type": "cards_shuffled", "what": "stock", "size": 31},
        {"type": "cards_shuffled", "what": "discard", "size": 2},
        {"type": "banner_card_set_aside", "seat": 1, "card": "Td"},
        {"type": "banner_dealt", "seat": 0, "card": "9h"},
        {"type": "palace_dealt", "seat": 0, "cards": ["2c", "As", "Kd"]},
        {"type": "palace_dealt", "seat": 1, "cards": []},
        {"type": "turn_started", "seat": 0},
        {"type": "turn_started", "seat": 1},
        {"type": "soldier_bought", "seat": 0, "card": "Qs", "cost": 10},
        {"type": "soldiers_discarded", "seat": 0, "cards": ["Qs"], "trim": false},
        {"type": "soldiers_discarded", "seat": 1, "cards": [], "trim": true},
        {"type": "soldiers_discarded", "seat": 1, "cards": ["Td", "9h"], "trim": true},
        {"type": "stayed", "seat": 1},
        {"type": "folded", "seat": 0, "in_battle": true},
        {"type": "folded", "seat": 1, "in_battle": false},
        {"type": "battle_started", "attacker": 0, "defender": 1, "entry": 20, "raise_by": 0},
        {"type": "battle_started", "attacker": 1, "defender": 0, "entry": 1234, "raise_by": 10},
        {"type": "battle_called", "seat": 1, "amount": 20},
        {"type": "battle_raised", "seat": 1, "amount": 30, "raise_by": 10},
        {"type": "chips_returned", "seat": 0, "amount": 1},
        {"type": "chips_returned", "seat": 0, "amount": 5},
        {"type": "battle_compared", "seats": [0, 1], "winner": null, "palaces": [[], []]},
        {"type": "battle_compared", "seats": [0, 1], "winner": 1, "palaces": [["Td", "9h", "2c"], ["As", "Kd", "Qs"]]},
        {"type": "player_out", "seat": 0, "reason": "fold"},
        {"type": "player_out", "seat": 1, "reason": "battle"},
        {"type": "player_out", "seat": 2, "reason": "tie"},
        {"type": "cards_captured", "seat": 0, "from_seat": 1, "cards": ["Td", "9h"]},
        {"type": "showdown_revealed", "palaces": [[0, ["Td", "9h", "2c"]], [1, ["As", "Kd", "Qs"]]]},
        {"type": "pot_awarded", "seat": 0, "amount": 100},
        {"type": "hand_ended", "end": "last", "stacks": [100, 200]},
        {"type": "hand_ended", "end": "same-suit", "stacks": [100, 200]},
        {"type": "hand_ended", "end": "showdown", "stacks": [100, 200]},
        {"type": "hand_ended", "end": "tie", "stacks": [100, 200]},
      ],
      entries: [
        {"kind": "created", "name": "Friday"},
        {"kind": "seated", "seat": 0, "name": "Ann"},
        {"kind": "seated", "seat": 2, "name": "Ada", "bot": "random"},
        {"kind": "started", "draw": [[[0, "Td"], [1, "Ts"]], [[0, "Ah"], [1, "2c"]]], "dealer": 0},
        {"kind": "started"},
        {"kind": "hand_started", "hand_number": 3},
        {"kind": "action", "by": "clock", "seat": 1},
        {"kind": "action", "by": "player", "seat": 1},
        {"kind": "hand_finished", "hand_number": 3, "stacks": {"0": 1500, "1": 480}},
        {"kind": "game_over", "winner": 0, "reason": "host"},
        {"kind": "game_over", "winner": null},
        {"kind": "away", "seat": 1},
        {"kind": "back", "seat": 1},
        {"kind": "ended"},
        {"kind": "paused", "by": 0},
        {"kind": "resumed", "by": 0},
        {"kind": "approved", "by": 0, "seat": 1},
        {"kind": "refused", "by": 0, "seat": 1, "name": "Bob"},
        {"kind": "removed", "by": 0, "seat": 1, "name": "Bob", "chips_taken": 40},
        {"kind": "settings_changed", "by": 0, "changes": {"small_bet": 20, "rebuys": true}},
        {"kind": "host_passed", "by": 0, "seat": 1},
        {"kind": "sat_out", "seat": 1},
        {"kind": "sat_in", "seat": 1},
        {"kind": "stood_up", "seat": 1, "name": "Bob", "chips_taken": 55},
        {"kind": "rebought", "seat": 1, "chips": 100},
        {"kind": "bank_used", "seat": 1, "seconds": 30},
        {"kind": "ready", "seat": 1},
        {"kind": "contributed", "seat": 1},
        {"kind": "storage_back", "since": 1.0, "seconds": 12.4},
        {"kind": "chat", "seat": 1, "name": "Bob", "text": "<b>hi</b>"},
        {"kind": "chat", "seat": null, "watcher": 2, "text": "good luck"},
        {"kind": "muted", "by": 0, "seat": 1},
        {"kind": "unmuted", "by": 0, "seat": 1},
      ],
      options: [
        {"cost": 10, "min_amount": null, "target": null, "verb": "buy"},
        {"cost": 0, "min_amount": null, "target": null, "verb": "stay"},
        {"cost": 0, "min_amount": null, "target": null, "verb": "fold"},
        {"cost": 20, "min_amount": null, "target": null, "verb": "call"},
        {"cost": 30, "min_amount": null, "target": null, "verb": "raise"},
        {"cost": 30, "min_amount": 20, "target": null, "verb": "raise"},
        {"cost": 20, "min_amount": null, "target": 1, "verb": "bet"},
        {"cost": 20, "min_amount": 20, "target": 1, "verb": "bet"},
        {"cost": 0, "min_amount": null, "target": null, "verb": "discard"},
        {"cost": 0, "min_amount": null, "target": null, "verb": "trim"},
      ],
    };

const NAMES = ["Ann", "Bob", "Ada", "Cai", "Olu"];
const ctx = { who: (h) => NAMES[h], mine: (h) => h === 0, seatName: (t) => NAMES[t] };
const ctxOther = { who: (h) => NAMES[h + 2], mine: () => false, seatName: (t) => NAMES[t + 2] };
const ARGS = {
  0: [[]],
  1: [[null], [true], [false], [0], [1], [2], [3], [5], [6], [11], [21], [1234], ["Ann"], ["Olu"], [["Ann", "Bob"]]],
  2: [["Ann", true], ["Ann", false], [0, 3], [1, 1], [2, 4], [5, 5], [0, 0], [1, 5], ["Ann", "Bob"], ["Ada", "Olu"]],
  3: [["Ann", "Bob", 1], ["Ann", "Bob", 25], ["Olu", "Cai", 2], [1, 2, 3]],
  4: [["Ann", "Bob", 1, 2]],
  5: [["Ann", "Bob", 1, 2, 3]],
  6: [["Ann", 1, "♣", "Bob", 2, "♦"], ["Olu", 3, "♠", "Cai", 6, "♥"], ["Ann", 0, "♣", "Bob", 11, "♦"]],
};
const RANKS = [..."23456789TJQKA"];
const CATEGORIES = [
  "high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
  "full_house", "four_of_a_kind", "straight_flush", "no_such_category",
];

function normal(value) {
  if (!Array.isArray(value)) return value;
  const out = [];
  for (const part of value) {
    if (typeof part === "string") {
      if (!part) continue;
      if (typeof out[out.length - 1] === "string") out[out.length - 1] += part;
      else out.push(part);
    } else out.push(part);
  }
  return out;
}
const run = (f) => {
  try {
    return normal(f());
  } catch (err) {
    return { thrown: String(err) };
  }
};

/** Every rendering of a catalogue, by a name that says what was rendered. */
function renderings(m) {
  const out = {};
  const leaves = (node, where) => {
    if (where === "EXPLAIN.and") return; // a list of names: the calls below
    if (typeof node === "function") {
      for (const args of ARGS[node.length] ?? []) out[`${where}(${JSON.stringify(args)})`] = run(() => node(...args));
    } else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) leaves(v, `${where}.${k}`);
    } else out[where] = node;
  };
  leaves(m.UI, "UI");
  leaves(m.EXPLAIN, "EXPLAIN");
  leaves(m.LESSON, "LESSON");
  for (const names of [[], ["Ann"], ["Ann", "Bob"], ["Ann", "Olu", "Cai"]]) {
    out[`EXPLAIN.and(${JSON.stringify(names)})`] = run(() => m.EXPLAIN.and(names));
  }
  for (const [k, v] of Object.entries(m.ERRORS)) out[`ERRORS.${k}`] = v;
  for (const code of [...Object.keys(m.ERRORS), "no_such_code"]) out[`errorText(${code})`] = run(() => m.errorText(code));
  samples.events.forEach((e, i) => {
    out[`eventText#${i} ${e.type}`] = run(() => m.eventText(e, ctx));
    out[`eventText#${i} ${e.type} (others)`] = run(() => m.eventText(e, ctxOther));
  });
  samples.entries.forEach((e, i) => {
    out[`entryText#${i} ${e.kind}`] = run(() => m.entryText(e, ctx));
    out[`entryText#${i} ${e.kind} (others)`] = run(() => m.entryText(e, ctxOther));
  });
  samples.options.forEach((o, i) => {
    out[`optionLabel#${i} ${o.verb}`] = run(() => m.optionLabel(o, { who: ctx.who }));
    out[`optionLabel#${i} ${o.verb} amount`] = run(() => m.optionLabel(o, { who: ctx.who, amount: 45 }));
  });
  for (const category of CATEGORIES) {
    for (const first of RANKS) {
      for (const second of ["2", "Q", "A"]) {
        out[`handName(${category} ${first}${second})`] = run(() => m.handName({ category, ranks: [first, second] }));
      }
    }
  }
  out["handName(null)"] = run(() => m.handName(null));
  out["handName(no ranks)"] = run(() => m.handName({ category: "one_pair", ranks: [] }));
  for (const rank of [...RANKS, "X"]) {
    for (const suit of [..."shdc", "x"]) out[`cardName(${rank}${suit})`] = run(() => m.cardName(`${rank}${suit}`));
  }
  out["cardName(null)"] = run(() => m.cardName(null));
  for (const suit of [..."shdc", "x"]) out[`suitName(${suit})`] = run(() => m.suitName(suit));
  out["timedOut(Ann)"] = run(() => m.timedOut("Ann"));
  for (const n of [0, 1, 2, 3, 6, 11, 1234, 1.5, null, "x"]) {
    out[`formatNumber(${n})`] = run(() => m.formatNumber(n));
    out[`plural(${n})`] = run(() => m.plural(n, { zero: "z", one: "o", two: "t", few: "f", many: "m", other: "x" }));
  }
  out["seatNumber(4)"] = run(() => m.seatNumber(4));
  out.LANG = m.LANG;
  out.DIR = m.DIR;
  return out;
}

let differ = 0;
let total = 0;
let threwAll = 0;
const { load } = await import(pathToFileURL(path.join(work, "new", "catalogue.js")).href);
for (const lang of LANGS) {
  const before = await import(pathToFileURL(path.join(work, "old", `${lang}.js`)).href);
  const after = await load(lang);
  const old = renderings(before);
  const now = renderings(after);
  let same = 0;
  let threw = 0;
  const keys = new Set([...Object.keys(old), ...Object.keys(now)]);
  for (const key of keys) {
    if (old[key] && old[key].thrown) threw++;
    else if (JSON.stringify(old[key]) === JSON.stringify(now[key])) same++;
    else {
      differ++;
      console.log(`${lang} ${key}\n  before: ${JSON.stringify(old[key])}\n  after:  ${JSON.stringify(now[key])}`);
    }
  }
  const exportsBefore = Object.keys(before).filter((k) => !k.startsWith("__")).sort().join(",");
  const exportsAfter = Object.keys(after).sort().join(",");
  if (exportsBefore !== exportsAfter) {
    differ++;
    console.log(`${lang} exports\n  before: ${exportsBefore}\n  after:  ${exportsAfter}`);
  }
  total += keys.size - threw;
  threwAll += threw;
  console.log(`${lang}: ${same} of ${keys.size - threw} renderings the same (${threw} calls the old one could not render)`);
}
console.log(`all: ${total - differ} of ${total} the same (${threwAll} not comparable)`);
fs.rmSync(work, { recursive: true, force: true });
process.exit(differ ? 1 : 0);
