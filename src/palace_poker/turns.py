"""A player's turn: BUY, DISCARD, BET, STAY, FOLD, and the trim after a BUY or a
capture (R-TURN, R-BUY, R-DISC, R-BET-1, R-BET-2, R-STAY-1, R-FOLD-1, R-CAPT-1).

Each function applies one decision that ``legal.plan`` has checked; none checks it
again. A BUY only asks for its card: the card is a chance outcome, given by the
hand's shuffle source or by the caller (:func:`soldier_drawn`).
"""

from __future__ import annotations

from palace_poker.cards import DECK, Card
from palace_poker.ending import capture, check_end, emit, leave, pay
from palace_poker.events import (
    battle_started,
    folded,
    soldier_bought,
    soldiers_discarded,
    stayed,
    turn_started,
)
from palace_poker.piles import make_pile, shuffled, take
from palace_poker.state import (
    BATTLE,
    CHANCE,
    NO_CHANCE,
    NOBODY,
    SOLDIER_CARD,
    TRIM,
    TURN,
    HandState,
    battle_view,
    with_army,
    with_bool,
)


def start_turn(state: HandState, seat: int) -> None:
    """R-TURN-1, R-TURN-3: ``seat`` takes a turn."""
    state.phase = TURN
    state.turn = seat
    state.to_act = seat
    emit(state, turn_started(seat))


def finish_turn(state: HandState) -> None:
    """R-TURN-3 and R-END-5: check the end, else the next player clockwise."""
    if not check_end(state, after_turn=True):
        start_turn(state, state.left_of(state.turn))


def start_trim(state: HandState, seat: int, rule: str) -> None:
    """After a BUY (R-BUY-3) or a capture (R-CAPT-1), ``seat`` trims its soldiers."""
    state.phase = TRIM
    state.to_act = seat
    state.trim_rule = rule


def buy(state: HandState) -> None:
    """R-BUY-1, R-BUY-2: the player to act buys; with the stock empty the discard
    pile is shuffled into a new stock first. The card is a chance outcome."""
    if state.pile_size() == 0:
        # The shuffle is the only step that can fail (a broken shuffle source): it
        # comes before anything changes.
        order = shuffled(state, _cards(state.discard_pile), "discard")
        make_pile(state, order, "discard")
        state.discard_pile = b""
        state.stock_public, state.discard_public = state.discard_public, ()
        state.stock_owners, state.discard_owners = state.discard_owners, ()
    state.phase = CHANCE
    state.to_act = None
    state.chance = SOLDIER_CARD


def soldier_drawn(state: HandState, card: Card) -> None:
    """R-BUY-1, R-BUY-3: the bought card is drawn, SB paid, the buyer trims next."""
    take(state, card)
    seat = state.turn
    paid = pay(state, seat, state.rules.small_bet)
    state.soldiers = with_army(state.soldiers, seat, (*state.soldiers[seat], card))
    state.quiet = NOBODY[state.n]
    state.chance = NO_CHANCE
    emit(state, soldier_bought(seat, card, paid))
    start_trim(state, seat, "R-BUY-3")


def discard(state: HandState, seat: int, cards: tuple[Card, ...]) -> None:
    """R-DISC-1: discard soldiers face down; a quiet turn (R-END-4)."""
    _discard_soldiers(state, seat, cards, trim=False)
    state.quiet = with_bool(state.quiet, seat, True)
    finish_turn(state)


def stay(state: HandState, seat: int) -> None:
    """R-STAY-1: do nothing; a quiet turn (R-END-4)."""
    state.quiet = with_bool(state.quiet, seat, True)
    emit(state, stayed(seat))
    finish_turn(state)


def fold(state: HandState, seat: int) -> None:
    """R-FOLD-1: out of the hand, every card face down to the discard pile; neither
    a quiet turn nor the end of the quiet round (R-END-5). V-FOLD-1: the next player
    in the hand on the left captures the banner and soldiers, then trims."""
    emit(state, folded(seat, False))
    if state.shape.fold_captured:
        captor = state.left_of(seat)
        leave(state, seat, "fold", keep_army=True)
        capture(state, captor, seat)
        if not check_end(state, after_turn=False):
            start_trim(state, captor, "R-CAPT-1")
        return
    leave(state, seat, "fold", keep_army=False)
    if not check_end(state, after_turn=False):
        finish_turn(state)


def bet(state: HandState, seat: int, target: int, raise_by: int) -> None:
    """R-BET-1, R-BET-2: pay the entry (and a no-limit opening raise); the defender
    responds."""
    entry = pay(state, seat, state.entry(seat))
    paid_raise = pay(state, seat, raise_by)
    state.quiet = NOBODY[state.n]
    state.battle = battle_view(
        seat,
        target,
        raises=1 if paid_raise else 0,
        last_raise=paid_raise,
        raised=(paid_raise, 0),
        defender_entry_paid=False,
    )
    state.phase = BATTLE
    state.to_act = target
    emit(state, battle_started(seat, target, entry, paid_raise))


def trim(state: HandState, seat: int, cards: tuple[Card, ...]) -> None:
    """R-BUY-3, R-CAPT-1: discard the chosen soldiers; the turn is complete."""
    _discard_soldiers(state, seat, cards, trim=True)
    finish_turn(state)


def _discard_soldiers(state: HandState, seat: int, cards: tuple[Card, ...], *, trim: bool) -> None:
    if cards:
        kept = tuple(c for c in state.soldiers[seat] if c not in cards)
        state.soldiers = with_army(state.soldiers, seat, kept)
        state.discard_pile += bytes(cards)
        state.discard_public = (*state.discard_public, *cards)
    emit(state, soldiers_discarded(seat, cards, trim))


def _cards(pile: bytes) -> tuple[Card, ...]:
    return tuple([DECK[index] for index in pile])
