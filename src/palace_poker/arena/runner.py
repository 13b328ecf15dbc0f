"""Running an arena: chunks out to a backend, results merged in hand order.

>>> from palace_poker.config import Rules
>>> config = ArenaConfig(("random", "random"), hands=20, seed=3, rules=Rules.of(10), stack=2000)
>>> result = run_arena(config)
>>> result.hands, len(result.block_nets), sum(sum(b) for b in result.block_nets)
(20, 10, 0)
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TextIO, TypeVar

from palace_poker.arena.backends import Backend, run_dask, run_inline, run_local
from palace_poker.arena.journal import Journal
from palace_poker.arena.plan import ArenaConfig, MatchPlan, chunk_size
from palace_poker.arena.play import Chunk, ChunkResult
from palace_poker.arena.stats import Interval, bot_block_means, mean_interval, time_percentile
from palace_poker.errors import ConfigError
from palace_poker.terminal.house_rules import game_name

FORMAT = "palace-arena/1"
K = TypeVar("K")


@dataclass(frozen=True)
class ArenaResult:
    """The merged results: per block, per entry, and the run's timing."""

    config: ArenaConfig
    plan: MatchPlan
    block_nets: list[tuple[int, ...]]  # per block, chips won by each entry
    hands_won: list[int]
    battles: list[int]
    battles_won: list[int]
    attacks: list[int]
    ends: dict[str, int]
    decisions: int
    backend: str
    workers: int  # local processes, or the Dask cluster's worker threads
    seconds: float
    cpu_seconds: float = 0.0  # the chunks' processor time, summed over workers
    #: Hands read back from a journal, not played in this run (``seconds`` is this
    #: run's time, for the other hands).
    resumed: int = 0
    #: Each entry's decisions by wall time (histograms of stats.time_bin).
    thinking: tuple[dict[int, int], ...] = ()

    @property
    def hands(self) -> int:
        return self.plan.hands

    def bots(self) -> dict[str, list[int]]:
        """Each bot's entries, in order of first appearance."""
        out: dict[str, list[int]] = {}
        for entry, bot in enumerate(self.config.bots):
            out.setdefault(bot, []).append(entry)
        return out

    def interval(self, entries: list[int]) -> Interval:
        """Chips won per hand per player by these entries, with its 95% interval."""
        return mean_interval(bot_block_means(self.block_nets, entries, self.plan.size))

    def difference(self, first: list[int], second: list[int]) -> Interval:
        """How many more chips per hand per player the ``first`` entries won than the
        ``second``, with its 95% interval: paired by block (both played the same
        cards in it), so the deal's luck that both shared cancels out."""
        size = self.plan.size
        ones = bot_block_means(self.block_nets, first, size)
        twos = bot_block_means(self.block_nets, second, size)
        return mean_interval([a - b for a, b in zip(ones, twos, strict=True)])

    def differences(self) -> list[dict[str, Any]]:
        """Every pair of distinct bots, in the order they are first named: the first's
        chips per hand per player minus the second's (:meth:`difference`)."""
        bots = list(self.bots().items())
        out = []
        for i, (a, first) in enumerate(bots):
            for b, second in bots[i + 1 :]:
                ci = self.difference(first, second)
                out.append(
                    {
                        "bots": [a, b],
                        "chips_per_hand": _round(ci.mean),
                        "ci95": None
                        if ci.half_width is None
                        else [_round(ci.low), _round(ci.high)],
                    }
                )
        return out

    def decision_ms(self, entries: list[int]) -> dict[str, float | None]:
        """The median and 99th percentile of these entries' decision times, in ms
        (wall time on the worker, so they depend on the machine and its load)."""
        merged: dict[int, int] = {}
        for entry in entries:
            for index, count in (self.thinking[entry] if self.thinking else {}).items():
                merged[index] = merged.get(index, 0) + count
        out: dict[str, float | None] = {}
        for key, share in (("p50", 0.5), ("p99", 0.99)):
            value = time_percentile(merged, share)
            out[key] = None if value is None else round(value * 1000, 3)
        return out

    def _stats(self, entries: list[int]) -> dict[str, Any]:
        ci = self.interval(entries)
        player_hands = self.hands * len(entries)
        fought = sum(self.battles[e] for e in entries)
        won = sum(self.battles_won[e] for e in entries)
        hands_won = sum(self.hands_won[e] for e in entries)
        return {
            "players": len(entries),
            "player_hands": player_hands,
            "chips_per_hand": _round(ci.mean),
            "ci95": None if ci.half_width is None else [_round(ci.low), _round(ci.high)],
            "chips_won": sum(sum(nets[e] for e in entries) for nets in self.block_nets),
            "hands_won": hands_won,
            "hands_won_share": _round(hands_won / player_hands),
            "battles_fought": fought,
            "battles_won": won,
            "battles_won_share": None if fought == 0 else _round(won / fought),
            "attacks": sum(self.attacks[e] for e in entries),
        }

    def summary(self) -> dict[str, Any]:
        """The JSON summary. Everything but ``run`` depends only on the configuration."""
        config, plan = self.config, self.plan
        return {
            "format": FORMAT,
            "seats": list(config.bots),
            "seed": config.seed,
            "hands": plan.hands,
            "hands_requested": config.hands,
            "block_size": plan.size,
            "blocks": plan.blocks,
            "rules": config.rules.to_dict(),
            "variant": game_name(config.rules),
            "stack": config.stack,
            "bots": {bot: self._stats(entries) for bot, entries in self.bots().items()},
            "entries": {label: self._stats([entry]) for entry, label in enumerate(plan.labels)},
            "differences": self.differences(),
            "ends": dict(sorted(self.ends.items())),
            "decisions": self.decisions,
            "run": {
                "backend": self.backend,
                "workers": self.workers,
                "seconds": round(self.seconds, 3),
                "resumed_hands": self.resumed,
                "hands_per_second": (
                    round((plan.hands - self.resumed) / self.seconds, 1) if self.seconds else None
                ),
                "cpu_seconds": round(self.cpu_seconds, 3),
                # processor time over (workers x elapsed time): 1.0 is perfect scaling
                "efficiency": (
                    round(self.cpu_seconds / (self.workers * self.seconds), 3)
                    if self.seconds
                    else None
                ),
                "decision_ms": {
                    bot: self.decision_ms(entries) for bot, entries in self.bots().items()
                },
            },
        }


