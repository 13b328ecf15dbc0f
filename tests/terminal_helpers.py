"""What the terminal tests share: a dealt hand with names, a console that writes
to a string, and saved hands at paths of any length with names of any length."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

from rich.console import Console

from palace_poker import Hand, Rules, SeededShuffle
from palace_poker.checks import MAX_NAME_LENGTH
from paths import EXAMPLE

#: A player's name as long as a name may be (100 characters).
LONG_NAME = ("Maximilian" * 10)[:MAX_NAME_LENGTH]


def dealt(seed: int = 1, *, no_limit: bool = False, n: int = 3, name: str = "You") -> Hand:
    """A hand of ``n`` players (seat 0 named ``name``, then Ann, Bob, Cid), 200
    chips each, the last seat dealing."""
    rules = Rules.of(10, betting="no-limit" if no_limit else "limit")
    names = [name, "Ann", "Bob", "Cid"][:n]
    return Hand.deal(rules, [200] * n, dealer=n - 1, shuffle=SeededShuffle(seed), names=names)


def string_console(width: int) -> Console:
    """A console ``width`` columns wide, without colours, writing to a string."""
    return Console(file=StringIO(), width=width, color_system=None, highlight=False, emoji=False)


def written(by: Console) -> str:
    """What ``by`` (made by :func:`string_console`) has written."""
    assert isinstance(by.file, StringIO)
    return by.file.getvalue()


def saved_at(root: Path, length: int, text: str) -> str:
    """Write ``text`` to a file ``length`` characters from ``root`` (a relative
    path: folders of 60 characters, then the file) and return that path."""
    parts = []
    left = length
    while left > 60:
        size = min(60, left - 10)  # a folder and its slash; 10 or more for the file
        parts.append("d" * (size - 1))
        left -= size
    parts.append("g" * (left - len(".json")) + ".json")
    relative = "/".join(parts)
    assert len(relative) == length
    (root / relative).parent.mkdir(parents=True, exist_ok=True)
    (root / relative).write_text(text, encoding="utf-8")
    return relative


def long_named_record() -> dict[str, Any]:
    """The format's example with its first player called by 100 characters."""
    record: dict[str, Any] = json.loads(EXAMPLE.read_text())
    record["players"][0]["name"] = LONG_NAME
    return record
