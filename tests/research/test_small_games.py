"""The ``tiny`` preset is solved exactly through the OpenSpiel game (issue 32): its
whole tree, heads-up at the stakes of ``benchmarks/small_games.py`` (small bet 1,
ante 1, 4 chips a player), is walked; OpenSpiel's ``CFRSolver`` builds its tables
over every information state, iterates, and ``exploitability.nash_conv`` of its
average policy is exact and finite. The sizes are the ones docs/research.md (*Small
games*) gives.
"""

from __future__ import annotations

import math
from types import ModuleType

import pytest

from paths import BENCHMARKS
from scripts import load_script

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

import palace_poker.env.openspiel  # noqa: E402, F401  (registers the game)


def _benchmark() -> ModuleType:
    return load_script(BENCHMARKS / "small_games.py")


@pytest.mark.rule("V-END-3")
@pytest.mark.rule("V-CARD-1")
def test_cfr_solves_the_tiny_preset_exactly() -> None:
    bench = _benchmark()
    game = pyspiel.load_game(bench.game_string("tiny"))
    assert game.rules.variant.cards == 6
    tree = bench.tree_of(game)
    # Heads-up, the last two battle at once (V-END-3): the deal, then one battle.
    assert (tree.nodes, tree.decisions, tree.chance, tree.terminal) == (9121, 3240, 481, 5400)
    assert tree.infostates == (360, 720)
    solver = cfr.CFRSolver(game)
    policy = solver.current_policy()
    assert len(policy.state_lookup) == sum(tree.infostates)
    uniform = exploitability.nash_conv(game, solver.average_policy())  # no iteration yet
    for _ in range(2):  # the first iteration's policy is the uniform one
        solver.evaluate_and_update_policy()
    conv = exploitability.nash_conv(game, solver.average_policy())
    assert math.isfinite(conv)
    assert 0.0 <= conv < uniform
