"""What a bot can work out from its own observation: the cards it cannot place, and
estimates of its chance to win a battle.

Everything here reads an :class:`~palace_poker.observation.Observation` only. The
cards an opponent may hold in their palace are sampled uniformly from the cards the
viewer cannot place (:func:`unseen_cards`), so an estimate is a small Monte Carlo
average: cheap enough to run at every decision of a simulated hand.

The variant (``view.rules.variant``, docs/rules.md *Variants*) is read once a
decision: the deck the unseen cards come from (V-CARD-1), the palace cards drawn
for an opponent (V-PALACE-1), the soldiers a trim keeps (V-BUY-3) and what an
opponent's banner strikes in a comparison, its suit (R-CMP-1) or its rank
(V-CMP-1). The tie-break counts one's own banner suit in either reading (R-CMP-2).

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
from palace_poker.state import shape_of

#: A hand value (``evaluate``) divided by this is its category plus a fraction.
VALUE_SCALE = float(1 << 20)
#: Palace cards a player holds in the standard game (R-PALACE-1; a variant's
#: ``palace``, V-PALACE-1).
PALACE_SIZE = 3
#: Soldiers a player may keep in the standard game (R-BUY-3, R-CAPT-1; a variant's
#: ``soldiers``, V-BUY-3).
MAX_SOLDIERS = 5
#: Cards in the standard game's deck (R-CARD-1).
FULL_DECK = 52


def deck_cards(view: Observation) -> Sequence[int]:
    """The cards of the deck the hand is played with (R-CARD-1; V-CARD-1: a
    variant's smaller deck), ascending."""
    variant = view.rules.variant
    if variant.cards == FULL_DECK:
        return range(FULL_DECK)
    return shape_of(variant).deck


def unseen_cards(view: Observation) -> list[int]:
    """Cards the viewer cannot place: other players' unseen palace cards, the
    unknown part of the stock and the discard pile (ascending card indices, all of
    the hand's deck: :func:`deck_cards`)."""
    placed = bytearray(FULL_DECK)
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
    return [card for card in deck_cards(view) if not placed[card]]


def own_suit_count(cards: Sequence[int], suit: int) -> int:
    """Cards of ``suit`` among ``cards`` (the R-CMP-2 tie-break)."""
    return sum(1 for card in cards if card & 3 == suit)


def struck_by_rank(view: Observation) -> bool:
    """Whether an opponent's banner strikes the cards of its rank (V-CMP-1,
    ``struck="rank"``) rather than of its suit (R-CMP-1)."""
    return view.rules.variant.struck == "rank"


def strike_of(banner: int, by_rank: bool) -> int:
    """What ``banner`` strikes from its opponent's cards in a comparison: its suit
    (R-CMP-1) or, ``by_rank``, its rank (V-CMP-1)."""
    return banner >> 2 if by_rank else banner & 3


def value_against(cards: Sequence[int], strike: int | None, by_rank: bool) -> int:
    """The comparison value of ``cards`` against a banner striking ``strike``
    (:func:`strike_of`): without the cards of that suit, or ``by_rank`` of that rank;
    ``None`` strikes nothing (the hand as a whole)."""
    if by_rank and strike is not None:
        return evaluate([card for card in cards if card >> 2 != strike])
    return evaluate(cards, strike)


class Reading:
    """One decision's estimates for the viewer of ``view``.

    ``samples`` palaces (of the variant's size, V-PALACE-1) are drawn from the
    unseen cards for the opponents whose palace the viewer has not seen (one draw
    shared by all opponents, for speed); an opponent whose palace the viewer was
    shown is compared exactly. Results are cached, so a bot may ask for the same
    target twice at no cost.
    """

    __slots__ = (
        "_odds",
        "_rng",
        "_samples",
        "_triples",
        "by_rank",
        "me",
        "mine",
        "palace_size",
        "pool",
        "view",
    )

    def __init__(self, view: Observation, rng: random.Random, samples: int) -> None:
        me = view.viewer
        if me is None:
            raise ValueError("a spectator's view has no cards to read")
        self.view = view
        self.me = me
        self.mine: tuple[int, ...] = (view.banners[me], *view.palace, *view.soldiers[me])
        self.pool = unseen_cards(view)
        variant = view.rules.variant
        #: palace cards an opponent holds (V-PALACE-1)
        self.palace_size: int = variant.palace
        #: a banner strikes its rank, not its suit (V-CMP-1)
        self.by_rank: bool = variant.struck == "rank"
        self._rng = rng
        self._samples = max(1, samples)
        self._triples: list[tuple[int, ...]] | None = None
        self._odds: dict[int, float] = {}

    def _draws(self) -> list[tuple[int, ...]]:
        """Sampled palaces: consecutive runs of shuffled unseen cards, as many as
        a palace holds (triples in the standard game)."""
        if self._triples is None:
            pool = list(self.pool)
            size = self.palace_size
            triples: list[tuple[int, ...]] = []
            if len(pool) >= size:
                # As rng.shuffle(pool), compiled (palace_poker.shuffle.fisher_yates).
                getrandbits = self._rng.getrandbits
                fisher_yates(pool, getrandbits)
                index = 0
                for _ in range(self._samples):
                    if index + size > len(pool):
                        fisher_yates(pool, getrandbits)
                        index = 0
                    if size == PALACE_SIZE:  # the standard game's, built directly
                        triples.append((pool[index], pool[index + 1], pool[index + 2]))
                    else:
                        triples.append(tuple(pool[index : index + size]))
                    index += size
            else:  # pragma: no cover - an unknown palace always leaves its cards unseen
                triples.append(tuple(pool))
            self._triples = triples
        return self._triples

    def battle_odds(self, target: int) -> float:
        """The estimated chance to win a battle comparison against ``target``
        (R-CMP-1: neither side counts cards of the other's banner suit; V-CMP-1: of
        its rank; R-CMP-2 ties count as half a win when the own-suit counts cannot
        be known)."""
        cached = self._odds.get(target)
        if cached is not None:
            return cached
        view = self.view
        my_banner = view.banners[self.me]
        their_banner = view.banners[target]
        my_suit, their_suit = my_banner & 3, their_banner & 3
        mine = self.mine
        by_rank = self.by_rank
        my_value = value_against(mine, strike_of(their_banner, by_rank), by_rank)
        my_strike = strike_of(my_banner, by_rank)
        my_count = own_suit_count(mine, my_suit)
        visible = (their_banner, *view.soldiers[target])
        known = view.known_palaces.get(target)
        draws: Sequence[tuple[int, ...]] = [known] if known else self._draws()
        wins = 0.0
        for palace in draws:
            theirs = (*visible, *palace)
            # The standard reading calls the evaluator directly (the inner loop).
            value = value_against(theirs, my_strike, True) if by_rank else evaluate(theirs, my_suit)
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
    theirs: Sequence[int],
    my_value: int,
    my_count: int,
    my_strike: int,
    their_suit: int,
    *,
    by_rank: bool,
) -> bool:
    """Whether ``theirs`` does not lose a battle comparison (R-CMP-1 or V-CMP-1,
    R-CMP-2) to a hand of value ``my_value`` with ``my_count`` cards of the viewer's
    own suit; the viewer's banner strikes ``my_strike`` (:func:`strike_of`)."""
    value = value_against(theirs, my_strike, True) if by_rank else evaluate(theirs, my_strike)
    if value != my_value:
        return value > my_value
    return own_suit_count(theirs, their_suit) >= my_count


