"""The arena plays a variant: a preset (--variant) and house rules (--house) make the
match's rules, carried into its hands, records, journal, summary and report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from palace_poker import replay
from palace_poker.arena import ArenaConfig, run_arena
from palace_poker.arena.journal import header
from palace_poker.cli import main
from palace_poker.errors import ConfigError
from palace_poker.presets import preset

#: A short match (random bots play any variant: they choose among the legal options).
MATCH = ["arena", "--hands", "12", "--seed", "3", "--workers", "1", "--quiet"]
ARENA = [*MATCH, "--seats", "random,random,random"]


@pytest.mark.rule("V-PALACE-1")
@pytest.mark.rule("V-CMP-1")
def test_a_preset_with_house_rules_is_the_matchs_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    args = [*ARENA, "--variant", "quick", "--house", "struck=rank", "--house", "palace=1"]
    assert main([*args, "--summary", str(out) + ".json", "--records", str(out) + ".jsonl"]) == 0
    text = capsys.readouterr().out
    assert "variant house rules" in text.splitlines()[0]
    assert (
        "Variant: house rules (1 palace card, at most 3 soldiers, a banner strikes its "
        "rank, at most 1 raise a battle)." in text
    )
    summary = json.loads(Path(str(out) + ".json").read_text())
    assert summary["variant"] == "house rules"
    assert summary["rules"]["max_raises"] == 1  # the preset's
    assert summary["rules"]["variant"] == {"palace": 1, "soldiers": 3, "struck": "rank"}
    lines = Path(str(out) + ".jsonl").read_text().splitlines()
    assert len(lines) == 12
    for line in lines:
        record = json.loads(line)
        assert record["rules"] == summary["rules"]
        hand = replay(record)
        assert all(len(hand.observe(s).palace) == 1 for s in range(hand.n))
    assert main(["replay", str(out) + ".jsonl"]) == 0


@pytest.mark.rule("V-CARD-1")
def test_a_preset_is_named_in_the_summary_and_the_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    summary = tmp_path / "s.json"
    assert main([*ARENA, "--variant", "short-deck", "--summary", str(summary)]) == 0
    text = capsys.readouterr().out
    assert "Variant: short-deck (a 36-card deck, 6 to A)." in text
    assert json.loads(summary.read_text())["variant"] == "short-deck"
    assert json.loads(summary.read_text())["rules"]["variant"] == {"ranks": 9}


def test_the_standard_game_says_nothing_of_a_variant(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    summary = tmp_path / "s.json"
    assert main([*ARENA, "--variant", "standard", "--summary", str(summary)]) == 0
    assert "ariant" not in capsys.readouterr().out
    data = json.loads(summary.read_text())
    assert data["variant"] == "standard"
    assert "variant" not in data["rules"]  # as every standard record has it


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--variant", "long"], "--variant long: no preset 'long'; the presets are"),
        (["--house", "palace=9"], "--house palace=9: palace must be a whole number from 1 to 4"),
        (["--house", "struck=colour"], "--house struck=colour: struck must be 'suit' or 'rank'"),
        (["--house", "palace"], "--house takes KEY=VALUE (e.g. palace=2), got 'palace'"),
        (["--house", "colour=red"], "no variant parameter 'colour'"),
        (["--variant", "tiny", "--house", "group=3"], "group must be at most the number of suits"),
        (["--variant", "tiny", "--seats", "random,random,random,random"], "at most 3 players"),
        (["--variant", "tiny", "--ladder", "random,easy"], "at most 3 players, got 4"),
    ],
)
def test_a_bad_variant_is_refused_in_one_line_before_any_hand(
    capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    bots = [] if {"--seats", "--ladder"} & set(args) else ["--seats", "random,random"]
    assert main([*MATCH, *bots, *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: [invalid_variant] ")
    assert says in captured.err
    assert captured.err.count("\n") == 1
    assert "Traceback" not in captured.err


def test_run_arena_refuses_more_bots_than_the_variants_deck_deals() -> None:
    config = ArenaConfig(
        ("random",) * 4, hands=4, seed=1, rules=preset("tiny").rules(10), stack=400
    )
    with pytest.raises(ConfigError) as refused:
        run_arena(config)
    assert refused.value.code == "invalid_variant"


@pytest.mark.rule("V-CARD-1")
def test_a_research_preset_plays_on_local_workers_and_its_journal_names_it(
    tmp_path: Path,
) -> None:
    rules = preset("small").rules(10)
    config = ArenaConfig(("random", "random"), hands=20, seed=2, rules=rules, stack=400)
    one = run_arena(config).summary()
    two = run_arena(config, workers=2, chunk_hands=4).summary()  # pickled to the workers
    assert {k: v for k, v in one.items() if k != "run"} == {
        k: v for k, v in two.items() if k != "run"
    }
    assert one["variant"] == "small"
    assert header(config)["rules"]["variant"] == rules.variant.to_dict()
