"""The Monte Carlo bot: simulate every candidate action in sampled worlds.

At each decision the bot deals the cards it cannot see at random, consistently
with everything it has seen (:func:`~palace_poker.determinize.determinize`: its
own palace, every face-up card, the palaces shown to it in battles, the face-down
cards it can name). In each such *world* it tries every candidate action and plays
the hand to its end with a fast policy for every seat (the heuristic bot with few
samples), then scores the action by the chips it holds at the end of the hand
relative to now. The same worlds, stock orders and rollout seeds serve every
candidate (common random numbers), so the comparison between actions is much less
noisy than each score. It picks the best average. Trims are left to the heuristic.

Facing a bet or a raise, the bot does not sample the bettor's palace blindly: the
bet says something about it. With ``inference="threshold"`` (the default) worlds in
which the bettor, reading the world from their own seat, would have poor odds
against the bot are mostly rejected, so the worlds lean towards the hands that bet
(a small share of the others is kept, for bettors who bet on anything). With
``inference="calibrated"`` a world is kept by how often a searching player makes
that bet with the bettor's odds in it (:mod:`palace_poker.bots.inference`);
``"calibrated-no-limit"`` does so in no-limit and keeps the threshold in limit;
``"mixed"`` does so in no-limit and, in limit, for an attack with two players left
(the threshold for the rest); ``"field"`` (``expert``'s) is ``"mixed"`` with the
no-limit likelihoods counted over a field of the levels easy, medium and hard
instead of the searching player's own.

In a variant (docs/bots.md, *Variants*) the worlds are dealt from the variant's
deck and palace size (``determinize``) and played out by the engine under the
variant's rules, so a captured fold (V-FOLD-1), an entry sized by the attacker
(V-BET-2) or the last two made to battle (V-END-3: FOLD is then a candidate on a
turn) is simulated as it is played; the candidates and trims read the variant as
the heuristic does (its deck, palace size, soldiers kept, and what a banner strikes,
V-CMP-1). What it does not adapt: its rollouts are the heuristic's play (tuned in
the standard game), and the likelihoods that read a bet were counted in the
standard game and are used unchanged.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Literal

from palace_poker.actions import Action, Verb
from palace_poker.bots.base import require_turn
from palace_poker.bots.heuristic import HeuristicBot, HeuristicParams
from palace_poker.bots.inference import bet_rates, bucket, faced
from palace_poker.bots.likelihoods import FIELD_RATES, RATES
from palace_poker.bots.reading import (
    Reading,
    amount_for,
    certain_finish,
    certain_loss,
    certain_win,
)
from palace_poker.cards import Card
from palace_poker.determinize import determinize
from palace_poker.errors import ConfigError
from palace_poker.hand import Hand
from palace_poker.observation import Observation
from palace_poker.options import Option
from palace_poker.shuffle import fisher_yates

#: No all-in opening raise is tried with estimated odds under this against the
#: target: a near-certain fold from a wary opponent earns the pot of antes, while a
#: call costs the whole stack (the ``weak_all_in`` judgement of
#: :mod:`palace_poker.bots.blunders` counts these under 0.5).
SHOVE_FLOOR = 0.6

#: How a bet faced shapes the sampled worlds (:meth:`MonteCarloBot.sample_world`):
#: the threshold, the calibrated likelihoods, these in no-limit only (where they
#: were measured to win; in limit they lost, docs/bots.md), ``mixed``: these in
#: no-limit and for a heads-up attack in limit, the threshold for the rest; or
#: ``field``: as ``mixed``, but in no-limit the likelihoods counted over a field of
#: players (``FIELD_RATES``: the levels easy, medium and hard) instead of the Monte
#: Carlo bot's own.
Inference = Literal["threshold", "calibrated", "calibrated-no-limit", "mixed", "field"]
INFERENCES: tuple[Inference, ...] = (
    "threshold",
    "calibrated",
    "calibrated-no-limit",
    "mixed",
    "field",
)


class LazyShuffle:
    """A seeded shuffle source that builds its generator only when a shuffle happens
    (rarely, in a simulated hand: only when the discard pile becomes the stock)."""

    __slots__ = ("_random", "_seed")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._random: random.Random | None = None

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        if self._random is None:
            self._random = random.Random(self._seed)
        order = list(cards)
        fisher_yates(order, self._random.getrandbits)  # as self._random.shuffle(order)
        return order


class MonteCarloBot:
    """Picks the action with the best simulated outcome (see the module's docstring).

    The budget of one decision: at most ``samples`` sampled worlds (each candidate
    action is played out once in each); no further world once the next one would
    likely take the simulated decisions past ``steps`` (so that decisions at a large
    table stay short; ``None`` for no such bound); optionally no further world after
    ``time_ms`` milliseconds. At least one world is always sampled. ``samples`` and
    ``steps`` are reproducible: the same seed and observations give the same
    decisions on any machine; a ``time_ms`` budget depends on the machine's speed
    and load. ``targets`` caps the players considered for an attack (those with the
    best estimated odds); ``rollout_samples`` is the number of sampled palaces behind
    each estimate of the rollout policy; ``params`` tunes the heuristic that plays
    the rollouts and the trims. ``inference``, ``infer_at``, ``infer_floor`` and
    ``infer_tries`` shape the worlds sampled when facing a bet (:meth:`sample_world`).

    >>> from palace_poker import Hand, Rules, SeededShuffle
    >>> hand = Hand.deal(Rules.of(10), [200, 200, 200], dealer=0, shuffle=SeededShuffle(4))
    >>> bot = MonteCarloBot(seed=1, samples=4)
    >>> action = bot.act(hand.observe(hand.to_act))
    >>> hand.can(action), bot.last_samples
    (True, 4)
    """

    name = "montecarlo"

    def __init__(
        self,
        seed: int | None = None,
        *,
        samples: int = 32,
        steps: int | None = 1000,
        time_ms: float | None = None,
        targets: int = 3,
        rollout_samples: int = 6,
        infer_at: float = 0.7,
        infer_floor: float = 0.1,
        infer_tries: int = 8,
        inference: Inference = "threshold",
        params: HeuristicParams | None = None,
    ) -> None:
        if inference not in INFERENCES:
            raise ConfigError(
                "invalid_bot",
                f"inference is one of {', '.join(INFERENCES)}, got {inference!r}",
                details={"field": "inference", "input": repr(inference)[:80]},
            )
        self._random = random.Random(seed)
        self.inference = inference
        self.samples = max(1, samples)
        self.steps = steps
        self.time_ms = time_ms
        self.targets = max(1, targets)
        self.infer_at = infer_at
        self.infer_floor = infer_floor
        self.infer_tries = max(1, infer_tries)
        self._policy = HeuristicBot(seed=self._random.getrandbits(64), params=params)
        self._rollout = HeuristicBot(seed=0, samples=rollout_samples, params=params)
        #: worlds sampled and decisions simulated at the last decision (for tests, tuning)
        self.last_samples = 0
        self.last_steps = 0

    def act(self, observation: Observation) -> Action:
        """Choose one of ``observation.options``."""
        view = observation
        require_turn(view, "Monte Carlo")
        self.last_samples = self.last_steps = 0
        if view.phase == "trim":
            return self._policy.trim(view, view.options[0])
        candidates = self.candidates(view)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, candidates)

    def candidates(self, view: Observation) -> list[Action]:
        """The actions worth simulating: on a turn STAY, BUY and a BET on each of the
        ``targets`` players with the best estimated odds, leaving out any whose
        visible cards alone beat the bot (:func:`~palace_poker.bots.reading.certain_loss`),
        in no-limit also opening raises of about the pot and (with odds of at least
        ``SHOVE_FLOOR``) all-in against the best of them; in a battle FOLD (unless a
        call wins for certain), CALL and RAISE (in no-limit the minimum, about the
        pot and all-in). Heads-up with a certain win, only the BETs that finish the
        hand (:func:`_finishing_bets`). On a turn without STAY (V-END-3: the last
        two battle at once) FOLD is a candidate too, so there is always one."""
        if view.phase == "battle":
            return self._responses(view)
        finish = _finishing_bets(view)
        if finish:
            return finish
        actions: list[Action] = []
        pot = view.pot
        bets: dict[int, Option] = {}
        opening: dict[int, Option] = {}
        fold: Option | None = None
        stay = False
        for option in view.options:
            verb = option.verb
            if verb in (Verb.STAY, Verb.BUY):
                actions.append(option.action())
                stay = stay or verb is Verb.STAY
            elif verb is Verb.FOLD:
                fold = option
            elif verb is Verb.BET:
                assert option.target is not None
                if certain_loss(view, option.target):
                    continue  # its visible cards alone beat every hand of ours
                (bets if option.min_amount is None else opening)[option.target] = option
        if bets:
            reading = Reading(view, self._random, 16)
            ranked = sorted(bets, key=lambda seat: (-reading.battle_odds(seat), seat))
            for seat in ranked[: self.targets]:
                actions.append(bets[seat].action())
            best = opening.get(ranked[0])
            if best is not None:
                shove = reading.battle_odds(ranked[0]) >= SHOVE_FLOOR
                actions.extend(_amounts(best, pot + best.cost, minimum=False, shove=shove))
        if fold is not None and not stay:
            # V-END-3: the last two battle at once, so the turn's choice is BET or
            # FOLD (worth 0, as in a battle); never empty.
            actions.append(fold.action())
        return actions

    def _responses(self, view: Observation) -> list[Action]:
        """In a battle: FOLD, CALL and RAISE (in no-limit the minimum, about the pot
        and all-in) -- but no FOLD when a call wins the comparison for certain
        (R-BET-8; :func:`~palace_poker.bots.reading.certain_win`)."""
        battle = view.battle
        assert battle is not None
        other = battle.defender if view.viewer == battle.attacker else battle.attacker
        sure = certain_win(view, other)
        actions: list[Action] = []
        for option in view.options:
            if option.verb is Verb.FOLD and sure:
                continue
            actions.extend(_tried(option, view.pot, minimum=True))
        return actions

    def _search(self, view: Observation, candidates: list[Action]) -> Action:
        me = view.viewer
        assert me is not None
        start = view.stacks[me]
        totals = [0.0] * len(candidates)
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        while True:
            seed, world = self.sample_world(view)
            for index, action in enumerate(candidates):
                if action.verb is Verb.FOLD:
                    continue  # out of the hand: nothing more won or lost
                sim = world.copy(shuffle=LazyShuffle(seed + 1))
                sim.apply(action)
                totals[index] += self._play_out(sim, me, seed) - start
            self.last_samples += 1
            if self.last_samples >= self.samples:
                break
            # Stop before a world that would overrun the step budget (worlds cost
            # about the same): the budget is a bound, not a target.
            steps = self.last_steps
            if self.steps is not None and steps + steps / self.last_samples > self.steps:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max(range(len(candidates)), key=totals.__getitem__)
        return candidates[best]

    def sample_world(self, view: Observation) -> tuple[int, Hand]:
        """A world consistent with ``view``, and the seed of its later shuffles.

        Facing a bet or a raise, the bettor's odds against the viewer are read from
        the bettor's own view of each world drawn. With the ``threshold``
        inference a world in which they are under ``infer_at`` is kept with
        probability ``infer_floor`` only; with the ``calibrated`` one a world is
        kept with probability ``rate / max(rates)``, the rate of the bet in the
        odds' bucket (:func:`~palace_poker.bots.inference.bet_rates`). Else another
        is drawn, up to ``infer_tries`` draws (the last is kept whatever it is).
        """
        rng = self._random
        me = view.viewer
        assert me is not None
        faced = self._faced(view)
        for _ in range(self.infer_tries if faced is not None else 1):
            seed = rng.getrandbits(64)
            world = determinize(view, random.Random(seed), shuffle=LazyShuffle(seed))
            if faced is None:
                break
            bettor, keep = faced
            odds = Reading(world.observe(bettor), random.Random(seed), 8).battle_odds(me)
            if keep(odds):
                break
        return seed, world

    def _faced(self, view: Observation) -> tuple[int, Callable[[float], bool]] | None:
        """The bettor ``view``'s viewer faces and the test a world passes by the
        bettor's odds in it (by the bot's inference; it may draw from the bot's
        random source); ``None`` when no bet is faced."""
        bet = faced(view)
        if bet is None:
            return None
        bettor, context = bet
        rng = self._random
        if self._calibrated_for(view, context):
            field = self.inference == "field" and view.rules.no_limit
            rates = bet_rates(view, (FIELD_RATES if field else RATES)[view.rules.betting])
            assert rates is not None  # the same bet faced
            return bettor, _calibrated_keep(rates[1], rng)
        at, floor = self.infer_at, self.infer_floor
        return bettor, lambda odds: odds >= at or rng.random() < floor

    def _calibrated_for(self, view: Observation, context: str) -> bool:
        """Whether a bet faced in ``context`` (:func:`~palace_poker.bots.inference.
        faced`) is read by the calibrated likelihoods (else by the threshold), by
        the bot's inference."""
        inference = self.inference
        if inference == "calibrated":
            return True
        if view.rules.no_limit:
            return inference in ("calibrated-no-limit", "mixed", "field")
        # In limit a searching player attacks heads-up most with weak odds and
        # slow-plays strong ones, and reading those attacks by the rates won;
        # reading the others by them (a fifth of the chances taken with any odds
        # at a fuller table, raises from both ends of the odds) lost (docs/bots.md).
        return inference in ("mixed", "field") and context == "bet2"

    def _play_out(self, sim: Hand, me: int, seed: int) -> int:
        """Play the simulated hand to its end with the rollout policy; ``me``'s
        final stack."""
        policy = self._rollout
        policy.reseed(seed)
        steps = 0
        while sim.to_act is not None:
            sim.apply(policy.act(sim.observe(sim.to_act)))
            steps += 1
        self.last_steps += steps
        return sim.stacks[me]


