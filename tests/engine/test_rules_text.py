"""The one-screen rules summary (``palace-poker rules``)."""

from __future__ import annotations

import pytest

from palace_poker.cli import main
from palace_poker.terminal.rules_text import summary


@pytest.mark.parametrize("ascii", [False, True])
def test_summary_fits_one_screen(ascii: bool) -> None:
    lines = summary(ascii=ascii).splitlines()
    assert len(lines) <= 24
    assert all(len(line) <= 80 for line in lines)


def test_ascii_summary_is_ascii() -> None:
    summary(ascii=True).encode("ascii")
    assert "\u2665" in summary()


@pytest.mark.parametrize(
    "word", ["BANNER", "BATTLE", "ENTRY", "CAPTURE", "TRIMS", "QUIET ROUND", "SHOWDOWN"]
)
def test_summary_names_the_key_ideas(word: str) -> None:
    assert word in summary()


def test_rules_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--ascii"]) == 0
    assert capsys.readouterr().out == summary(ascii=True)
