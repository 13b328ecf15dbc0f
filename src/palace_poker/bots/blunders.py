"""A blunder checker for bots: play seat-rotated hands and count clear mistakes.

The checker plays hands between registered bots with the engine directly and judges
every decision from the deciding seat's own view (what the bot knew), with the hand
itself at hand to confirm the certainties. The kinds of blunder:

``fresh_trim`` (clear)
    At a trim (R-BUY-3, R-CAPT-1) the bot discards a *fresh* soldier — the card it
    bought, or a card it captured, in that same turn — although keeping it would make
    its hand strictly better against every player it may attack (R-BET-1: still in
    the hand, another banner suit; each compared by R-CMP-1, without that player's
    suit, or in the rank reading without that player's banner rank, V-CMP-1): kept in
    addition to the soldiers it keeps while it keeps fewer than the variant allows
    (five in the standard game, V-BUY-3), else in place of one of them
    (:func:`~palace_poker.bots.reading.better_keeping`).
``certain_loss_attack`` (clear)
    The bot opens a battle (BET) against a target whose visible cards alone (banner
    and soldiers, without the bot's banner suit, R-CMP-1, or rank, V-CMP-1) already
    beat the bot's exact comparison value with all its own cards (its banner, palace
    and soldiers without what the target's banner strikes), or equal it with more
    cards of the target's own suit (R-CMP-2). Visible cards are a lower bound of the
    target's hand, so the comparison is lost whatever the hidden palace holds
    (:func:`~palace_poker.bots.reading.certain_loss`).
``certain_win_fold`` (clear)
    In a battle the bot folds although a CALL, which closes the battle and compares
    the hands (R-BET-8), would win the comparison for certain: the bot's cards beat
    the opponent's visible cards with every palace the opponent could hold from the
    cards the bot cannot place (ties are no certain win;
    :func:`~palace_poker.bots.reading.certain_win`).
``needless_fold`` (clear)
    The bot folds on its own turn (R-FOLD-1) while STAY is legal: staying costs
    nothing and keeps every later choice (a defender folding at once pays nothing,
    R-BET-7; a quiet round costs nothing more, R-END-3, R-END-4), so it is never worse.
``weak_all_in`` (judgement)
    In no-limit the bot opens a battle with a raise that commits at least 90% of its
    stack (entry plus raise) while its battle odds against the target are under 0.5:
    :meth:`~palace_poker.bots.reading.Reading.battle_odds` from the bot's own view
    with 256 sampled palaces (a generator seeded per decision by the checker).
``slow_win`` (judgement)
    With two players left, on a turn in which a BET on the opponent would win the
    hand for certain (:func:`~palace_poker.bots.reading.certain_finish`: the bot's
    cards beat every palace the opponent may hold, R-END-3, R-BET-8), the bot does
    something else. It may lose nothing, but it drags out a hand that is won, and
    while the hand lasts the opponent may buy a card that undoes the certainty
    (only a BET denies them that). It is a judgement: against an opponent who buys
    on in a lost hand, waiting lets them pay more into the pot first.

Rates are per *opportunity*: trims with a fresh soldier, BETs, battle responses,
turns, no-limit opening raises, heads-up turns with a certain win respectively.
Every kind is judged in the reading of the variant played (``--preset``, docs/rules.md
*Variants*): what a banner strikes, the soldiers kept, the deck. Run it::

    python -m palace_poker.bots.blunders --bots heuristic,montecarlo,random \\
        --hands 2000 --betting limit --seed 1 --preset quick
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from palace_poker.actions import Action, Verb
from palace_poker.bots import make_bot
from palace_poker.bots.base import Bot
from palace_poker.bots.reading import (
    Reading,
    attack_strikes,
    better_keeping,
    certain_finish,
    certain_loss,
    certain_win,
)
from palace_poker.config import Betting
from palace_poker.evaluator import evaluate
from palace_poker.hand import Hand
from palace_poker.observation import Observation
from palace_poker.presets import PRESETS, preset
from palace_poker.shuffle import SeededShuffle

#: Every kind of blunder, in report order.
KINDS: tuple[str, ...] = (
    "fresh_trim",
    "certain_loss_attack",
    "certain_win_fold",
    "needless_fold",
    "weak_all_in",
    "slow_win",
)
#: The kinds that are mistakes whatever the judgement.
CLEAR: tuple[str, ...] = KINDS[:4]
#: What each kind's rate counts.
OPPORTUNITY: dict[str, str] = {
    "fresh_trim": "trims with a fresh soldier",
    "certain_loss_attack": "bets",
    "certain_win_fold": "battle responses",
    "needless_fold": "turns",
    "weak_all_in": "no-limit opening raises",
    "slow_win": "heads-up turns with a certain win",
}
#: ``weak_all_in``: a share of the stack that counts as (nearly) all of it ...
ALL_IN_SHARE = 0.9
#: ... odds under this are weak ...
WEAK_ODDS = 0.5
#: ... estimated with this many sampled palaces.
ODDS_SAMPLES = 256


@dataclass(slots=True)
class Tally:
    """One bot's decisions, opportunities and blunders by kind, and the number of
    certainties the hidden cards contradicted (always 0 unless there is a bug)."""

    decisions: int = 0
    chances: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    contradicted: int = 0

    def add(self, other: Tally) -> None:
        """Add ``other``'s figures to these."""
        self.decisions += other.decisions
        self.contradicted += other.contradicted
        for kind in KINDS:
            self.chances[kind] += other.chances[kind]
            self.counts[kind] += other.counts[kind]

    @property
    def clear(self) -> int:
        """Clear blunders of every kind."""
        return sum(self.counts[kind] for kind in CLEAR)


