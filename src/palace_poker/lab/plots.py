"""The lab's plots (PNG, matplotlib's object API on the Agg canvas, as the arena's):
the skill trace and restricted play, the advantage of each position, and how hands
end, each variant side by side."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from palace_poker.lab.measure import ENDS


def draw_plots(data: dict[str, Any], out: Path) -> list[str]:
    """Draw the plots into ``out``; their file names."""
    # Imported here: matplotlib is the plot extra's (the command checks it is there
    # before a study is played).
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
    from matplotlib.figure import Figure  # noqa: PLC0415

    variants = data["variants"]
    names = list(variants)
    drawn = []

    def figure(title: str) -> tuple[Any, Any]:
        made = Figure(figsize=(9, 5), dpi=100)
        FigureCanvasAgg(made)
        axes = made.add_subplot()
        axes.set_title(title)
        axes.axhline(0, color="grey", linewidth=0.8)
        return made, axes

    # The skill trace and restricted play: one group of bars a variant.
    made, axes = figure("Chips per hand: skill and restricted play (95% intervals)")
    series = [("skill", [variants[n]["skill"] for n in names])]
    series += [
        (f"restricted: {r}", [variants[n]["restricted"][r] for n in names])
        for r in data["config"]["restrictions"]
    ]
    _bars(axes, names, series)
    drawn.append(_save(made, out, "lab-skill.png"))

    players = data["config"]["players"]
    made, axes = figure(f"Chips per hand by position from the dealer ({players} seats)")
    series = [
        (f"position {p}", [variants[n]["self_play"]["position"][p] for n in names])
        for p in range(players)
    ]
    _bars(axes, names, series)
    drawn.append(_save(made, out, "lab-position.png"))

    made, axes = figure("How hands end (share of hands)")
    bottoms = [0.0] * len(names)
    for end in ENDS:
        shares = [variants[n]["self_play"]["ends"][end]["share"] or 0.0 for n in names]
        axes.bar(names, shares, bottom=bottoms, label=end)
        bottoms = [b + s for b, s in zip(bottoms, shares, strict=True)]
    axes.set_xticks(range(len(names)), names, rotation=20, fontsize="small")
    _legend_below(axes, len(ENDS))
    drawn.append(_save(made, out, "lab-ends.png"))
    return drawn


def _bars(axes: Any, names: list[str], series: list[tuple[str, list[dict[str, Any]]]]) -> None:
    width = 0.8 / len(series)
    for k, (label, figures) in enumerate(series):
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(names))]
        means = [f["mean"] for f in figures]
        errors = [f["half_width"] or 0.0 for f in figures]
        axes.bar(xs, means, width, yerr=errors, capsize=2, label=label)
    axes.set_xticks(range(len(names)), names, rotation=20, fontsize="small")
    _legend_below(axes, len(series))


def _legend_below(axes: Any, entries: int) -> None:
    """The legend under the plot, where it hides no bar."""
    axes.legend(
        fontsize="small",
        loc="upper center",
        bbox_to_anchor=(0.5, -0.18),
        ncol=min(entries, 5),
        frameon=False,
    )


def _save(made: Any, out: Path, name: str) -> str:
    made.tight_layout()
    made.savefig(out / name)
    return name
