"""The small presets solved through their written-out tree, and the bots read as
policies (issue 33; ``benchmarks/equilibrium.py``, docs/research.md *Small games*).

The ``.efg`` tree of ``tiny`` is the OpenSpiel game's own: the same histories and
information sets, and a policy has the same exact NashConv computed over the C++
game read from it as over the Python game. CFR+ converges on it; a bot's policy
is a policy of every information set, and a best response wins more against the
random bot than against the equilibrium.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from paths import BENCHMARKS
from scripts import load_script

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy as os_policy  # noqa: E402
from open_spiel.python.algorithms import exploitability  # noqa: E402

from palace_poker.env import efg  # noqa: E402
from palace_poker.env.bot_policy import bot_policy  # noqa: E402

TINY = "python_palace_poker(variant=tiny,players=2,small_bet=1,ante=1,stack=4)"


def _benchmark() -> ModuleType:
    return load_script(BENCHMARKS / "equilibrium.py")


@pytest.fixture(scope="module")
def tiny() -> efg.Tree:
    return efg.tree(pyspiel.load_game(TINY))


def _python_nash_conv(tree: efg.Tree, policy: Any) -> float:
    read = tree.python_policy(policy)
    game = tree.game

    def call(state: Any) -> dict[int, float]:
        player = state.current_player()
        return read(player, state.information_state_string(player))

    return float(exploitability.nash_conv(game, os_policy.tabular_policy_from_callable(game, call)))


@pytest.mark.rule("V-END-3")
def test_the_written_tree_is_the_game(tiny: efg.Tree) -> None:
    assert tiny.histories == 9121
    assert [len(sets) for sets in tiny.infosets] == [360, 720]
    game = tiny.efg_game
    assert game.num_players() == 2
    solver = pyspiel.CFRPlusSolver(game)
    for _ in range(20):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    conv = pyspiel.nash_conv(game, policy)
    assert conv > 1e-3  # not converged yet: the comparison below means something
    assert _python_nash_conv(tiny, policy) == pytest.approx(conv, abs=1e-9)
    for _ in range(480):
        solver.evaluate_and_update_policy()
    assert pyspiel.nash_conv(game, solver.average_policy()) < 5e-4  # (2.4e-4 after 500)


def test_the_benchmark_completes_a_sampled_policy_and_reads_the_value(tiny: efg.Tree) -> None:
    bench = _benchmark()
    run, policy = bench.solve(tiny, "mccfr-outcome", 0.0)  # one checkpoint: one iteration
    assert run.iterations == [1]
    # One sampled history leaves most sets unvisited: the uniform policy there.
    assert run.nash_conv[0] == pytest.approx(pyspiel.nash_conv(tiny.efg_game, policy))
    uniform = tiny.policy(
        lambda state, _: {a: 1 / len(state.legal_actions()) for a in state.legal_actions()}
    )
    assert pyspiel.nash_conv(tiny.efg_game, uniform) > 0.5
    values = bench.best_response_values(tiny.efg_game, uniform)
    assert sum(values) == pytest.approx(pyspiel.nash_conv(tiny.efg_game, uniform))


def test_a_bot_is_a_policy_a_best_response_punishes(tiny: efg.Tree) -> None:
    bench = _benchmark()
    _, equilibrium = bench.solve(tiny, "cfr+", 1.0)
    random_bot = bench.bot_figures(tiny, "random", 8, equilibrium)
    medium = bench.bot_figures(tiny, "medium", 1, equilibrium)
    assert random_bot.exploitability > 0.5
    assert random_bot.against_equilibrium < -0.05  # it loses to the equilibrium
    assert 0.0 < medium.exploitability < random_bot.exploitability
    # A bot's choice at a set is a distribution over the legal ids.
    chosen = bot_policy("medium", 1)
    for player, numbers in enumerate(tiny.infosets):
        for number in list(numbers.values())[:50]:
            probs = chosen(tiny.states[player][number], player)
            assert set(probs) == set(tiny.actions[player][number])
            assert sum(probs.values()) == pytest.approx(1.0)
            assert max(probs.values()) == 1.0  # one seed: one choice