@dataclass(frozen=True, slots=True)
class Verdict:
    """One decision judged: the kinds it had the chance to commit and committed."""

    chances: tuple[str, ...]
    blunders: tuple[str, ...]


def _other(view: Observation) -> int:
    """The other battler of the battle the viewer is in."""
    battle = view.battle
    assert battle is not None
    return battle.defender if view.viewer == battle.attacker else battle.attacker


def judge_trim(view: Observation, action: Action, fresh: Sequence[int]) -> Verdict:
    """``fresh_trim``: a fresh soldier discarded that keeping would improve against
    every player the viewer may attack."""
    if not fresh:
        return Verdict((), ())
    me = view.viewer
    assert me is not None
    kept = [card for card in view.soldiers[me] if card not in action.cards]
    strikes = attack_strikes(view)
    for card in fresh:
        if card in action.cards and better_keeping(view, kept, card, strikes) is not None:
            return Verdict(("fresh_trim",), ("fresh_trim",))
    return Verdict(("fresh_trim",), ())


def judge_bet(view: Observation, action: Action, seed: int) -> Verdict:
    """``certain_loss_attack`` and, for a no-limit opening raise, ``weak_all_in``."""
    assert action.target is not None
    chances = ["certain_loss_attack"]
    blunders = ["certain_loss_attack"] if certain_loss(view, action.target) else []
    if action.amount is not None:
        chances.append("weak_all_in")
        if is_weak_all_in(view, action, seed):
            blunders.append("weak_all_in")
    return Verdict(tuple(chances), tuple(blunders))


def is_weak_all_in(view: Observation, action: Action, seed: int) -> bool:
    """Whether a no-limit opening raise commits at least ``ALL_IN_SHARE`` of the
    stack with battle odds under ``WEAK_ODDS`` (``ODDS_SAMPLES`` palaces)."""
    me = view.viewer
    assert me is not None
    assert action.target is not None
    assert action.amount is not None
    cost = next(
        option.cost
        for option in view.options
        if option.verb is Verb.BET and option.target == action.target
    )
    if cost + action.amount < ALL_IN_SHARE * view.stacks[me]:
        return False
    odds = Reading(view, random.Random(seed), ODDS_SAMPLES).battle_odds(action.target)
    return odds < WEAK_ODDS


def judge(view: Observation, action: Action, fresh: Sequence[int], seed: int) -> Verdict:
    """The verdict on ``action`` taken at ``view`` (the deciding seat's view);
    ``fresh`` are the soldiers gained in this turn (for a trim), ``seed`` seeds the
    odds estimate of ``weak_all_in``."""
    phase = view.phase
    if phase == "trim":
        return judge_trim(view, action, fresh)
    if phase == "battle":
        folded = action.verb is Verb.FOLD and certain_win(view, _other(view))
        return Verdict(("certain_win_fold",), ("certain_win_fold",) if folded else ())
    if action.verb is Verb.BET:
        verdict = judge_bet(view, action, seed)
    else:
        stay = any(option.verb is Verb.STAY for option in view.options)
        needless = action.verb is Verb.FOLD and stay
        verdict = Verdict(("needless_fold",), ("needless_fold",) if needless else ())
    return _with_slow_win(verdict, view, action)


def _with_slow_win(verdict: Verdict, view: Observation, action: Action) -> Verdict:
    """``verdict`` with ``slow_win`` added on a heads-up turn with a certain win."""
    target = certain_finish(view)
    if target is None:
        return verdict
    slow = not (action.verb is Verb.BET and action.target == target)
    return Verdict(
        (*verdict.chances, "slow_win"),
        (*verdict.blunders, "slow_win") if slow else verdict.blunders,
    )


def comparison_winner(hand: Hand, a: int, b: int) -> int | None:
    """Who would win a battle comparison of ``a`` and ``b`` now, with every card
    known (R-CMP-1 or V-CMP-1: the hand's usable cards, R-CMP-2: one's own banner
    suit among all one's cards); None on a tie."""
    value_a = evaluate(hand.usable_cards(a, against=b))
    value_b = evaluate(hand.usable_cards(b, against=a))
    if value_a == value_b:
        suit_a, suit_b = hand.banners[a] & 3, hand.banners[b] & 3
        value_a = sum(1 for card in hand.usable_cards(a) if card & 3 == suit_a)
        value_b = sum(1 for card in hand.usable_cards(b) if card & 3 == suit_b)
    if value_a == value_b:
        return None
    return a if value_a > value_b else b


