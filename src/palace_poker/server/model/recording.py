"""The table's shuffle source: secure for new shuffles, and replaying stored ones.

A live table shuffles with the operating system's generator (:class:`SecureShuffle`).
Each order it produces is kept until the table's store has written it (in the same
transaction as the log entry that caused it, and in a table no client is ever sent
from), so that after a restart the table is rebuilt by running its log again
against the very same orders: the hand in progress continues with the cards it
had.

>>> from palace_poker.cards import parse_cards
>>> live = RecordingShuffle()
>>> order = live.shuffle(parse_cards("As Kd 7c"))
>>> live.take_fresh() == [tuple(order)], live.take_fresh()
(True, [])
>>> again = RecordingShuffle([tuple(order)])
>>> again.shuffle(parse_cards("7c As Kd")) == order, again.replaying
(True, False)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from palace_poker.cards import Card
from palace_poker.errors import RecordError
from palace_poker.fair import FairShuffle
from palace_poker.shuffle import SecureShuffle, ShuffleSource


class RecordingShuffle:
    """Gives the stored orders first (a table being rebuilt), then new ones: from
    the source set by :meth:`use` (a hand's fair shuffles), else secure ones."""

    def __init__(self, stored: Iterable[tuple[Card, ...]] = ()) -> None:
        self._stored: deque[tuple[Card, ...]] = deque(stored)
        self._fresh: list[tuple[Card, ...]] = []
        self._secure = SecureShuffle()
        self._source: FairShuffle | ShuffleSource | None = None

    def extend(self, stored: Iterable[tuple[Card, ...]]) -> None:
        """More stored orders to give, after those still waiting (orders another
        server process made for this table)."""
        self._stored.extend(stored)

    def use(self, source: FairShuffle | ShuffleSource | None) -> None:
        """Take new orders from ``source`` (None: the secure generator again): a
        hand's fair shuffles, or a lesson's arranged deck."""
        self._source = source

    @property
    def replaying(self) -> bool:
        """True while stored orders remain to be given."""
        return bool(self._stored)

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """An order of ``cards``: the next stored one, else a new secure one."""
        if self._stored:
            order = self._stored.popleft()
            if sorted(order) != sorted(cards):
                raise RecordError(
                    "shuffle_mismatch",
                    f"a stored shuffle of {len(order)} cards is not an order of the "
                    f"{len(cards)} cards shuffled",
                )
            # A fair source is run too: it must give the stored order, and it stays
            # at the same place as the hand (a rebuilt hand goes on fairly).
            if self._source is not None and self._source.shuffle(cards) != list(order):
                raise RecordError(
                    "shuffle_mismatch", "a stored shuffle is not the order its fair seed gives"
                )
            return list(order)
        fresh = (self._source or self._secure).shuffle(cards)
        self._fresh.append(tuple(fresh))
        return fresh

    def take_fresh(self) -> list[tuple[Card, ...]]:
        """The orders made since the last call, to be stored (and forgotten here)."""
        fresh, self._fresh = self._fresh, []
        return fresh

    def fork(self) -> RecordingShuffle:
        """A copy for a bot's look-ahead: it gives orders of its own, never stored."""
        return RecordingShuffle()
