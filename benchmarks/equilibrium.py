"""The small presets solved, and the bots' distance from equilibrium (issue 33).

Each game (``tiny`` and ``small`` heads-up, at the stakes of
``benchmarks/small_games.py``: small bet 1, ante 1, 4 chips a player) is walked
once through ``python_palace_poker`` and written as an extensive-form game
(:mod:`palace_poker.env.efg`); OpenSpiel's C++ algorithms run on that.

``solve`` runs CFR, CFR+, outcome-sampling and external-sampling MCCFR, each for a
budget of CPU seconds, and computes the exact NashConv of each solver's average
policy at checkpoints (iterations 1, 2, 5, 10, 20, ...): a table, a plot of
NashConv against iterations and against time, and the game's value (seat 0, the
dealer, from the best average policy found, with its NashConv as the bound of
the error).

``bots`` reads each bot as a policy (:mod:`palace_poker.env.bot_policy`: each
decision taken by ``samples`` differently seeded bots) and computes, exactly,
what a best response wins against it in each seat, its exploitability (the mean
of the two: NashConv / 2, in chips a hand; an equilibrium's is 0), and what it
wins or loses against the equilibrium found by ``solve`` (CFR+'s average policy).

    python benchmarks/equilibrium.py solve --games tiny,small --seconds 60,300 \\
        --json docs/research/solved.json --plot docs/images/nashconv.png
    python benchmarks/equilibrium.py bots --games tiny --json docs/research/bots.json
    python benchmarks/equilibrium.py solve --quick    # tiny, 5 s a solver

Times are the process's CPU seconds (one thread), NashConv's own time left out.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

#: The stakes of every game here (chips), as in benchmarks/small_games.py.
STAKES = {"players": 2, "small_bet": 1, "ante": 1, "stack": 4}
SOLVERS = ("cfr", "cfr+", "mccfr-outcome", "mccfr-external")
#: A solver's work between checkpoints grows by these steps (1, 2, 5, 10, ...).
STEPS = (1, 2, 5)
#: Each bot's samples a decision, by default (search bots cost more a sample).
SAMPLES = {"random": 32, "easy": 16, "medium": 16, "heuristic": 16, "hard": 8}
SEARCH_SAMPLES = 4


def game_string(name: str) -> str:
    """The OpenSpiel game string of preset ``name`` at this benchmark's stakes."""
    fields = ",".join(f"{k}={v}" for k, v in {"variant": name, **STAKES}.items())
    return f"python_palace_poker({fields})"


@dataclass
class Run:
    """One solver on one game: NashConv at each checkpoint."""

    game: str
    solver: str
    iterations: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    nash_conv: list[float] = field(default_factory=list)
    value: list[float] = field(default_factory=list)


def checkpoints() -> Iterator[int]:
    """1, 2, 5, 10, 20, 50, ... iterations."""
    scale = 1
    while True:
        for step in STEPS:
            yield step * scale
        scale *= 10


def make_solver(name: str, game: Any, seed: int = 1) -> tuple[Any, Callable[[], None]]:
    """An OpenSpiel C++ solver and its iteration."""
    import pyspiel  # noqa: PLC0415

    if name == "cfr":
        solver = pyspiel.CFRSolver(game)
        return solver, solver.evaluate_and_update_policy
    if name == "cfr+":
        solver = pyspiel.CFRPlusSolver(game)
        return solver, solver.evaluate_and_update_policy
    if name == "mccfr-outcome":
        solver = pyspiel.OutcomeSamplingMCCFRSolver(game, seed=seed)
        return solver, solver.run_iteration
    if name == "mccfr-external":
        solver = pyspiel.ExternalSamplingMCCFRSolver(game, seed=seed)
        return solver, solver.run_iteration
    raise ValueError(f"no solver {name!r}; the solvers are {', '.join(SOLVERS)}")


def solve(tree: Any, solver_name: str, seconds: float) -> tuple[Run, Any]:
    """Run ``solver_name`` on ``tree``'s C++ game until ``seconds`` of CPU time are
    spent (at a checkpoint); the run's figures and the last average policy."""
    import pyspiel  # noqa: PLC0415

    game = tree.efg_game
    run = Run(str(tree.game), solver_name)
    solver, iterate = make_solver(solver_name, game)
    done, spent = 0, 0.0
    policy = None
    for target in checkpoints():
        start = time.process_time()
        while done < target:
            iterate()
            done += 1
        spent += time.process_time() - start
        policy = complete(tree, solver.average_policy())
        run.iterations.append(done)
        run.seconds.append(round(spent, 3))
        run.nash_conv.append(float(pyspiel.nash_conv(game, policy)))
        run.value.append(float(_values(game, [policy, policy])[0]))
        print(f"  {solver_name} {done}: {run.nash_conv[-1]:.3g} ({spent:.1f} s)", file=sys.stderr)
        if spent >= seconds:
            break
    return run, policy


