"""benchmarks/bot_regret.py (docs/bots.md): the oracle's values and the regret of a
choice, checked on real decision points with bots whose choices are known."""

from __future__ import annotations

import subprocess
import sys

from paths import BENCHMARKS

sys.path.insert(0, str(BENCHMARKS))

import bot_regret

from palace_poker.actions import Action
from palace_poker.bots.montecarlo import MonteCarloBot
from palace_poker.observation import Observation


class Picks:
    """A bot that chooses the oracle's best (or worst) candidate of each point."""

    name = "picks"

    def __init__(self, points: list[bot_regret.Point], best: bool) -> None:
        pick = max if best else min
        self.choice = {
            id(view): candidates[values.index(pick(values))] for view, candidates, values in points
        }

    def act(self, observation: Observation) -> Action:
        return self.choice[id(observation)]


def test_the_best_choice_has_no_regret_and_the_worst_the_spread() -> None:
    views = bot_regret.decision_points("no-limit", 6)
    assert len(views) == 6
    assert all(v.phase != "trim" for v in views)
    search = MonteCarloBot(seed=99)
    points = [bot_regret.oracle(search, v, 12) for v in views]
    points = [(v, c, bot_regret._folds_zero(c, x)) for v, c, x in points]
    assert all(len(c) > 1 and len(c) == len(x) for _, c, x in points)
    spread = sum(max(x) - min(x) for _, _, x in points) / len(points)
    for best, expected in ((True, 0.0), (False, spread)):
        bot_regret.BOTS["picks"] = lambda _s, _ms, best=best: Picks(points, best)  # type: ignore[misc]
        row = bot_regret.regret("picks", points, 1.0, 1)
        mean = float(row.split("|")[2].split("±")[0])
        assert abs(mean - expected) < 0.01, (row, expected)
        if best:
            assert row.split("|")[3].strip() == "100%"
    del bot_regret.BOTS["picks"]


def test_the_command_prints_its_table() -> None:
    args = ["--points", "3", "--worlds", "4", "--ms", "1", "--reps", "1"]
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bot_regret.py"), *args, "--bots", "montecarlo,ismcts"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "| montecarlo |" in done.stdout
    assert "| ismcts |" in done.stdout
    bad = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bot_regret.py"), "--bots", "robot"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert bad.returncode == 2
    assert "unknown bots" in bad.stderr
