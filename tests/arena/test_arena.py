"""The arena (issue 4): seat rotation, determinism, statistics, records, plot, command."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
import os
import signal
import struct
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from palace_poker import Hand, Rules, SeededShuffle, replay
from palace_poker.arena import ArenaConfig, ArenaResult, MatchPlan, play_hand, run_arena
from palace_poker.arena.plan import chunk_size, labels
from palace_poker.arena.play import ChunkResult, _tally_battles
from palace_poker.arena.stats import (
    bot_block_means,
    mean_interval,
    t_cdf_two_sided,
    t_quantile,
)
from palace_poker.cli import main
from palace_poker.errors import ConfigError

RULES = Rules.of(10)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def config(bots: tuple[str, ...] = ("random",) * 3, hands: int = 90, seed: int = 5) -> ArenaConfig:
    return ArenaConfig(bots, hands=hands, seed=seed, rules=RULES, stack=2000)


def deterministic(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary without the run's timing."""
    return {key: value for key, value in summary.items() if key != "run"}


# ---------------------------------------------------------------- seat rotation


@pytest.mark.parametrize("size", [2, 3, 4, 6, 10])
def test_each_entry_takes_each_seat_once_per_block(size: int) -> None:
    plan = MatchPlan(("random",) * size, hands=size * 25, seed=11)
    assert plan.hands == size * 25
    assert plan.blocks == 25
    for block in range(plan.blocks):
        hands = range(block * size, (block + 1) * size)
        seatings = [plan.seating(i) for i in hands]
        for seating in seatings:
            assert sorted(seating) == list(range(size))  # every entry seated once
        for seat in range(size):
            assert sorted(s[seat] for s in seatings) == list(range(size))
        # duplicate: one deck per block, a new one for the next block
        assert len({plan.deck_seed(i) for i in hands}) == 1
    assert len({plan.deck_seed(b * size) for b in range(plan.blocks)}) == plan.blocks


