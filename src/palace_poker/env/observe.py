"""A seat's observation as a vector of numbers in [0, 1], and as a string.

The vector is :mod:`palace_poker.encoding.vector`'s (its layout there), built from
the seat's :meth:`Hand.observe` and its choice in progress; the string says in words
everything the vector holds.
"""

from __future__ import annotations

from palace_poker.cards import Card
from palace_poker.encoding.vector import PENDING, PHASES, SEAT_SIZE, SIZE, view_entries
from palace_poker.env.state import EnvState
from palace_poker.observation import Observation


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


# The layout's sizes are read here by the environments' users (``observe.SIZE``).
__all__ = ["PENDING", "PHASES", "SEAT_SIZE", "SIZE", "entries", "text", "vector"]
