"""OpenSpiel's information-set MCTS plays Palace Poker against random players.

One seat is OpenSpiel's Python ``ISMCTSBot`` (random-rollout evaluator); the others
pick a legal action uniformly at random. The bot's seat goes round the table from
game to game. Each game is one hand of ``python_palace_poker``; the bot samples the
hidden palace cards with the game's resampler (``palace_poker.env.openspiel
.resample``, seeded here so that runs repeat). The C++ ``pyspiel.ISMCTSBot``
cannot be used: it crashes on every Python game.

    python examples/openspiel_ismcts.py --players 3 --games 10 --simulations 100
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from palace_poker.env import openspiel as palace_openspiel


def main(
    *,
    players: int = 2,
    games: int = 10,
    simulations: int = 100,
    small_bet: int = 2,
    stack: int = 20,
    betting: str = "limit",
    seed: int = 0,
    quiet: bool = False,
) -> dict[str, Any]:
    """Play ``games`` hands, ISMCTS (``simulations`` a decision) against random
    players; print and return the bot's results: its mean return (chips), its win
    rate (hands with a gain), and the time a hand and a decision take."""
    game = pyspiel.load_game(
        palace_openspiel.SHORT_NAME,
        {"players": players, "small_bet": small_bet, "stack": stack, "betting": betting},
    )
    rng = random.Random(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        # UCT's exploration on the scale of the returns (chips).
        uct_c=2.0 * small_bet,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed + 1),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    bot.set_resampler(palace_openspiel.resampler(random.Random(seed + 2)))
    start = time.perf_counter()
    returns, decisions = _play(game, games, lambda state: int(bot.step(state)), rng)
    elapsed = time.perf_counter() - start
    baseline, _ = _play(game, games, lambda state: rng.choice(state.legal_actions()), rng)
    result = {
        "players": players,
        "games": games,
        "simulations": simulations,
        "mean_return": sum(returns) / games,
        "win_rate": sum(r > 0 for r in returns) / games,
        "loss_rate": sum(r < 0 for r in returns) / games,
        "decisions": decisions,
        "seconds": elapsed,
        "random_mean_return": sum(baseline) / games,
        "fallbacks": palace_openspiel.fallbacks[0],
    }
    if not quiet:
        print(
            f"ISMCTS ({simulations} simulations) vs random, {players} players, "
            f"SB {small_bet}, stacks {stack}, {betting}: {games} hands"
        )
        print(
            f"  mean return {result['mean_return']:+.2f} chips a hand; won "
            f"{result['win_rate']:.0%}, lost {result['loss_rate']:.0%} of the hands"
        )
        print(
            f"  (a random player in the same seats: {result['random_mean_return']:+.2f} "
            "chips a hand)"
        )
        per_decision = elapsed / max(decisions, 1)
        print(
            f"  {elapsed:.1f} s: {elapsed / games:.2f} s a hand, "
            f"{per_decision * 1000:.0f} ms a decision ({decisions} decisions)"
        )
    return result


def _play(
    game: Any, games: int, choose: Callable[[Any], int], rng: random.Random
) -> tuple[list[float], int]:
    """The returns of the seat ``choose`` plays (seat ``i % players`` in game
    ``i``; the other seats random, chance sampled with ``rng``), and its decisions."""
    players = game.num_players()
    returns: list[float] = []
    decisions = 0
    for number in range(games):
        seat = number % players
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            elif state.current_player() == seat:
                state.apply_action(choose(state))
                decisions += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns.append(state.returns()[seat])
    return returns, decisions


def _arguments() -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--small-bet", type=int, default=2)
    parser.add_argument("--stack", type=int, default=20)
    parser.add_argument("--betting", choices=["limit", "no-limit"], default="limit")
    parser.add_argument("--seed", type=int, default=0)
    return vars(parser.parse_args())


if __name__ == "__main__":
    main(**_arguments())
