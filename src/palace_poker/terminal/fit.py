"""Fitting names and file paths into the fixed-width lines of the terminal's screens.

A player may be called by a hundred characters and a saved game may sit in a deep
folder; a screen line that holds such a name or path beside a counter (``hand 1 of
3 · step 4``) or the keys must not wrap inside them. Every screen (the table of
``play``, the viewer of ``show``, the demo's closing table) shortens what does not
fit with one of two functions, so that the rest of the line always shows:

* :func:`shorten_path` cuts the middle of a path, keeping its start and, when it
  fits, its whole file name: ``/home/ann/game…ven/final.jsonl``;
* :func:`shorten_name` cuts the end of a name: ``Bartholom…``.

The cut is marked by ``…``, or ``...`` on a terminal that cannot print it (the
``ascii`` flag the screens already pass for the suit symbols). Widths are counted
in terminal columns (a CJK character takes two, an accent none), and a control
character, which would move the cursor, or a byte of a file name that is not UTF-8
is shown as ``?``. :func:`fit_parts` lays out the parts of a caption or of a line
of keys, breaking the line between parts, never inside one.

The module needs only the standard library (the demo runs without ``rich``).
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Sequence

#: The most columns a player's name takes in a fixed-width line (the table's
#: player column, the battle line, the demo's closing table).
NAME_CELLS = 18
ELLIPSIS = "…"
ASCII_ELLIPSIS = "..."
#: What a control character (a newline or an escape in a name) or a byte of a file
#: name that is not UTF-8 (a lone surrogate) is shown as.
UNPRINTABLE = "?"
_UNPRINTABLE_CATEGORIES = ("Cc", "Cs")


def ellipsis(ascii: bool = False) -> str:
    """The mark of a cut: ``…``, or ``...`` for a terminal without it."""
    return ASCII_ELLIPSIS if ascii else ELLIPSIS


def cells(text: str) -> int:
    """The columns ``text`` takes on a terminal.

    >>> cells("Ann"), cells("名前"), cells("e\\u0301")
    (3, 4, 1)
    """
    return sum(_cell(char) for char in text)


def _cell(char: str) -> int:
    if unicodedata.combining(char) or unicodedata.category(char) == "Cf":
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def printable(text: str) -> str:
    """``text`` with every control character (a newline, a tab, an escape) as ``?``,
    so that it stays on its line and moves no cursor, and every byte of a file name
    that is not UTF-8 as ``?``, so that it can be printed.

    >>> printable("Ann\\nBob\\x1b[2J"), printable("game\\udcff.json")
    ('Ann?Bob?[2J', 'game?.json')
    """
    return "".join(
        UNPRINTABLE if unicodedata.category(c) in _UNPRINTABLE_CATEGORIES else c for c in text
    )


def shorten_name(name: str, width: int, *, ascii: bool = False) -> str:
    """``name`` in at most ``width`` columns: whole if it fits, else its start and
    an ellipsis (the start is what the player recognises).

    >>> shorten_name("Ann", 10), shorten_name("Bartholomew", 6)
    ('Ann', 'Barth…')
    >>> shorten_name("Bartholomew", 6, ascii=True), shorten_name("Bartholomew", 2, ascii=True)
    ('Bar...', '..')
    """
    text = printable(name)
    if cells(text) <= width:
        return text
    mark = ellipsis(ascii)
    if width <= len(mark):
        return mark[: max(width, 0)]
    return _head(text, width - len(mark)) + mark


def shorten_path(path: str | os.PathLike[str], width: int, *, ascii: bool = False) -> str:
    """``path`` in at most ``width`` columns: whole if it fits, else its start, an
    ellipsis and its end. The cut is in the middle, moved towards the start as far
    as keeps the file name whole, but a quarter of the room stays for the start
    (the folder it is under): the file name tells which file, the start where.

    >>> shorten_path("games/g.jsonl", 40)
    'games/g.jsonl'
    >>> shorten_path("/home/ann/games/2026/december/table-seven/final.jsonl", 30)
    '/home/ann/game…ven/final.jsonl'
    >>> shorten_path("/home/ann/games/2026/december/table-seven/final.jsonl", 30, ascii=True)
    '/home/ann/gam...en/final.jsonl'
    >>> shorten_path("/home/ann/games/2026/december/the-final-of-the-winter-cup.jsonl", 40)
    '/home/ann…-final-of-the-winter-cup.jsonl'
    """
    text = printable(os.fspath(path))
    if cells(text) <= width:
        return text
    mark = ellipsis(ascii)
    room = width - len(mark)
    if room <= 0:
        return mark[: max(width, 0)]
    named = cells(printable(os.path.basename(text))) + 1  # the file name and its slash
    end = min(max(room - room // 2, named), room - room // 4)
    return _head(text, room - end) + mark + _tail(text, end)


def fit_parts(parts: Sequence[str], width: int, *, separator: str = " · ") -> list[str]:
    """``parts`` joined by ``separator`` into lines of at most ``width`` columns,
    a new line started where the next part would not fit: a part is never broken
    (one longer than ``width`` has a line of its own; shorten it first).

    >>> fit_parts(["game.jsonl", "hand 1 of 3", "step 4 (action 4: 0 buy)"], 40)
    ['game.jsonl · hand 1 of 3', 'step 4 (action 4: 0 buy)']
    """
    lines: list[str] = []
    for part in parts:
        if lines and cells(lines[-1] + separator + part) <= width:
            lines[-1] += separator + part
        else:
            lines.append(part)
    return lines


def _head(text: str, width: int) -> str:
    """The longest start of ``text`` within ``width`` columns."""
    taken = 0
    for index, char in enumerate(text):
        taken += _cell(char)
        if taken > width:
            return text[:index]
    return text


def _tail(text: str, width: int) -> str:
    """The longest end of ``text`` within ``width`` columns."""
    return _head(text[::-1], width)[::-1]
