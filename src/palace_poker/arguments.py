"""The commands' number options, read and checked one way.

Every number a command line takes (``serve --tables-per-hour``, ``--retention-days``,
``demo --hands``, ``--pause``) is an argparse type made by :func:`number`: the text
read by ``convert`` and held to a range, else a one-line refusal that names what
was expected and what was given (argparse prints it with the option and exits 2).

>>> hands = number(int, "a whole number", lambda n: n >= 1, "at least 1")
>>> hands("3")
3
>>> hands("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be at least 1, got 0
>>> hands("three")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: not a whole number: 'three'
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

N = TypeVar("N", int, float)


def number(
    convert: Callable[[str], N], what: str, allowed: Callable[[N], bool], within: str
) -> Callable[[str], N]:
    """An argparse type: ``convert(text)`` (``what`` it must be, e.g. "a whole
    number") for which ``allowed`` holds (``within`` says the range in words)."""

    def read(text: str) -> N:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not {what}: {text!r}") from None
        if not allowed(value):
            raise argparse.ArgumentTypeError(f"must be {within}, got {text}")
        return value

    return read