def certain_loss(view: Observation, target: int) -> bool:
    """Whether the viewer would lose a battle comparison against ``target`` whatever
    the target's unseen palace holds (R-CMP-1 or V-CMP-1, R-CMP-2).

    The viewer knows all its own cards, so its comparison value against ``target``
    (its cards without those the target's banner strikes: its suit, or its rank) is
    exact. The target's visible cards (banner and soldiers, plus a palace the
    viewer was shown) without those the viewer's banner strikes are a lower bound
    of the target's value, as more cards never make a worse hand (R-CARD-3), and
    their own-suit count a lower bound of the target's. The loss is certain when
    that lower bound already beats the viewer: a higher value, or an equal value
    with more cards of the target's own suit.
    """
    me = view.viewer
    assert me is not None
    by_rank = struck_by_rank(view)
    my_banner, their_banner = view.banners[me], view.banners[target]
    mine = _own_cards(view)
    my_value = value_against(mine, strike_of(their_banner, by_rank), by_rank)
    theirs = (their_banner, *view.soldiers[target], *view.known_palaces.get(target, ()))
    value = value_against(theirs, strike_of(my_banner, by_rank), by_rank)
    if value != my_value:
        return value > my_value
    return own_suit_count(theirs, their_banner & 3) > own_suit_count(mine, my_banner & 3)