def complete(tree: Any, policy: Any) -> Any:
    """``policy`` as a ``pyspiel.TabularPolicy`` over every information set of the
    C++ game: an MCCFR average never sampled at a set has none there (OpenSpiel's
    NashConv then refuses it), and gets the uniform policy."""
    import pyspiel  # noqa: PLC0415

    table: dict[str, list[tuple[int, float]]] = {}
    for player, numbers in enumerate(tree.infosets):
        for number in numbers.values():
            key = tree.efg_key(player, number)
            legal = [tree.efg_action(a) for a in tree.actions[player][number]]
            with _quiet_stderr():  # OpenSpiel prints each refusal before raising it
                try:
                    probs = dict(policy.get_state_policy(key))
                except RuntimeError:
                    probs = {}
            total = sum(probs.get(a, 0.0) for a in legal)
            if total <= 0:
                table[key] = [(a, 1.0 / len(legal)) for a in legal]
            else:
                table[key] = [(a, probs.get(a, 0.0) / total) for a in legal]
    return pyspiel.TabularPolicy(table)


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """The process's standard error (file descriptor 2, where C++ writes) discarded."""
    sys.stderr.flush()
    saved = os.dup(2)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def _values(game: Any, policies: list[Any]) -> list[float]:
    """Each seat's expected chips when seat ``i`` plays ``policies[i]``."""
    import pyspiel  # noqa: PLC0415

    return list(pyspiel.expected_returns(game.new_initial_state(), policies, -1, True))


def best_response_values(game: Any, policy: Any) -> list[float]:
    """What a best response in each seat wins against ``policy`` in the other."""
    import pyspiel  # noqa: PLC0415

    root = game.new_initial_state()
    return [
        float(pyspiel.TabularBestResponse(game, seat, policy).value_from_state(root))
        for seat in range(game.num_players())
    ]


@dataclass
class BotFigures:
    """A bot's distance from equilibrium on one game."""

    game: str
    bot: str
    samples: int
    best_response: list[float]
    exploitability: float
    against_equilibrium: float
    seconds: float


def bot_figures(tree: Any, bot: str, samples: int, equilibrium: Any) -> BotFigures:
    """The exploitability of ``bot`` on ``tree``'s game, and its result against
    ``equilibrium`` (a policy of the C++ game), averaged over the two seats."""
    from palace_poker.env.bot_policy import bot_policy  # noqa: PLC0415

    game = tree.efg_game
    start = time.process_time()
    policy = tree.policy(bot_policy(bot, samples))
    seconds = time.process_time() - start
    responses = best_response_values(game, policy)
    as_first = _values(game, [policy, equilibrium])[0]
    as_second = _values(game, [equilibrium, policy])[1]
    return BotFigures(
        game=str(tree.game),
        bot=bot,
        samples=samples,
        best_response=[round(v, 6) for v in responses],
        exploitability=round(sum(responses) / len(responses), 6),
        against_equilibrium=round((as_first + as_second) / 2, 6),
        seconds=round(seconds, 1),
    )


#: NashConv targets (chips a hand): the first checkpoint at or below each is given.
TARGETS = (1e-2, 1e-3, 1e-4)


def solve_table(runs: list[Run]) -> str:
    """Each run as a Markdown table row: where it first reached each of
    :data:`TARGETS` (iterations, CPU seconds), and its last checkpoint."""
    heads = " | ".join(f"NashConv ≤ {t:g}" for t in TARGETS)
    lines = [
        f"| game | solver | {heads} | last: iterations, CPU s | NashConv | value of seat 0 |",
        "|---" * (5 + len(TARGETS)) + "|",
    ]
    for run in runs:
        reached = []
        for target in TARGETS:
            at = next((i for i, c in enumerate(run.nash_conv) if c <= target), None)
            reached.append(
                "—" if at is None else f"{run.iterations[at]:,}, {run.seconds[at]:.1f} s"
            )
        lines.append(
            f"| `{_preset(run.game)}` | {run.solver} | {' | '.join(reached)} "
            f"| {run.iterations[-1]:,}, {run.seconds[-1]:.1f} s "
            f"| {run.nash_conv[-1]:.2e} | {run.value[-1]:+.4f} |"
        )
    return "\n".join(lines)


