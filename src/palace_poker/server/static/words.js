// The language chooser: picks a language (en, cy, si, sk, ps), loads its catalogue
// (load of words/catalogue.js) and re-exports its names, so every module keeps
// importing "./words.js" unchanged.
//
// The language: `?lang=xx` in the URL wins (and is saved), then the choice saved in
// localStorage (by a ?lang= link or the picker, language.js), then the browser's
// languages (navigator.languages), else English. Choosing also sets <html lang> and, for Pashto, dir="rtl", before any
// module draws anything.

// The code that builds every catalogue comes with the page's first modules, so that
// only the chosen language's own files (its sentences and grammar) wait for the choice.
import { load } from "./words/catalogue.js";

/** Each language the page is offered in, by its code, in its own name. */
export const LANGUAGES = {
  en: "English",
  cy: "Cymraeg",
  si: "සිංහල",
  sk: "Slovenčina",
  ps: "پښتو",
};
/** Where a picked language is kept between visits. */
export const STORAGE_KEY = "palace.lang"; // not "palace:…", the tables' namespace

/** The code of a language the page has for a tag like "cy-GB", or null. */
export function known(tag) {
  if (typeof tag !== "string") return null;
  const code = tag.trim().toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(LANGUAGES, code) ? code : null;
}

/** The rule above, as a pure function of the three sources. */
export function chooseLanguage({ query = null, saved = null, preferred = [] } = {}) {
  for (const tag of [query, saved, ...preferred]) {
    const code = known(tag);
    if (code) return code;
  }
  return "en";
}

function sources() {
  const sourced = { query: null, saved: null, preferred: [] };
  try {
    sourced.query = new URLSearchParams(globalThis.location?.search ?? "").get("lang");
  } catch {
    sourced.query = null;
  }
  try {
    sourced.saved = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    sourced.saved = null; // storage refused (private mode, a sandboxed frame): not fatal
  }
  const nav = globalThis.navigator;
  sourced.preferred = nav ? [...(nav.languages ?? []), nav.language].filter(Boolean) : [];
  return sourced;
}

const sourced = sources();
/** The language of this page. */
export const LANG_CHOSEN = chooseLanguage(sourced);

// A link's ?lang= is kept as the choice, so that the pages it leads to (the home
// page goes on to the table's link) stay in that language.
if (known(sourced.query) === LANG_CHOSEN) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, LANG_CHOSEN);
  } catch {
    // storage refused: this page is in the language all the same
  }
}

// The page is in its language from here on, before the catalogue has come (its
// sentences and its grammar are a second round of requests): a script that reads
// <html lang> to find the page's catalogue finds it.
if (globalThis.document) document.documentElement.lang = LANG_CHOSEN;

const catalogue = await load(LANG_CHOSEN);

if (globalThis.document) {
  document.documentElement.lang = catalogue.LANG;
  document.documentElement.dir = catalogue.DIR;
}

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
} = catalogue;