def contradicts(hand: Hand, view: Observation, action: Action, verdict: Verdict) -> bool:
    """Whether the hidden cards contradict a certainty behind ``verdict`` (a certain
    loss that is no loss, a certain win that is no win)."""
    me = view.viewer
    assert me is not None
    if "certain_loss_attack" in verdict.blunders:
        assert action.target is not None
        return comparison_winner(hand, me, action.target) != action.target
    if "certain_win_fold" in verdict.blunders:
        return comparison_winner(hand, me, _other(view)) != me
    if "slow_win" in verdict.chances:
        target = certain_finish(view)
        assert target is not None
        return comparison_winner(hand, me, target) != me
    return False


def play_hand(hand: Hand, bots: Sequence[Bot], tallies: Sequence[Tally], seed: int) -> None:
    """Play ``hand`` to its end with ``bots`` (one per seat), judging every decision
    into the seat's ``tallies`` entry."""
    before: list[tuple[int, ...]] = [tuple(army) for army in hand.soldiers]
    step = 0
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        view = hand.observe(seat)
        action = bots[seat].act(view)
        army = hand.soldiers[seat]
        fresh = [card for card in army if card not in before[seat]]
        verdict = judge(view, action, fresh if view.phase == "trim" else (), seed * 7919 + step)
        tally = tallies[seat]
        tally.decisions += 1
        for kind in verdict.chances:
            tally.chances[kind] += 1
        for kind in verdict.blunders:
            tally.counts[kind] += 1
        tally.contradicted += contradicts(hand, view, action, verdict)
        before = [tuple(soldiers) for soldiers in hand.soldiers]
        hand.apply(action)
        step += 1


def check(
    names: Sequence[str],
    hands: int,
    betting: Betting,
    *,
    seed: int = 1,
    players: int | None = None,
    stack: int = 2000,
    small_bet: int = 10,
    game: str = "standard",
) -> dict[str, Tally]:
    """Play ``hands`` seat-rotated hands between the bots ``names`` and tally each
    bot's blunders. The table has ``players`` seats (default: one per name, at
    least two), filled by repeating ``names``; hand ``k`` is deal ``k // players``
    (one shuffle seed), rotated ``k % players`` seats, so each bot meets every
    seat's cards; stacks are ``stack`` every hand. ``game`` names the preset played
    (docs/rules.md, *Presets*; by default no more seats than its deck serves)."""
    rules = preset(game).rules(small_bet, betting=betting)
    most = rules.variant.most_players()
    seats = players if players is not None else min(max(2, len(names)), most)
    lineup = [names[i % len(names)] for i in range(seats)]
    tallies = {name: Tally() for name in names}
    for number in range(hands):
        deal, rotation = divmod(number, seats)
        deal_seed = seed * 1_000_003 + deal
        order = [lineup[(i + rotation) % seats] for i in range(seats)]
        bots = [make_bot(name, deal_seed * 100 + rotation * 10 + i) for i, name in enumerate(order)]
        hand = Hand.deal(
            rules, [stack] * seats, dealer=deal % seats, shuffle=SeededShuffle(deal_seed)
        )
        per_seat = [Tally() for _ in order]
        play_hand(hand, bots, per_seat, deal_seed * 10 + rotation)
        for name, tally in zip(order, per_seat, strict=True):
            tallies[name].add(tally)
    return tallies


def table(tallies: dict[str, Tally]) -> str:
    """The tallies as a Markdown table: per bot, its decisions and each kind's
    count, of how many opportunities, and rate."""
    lines = [
        "| bot | decisions | kind | blunders | of | rate |",
        "| --- | ---: | --- | ---: | ---: | ---: |",
    ]
    for name, tally in tallies.items():
        for index, kind in enumerate(KINDS):
            chances = tally.chances[kind]
            rate = f"{100 * tally.counts[kind] / chances:.2f}%" if chances else "-"
            label = kind + ("" if kind in CLEAR else " (judgement)")
            lines.append(
                f"| {name if index == 0 else ''} | {tally.decisions if index == 0 else ''} "
                f"| {label} | {tally.counts[kind]} | {chances} {OPPORTUNITY[kind]} | {rate} |"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """The command line: ``--bots``, ``--hands``, ``--betting``, ``--seed``,
    ``--players``, ``--stack``, ``--preset`` (a variant by its preset's name)."""
    parser = argparse.ArgumentParser(prog="python -m palace_poker.bots.blunders")
    parser.add_argument("--bots", default="heuristic,montecarlo,random")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--betting", choices=["limit", "no-limit"], default="limit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--stack", type=int, default=2000)
    parser.add_argument("--preset", choices=sorted(PRESETS), default="standard")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    tallies = check(
        names,
        args.hands,
        args.betting,
        seed=args.seed,
        players=args.players,
        stack=args.stack,
        game=args.preset,
    )
    print(f"{args.hands} hands, {args.betting}, {args.preset}, seed {args.seed}, bots {args.bots}")
    print(table(tallies))
    wrong = sum(tally.contradicted for tally in tallies.values())
    if wrong:  # pragma: no cover - a bug in the certainties
        print(f"WARNING: {wrong} certainties contradicted by the hidden cards")


if __name__ == "__main__":
    main()
