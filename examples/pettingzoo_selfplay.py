"""Self-play through the PettingZoo environment: one policy plays every seat.

A linear softmax policy over the observation vector (NumPy only), masked to the
legal ids, plays both seats of ``tiny`` heads-up (small bet 1, ante 1, 4 chips)
through ``palace_poker.env.pettingzoo`` and learns by REINFORCE: after each hand
every decision of a seat is pushed towards what it won (less a running mean, the
baseline). To keep self-play from chasing its own tail, the seat opposite the
learner plays, half of the time, a frozen snapshot drawn from the policy's past
(a snapshot is kept every ``--snapshot`` hands): a league of earlier selves, as
in fictitious self-play. Every ``--every`` hands the policy plays a uniformly
random player (seats alternating, the same deals for both) and the example
prints its chips a hand with a 95% interval.

    python examples/pettingzoo_selfplay.py --hands 6000 --every 1000

The same loop serves any table of the environment: ``--players 3`` seats three
copies, ``--variant standard`` plays the full game (learning it takes far more
hands).
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from palace_poker.encoding.ids import NUM_ACTIONS
from palace_poker.env import observe
from palace_poker.env.pettingzoo import env as make_env

Array = NDArray[np.float64]


@dataclass
class Policy:
    """Softmax over ``weights @ observation + bias``, masked to the legal ids."""

    weights: Array = field(default_factory=lambda: np.zeros((NUM_ACTIONS, observe.SIZE)))
    bias: Array = field(default_factory=lambda: np.zeros(NUM_ACTIONS))

    def probabilities(self, observation: Array, mask: NDArray[np.int8]) -> Array:
        logits = self.weights @ observation + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]

    def copy(self) -> Policy:
        return Policy(self.weights.copy(), self.bias.copy())


def play_hand(
    table: Any, seats: list[Any], rng: np.random.Generator, seed: int
) -> tuple[list[float], list[list[tuple[Array, NDArray[np.int8], int]]]]:
    """One hand: ``seats[i]`` is a :class:`Policy` or None (uniformly random).
    Returns each seat's reward (in big bets) and its decisions."""
    table.reset(seed=seed)
    agents = list(table.possible_agents)
    decisions: list[list[tuple[Array, NDArray[np.int8], int]]] = [[] for _ in agents]
    rewards = [0.0] * len(agents)
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        i = agents.index(agent)
        if terminated or truncated:
            rewards[i] = float(reward)  # the hand's chips, in big bets
            table.step(None)
            continue
        mask = obs["action_mask"]
        policy = seats[i]
        if policy is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            vector = obs["observation"].astype(np.float64)
            action = int(rng.choice(NUM_ACTIONS, p=policy.probabilities(vector, mask)))
            decisions[i].append((vector, mask, action))
        table.step(action)
    return rewards, decisions


def reinforce(
    policy: Policy,
    decisions: list[tuple[Array, NDArray[np.int8], int]],
    advantage: float,
    rate: float,
) -> None:
    """One REINFORCE step: raise the log-probability of each decision by
    ``rate * advantage`` (the gradient of a masked softmax: one-hot minus p)."""
    for vector, mask, action in decisions:
        p = policy.probabilities(vector, mask)
        grad = -p
        grad[action] += 1.0
        policy.weights += rate * advantage * np.outer(grad, vector)
        policy.bias += rate * advantage * grad


def against_random(table: Any, policy: Policy, hands: int, seed: int) -> tuple[float, float]:
    """The policy's mean reward a hand against a uniformly random player, and the
    half-width of its 95% interval; each deal is played with the policy in each
    seat (paired)."""
    rng = np.random.default_rng(seed)
    totals = []
    for h in range(hands // 2):
        pair = 0.0
        for seat in (0, 1):
            seats: list[Any] = [None, None]
            seats[seat] = policy
            rewards, _ = play_hand(table, seats, rng, seed=seed * 1_000_003 + h)
            pair += rewards[seat]
        totals.append(pair / 2)
    mean = float(np.mean(totals))
    return mean, 1.96 * float(np.std(totals, ddof=1)) / math.sqrt(len(totals))


def main(
    *,
    hands: int = 6000,
    every: int = 1000,
    snapshot: int = 250,
    rate: float = 0.01,
    players: int = 2,
    variant: str = "tiny",
    evaluation: int = 2000,
    seed: int = 0,
    quiet: bool = False,
) -> dict[str, Any]:
    """Train for ``hands`` hands of self-play; return the evaluations (the policy
    against random before training and after every ``every`` hands)."""
    table = make_env(num_players=players, variant=variant, small_bet=1, ante=1, stack=4)
    rng = np.random.default_rng(seed)
    policy = Policy()
    league: list[Policy] = [policy.copy()]
    baseline = 0.0
    start = time.perf_counter()
    curve = [(0, *against_random(table, policy, evaluation, seed=10_000))]
    if not quiet:
        print(f"before: {curve[0][1]:+.3f} ± {curve[0][2]:.3f} big bets a hand against random")
    for hand in range(1, hands + 1):
        learner = int(rng.integers(players))
        seats: list[Any] = [policy] * players
        if rng.random() < 0.5:  # a past self opposite (the learner's seat still learns)
            past = league[int(rng.integers(len(league)))]
            seats = [past] * players
            seats[learner] = policy
        rewards, decisions = play_hand(table, seats, rng, seed=int(rng.integers(2**31)))
        for i, seat_decisions in enumerate(decisions):
            if seats[i] is policy and seat_decisions:
                reinforce(policy, seat_decisions, rewards[i] - baseline, rate)
        baseline += 0.01 * (float(np.mean(rewards)) - baseline)
        if hand % snapshot == 0:
            league.append(policy.copy())
        if hand % every == 0:
            curve.append((hand, *against_random(table, policy, evaluation, seed=10_000)))
            if not quiet:
                print(
                    f"{hand:>6} hands ({time.perf_counter() - start:.0f} s): "
                    f"{curve[-1][1]:+.3f} ± {curve[-1][2]:.3f} big bets a hand against random"
                )
    return {"curve": curve, "seconds": time.perf_counter() - start, "league": len(league)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=6000)
    parser.add_argument("--every", type=int, default=1000)
    parser.add_argument("--snapshot", type=int, default=250)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="tiny")
    parser.add_argument("--evaluation", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    main(**vars(args))
