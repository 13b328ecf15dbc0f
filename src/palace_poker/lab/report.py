"""The lab's report: a Markdown page a designer reads without the code, its plots
(PNG, matplotlib; optional), and the JSON of every figure (``palace-lab/1``).

Each table has one column a variant, side by side; a figure is written
``mean ± half-width`` (its 95% interval), a share as a percentage.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from palace_poker.errors import ConfigError
from palace_poker.lab.measure import DECIDED, ENDS

#: How each end of a hand reads in the report.
END_WORDS = {
    "one-left": "one player left",
    "last-two-compared": "the last two compared (R-END-3)",
    "same-suit": "same-suit split (R-END-2)",
    "showdown": "quiet-round showdown (R-END-4)",
    "tie": "a tie split",
}
DECIDED_WORDS = {
    "hand": "the better hand",
    "struck-cards": "the struck cards (R-CMP-1)",
    "own-suit": "the own-suit count (R-CMP-2)",
    "tie": "a tie (R-CMP-3)",
}
RESTRICTION_WORDS = {
    "no-buy": "may not buy",
    "no-raise": "may not raise",
    "no-attack": "never attacks",
}


def _plus_minus(figure: dict[str, Any], digits: int = 2) -> str:
    half = figure["half_width"]
    mean = figure["mean"]
    return f"{mean:+.{digits}f}" if half is None else f"{mean:+.{digits}f} ± {half:.{digits}f}"


def _percent(figure: dict[str, Any]) -> str:
    if figure["share"] is None:
        return "-"
    return f"{100 * figure['share']:.1f}% ± {100 * figure['half_width']:.1f}"


def _spread(figure: dict[str, Any]) -> str:
    return (
        f"{figure['mean']:.1f} ± {figure['half_width'] or 0:.1f} "
        f"(sd {figure['sd']:.1f}; {figure['p10']} / {figure['median']} / {figure['p90']})"
    )


def _row(
    label: str, figures: list[dict[str, Any]], shown: Callable[[dict[str, Any]], str]
) -> list[str]:
    return [label, *[shown(figure) for figure in figures]]


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return [*lines, ""]


def _variant_line(name: str, rules: dict[str, Any]) -> str:
    variant = rules.get("variant", {})
    shown = ", ".join(f"{k}={v}" for k, v in variant.items()) or "the standard game"
    raises = rules.get("max_raises")
    return f"- **{name}**: {shown}; {rules['betting']}, at most {raises} raise(s) a battle"


def markdown(data: dict[str, Any], plots: list[str]) -> str:
    """The report's page."""
    config, variants = data["config"], data["variants"]
    names = list(variants)
    head = ["", *names]
    columns = [variants[n] for n in names]
    plays = [v["self_play"] for v in columns]
    lines = [
        "# Palace Poker lab report",
        "",
        f"{config['hands']} hands of each experiment in each variant, seed {config['seed']}: "
        f"self-play of `{config['bot']}` at {config['players']} seats; the skill trace "
        f"`{config['strong']}` against `{config['weak']}` heads-up; restricted play "
        f"`{config['bot']}` against itself forbidden one mechanic, heads-up. Figures are "
        "means with their 95% intervals (over blocks of hands that share a deck); chips "
        "are per hand, at a small bet of the variant's rules.",
        "",
        "## The variants",
        "",
        *[_variant_line(name, variants[name]["rules"]) for name in names],
        "",
        "## Does skill matter? (the skill trace)",
        "",
        f"Chips per hand `{config['strong']}` wins from `{config['weak']}`:",
        "",
        *_table(head, [_row("skill", [v["skill"] for v in columns], _plus_minus)]),
        "## What a mechanic is worth (restricted play)",
        "",
        f"Chips per hand `{config['bot']}` wins when restricted, against itself unrestricted "
        "(negative: the mechanic is worth that much to it):",
        "",
        *_table(
            head,
            [
                [
                    RESTRICTION_WORDS.get(r, r),
                    *[_plus_minus(variants[n]["restricted"][r]) for n in names],
                ]
                for r in config["restrictions"]
            ],
        ),
        "## The advantage of each position",
        "",
        f"Chips per hand won at each position in self-play ({config['players']} seats; "
        "position 0 is the dealer, 1 the dealer's left, who acts first):",
        "",
        *_table(
            head,
            [
                [
                    f"position {p}",
                    *[_plus_minus(variants[n]["self_play"]["position"][p]) for n in names],
                ]
                for p in range(config["players"])
            ],
        ),
        "## How hands end",
        "",
        *_table(
            head,
            [_row(END_WORDS[end], [v["ends"][end] for v in plays], _percent) for end in ENDS]
            + [_row("chips split", [v["split"] for v in plays], _percent)],
        ),
        "## How long a hand is",
        "",
        "Mean ± its interval (standard deviation; 10th percentile / median / 90th):",
        "",
        *_table(
            head,
            [
                _row(what, [v[what] for v in plays], _spread)
                for what in ("turns", "decisions", "battles")
            ],
        ),
        "## How battles are decided",
        "",
        "Battles closed by a call, by what decided them, and the attacker's share of the "
        "battles won (by comparison or fold):",
        "",
        *_table(
            head,
            [
                [
                    DECIDED_WORDS[kind],
                    *[_percent(variants[n]["self_play"]["decided"][kind]) for n in names],
                ]
                for kind in DECIDED
            ]
            + [
                [
                    "attacker wins",
                    *[_percent(variants[n]["self_play"]["attacker_won"]) for n in names],
                ]
            ],
        ),
    ]
    if plots:
        lines += ["## Plots", ""] + [f"![{p}]({p})" for p in plots] + [""]
    return "\n".join(lines)


def write_report(data: dict[str, Any], out: Path, *, plots: bool = True) -> list[Path]:
    """Write ``lab.md``, ``lab.json`` and (with matplotlib) the plots into ``out``."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ConfigError(
            "output_folder_missing",
            f"cannot make the folder {out}: {err.strerror}",
            details={"input": str(out)},
        ) from None
    drawn: list[str] = []
    if plots:
        from palace_poker.lab.plots import draw_plots  # noqa: PLC0415 - needs matplotlib

        drawn = draw_plots(data, out)
    written = [out / "lab.json", out / "lab.md"]
    written[0].write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    written[1].write_text(markdown(data, drawn), encoding="utf-8")
    return [*written, *(out / p for p in drawn)]
