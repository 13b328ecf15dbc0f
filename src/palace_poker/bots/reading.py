"""What a bot can work out from its own observation: the cards it cannot place, and
estimates of its chance to win a battle.

Everything here reads an :class:`~palace_poker.observation.Observation` only. The
cards an opponent may hold in their palace are sampled uniformly from the cards the
viewer cannot place (:func:`unseen_cards`), so an estimate is a small Monte Carlo
average: cheap enough to run at every decision of a simulated hand.

>>> import random
>>> from palace_poker import Hand, Rules, SeededShuffle
>>> hand = Hand.deal(Rules.of(10), [500, 500, 500], dealer=0, shuffle=SeededShuffle(8))
>>> view = hand.observe(hand.to_act)
>>> len(unseen_cards(view))                 # 52 - 3 banners - own 3 palace cards
46
>>> reading = Reading(view, random.Random(1), samples=32)
>>> 0.0 <= reading.battle_odds(0) <= 1.0
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from palace_poker.evaluator import evaluate
from palace_poker.observation import Observation
from palace_poker.options import Option
from palace_poker.shuffle import fisher_yates

#: A hand value (``evaluate``) divided by this is its category plus a fraction.
VALUE_SCALE = float(1 << 20)


def unseen_cards(view: Observation) -> list[int]:
    """Cards the viewer cannot place: other players' unseen palace cards, the
    unknown part of the stock and the discard pile (ascending card indices)."""
    placed = bytearray(52)
    for banner in view.banners:
        placed[banner] = 1
    for army in view.soldiers:
        for card in army:
            placed[card] = 1
    for card in view.palace:
        placed[card] = 1
    for palace in view.known_palaces.values():
        for card in palace:
            placed[card] = 1
    for card in view.known_discards:
        placed[card] = 1
    for card in view.known_stock:
        placed[card] = 1
    return [card for card in range(52) if not placed[card]]


def own_suit_count(cards: Sequence[int], suit: int) -> int:
    """Cards of ``suit`` among ``cards`` (the R-CMP-2 tie-break)."""
    return sum(1 for card in cards if card & 3 == suit)


class Reading:
    """One decision's estimates for the viewer of ``view``.

    ``samples`` palaces are drawn from the unseen cards for the opponents whose
    palace the viewer has not seen (one draw shared by all opponents, for speed);
    an opponent whose palace the viewer was shown is compared exactly. Results are
    cached, so a bot may ask for the same target twice at no cost.
    """

    __slots__ = ("_odds", "_rng", "_samples", "_triples", "me", "mine", "pool", "view")

    def __init__(self, view: Observation, rng: random.Random, samples: int) -> None:
        me = view.viewer
        if me is None:
            raise ValueError("a spectator's view has no cards to read")
        self.view = view
        self.me = me
        self.mine: tuple[int, ...] = (view.banners[me], *view.palace, *view.soldiers[me])
        self.pool = unseen_cards(view)
        self._rng = rng
        self._samples = max(1, samples)
        self._triples: list[tuple[int, ...]] | None = None
        self._odds: dict[int, float] = {}

    def _draws(self) -> list[tuple[int, ...]]:
        """Sampled palaces: consecutive triples of shuffled unseen cards."""
        if self._triples is None:
            pool = list(self.pool)
            triples: list[tuple[int, ...]] = []
            if len(pool) >= 3:
                # As rng.shuffle(pool), compiled (palace_poker.shuffle.fisher_yates).
                getrandbits = self._rng.getrandbits
                fisher_yates(pool, getrandbits)
                index = 0
                for _ in range(self._samples):
                    if index + 3 > len(pool):
                        fisher_yates(pool, getrandbits)
                        index = 0
                    triples.append((pool[index], pool[index + 1], pool[index + 2]))
                    index += 3
            else:  # pragma: no cover - an unknown palace always leaves 3 unseen cards
                triples.append(tuple(pool))
            self._triples = triples
        return self._triples

    def battle_odds(self, target: int) -> float:
        """The estimated chance to win a battle comparison against ``target``
        (R-CMP-1: neither side counts cards of the other's banner suit; R-CMP-2
        ties count as half a win when the own-suit counts cannot be known)."""
        cached = self._odds.get(target)
        if cached is not None:
            return cached
        view = self.view
        my_suit = view.banners[self.me] & 3
        their_suit = view.banners[target] & 3
        mine = self.mine
        my_value = evaluate(mine, their_suit)
        my_count = own_suit_count(mine, my_suit)
        visible = (view.banners[target], *view.soldiers[target])
        known = view.known_palaces.get(target)
        draws: Sequence[tuple[int, ...]] = [known] if known else self._draws()
        wins = 0.0
        for palace in draws:
            theirs = (*visible, *palace)
            value = evaluate(theirs, my_suit)
            if my_value > value:
                wins += 1.0
            elif my_value == value:
                their_count = own_suit_count(theirs, their_suit)
                wins += 1.0 if my_count > their_count else 0.5 if my_count == their_count else 0.0
        odds = wins / len(draws)
        self._odds[target] = odds
        return odds


def opponents(view: Observation) -> list[int]:
    """Other players still in the hand, in seat order."""
    me = view.viewer
    return [seat for seat, playing in enumerate(view.in_hand) if playing and seat != me]


def amount_for(option: Option, wanted: float, *, all_in_below: float = 0.0) -> int:
    """A no-limit amount near ``wanted``, within the option's bounds; the whole stack
    when what would be left is under ``all_in_below`` chips.

    >>> from palace_poker import Verb
    >>> raise_option = Option(0, Verb.RAISE, 20, None, 20, 300)
    >>> amount_for(raise_option, 55.4), amount_for(raise_option, 5)
    (55, 20)
    >>> amount_for(raise_option, 280, all_in_below=40), amount_for(raise_option, float("inf"))
    (300, 300)
    """
    low = option.min_amount if option.min_amount is not None else 0
    high = option.max_amount if option.max_amount is not None else low
    amount = high if wanted >= high else max(low, round(wanted))
    if high - amount < all_in_below:
        amount = high
    return amount
