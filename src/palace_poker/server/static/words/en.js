// English: the table page's words, built by catalogue.js from en.json (the
// sentences, data) and grammar/en.js (the formats they call); every page module
// imports them through words.js. How to change a sentence: docs/languages.md.

import { build } from "./catalogue.js";
import * as grammar from "./grammar/en.js";
import data from "./en.json" with { type: "json" };

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
} = build(data, grammar);