def test_every_seating_is_played_once_per_cycle_of_blocks() -> None:
    plan = MatchPlan(("a", "b", "c", "d"), hands=4 * 6 * 50, seed=3)
    for cycle in range(50):
        hands = range(cycle * 24, (cycle + 1) * 24)  # (4-1)! blocks of 4 hands
        assert len({plan.seating(i) for i in hands}) == 24  # all 4! seatings
    # who sits on each entry's left is balanced too
    seatings = [plan.seating(i) for i in range(plan.hands)]
    left = Counter((s[seat], s[(seat + 1) % 4]) for s in seatings for seat in range(4))
    assert set(left.values()) == {plan.hands // 3}
    # the cycles differ from one another
    assert [plan.order(b) for b in range(6)] != [plan.order(b) for b in range(6, 12)]


def test_eight_seats_and_more_draw_the_order_of_each_block() -> None:
    plan = MatchPlan(tuple("abcdefgh"), hands=8 * 200, seed=3)
    orders = {plan.order(block) for block in range(plan.blocks)}
    assert len(orders) > 190  # of 7! = 5040 orders, a few drawn twice
    assert all(order[0] == 0 and sorted(order) == list(range(8)) for order in orders)


def test_hands_round_up_to_whole_blocks_and_seeds_depend_on_seed_and_index() -> None:
    plan = MatchPlan(("x", "y", "x"), hands=7, seed=1)
    assert (plan.hands, plan.blocks, plan.labels) == (9, 3, ("x#1", "y", "x#2"))
    again = MatchPlan(("x", "y", "x"), hands=100, seed=1)
    assert [again.seating(i) for i in range(9)] == [plan.seating(i) for i in range(9)]
    assert again.bot_seed(4, 2) == plan.bot_seed(4, 2)
    other = MatchPlan(("x", "y", "x"), hands=7, seed=2)
    assert other.deck_seed(0) != plan.deck_seed(0)
    seeds = {plan.bot_seed(i, e) for i in range(9) for e in range(3)}
    assert len(seeds) == 27
    assert labels(("a", "b")) == ("a", "b")


def test_chunks_are_whole_blocks_covering_every_hand() -> None:
    plan = MatchPlan(("random",) * 3, hands=100, seed=0)
    chunks = plan.chunks(10)
    assert chunks[0] == (0, 12)
    assert chunks[-1][1] == plan.hands == 102
    assert all(b == c for (_, b), (c, _) in itertools.pairwise(chunks))
    assert all(start % 3 == 0 for start, _ in chunks)
    assert chunk_size(20_000, 4, 2) == 500


def test_a_hand_seats_the_planned_bots_with_equal_stacks() -> None:
    arena = config(("random", "random", "random", "random"), hands=8)
    plan = arena.plan
    hand, seating = play_hand(arena, plan, 5)
    assert seating == plan.seating(5)
    assert hand.names == tuple(plan.labels[e] for e in seating)
    assert hand.start_stacks == (2000,) * 4
    assert hand.over
    # the same block's hands are dealt the same cards (duplicate)
    other, _ = play_hand(arena, plan, 4)
    assert other.shuffles[0] == hand.shuffles[0]


# ------------------------------------------------------------------ determinism


def test_same_seed_same_results_for_one_or_two_workers_and_any_chunk_size() -> None:
    arena = config(("random", "random", "random"), hands=240, seed=9)
    out1, out2, out3 = io.StringIO(), io.StringIO(), io.StringIO()
    one = run_arena(arena, workers=1, records=out1)
    two = run_arena(arena, workers=2, records=out2)
    small = run_arena(arena, workers=1, chunk_hands=3, records=out3)
    assert two.summary()["run"]["workers"] == 2
    assert deterministic(one.summary()) == deterministic(two.summary())
    assert deterministic(one.summary()) == deterministic(small.summary())
    assert out1.getvalue() == out2.getvalue() == out3.getvalue()
    assert one.block_nets == two.block_nets
    different = run_arena(config(("random", "random", "random"), hands=240, seed=10))
    assert different.block_nets != one.block_nets


def test_progress_reports_every_hand() -> None:
    seen: list[int] = []
    run_arena(config(hands=30), chunk_hands=6, progress=seen.append)
    assert seen == [6] * 5


# ------------------------------------------------------------------- statistics


def test_t_quantiles_match_the_tables() -> None:
    table = {1: 12.7062, 2: 4.3027, 5: 2.5706, 10: 2.2281, 29: 2.0452, 120: 1.9799}
    for df, value in table.items():
        assert t_quantile(0.975, df) == pytest.approx(value, abs=1e-4)
        assert t_cdf_two_sided(value, df) == pytest.approx(0.95, abs=1e-4)
    assert t_quantile(0.975, 10_000) == pytest.approx(1.9602, abs=1e-4)
    assert t_quantile(0.995, 4) == pytest.approx(4.6041, abs=1e-4)
    with pytest.raises(ValueError, match="df"):
        t_quantile(0.975, 0)


def test_interval_of_known_values() -> None:
    ci = mean_interval([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
    sd = math.sqrt(32 / 7)  # sample standard deviation
    assert ci.mean == 5.0
    assert ci.half_width == pytest.approx(2.3646 * sd / math.sqrt(8), abs=1e-4)
    assert ci.low == pytest.approx(5.0 - 1.7875, abs=1e-4)
    single = mean_interval([3.0])
    assert (single.mean, single.half_width, single.low, single.high) == (3.0, None, None, None)
    with pytest.raises(ValueError, match="no values"):
        mean_interval([])


def test_the_interval_is_over_block_means_not_hands() -> None:
    # Two entries, blocks of 2 hands; entry 0 won 4, 0 and 8 chips in the blocks.
    nets: list[tuple[int, ...]] = [(4, -4), (0, 0), (8, -8)]
    assert bot_block_means(nets, [0], 2) == [2.0, 0.0, 4.0]
    assert bot_block_means(nets, [0, 1], 2) == [0.0, 0.0, 0.0]
    arena = config(("random", "random"), hands=6)
    result = ArenaResult(
        config=arena,
        plan=arena.plan,
        block_nets=nets,
        hands_won=[3, 2],
        battles=[4, 4],
        battles_won=[3, 1],
        attacks=[2, 2],
        ends={"last": 6},
        decisions=40,
        backend="local",
        workers=1,
        seconds=1.0,
    )
    summary = result.summary()
    entry = summary["entries"]["random#1"]
    half = 4.3027 * 2.0 / math.sqrt(3)  # t(0.975, 2) · sd(2, 0, 4) / √3
    assert entry["chips_per_hand"] == 2.0
    assert entry["ci95"] == pytest.approx([2.0 - half, 2.0 + half], abs=1e-3)
    assert entry["chips_won"] == 12
    assert entry["hands_won_share"] == 0.5
    assert entry["battles_won_share"] == 0.75
    bot = summary["bots"]["random"]
    assert bot["players"] == 2
    assert bot["player_hands"] == 12
    assert bot["ci95"] == [0.0, 0.0]
    assert summary["run"]["hands_per_second"] == 6.0


def test_a_difference_between_bots_is_paired_by_block() -> None:
    # Three entries, blocks of 3 hands. Entry 0 won 6, 3 and 9 chips in the blocks,
    # entry 1 lost 3, 3 and 0: the per-block differences are 3, 2 and 3 a hand.
    arena = config(("heuristic", "random", "easy"), hands=9)
    nets: list[tuple[int, ...]] = [(6, -3, -3), (3, -3, 0), (9, 0, -9)]
    result = ArenaResult(
        arena, arena.plan, nets, [0] * 3, [0] * 3, [0] * 3, [0] * 3, {}, 0, "local", 1, 1.0
    )
    difference = result.difference([0], [1])
    assert difference.mean == pytest.approx(8 / 3)
    sd = math.sqrt(1 / 3)  # of 3, 2, 3
    assert difference.half_width == pytest.approx(4.3027 * sd / math.sqrt(3), abs=1e-3)
    pairs = {tuple(d["bots"]): d for d in result.summary()["differences"]}
    assert list(pairs) == [("heuristic", "random"), ("heuristic", "easy"), ("random", "easy")]
    bots = result.summary()["bots"]
    for (a, b), pair in pairs.items():  # the mean of the differences: the means' difference
        margin = bots[a]["chips_per_hand"] - bots[b]["chips_per_hand"]
        assert pair["chips_per_hand"] == pytest.approx(margin, abs=1e-3)
    # Paired, the interval is narrower than the two bots' own intervals allow: the
    # block's luck is shared.
    low, high = pairs[("heuristic", "random")]["ci95"]
    assert high - low < (bots["heuristic"]["ci95"][1] - bots["heuristic"]["ci95"][0])


def test_the_command_prints_each_bot_against_the_next_with_three_bots_or_more(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["arena", "--hands", "24", "--seed", "3", "--workers", "1", "--quiet"]
    assert main([*args, "--seats", "easy,medium,random"]) == 0
    text = capsys.readouterr().out
    assert "Each bot against the next, at this table (paired by block):" in text
    assert "easy - medium" in text
    assert "medium - random" in text
    assert "easy - random" not in text  # not next to each other: in the summary only
    assert main([*args, "--seats", "easy,random,easy,random"]) == 0
    assert "Each bot against the next" not in capsys.readouterr().out  # the table says it


def test_a_battle_is_counted_for_both_battlers_and_won_by_a_fold_or_a_comparison() -> None:
    hand = Hand.deal(RULES, [200, 200, 200], dealer=2, shuffle=SeededShuffle(1))
    hand.apply("0 bet 1")
    hand.apply("1 fold")
    seating = (2, 0, 1)  # entry at each seat
    tally = ChunkResult(0, 3, [], [0] * 3, [0] * 3, [0] * 3, [0] * 3)
    _tally_battles(hand, seating, tally)
    assert (tally.attacks, tally.battles, tally.battles_won) == ([0, 0, 1], [1, 0, 1], [0, 0, 1])
    called = Hand.deal(RULES, [200, 200], dealer=1, shuffle=SeededShuffle(4))
    called.apply("0 bet 1")
    called.apply("1 call")
    tally = ChunkResult(0, 2, [], [0] * 2, [0] * 2, [0] * 2, [0] * 2)
    _tally_battles(called, (0, 1), tally)
    assert tally.battles == [1, 1]
    assert sum(tally.battles_won) <= 1


def test_results_add_up() -> None:
    result = run_arena(config(("random",) * 4, hands=200, seed=2))
    summary = result.summary()
    entries = summary["entries"].values()
    assert sum(e["chips_won"] for e in entries) == 0  # chips are conserved
    assert sum(e["battles_fought"] for e in entries) == 2 * sum(e["attacks"] for e in entries)
    assert sum(e["battles_won"] for e in entries) <= sum(e["attacks"] for e in entries)
    assert sum(summary["ends"].values()) == summary["hands"] == 200
    assert summary["bots"]["random"]["chips_per_hand"] == 0.0
    assert summary["decisions"] > summary["hands"]


# ---------------------------------------------------------------------- records


def test_records_replay_and_agree_with_the_summary() -> None:
    out = io.StringIO()
    result = run_arena(config(("random", "random", "random"), hands=60, seed=4), records=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 60
    won: Counter[str] = Counter()
    for line in lines:
        record = json.loads(line)
        assert record["format"] == "palace-hand/1"
        hand = replay(record)
        assert hand.result is not None
        for name, start, stack in zip(
            hand.names, hand.start_stacks, hand.result.stacks, strict=True
        ):
            won[name] += stack - start
    summary = result.summary()
    assert {name: e["chips_won"] for name, e in summary["entries"].items()} == dict(won)


# ------------------------------------------------------------------------- plot


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_plot_is_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from palace_poker.arena.plot import write_plot  # noqa: PLC0415

    result = run_arena(config(("random", "random"), hands=40))
    write_plot(result, tmp_path / "mirror.png")
    assert _png_size(tmp_path / "mirror.png") == (800, 450)
    arena = config(("random", "random"), hands=2)
    single = ArenaResult(
        arena, arena.plan, [(5, -5)], [1, 0], [0, 0], [0, 0], [0, 0], {}, 0, "local", 1, 0.0
    )
    write_plot(single, tmp_path / "one-block.png")  # no band with a single block
    assert _png_size(tmp_path / "one-block.png") == (800, 450)


# ---------------------------------------------------------------------- command


def test_command_writes_summary_records_and_plot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "run"
    args = ["arena", "--seats", "random,random,random", "--hands", "30", "--seed", "3"]
    assert main([*args, "--workers", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "30 hands (10 blocks of 3)" in text
    assert "seed 3" in text
    for word in ("chips/hand", "95% interval", "random#2", "hands won", "battles"):
        assert word in text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["hands"] == 30
    assert summary["stack"] == 2000
    assert len((out / "hands.jsonl").read_text().splitlines()) == 30
    assert _png_size(out / "winnings.png") == (800, 450)
    assert main(["replay", str(out / "hands.jsonl")]) == 0
    # The same arena with two workers and explicit files: the same summary.
    other = tmp_path / "other.json"
    assert main([*args, "--workers", "2", "--summary", str(other), "--quiet"]) == 0
    assert deterministic(json.loads(other.read_text())) == deterministic(summary)


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["--seats", "random,nobody"], "[unknown_bot]"),
        (["--seats", "random"], "[invalid_players]"),
        (["--seats", ",".join(["random"] * 11)], "[invalid_players]"),
        (["--seats", "random,random", "--hands", "0"], "[invalid_arena]"),
        (["--seats", "random,random", "--hands", "many"], "[invalid_arena]"),
        (["--seats", "random,random", "--workers", "0"], "[invalid_arena]"),
        (["--seats", "random,random", "--seed", "-1"], "[invalid_arena]"),
        (["--seats", "random,random", "--chunk", "x"], "[invalid_arena]"),
        (["--seats", "random,random", "--stack", "0"], "[invalid_players]"),
        (["--seats", "random,random", "--small-bet", "0"], "[invalid_rules]"),
        (["--seats", "random,random", "--betting", "pot"], "[invalid_rules]"),
        (["--seats", "random,random", "--backend", "ray"], "[invalid_arena]"),
        (["--seats", "random,random", "--backend", "dask"], "[invalid_arena]"),
        (
            ["--seats", "random,random", "--backend", "dask", "--scheduler", "x", "--workers", "2"],
            "[invalid_arena]",
        ),
        (["--seats", "random,random", "--scheduler", "tcp://127.0.0.1:1"], "[invalid_arena]"),
    ],
)
def test_command_refuses_bad_input_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], code: str
) -> None:
    assert main(["arena", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"error: {code}")
    assert captured.err.count("\n") == 1


def test_command_refuses_an_unwritable_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    args = ["arena", "--seats", "random,random", "--summary", str(blocker / "s.json")]
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before the arena is even announced
    assert captured.err == (
        f"error: [output_folder_missing] --summary {blocker / 's.json'}: "
        f"{blocker} is not a folder\n"
    )
    # a failed check leaves no file behind
    args = ["arena", "--seats", "random,nobody", "--out", str(tmp_path / "out")]
    assert main(args) == 2
    assert not (tmp_path / "out").exists()
    args = ["arena", "--seats", "random,random", "--out", str(tmp_path / "out"), "--hands", "0"]
    assert main(args) == 2
    assert list(tmp_path.iterdir()) == [blocker]


ARENA = ["arena", "--seats", "random,random", "--hands", "20", "--seed", "3", "--workers", "1"]


@pytest.mark.parametrize("option", ["--summary", "--records", "--plot", "--out"])
def test_command_makes_no_folder_and_plays_nothing_for_a_missing_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str
) -> None:
    if option == "--plot":
        pytest.importorskip("matplotlib")
    target = tmp_path / "missing" / "dir" / "file"
    assert main([*ARENA, option, str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"error: [output_folder_missing] {option} {target}: the folder {target.parent} "
        "does not exist (create it first)\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_command_refuses_existing_outputs_unless_forced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    summary = tmp_path / "summary.json"
    records = tmp_path / "hands.jsonl"
    summary.write_bytes(b"an earlier summary\n")
    records.write_bytes(b"earlier records\n")
    for option, path in (("--summary", summary), ("--records", records)):
        assert main([*ARENA, option, str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == (
            f"error: [output_exists] {option} {path}: the file exists already "
            "(--force replaces it)\n"
        )
    # --out DIR: the files in it are checked the same way
    assert main([*ARENA, "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith(f"error: [output_exists] --out {summary}: ")
    assert summary.read_bytes() == b"an earlier summary\n"
    assert records.read_bytes() == b"earlier records\n"
    # a folder where a file is wanted, a file where the folder is wanted
    assert main([*ARENA, "--summary", str(tmp_path), "--force"]) == 2
    assert capsys.readouterr().err.startswith(f"error: [output_is_directory] --summary {tmp_path}")
    assert main([*ARENA, "--out", str(summary), "--force"]) == 2
    assert capsys.readouterr().err == (
        f"error: [output_folder_missing] --out {summary}: it is a file, not a folder\n"
    )
    assert main([*ARENA, "--summary", str(summary), "--records", str(summary), "--force"]) == 2
    assert capsys.readouterr().err.startswith(
        "error: [invalid_arena] --summary and --records name the same file"
    )
    assert sorted(tmp_path.iterdir()) == [records, summary]
    # --force replaces both, whole
    args = [*ARENA, "--summary", str(summary), "--records", str(records), "--force"]
    assert main(args) == 0
    assert json.loads(summary.read_text())["hands"] == 20
    assert len(records.read_text().splitlines()) == 20
    assert main(["replay", str(records)]) == 0
    assert sorted(tmp_path.iterdir()) == [records, summary]  # no temporary file left


def test_command_makes_the_out_folder_but_not_its_parents(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")  # --out writes the plot too
    out = tmp_path / "run"
    assert main([*ARENA, "--out", str(out / "deeper"), "--quiet"]) == 2
    assert capsys.readouterr().err.startswith(
        f"error: [output_folder_missing] --out {out / 'deeper'}: the folder {out} does not exist"
    )
    assert not out.exists()
    args = [*ARENA, "--out", str(out), "--summary", str(tmp_path / "s.json"), "--quiet"]
    assert main(args) == 0
    assert sorted(p.name for p in out.iterdir()) == ["hands.jsonl", "winnings.png"]
    assert (tmp_path / "s.json").exists()


def test_an_interrupted_arena_keeps_the_files_it_would_replace(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib")  # --out writes the plot too
    records = tmp_path / "hands.jsonl"
    records.write_bytes(b"the records of a long run\n")
    out = tmp_path / "new-run"

    def interrupted(config: ArenaConfig, *, records: Any, **_: object) -> ArenaResult:
        records.write("half a run\n")
        raise KeyboardInterrupt

    monkeypatch.setattr("palace_poker.arena.command.run_arena", interrupted)
    args = [*ARENA, "--records", str(records), "--force", "--quiet"]
    assert main([*args, "--summary", str(out / "summary.json")]) == 2  # no such folder
    assert main([*args, "--out", str(out)]) == 130
    assert capsys.readouterr().err.endswith("interrupted\n")
    assert records.read_bytes() == b"the records of a long run\n"
    assert list(tmp_path.iterdir()) == [records]  # no temporary file, no empty new-run/


def test_command_refuses_an_unreachable_scheduler(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    args = ["--backend", "dask", "--scheduler", "tcp://127.0.0.1:1", "--hands", "2"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("palace_poker.arena.backends.CONNECT_TIMEOUT", 1)
        assert main(["arena", "--seats", "random,random", *args]) == 2
    assert capsys.readouterr().err.startswith("error: [backend_unavailable] cannot reach")


def test_command_as_a_subprocess(tmp_path: Path) -> None:
    summary = tmp_path / "s.json"
    args = ["--seats", "random,random,random,random", "--hands", "200", "--seed", "7"]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "palace_poker",
            "arena",
            *args,
            "--workers",
            "2",
            "--summary",
            str(summary),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Arena results" in done.stdout
    assert "random#4" in done.stdout
    assert json.loads(summary.read_text())["run"]["workers"] == 2
    bad = subprocess.run(
        [sys.executable, "-m", "palace_poker", "arena", "--seats", "random,robot"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith("error: [unknown_bot]")
    assert "Traceback" not in bad.stderr


def test_config_is_checked() -> None:
    with pytest.raises(ConfigError, match="seed"):
        ArenaConfig(("random", "random"), hands=2, seed=-1, rules=RULES, stack=10)
    with pytest.raises(ConfigError, match="stack"):
        ArenaConfig(("random", "random"), hands=2, seed=1, rules=RULES, stack=0)
    with pytest.raises(ConfigError, match="workers"):
        run_arena(config(), workers=0)
    with pytest.raises(ConfigError, match="chunk"):
        run_arena(config(), chunk_hands=0)
    with pytest.raises(ConfigError, match="scheduler"):
        run_arena(config(), backend="dask")


def test_command_shows_a_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("rich")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    args = ["--seats", "random,random", "--hands", "40", "--seed", "1", "--chunk", "10"]
    assert main(["arena", *args, "--workers", "1"]) == 0
    captured = capsys.readouterr()
    assert "Arena results" in captured.out


#: Start ``python -m palace_poker ARGS`` with SIGINT ignored, as a shell starts a
#: background job (``sh -c 'cmd &'``) and as some CI runners start every step: the
#: ignored disposition survives the exec.
_SIGINT_IGNORED = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
    "os.execv(sys.executable, [sys.executable, '-m', 'palace_poker', *sys.argv[1:]])"
)


@pytest.mark.parametrize("sigint_ignored", [False, True], ids=["default", "sigint-ignored"])
def test_ctrl_c_stops_the_workers_at_once(tmp_path: Path, sigint_ignored: bool) -> None:
    start = ["-c", _SIGINT_IGNORED] if sigint_ignored else ["-m", "palace_poker"]
    command = [sys.executable, *start, "arena", "--seats", "random,random"]
    process = subprocess.Popen(
        [*command, "--hands", "10000000", "--workers", "2", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # Ctrl-C goes to the whole group, as from a terminal
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("Arena:")
        time.sleep(1.0)  # the workers are playing
        os.killpg(process.pid, signal.SIGINT)
        began = time.monotonic()
        _out, err = process.communicate(timeout=30)
        assert time.monotonic() - began < 5
        assert process.returncode == 130
        assert err == "interrupted\n"
    finally:  # never leave the arena running, even when the test fails
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
