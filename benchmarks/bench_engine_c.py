"""Steps per second of the hand engine in C (``palace_poker.env.fast``) against
:class:`~palace_poker.env.state.EnvState`, in the same loop: random legal play, a
step being one decision (``legal_actions()``, then ``apply`` of a random one of
them); chance nodes are sampled from each engine's list of outcomes and not
counted, as in bench_envs.py. Both are driven from Python, one call at a time, so
the C figure includes the cost of those calls; no observation is built.

Usage: python benchmarks/bench_engine_c.py [--steps N] [--players N] [--betting B]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from palace_poker import Rules
from palace_poker.config import Betting
from palace_poker.env.fast import AVAILABLE, new_hand
from palace_poker.env.state import CHANCE, EnvState


def c_hand(rules: Rules, players: int, steps: int, seed: int = 0) -> int:
    """Random legal play of the C hand for ``steps`` decisions; each hand a clone of
    one dealt once (a memory copy), a chance outcome drawn from ``chance_cards()``."""
    rng = random.Random(seed)
    dealt = new_hand(rules, [200] * players)
    done = 0
    while done < steps:
        hand = dealt.clone()
        while not hand.is_terminal() and done < steps:
            if hand.current_player() == CHANCE:
                hand.apply(rng.choice(hand.chance_cards()))
                continue
            hand.apply(rng.choice(hand.legal_actions()))
            done += 1
    return done


def env_state(rules: Rules, players: int, steps: int, seed: int = 0) -> int:
    """The same loop over EnvState (``chance_outcomes()``, its one list of them)."""
    rng = random.Random(seed)
    dealt = EnvState.new(rules, [200] * players)
    done = 0
    while done < steps:
        state = dealt.clone()
        while not state.is_terminal() and done < steps:
            if state.current_player() == CHANCE:
                state.apply(rng.choice(state.chance_outcomes())[0])
                continue
            state.apply(rng.choice(state.legal_actions()))
            done += 1
    return done


def steps_per_second(
    loop: Callable[[Rules, int, int], int], rules: Rules, players: int, steps: int
) -> float:
    """Decisions a second of one of the loops above."""
    loop(rules, players, max(10, steps // 20))  # warm-up
    start = time.perf_counter()
    done = loop(rules, players, steps)
    return done / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=300_000, help="decisions of the C hand")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--betting", choices=("limit", "no-limit"), default="no-limit")
    args = parser.parse_args()
    if not AVAILABLE:
        print("the C engine is not built (palace_poker._enginec): nothing to measure")
        return 1
    betting: Betting = args.betting
    rules = Rules.of(10, betting=betting)
    fast = steps_per_second(c_hand, rules, args.players, args.steps)
    slow = steps_per_second(env_state, rules, args.players, max(1000, args.steps // 50))
    print(f"{args.players} players, {betting}, random legal play (decisions a second):")
    print(f"  C hand (palace_poker.env.fast): {fast:12,.0f}")
    print(f"  EnvState:                       {slow:12,.0f}")
    print(f"  ratio:                          {fast / slow:12,.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
