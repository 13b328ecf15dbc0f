"""The arena's ladder (every pair of bots, one rating each) and its decision times."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from palace_poker import Rules
from palace_poker.arena import ArenaConfig, run_arena
from palace_poker.arena.ladder import fit_ratings, run_ladder
from palace_poker.arena.stats import bin_seconds, time_bin, time_percentile
from palace_poker.cli import main

RULES = Rules.of(10)


def config(bots: tuple[str, ...], hands: int = 200, seed: int = 3) -> ArenaConfig:
    return ArenaConfig(bots, hands=hands, seed=seed, rules=RULES, stack=2000)


# ---------------------------------------------------------------- the ratings


def test_exact_margins_give_the_ratings_back_with_the_first_bot_at_zero() -> None:
    truth = {"a": 0.0, "b": 4.0, "c": -3.0, "d": 10.0}
    names = list(truth)
    margins = {
        (x, y): (truth[x] - truth[y], 1.0) for i, x in enumerate(names) for y in names[i + 1 :]
    }
    ratings = fit_ratings(names, margins)
    assert ratings["a"].rating == 0.0
    assert ratings["a"].half_width is None
    for name, value in truth.items():
        assert ratings[name].rating == pytest.approx(value)
    # every rating but the anchor's has an interval, the same for bots measured alike
    widths = {ratings[n].half_width for n in names[1:]}
    assert len({round(w or 0, 9) for w in widths}) == 1
    assert all(w is not None and w > 0 for w in widths)


def test_a_noisy_match_counts_for_less_than_a_precise_one() -> None:
    # b - a measured precisely as 5; through c the noisy way it looks like 20
    margins = {("a", "b"): (-5.0, 0.1), ("a", "c"): (0.0, 0.1), ("b", "c"): (20.0, 50.0)}
    ratings = fit_ratings(["a", "b", "c"], margins)
    assert ratings["b"].rating == pytest.approx(5.0, abs=0.01)


def test_more_precise_matches_give_narrower_intervals() -> None:
    wide = fit_ratings(["a", "b"], {("a", "b"): (1.0, 2.0)})["b"].half_width
    narrow = fit_ratings(["a", "b"], {("a", "b"): (1.0, 0.5)})["b"].half_width
    assert wide is not None
    assert narrow is not None
    assert narrow == pytest.approx(wide / 4)
    assert wide == pytest.approx(1.959964 * 2.0)


def test_a_bot_no_match_connects_to_the_first_is_refused() -> None:
    with pytest.raises(ValueError, match="connect"):
        fit_ratings(["a", "b", "c"], {("a", "b"): (1.0, 1.0)})


def test_two_bots_rate_as_their_match_a_b_a_b() -> None:
    ladder = run_ladder(config(("heuristic", "random")))
    (pair,) = ladder.matches
    assert pair == ("heuristic", "random")
    match = ladder.matches[pair]
    assert match.config.bots == ("heuristic", "random", "heuristic", "random")
    margin = match.interval(match.bots()["heuristic"])
    assert ladder.ratings["random"].rating == pytest.approx(-margin.mean)
    assert ladder.ratings["random"].rating < 0  # heuristic beats random (docs/bots.md)


def test_every_pair_plays_the_same_deals() -> None:
    ladder = run_ladder(config(("random", "heuristic", "easy"), hands=40))
    assert set(ladder.matches) == {
        ("random", "heuristic"),
        ("random", "easy"),
        ("heuristic", "easy"),
    }
    seeds = {result.config.seed for result in ladder.matches.values()}
    assert seeds == {3}
    # a pair's match is the arena's own: the same figures when played alone
    alone = run_arena(config(("random", "easy", "random", "easy"), hands=40))
    assert alone.block_nets == ladder.matches[("random", "easy")].block_nets


# ---------------------------------------------------------------- the command


def test_the_ladder_command_prints_both_tables_and_writes_its_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    summary = tmp_path / "ladder.json"
    args = ["arena", "--ladder", "random,heuristic", "--hands", "40", "--seed", "2"]
    assert main([*args, "--workers", "1", "--summary", str(summary)]) == 0
    text = capsys.readouterr().out
    assert "random against heuristic:" in text
    assert "random - heuristic" in text
    assert "(anchor)" in text
    data = json.loads(summary.read_text(encoding="utf-8"))
    assert data["format"] == "palace-ladder/1"
    assert data["anchor"] == "random"
    assert data["hands_per_match"] == 40
    (match,) = data["matches"]
    assert match["bots"] == ["random", "heuristic"]
    assert set(data["ratings"]) == {"random", "heuristic"}
    assert data["ratings"]["heuristic"]["rating"] == pytest.approx(-match["chips_per_hand"])
    for rating in data["ratings"].values():
        ms = rating["decision_ms"]
        assert 0 < ms["p50"] <= ms["p99"]
    # the summary is not replaced without --force
    assert main([*args, "--summary", str(summary)]) == 2
    assert "exists" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--ladder", "random,heuristic", "--seats", "random,random"], "not both"),
        ([], "one of the two is needed"),
        (["--ladder", "random,random"], "two different bots"),
        (["--ladder", "random,nobody"], "no bot named"),
        (["--ladder", "random,heuristic", "--records", "r.jsonl"], "--summary only"),
        (["--ladder", "random,heuristic", "--out", "somewhere"], "--summary only"),
    ],
)
def test_a_bad_ladder_is_refused_before_any_hand(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    says: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["arena", "--hands", "8", *args]) == 2
    captured = capsys.readouterr()
    assert says in captured.err
    assert "Traceback" not in captured.err
    assert list(tmp_path.iterdir()) == []  # nothing written, no folder made


# ---------------------------------------------------------------- decision times


def test_decision_times_are_binned_to_within_six_percent() -> None:
    for seconds in (2e-6, 3.7e-5, 0.001, 0.0123, 0.5, 3.0):
        middle = bin_seconds(time_bin(seconds))
        assert abs(math.log10(middle / seconds)) <= 0.5 / 20 + 1e-12
    assert time_bin(0.0) == 0
    assert time_bin(-1.0) == 0


def test_percentiles_of_a_histogram() -> None:
    histogram = {time_bin(0.001): 90, time_bin(0.1): 10}
    p50, p99 = time_percentile(histogram, 0.5), time_percentile(histogram, 0.99)
    assert p50 == pytest.approx(0.001, rel=0.07)
    assert p99 == pytest.approx(0.1, rel=0.07)


def test_the_arena_times_every_decision_of_every_bot() -> None:
    result = run_arena(config(("montecarlo:2", "random", "random"), hands=30))
    summary = result.summary()
    assert sum(sum(h.values()) for h in result.thinking) == result.decisions
    times = summary["run"]["decision_ms"]
    assert set(times) == {"montecarlo:2", "random"}
    for ms in times.values():
        assert 0 < ms["p50"] <= ms["p99"]
    # the searching bot thinks longer than the one picking at random
    assert times["montecarlo:2"]["p50"] > times["random"]["p50"]
