"""What one hand did, for the designer's lab: how it ended, how long it took, how its
battles were decided, and what each seat won.

:func:`play_measured` plays a hand with bots and returns its :class:`HandFacts`.
Battles are judged at the moment they are compared (before the call that closes
one, or the last turn of a quiet round): was the winner the one the comparison
would have named without the struck cards (R-CMP-1, V-CMP-1), did the own-suit count
decide it (R-CMP-2), or was it a tie (R-CMP-3)?
"""

from __future__ import annotations

from dataclasses import dataclass, field

from palace_poker.actions import Action, Verb
from palace_poker.bots import Bot
from palace_poker.evaluator import evaluate
from palace_poker.events import BattleCompared, BattleStarted, Folded, PotAwarded, TurnStarted
from palace_poker.hand import Hand

#: A hand that takes more decisions than this is a bug in a bot or the engine.
MAX_DECISIONS = 100_000

#: How a hand ends, as the lab counts it.
ENDS = ("one-left", "last-two-compared", "same-suit", "showdown", "tie")
#: How a compared battle was decided.
DECIDED = ("hand", "struck-cards", "own-suit", "tie")


@dataclass(slots=True)
class HandFacts:
    """One hand's figures (seats as dealt: seat ``s`` is ``(s - dealer) % n`` places
    after the dealer)."""

    end: str
    split: bool  # the pot went to more than one player
    turns: int
    decisions: int
    battles: int
    nets: tuple[int, ...]  # chips won by each seat
    dealer: int
    #: compared battles by how they were decided (:data:`DECIDED`)
    decided: dict[str, int] = field(default_factory=dict)
    attacker_won: int = 0  # battles (compared or folded) the attacker won
    defender_won: int = 0


def play_measured(hand: Hand, bots: list[Bot]) -> HandFacts:
    """Play ``hand`` to its end with ``bots`` (one a seat) and measure it."""
    decided: dict[str, int] = {}
    for _ in range(MAX_DECISIONS):
        seat = hand.to_act
        if seat is None:
            return _facts(hand, decided)
        action = bots[seat].act(hand.observe(seat))
        pair = _compared_by(hand, action)
        if pair is not None:
            kind = _decided(hand, *pair)
            decided[kind] = decided.get(kind, 0) + 1
        hand.apply(action)
    raise RuntimeError(f"a hand did not end after {MAX_DECISIONS} decisions")


def _compared_by(hand: Hand, action: Action) -> tuple[int, int] | None:
    """The two battlers ``action`` makes the engine compare, if it does: a CALL
    (R-BET-8). (The last two's comparison after a quiet round is judged too, from
    its event, in :func:`_facts`: no action names it in advance.)"""
    battle = hand.battle
    if battle is None or action.verb is not Verb.CALL:
        return None
    return battle.attacker, battle.defender


def _decided(hand: Hand, a: int, b: int) -> str:
    """How a comparison of ``a`` and ``b`` now would be decided."""
    value_a = evaluate(hand.usable_cards(a, against=b))
    value_b = evaluate(hand.usable_cards(b, against=a))
    if value_a == value_b:
        suit_a, suit_b = hand.banners[a] & 3, hand.banners[b] & 3
        own_a = sum(1 for card in hand.usable_cards(a) if card & 3 == suit_a)
        own_b = sum(1 for card in hand.usable_cards(b) if card & 3 == suit_b)
        return "tie" if own_a == own_b else "own-suit"
    whole_a, whole_b = evaluate(hand.usable_cards(a)), evaluate(hand.usable_cards(b))
    if whole_a != whole_b and (whole_a > whole_b) != (value_a > value_b):
        return "struck-cards"  # the struck cards turned the result round
    return "hand"


def _facts(hand: Hand, decided: dict[str, int]) -> HandFacts:
    assert hand.result is not None
    events = hand.events
    turns = battles = attacker_won = defender_won = 0
    open_battle: tuple[int, int] | None = None
    final_compare = False
    for event in events:
        if isinstance(event, TurnStarted):
            turns += 1
        elif isinstance(event, BattleStarted):
            battles += 1
            open_battle = (event.attacker, event.defender)
        elif isinstance(event, BattleCompared):
            if open_battle is None:
                final_compare = True  # R-END-3 after a quiet round
            elif event.winner is not None:
                won = event.winner == open_battle[0]
                attacker_won, defender_won = attacker_won + won, defender_won + (not won)
            open_battle = None
        elif isinstance(event, Folded) and event.in_battle and open_battle is not None:
            won = event.seat == open_battle[1]
            attacker_won, defender_won = attacker_won + won, defender_won + (not won)
            open_battle = None
    paid = {event.seat for event in events if isinstance(event, PotAwarded) and event.amount}
    end: str = hand.result.end
    if end == "last":
        end = "last-two-compared" if final_compare else "one-left"
    stacks, start = hand.result.stacks, hand.start_stacks
    return HandFacts(
        end=end,
        split=len(paid) > 1,
        turns=turns,
        decisions=len(hand.actions),
        battles=battles,
        nets=tuple(stacks[s] - start[s] for s in range(hand.n)),
        dealer=hand.dealer,
        decided=decided,
        attacker_won=attacker_won,
        defender_won=defender_won,
    )
