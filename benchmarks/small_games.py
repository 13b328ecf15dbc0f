"""The small presets solved exactly (issue 32): OpenSpiel's ``CFRSolver`` on the
whole tree of ``tiny`` and ``small``, heads-up at small stakes, and exact NashConv.

For each game it prints the tree's size, walked through the OpenSpiel game
(``python_palace_poker``): the histories (every node: chance, decision, terminal)
and the information states of each player (the perfect-recall strings CFR keys its
tables on), then the time CFR takes to build its tables (``CFRSolver(game)``, a
walk of the whole tree), the time of its iterations, and the NashConv of the
average policy after them (``exploitability.nash_conv``, exact: two best
responses over the whole tree) with the time it took. Times are CPU seconds of the
process (it all runs in one thread: CFR's Python loop over a Python game), so other
work on a shared machine does not inflate them.

    python benchmarks/small_games.py              # tiny and small, 100 and 10 iterations
    python benchmarks/small_games.py --quick      # tiny only, 10 iterations
    python benchmarks/small_games.py --games tiny --iterations 200
    python benchmarks/small_games.py --games tiny --set last_two=compare --iterations 1

The stakes are the same for both: small bet 1 (big bet 2), ante 1, and 4 chips a
player, so a battle holds an entry, a raise and a call.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

#: The stakes of every game here (chips).
SMALL_BET = 1
ANTE = 1
STACK = 4
#: CFR iterations of each game by default (a Python game's tree walk is slow:
#: ``small``'s iteration takes seconds where ``tiny``'s takes a fraction of one).
ITERATIONS = {"tiny": 100, "small": 10}

T = TypeVar("T")


@dataclass(frozen=True)
class Tree:
    """A game tree's size: its histories by kind and each player's information states."""

    nodes: int
    decisions: int
    chance: int
    terminal: int
    infostates: tuple[int, ...]


@dataclass(frozen=True)
class Figures:
    """What :func:`measure` finds for one game."""

    name: str
    game: str
    tree: Tree
    walk_seconds: float
    build_seconds: float
    iterations: int
    iterate_seconds: float
    nash_conv: float
    nash_conv_seconds: float


def game_string(name: str, **fields: int | str) -> str:
    """The OpenSpiel game string of a preset at this benchmark's stakes, heads-up."""
    params = {
        "variant": name,
        "players": 2,
        "small_bet": SMALL_BET,
        "ante": ANTE,
        "stack": STACK,
        **fields,
    }
    return "python_palace_poker(" + ",".join(f"{k}={v}" for k, v in params.items()) + ")"


def tree_of(game: Any) -> Tree:
    """Every history of ``game`` walked once (depth first, a child a step), with
    each player's distinct information state strings."""
    counts = {"nodes": 0, "decisions": 0, "chance": 0, "terminal": 0}
    seen: list[set[str]] = [set() for _ in range(game.num_players())]
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        counts["nodes"] += 1
        if state.is_terminal():
            counts["terminal"] += 1
            continue
        if state.is_chance_node():
            counts["chance"] += 1
            actions = [outcome for outcome, _ in state.chance_outcomes()]
        else:
            counts["decisions"] += 1
            player = state.current_player()
            seen[player].add(state.information_state_string(player))
            actions = state.legal_actions()
        stack.extend(state.child(action) for action in actions)
    return Tree(infostates=tuple(len(s) for s in seen), **counts)


def _timed(work: Callable[[], T]) -> tuple[T, float]:
    """``work()`` and the CPU seconds it took: the process's own time, so that other
    work on a shared machine does not count (all of it runs on one core)."""
    start = time.process_time()
    done = work()
    return done, time.process_time() - start


def measure(name: str, iterations: int, **fields: int | str) -> Figures:
    """The figures of preset ``name`` (with ``fields`` of its variant changed)."""
    import pyspiel  # noqa: PLC0415
    from open_spiel.python.algorithms import cfr, exploitability  # noqa: PLC0415

    import palace_poker.env.openspiel  # noqa: F401, PLC0415  (registers the game)

    text = game_string(name, **fields)
    game = pyspiel.load_game(text)
    tree, walk = _timed(lambda: tree_of(game))
    solver, build = _timed(lambda: cfr.CFRSolver(game))

    def iterate() -> None:
        for _ in range(iterations):
            solver.evaluate_and_update_policy()

    _, iterate_seconds = _timed(iterate)
    conv, conv_seconds = _timed(
        lambda: float(exploitability.nash_conv(game, solver.average_policy()))
    )
    return Figures(name, text, tree, walk, build, iterations, iterate_seconds, conv, conv_seconds)


def table(rows: list[Figures]) -> str:
    """The figures as a Markdown table."""
    lines = [
        "| game | histories | decision / chance / terminal | information states "
        "(player 0 + 1) | tree walk | CFR build | CFR iterations | NashConv (chips) "
        "| NashConv time |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for f in rows:
        t = f.tree
        lines.append(
            f"| `{f.name}` | {t.nodes:,} | {t.decisions:,} / {t.chance:,} / {t.terminal:,} "
            f"| {sum(t.infostates):,} ({' + '.join(f'{n:,}' for n in t.infostates)}) "
            f"| {f.walk_seconds:.1f} s | {f.build_seconds:.1f} s "
            f"| {f.iterations}: {f.iterate_seconds:.1f} s "
            f"({f.iterate_seconds / max(f.iterations, 1):.2f} s each) "
            f"| {f.nash_conv:.4f} | {f.nash_conv_seconds:.1f} s |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny only, 10 iterations")
    parser.add_argument("--games", default="tiny,small", help="presets, comma-separated")
    parser.add_argument("--iterations", type=int, help="CFR iterations of every game")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="change a field of the variants (as the game's parameters: palace=2)",
    )
    args = parser.parse_args(argv)
    names = ["tiny"] if args.quick else [n for n in args.games.split(",") if n]
    fields: dict[str, int | str] = {}
    for item in args.set:
        key, _, value = item.partition("=")
        fields[key] = int(value) if value.lstrip("-").isdigit() else value
    rows = []
    for name in names:
        count = 10 if args.quick else args.iterations or ITERATIONS.get(name, 10)
        figures = measure(name, count, **fields)
        print(f"{figures.game}: {figures}", file=sys.stderr, flush=True)
        rows.append(figures)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
