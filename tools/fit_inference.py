"""Count the calibrated likelihoods of palace_poker/bots/likelihoods.py.

Plays seat-rotated 4-player self-play hands of the Monte Carlo bot (bounded by
worlds, so the counts are the same on any machine), counts how often it bets and
raises with each fifth of its odds (palace_poker.bots.inference.count_rates): the
``RATES``. Then the ``FIELD_RATES``: the same counts over a field of players, the
levels easy, medium and hard at 3-player no-limit tables, each in every seat in
turn (the bots are all bounded by counts, so these are the same on any machine
too). Writes the module. Run from the repository's root:

    python3 tools/dev.py run python tools/fit_inference.py            # about 4 minutes
    python3 tools/dev.py run python tools/fit_inference.py --hands 40 --field-hands 30 \
        --out /tmp/rates.py

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
from palace_poker.bots import MonteCarloBot, make_bot
from palace_poker.bots.inference import Rates, count_rates
from palace_poker.observation import Observation

#: Worlds a decision of the counted bot (about its count at 10 ms a decision).
WORLDS = 28
STRUCTURES = ("limit", "no-limit")
#: The field the FIELD_RATES are counted over: the levels below expert (expert
#: reads bets by them in no-limit: docs/bots.md).
FIELD = ("easy", "medium", "hard")
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


def field_decisions(hands: int, seed: int) -> Iterator[tuple[Observation, Action]]:
    """Every decision of ``hands`` no-limit hands of the FIELD at one table, the
    seats rotated a place each hand."""
    rules = Rules.of(10, betting="no-limit")
    players = len(FIELD)
    for index in range(hands):
        base = seed * 1_000_003 + index
        hand = Hand.deal(
            rules,
            [200 * rules.small_bet] * players,
            dealer=index % players,
            shuffle=SeededShuffle(base),
        )
        seating = [FIELD[(seat + index) % players] for seat in range(players)]
        bots = [make_bot(name, base * 8 + seat) for seat, name in enumerate(seating)]
        while hand.to_act is not None:
            view = hand.observe(hand.to_act)
            action = bots[hand.to_act].act(view)
            yield view, action
            hand.apply(action)


def render(
    tables: dict[str, dict[str, Rates]],
    field: dict[str, dict[str, Rates]],
    run: tuple[int, int, int],
) -> str:
    """The module's text; ``run`` is the hands, the field's hands and the seed."""
    hands, field_hands, seed = run
    lines = [
        '"""The calibrated likelihoods of palace_poker.bots.inference (generated).',
        "",
        f"Written by tools/fit_inference.py --hands {hands} --field-hands {field_hands} "
        f"--seed {seed}:",
        f"RATES counted in {hands} self-play hands a structure of the Monte Carlo bot",
        f"({WORLDS} worlds a decision, 4 players, stacks of 200 small bets); FIELD_RATES",
        f"in {field_hands} no-limit hands of {', '.join(FIELD)} at one table (each in",
        "every seat in turn, stacks of 200 small bets). Do not edit: run the script.",
        '"""',
        "",
        "from __future__ import annotations",
    ]
    for name, what, value in (
        ("RATES", "By betting structure, then context", tables),
        ("FIELD_RATES", f"Over the field ({', '.join(FIELD)}), in no-limit", field),
    ):
        lines += ["", f"#: {what}: a rate for each fifth of the odds."]
        lines.append(f"{name}: dict[str, dict[str, tuple[float, ...]]] = {{")
        for betting, table in value.items():
            lines.append(f"    {json.dumps(betting)}: {{")
            for context, rates in table.items():
                numbers = ", ".join(repr(r) for r in rates)
                lines.append(f"        {json.dumps(context)}: ({numbers}),")
            lines.append("    },")
        lines.append("}")
    return "\n".join(lines) + "\n"


def run_of(header: str) -> tuple[int, int, int]:
    """The hands, the field's hands and the seed a module's header names (its
    ``--hands N --field-hands F --seed S``)."""
    words = header.split("--hands", 1)[1].split()
    return int(words[0]), int(words[2]), int(words[4].rstrip(":"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=800, help="hands a structure (default 800)")
    parser.add_argument(
        "--field-hands", type=int, default=3000, help="hands of the field (default 3000)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    tables = {
        b: count_rates(decisions(b, args.hands, args.seed), seed=args.seed) for b in STRUCTURES
    }
    field = {"no-limit": count_rates(field_decisions(args.field_hands, args.seed), seed=args.seed)}
    args.out.write_text(render(tables, field, (args.hands, args.field_hands, args.seed)))
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
