// The language picker and the static pages' own text. words.js has chosen the
// language (and set <html lang>/dir); this module fills every element of the page
// marked data-words="key" from that catalogue's UI, and wires the <select> picker:
// a pick is saved in localStorage and the page reloads in the new language.
//
//   data-words="html.tagline"                     the element's text (*word* in bold)
//   data-words-attr="placeholder=html.bigBetHint" attributes, comma-separated
import { LANG, LANGUAGES, STORAGE_KEY, UI } from "./words.js";

/** The catalogue's value at a dotted key ("html.tagline"); undefined when absent. */
export function lookup(key) {
  return key.split(".").reduce((node, part) => (node == null ? undefined : node[part]), UI);
}

/** A text with *bold* marks as DOM nodes (no HTML is parsed: the text stays text). */
function richNodes(text) {
  return text.split(/\*([^*]+)\*/).map((piece, i) => {
    if (i % 2 === 0) return document.createTextNode(piece);
    const strong = document.createElement("strong");
    strong.textContent = piece;
    return strong;
  });
}

/** Fill every data-words element under `root`; returns the keys the catalogue lacks. */
export function fillWords(root = document) {
  const missing = [];
  for (const node of root.querySelectorAll("[data-words]")) {
    const text = lookup(node.dataset.words);
    if (typeof text === "string") node.replaceChildren(...richNodes(text));
    else missing.push(node.dataset.words);
  }
  for (const node of root.querySelectorAll("[data-words-attr]")) {
    for (const pair of node.dataset.wordsAttr.split(",")) {
      const [attr, key] = pair.split("=").map((s) => s.trim());
      const text = lookup(key);
      if (typeof text === "string") node.setAttribute(attr, text);
      else missing.push(key);
    }
  }
  return missing;
}

/** Save the pick and reload; a ?lang= in the link would win, so it is replaced. */
function pick(code) {
  let saved = false;
  try {
    localStorage.setItem(STORAGE_KEY, code);
    saved = localStorage.getItem(STORAGE_KEY) === code;
  } catch {
    saved = false; // storage refused: the ?lang= below carries the choice instead
  }
  const url = new URL(location.href);
  if (url.searchParams.has("lang") || !saved) {
    url.searchParams.set("lang", code);
    location.replace(url.toString());
  } else {
    location.reload();
  }
}

function wirePicker(select) {
  select.replaceChildren(
    ...Object.entries(LANGUAGES).map(([code, name]) => {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      return option;
    }),
  );
  select.value = LANG;
  select.addEventListener("change", () => pick(select.value));
}

const missing = fillWords();
if (missing.length) console.warn("no words for", missing);
for (const select of document.querySelectorAll("select[data-language-picker]")) wirePicker(select);
// The page is in its language now (words.js loads the catalogue asynchronously):
// <html data-words-ready="cy">, for styles and tests that wait for it.
document.documentElement.dataset.wordsReady = LANG;