def _calibrated_keep(rates: tuple[float, ...], rng: random.Random) -> Callable[[float], bool]:
    """The calibrated test of a world: keep it with probability ``rate / max(rates)``
    for the bettor's odds in it (rejection sampling)."""
    top = max(rates)
    return lambda odds: top <= 0 or rng.random() * top < rates[bucket(odds)]


def _finishing_bets(view: Observation) -> list[Action]:
    """Heads-up with a certain win (:func:`~palace_poker.bots.reading.certain_finish`):
    the BETs on the last opponent, nothing else; empty otherwise.

    In the rollouts the losing opponent buys on, so the search valued a BUY that
    keeps the hand going above the BET that ends it, and in limit self-play two
    thirds of its decisions were such buys and the stays that answered them. In
    no-limit the opening raises stay candidates (about the pot, all-in): a bigger
    battle won for certain wins more."""
    target = certain_finish(view)
    if target is None:
        return []
    actions: list[Action] = []
    for option in view.options:
        if option.verb is not Verb.BET or option.target != target:
            continue
        actions.extend(_tried(option, view.pot, minimum=False))
    return actions


def _tried(option: Option, pot: int, *, minimum: bool) -> list[Action]:
    """An option's actions worth trying: its one action, or a no-limit option's
    amounts (:func:`_amounts`, sized by the pot after paying its cost)."""
    if option.min_amount is None:
        return [option.action()]
    return _amounts(option, pot + option.cost, minimum=minimum)


def _amounts(option: Option, pot: int, *, minimum: bool, shove: bool = True) -> list[Action]:
    """A no-limit option's amounts worth trying: (the minimum,) about the pot, (all-in)."""
    assert option.min_amount is not None
    assert option.max_amount is not None
    amounts = {amount_for(option, pot)}
    if shove:
        amounts.add(option.max_amount)
    if minimum:
        amounts.add(option.min_amount)
    return [option.action(amount=amount) for amount in sorted(amounts)]
