"""Count the calibrated likelihoods of palace_poker/bots/likelihoods.py.

Plays seat-rotated 4-player self-play hands of the Monte Carlo bot (bounded by
worlds, so the counts are the same on any machine), counts how often it bets and
raises with each fifth of its odds (palace_poker.bots.inference.count_rates) and
writes the module. Run from the repository's root:

    python3 tools/dev.py run python tools/fit_inference.py            # 800 hands a structure
    python3 tools/dev.py run python tools/fit_inference.py --hands 40 --out /tmp/rates.py

docs/bots.md (montecarlo, "Facing a bet") says what the counts show.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from palace_poker import Hand, Rules, SeededShuffle
from palace_poker.actions import Action
from palace_poker.bots import MonteCarloBot
from palace_poker.bots.inference import Rates, count_rates
from palace_poker.observation import Observation

#: Worlds a decision of the counted bot (about its count at 10 ms a decision).
WORLDS = 28
STRUCTURES = ("limit", "no-limit")
OUT = Path(__file__).resolve().parent.parent / "src/palace_poker/bots/likelihoods.py"


def decisions(betting: str, hands: int, seed: int) -> Iterator[tuple[Observation, Action]]:
    """Every decision of ``hands`` self-play hands, with the action taken."""
    rules = Rules.of(10, betting=betting)  # type: ignore[arg-type]
    for index in range(hands):
        hand = Hand.deal(
            rules,
            [200 * rules.small_bet] * 4,
            dealer=index % 4,
            shuffle=SeededShuffle(seed * 1_000_003 + index),
        )
        bots = [
            MonteCarloBot(seed=(seed * 1_000_003 + index) * 8 + s, samples=WORLDS, steps=None)
            for s in range(4)
        ]
        while hand.to_act is not None:
            view = hand.observe(hand.to_act)
            action = bots[hand.to_act].act(view)
            yield view, action
            hand.apply(action)


def render(tables: dict[str, dict[str, Rates]], hands: int, seed: int) -> str:
    """The module's text."""
    lines = [
        '"""The calibrated likelihoods of palace_poker.bots.inference (generated).',
        "",
        f"Written by tools/fit_inference.py --hands {hands} --seed {seed}: rates counted",
        f"in {hands} self-play hands a structure of the Monte Carlo bot ({WORLDS} worlds a",
        "decision, 4 players, stacks of 200 small bets). Do not edit: run the script.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "#: By betting structure, then context: a rate for each fifth of the odds.",
        "RATES: dict[str, dict[str, tuple[float, ...]]] = {",
    ]
    for betting, table in tables.items():
        lines.append(f"    {json.dumps(betting)}: {{")
        for context, rates in table.items():
            lines.append(f"        {json.dumps(context)}: ({', '.join(repr(r) for r in rates)}),")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def run_of(header: str) -> tuple[int, int]:
    """The hands and seed a module's header names (its ``--hands N --seed S``)."""
    words = header.split("--hands", 1)[1].split()
    return int(words[0]), int(words[2].rstrip(":"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=800, help="hands a structure (default 800)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    tables = {
        b: count_rates(decisions(b, args.hands, args.seed), seed=args.seed) for b in STRUCTURES
    }
    args.out.write_text(render(tables, args.hands, args.seed))
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
