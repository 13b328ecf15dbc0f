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
from palace_poker.cards import DECK, Card
from palace_poker.errors import IllegalActionError
from palace_poker.hand import Hand
from palace_poker.observation import Observation
from palace_poker.shuffle import SeededShuffle, ShuffleSource, fisher_yates
from palace_poker.state import NO_CHANCE, HandState, Phase


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
    if view.phase == "chance":
        raise IllegalActionError(
            "chance_due", "a view taken while a card is being dealt cannot be determinized"
        )
    n = len(view.stacks)
    palaces: list[tuple[Card, ...]] = [()] * n
    palaces[viewer] = view.palace
    for seat, palace in view.known_palaces.items():
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
    stock.reverse()  # drawn from the end: the pile lists its top first
    source = shuffle if shuffle is not None else SeededShuffle(rng.getrandbits(64))
    return Hand(_rebuild(view, tuple(palaces), bytes(stock), bytes(discard_pile), source))


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
    palaces: tuple[tuple[Card, ...], ...],
    stock: bytes,
    discard_pile: bytes,
    source: ShuffleSource,
) -> HandState:
    """A state in the view's position with the given hidden cards. Its only shuffle
    is the sampled stock: it has no deal of its own."""
    viewer = view.viewer
    assert viewer is not None
    revealed: list[tuple[int, ...]] = [()] * len(view.stacks)
    revealed[viewer] = tuple(view.known_palaces)
    return HandState(
        rules=view.rules,
        dealer=view.dealer,
        names=view.names,
        start_stacks=tuple(s + c for s, c in zip(view.stacks, view.contributions, strict=True)),
        contributions=view.contributions,
        banners=view.banners,
        palaces=palaces,
        soldiers=view.soldiers,
        in_hand=view.in_hand,
        set_aside=view.set_aside,
        shuffles=(stock,),
        drawn=0,
        discard_pile=discard_pile,
        discard_public=view.known_discards,
        discard_owners=(),
        stock_public=view.known_stock,
        stock_owners=(),
        revealed=tuple(revealed),
        phase=Phase(view.phase),
        to_act=view.to_act,
        turn=view.turn if view.turn is not None else 0,
        quiet=view.quiet,
        trim_rule=_trim_rule(view),
        battle=view.battle,
        chance=NO_CHANCE,
        deal=None,
        source=source,
        version=view.version,
        actions=view.actions,
        events=[],
        events_shared=False,
        result=None,
    )


def _trim_rule(view: Observation) -> str:
    """Why a trim is due: after the player's own BUY, or after a capture."""
    if view.phase == Phase.TRIM and view.actions:
        last = view.actions[-1]
        if last.verb is Verb.BUY and last.seat == view.to_act:
            return "R-BUY-3"
    return "R-CAPT-1"
