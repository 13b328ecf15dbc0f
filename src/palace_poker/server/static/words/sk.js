// Slovenčina (Slovak): the table page's words, built by catalogue.js from sk.json (the
// sentences, data); every page module
// imports them through words.js. How to change a sentence: docs/languages.md.

import { build } from "./catalogue.js";
import data from "./sk.json" with { type: "json" };

export const {
  LANG,
  DIR,
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
} = build(data);