def _round(value: float | None) -> float:
    assert value is not None
    return round(value, 4)


class _Merger:
    """Collects chunk results as they come and releases them in hand order."""

    def __init__(self, records: TextIO | None, progress: Callable[[int], None] | None) -> None:
        self.pending: dict[int, ChunkResult] = {}
        self.ordered: list[ChunkResult] = []
        self.next = 0
        self.records = records
        self.progress = progress

    def __call__(self, result: ChunkResult) -> None:
        self.pending[result.start] = result
        while self.next in self.pending:
            ready = self.pending.pop(self.next)
            if self.records is not None:
                self.records.writelines(line + "\n" for line in ready.records)
            ready.records = []
            self.ordered.append(ready)
            self.next = ready.stop
        if self.progress is not None:
            self.progress(result.stop - result.start)


def run_arena(
    config: ArenaConfig,
    *,
    backend: Backend = "local",
    workers: int = 1,
    scheduler: str | None = None,
    chunk_hands: int | None = None,
    records: TextIO | None = None,
    progress: Callable[[int], None] | None = None,
    journal: Journal | None = None,
) -> ArenaResult:
    """Play the arena and merge its results in hand order.

    ``workers`` local processes play the chunks (1: this process), or the Dask
    cluster at ``scheduler`` does. ``records`` receives each hand's palace-hand/1
    record as a JSON line, in hand order; ``progress`` is called with the number
    of hands of each chunk as it finishes. Results are the same for every backend,
    number of workers and chunk size. With a ``journal`` (:mod:`~palace_poker.
    arena.journal`) the chunks it holds are not played again, and each chunk played
    is added to it before it is counted.
    """
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ConfigError(
            "invalid_arena",
            f"workers must be an integer >= 1, got {workers!r}",
            details={"field": "workers", "input": workers},
        )
    if chunk_hands is not None and (not isinstance(chunk_hands, int) or chunk_hands < 1):
        raise ConfigError(
            "invalid_arena",
            f"chunk must be an integer >= 1, got {chunk_hands!r}",
            details={"field": "chunk", "input": chunk_hands},
        )
    if backend == "dask" and not scheduler:
        raise ConfigError(
            "invalid_arena",
            "--backend dask needs --scheduler tcp://HOST:PORT",
            details={"field": "scheduler"},
        )
    # A variant's deck deals fewer players (V-CARD-1): refused before any hand.
    config.rules.variant.check_playable(config.plan.size)
    config = dataclasses.replace(config, records=records is not None)
    plan = config.plan

    done = [] if journal is None else journal.done
    resumed = sum(r.stop - r.start for r in done)

    def make_chunks(parallel: int) -> list[Chunk]:
        per = chunk_hands or chunk_size(plan.hands - resumed, plan.size, parallel)
        ranges = plan.chunks(per) if journal is None else journal.missing(plan, per)
        return [Chunk(config, start, stop) for start, stop in ranges]

    merger = _Merger(records, progress)
    for result in sorted(done, key=lambda r: r.start):
        merger(result)
    played: Callable[[ChunkResult], None] = merger
    if journal is not None:

        def played(result: ChunkResult) -> None:
            journal.add(result)  # on disk before it counts
            merger(result)

    began = time.perf_counter()
    if backend == "dask":
        assert scheduler is not None
        workers = run_dask(make_chunks, scheduler, played)
    elif workers == 1:
        run_inline(make_chunks(1), played)
    else:
        run_local(make_chunks(workers), workers, played)
    seconds = time.perf_counter() - began
    parts = merger.ordered
    assert merger.next == plan.hands, "a chunk is missing"
    return ArenaResult(
        config=config,
        plan=plan,
        block_nets=[nets for part in parts for nets in part.block_nets],
        hands_won=_add(part.hands_won for part in parts),
        battles=_add(part.battles for part in parts),
        battles_won=_add(part.battles_won for part in parts),
        attacks=_add(part.attacks for part in parts),
        ends=_add_counts(part.ends for part in parts),
        decisions=sum(part.decisions for part in parts),
        backend=backend,
        workers=workers,
        seconds=seconds,
        resumed=resumed,
        cpu_seconds=sum(part.cpu_seconds for part in parts) - sum(r.cpu_seconds for r in done),
        thinking=tuple(
            _add_counts(row) for row in zip(*(part.thinking for part in parts), strict=True)
        ),
    )


def _add(rows: Iterable[list[int]]) -> list[int]:
    total: list[int] | None = None
    for row in rows:
        total = list(row) if total is None else [a + b for a, b in zip(total, row, strict=True)]
    assert total is not None
    return total


def _add_counts(counts: Iterable[dict[K, int]]) -> dict[K, int]:
    total: dict[K, int] = {}
    for count in counts:
        for key, value in count.items():
            total[key] = total.get(key, 0) + value
    return total