def possible_palaces(view: Observation, target: int) -> Iterable[tuple[int, ...]]:
    """Every palace ``target`` may hold as far as the viewer can tell, up to cards
    that cannot matter against the viewer: the palace it was shown, else every
    palace (as many cards as the variant's palace holds, V-PALACE-1) of the unseen
    cards (:func:`unseen_cards`) that can count for the target, high cards first.
    A card of the viewer's banner suit counts for nothing against the viewer
    (R-CMP-1) nor in the target's own-suit count (R-CMP-2); in the rank reading
    (V-CMP-1) a card of the viewer's banner rank counts for nothing against the
    viewer, and in the tie-break only when it is of the target's own suit. A hand
    with more cards is never worse, so the palaces holding such a card are
    dominated by these; with fewer such cards than a palace holds, all of them are
    the one palace."""
    known = view.known_palaces.get(target)
    if known is not None:
        return [known]
    me = view.viewer
    assert me is not None
    size = view.rules.variant.palace
    my_banner = view.banners[me]
    if struck_by_rank(view):
        my_rank, their_suit = my_banner >> 2, view.banners[target] & 3
        pool = [
            card
            for card in reversed(unseen_cards(view))
            if card >> 2 != my_rank or card & 3 == their_suit
        ]
    else:
        my_suit = my_banner & 3
        pool = [card for card in reversed(unseen_cards(view)) if card & 3 != my_suit]
    if len(pool) < size:
        return [tuple(pool)]
    return combinations(pool, size)


#: The most palaces :func:`certain_win` looks at. Every palace of three cards from
#: the standard game's deck is within it (fewer than C(45, 3) = 14,190, in either
#: reading); four palace cards from a large deck can be more (C(39, 4) = 82,251),
#: and no win is then called certain.
MOST_PALACES = 20_000


def certain_win(view: Observation, target: int) -> bool:
    """Whether the viewer would win a battle comparison against ``target`` whatever
    palace the target may hold (:func:`possible_palaces`): its exact value and
    own-suit count beat the target's visible cards with every such palace (R-CMP-1
    or V-CMP-1, R-CMP-2; a possible tie is no certain win). A CALL closes the
    battle and the hands are compared (R-BET-8), so a viewer facing a bet with a
    certain win wins the battle by calling. The search stops at the first palace
    that does not lose, strong palaces first, so it is quick unless the win is
    certain (at most a few thousand evaluations in the standard game). With more
    palaces than :data:`MOST_PALACES` (four palace cards, V-PALACE-1) no win is
    called certain: the answer is then "not known to be certain", never wrong."""
    me = view.viewer
    assert me is not None
    by_rank = struck_by_rank(view)
    my_banner, their_banner = view.banners[me], view.banners[target]
    their_suit = their_banner & 3
    mine = _own_cards(view)
    my_value = value_against(mine, strike_of(their_banner, by_rank), by_rank)
    my_count = own_suit_count(mine, my_banner & 3)
    my_strike = strike_of(my_banner, by_rank)
    visible = (their_banner, *view.soldiers[target])
    for looked, palace in enumerate(possible_palaces(view, target), 1):
        if looked > MOST_PALACES:
            return False  # too many to look at: not known to be certain
        theirs = (*visible, *palace)
        if _beats_or_ties(theirs, my_value, my_count, my_strike, their_suit, by_rank=by_rank):
            return False
    return True


