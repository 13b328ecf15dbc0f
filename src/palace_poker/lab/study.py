"""A lab study: the same experiments played in each variant, and their figures.

For each variant (a name and its :class:`~palace_poker.config.Rules`) a study plays
three kinds of *experiment*, each a match of blocks as the arena plays them (one
deck a block, the entries rotated round the table through the block, seeded so
that every run gives the same hands; :class:`~palace_poker.arena.plan.MatchPlan`):

* ``self-play``: ``players`` copies of one bot: how hands end and how long they
  are, how battles are decided, and the advantage of each position counted from
  the dealer (every seat is the same bot, so a position's winnings are the seat's);
* ``skill``: a weak and a strong bot heads-up: the *skill trace*, chips per hand
  the strong one wins from the weak one (does skill matter more in this variant?);
* ``restricted:R``: a bot against itself forbidden one mechanic (``no-buy``,
  ``no-raise``, ``no-attack``; :mod:`palace_poker.lab.restricted`), heads-up: what
  the mechanic is worth.

Each experiment is cut into chunks of whole blocks, played by local worker
processes or a Dask cluster, and the figures are computed from the hands' facts
(:mod:`palace_poker.lab.measure`) with 95% intervals over blocks.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from palace_poker.arena.backends import run_tasks_dask, run_tasks_local
from palace_poker.arena.plan import DEALER, MatchPlan, default_stack
from palace_poker.arena.stats import Interval, mean_interval
from palace_poker.bots import Bot, make_bot
from palace_poker.config import Rules
from palace_poker.errors import ConfigError
from palace_poker.hand import Hand
from palace_poker.lab.measure import DECIDED, ENDS, HandFacts, play_measured
from palace_poker.lab.restricted import RESTRICTIONS, RestrictedBot
from palace_poker.shuffle import SeededShuffle


@dataclass(frozen=True, slots=True)
class LabConfig:
    """What a study plays: the variants, by name, and the bots of each experiment."""

    variants: tuple[tuple[str, Rules], ...]
    hands: int = 400  # hands of each experiment in each variant
    players: int = 4  # seats of the self-play experiment
    seed: int = 0
    bot: str = "medium"  # self-play, and the restricted bot's opponent
    weak: str = "easy"
    strong: str = "hard"
    restrictions: tuple[str, ...] = tuple(RESTRICTIONS)

    def __post_init__(self) -> None:
        if not self.variants:
            raise ConfigError("invalid_arena", "a study needs at least one variant", details={})
        for name, rules in self.variants:
            rules.variant.check_playable(max(self.players, 2))
            if not name:
                raise ConfigError("invalid_arena", "a variant needs a name", details={})
        if not isinstance(self.hands, int) or self.hands < 2:
            raise ConfigError(
                "invalid_arena",
                f"hands must be an integer >= 2, got {self.hands!r}",
                details={"field": "hands", "input": self.hands},
            )
        if not isinstance(self.players, int) or not 2 <= self.players <= 10:
            raise ConfigError(
                "invalid_players",
                f"players must be 2 to 10, got {self.players!r}",
                details={"field": "players", "input": self.players},
            )
        for restriction in self.restrictions:
            if restriction not in RESTRICTIONS:
                raise ConfigError(
                    "invalid_arena",
                    f"no restriction {restriction!r}; the restrictions are "
                    + ", ".join(RESTRICTIONS),
                    details={"input": restriction},
                )
        for name in (self.bot, self.weak, self.strong):
            make_bot(name)  # refuses an unknown bot

    def experiments(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each experiment's name and its entries' bots (``bot/restriction`` for a
        restricted one)."""
        out = [("self-play", (self.bot,) * self.players), ("skill", (self.strong, self.weak))]
        out += [(f"restricted:{r}", (f"{self.bot}/{r}", self.bot)) for r in self.restrictions]
        return out


@dataclass(frozen=True, slots=True)
class Chunk:
    """Hands ``start .. stop-1`` of one experiment in one variant; ``index``: the
    chunk's place in the study."""

    index: int
    variant: str
    rules: Rules
    experiment: str
    bots: tuple[str, ...]
    hands: int
    seed: int
    start: int
    stop: int


def _bot(name: str, seed: int) -> Bot:
    base, slash, restriction = name.partition("/")
    bot = make_bot(base, seed)
    return RestrictedBot(bot, restriction) if slash else bot


Played = list[tuple[tuple[int, ...], HandFacts]]


def play_chunk(chunk: Chunk) -> tuple[int, Played]:
    """The chunk's index, and each of its hands: the entry at each seat, and what
    the hand did (the task a worker runs)."""
    plan = MatchPlan(chunk.bots, chunk.hands, chunk.seed)
    stack = default_stack(chunk.rules)
    out = []
    for index in range(chunk.start, chunk.stop):
        seating = plan.seating(index)
        hand = Hand.deal(
            chunk.rules,
            [stack] * plan.size,
            dealer=DEALER,
            shuffle=SeededShuffle(plan.deck_seed(index)),
        )
        bots = [_bot(chunk.bots[e], plan.bot_seed(index, e)) for e in seating]
        out.append((seating, play_measured(hand, bots)))
    return chunk.index, out


