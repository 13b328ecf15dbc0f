"""What an output can print: the table's signs, or ASCII in their place.

One answer for every command (``play``, ``show``, ``demo``, ``rules``): an output
whose encoding cannot write every sign the screens use (:data:`SYMBOLS`: the
suits, the hidden palace, the marks, the separator, the box lines, the ellipsis
of a shortened name) is given ASCII, with cards written ``Ts`` and ``9h`` (the
R-CARD-1 text form). Asking about the suits alone is not enough: cp437 has the
four suits but not ``…`` nor ``◀``, and a screen sent there half in symbols would
fail at its first shortened name. Pure text, no ``rich``: every command asks
before it imports anything else.
"""

from __future__ import annotations

from palace_poker.cards import Suit

#: What the screens print besides letters: the suits, the hidden palace, the
#: marks, the separator, the box lines and the ellipsis of a shortened name.
SYMBOLS = "\u2660\u2665\u2666\u2663\u2592\u25c0\u2694\u2717\u00b7\u2501\u2503\u2500\u2026"

#: Suit symbols and the letters a terminal without them is sent instead.
_ASCII_SUITS = str.maketrans({s.symbol: str(s) for s in Suit})


def needs_ascii(encoding: str | None) -> bool:
    """Whether an output in ``encoding`` cannot print the suit symbols (and the
    screens' other signs), so that cards must be written ``Ts``; an output that
    names no encoding is taken to be ASCII.

    >>> needs_ascii("UTF-8"), needs_ascii("ascii"), needs_ascii("latin-1"), needs_ascii(None)
    (False, True, True, True)
    >>> needs_ascii("cp437")  # the suits, but no ellipsis
    True
    """
    if not encoding:
        return True
    try:
        SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def to_ascii(text: str) -> str:
    """``text`` with suit symbols as letters (``T♠`` → ``Ts``, the R-CARD-1 text form).

    >>> to_ascii("Ann buys T\u2660.")
    'Ann buys Ts.'
    """
    return text.translate(_ASCII_SUITS)


def printable(line: str) -> str:
    """``line`` as text any terminal can be sent: a lone surrogate (a file name that
    is not UTF-8, a record's text) escaped, never an error while printing.

    >>> printable("game" + chr(0xDCFF) + ".json")
    'game\\\\udcff.json'
    """
    return line.encode("utf-8", "backslashreplace").decode("utf-8")