def bots_table(rows: list[BotFigures]) -> str:
    """The bots' figures as a Markdown table."""
    lines = [
        "| game | bot | samples | best response as seat 0 / seat 1 | exploitability "
        "| against the equilibrium | CPU seconds |",
        "|---|---|---|---|---|---|---|",
    ]
    for f in rows:
        lines.append(
            f"| `{_preset(f.game)}` | {f.bot} | {f.samples} "
            f"| {f.best_response[0]:+.3f} / {f.best_response[1]:+.3f} "
            f"| {f.exploitability:.3f} | {f.against_equilibrium:+.3f} | {f.seconds:.0f} |"
        )
    return "\n".join(lines)


def _preset(game: str) -> str:
    return (
        game.split("variant=")[1].split(",", maxsplit=1)[0].rstrip(")")
        if "variant=" in game
        else game
    )


def plot(runs: list[Run], path: Path) -> None:
    """NashConv against iterations and against CPU seconds, a row a game."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    games = list(dict.fromkeys(run.game for run in runs))
    figure, axes = plt.subplots(len(games), 2, figsize=(10, 3.6 * len(games)), squeeze=False)
    for row, game in enumerate(games):
        for run in (r for r in runs if r.game == game):
            axes[row][0].loglog(run.iterations, run.nash_conv, marker=".", label=run.solver)
            axes[row][1].loglog(
                [max(s, 1e-3) for s in run.seconds], run.nash_conv, marker=".", label=run.solver
            )
        for column, label in enumerate(("iterations", "CPU seconds")):
            ax = axes[row][column]
            ax.set_xlabel(label)
            ax.set_ylabel("NashConv (chips a hand)")
            ax.set_title(f"{_preset(game)}, heads-up")
            ax.grid(True, which="major", alpha=0.3)
        axes[row][0].legend()
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=110)


def main(argv: list[str] | None = None) -> int:
    import pyspiel  # noqa: PLC0415

    from palace_poker.env import efg  # noqa: PLC0415

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("solve", "bots", "report"))
    parser.add_argument("--games", default="tiny,small")
    parser.add_argument("--seconds", default="60,300", help="each solver's CPU seconds, a game")
    parser.add_argument("--solvers", default=",".join(SOLVERS))
    parser.add_argument("--bots", default="random,easy,medium,hard,ismcts,expert")
    parser.add_argument("--samples", type=int, help="each bot's samples a decision")
    parser.add_argument(
        "--search-samples",
        type=int,
        default=SEARCH_SAMPLES,
        help="the samples a decision of the search bots (ismcts, expert)",
    )
    parser.add_argument("--equilibrium-seconds", type=float, default=60.0)
    parser.add_argument("--quick", action="store_true", help="tiny, 5 s a solver")
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--from-json",
        type=Path,
        action="append",
        default=[],
        help="report: the tables (and --plot) of runs saved with --json",
    )
    parser.add_argument("--plot", type=Path)
    args = parser.parse_args(argv)
    if args.what == "report":
        return _report(args.from_json, args.plot)
    games = ["tiny"] if args.quick else args.games.split(",")
    budgets = [5.0] if args.quick else [float(s) for s in args.seconds.split(",")]
    out: dict[str, Any] = {"stakes": STAKES}
    runs: list[Run] = []
    rows: list[BotFigures] = []
    for i, name in enumerate(games):
        start = time.process_time()
        tree = efg.tree(pyspiel.load_game(game_string(name)))
        walked = time.process_time() - start
        print(f"{name}: {tree.histories:,} histories walked in {walked:.1f} s", file=sys.stderr)
        if args.what == "solve":
            for solver in args.solvers.split(","):
                run, _ = solve(tree, solver, budgets[min(i, len(budgets) - 1)])
                runs.append(run)
            continue
        _, equilibrium = solve(tree, "cfr+", args.equilibrium_seconds)
        for bot in args.bots.split(","):
            samples = args.samples or SAMPLES.get(bot, args.search_samples)
            rows.append(bot_figures(tree, bot, samples, equilibrium))
            print(bots_table(rows[-1:]).splitlines()[-1], file=sys.stderr, flush=True)
    if runs:
        out["runs"] = [asdict(run) for run in runs]
        print(solve_table(runs))
        if args.plot:
            plot(runs, args.plot)
    if rows:
        out["bots"] = [asdict(row) for row in rows]
        print(bots_table(rows))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


def _report(paths: list[Path], plot_path: Path | None) -> int:
    """Print the tables of saved runs (and draw their plot), computing nothing."""
    runs: list[Run] = []
    rows: list[BotFigures] = []
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        runs.extend(Run(**run) for run in data.get("runs", []))
        rows.extend(BotFigures(**row) for row in data.get("bots", []))
    if runs:
        print(solve_table(runs))
        if plot_path is not None:
            plot(runs, plot_path)
    if rows:
        print(bots_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
