"""A seat's observation as a vector of numbers in [0, 1], and as a string.

Both are built only from :meth:`Hand.observe` for that seat (R-INFO-1..4: the
face-up cards, the seat's own palace, the palaces it was shown in a battle or at
a showdown, what it knows of the discard pile and the stock) and the seat's own
choice in progress: no hidden card can reach them. Seats are **relative to the
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

from palace_poker.cards import Card
from palace_poker.env.actions import MAX_SEATS
from palace_poker.env.state import EnvState, Pending
from palace_poker.observation import Observation

SEAT_SIZE: Final = 10 + 3 * 52
PHASES: Final = ("turn", "battle", "trim", "over")
PENDING: Final = (None, "discard", "trim", "open")
SIZE: Final = MAX_SEATS * SEAT_SIZE + 3 * 52 + 3 + len(PHASES) + 4 + 4 + len(PENDING) + 52


def vector(state: EnvState, seat: int) -> list[float]:
    """The observation of ``seat`` as :data:`SIZE` numbers in [0, 1]."""
    out = [0.0] * SIZE
    for index, value in _entries(state, seat).items():
        out[index] = value
    return out


def entries(state: EnvState, seat: int) -> tuple[list[int], list[float]]:
    """The same observation as its entries that may be non-zero: (indices, values).

    Most of the vector is zeros; an adapter fills an array from these in one step
    (``a = np.zeros(SIZE, np.float32); a[indices] = values``), several times faster
    than converting the whole list.
    """
    found = _entries(state, seat)
    return list(found), list(found.values())


def _entries(state: EnvState, seat: int) -> dict[int, float]:
    view = state.hand.observe(seat)
    return view_entries(view, state.pending if view.to_act == seat else None)


def view_entries(view: Observation, pending: Pending | None = None) -> dict[int, float]:
    """The observation's entries that may be non-zero, by index, from the seat's
    own :class:`Observation` (``view.viewer``) and its choice in progress: what a
    bot holds, so that a policy of ids can play as a bot
    (:mod:`palace_poker.env.policy_bot`). The chips in play are the stacks and the
    pot: chips only move between them in a hand."""
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


def text(state: EnvState, seat: int) -> str:
    """The observation of ``seat`` in words, one line a seat (relative order).

    It says everything :func:`vector` holds, in chips and cards rather than
    shares (so two states the seat can tell apart by the vector have different
    texts): the stakes and the chips in play, each seat's flags (in or out, all-in,
    dealer, attacker or defender, a quiet turn taken, to act), chips and known
    cards, the battle's raises, the cards set aside, discarded and reshuffled that
    the seat can name, the piles' sizes and the choice in progress. A list left
    out is empty.

    >>> from palace_poker import Rules
    >>> state = EnvState.new(Rules.of(10), [100, 100], dealer=0)
    >>> print(text(state, 1))
    seat 1 of 2; phase chance; pot 10; stock 0, discard pile 0 (a deck of 52)
    limit: small bet 10, big bet 20, ante 5; 200 chips in play
    you: in, stack 95, in pot 5, banner -, soldiers []
    seat 0: in, dealer, stack 95, in pot 5, banner -, soldiers []
    """
    hand = state.hand
    view = hand.observe(seat)
    rules = view.rules
    structure = "no-limit" if rules.no_limit else "limit"
    lines = [
        f"seat {seat} of {hand.n}; phase {view.phase}; pot {view.pot}; "
        f"stock {view.stock_size}, discard pile {view.discard_size} "
        f"(a deck of {rules.variant.cards})",
        f"{structure}: small bet {rules.small_bet}, big bet {rules.big_bet}, "
        f"ante {rules.ante}; {sum(hand.start_stacks)} chips in play",
    ]
    for rel in range(hand.n):
        other = (seat + rel) % hand.n
        lines.append(_seat_line(view, other, seat))
    if view.battle is not None:
        b = view.battle
        lines.append(
            f"battle: seat {b.attacker} attacks seat {b.defender}; raises {b.raises}, "
            f"last raise {b.last_raise}, raise chips {b.raised[0]} and {b.raised[1]}"
        )
    known = [
        f"{name} [{_cards(cards)}]"
        for name, cards in (
            ("set aside", view.set_aside),
            ("known discards", view.known_discards),
            ("known stock", view.known_stock),
        )
        if cards
    ]
    if known:
        lines.append("; ".join(known))
    pending = state.pending if view.to_act == seat else None
    if pending is not None:
        lines.append(f"choosing: {pending.kind} [{_cards(pending.cards)}]")
    return "\n".join(lines)


def _seat_line(view: Observation, other: int, seat: int) -> str:
    who = "you" if other == seat else f"seat {other}"
    battle = view.battle
    flags = [
        "in" if view.in_hand[other] else "out",
        *(["all-in"] if view.all_in[other] else []),
        *(["dealer"] if view.dealer == other else []),
        *(["attacker"] if battle is not None and battle.attacker == other else []),
        *(["defender"] if battle is not None and battle.defender == other else []),
        *(["quiet turn taken"] if view.quiet[other] else []),
    ]
    known = view.palace if other == seat else view.known_palaces.get(other, ())
    banner = view.banners[other] if other < len(view.banners) else "-"  # (being dealt)
    line = (
        f"{who}: {', '.join(flags)}, stack {view.stacks[other]}, "
        f"in pot {view.contributions[other]}, "
        f"banner {banner}, soldiers [{_cards(view.soldiers[other])}]"
    )
    if known:
        line += f", palace [{_cards(known)}]"
    return line + (" <- to act" if view.to_act == other else "")


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))