def chunks(config: LabConfig, per_chunk: int = 40) -> list[Chunk]:
    """The study cut into chunks of whole blocks."""
    out: list[Chunk] = []
    for variant, rules in config.variants:
        for experiment, bots in config.experiments():
            plan = MatchPlan(bots, config.hands, config.seed)
            for start, stop in plan.chunks(per_chunk):
                out.append(
                    Chunk(
                        len(out),
                        variant,
                        rules,
                        experiment,
                        bots,
                        config.hands,
                        config.seed,
                        start,
                        stop,
                    )
                )
    return out


Facts = dict[tuple[str, str], Played]


def run_study(
    config: LabConfig,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Facts:
    """Play every chunk (in this process, in ``workers`` local processes, or on the
    Dask cluster at ``scheduler``, as the arena's backends do); the hands' facts by
    (variant, experiment), in hand order, the same for every backend."""
    todo = chunks(config)
    results: dict[int, Played] = {}

    def done(result: tuple[int, Played]) -> None:
        index, played = result
        results[index] = played
        if progress is not None:
            progress(len(played))

    if scheduler:
        run_tasks_dask(play_chunk, lambda _threads: todo, scheduler, done)
    elif workers <= 1:
        for chunk in todo:
            done(play_chunk(chunk))
    else:
        run_tasks_local(play_chunk, todo, workers, done)
    facts: Facts = {}
    for chunk in todo:
        facts.setdefault((chunk.variant, chunk.experiment), []).extend(results[chunk.index])
    return facts


# ------------------------------------------------------------------ figures


def _interval(values: Sequence[float]) -> dict[str, Any]:
    found: Interval = mean_interval(values)
    return {"mean": found.mean, "half_width": found.half_width, "count": found.count}


def _blocks(hands: Played, size: int) -> list[Played]:
    return [hands[i : i + size] for i in range(0, len(hands), size)]


def position_advantage(hands: Played, n: int) -> list[Any]:
    """Chips per hand won at each position (0: the dealer, 1: the dealer's left, ...),
    a block's hands averaged first (they share the deck)."""
    out = []
    for position in range(n):
        means = []
        for block in _blocks(hands, n):
            nets = [facts.nets[(facts.dealer + position) % n] for _, facts in block]
            means.append(sum(nets) / len(nets))
        out.append(_interval(means))
    return out


def entry_difference(hands: Played, n: int) -> dict[str, Any]:
    """Chips per hand entry 0 won more than entry 1, paired by block."""
    diffs = []
    for block in _blocks(hands, n):
        won = [0, 0]
        for seating, facts in block:
            for seat, entry in enumerate(seating):
                won[entry] += facts.nets[seat]
        diffs.append((won[0] - won[1]) / len(block))
    return _interval(diffs)


def _share(count: int, total: int) -> dict[str, Any]:
    """A proportion with its 95% normal interval (Wilson's would differ little here)."""
    if total == 0:
        return {"share": None, "half_width": None, "count": 0}
    p = count / total
    return {"share": p, "half_width": 1.96 * math.sqrt(p * (1 - p) / total), "count": count}


def _spread(values: list[int]) -> dict[str, Any]:
    ordered = sorted(values)

    def at(q: float) -> int:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {
        **_interval([float(v) for v in values]),
        "sd": statistics.pstdev(values),
        "p10": at(0.1),
        "median": at(0.5),
        "p90": at(0.9),
    }


def self_play_figures(hands: Played, n: int) -> dict[str, Any]:
    """The figures of a self-play experiment."""
    facts = [f for _, f in hands]
    total = len(facts)
    decided: dict[str, int] = dict.fromkeys(DECIDED, 0)
    for f in facts:
        for kind, count in f.decided.items():
            decided[kind] += count
    compared = sum(decided.values())
    won = sum(f.attacker_won for f in facts), sum(f.defender_won for f in facts)
    return {
        "hands": total,
        "position": position_advantage(hands, n),
        "ends": {end: _share(sum(f.end == end for f in facts), total) for end in ENDS},
        "split": _share(sum(f.split for f in facts), total),
        "turns": _spread([f.turns for f in facts]),
        "decisions": _spread([f.decisions for f in facts]),
        "battles": _spread([f.battles for f in facts]),
        "decided": {kind: _share(decided[kind], compared) for kind in DECIDED},
        "attacker_won": _share(won[0], won[0] + won[1]),
    }


def figures(config: LabConfig, facts: Facts) -> dict[str, Any]:
    """Every figure of the study, by variant (the report's JSON)."""
    out: dict[str, Any] = {
        "format": "palace-lab/1",
        "config": {
            "hands": config.hands,
            "players": config.players,
            "seed": config.seed,
            "bot": config.bot,
            "weak": config.weak,
            "strong": config.strong,
            "restrictions": list(config.restrictions),
        },
        "variants": {},
    }
    for name, rules in config.variants:
        entry: dict[str, Any] = {"rules": rules.to_dict()}
        entry["self_play"] = self_play_figures(facts[(name, "self-play")], config.players)
        entry["skill"] = entry_difference(facts[(name, "skill")], 2)
        entry["restricted"] = {
            r: entry_difference(facts[(name, f"restricted:{r}")], 2) for r in config.restrictions
        }
        out["variants"][name] = entry
    return out
