"""What a bet says about the bettor's palace: the likelihoods behind the worlds a
searching bot samples when it faces a bet or a raise.

A bet is evidence. A bot that faces one and samples the bettor's palace blindly
plays against every palace alike; one that knows how often a player makes that bet
with each strength of hand can weigh its worlds by it (Bayes: a world's weight is
its prior, uniform over the deals, times the likelihood of the bet in it). The
searching bots draw a world, read the bettor's odds against the viewer from the
bettor's own view of that world, and keep the world with probability
``rate / max(rates)`` for the odds' bucket (rejection sampling, a few draws at
most: :meth:`~palace_poker.bots.montecarlo.MonteCarloBot.sample_world`).

The *calibrated* likelihoods (:data:`~palace_poker.bots.likelihoods.RATES`) were
counted in self-play of the Monte Carlo bot by :func:`count_rates` (the script
``tools/fit_inference.py`` plays the hands and writes the module). Each is a rate
for each fifth of the odds (:func:`bucket`), by context:

* ``bet2``, ``bet3``: the chance that a player on their turn attacks a given
  opponent, with two players in the hand or more (every BET option is a chance);
* ``raise-defender``, ``raise-attacker``: the chance that a side which may raise
  in a battle does;
* no-limit only, the size: ``open-all`` and ``open-raise`` (of the attacks, those
  opening all-in and those opening with another raise; the rest bet the entry
  alone), ``raise-defender-all`` and ``raise-attacker-all`` (of the chances to
  raise, the raises all-in; the rest of the raises are ``...-other``).

The *field's* likelihoods (:data:`~palace_poker.bots.likelihoods.FIELD_RATES`,
no-limit only) are the same counts over a field of different players: the levels
easy, medium and hard at one table, each in every seat in turn. Two of them are
heuristics, who bet and raise when their odds are good, so in the field a raise,
and most of all an all-in one, says "strong" (the ``field`` inference, ``expert``'s).

What they say of a searching player: its bets and raises say little about its
hand. With three players or more it attacks a target from a fifth of its chances
whatever its odds (less with the weakest and the strongest hands); heads-up it
attacks most with weak odds and slow-plays strong ones (it buys instead); in
no-limit a defender's all-in raise comes as often with the weakest fifth of hands
as with the strongest. The older assumption (``threshold``: a bettor's odds
reach ``infer_at``, else the world is kept with probability ``infer_floor``)
reads every bet as strength, and so folds to bluffs a searching player makes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping

from palace_poker.actions import Action, Verb
from palace_poker.bots.reading import Reading
from palace_poker.observation import Observation

#: The odds are read in this many equal buckets (fifths).
BUCKETS = 5

#: A rate for each bucket of the odds, weakest first.
Rates = tuple[float, ...]

#: Sampled palaces behind each odds estimate while counting (more than the bots
#: read at play: the counts are made once).
COUNT_SAMPLES = 8

#: Counts one chance of a context in a bucket, and whether it was taken.
_Tally = Callable[[str, int, bool], None]


def bucket(odds: float) -> int:
    """The bucket of ``odds`` (0 for under 0.2, ..., 4 from 0.8 on).

    >>> bucket(0.0), bucket(0.19), bucket(0.2), bucket(0.99), bucket(1.0)
    (0, 0, 1, 4, 4)
    """
    return min(BUCKETS - 1, max(0, int(odds * BUCKETS)))


def faced(view: Observation) -> tuple[int, str] | None:
    """The player whose bet or raise ``view``'s viewer faces, and its context:
    ``bet2``/``bet3`` for an attack (two players in the hand, or more),
    ``raise-defender``/``raise-attacker`` for a raise; ``None`` when the viewer
    faces no bet (not in a battle, or the last action was not a BET or a RAISE).
    """
    battle = view.battle
    if battle is None or not view.actions:
        return None
    last = view.actions[-1]
    if last.verb is Verb.BET:
        return last.seat, "bet2" if sum(view.in_hand) == 2 else "bet3"
    if last.verb is not Verb.RAISE:
        return None
    return last.seat, "raise-defender" if last.seat == battle.defender else "raise-attacker"


def bet_rates(view: Observation, table: Mapping[str, Rates]) -> tuple[int, Rates] | None:
    """The player whose bet or raise ``view``'s viewer faces (:func:`faced`), and
    the likelihood of that action by the bucket of their odds against the viewer;
    ``None`` when the viewer faces no bet. ``table`` is one structure's
    :data:`~palace_poker.bots.likelihoods.RATES`.
    """
    bet = faced(view)
    if bet is None:
        return None
    bettor, role = bet
    if role in ("bet2", "bet3"):
        rates = table[role]
        if view.rules.no_limit:
            rates = _times(rates, _opening_size(view, view.actions[-1], table))
        return bettor, rates
    if not view.rules.no_limit:
        return bettor, table[role]
    if _all_in(view, bettor):
        return bettor, table[f"{role}-all"]
    every, shoves = table[role], table[f"{role}-all"]
    return bettor, tuple(max(0.0, a - b) for a, b in zip(every, shoves, strict=True))


def _opening_size(view: Observation, bet: Action, table: Mapping[str, Rates]) -> Rates:
    """Of the attacks, the share that opens as ``bet`` did (all-in, another raise,
    or the entry alone)."""
    shove, other = table["open-all"], table["open-raise"]
    if bet.amount is None:
        return tuple(max(0.0, 1.0 - a - b) for a, b in zip(shove, other, strict=True))
    return shove if _all_in(view, bet.seat) else other


def _all_in(view: Observation, bettor: int) -> bool:
    """Whether the bettor's last raise was all-in as its option counted it: it has
    no chips left, or the viewer cannot cover it (the raise was as big as the
    viewer allows)."""
    me = view.viewer
    assert me is not None
    if view.stacks[bettor] == 0:
        return True
    calls = [option.cost for option in view.options if option.verb is Verb.CALL]
    return bool(calls) and calls[0] >= view.stacks[me]


def _times(a: Rates, b: Rates) -> Rates:
    return tuple(x * y for x, y in zip(a, b, strict=True))


def count_rates(
    decisions: Iterable[tuple[Observation, Action]], *, seed: int = 0
) -> dict[str, Rates]:
    """The likelihood tables from decisions of the player to be modelled: each
    decision's observation and the action taken in it (trims are ignored). A rate
    is ``(acted + 1) / (chances + 2)`` in its bucket, so an empty bucket reads 0.5
    and no rate is 0 or 1. The contexts are those of the module's text."""
    rng = random.Random(seed)
    counts: dict[str, list[list[int]]] = {}

    def tally(context: str, index: int, acted: bool) -> None:
        cell = counts.setdefault(context, [[0, 0] for _ in range(BUCKETS)])[index]
        cell[0] += acted
        cell[1] += 1

    for view, action in decisions:
        if view.phase == "turn":
            _count_turn(view, action, Reading(view, rng, COUNT_SAMPLES), tally)
        elif view.phase == "battle":
            _count_battle(view, action, Reading(view, rng, COUNT_SAMPLES), tally)
    return {
        context: tuple(round((acted + 1) / (chances + 2), 4) for acted, chances in cells)
        for context, cells in sorted(counts.items())
    }


