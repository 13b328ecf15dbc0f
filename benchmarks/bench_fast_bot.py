"""How long a decision takes: the fast bot (``palace_poker.bots.fast``) beside the
strong bots it stands in for, ``hard`` and ``expert``, measured in the same run.

Each bot plays every seat of the evaluation protocol's table (heads-up, small bet
10, ante 5, 100 big bets; and six players at the same stakes) in both structures;
every decision is timed twice: wall time (``perf_counter``, what a table waits for,
the machine's load included) and the thread's processor time (``thread_time``, the
bot's own work). Reported: the median, the 99th percentile and the longest, in
milliseconds, and the ratio of each bot's median to the fast bot's.

Usage: python benchmarks/bench_fast_bot.py [--hands N] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from palace_poker import Hand, SeededShuffle
from palace_poker.config import Betting
from palace_poker.env.agents import make_agent
from palace_poker.env.evaluate import STACK_BIG_BETS, rules_of

#: The bots timed, the fast bot first (the ratios' base).
BOTS = ("fast", "hard", "expert")
#: Hands a table for each bot; the strong bots play fewer (their decisions are slow).
HANDS = {"fast": 2_000, "hard": 300, "expert": 60}


def decision_times(
    name: str, betting: Betting, players: int, hands: int
) -> tuple[list[float], list[float]]:
    """Wall and processor milliseconds of each decision of ``hands`` hands in which
    every seat is the bot ``name``."""
    rules = rules_of(betting)
    stack = STACK_BIG_BETS * rules.big_bet
    wall: list[float] = []
    cpu: list[float] = []
    for index in range(hands):
        hand = Hand.deal(rules, [stack] * players, dealer=0, shuffle=SeededShuffle(index))
        bots = [make_agent(name, index * players + seat) for seat in range(players)]
        while hand.to_act is not None:
            seat = hand.to_act
            view = hand.observe(seat)
            began, began_cpu = time.perf_counter(), time.thread_time()
            action = bots[seat].act(view)
            cpu.append((time.thread_time() - began_cpu) * 1000)
            wall.append((time.perf_counter() - began) * 1000)
            hand.apply(action)
    return wall, cpu


def summary(times: list[float]) -> dict[str, float]:
    """The median, 99th percentile and longest of ``times``."""
    values = np.asarray(times)
    return {
        "decisions": len(times),
        "median": float(np.median(values)),
        "p99": float(np.percentile(values, 99)),
        "max": float(values.max()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=float, default=1.0, help="a multiple of HANDS")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args()
    rows: list[dict[str, object]] = []
    bettings: tuple[Betting, ...] = ("limit", "no-limit")
    for players in (2, 6):
        for betting in bettings:
            base = 0.0
            for name in BOTS:
                hands = max(1, int(HANDS[name] * args.hands // (players // 2)))
                wall, cpu = decision_times(name, betting, players, hands)
                timed, used = summary(wall), summary(cpu)
                base = base or timed["median"]
                ratio = timed["median"] / base
                rows.append(
                    {
                        "bot": name,
                        "players": players,
                        "betting": betting,
                        "wall": timed,
                        "cpu": used,
                        "median_ratio": ratio,
                    }
                )
                print(
                    f"{name:7} {players} players {betting:8} {len(wall):6,} decisions  "
                    f"wall median {timed['median']:7.3f} p99 {timed['p99']:8.3f} "
                    f"max {timed['max']:8.3f} ms; cpu p99 {used['p99']:8.3f} ms; "
                    f"median {ratio:6.1f}x the fast bot's",
                    flush=True,
                )
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
