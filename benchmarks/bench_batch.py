"""Steps per second of a batch of hands stepped in C
(:class:`palace_poker.env.batch.HandBatch`) at batch sizes 1, 64 and 1,024, next to
OpenSpiel's C++ ``universal_poker`` and ``leduc_poker`` (and PettingZoo's
``texas_holdem_no_limit_v6`` where RLCard is installed), measured in the same run.

A step is one decision of one hand: a batch of N hands takes N steps a call. At
every step the acting player's observation (1,887 float32) and legal mask are
written, as a learner needs them, and the action is a uniformly random legal id:
drawn in C (``random_actions``), or in NumPy from the mask (the argmax of the mask
times uniform noise), both measured. The anchors run bench_envs.py's loops (the
acting player's observation tensor, random legal actions, chance sampled and not
counted), heads-up as there; ours is heads-up no-limit with 200-chip stacks.

One more row: the Gymnasium vector environment on the same batch
(:class:`palace_poker.env.vector.PalacePokerVectorEnv`, 1,024 hands, the learner at
seat 0 against the random opponent drawn in C). There a step is one decision of the
learner (its ids drawn in NumPy from ``infos["action_mask"]``); the opponent's
decisions between them are played inside the step and not counted.

Usage: python benchmarks/bench_batch.py [--steps N]
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable

import numpy as np
from bench_envs import PLAYERS, Figure, _available, _openspiel_steps, _timed, pettingzoo, table

from palace_poker import Rules
from palace_poker.env.batch import AVAILABLE, HandBatch
from palace_poker.env.vector import PalacePokerVectorEnv

SIZES = (1, 64, 1024)
#: The vector environment's number of hands.
VECTOR_SIZE = 1024


def batch_steps(size: int, steps: int, *, numpy_actions: bool, seed: int = 0) -> int:
    """Decisions of a batch of ``size`` hands for about ``steps`` decisions in all."""
    batch = HandBatch.of(Rules.of(10, betting="no-limit"), [200] * PLAYERS, size=size, seed=seed)
    arrays = batch.reset()
    rng = np.random.default_rng(seed)
    noise = np.empty(arrays.mask.shape, np.float32)
    done = 0
    while done < steps:
        if numpy_actions:
            rng.random(out=noise, dtype=np.float32)
            actions = np.argmax(arrays.mask * noise, axis=1)
        else:
            actions = batch.random_actions()
        batch.step(actions)
        done += size
    return done


def vector_steps(size: int, steps: int, *, seed: int = 0) -> int:
    """The learner's decisions in a vector environment of ``size`` hands against the
    random opponent, for about ``steps`` decisions in all."""
    env = PalacePokerVectorEnv(size, num_players=PLAYERS, betting="no-limit", stack=200)
    _, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    noise = np.empty((size, infos["action_mask"].shape[1]), np.float32)
    done = 0
    while done < steps:
        rng.random(out=noise, dtype=np.float32)
        _, _, _, _, infos = env.step(np.argmax(infos["action_mask"] * noise, axis=1))
        done += size
    return done


def measure(steps: int) -> tuple[list[Figure], list[str]]:
    """Ours at each batch size (both ways of drawing ids), then the anchors present."""
    figures: list[Figure] = []
    for size in SIZES:
        for numpy_actions, how in ((False, "ids drawn in C"), (True, "ids drawn in NumPy")):
            loop: Callable[[int], int] = functools.partial(
                batch_steps, size, numpy_actions=numpy_actions
            )
            figures.append(Figure(f"ours: HandBatch of {size} ({how})", _timed(loop, steps)))
    vector = VECTOR_SIZE
    figures.append(
        Figure(
            f"ours: PalacePokerVectorEnv of {vector} (learner vs random; learner steps)",
            _timed(functools.partial(vector_steps, vector), steps),
        )
    )
    missing: list[str] = []
    anchor_steps = max(1000, steps // 10)
    if _available("pyspiel"):
        import pyspiel  # noqa: PLC0415

        for label, name in (
            ("OpenSpiel universal_poker", "universal_poker"),
            ("OpenSpiel leduc_poker", "leduc_poker"),
        ):
            game = pyspiel.load_game(name)
            loop = functools.partial(_openspiel_steps, game)
            figures.append(Figure(label, _timed(loop, anchor_steps)))
    else:
        missing.append("open_spiel")
    if _available("pettingzoo") and _available("rlcard") and _available("pygame"):
        from pettingzoo.classic import (  # type: ignore[import-untyped]  # noqa: PLC0415
            texas_holdem_no_limit_v6,
        )

        figures.append(
            Figure(
                "PettingZoo texas_holdem_no_limit_v6",
                _timed(lambda n: pettingzoo(texas_holdem_no_limit_v6.env, n), anchor_steps),
            )
        )
    else:
        missing.append("PettingZoo texas_holdem_no_limit_v6 (needs pettingzoo, rlcard, pygame)")
    return figures, missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--steps", type=int, default=1_000_000, help="decisions of each batch measure"
    )
    args = parser.parse_args()
    if not AVAILABLE:
        print("the C engine is not built (palace_poker._enginec): nothing to measure")
        return 1
    started = time.perf_counter()
    figures, missing = measure(args.steps)
    print(table(figures))
    if missing:
        print("Left out, not installed:", ", ".join(missing))
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
