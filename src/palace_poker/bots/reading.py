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
from collections.abc import Iterable, Sequence
from itertools import combinations

from palace_poker.actions import Verb
from palace_poker.cards import Card
from palace_poker.evaluator import evaluate
from palace_poker.observation import Observation
from palace_poker.options import Option
from palace_poker.shuffle import fisher_yates

#: A hand value (``evaluate``) divided by this is its category plus a fraction.
VALUE_SCALE = float(1 << 20)
#: Palace cards a player holds (R-PALACE-1).
PALACE_SIZE = 3
#: Soldiers a player may keep (R-BUY-3, R-CAPT-1).
MAX_SOLDIERS = 5


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


# ------------------------------------------------------- certainties (blunder rules)


def _own_cards(view: Observation) -> tuple[int, ...]:
    """The viewer's banner, palace cards and soldiers."""
    me = view.viewer
    assert me is not None
    return (view.banners[me], *view.palace, *view.soldiers[me])


def _beats_or_ties(
    theirs: Sequence[int], my_value: int, my_count: int, my_suit: int, their_suit: int
) -> bool:
    """Whether ``theirs`` does not lose a battle comparison (R-CMP-1, R-CMP-2) to a
    hand of value ``my_value`` with ``my_count`` cards of the viewer's own suit."""
    value = evaluate(theirs, my_suit)
    if value != my_value:
        return value > my_value
    return own_suit_count(theirs, their_suit) >= my_count


def certain_loss(view: Observation, target: int) -> bool:
    """Whether the viewer would lose a battle comparison against ``target`` whatever
    the target's unseen palace holds (R-CMP-1, R-CMP-2).

    The viewer knows all its own cards, so its comparison value against ``target``
    (its cards without the target's banner suit) is exact. The target's visible
    cards (banner and soldiers, plus a palace the viewer was shown) without the
    viewer's suit are a lower bound of the target's value, as more cards never make
    a worse hand (R-CARD-3), and their own-suit count a lower bound of the
    target's. The loss is certain when that lower bound already beats the viewer:
    a higher value, or an equal value with more cards of the target's own suit.
    """
    me = view.viewer
    assert me is not None
    my_suit = view.banners[me] & 3
    their_suit = view.banners[target] & 3
    mine = _own_cards(view)
    my_value = evaluate(mine, their_suit)
    theirs = (view.banners[target], *view.soldiers[target], *view.known_palaces.get(target, ()))
    value = evaluate(theirs, my_suit)
    if value != my_value:
        return value > my_value
    return own_suit_count(theirs, their_suit) > own_suit_count(mine, my_suit)


def possible_palaces(view: Observation, target: int) -> Iterable[tuple[int, ...]]:
    """Every palace ``target`` may hold as far as the viewer can tell, up to cards
    that cannot matter against the viewer: the palace it was shown, else every
    three of the unseen cards (:func:`unseen_cards`) not of the viewer's banner
    suit, high cards first. A card of the viewer's suit counts for nothing against
    the viewer (R-CMP-1) nor in the target's own-suit count (R-CMP-2), and a hand
    with more cards is never worse, so the palaces holding one are dominated by
    these; with fewer than three such cards, all of them are the one palace."""
    known = view.known_palaces.get(target)
    if known is not None:
        return [known]
    me = view.viewer
    assert me is not None
    my_suit = view.banners[me] & 3
    pool = [card for card in reversed(unseen_cards(view)) if card & 3 != my_suit]
    if len(pool) < PALACE_SIZE:
        return [tuple(pool)]
    return combinations(pool, PALACE_SIZE)


def certain_win(view: Observation, target: int) -> bool:
    """Whether the viewer would win a battle comparison against ``target`` whatever
    palace the target may hold (:func:`possible_palaces`): its exact value and
    own-suit count beat the target's visible cards with every such palace (R-CMP-1,
    R-CMP-2; a possible tie is no certain win). A CALL closes the battle and the
    hands are compared (R-BET-8), so a viewer facing a bet with a certain win wins
    the battle by calling. The search stops at the first palace that does not lose,
    strong palaces first, so it is quick unless the win is certain (at most a few
    thousand evaluations)."""
    me = view.viewer
    assert me is not None
    my_suit = view.banners[me] & 3
    their_suit = view.banners[target] & 3
    mine = _own_cards(view)
    my_value = evaluate(mine, their_suit)
    my_count = own_suit_count(mine, my_suit)
    visible = (view.banners[target], *view.soldiers[target])
    for palace in possible_palaces(view, target):
        if _beats_or_ties((*visible, *palace), my_value, my_count, my_suit, their_suit):
            return False
    return True


