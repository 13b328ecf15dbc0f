// Drawing cards: a card is its text ("Td": rank then suit), drawn as a small face
// with its rank and suit symbol, in a four-colour deck (spades black, hearts red,
// diamonds blue, clubs green) so that suits, which matter so much here, read at a
// glance on a phone.
import { el } from "./dom.js";
import { cardName } from "./words.js";

export const SUIT_SYMBOL = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RANK_TEXT = { T: "10" };

export function rankText(card) {
  return RANK_TEXT[card[0]] || card[0];
}

export function suitOf(card) {
  return card[1];
}

/** A face-up card; size is "sm", "md" (default) or "lg". */
export function cardFace(card, { size = "md", extra = "" } = {}) {
  const suit = suitOf(card);
  return el(
    "span",
    {
      class: `card face suit-${suit} ${size} ${extra}`.trim(),
      role: "img",
      "aria-label": cardName(card),
      title: cardName(card),
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

/** A row of cards; `cards` are texts, or null for a face-down card. */
export function cardRow(cards, opts = {}) {
  return el(
    "span",
    { class: `cards ${opts.rowClass || ""}`.trim() },
    cards.map((c) => (c ? cardFace(c, opts) : cardBack(opts))),
  );
}

/** A card inside a sentence (the log). */
export function cardInline(card) {
  const suit = suitOf(card);
  return el(
    "span",
    { class: `card-inline suit-${suit}`, title: cardName(card) },
    rankText(card) + (SUIT_SYMBOL[suit] || "?"),
  );
}
