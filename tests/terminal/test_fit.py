"""Names and paths of any length on the terminal's screens, at 80 and 40 columns.

A path from a few characters to 200 and a name of 100 never push the counters
(``hand 1 of 1``, ``step K``, the stacks) or the keys off a screen, and no line is
wider than the screen: the viewer (``show``), the table of ``play`` and the demo's
closing table.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from palace_poker import Rules, Verb
from palace_poker.cli import main
from palace_poker.observation import Observation
from palace_poker.terminal import render
from palace_poker.terminal.demo import Tally, summary_lines
from palace_poker.terminal.fit import (
    ASCII_ELLIPSIS,
    ELLIPSIS,
    NAME_CELLS,
    fit_parts,
    shorten_name,
    shorten_path,
)
from palace_poker.terminal.session import Session, Settings
from palace_poker.terminal.viewer import FULL, frames_of, key_hints
from palace_poker.terminal.viewer import render as draw
from paths import EXAMPLE
from terminal_helpers import (
    LONG_NAME,
    dealt,
    long_named_record,
    saved_at,
    string_console,
    written,
)

WIDTHS = [80, 40]
#: Path lengths around both widths, from a few characters to 200.
LENGTHS = [6, 12, 39, 40, 41, 60, 79, 80, 81, 120, 160, 200]
STEP = re.compile(r"\bstep (\d+) \(")
#: What ``show`` prints between two screens when its output is no terminal.
BETWEEN = "-" * 40 + "\n"


def assert_fits(screen: str, width: int) -> list[str]:
    """Every line of ``screen`` within ``width`` columns; its lines."""
    lines = screen.splitlines()
    widest = max(lines, key=cell_len)
    assert cell_len(widest) <= width, widest
    return lines


def assert_counters_and_keys(screen: str, *, ascii: bool = False) -> None:
    """The caption's counters and every key's hint, each whole on one line."""
    lines = screen.splitlines()
    assert any("hand 1 of 1" in line for line in lines), screen
    assert any(STEP.search(line) for line in lines), screen
    for hint in key_hints(ascii):
        shown = hint.replace("·", "-") if ascii else hint
        assert any(shown in line for line in lines), (shown, screen)


# ------------------------------------------------------------- the functions


@pytest.mark.parametrize("width", [*WIDTHS, 20, 10, 3])
@pytest.mark.parametrize("length", LENGTHS)
@pytest.mark.parametrize("ascii", [False, True])
def test_a_path_is_cut_in_its_middle(length: int, width: int, ascii: bool) -> None:
    path = "/".join(["folder"] * 40)[: length - len("/game.jsonl")] + "/game.jsonl"
    shown = shorten_path(path, width, ascii=ascii)
    assert cell_len(shown) <= width
    mark = ASCII_ELLIPSIS if ascii else ELLIPSIS
    if len(path) <= width:
        assert shown == path
    elif width > 2 * len(mark):
        head, cut, tail = shown.partition(mark)
        assert cut == mark
        assert path.startswith(head)
        assert path.endswith(tail)
        assert len(head) >= (width - len(mark)) // 4  # the start is kept
        if width >= 40:
            assert shown.endswith("/game.jsonl")  # and the file name whole


def test_a_wide_character_counts_two_columns() -> None:
    path = "対局/" * 30 + "game.jsonl"
    shown = shorten_path(path, 40)
    assert cell_len(shown) <= 40
    assert shown.endswith("/game.jsonl")
    assert cell_len(shorten_name("名前" * 20, 9)) <= 9


@pytest.mark.parametrize("width", [*WIDTHS, NAME_CELLS, 4])
def test_a_name_is_cut_at_its_end(width: int) -> None:
    shown = shorten_name(LONG_NAME, width)
    assert cell_len(shown) == width
    assert shown.endswith(ELLIPSIS)
    assert LONG_NAME.startswith(shown[:-1])
    assert shorten_name("Ann", width) == "Ann"
    assert shorten_name(LONG_NAME, width, ascii=True).endswith(ASCII_ELLIPSIS)


def test_control_characters_and_bad_bytes_are_question_marks() -> None:
    assert shorten_name("Ann\nBob\x1b[2J", 40) == "Ann?Bob?[2J"
    assert "\n" not in shorten_path("a\nb/game.jsonl", 40)
    assert shorten_path("games/x\udcff.json", 40) == "games/x?.json"  # not UTF-8 on disk


def test_parts_break_between_parts_only() -> None:
    parts = ["x" * 50, "hand 1 of 3", "as the full record", "step 12 (action 12: 1 stay)"]
    lines = fit_parts(parts, 40)
    assert lines == ["x" * 50, "hand 1 of 3 · as the full record", "step 12 (action 12: 1 stay)"]
    assert fit_parts(parts[1:], 80) == [" · ".join(parts[1:])]


# ------------------------------------------------------------- show


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("length", LENGTHS)
def test_show_fits_any_path(
    length: int,
    width: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    path = saved_at(tmp_path, length, EXAMPLE.read_text())
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setattr("sys.stdin", io.StringIO("n\nG\nq\n"))
    assert main(["show", path]) == 0
    screens = capsys.readouterr().out.split(BETWEEN)[:-1]
    last = len(json.loads(EXAMPLE.read_text())["actions"])
    assert [STEP.findall(screen) for screen in screens] == [["0"], ["1"], [str(last)]]
    for screen in screens:
        lines = assert_fits(screen, width)
        assert_counters_and_keys(screen)
        assert lines[0].startswith(shorten_path(path, width))


@pytest.mark.parametrize("encoding", ["ascii", "cp437"])
def test_show_without_the_ellipsis_cuts_with_dots(
    encoding: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """cp437 has the suits but no ``…`` (nor ``◀``): the screen is ASCII."""
    path = saved_at(tmp_path, 200, json.dumps(long_named_record()))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setattr("sys.stdin", io.StringIO("G\nq\n"))
    out = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    monkeypatch.setattr("sys.stdout", out)
    assert main(["show", path]) == 0
    out.flush()
    assert isinstance(out.buffer, io.BytesIO)
    screen = out.buffer.getvalue().decode("ascii")
    assert screen.splitlines()[0] == shorten_path(path, 40, ascii=True)
    assert shorten_name(LONG_NAME, NAME_CELLS, ascii=True) in screen
    assert_counters_and_keys(screen, ascii=True)


@pytest.mark.parametrize("width", WIDTHS)
def test_show_fits_a_long_name(
    width: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_at(tmp_path, 200, json.dumps(long_named_record()))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setattr("sys.stdin", io.StringIO("G\nq\n"))
    assert main(["show", path, "--as", LONG_NAME]) == 0
    for screen in capsys.readouterr().out.split(BETWEEN)[:-1]:
        assert_fits(screen, width)
        assert_counters_and_keys(screen)
        assert shorten_name(LONG_NAME, NAME_CELLS) in screen  # in the step's lines
        assert LONG_NAME not in screen


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("ascii", [False, True])
def test_every_screen_fits_24_rows(width: int, ascii: bool) -> None:
    """On a terminal of 24 rows the step's lines give way to the caption, the
    table and the keys: nothing scrolls off the top."""
    where = "/tmp/" + "d" * 180 + "/game.jsonl"
    for frame in frames_of(long_named_record(), FULL, ascii=ascii):
        screen = draw(
            frame,
            where=where,
            number=1,
            count=1,
            label="the full record",
            width=width,
            color=False,
            ascii=ascii,
            height=24,
        )
        lines = assert_fits(screen, width)
        assert len(lines) <= 23, screen  # the cursor's line below them
        assert_counters_and_keys(screen, ascii=ascii)
        if ascii:
            screen.encode("ascii")
            assert ASCII_ELLIPSIS in lines[0]


def test_lines_that_do_not_fit_are_counted() -> None:
    frame = frames_of(long_named_record(), FULL)[-1]
    screen = draw(
        frame,
        where="g.json",
        number=1,
        count=1,
        label="the full record",
        width=40,
        color=False,
        ascii=False,
        height=24,
    )
    assert re.search(r"^  … \d+ more lines$", screen, re.MULTILINE), screen


# ------------------------------------------------------------- play


def _played(hand_seed: int) -> Observation:
    """The human's view, seat 0 called by 100 characters, after a few buys."""
    hand = dealt(hand_seed, n=4, name=LONG_NAME)
    for _ in range(9):
        seat = hand.to_act
        assert seat is not None
        options = hand.observe(seat).options
        pick = next((o for o in options if o.verb in (Verb.BUY, Verb.TRIM)), options[0])
        hand.apply(next(pick.actions()))
    return hand.observe(0)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("ascii", [False, True])
