"""OpenSpiel's tabular Q-learning on Palace Poker (examples/openspiel_qlearning.py).

In a quarter of the tiny preset's heads-up hands one player never acts (the first
to act folds at once). OpenSpiel's ``QLearner`` fails its assertion
``self._prev_action is not None`` when its own loop steps such a player with the
hand's last time step; the example steps only the players that acted, and trains
and plays whole hands.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import tabular_qlearner

import palace_poker.env.openspiel  # noqa: F401 - registers python_palace_poker
from paths import EXAMPLES
from scripts import load_script


def _example(name: str) -> ModuleType:
    return load_script(EXAMPLES / f"{name}.py")


def test_openspiels_own_loop_fails_when_a_player_never_acts() -> None:
    # What the example avoids, as OpenSpiel's independent_tabular_qlearning.py
    # drives the learners: every agent steps with the last time step, so one that
    # did not act keeps the end as its previous state with no action, and its next
    # update asserts. (If OpenSpiel mends QLearner, this test tells us so.)
    qlearning = _example("openspiel_qlearning")
    game = pyspiel.load_game(qlearning.GAME)
    np.random.seed(0)
    env = rl_environment.Environment(
        game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=0)
    )
    learners = [tabular_qlearner.QLearner(player_id=p, num_actions=70) for p in range(2)]
    without = 0
    with pytest.raises(AssertionError):  # noqa: PT012 - the loop is what fails
        for _ in range(200):
            time_step = env.reset()
            acted = set()
            while not time_step.last():
                player = time_step.observations["current_player"]
                acted.add(player)
                time_step = env.step([learners[player].step(time_step).action])
            without += len(acted) < 2
            for learner in learners:
                learner.step(time_step)
    assert without > 0


def test_qlearning_example_trains_and_plays_against_random(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = _example("openspiel_qlearning").main(episodes=600, games=100)
    out = capsys.readouterr().out
    assert "600 hands" in out
    assert "greedy policy vs random" in out
    assert result["without_a_decision"] > 0.1  # the hands that failed OpenSpiel's loop
    assert all(states > 50 for states in result["states"])
    assert -4 <= result["mean_return"] <= 4  # a hand wins or loses at most the stack
    assert len(result["seat_returns"]) == 2