def certain_finish(view: Observation) -> int | None:
    """On a turn with two players left, the opponent when a BET on them wins the
    hand for certain; else None.

    With two players left the hand is decided by battle (R-END-3). When the
    viewer's cards beat every palace the opponent may hold (:func:`certain_win`), a
    BET ends the hand in the viewer's favour: the opponent folds, or the call is
    compared (R-BET-8), and a raise can be called (never needing a fold). Buying or
    staying instead gives the opponent draws that may undo the certainty."""
    if view.phase != "turn" or sum(view.in_hand) != 2:
        return None
    for option in view.options:
        if option.verb is Verb.BET:  # none with one banner suit (R-END-2 ends those)
            target = option.target
            assert target is not None
            return target if certain_win(view, target) else None
    return None


def attack_suits(view: Observation) -> list[int]:
    """The banner suits of the players the viewer may attack (R-BET-1: still in the
    hand, with a banner suit other than the viewer's), ascending."""
    me = view.viewer
    assert me is not None
    my_suit = view.banners[me] & 3
    return sorted(
        {view.banners[seat] & 3 for seat in opponents(view)} - {my_suit},
    )


def fresh_soldiers(view: Observation) -> tuple[Card, ...]:
    """At a trim, the soldiers the viewer gained in this turn: the card it just
    bought (R-BUY-3: the last soldier) or the banner and soldiers it just captured
    (R-CAPT-1: added last, the loser's banner first). Empty outside a trim."""
    me = view.viewer
    if view.phase != "trim" or me is None or not view.actions:
        return ()
    army = view.soldiers[me]
    last = view.actions[-1]
    if last.verb is Verb.BUY and last.seat == me:
        return army[-1:]
    for action in reversed(view.actions):
        if action.verb is Verb.BET:
            assert action.target is not None
            loser = action.target if action.seat == me else action.seat
            banner = view.banners[loser]
            return army[army.index(banner) :] if banner in army else ()
    return ()  # pragma: no cover - a trim follows a buy or a battle


def hand_values(view: Observation, army: Sequence[int], suits: Sequence[int]) -> tuple[int, ...]:
    """The viewer's comparison value with soldiers ``army`` against each banner suit
    of ``suits`` (R-CMP-1: that suit's cards left out)."""
    me = view.viewer
    assert me is not None
    cards = (view.banners[me], *view.palace, *army)
    return tuple([evaluate(cards, suit) for suit in suits])


def better_keeping(
    view: Observation, kept: Sequence[int], card: int, suits: Sequence[int]
) -> list[int] | None:
    """A trim keeping ``card`` that is strictly better than keeping ``kept`` against
    every suit of ``suits``: ``kept`` plus ``card`` while fewer than five soldiers are
    kept, else ``kept`` with one soldier swapped for ``card`` (the best such swap);
    None when there is none (or ``suits`` is empty, or ``card`` is kept)."""
    if not suits or card in kept:
        return None
    now = hand_values(view, kept, suits)
    if len(kept) < MAX_SOLDIERS:
        choices = [[*kept, card]]
    else:
        choices = [[*kept[:i], *kept[i + 1 :], card] for i in range(len(kept))]
    best: list[int] | None = None
    best_values: tuple[int, ...] = now
    for army in choices:
        values = hand_values(view, army, suits)
        if all(new > old for new, old in zip(values, now, strict=True)) and (
            best is None or values > best_values
        ):
            best, best_values = army, values
    return best


def keep_fresh(view: Observation, kept: Sequence[int]) -> list[int]:
    """``kept`` (the soldiers a trim keeps) amended so that no fresh soldier
    (:func:`fresh_soldiers`) is trimmed away while keeping it would make the hand
    strictly better against every player the viewer may attack
    (:func:`better_keeping`). Each change improves every value, so it ends."""
    army = list(kept)
    fresh = fresh_soldiers(view)
    suits = attack_suits(view)
    changed = True
    while changed:
        changed = False
        for card in fresh:
            better = better_keeping(view, army, card, suits)
            if better is not None:
                army, changed = better, True
    return army