def test_the_table_shows_every_stack_beside_a_long_name(width: int, ascii: bool) -> None:
    obs = _played(3)
    console = string_console(width)
    labels = ["(you)", "heuristic", "random", "montecarlo"]
    console.print(render.table(obs, number=12, labels=labels, ascii=ascii))
    screen = written(console)
    lines = assert_fits(screen, width)
    assert lines[0].startswith("Hand 12")
    assert any(f"ante {obs.rules.ante}" in line for line in lines)  # the stakes, whole
    for seat, stack in enumerate(obs.stacks):
        row = next(line for line in lines if line.startswith(f"{seat} "))
        assert re.search(rf"\s{stack}\s", row), row
    mark = ASCII_ELLIPSIS if ascii else ELLIPSIS
    assert re.search(rf"^0 +Maxi\w*{re.escape(mark)}", screen, re.MULTILINE), screen
    assert f"Pot {obs.pot}" in screen
    if ascii:
        screen.encode("ascii")


@pytest.mark.parametrize("width", WIDTHS)
def test_play_fits_a_long_name(width: int, tmp_path: Path) -> None:
    console = string_console(width)
    answers = iter(["buy", "", "stay", "call", "stay", "stay"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers, "quit")

    settings = Settings(
        rules=Rules.of(10),
        players=4,
        bots=("heuristic", "random", "montecarlo"),
        seed=5,
        name=LONG_NAME,
        save=tmp_path / ("d" * 150) / "game.jsonl",
        delay=0.0,
    )
    (tmp_path / ("d" * 150)).mkdir()
    assert Session(settings, console, read=read).run() == 0
    screen = written(console)
    # The line naming the saved file holds its whole path, for copying: the terminal
    # wraps it; every other line fits.
    saved = [line for line in screen.splitlines() if line.startswith("Saved ")]
    assert saved == [f"Saved 0 finished hands to {settings.save} (check it: "
                     f"palace-poker replay {settings.save})."]  # fmt: skip
    assert_fits("\n".join(line for line in screen.splitlines() if line not in saved), width)
    assert "Hand 1" in screen
    assert "Your move > " in prompts
    assert re.search(rf"^0 +Maxi\w*{ELLIPSIS}", screen, re.MULTILINE), screen


# ------------------------------------------------------------- the demo


@pytest.mark.parametrize("width", WIDTHS)
def test_the_demos_closing_table_fits_a_long_name(width: int) -> None:
    tally = Tally(hands={LONG_NAME: 2}, battles={"Bob": 3})
    lines = summary_lines([LONG_NAME, "Bob"], [1350, 250], tally, width=width)
    assert max(cell_len(line) for line in lines) <= width
    assert lines[0].split() == ["Player", "Chips", "Hands", "won", "Battles", "won"]
    assert lines[1].split()[1:] == ["1350", "2", "0"]
    assert lines[2].split() == ["Bob", "250", "0", "3"]
    assert ELLIPSIS in lines[1]