def certain_finish(view: Observation) -> int | None:
    """On a turn with two players left, the opponent when a BET on them wins the
    hand for certain; else None.

    With two players left the hand is decided by battle (R-END-3; at once,
    V-END-3). When the
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


def attack_strikes(view: Observation) -> list[int]:
    """What the banners of the players the viewer may attack (R-BET-1) strike from
    the viewer's cards in a comparison, ascending: their suits (R-CMP-1,
    :func:`attack_suits`) or, in the rank reading, their ranks (V-CMP-1)."""
    if not struck_by_rank(view):
        return attack_suits(view)
    me = view.viewer
    assert me is not None
    my_suit = view.banners[me] & 3
    banners = [view.banners[seat] for seat in opponents(view)]
    return sorted({banner >> 2 for banner in banners if banner & 3 != my_suit})


def fresh_soldiers(view: Observation) -> tuple[Card, ...]:
    """At a trim, the soldiers the viewer gained in this turn: the card it just
    bought (R-BUY-3: the last soldier) or the banner and soldiers it just captured
    (R-CAPT-1: added last, the loser's banner first; V-FOLD-1: a fold on the
    folder's own turn captured). Empty outside a trim."""
    me = view.viewer
    if view.phase != "trim" or me is None or not view.actions:
        return ()
    army = view.soldiers[me]
    last = view.actions[-1]
    if last.verb is Verb.BUY and last.seat == me:
        return army[-1:]
    if last.verb is Verb.FOLD and last.seat != me:
        # The folder is the loser, in a battle or on their own turn (V-FOLD-1).
        return _captured(army, view.banners[last.seat])
    for action in reversed(view.actions):
        if action.verb is Verb.BET:
            assert action.target is not None
            loser = action.target if action.seat == me else action.seat
            return _captured(army, view.banners[loser])
    return ()  # pragma: no cover - a trim follows a buy or a battle


def _captured(army: tuple[Card, ...], banner: Card) -> tuple[Card, ...]:
    """The soldiers captured with ``banner``: it and those after it in ``army``."""
    return army[army.index(banner) :] if banner in army else ()


def hand_values(
    view: Observation, army: Sequence[int], strikes: Sequence[int], by_rank: bool = False
) -> tuple[int, ...]:
    """The viewer's comparison value with soldiers ``army`` against each of
    ``strikes``: banner suits (R-CMP-1: that suit's cards left out) or, ``by_rank``,
    banner ranks (V-CMP-1)."""
    me = view.viewer
    assert me is not None
    cards = (view.banners[me], *view.palace, *army)
    if by_rank:
        return tuple([value_against(cards, rank, True) for rank in strikes])
    return tuple([evaluate(cards, suit) for suit in strikes])


def better_keeping(
    view: Observation, kept: Sequence[int], card: int, strikes: Sequence[int]
) -> list[int] | None:
    """A trim keeping ``card`` that is strictly better than keeping ``kept`` against
    every banner the viewer may meet, ``strikes`` (:func:`attack_strikes`: suits,
    or ranks in the rank reading): ``kept`` plus ``card`` while fewer soldiers are
    kept than the variant allows (five in the standard game, V-BUY-3), else
    ``kept`` with one soldier swapped for ``card`` (the best such swap); None when
    there is none (or ``strikes`` is empty, or ``card`` is kept)."""
    if not strikes or card in kept:
        return None
    by_rank = struck_by_rank(view)
    now = hand_values(view, kept, strikes, by_rank)
    if len(kept) < view.rules.variant.soldiers:
        choices = [[*kept, card]]
    else:
        choices = [[*kept[:i], *kept[i + 1 :], card] for i in range(len(kept))]
    best: list[int] | None = None
    best_values: tuple[int, ...] = now
    for army in choices:
        values = hand_values(view, army, strikes, by_rank)
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
    strikes = attack_strikes(view)
    changed = True
    while changed:
        changed = False
        for card in fresh:
            better = better_keeping(view, army, card, strikes)
            if better is not None:
                army, changed = better, True
    return army
