"""A seat's observation as a vector of numbers in [0, 1].

It is built only from the seat's own :class:`~palace_poker.observation.Observation`
(R-INFO-1..4: the face-up cards, the seat's own palace, the palaces it was shown in
a battle or at a showdown, what it knows of the discard pile and the stock) and its
choice in progress: no hidden card can reach it. The research environments give it
(:mod:`palace_poker.env.observe`), and a bot that decides by a network reads it
(:mod:`palace_poker.bots.fast`). Seats are **relative to the
observer** (block 0 is the observer, block 1 the player on their left, ...) and
padded to ten blocks, so one network serves every table size. Chips are divided
by the chips in play (the start stacks' sum), so every entry is in [0, 1].

Every variant (docs/rules.md, *Variants*) has the same layout: a card block has an
entry for each of the 52 cards of the full deck, by card index, and a smaller
deck's cards keep their entries (the others stay zero). The variant itself is not
in the vector: an agent learns one variant, or is told it otherwise.

Layout (:data:`SIZE` = 1,887 numbers):

* ten seat blocks of :data:`SEAT_SIZE` = 166: present, in the hand, all-in, to act,
  dealer, attacker, defender, quiet turn taken (R-END-4), stack, chips in the pot,
  then three 52-card blocks: the banner, the soldiers, the palace cards known to
  the observer (all of their own; an opponent's once shown);
* the cards set aside at the banner deal, the known discards and the known stock
  cards (52 each);
* the pot, the stock's and the discard pile's sizes (÷ the deck's cards: 52 in
  the standard game);
* the phase (turn, battle, trim, over), one-hot;
* the battle: raises so far ÷ 10, the latest raise, each side's raise chips;
* the structure (no-limit), the small bet, the big bet and the ante;
* the observer's choice in progress: its kind (none, discard, trim, opening
  raise), one-hot, and the cards chosen so far (52).
"""

from __future__ import annotations

from typing import Final

from palace_poker.encoding.ids import MAX_SEATS
from palace_poker.encoding.steps import Pending
from palace_poker.observation import Observation

SEAT_SIZE: Final = 10 + 3 * 52
PHASES: Final = ("turn", "battle", "trim", "over")
PENDING: Final = (None, "discard", "trim", "open")
SIZE: Final = MAX_SEATS * SEAT_SIZE + 3 * 52 + 3 + len(PHASES) + 4 + 4 + len(PENDING) + 52


def view_entries(view: Observation, pending: Pending | None = None) -> dict[int, float]:
    """The observation's entries that may be non-zero, by index, from the seat's
    own :class:`Observation` (``view.viewer``) and its choice in progress: what a
    bot holds, so that a policy of ids can play as a bot
    (:mod:`palace_poker.env.policy_bot`, :mod:`palace_poker.bots.fast`). The chips
    in play are the stacks and the pot: chips only move between them in a hand."""
    seat = view.viewer
    if seat is None:
        raise ValueError("a spectator's view has no observation vector")
    n = len(view.in_hand)
    total = float(sum(view.stacks) + view.pot) or 1.0
    out: dict[int, float] = {}
    battle = view.battle
    all_in = view.all_in
    for rel in range(n):
        _seat_block(out, rel * SEAT_SIZE, view, (seat + rel) % n, seat=seat, scale=(total, all_in))
    at = MAX_SEATS * SEAT_SIZE
    for block in (view.set_aside, view.known_discards, view.known_stock):
        for card in block:
            out[at + card] = 1.0
        at += 52
    out[at] = view.pot / total
    cards = float(view.rules.variant.cards)  # 52 in the standard game
    out[at + 1] = view.stock_size / cards
    out[at + 2] = view.discard_size / cards
    at += 3
    out[at + PHASES.index(view.phase if view.phase in PHASES else "over")] = 1.0
    at += len(PHASES)
    if battle is not None:
        out[at] = min(battle.raises, 10) / 10
        out[at + 1] = battle.last_raise / total
        out[at + 2] = battle.raised[0] / total
        out[at + 3] = battle.raised[1] / total
    at += 4
    rules = view.rules
    out[at] = float(rules.no_limit)
    out[at + 1] = min(1.0, rules.small_bet / total)
    out[at + 2] = min(1.0, rules.big_bet / total)
    out[at + 3] = min(1.0, rules.ante / total)
    at += 4
    out[at + PENDING.index(pending.kind if pending is not None else None)] = 1.0
    at += len(PENDING)
    for card in pending.cards if pending is not None else ():
        out[at + card] = 1.0
    return out


def _seat_block(
    out: dict[int, float],
    base: int,
    view: Observation,
    other: int,
    *,
    seat: int,
    scale: tuple[float, tuple[bool, ...]],
) -> None:
    """The block of one seat (``other``) as ``seat`` sees it (``scale``: the chips in
    play, and who is all-in)."""
    total, all_in = scale
    battle = view.battle
    out[base] = 1.0
    out[base + 1] = float(view.in_hand[other])
    out[base + 2] = float(all_in[other])
    out[base + 3] = float(view.to_act == other)
    out[base + 4] = float(view.dealer == other)
    out[base + 5] = float(battle is not None and battle.attacker == other)
    out[base + 6] = float(battle is not None and battle.defender == other)
    out[base + 7] = float(view.quiet[other])
    out[base + 8] = view.stacks[other] / total
    out[base + 9] = view.contributions[other] / total
    cards = base + 10
    if other < len(view.banners):  # (while the banners are being dealt)
        out[cards + view.banners[other]] = 1.0
    for card in view.soldiers[other]:
        out[cards + 52 + card] = 1.0
    known = view.palace if other == seat else view.known_palaces.get(other, ())
    for card in known:
        out[cards + 104 + card] = 1.0
