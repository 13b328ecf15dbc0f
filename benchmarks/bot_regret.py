"""Decision quality against a long flat search: the regret of a bot's choices.

Decision points come from 4-player hands the Monte Carlo bot plays against itself
(``samples=12``, fresh 2000-chip stacks): about three in ten of its searched
decisions. At each point an *oracle* value is given to every Monte Carlo candidate:
its mean chip result over ``--worlds`` sampled worlds, every candidate played in
every world with the same later cards and rollout seeds (the flat search
``montecarlo`` makes, run long). A bot's *regret* at a point is the oracle value of
the best candidate (FOLD worth 0) minus that of the bot's choice; the table gives
each bot's mean regret in chips over the points, each decided ``--reps`` times with
other seeds, and how often it chose the oracle's best.

It measures how well a budget finds what a long flat search would choose under the
same model of the other players (the heuristic plays them). It does not measure a
tree's worth: a tree that plays the bot's later decisions better may rightly choose
what the flat search ranks second. A choice outside the oracle's candidates (the
candidates are drawn with a little randomness) is counted apart. The oracle's own
noise adds about the same to every bot's regret.

    python benchmarks/bot_regret.py --betting limit [--points 150] [--worlds 1500]
        [--ms 25] [--reps 3] [--bots montecarlo,ismcts,...]

docs/bots.md has the figures and the bots' meanings (:data:`BOTS`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from palace_poker import Hand, Rules, SeededShuffle
from palace_poker.actions import Action, Verb
from palace_poker.bots.base import Bot
from palace_poker.bots.ismcts import ISMCTSBot
from palace_poker.bots.montecarlo import LazyShuffle, MonteCarloBot
from palace_poker.observation import Observation

#: The bots compared, by name, for a budget of ``ms`` milliseconds a decision.
BOTS: dict[str, Callable[[int, float], Bot]] = {
    "montecarlo": lambda s, ms: MonteCarloBot(seed=s, time_ms=ms, samples=10**6, steps=None),
    "montecarlo-4x": lambda s, ms: MonteCarloBot(seed=s, time_ms=4 * ms, samples=10**6, steps=None),
    "montecarlo-quarter": lambda s, ms: MonteCarloBot(
        seed=s, time_ms=ms / 4, samples=10**6, steps=None
    ),
    "ismcts": lambda s, ms: ISMCTSBot(seed=s, time_ms=ms, iterations=10**6),
    "ismcts-race": lambda s, ms: ISMCTSBot(
        seed=s, time_ms=ms, iterations=10**6, race=1.5, targets=2
    ),
    "ismcts-2-targets": lambda s, ms: ISMCTSBot(seed=s, time_ms=ms, iterations=10**6, targets=2),
    "ismcts-flat": lambda s, ms: ISMCTSBot(seed=s, time_ms=ms, iterations=10**6, tree="none"),
    "ismcts-unfused": lambda s, ms: ISMCTSBot(seed=s, time_ms=ms, iterations=10**6, fuse=False),
}

Point = tuple[Observation, list[Action], list[float]]


def decision_points(betting: str, count: int) -> list[Observation]:
    """``count`` searched decisions of the Monte Carlo bot playing itself (each
    taken with probability 0.3, by a generator seeded by the deal and the count)."""
    rules = Rules.of(10, betting=betting)  # type: ignore[arg-type]
    player = MonteCarloBot(seed=7, samples=12)
    points: list[Observation] = []
    deal = 1000
    while len(points) < count:
        deal += 1
        hand = Hand.deal(rules, [2000] * 4, dealer=deal % 4, shuffle=SeededShuffle(deal))
        while hand.to_act is not None:
            view = hand.observe(hand.to_act)
            searched = view.phase != "trim" and len(player.candidates(view)) > 1
            if searched and random.Random(deal * 1000 + len(points)).random() < 0.3:
                points.append(view)
            hand.apply(player.act(view))
    return points[:count]


def oracle(search: MonteCarloBot, view: Observation, worlds: int) -> Point:
    """The candidates of ``view`` and each one's mean result over ``worlds`` worlds
    of ``search`` (one long flat search, its generator going on from point to point)."""
    candidates = search.candidates(view)
    me = view.viewer
    assert me is not None
    totals = [0.0] * len(candidates)
    for _ in range(worlds):
        seed, world = search.sample_world(view)
        for index, action in enumerate(candidates):
            if action.verb is Verb.FOLD:
                continue  # worth 0: out of the hand
            sim = world.copy(shuffle=LazyShuffle(seed + 1))
            sim.apply(action)
            totals[index] += search._play_out(sim, me, seed) - view.stacks[me]
    return view, candidates, [t / worlds for t in totals]


def regret(name: str, points: list[Point], ms: float, reps: int) -> str:
    """One row of the table: the bot's mean regret over the points."""
    regrets: list[float] = []
    outside = 0
    for rep in range(reps):
        bot = BOTS[name](1000 + rep, ms)
        for view, candidates, values in points:
            choice = bot.act(view)
            if choice not in candidates:
                outside += 1
                continue
            regrets.append(max(values) - values[candidates.index(choice)])
    mean = statistics.mean(regrets)
    error = statistics.stdev(regrets) / len(regrets) ** 0.5
    best = sum(1 for r in regrets if r < 1e-9) / len(regrets)
    return f"| {name} | {mean:.2f} ± {error:.2f} | {best:.0%} | {outside} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--betting", choices=("limit", "no-limit"), default="limit")
    parser.add_argument("--points", type=int, default=150)
    parser.add_argument("--worlds", type=int, default=1500)
    parser.add_argument("--ms", type=float, default=25.0)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--bots", default="montecarlo,ismcts")
    args = parser.parse_args()
    names = args.bots.split(",")
    unknown = [n for n in names if n not in BOTS]
    if unknown:
        parser.error(f"unknown bots {unknown}; the bots are {', '.join(BOTS)}")
    began = time.perf_counter()
    search = MonteCarloBot(seed=99)
    views = decision_points(args.betting, args.points)
    points = [oracle(search, view, args.worlds) for view in views]
    print(
        f"{args.betting}: {len(points)} decision points, oracle of {args.worlds} worlds each "
        f"({time.perf_counter() - began:.0f} s); {args.ms:g} ms a decision, {args.reps} reps\n"
    )
    print("| bot | mean regret, chips | oracle's best chosen | choices outside |")
    print("| --- | ---: | ---: | ---: |")
    for name in names:
        print(regret(name, [(v, c, _folds_zero(c, x)) for v, c, x in points], args.ms, args.reps))


def _folds_zero(candidates: list[Action], values: list[float]) -> list[float]:
    return [0.0 if a.verb is Verb.FOLD else v for a, v in zip(candidates, values, strict=True)]


if __name__ == "__main__":
    main()
