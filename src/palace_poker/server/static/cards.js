// Drawing cards: a card is its text ("Td": rank then suit), drawn as a small face
// with its rank and suit symbol, in a four-colour deck (spades black, hearts red,
// diamonds blue, clubs green) so that suits, which matter so much here, read at a
// glance on a phone.
import { el } from "./dom.js";
import { EXPLAIN, cardName } from "./words.js";

export const SUIT_SYMBOL = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RANK_TEXT = { T: "10" };

export function rankText(card) {
  return RANK_TEXT[card[0]] || card[0];
}

export function suitOf(card) {
  return card[1];
}

/**
 * What a screen reader says of a face-up card (and its tooltip): the card's name,
 * and, when it is struck, that it does not count ("Jack of clubs, does not count":
 * a card the opponent's banner strikes in a battle, R-CMP-1 and V-CMP-1).
 */
export function cardLabel(card, struck = false) {
  return struck ? `${cardName(card)}, ${EXPLAIN.doesNotCount}` : cardName(card);
}

/** Whether `card` is struck under the option `struck`: true (every card), or a Set
 *  or array of the struck cards. */
function isStruck(card, struck) {
  if (!struck) return false;
  if (struck === true) return true;
  return typeof struck.has === "function" ? struck.has(card) : struck.includes(card);
}

/**
 * A face-up card, an image named by the card; size is "sm", "md" (default) or
 * "lg". `struck: true` draws it struck through (class "struck") and names it as
 * not counting.
 */
export function cardFace(card, { size = "md", extra = "", struck = false } = {}) {
  const suit = suitOf(card);
  const out = isStruck(card, struck);
  return el(
    "span",
    {
      class: `card face suit-${suit} ${size} ${extra}${out ? " struck" : ""}`.trim(),
      role: "img",
      "aria-label": cardLabel(card, out),
      title: cardLabel(card, out),
      dataset: { card },
    },
    el("span", { class: "corner", "aria-hidden": "true" },
      el("span", { class: "rank" }, rankText(card)),
      el("span", { class: "pip" }, SUIT_SYMBOL[suit] || "?")),
    el("span", { class: "big-pip", "aria-hidden": "true" }, SUIT_SYMBOL[suit] || "?"),
  );
}

/** A face-down card. */
export function cardBack({ size = "md", label = null } = {}) {
  return el("span", {
    class: `card back ${size}`,
    role: "img",
    "aria-label": label || cardName(null),
  });
}

/** A row of cards; `cards` are texts, or null for a face-down card; `opts` as for
 *  cardFace (`struck`: true, or the Set or array of the cards struck). */
export function cardRow(cards, opts = {}) {
  return el(
    "span",
    { class: `cards ${opts.rowClass || ""}`.trim() },
    cards.map((c) => (c ? cardFace(c, opts) : cardBack(opts))),
  );
}

/**
 * A card inside a sentence (the log): an image named by the card, so that a
 * screen reader says "Ten of hearts", not "10 black heart suit"; `struck: true`
 * as for cardFace.
 */
export function cardInline(card, { struck = false } = {}) {
  const suit = suitOf(card);
  return el(
    "span",
    {
      class: `card-inline suit-${suit}${struck ? " struck" : ""}`,
      role: "img",
      "aria-label": cardLabel(card, struck),
      title: cardLabel(card, struck),
    },
    rankText(card) + (SUIT_SYMBOL[suit] || "?"),
  );
}
