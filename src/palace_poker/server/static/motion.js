// The table that moves: cards dealt from the stock, chips going into the pot,
// captured cards crossing to their winner, the pot going to its winner, each with
// its short sound (sound.js). The table is drawn anew on every update (seats.js);
// these are FLIP animations: where each thing was drawn before the update
// (measure), where it is drawn now, and a transform that plays the difference
// back to nothing (play). Chips are small clones that fly over the felt.
//
// Nothing waits for an animation: the new table, your options included, is there
// at once, and an animation only moves it into place (at most about 600 ms). A
// browser that asks for reduced motion (prefers-reduced-motion: reduce) gets no
// movement at all; the sounds are switched on or off by the player alone.
import { playSound } from "./sound.js";

const SLIDE_MS = 420;
const CHIP_MS = 380;
/** The most delay a staggered item gets, so that every animation ends by ~600 ms. */
const STAGGER_MAX_MS = 180;
/** Events whose chips go into the pot, and the hand seat they come from. */
const INTO_POT = {
  ante_posted: (e) => e.seat,
  battle_started: (e) => e.attacker,
  battle_called: (e) => e.seat,
  battle_raised: (e) => e.seat,
  soldier_bought: (e) => e.seat,
};

const motionQuery = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;

/** Whether the browser asks for reduced motion (then nothing moves). */
export function reducedMotion() {
  return Boolean(motionQuery && motionQuery.matches);
}

function centreOf(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/**
 * Where things are drawn now, as the eye sees them (mid-animation included, so an
 * update that comes during a move carries on from where the card is): the cards
 * of every army by card, with their seat; each seat's chips; the pot; the stock.
 */
export function measure(root) {
  const snap = { cards: new Map(), stacks: new Map(), pot: null, stock: null };
  for (const seat of root.querySelectorAll(".seat[data-seat]")) {
    const stack = seat.querySelector(".stack") || seat;
    snap.stacks.set(seat.dataset.seat, stack.getBoundingClientRect());
    for (const card of seat.querySelectorAll(".army .card[data-card]")) {
      snap.cards.set(card.dataset.card, { rect: card.getBoundingClientRect(), seat: seat.dataset.seat });
    }
  }
  const pot = root.querySelector("[data-testid=pot]");
  if (pot) snap.pot = pot.getBoundingClientRect();
  const stock = root.querySelector(".pile");
  if (stock) snap.stock = stock.getBoundingClientRect();
  return snap;
}

function count(kind) {
  const key = `motion${kind[0].toUpperCase()}${kind.slice(1)}`;
  document.body.dataset[key] = String(Number(document.body.dataset[key] || 0) + 1);
}

/** Slide `node` from `from` (a rect) to where it is drawn now. */
function slide(node, from, delay = 0) {
  const to = node.getBoundingClientRect();
  const a = centreOf(from);
  const b = centreOf(to);
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  if (Math.abs(dx) + Math.abs(dy) < 2) return false;
  node.classList.add("moving");
  const animation = node.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
    { duration: SLIDE_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
  );
  animation.finished.then(() => node.classList.remove("moving")).catch(() => {});
  return true;
}

/** A chip that flies from one rect to another, over everything, then is gone. */
function flyChip(from, to, delay = 0) {
  if (!from || !to) return false;
  const a = centreOf(from);
  const b = centreOf(to);
  const chip = document.createElement("span");
  chip.className = "chip-fly";
  chip.setAttribute("aria-hidden", "true");
  chip.style.left = `${a.x}px`;
  chip.style.top = `${a.y}px`;
  document.body.appendChild(chip);
  const animation = chip.animate(
    [{ transform: "translate(-50%, -50%)", opacity: 1 }, { transform: `translate(calc(${b.x - a.x}px - 50%), calc(${b.y - a.y}px - 50%))`, opacity: 0.85 }],
    { duration: CHIP_MS, delay, easing: "cubic-bezier(.3,.6,.3,1)", fill: "both" },
  );
  animation.finished.then(() => chip.remove()).catch(() => chip.remove());
  return true;
}

/**
 * Play what changed between `before` (measure, before the update was drawn) and
 * the table drawn now, for the log entries the update brought (their events say
 * which chips moved and whose the pot is). `fresh`: the whole table was drawn anew
 * (a first welcome): nothing moves.
 */
export function play(root, before, entries, { fresh = false } = {}) {
  if (!before || fresh) return;
  const kinds = new Set();
  const events = [];
  for (const entry of entries || []) {
    for (const event of entry.events || []) events.push({ event, seats: entry.hand_seats || [] });
  }
  const dealt = (entries || []).some((e) => e.kind === "hand_started");
  const moving = !reducedMotion();

  let stagger = 0;
  const nextDelay = () => {
    const delay = Math.min(STAGGER_MAX_MS, stagger);
    stagger += 30;
    return delay;
  };
  for (const seat of root.querySelectorAll(".seat[data-seat]")) {
    for (const card of seat.querySelectorAll(".army .card[data-card]")) {
      // (a new hand deals from a new deck: a card of the last hand is another card)
      const was = dealt ? null : before.cards.get(card.dataset.card);
      if (was && was.seat !== seat.dataset.seat) {
        kinds.add("capture"); // a captured card crosses to its winner's army
        if (moving && slide(card, was.rect)) count("capture");
      } else if (!was && before.stock) {
        kinds.add("deal"); // a banner dealt, a soldier bought: from the stock
        if (moving && slide(card, before.stock, nextDelay())) count("deal");
      }
    }
    if (dealt && before.stock) {
      for (const card of seat.querySelectorAll(".palace .card")) {
        kinds.add("deal");
        if (moving && slide(card, before.stock, nextDelay())) count("deal");
      }
    }
  }

  const potNow = root.querySelector("[data-testid=pot]");
  const pot = potNow ? potNow.getBoundingClientRect() : before.pot;
  const stackOf = (t) => {
    const seat = root.querySelector(`.seat[data-seat="${t}"]`);
    const node = seat && (seat.querySelector(".stack") || seat);
    return node ? node.getBoundingClientRect() : before.stacks.get(String(t));
  };
  let chips = 0;
  for (const { event, seats } of events) {
    const from = INTO_POT[event.type];
    if (from && chips < 6) {
      const t = seats[from(event)];
      kinds.add("chips");
      chips += 1;
      if (moving && flyChip(stackOf(t), pot, nextDelay())) count("chips");
    } else if (event.type === "pot_awarded") {
      kinds.add("pot");
      if (moving && flyChip(before.pot || pot, stackOf(seats[event.seat]), nextDelay())) count("pot");
    }
  }
  // one sound an update, the one that says most (the pot, a capture, chips, a deal)
  const sound = ["pot", "capture", "chips", "deal"].find((k) => kinds.has(k));
  if (sound) playSound(sound);
}
