"""Tabular Q-learning in self-play on the tiny preset, then each learner's greedy
policy against a random player.

OpenSpiel's ``QLearner`` (``open_spiel.python.algorithms.tabular_qlearner``) keeps
one table a seat, over ``rl_environment.Environment`` on ``python_palace_poker``
with the ``tiny`` preset heads-up at small bet 1, ante 1 and 4 chips a player
(docs/research.md, *Small games*): the deal, then one battle. Both seats learn
against each other for ``episodes`` hands; then each seat's greedy policy plays
``games`` hands against OpenSpiel's ``RandomAgent`` in the other seat, and a random
player plays the same hands' seats for comparison.

**The last time step goes only to the agents that acted.** In a quarter of tiny's
heads-up hands (an eighth of the standard game's) the first to act folds at once,
and the other player never acts. OpenSpiel's own loop
(``open_spiel/python/examples/independent_tabular_qlearning.py``) steps every agent
with the final time step; an agent that did not act in the hand then keeps the
final state as its previous one, with no action, and the next time it learns
``assert self._prev_action is not None`` fails (in ``QLearner.step``). Below, an
agent gets the final step only if it acted in the hand: that step learns the
reward of its last decision and clears its previous state. An agent that never
acted has no decision to learn from.

    python examples/openspiel_qlearning.py --episodes 8000 --games 1000
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent, tabular_qlearner

import palace_poker.env.openspiel  # noqa: F401 - registers python_palace_poker

#: The tiny preset heads-up at the smallest stakes a battle plays out at.
GAME: str = "python_palace_poker(variant=tiny,small_bet=1,ante=1,stack=4)"


def main(
    *,
    episodes: int = 8000,
    games: int = 1000,
    game_string: str = GAME,
    seed: int = 0,
    quiet: bool = False,
) -> dict[str, Any]:
    """Train two Q-learners for ``episodes`` hands, then play ``games`` hands a seat
    of each greedy policy against a random player; print and return the results
    (the learners' and a random player's mean chips a hand, the hands one player
    never acted in, the states in the tables, the times)."""
    game = pyspiel.load_game(game_string)
    np.random.seed(seed)  # the learners explore with NumPy's global generator
    sampler = rl_environment.ChanceEventSampler(seed=seed)  # the cards
    env = rl_environment.Environment(game, chance_event_sampler=sampler)
    players = env.num_players
    actions = env.action_spec()["num_actions"]
    learners = [tabular_qlearner.QLearner(player_id=p, num_actions=actions) for p in range(players)]
    start = time.perf_counter()
    without = 0
    for _ in range(episodes):
        time_step = env.reset()
        acted: set[int] = set()
        while not time_step.last():
            player = time_step.observations["current_player"]
            acted.add(player)
            time_step = env.step([learners[player].step(time_step).action])
        without += len(acted) < players
        for player in sorted(acted):  # not the others: see the module's text
            learners[player].step(time_step)
    train = time.perf_counter() - start
    randoms = [random_agent.RandomAgent(player_id=p, num_actions=actions) for p in range(players)]
    start = time.perf_counter()
    learned = [_mean(env, learners[p], randoms, p, games) for p in range(players)]
    baseline = [_mean(env, randoms[p], randoms, p, games) for p in range(players)]
    play = time.perf_counter() - start
    result = {
        "episodes": episodes,
        "games": games,
        "train_seconds": train,
        "without_a_decision": without / max(episodes, 1),
        "states": [len(learner._q_values) for learner in learners],
        "mean_return": sum(learned) / players,
        "seat_returns": learned,
        "random_mean_return": sum(baseline) / players,
        "play_seconds": play,
    }
    if not quiet:
        print(
            f"tabular Q-learning, self-play on {game_string}: {episodes} hands in "
            f"{train:.1f} s; one player never acted in {result['without_a_decision']:.0%} "
            f"of them; states in the tables {result['states']}"
        )
        seats = ", ".join(f"seat {p} {r:+.3f}" for p, r in enumerate(learned))
        print(
            f"  greedy policy vs random, {games} hands a seat: mean return "
            f"{result['mean_return']:+.3f} chips a hand ({seats})"
        )
        print(
            f"  (a random player in the same seats: {result['random_mean_return']:+.3f} "
            f"chips a hand; the games took {play:.1f} s)"
        )
    return result


def _mean(
    env: rl_environment.Environment,
    player_agent: Any,
    randoms: list[random_agent.RandomAgent],
    seat: int,
    games: int,
) -> float:
    """The mean return of ``player_agent`` at ``seat`` (its greedy choice: no
    exploration, no learning) over ``games`` hands, the other seats random."""
    total = 0.0
    for _ in range(games):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            agent = player_agent if player == seat else randoms[player]
            time_step = env.step([agent.step(time_step, is_evaluation=True).action])
        total += time_step.rewards[seat]
    return total / max(games, 1)


def _arguments() -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--episodes", type=int, default=8000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--game", dest="game_string", default=GAME)
    parser.add_argument("--seed", type=int, default=0)
    return vars(parser.parse_args())


if __name__ == "__main__":
    main(**_arguments())
