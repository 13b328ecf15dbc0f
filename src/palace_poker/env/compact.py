"""The compact observation: the padded vector cut to the table and the deck, with
named feature groups.

:func:`palace_poker.env.observe.vector` has one layout for every table (ten seat
blocks) and every variant (52-card blocks), so that one network serves them all;
heads-up in ``tiny`` all but a hundred of its 1,887 numbers are zero for ever. The
compact observation keeps only the entries that can be non-zero at a table of
``players`` seats in ``variant``: the seat blocks of the seats present, and in every
card block the variant's own cards. It is a gather from the padded vector
(:attr:`Layout.index`), so it holds exactly what the padded one holds — nothing is
dropped that could be non-zero, as a test checks over random hands — and its
entries are in the same order.

Each entry belongs to one named group (:attr:`Layout.groups`, name to its range):
``seat0.flags`` (present, in the hand, all-in, to act, dealer, attacker, defender,
quiet turn taken), ``seat0.chips`` (stack, chips in the pot), ``seat0.banner``,
``seat0.soldiers``, ``seat0.palace`` (card blocks), and so on for each seat relative
to the observer (``seat0`` is the observer), then ``set_aside``,
``known_discards``, ``known_stock``, ``piles`` (pot, stock and discard sizes),
``phase``, ``battle``, ``stakes``, ``choosing`` (the kind of the choice in
progress) and ``chosen`` (its cards). A network may embed the card groups with one
shared layer and the rest with another.

>>> from palace_poker.variant import Variant
>>> tiny = layout(2, Variant(ranks=3, suits=2, palace=1, soldiers=1, group=2))
>>> tiny.size, tiny.groups["seat1.banner"], tiny.groups["phase"]
(99, (38, 44), (77, 81))
>>> layout(2).size, layout(10).size
(559, 1887)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from palace_poker.encoding.ids import MAX_SEATS
from palace_poker.env import observe
from palace_poker.env.state import EnvState
from palace_poker.variant import STANDARD, Variant

#: The groups after the seat blocks, each with its length in the padded vector
#: (``None``: a 52-card block).
_TAIL: Final[tuple[tuple[str, int | None], ...]] = (
    ("set_aside", None),
    ("known_discards", None),
    ("known_stock", None),
    ("piles", 3),
    ("phase", len(observe.PHASES)),
    ("battle", 4),
    ("stakes", 4),
    ("choosing", len(observe.PENDING)),
    ("chosen", None),
)
#: A seat block's groups, each with its length (``None``: a 52-card block).
_SEAT: Final[tuple[tuple[str, int | None], ...]] = (
    ("flags", 8),
    ("chips", 2),
    ("banner", None),
    ("soldiers", None),
    ("palace", None),
)


@dataclass(frozen=True)
class Layout:
    """The compact observation of a table size and variant: its ``size``, each
    group's ``(start, stop)`` in it, and for each of its entries the index of the
    padded vector it is taken from."""

    players: int
    variant: Variant
    size: int
    groups: dict[str, tuple[int, int]]
    index: NDArray[np.intp]

    def gather(self, padded: NDArray[np.float32]) -> NDArray[np.float32]:
        """The compact observation from a padded one (one or a batch: the last
        axis is the vector's)."""
        return padded[..., self.index]


@functools.lru_cache(maxsize=256)
def layout(players: int, variant: Variant = STANDARD) -> Layout:
    """The compact layout of a table of ``players`` seats in ``variant``."""
    if not 2 <= players <= MAX_SEATS:
        raise ValueError(f"players must be 2..{MAX_SEATS}, got {players}")
    cards = sorted(int(card) for card in variant.deck)
    index: list[int] = []
    groups: dict[str, tuple[int, int]] = {}

    def take(name: str, start: int, length: int | None) -> int:
        kept = [start + c for c in cards] if length is None else list(range(start, start + length))
        groups[name] = (len(index), len(index) + len(kept))
        index.extend(kept)
        return start + (52 if length is None else length)

    for seat in range(players):
        at = seat * observe.SEAT_SIZE
        for part, length in _SEAT:
            at = take(f"seat{seat}.{part}", at, length)
    at = MAX_SEATS * observe.SEAT_SIZE
    for name, length in _TAIL:
        at = take(name, at, length)
    assert at == observe.SIZE
    return Layout(players, variant, len(index), groups, np.asarray(index, np.intp))


def compact(state: EnvState, seat: int) -> NDArray[np.float32]:
    """``seat``'s compact observation of ``state`` (its table and variant)."""
    hand = state.hand
    padded = np.zeros(observe.SIZE, np.float32)
    indices, values = observe.entries(state, seat)
    padded[indices] = values
    return layout(hand.n, hand.rules.variant).gather(padded)
