"""MaskablePPO (sb3-contrib) learns Palace Poker in Gymnasium, then takes the
evaluation protocol.

The learner plays one seat of ``PalacePoker-v0`` heads-up at the protocol's stakes
(small bet 10, ante 5, 100 big bets; the standard game, limit) against an opponent
drawn at every reset from a pool (``random``, ``easy`` and ``medium`` by default:
bots that decide in well under a millisecond, so the learner gets thousands of
steps a second). sb3-contrib's ``MaskablePPO`` reads the legal ids from the
environment's ``action_masks()``; nothing else connects them. The model is saved
as a ``.zip``; ``palace-poker evaluate sb3:PATH`` then plays it through the
protocol (docs/research.md, *Evaluation protocol*).

sb3-contrib (with PyTorch) is not among the project's dependencies: install it
beside the research extra.

    pip install 'palace-poker[research]' sb3-contrib
    python examples/maskable_ppo.py --steps 300000 --out ppo-palace.zip
    palace-poker evaluate sb3:ppo-palace.zip --workers 2

``--pool`` changes the opponents, as names and weights: ``--pool fast`` trains
against the network bot, which beats ``hard`` and still decides in a third of a
millisecond (docs/bots.md, *The fast bot*); ``--pool medium=1,fast=2`` mixes.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import gymnasium

import palace_poker.env.gymnasium  # noqa: F401  (registers PalacePoker-v0)

#: The opponents drawn from at each reset, and their weights.
POOL = {"random": 1.0, "easy": 1.0, "medium": 2.0}


def make_env(seed: int, pool: dict[str, float], betting: str) -> Any:
    """One environment at the protocol's stakes (the defaults of PalacePoker-v0)."""
    env = gymnasium.make("PalacePoker-v0", opponent_pool=pool, betting=betting)
    env.reset(seed=seed)
    return env


def parse_pool(text: str) -> dict[str, float]:
    """``fast`` or ``medium=1,fast=2``: agents' names and their weights (1 unless
    given)."""
    pool: dict[str, float] = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        pool[name.strip()] = float(weight) if weight else 1.0
    return pool


def main(
    *,
    steps: int = 300_000,
    out: Path = Path("ppo-palace.zip"),
    betting: str = "limit",
    seed: int = 0,
    pool: dict[str, float] | None = None,
    quiet: bool = False,
) -> dict[str, Any]:
    """Train for ``steps`` environment steps, save the model to ``out``; return the
    training's figures (seconds, steps a second, the mean reward of the last
    episodes in big bets)."""
    import torch  # noqa: PLC0415 - optional, with sb3-contrib
    from sb3_contrib import MaskablePPO  # noqa: PLC0415
    from stable_baselines3.common.monitor import Monitor  # noqa: PLC0415

    # One thread: a small network's updates gain nothing from more, and on a
    # busy machine PyTorch's threads only wait for each other.
    torch.set_num_threads(1)

    env = Monitor(make_env(seed, pool or POOL, betting))
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=2048,
        batch_size=256,
        gamma=1.0,  # a hand is short and its one reward comes at the end
        learning_rate=3e-4,
        ent_coef=0.01,
        seed=seed,
        device="cpu",
        verbose=0,
    )
    start = time.perf_counter()
    model.learn(total_timesteps=steps)
    seconds = time.perf_counter() - start
    model.save(out)
    rewards = env.get_episode_rewards()[-2000:]
    figures = {
        "steps": steps,
        "seconds": round(seconds, 1),
        "steps_per_second": round(steps / seconds),
        "episodes": len(env.get_episode_rewards()),
        "last_mean_reward_big_bets": round(sum(rewards) / max(len(rewards), 1), 4),
        "model": str(out),
    }
    if not quiet:
        for key, value in figures.items():
            print(f"{key}: {value}")
        print(f"evaluate it: palace-poker evaluate sb3:{out}")
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=300_000)
    parser.add_argument("--out", type=Path, default=Path("ppo-palace.zip"))
    parser.add_argument("--betting", default="limit", choices=("limit", "no-limit"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pool", type=parse_pool, default=None, help="e.g. medium=1,fast=2")
    args = parser.parse_args()
    main(steps=args.steps, out=args.out, betting=args.betting, seed=args.seed, pool=args.pool)
