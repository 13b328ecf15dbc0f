"""``palace-poker show``: stepping through a saved hand."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from palace_poker.cli import main
from palace_poker.errors import RecordError
from palace_poker.terminal.viewer import FULL, frames_of, move, render, viewer_seat
from paths import EXAMPLE

RECORD = json.loads(EXAMPLE.read_text())
#: A screen's step counter, wherever the caption breaks (the path before it may
#: take a line of its own: the clone's folder is of any length).
STEP = re.compile(r"\bstep (\d+) \(")


def _show(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], keys: str, *args: str
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(keys))
    monkeypatch.setenv("COLUMNS", "100")  # not the terminal pytest was started in
    code = main(["show", *args])
    return code, capsys.readouterr().out


def test_a_frame_after_the_deal_and_each_action() -> None:
    frames = frames_of(RECORD, FULL)
    assert len(frames) == len(RECORD["actions"]) + 1
    assert frames[0].action is None
    assert [f.action for f in frames[1:]] == RECORD["actions"]
    assert frames[0].lines[0].startswith("Each player antes")


@pytest.mark.rule("R-INFO-1", "R-INFO-2")
def test_the_views_show_what_each_viewer_saw() -> None:
    full = frames_of(RECORD, "all")[0].view
    spectator = frames_of(RECORD, "spectator")[0].view
    seat = frames_of(RECORD, "1")[0].view
    assert len(full.known_palaces) == len(full.names)
    assert spectator.known_palaces == {}
    assert spectator.palace == ()
    assert seat.viewer == 1
    assert len(seat.palace) == 3
    assert 0 not in seat.known_palaces


@pytest.mark.rule("R-INFO-3")
def test_a_spectator_is_never_told_a_battles_palace_cards(tmp_path: Path) -> None:
    game = tmp_path / "g.jsonl"
    assert main(["demo", "--seed", "2", "--quiet", "--hands", "3", "--save", str(game)]) == 0
    records = [json.loads(line) for line in game.read_text().splitlines()]
    battles = 0
    for record in records:
        for frame in frames_of(record, "spectator"):
            battles += any(line.endswith("wins the battle.") for line in frame.lines)
            assert not any("palace" in line for line in frame.lines), frame.lines
            assert frame.view.known_palaces == {}
    assert battles >= 2


def test_viewer_by_name_or_seat_and_refusal() -> None:
    names = ("Ann", "Bob")
    assert viewer_seat("bob", names) == 1
    assert viewer_seat("0", names) == 0
    assert viewer_seat("spectator", names) is None
    with pytest.raises(RecordError) as raised:
        viewer_seat("Zed", names)
    assert raised.value.code == "invalid_seat"


def test_keys_move_and_stop_at_the_ends() -> None:
    sizes = {0: 3, 1: 2}.__getitem__
    assert move("next", 0, 0, sizes, 2) == (0, 1)
    assert move("next", 0, 2, sizes, 2) == (1, 0)
    assert move("next", 1, 1, sizes, 2) == (1, 1)
    assert move("back", 1, 0, sizes, 2) == (0, 2)
    assert move("back", 0, 0, sizes, 2) == (0, 0)
    assert move("last", 0, 0, sizes, 2) == (0, 2)
    assert move("first", 0, 2, sizes, 2) == (0, 0)
    assert move("next-hand", 0, 1, sizes, 2) == (1, 0)
    assert move("previous-hand", 1, 1, sizes, 2) == (0, 0)
    assert move("unknown", 0, 1, sizes, 2) == (0, 1)


def test_show_steps_forward_and_back(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _show(monkeypatch, capsys, "n\n\np\nq\n", str(EXAMPLE))
    assert code == 0
    assert STEP.findall(out) == ["0", "1", "2", "1"]
    assert "as the full record" in out


def test_show_ends_at_the_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _show(monkeypatch, capsys, "G\n", str(EXAMPLE), "--as", "spectator")
    assert code == 0
    last = len(RECORD["actions"])
    assert STEP.findall(out) == ["0", str(last)]
    assert "Hand over" in out


def test_show_of_a_file_without_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "none.jsonl"
    empty.write_text("\n")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["show", str(empty)]) == 1
    assert "[invalid_record]" in capsys.readouterr().err


def test_show_of_a_bad_hand_number_or_seat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["show", str(EXAMPLE), "--hand", "2"]) == 2
    assert "[invalid_index]" in capsys.readouterr().err
    assert main(["show", str(EXAMPLE), "--as", "Zed"]) == 1
    assert "[invalid_seat]" in capsys.readouterr().err


def test_a_game_file_steps_into_the_next_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "g.jsonl"
    assert main(["demo", "--seed", "2", "--quiet", "--hands", "2", "--save", str(game)]) == 0
    capsys.readouterr()
    code, out = _show(monkeypatch, capsys, "]\n[\nq\n", str(game), "--as", "0")
    assert code == 0
    assert re.findall(r"hand (\d) of 2", out) == ["1", "2", "1"]


def test_the_ascii_screen_is_ascii() -> None:
    frame = frames_of(RECORD, FULL)[3]
    screen = render(
        frame, where="x", number=1, count=1, label="all", width=100, color=False, ascii=True
    )
    screen.encode("ascii")
    assert re.search(r"\b[2-9TJQKA][cdhs]\b", screen)
