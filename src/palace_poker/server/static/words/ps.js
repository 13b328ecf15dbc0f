// پښتو (Pashto): the table page's words, built by catalogue.js from ps.json (the
// sentences, data) and grammar/ps.js (the formats they call); every page module
// imports them through words.js. How to change a sentence: docs/languages.md.

import { build } from "./catalogue.js";
import * as grammar from "./grammar/ps.js";
import data from "./ps.json" with { type: "json" };

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
