"""The paced demo, its battle explanations and summary, and the command's exit codes."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from palace_poker.cards import Card, parse_cards
from palace_poker.cli import main
from palace_poker.events import BattleCompared, ShowdownRevealed
from palace_poker.terminal import demo_command
from palace_poker.terminal.charset import to_ascii
from palace_poker.terminal.demo import (
    Tally,
    battle_lines,
    showdown_lines,
    summary_lines,
)
from paths import EXAMPLE

NAMES = ("Ann", "Bob")


def _battle(banners: str, ann: str, bob: str, winner: int | None) -> list[str]:
    event = BattleCompared((0, 1), winner, (tuple(parse_cards(ann)), tuple(parse_cards(bob))))
    return battle_lines(event, NAMES, parse_cards(banners), [[], []])


@pytest.mark.rule("R-CMP-1")
def test_a_battle_shows_both_hands_without_the_opponents_suit() -> None:
    lines = _battle("Kc Ks", "Qc Qd 3s", "Th 6d Jh", 0)
    assert lines[0] == "  Ann (banner K♣, palace Q♣ Q♦ 3♠): Q♣ Q♦ K♣ without ♠: pair of queens"
    assert lines[1] == "  Bob (banner K♠, palace T♥ 6♦ J♥): K♠ J♥ T♥ 6♦ without ♣: high card king"
    assert lines[2] == "  Ann wins: pair of queens beats high card king."


@pytest.mark.rule("R-CARD-3")
def test_equal_descriptions_name_the_cards_that_decide() -> None:
    lines = _battle("Kc Ks", "Qc 8d 3s", "Th 6d Jh", 0)
    assert lines[-1] == (
        "  Ann wins: both have high card king; the cards in order decide, "
        "K Q 8 beats K J T 6 (R-CARD-3)."
    )


@pytest.mark.rule("R-CMP-2")
def test_equal_hands_are_decided_by_the_own_suit_count() -> None:
    # Ann: A K Q 2 with three hearts (her banner suit), Bob: A K Q 2 with two spades
    lines = _battle("Ah As", "Kh Qh 2c", "Ks Qc 2d", 0)
    assert lines[-1] == (
        "  Equal hands; more of one's own banner suit wins (Ann holds 3 ♥, Bob 2 ♠): Ann (R-CMP-2)."
    )


@pytest.mark.rule("R-CMP-3")
def test_a_tie_says_so() -> None:
    lines = _battle("Ah As", "Kd Qd 2c", "Kc Qc 2d", None)
    assert lines[-1] == (
        "  Equal hands and equal own-suit counts (Ann holds 1 ♥, Bob 1 ♠): a tie (R-CMP-3)."
    )


@pytest.mark.rule("R-END-3")
def test_the_quiet_round_comparison_is_announced() -> None:
    event = BattleCompared((0, 1), 0, ((), ()))
    lines = battle_lines(event, NAMES, parse_cards("Ah As"), [[], []], quiet_round=True)
    assert lines[0].startswith("Quiet round with two left: Ann and Bob are compared")


@pytest.mark.rule("R-END-4")
def test_a_showdown_names_each_hand_and_the_best() -> None:
    event = ShowdownRevealed(
        ((0, tuple(parse_cards("Ad Ac 2c"))), (1, tuple(parse_cards("Kd 9c 2d"))))
    )
    lines = showdown_lines(event, NAMES, parse_cards("Ah Ks"), [[], [Card.parse("Kh")]])
    assert lines[1] == "  Ann: A♣ A♦ A♥ 2♣: three of a kind, aces"
    assert lines[2] == "  Bob: K♦ K♥ K♠ 9♣ 2♦: three of a kind, kings"
    assert lines[3] == "  Best hand: Ann (three of a kind, aces)."


def test_summary_lines_count_chips_hands_and_battles() -> None:
    tally = Tally(hands={"Ann": 2}, battles={"Bob": 1})
    assert summary_lines(NAMES, [350, 250], tally) == [
        "  Player  Chips  Hands won  Battles won",
        "  Ann       350          2            0",
        "  Bob       250          0            1",
    ]


def test_to_ascii_writes_cards_as_text() -> None:
    assert to_ascii("Ann buys T♠ and 9♥.") == "Ann buys Ts and 9h."


def test_the_demo_plays_a_few_hands_and_sums_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "2", "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert out.count("== Hand") == demo_command.DEMO_HANDS
    assert "Palaces (face down):" in out
    assert "Game over after 3 hands" in out
    assert "Player  Chips  Hands won  Battles won" in out
    assert " without " in out  # a battle's hands were shown


def test_max_hands_is_an_alias_of_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "2", "--quiet", "--max-hands", "2"]) == 0
    assert capsys.readouterr().out.count("== Hand") == 2
    assert main(["demo", "--seed", "2", "--quiet", "--hands", "1"]) == 0
    assert capsys.readouterr().out.count("== Hand") == 1


def test_the_demo_does_not_pause_in_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    naps: list[float] = []
    monkeypatch.setattr("time.sleep", naps.append)
    assert main(["demo", "--seed", "2", "--hands", "1", "--pause", "5"]) == 0
    assert all(nap == 0 for nap in naps)


@pytest.mark.parametrize(
    "argv", [["demo", "--hands", "0"], ["demo", "--pause", "x"], ["show"], ["nonsense"]]
)
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(argv)
    assert raised.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_no_command_prints_the_help_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    for command in ("demo", "replay", "show", "rules", "play"):
        assert command in out


def test_ctrl_c_prints_interrupted_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*_: object, **__: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(demo_command, "play", interrupted)
    assert main(["demo", "--seed", "1"]) == 130
    assert capsys.readouterr().err.strip() == "interrupted"


def test_replay_of_a_file_without_records_fails_with_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["replay", str(empty)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [f"{empty}: FAIL [invalid_record] the file holds no record"]
    assert captured.err == "replay: 0 records checked: 0 passed, 0 failed; 1 file held no record.\n"


def test_replay_ends_with_its_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = json.loads(EXAMPLE.read_text())
    record["actions"][3] = "2 bet 2"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    missing = tmp_path / "missing.json"
    assert main(["replay", str(EXAMPLE), str(bad), str(missing)]) == 1
    assert capsys.readouterr().err == (
        "replay: 2 records checked: 1 passed, 1 failed; 1 file could not be read.\n"
    )


def test_a_terminal_without_suit_symbols_gets_ascii() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "palace_poker", "demo", "--seed", "2", "--hands", "1"],
        capture_output=True,
        text=True,
        encoding="ascii",
        env=env,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "flies the" in done.stdout
    rules = subprocess.run(
        [sys.executable, "-m", "palace_poker", "rules"],
        capture_output=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert rules.returncode == 0
    rules.stdout.decode("ascii")


@pytest.mark.rule("R-CMP-1", "R-CMP-2")
def test_each_explanation_agrees_with_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(4):
        assert main(["demo", "--seed", str(seed), "--hands", "4", "--fast"]) == 0
    lines = capsys.readouterr().out.splitlines()
    checked = 0
    for why, result in itertools.pairwise(lines):
        if result.endswith(" wins the battle.") and why.startswith("    "):
            winner = result.split()[0]
            assert why.strip().startswith(f"{winner} wins:") or why.endswith(f"{winner} (R-CMP-2).")
            checked += 1
    assert checked >= 3


@pytest.mark.rule("R-CMP-1", "R-CAPT-1")
def test_a_battle_shows_the_soldiers_held_before_it(capsys: pytest.CaptureFixture[str]) -> None:
    # random bots (their play does not change when the other bots are tuned): seed 1,
    # hand 1, Cid fights with the 4♥ soldier he bought beside his banner and palace
    assert main(["demo", "--seed", "1", "--bots", "random", "--hands", "4", "--fast"]) == 0
    out = capsys.readouterr().out
    assert "Cid (banner 4♦, palace 5♣ A♥ 7♣): 4♦ 4♥ A♥ 7♣ 5♣ without ♠: pair of fours" in out
    assert "Bob (banner J♠, palace 8♠ 3♣ 9♠): J♠ 9♠ 8♠ 3♣ without ♦: high card jack" in out
    # battles won by a fold count as well as those won by a comparison
    assert "  Dee       580          3            2" in out


def test_demo_reads_bots_as_play_does(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """One kind for every seat or one a seat (spaces around names ignored); another
    count is refused before anything is played or any file is touched."""
    saved = tmp_path / "game.jsonl"
    args = ["demo", "--players", "3", "--fast", "--hands", "1", "--seed", "3"]
    assert main([*args, "--bots", "easy,hard", "--save", str(saved)]) == 2
    captured = capsys.readouterr()
    assert "[invalid_players] --bots names 2 bots for 3 seats" in captured.err
    assert captured.out == ""
    assert not saved.exists()
    assert main([*args, "--bots", " medium "]) == 0
    assert "(medium), Bob (medium), Cid (medium)" in capsys.readouterr().out
    assert main([*args, "--bots", "easy, medium ,hard"]) == 0
    assert "Ann (easy), Bob (medium), Cid (hard)" in capsys.readouterr().out
