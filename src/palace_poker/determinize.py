"""Determinization: one complete hand consistent with what a player has seen.

A bot that searches or simulates cannot look at the real hand: it only has its own
:class:`~palace_poker.observation.Observation`. :func:`determinize` deals the cards
the viewer cannot see (other players' unseen palace cards, the unknown part of the
stock and of the discard pile) at random from the cards the viewer cannot place,
and returns a :class:`~palace_poker.hand.Hand` in the same position as the real one:
same stacks, pot, armies, turn, battle and quiet round, with the viewer's knowledge
respected (its own palace, palaces it was shown, face-down cards it can name).
Playing on from that hand is a sample of what could happen.

The sampled hand has no event history or shuffles of its own: it is for
simulation, not for records.

>>> import random
>>> from palace_poker import Hand, Rules, SeededShuffle
>>> real = Hand.deal(Rules.of(10), [500, 500, 500], dealer=0, shuffle=SeededShuffle(8))
>>> view = real.observe(1)
>>> world = determinize(view, random.Random(3))
>>> world.observe(1) == view
True
>>> world.palaces[1] == real.palaces[1]
True
"""

from __future__ import annotations

import random

from palace_poker.actions import Verb
from palace_poker.battle import Battle
from palace_poker.cards import DECK, Card
from palace_poker.errors import IllegalActionError
from palace_poker.hand import Hand, Phase
from palace_poker.observation import Observation
from palace_poker.shuffle import SeededShuffle, ShuffleSource, fisher_yates


def determinize(
    view: Observation, rng: random.Random, *, shuffle: ShuffleSource | None = None
) -> Hand:
    """A random hand consistent with ``view`` (a seat's observation).

    ``rng`` deals the unseen cards; ``shuffle`` (default: seeded from ``rng``)
    serves any later shuffle of the sampled hand.
    """
    viewer = view.viewer
    if viewer is None:
        raise IllegalActionError("invalid_seat", "a spectator's view cannot be determinized")
    n = len(view.stacks)
    palaces: list[tuple[Card, ...]] = [()] * n
    palaces[viewer] = view.palace
    for seat, palace in view.known_palaces.items():
        if view.in_hand[seat]:
            palaces[seat] = palace
    known = _placed_cards(view, palaces)
    unseen = [card for card in DECK if card not in known]
    fisher_yates(unseen, rng.getrandbits)
    for seat in range(n):
        if view.in_hand[seat] and not palaces[seat]:
            palaces[seat], unseen = tuple(unseen[:3]), unseen[3:]
    hidden_discards = view.discard_size - len(view.known_discards)
    discard_pile = [*view.known_discards, *unseen[:hidden_discards]]
    stock = [*view.known_stock, *unseen[hidden_discards:]]
    fisher_yates(stock, rng.getrandbits)
    if len(stock) != view.stock_size:  # pragma: no cover - a view that breaks its own counts
        raise AssertionError("the view's card counts do not add up to 52")
    hand = _rebuild(view, palaces, stock, discard_pile)
    hand._shuffle = shuffle if shuffle is not None else SeededShuffle(rng.getrandbits(64))
    return hand


def _placed_cards(view: Observation, palaces: list[tuple[Card, ...]]) -> set[Card]:
    """Every card whose place the viewer knows."""
    known: set[Card] = set()
    for seat, army in enumerate(view.soldiers):
        known.update(army)
        if view.in_hand[seat]:
            known.add(view.banners[seat])
    for palace in palaces:
        known.update(palace)
    known.update(view.known_discards)
    known.update(view.known_stock)
    return known


def _rebuild(
    view: Observation,
    palaces: list[tuple[Card, ...]],
    stock: list[Card],
    discard_pile: list[Card],
) -> Hand:
    """A Hand in the view's position with the given hidden cards."""
    n = len(view.stacks)
    viewer = view.viewer
    assert viewer is not None
    hand = Hand()
    hand.rules = view.rules
    hand.n = n
    hand.dealer = view.dealer
    hand.names = view.names
    hand.start_stacks = tuple(s + c for s, c in zip(view.stacks, view.contributions, strict=True))
    hand.stacks = list(view.stacks)
    hand.contributions = list(view.contributions)
    hand.banners = view.banners
    hand.palaces = palaces
    hand.soldiers = [list(army) for army in view.soldiers]
    hand.in_hand = list(view.in_hand)
    hand.stock = stock
    hand.discard_pile = discard_pile
    hand.discard_public = list(view.known_discards)
    hand.discard_palaces = []
    hand.stock_public = list(view.known_stock)
    hand.stock_palaces = []
    hand.set_aside = view.set_aside
    hand.phase = Phase(view.phase)
    hand.to_act = view.to_act
    hand.turn = view.turn if view.turn is not None else 0
    hand.battle = _battle(view)
    hand.quiet = list(view.quiet)
    hand.revealed = [{} for _ in range(n)]
    hand.revealed[viewer] = dict(view.known_palaces)
    hand.shuffles = []
    hand.actions = list(view.actions)
    hand.events = []
    hand.result = None
    hand._trim_rule = _trim_rule(view)
    return hand


def _battle(view: Observation) -> Battle | None:
    if view.battle is None:
        return None
    b = view.battle
    return Battle.restore(
        b.attacker,
        b.defender,
        raises=b.raises,
        last_raise=b.last_raise,
        raised=b.raised,
        defender_entry_paid=b.defender_entry_paid,
    )


def _trim_rule(view: Observation) -> str:
    """Why a trim is due: after the player's own BUY, or after a capture."""
    if view.phase == Phase.TRIM and view.actions:
        last = view.actions[-1]
        if last.verb is Verb.BUY and last.seat == view.to_act:
            return "R-BUY-3"
    return "R-CAPT-1"
