"""Leaving the hand, comparing two battlers, and ending the hand (R-CMP, R-END, R-POT).

These are the transitions every other one ends in: a player leaves (their palace
cards, and unless captured their army, go face down to the discard pile), two
battlers are compared (R-CMP-1..3, each shown the other's palace cards, R-INFO-3),
and the end conditions are checked (R-END-5) and the pot awarded (R-POT-2, R-POT-3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from palace_poker.evaluator import evaluate
from palace_poker.events import (
    End,
    Event,
    battle_compared,
    cards_captured,
    hand_ended,
    player_out,
    pot_awarded,
    showdown_revealed,
)
from palace_poker.pot import award
from palace_poker.state import OVER, HandResult, HandState, replaced, with_army, with_bool


def pay(state: HandState, seat: int, amount: int) -> int:
    """Move up to ``amount`` from the stack into the pot (R-ALLIN-1); return it."""
    put_in = state.contributions[seat]
    stack = state.start_stacks[seat] - put_in
    paid = amount if amount < stack else stack
    if paid:
        state.contributions = replaced(state.contributions, seat, put_in + paid)
    return paid


def emit(state: HandState, event: Event) -> None:
    """Add an event to the hand's history."""
    if state.events_shared:  # a copy holds this list too: take one of our own
        state.events = list(state.events)
        state.events_shared = False
    state.events.append(event)


def emit_all(state: HandState, events: tuple[Event, ...]) -> None:
    """Add events to the hand's history."""
    if state.events_shared:
        state.events = list(state.events)
        state.events_shared = False
    state.events.extend(events)


def leave(
    state: HandState, seat: int, reason: Literal["fold", "battle", "tie"], *, keep_army: bool
) -> None:
    """A player leaves the hand: palace cards (and, unless captured, banner and
    soldiers) go face down to the discard pile (R-BET-7, R-CMP-3, R-CMP-4, R-FOLD-1)."""
    state.in_hand = with_bool(state.in_hand, seat, False)
    palace = state.palaces[seat]
    state.discard_pile += bytes(palace)
    state.discard_owners = (*state.discard_owners, seat)
    if not keep_army:
        army = (state.banners[seat], *state.soldiers[seat])
        state.discard_pile += bytes(army)
        state.discard_public = (*state.discard_public, *army)
        state.soldiers = with_army(state.soldiers, seat, ())
    emit(state, player_out(seat, reason))


def capture(state: HandState, winner: int, loser: int) -> None:
    """R-CAPT-1: the winner adds the loser's banner and soldiers (the loser has left
    the hand, keeping their army for this) to their own soldiers."""
    captured = (state.banners[loser], *state.soldiers[loser])
    soldiers = with_army(state.soldiers, winner, (*state.soldiers[winner], *captured))
    state.soldiers = with_army(soldiers, loser, ())
    emit(state, cards_captured(winner, loser, captured))


def compare(state: HandState, a: int, b: int) -> int | None:
    """The winner of a battle comparison of ``a`` and ``b``, or None on a tie
    (R-CMP-1, R-CMP-2). Shows each battler the other's palace cards (R-INFO-3)."""
    value_a = evaluate(state.usable_cards(a, against=b))
    value_b = evaluate(state.usable_cards(b, against=a))
    if value_a == value_b:  # R-CMP-2: more cards of one's own banner suit
        value_a, value_b = _own_suit_count(state, a), _own_suit_count(state, b)
    winner = None if value_a == value_b else (a if value_a > value_b else b)
    state.revealed = _shown(_shown(state.revealed, a, (b,)), b, (a,))
    # In its public form: the cards are the state's (see redaction.full_events).
    emit(state, battle_compared((a, b), winner, ()))
    return winner


def _shown(
    revealed: tuple[tuple[int, ...], ...], viewer: int, seats: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    """``viewer`` is shown the palace cards of ``seats`` (other than their own)."""
    seen = revealed[viewer]
    new = tuple(seat for seat in seats if seat != viewer and seat not in seen)
    if not new:
        return revealed
    return (*revealed[:viewer], (*seen, *new), *revealed[viewer + 1 :])


def _own_suit_count(state: HandState, seat: int) -> int:
    suit = state.banners[seat] & 3
    return sum(1 for c in state.usable_cards(seat) if c & 3 == suit)


def check_end(state: HandState, *, after_turn: bool) -> bool:
    """R-END-5: check R-END-1, R-END-2, then (after a turn) R-END-3/R-END-4; end the
    hand and return True if one holds."""
    alive = state.alive()
    count = len(alive)
    if count == 1:
        finish(state, "last", everyone)
        return True
    # At most one player a banner group can fly a suit (three at ten players in groups
    # of four), so R-END-2 needs no look at more players than there are groups.
    banners, group = state.banners, state.shape.group
    if count <= (state.n + group - 1) // group and len({banners[s] & 3 for s in alive}) == 1:
        finish(state, "same-suit", everyone)
        return True
    if not after_turn:
        return False
    quiet = state.quiet
    for seat in alive:
        if not quiet[seat]:
            return False
    if count == 2:
        _final_battle(state, alive[0], alive[1])
    else:
        _showdown(state, alive)
    return True


def _final_battle(state: HandState, a: int, b: int) -> None:
    """R-END-3: the last two, after a quiet round, are compared as in a battle."""
    winner = compare(state, a, b)
    if winner is None:
        finish(state, "tie", everyone)
        return
    loser = b if winner == a else a
    leave(state, loser, "battle", keep_army=True)
    capture(state, winner, loser)
    finish(state, "last", everyone)


def _showdown(state: HandState, alive: list[int]) -> None:
    """R-END-4, R-INFO-4: all cards shown; the best hand (no exclusions) wins."""
    shown = tuple((seat, state.palaces[seat]) for seat in alive)
    revealed = state.revealed
    for viewer in range(state.n):
        revealed = _shown(revealed, viewer, alive)
    state.revealed = revealed
    emit(state, showdown_revealed(shown))
    values = {seat: evaluate(state.usable_cards(seat)) for seat in alive}

    def best(eligible: list[int]) -> list[int]:
        top = max(values[s] for s in eligible)
        return [s for s in eligible if values[s] == top]

    finish(state, "showdown", best)


def everyone(eligible: list[int]) -> list[int]:
    """A layer's winners when the pot goes to the last player or is shared."""
    return eligible


def finish(state: HandState, end: End, choose: Callable[[list[int]], list[int]]) -> None:
    """Award the pot (R-POT-2, R-POT-3) and end the hand."""
    in_hand, stacks = state.in_hand, state.stacks()
    all_in = [in_hand[s] and stacks[s] == 0 for s in range(state.n)]
    payouts = award(state.contributions, in_hand, all_in, choose, dealer=state.dealer)
    final = list(stacks)
    awarded: list[Event] = []
    for seat, amount in enumerate(payouts):
        if amount:
            final[seat] += amount
            awarded.append(pot_awarded(seat, amount))
    state.battle = None
    state.phase = OVER
    state.to_act = None
    state.result = HandResult(end, tuple(final), tuple(payouts))
    emit_all(state, (*awarded, hand_ended(end, state.result.stacks)))
