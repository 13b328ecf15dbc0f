"""A battle after its BET: the defender's and then each battler's response, and the
comparison a call leads to (R-BET-3..8, R-ALLIN-1, R-ALLIN-2, R-CMP-1..4, R-CAPT-1).

Each side pays its own entry once (R-BET-2); only raises are matched. The battle's
state is a :class:`~palace_poker.state.BattleView` (public, R-INFO-1), replaced at
every response.

>>> b = BattleView(0, 2, 0, 0, (0, 0), False)
>>> b = raised_by(b, 2, 20)  # the defender raises 20
>>> unmatched(b, 2), b.raises, b.last_raise
(20, 1, 20)
"""

from __future__ import annotations

from palace_poker.ending import capture, check_end, compare, emit, everyone, finish, leave, pay
from palace_poker.events import battle_called, battle_raised, chips_returned, folded
from palace_poker.state import BattleView, HandState, battle_view, replaced
from palace_poker.turns import finish_turn, start_trim


def opponent(battle: BattleView, seat: int) -> int:
    """The other battler."""
    return battle.defender if seat == battle.attacker else battle.attacker


def entry_paid(battle: BattleView, seat: int) -> bool:
    """Whether ``seat`` has paid their entry in this battle (the attacker always has)."""
    return seat == battle.attacker or battle.defender_entry_paid


def unmatched(battle: BattleView, seat: int) -> int:
    """The part of ``seat``'s raise chips the opponent has not matched."""
    mine, theirs = battle.raised if seat == battle.attacker else battle.raised[::-1]
    return mine - theirs if mine > theirs else 0


def _with_raised(
    battle: BattleView, seat: int, chips: int, *, raises: int, last: int
) -> BattleView:
    """The battle with ``seat``'s raise chips set to ``chips``, its entry paid."""
    attacker, defender = battle.raised
    raised = (chips, defender) if seat == battle.attacker else (attacker, chips)
    paid = battle.defender_entry_paid or seat == battle.defender
    return battle_view(
        battle.attacker,
        battle.defender,
        raises=raises,
        last_raise=last,
        raised=raised,
        defender_entry_paid=paid,
    )


def raised_by(battle: BattleView, seat: int, raise_by: int) -> BattleView:
    """``seat`` matches the other's raises and raises by ``raise_by`` (R-BET-5)."""
    other = battle.raised[1] if seat == battle.attacker else battle.raised[0]
    return _with_raised(battle, seat, other + raise_by, raises=battle.raises + 1, last=raise_by)


def _current(state: HandState) -> BattleView:
    battle = state.battle
    assert battle is not None
    return battle


def battle_fold(state: HandState, seat: int) -> None:
    """R-BET-7: the folder is out; the other takes back their unmatched raises and
    captures."""
    battle = _current(state)
    other = opponent(battle, seat)
    emit(state, folded(seat, True))
    _return_unmatched(state, other, unmatched(battle, other))
    _defeat(state, winner=other, loser=seat, reason="fold")


def call(state: HandState, seat: int) -> None:
    """R-BET-4, R-ALLIN-2, R-BET-8: pay the entry, then the raises as far as
    possible; the battle is compared."""
    battle = _current(state)
    other = opponent(battle, seat)
    paid = pay(state, seat, 0 if entry_paid(battle, seat) else state.entry(seat))
    owed = unmatched(battle, other)
    matched = pay(state, seat, owed)
    mine = battle.raised[0] if seat == battle.attacker else battle.raised[1]
    state.battle = _with_raised(
        battle, seat, mine + matched, raises=battle.raises, last=battle.last_raise
    )
    emit(state, battle_called(seat, paid + matched))
    _return_unmatched(state, other, owed - matched)
    _compare_battle(state)


def raise_(state: HandState, seat: int, raise_by: int) -> None:
    """R-BET-5, R-BET-6: pay the call and the raise; the other battler responds."""
    battle = _current(state)
    other = opponent(battle, seat)
    due = (0 if entry_paid(battle, seat) else state.entry(seat)) + unmatched(battle, other)
    paid = pay(state, seat, due + raise_by)
    state.battle = raised_by(battle, seat, raise_by)
    state.to_act = other
    emit(state, battle_raised(seat, paid, raise_by))


def _return_unmatched(state: HandState, seat: int, amount: int) -> None:
    """R-BET-7, R-ALLIN-2: unmatched raise chips go back to ``seat``."""
    if amount <= 0:
        return
    state.contributions = replaced(state.contributions, seat, state.contributions[seat] - amount)
    battle = _current(state)
    mine = battle.raised[0] if seat == battle.attacker else battle.raised[1]
    state.battle = _with_raised(
        battle, seat, mine - amount, raises=battle.raises, last=battle.last_raise
    )
    emit(state, chips_returned(seat, amount))


def _compare_battle(state: HandState) -> None:
    """R-CMP-1..4 for a battle closed by a call."""
    battle = _current(state)
    attacker, defender = battle.attacker, battle.defender
    winner = compare(state, attacker, defender)
    state.battle = None
    if winner is not None:
        loser = defender if winner == attacker else attacker
        _defeat(state, winner=winner, loser=loser, reason="battle")
        return
    if len(state.alive()) == 2:
        finish(state, "tie", everyone)  # R-CMP-3: the last two split
        return
    for seat in (attacker, defender):  # R-CMP-3: both out, every card discarded
        leave(state, seat, "tie", keep_army=False)
    if not check_end(state, after_turn=False):
        finish_turn(state)


def _defeat(state: HandState, *, winner: int, loser: int, reason: str) -> None:
    """R-CMP-4, R-BET-7, R-CAPT-1: the loser is out; the winner captures, then trims
    (unless the hand is over, R-END-5)."""
    state.battle = None
    leave(state, loser, "battle" if reason == "battle" else "fold", keep_army=True)
    capture(state, winner, loser)
    if not check_end(state, after_turn=False):
        start_trim(state, winner, "R-CAPT-1")
