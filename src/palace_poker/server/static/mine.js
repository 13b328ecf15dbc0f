// Your own cards, large: the palace (face down to everyone else), the banner and
// the soldiers; and what they make: your best hand, and against each opponent your
// hand without the cards their banner strikes, which would not count in a battle
// with them: the cards of its suit (R-CMP-1), or of its rank at a table of the rank
// reading (V-CMP-1). The server works these out from your own cards (the view's
// `strength`), so they follow every buy, trim and capture.
import { SUIT_SYMBOL, cardFace, cardRow, suitOf } from "./cards.js";
import { el, fill } from "./dom.js";
import { gameOf } from "./house.js";
import { EXPLAIN, UI, handName } from "./words.js";

/** "against Ada (no ♦)", or "against Ada (no queens)" in the rank reading (V-CMP-1). */
function againstLine(state, h, banner) {
  if (!banner) return EXPLAIN.against(state.who(h), "?");
  return gameOf(state.table?.settings).struck === "rank"
    ? EXPLAIN.againstRank(state.who(h), banner[0])
    : EXPLAIN.against(state.who(h), SUIT_SYMBOL[suitOf(banner)] || "?");
}

/** Your hands, in words: the best, then against each opponent still in the hand. */
function strengthLines(state, obs) {
  const strength = state.hand && state.hand.strength;
  if (!strength) return null;
  const against = strength.against.map(([h, hand]) =>
    el("li", { dataset: { testid: "hand-against", seat: String(h) } },
      `${againstLine(state, h, obs.banners[h])}: ${handName(hand)}`));
  return el(
    "div",
    { class: "my-group my-strength", dataset: { testid: "my-strength" } },
    el("span", { class: "label" }, EXPLAIN.yourHand),
    el("strong", { class: "my-best", dataset: { testid: "my-best" } }, handName(strength.best)),
    against.length ? el("ul", { class: "my-against" }, against) : null,
  );
}

export function drawMine(state, node) {
  const obs = state.obs;
  const h = state.you === null ? -1 : state.handSeatOf(state.you);
  if (!obs || h < 0 || obs.viewer !== h) {
    fill(node);
    node.hidden = true;
    return;
  }
  node.hidden = false;
  const out = !obs.in_hand[h];
  fill(
    node,
    el("div", { class: `my-group my-palace${out ? " gone" : ""}`, dataset: { testid: "my-palace" } },
      el("span", { class: "label" }, UI.palace),
      cardRow(obs.palace, { size: "lg" })),
    el("div", { class: "my-group my-army" },
      el("span", { class: "label" }, `${UI.banner} · ${UI.soldiers}`),
      el("span", { class: "cards" },
        // Out of the hand, the banner is no longer yours: captured, or discarded.
        obs.banners[h] && !out ? cardFace(obs.banners[h], { size: "md", extra: "banner" }) : null,
        (obs.soldiers[h] || []).map((c) => cardFace(c, { size: "md" })))),
    out ? null : strengthLines(state, obs),
  );
}
