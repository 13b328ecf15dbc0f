// Why a comparison went as it did, in the viewer's words: the server's explanation
// (palace_poker.explain, sent to each viewer as the projection allows) drawn as
// sentences for the log and as the two hands for the battle panel. A battler (and
// everyone at a showdown) gets the hands as they fought: the cards the opponent's
// banner strikes (its suit, or its rank in the rank reading: `ctx.byRank`, V-CMP-1)
// struck through, both hands named, what decided; anybody else gets only who was
// compared, how, and who won, and so only that is said.
import { SUIT_SYMBOL, cardRow, suitOf } from "./cards.js";
import { el } from "./dom.js";
import { EXPLAIN, handName } from "./words.js";

/** The explanations of a log entry, by the index of the event each explains. */
export function explanationsOf(entry) {
  const found = new Map();
  for (const said of (entry && entry.explanations) || []) found.set(said.event, said);
  return found;
}

const symbol = (card) => SUIT_SYMBOL[suitOf(card)] || "?";

function sideOf(said, seat) {
  return said.sides.find((side) => side.seat === seat) || null;
}

/** The sentence that says what decided the comparison. */
function verdict(said, who) {
  const { sides, winners } = said;
  if (said.kind === "showdown") {
    const best = handName(sideOf(said, winners[0]).hand);
    const named = EXPLAIN.best(EXPLAIN.and(winners.map(who)), best);
    // Equal names, unequal hands ("ace high" twice): the other cards decided.
    return said.decided_by === "kickers" ? [`${named} ${EXPLAIN.kickers(best)}`] : [named];
  }
  const [a, b] = sides;
  switch (said.decided_by) {
    case "tie":
      return [EXPLAIN.tie];
    case "own_suit":
      return [EXPLAIN.ownSuit(who(a.seat), a.own_suit, symbol(a.banner), who(b.seat), b.own_suit, symbol(b.banner))];
    case "kickers":
      return [EXPLAIN.kickers(handName(sideOf(said, winners[0]).hand))];
    default: {
      const won = sideOf(said, winners[0]);
      const lost = sides.find((side) => side !== won);
      return [EXPLAIN.beats(handName(won.hand), handName(lost.hand))];
    }
  }
}

/** Why the cards of `side` that are struck do not count: the opponent's banner, by
 *  its suit (R-CMP-1) or, at a table of the rank reading, by its rank (V-CMP-1). */
function struckReason(said, side, ctx) {
  if (!side.struck.length || said.kind === "showdown") return null;
  const other = said.sides.find((s) => s !== side);
  return ctx.byRank
    ? EXPLAIN.struckRank(other.banner[0], ctx.who(other.seat), ctx.mine(other.seat))
    : EXPLAIN.struck(symbol(other.banner), ctx.who(other.seat), ctx.mine(other.seat));
}

/**
 * The sentences (lists of parts, as log.js draws them) explaining one comparison:
 * `intro` says what kind it was, `sides` one line a hand, `why` what decided.
 */
export function explanationParts(said, ctx) {
  const out = { intro: [], sides: [], why: [] };
  if (!said) return out;
  if (said.kind === "quiet_round") out.intro.push([EXPLAIN.quietRound(ctx.who(said.seats[0]), ctx.who(said.seats[1]))]);
  if (said.kind === "showdown") out.intro.push([EXPLAIN.showdown]);
  if (!said.sides.length) return out;
  for (const side of said.sides) {
    const parts = [`${EXPLAIN.side(ctx.who(side.seat), handName(side.hand))}: `, { cards: side.counted }];
    const reason = struckReason(said, side, ctx);
    if (reason) parts.push(` (${reason}: `, { cards: side.struck, struck: true }, ")");
    out.sides.push(parts);
  }
  out.why.push(verdict(said, ctx.who));
  if (said.suit_decided) out.why.push([EXPLAIN.suitDecided]);
  return out;
}

/** Every sentence of an explanation, in order (the log's lines). */
export function explanationLines(said, ctx) {
  const { intro, sides, why } = explanationParts(said, ctx);
  return [...intro, ...sides, ...why];
}

/** One side of an explained comparison: the cards as they fought, and the hand. */
export function explainedSide(said, side, ctx, role) {
  const struck = new Set(side.struck);
  const row = (cards, extra = "") => cardRow(cards, { size: "sm", struck, rowClass: extra });
  const reason = struckReason(said, side, ctx);
  const won = said.winners.includes(side.seat);
  return el(
    "div",
    { class: `battler ${role}${won ? " won" : ""}`, dataset: { testid: "explained-side", seat: String(side.seat) } },
    el("div", { class: "battler-name" }, ctx.who(side.seat)),
    el("div", { class: "battler-cards" }, row([side.banner], "banner-row"), side.soldiers.length ? row(side.soldiers) : null),
    el("div", { class: "battler-palace" }, row(side.palace)),
    el("div", { class: "battler-hand", dataset: { testid: "hand-name" } }, handName(side.hand)),
    reason ? el("div", { class: "struck-reason", dataset: { testid: "struck-reason" } }, reason) : null,
  );
}
