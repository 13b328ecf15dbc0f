"""Outcome-sampling Monte Carlo CFR on a small Palace Poker game, then its average
policy against random players.

OpenSpiel's Python ``OutcomeSamplingSolver`` runs ``iterations`` iterations (one
sampled hand per player each) on ``python_palace_poker`` with two players and low
stacks, keyed on the game's perfect-recall information state strings. Its average
policy then plays one seat against uniformly random players (the seat goes round
from hand to hand); information states it never met are played uniformly, as
OpenSpiel's ``AveragePolicy`` does. With 52 cards a hand deals far more information
states than a few thousand iterations visit, so expect a policy that is mostly
uniform beyond the first decisions: the point is that the algorithm runs.

    python examples/openspiel_mccfr.py --iterations 3000 --games 2000
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr

from palace_poker.env import openspiel as palace_openspiel


def main(
    *,
    iterations: int = 3000,
    games: int = 2000,
    players: int = 2,
    small_bet: int = 2,
    stack: int = 8,
    betting: str = "limit",
    seed: int = 0,
    quiet: bool = False,
) -> dict[str, Any]:
    """Train for ``iterations``, then play ``games`` hands of the average policy
    against random players; print and return the results (the policy's mean
    return in chips and win rate, a random player's in the same seats, the
    information states met, the times)."""
    game = pyspiel.load_game(
        palace_openspiel.SHORT_NAME,
        {"players": players, "small_bet": small_bet, "stack": stack, "betting": betting},
    )
    np.random.seed(seed)  # the solver samples with NumPy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.iteration()
    train = time.perf_counter() - start
    policy = solver.average_policy()
    rng = random.Random(seed)

    def by_policy(state: Any) -> int:
        probabilities = policy.action_probabilities(state)
        actions = list(probabilities)
        return int(rng.choices(actions, weights=[probabilities[a] for a in actions])[0])

    start = time.perf_counter()
    returns, known = _play(game, games, by_policy, rng, solver)
    play = time.perf_counter() - start
    baseline, _ = _play(game, games, lambda state: rng.choice(state.legal_actions()), rng, solver)
    result = {
        "iterations": iterations,
        "games": games,
        "infostates": len(solver._infostates),
        "train_seconds": train,
        "mean_return": sum(returns) / games,
        "win_rate": sum(r > 0 for r in returns) / games,
        "random_mean_return": sum(baseline) / games,
        "known_decisions": known,
        "play_seconds": play,
    }
    if not quiet:
        print(
            f"outcome-sampling MCCFR, {players} players, SB {small_bet}, stacks {stack}, "
            f"{betting}: {iterations} iterations in {train:.1f} s "
            f"({train / iterations * 1000:.2f} ms each), {result['infostates']} "
            "information states"
        )
        print(
            f"  average policy vs random, {games} hands: mean return "
            f"{result['mean_return']:+.3f} chips a hand, won {result['win_rate']:.0%} "
            f"({known:.0%} of its decisions at information states it had met)"
        )
        print(
            f"  (a random player in the same seats: {result['random_mean_return']:+.3f} "
            f"chips a hand; the games took {play:.1f} s)"
        )
    return result


def _play(
    game: Any,
    games: int,
    choose: Any,
    rng: random.Random,
    solver: outcome_sampling_mccfr.OutcomeSamplingSolver,
) -> tuple[list[float], float]:
    """The returns of the seat ``choose`` plays (seat ``i % players`` in hand ``i``;
    the others random, chance sampled with ``rng``), and the share of its decisions
    at information states the solver met."""
    players = game.num_players()
    returns: list[float] = []
    decisions = known = 0
    for number in range(games):
        seat = number % players
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            elif state.current_player() == seat:
                decisions += 1
                known += state.information_state_string() in solver._infostates
                state.apply_action(choose(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns.append(state.returns()[seat])
    return returns, known / max(decisions, 1)


def _arguments() -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--small-bet", type=int, default=2)
    parser.add_argument("--stack", type=int, default=8)
    parser.add_argument("--betting", choices=["limit", "no-limit"], default="limit")
    parser.add_argument("--seed", type=int, default=0)
    return vars(parser.parse_args())


if __name__ == "__main__":
    main(**_arguments())
