"""Dealing a hand: antes, the banner deal and the palace deal, card by card
(R-ANTE-1, R-BANNER-1..4, R-PALACE-1).

:func:`new_hand` posts the antes and shuffles the deck; every card dealt after that
is a chance outcome (:func:`banner_card`, :func:`palace_card`), given by the hand's
shuffle source or by the caller. When the last palace card is dealt, the first turn
starts (R-TURN-1).
"""

from __future__ import annotations

from palace_poker.actions import Action
from palace_poker.cards import DECK, Card
from palace_poker.config import Rules
from palace_poker.ending import emit, emit_all, pay
from palace_poker.events import (
    ante_posted,
    banner_card_set_aside,
    banner_dealt,
    palace_dealt,
)
from palace_poker.piles import make_pile, shuffled, take
from palace_poker.shuffle import ShuffleSource
from palace_poker.state import (
    BANNER_CARD,
    CHANCE,
    EVERYONE,
    NO_CHANCE,
    NOBODY,
    NOTHING_SHOWN,
    PALACE_CARD,
    Deal,
    HandState,
    shape_of,
    with_army,
)
from palace_poker.turns import start_turn

_NO_ACTIONS: tuple[Action, ...] = ()


def new_hand(
    rules: Rules,
    stacks: tuple[int, ...],
    *,
    dealer: int,
    names: tuple[str, ...],
    source: ShuffleSource | None,
) -> HandState:
    """A hand whose antes are posted (R-ANTE-1) and whose deck is shuffled, the first
    banner card due (the inputs are checked by the caller)."""
    n = len(stacks)
    state = HandState(
        rules=rules,
        shape=shape_of(rules.variant),
        dealer=dealer,
        names=names,
        start_stacks=stacks,
        contributions=(0,) * n,
        banners=(),
        palaces=((),) * n,
        soldiers=((),) * n,
        in_hand=EVERYONE[n],
        set_aside=(),
        shuffles=(),
        drawn=0,
        discard_pile=b"",
        discard_public=(),
        discard_owners=(),
        stock_public=(),
        stock_owners=(),
        revealed=NOTHING_SHOWN[n],
        phase=CHANCE,
        to_act=None,
        turn=0,
        quiet=NOBODY[n],
        trim_rule="R-BUY-3",
        battle=None,
        chance=BANNER_CARD,
        deal=Deal((), (), 0),
        source=source,
        version=0,
        actions=_NO_ACTIONS,
        events=[],
        events_shared=False,
        result=None,
    )
    _post_antes(state)
    make_pile(state, shuffled(state, state.shape.deck, "deck"), "deck")
    return state


def _post_antes(state: HandState) -> None:
    """R-ANTE-1: everyone antes; a short stack posts all it has (all-in)."""
    ante = state.rules.ante
    if ante == 0:
        return
    for seat in range(state.n):
        paid = pay(state, seat, ante)
        emit(state, ante_posted(seat, paid, state.stack(seat) == 0))


def banner_seat(state: HandState) -> int:
    """The seat the next banner-deal card goes to."""
    assert state.deal is not None
    return (state.dealer + 1 + len(state.deal.banners)) % state.n


def palace_seat(state: HandState) -> int:
    """The seat the next palace card goes to."""
    assert state.deal is not None
    return (state.dealer + 1 + state.deal.palace_cards % state.n) % state.n


def banner_card(state: HandState, card: Card) -> None:
    """R-BANNER-2: ``card`` is dealt face up to the player being dealt a banner: the
    first card of a suit no earlier player of their group holds becomes their banner,
    any other is set aside. R-BANNER-3: the deck running out, the set-aside cards are
    shuffled to become the deck. R-BANNER-4: after the last banner, the set-aside
    cards and the rest of the deck are gathered and shuffled into the stock."""
    deal = state.deal
    assert deal is not None
    seat = banner_seat(state)
    take(state, card)
    banners, aside = deal.banners, deal.aside
    position, group = len(banners), state.shape.group
    suit = card & 3
    taken = False
    for banner in banners[position - position % group : position]:  # R-BANNER-1
        if banner & 3 == suit:
            taken = True
    if taken:
        aside = (*aside, card)
        state.set_aside = (*state.set_aside, card)
        emit(state, banner_card_set_aside(seat, card))
    else:
        banners = (*banners, card)
        emit(state, banner_dealt(seat, card))
    if len(banners) == state.n:
        _end_banner_deal(state, banners, aside)
    elif state.pile_size() == 0:
        make_pile(state, shuffled(state, aside, "set-aside"), "set-aside")
        state.deal = Deal(banners, (), 0)
    else:
        state.deal = Deal(banners, aside, 0)


def _end_banner_deal(state: HandState, banners: tuple[Card, ...], aside: tuple[Card, ...]) -> None:
    n, dealer = state.n, state.dealer
    by_seat = [banners[0]] * n
    for position, banner in enumerate(banners):
        by_seat[(dealer + 1 + position) % n] = banner
    state.banners = tuple(by_seat)
    rest = state.pile()
    make_pile(state, shuffled(state, (*aside, *rest), "stock"), "stock")
    state.deal = Deal(banners, (), 0)
    state.chance = PALACE_CARD


def palace_card(state: HandState, card: Card) -> None:
    """R-PALACE-1: ``card`` is dealt face down to the next player, one card each in
    dealing order, three rounds (V-PALACE-1: the variant's count); the rest of the
    deck is the stock. Then the player left of the dealer takes the first turn
    (R-TURN-1)."""
    deal = state.deal
    assert deal is not None
    seat = palace_seat(state)
    take(state, card)
    state.palaces = with_army(state.palaces, seat, (*state.palaces[seat], card))
    dealt = deal.palace_cards + 1
    if dealt < state.shape.palace * state.n:
        state.deal = Deal(deal.banners, (), dealt)
    else:
        _end_palace_deal(state)


def palace_cards_in_order(state: HandState) -> None:
    """R-PALACE-1 with a shuffle source: every palace card still due, at once, from
    the top of the stock in its order: the same as :func:`palace_card` for each, in
    one pass (a hand deals its palace cards this way)."""
    deal = state.deal
    assert deal is not None
    n, dealt = state.n, deal.palace_cards
    top = state.shuffles[-1][state.drawn : state.drawn + state.shape.palace * n - dealt]
    palaces = [list(palace) for palace in state.palaces]
    first = state.dealer + 1
    for k, index in enumerate(top, start=dealt):
        palaces[(first + k % n) % n].append(DECK[index])
    state.drawn += len(top)
    state.palaces = tuple([tuple(palace) for palace in palaces])
    _end_palace_deal(state)


def _end_palace_deal(state: HandState) -> None:
    order = state.dealing_order()
    # In its public form: the cards are the state's (see redaction.full_events).
    emit_all(state, tuple([palace_dealt(s, ()) for s in order]))
    state.deal = None
    state.chance = NO_CHANCE
    start_turn(state, order[0])