def _count_turn(view: Observation, action: Action, reading: Reading, tally: _Tally) -> None:
    context = "bet2" if sum(view.in_hand) == 2 else "bet3"
    for option in view.options:
        if option.verb is Verb.BET and option.min_amount is None:
            assert option.target is not None
            tally(
                context,
                bucket(reading.battle_odds(option.target)),
                action.target == option.target and action.verb is Verb.BET,
            )
    if action.verb is Verb.BET and view.rules.no_limit:
        assert action.target is not None
        index = bucket(reading.battle_odds(action.target))
        opening = next(
            (
                o
                for o in view.options
                if o.verb is Verb.BET and o.target == action.target and o.max_amount is not None
            ),
            None,
        )
        shove = (
            action.amount is not None
            and opening is not None
            and action.amount == opening.max_amount
        )
        tally("open-all", index, shove)
        tally("open-raise", index, action.amount is not None and not shove)


def _count_battle(view: Observation, action: Action, reading: Reading, tally: _Tally) -> None:
    battle = view.battle
    assert battle is not None
    me = view.viewer
    raising = next((o for o in view.options if o.verb is Verb.RAISE), None)
    if raising is None:
        return
    other = battle.defender if me == battle.attacker else battle.attacker
    index = bucket(reading.battle_odds(other))
    role = "raise-defender" if me == battle.defender else "raise-attacker"
    tally(role, index, action.verb is Verb.RAISE)
    if view.rules.no_limit:
        shove = action.verb is Verb.RAISE and action.amount == raising.max_amount
        tally(f"{role}-all", index, shove)
