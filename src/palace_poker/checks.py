"""Checks of values that come from outside: seats, counts, chips, names, lists.

Every public entry point reads its inputs as plain objects and checks them here
before using them, so that a ``bool`` is never taken for a seat or a count, a float
never for a number of chips, and anything else is refused with a
:class:`~palace_poker.errors.PalaceError` that names the input, never with a bare
``TypeError``. (The engine compiled by mypyc would otherwise coerce ``True`` to 1,
or raise a ``TypeError`` of its own, before a check of a typed parameter ran.)

The checks never run code of the object checked beyond what its base type does: an
``int`` subclass is read as the integer it holds, a ``list`` or ``tuple`` subclass
by the base type's own iteration, and an error message names an input by
:func:`short`, a bounded ``repr`` that cannot fail. Each check takes the error class
and code to raise, so that one check serves every entry point with its own code.

Limits that keep hostile data small: a count of chips is at most :data:`MAX_CHIPS`
(``2**53 - 1``, the largest integer every JSON reader keeps exact: chips go to
clients as JSON), so an amount has at most :data:`MAX_DIGITS` digits; a name has at
most :data:`MAX_NAME_LENGTH` characters.

>>> is_int(3), is_int(True), is_int(3.0)
(True, False, False)
>>> viewer_seat(None, 3), viewer_seat(2, 3)
(None, 2)
>>> viewer_seat(True, 3)
Traceback (most recent call last):
...
palace_poker.errors.IllegalActionError: [invalid_seat] no seat True to observe from: ...
>>> short(10**5000)
'<an integer of 5001 digits>'
"""

from __future__ import annotations

import operator
from typing import Any, Final, cast

from palace_poker.errors import ConfigError, IllegalActionError, PalaceError

#: Players at a table or in a hand.
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
#: The most chips a count may hold (a stack, a stake, an amount, a table's total):
#: the largest integer a JSON reader keeps exact (JavaScript's safe integers).
MAX_CHIPS: Final = 2**53 - 1
#: Digits of :data:`MAX_CHIPS`: no number in an action's text is longer.
MAX_DIGITS: Final = len(str(MAX_CHIPS))
#: The longest name a player may have, in characters.
MAX_NAME_LENGTH: Final = 100

ErrorClass = type[PalaceError]


# ------------------------------------------------------------------ reading values


def is_int(value: object) -> bool:
    """True for an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def as_int(value: object) -> int | None:
    """``value`` as a plain ``int`` if it is an integer (never a ``bool``), else None.

    An ``int`` subclass is read as the integer it holds, without calling its own
    methods (a ``Card`` gives its index, a ``Suit`` its number)."""
    if type(value) is int:
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return int.__index__(value)
    return None


def as_text(value: object) -> str | None:
    """``value`` as a plain ``str`` if it is text, else None (a ``str`` subclass is
    read as the text it holds, without calling its own methods)."""
    if type(value) is str:
        return value
    if isinstance(value, str):
        return str.__str__(value)
    return None


def as_items(value: object) -> tuple[object, ...] | None:
    """The items of a ``list``, ``tuple`` or ``range``, as a tuple; None for anything
    else (text, a dict, a generator, an object of its own). A subclass is read by the
    base type's own iteration, never by methods of its own."""
    if type(value) is tuple:
        return value
    if isinstance(value, list):
        return tuple(list.__iter__(value))
    if isinstance(value, tuple):
        return tuple(tuple.__iter__(value))
    if isinstance(value, range):
        if not _short_range(value):
            return None
        return tuple(value)
    return None


def as_mapping(value: object) -> dict[object, object] | None:
    """A ``dict`` as a plain dict (a subclass read by the base type's own iteration),
    or None for anything else."""
    if type(value) is dict:
        return value
    if isinstance(value, dict):
        return {key: item for key, item in dict.items(value)}
    return None


def as_iterated(value: object, most: int) -> tuple[object, ...] | None:
    """The items of a list, tuple or range (as :func:`as_items`), or of any other
    iterable but text, bytes and mappings, read up to ``most`` items; None when
    ``value`` is none of these, when reading it fails, or when it holds more than
    ``most`` items (an endless iterator is never read to its end)."""
    listed = as_items(value)
    if listed is not None:
        return listed
    if isinstance(value, str | bytes | bytearray | dict):
        return None
    read: list[object] = []
    try:
        for item in iter(value):  # type: ignore[call-overload]
            if len(read) == most:
                return None
            read.append(item)
    except Exception:
        return None
    return tuple(read)


def _short_range(value: range) -> bool:
    """Whether a range is small enough to list (its length fits a machine word and
    is at most a million)."""
    try:
        return len(value) <= 1_000_000
    except OverflowError:
        return False


def is_text(value: str) -> bool:
    """Text that can be written as UTF-8: no lone surrogate."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# ------------------------------------------------------------------ naming inputs


def short(value: object, limit: int = 80) -> str:
    """A bounded, never-failing ``repr`` of an input, for error messages: at most
    ``limit`` characters, an integer too long to show by its number of digits, and
    an object whose ``__repr__`` fails by its type."""
    number = as_int(value)
    if number is not None and number.bit_length() > 200:
        digits = _digits(number)
        return f"<an integer of {digits} digits>"
    try:
        text = repr(value)
    except Exception:
        text = f"<{_type_name(value)} object>"
    if type(text) is not str:  # pragma: no cover - repr() always gives a str
        text = f"<{_type_name(value)} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _digits(number: int) -> int:
    """The number of decimal digits of ``abs(number)``, without writing it out."""
    magnitude = -number if number < 0 else number
    estimate = int(magnitude.bit_length() * 0.30102999566398120) + 1
    while estimate > 1 and 10 ** (estimate - 1) > magnitude:
        estimate -= 1
    while 10**estimate <= magnitude:
        estimate += 1
    return estimate


def _type_name(value: object) -> str:
    name = type(value).__name__
    return name if len(name) <= 40 else name[:37] + "..."


def clip(text: str, limit: int = 200) -> str:
    """``text`` cut to at most ``limit`` characters, for the details of an error."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ------------------------------------------------------------------ checks


def integer(
    value: object,
    what: str,
    *,
    minimum: int,
    maximum: int,
    error: ErrorClass,
    code: str,
    rule: str | None = None,
    details: dict[str, Any] | None = None,
) -> int:
    """``value`` checked: an integer (never a bool, never a float) ``minimum`` to
    ``maximum``. Raises ``error(code)`` naming ``what`` otherwise."""
    number = as_int(value)
    if number is not None and minimum <= number <= maximum:
        return number
    if maximum >= MAX_CHIPS:
        bounds = f">= {minimum}" if minimum > 0 else f"{minimum} or more"
        bounds += f" (at most {maximum})" if number is not None and number > maximum else ""
    else:
        bounds = f"{minimum}..{maximum}"
    raise error(
        code,
        f"{what} must be an integer {bounds}, got {short(value)}",
        rule=rule,
        details={**(details or {}), "input": short(value)},
    )


def chips(
    value: object,
    what: str,
    *,
    minimum: int = 0,
    error: ErrorClass,
    code: str,
    rule: str | None = None,
    details: dict[str, Any] | None = None,
) -> int:
    """A count of chips: an integer ``minimum`` to :data:`MAX_CHIPS`."""
    return integer(
        value,
        what,
        minimum=minimum,
        maximum=MAX_CHIPS,
        error=error,
        code=code,
        rule=rule,
        details=details,
    )


def seat(
    value: object,
    n: int,
    what: str,
    *,
    error: ErrorClass = IllegalActionError,
    code: str = "invalid_seat",
    rule: str | None = None,
) -> int:
    """A seat number ``0..n-1``."""
    number = as_int(value)
    if number is not None and 0 <= number < n:
        return number
    raise error(
        code,
        f"{what} must be a seat 0..{n - 1}, got {short(value)}",
        rule=rule,
        details={"input": short(value)},
    )


def viewer_seat(viewer: object, n: int | None) -> int | None:
    """``viewer`` checked: a seat ``0..n-1`` (any seat when ``n`` is None), or None
    for a spectator. Raises ``IllegalActionError('invalid_seat')`` for anything else."""
    if viewer is None:
        return None
    if type(viewer) is int and viewer >= 0 and (n is None or viewer < n):
        return viewer  # the common case, first
    number = as_int(viewer)
    if number is not None and number >= 0 and (n is None or number < n):
        return number
    seats = "a seat number" if n is None else f"a seat 0..{n - 1}"
    raise IllegalActionError(
        "invalid_seat",
        f"no seat {short(viewer)} to observe from: a viewer is {seats} or None (a spectator)",
        rule="R-INFO-1",
        details={"input": short(viewer)},
    )


def flag(value: object, what: str, *, error: ErrorClass, code: str) -> bool:
    """``True`` or ``False``, nothing else (not 1, not ``"yes"``)."""
    if value is True or value is False:
        return value
    raise error(
        code, f"{what} must be True or False, got {short(value)}", details={"input": short(value)}
    )


def items(
    value: object,
    what: str,
    *,
    error: ErrorClass,
    code: str,
    rule: str | None = None,
    least: int = 0,
    most: int | None = None,
) -> tuple[object, ...]:
    """The items of a list or tuple (or range), ``least`` to ``most`` of them."""
    listed = as_items(value)
    if listed is None:
        raise error(
            code,
            f"{what} must be a list, got {short(value)}",
            rule=rule,
            details={"input": short(value)},
        )
    if len(listed) < least or (most is not None and len(listed) > most):
        count = f"{least} to {most}" if most is not None else f"at least {least}"
        raise error(
            code,
            f"{what} must list {count} items, got {len(listed)}",
            rule=rule,
            details={"count": len(listed)},
        )
    return listed


def name(
    value: object, seat: int, *, error: ErrorClass = ConfigError, code: str = "invalid_players"
) -> str:
    """A player's name: text that UTF-8 can write (no lone surrogate), at most
    :data:`MAX_NAME_LENGTH` characters."""
    text = as_text(value)
    if text is not None and len(text) <= MAX_NAME_LENGTH and is_text(text):
        return text
    reason = (
        f"at most {MAX_NAME_LENGTH} characters"
        if text is not None and len(text) > MAX_NAME_LENGTH
        else "text (with no lone surrogate)"
    )
    raise error(
        code,
        f"seat {seat}'s name must be {reason}, got {short(value)}",
        details={"seat": seat, "input": short(value)},
    )


def names(
    value: object, n: int, *, error: ErrorClass = ConfigError, code: str = "invalid_players"
) -> tuple[str, ...]:
    """One name a player, for ``n`` players."""
    listed = as_items(value)
    if listed is None or len(listed) != n:
        raise error(
            code,
            f"names must be a list of {n} strings, got {short(value)}",
            details={"input": short(value)},
        )
    return tuple([name(item, seat, error=error, code=code) for seat, item in enumerate(listed)])


def stacks(
    value: object,
    what: str,
    *,
    error: ErrorClass = ConfigError,
    code: str = "invalid_players",
    rule: str | None = "R-ANTE-2",
) -> tuple[int, ...]:
    """The stacks of a hand or table: 2 to 10 of them, each 1 to :data:`MAX_CHIPS`
    chips (R-ANTE-2: a player with no chips is not dealt in), and all of them
    together at most :data:`MAX_CHIPS` (the pot holds them all)."""
    listed = as_items(value)
    if listed is None:
        raise error(
            code,
            f"{what} must be a list of chip counts, got {short(value)}",
            details={"input": short(value)},
        )
    if not MIN_PLAYERS <= len(listed) <= MAX_PLAYERS:
        raise error(
            code,
            f"a hand needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(listed)}",
            details={"players": len(listed)},
        )
    # Kept as objects: a plain int is kept as the very object given (the compiled
    # engine would otherwise unbox and rebox it, a new int object a stack).
    counted: list[object] = []
    for index, stack in enumerate(listed):
        if _plain_stack(stack):
            counted.append(stack)  # the common case: no message made
            continue
        counted.append(
            chips(
                stack,
                f"seat {index}'s stack",
                minimum=1,
                error=error,
                code=code,
                rule=rule,
                details={"seat": index},
            )
        )
    checked = cast("tuple[int, ...]", tuple(counted))
    total(checked, error=error, code=code)
    return checked


def _plain_stack(stack: object) -> bool:
    return type(stack) is int and 1 <= stack <= MAX_CHIPS


def total(counts: tuple[int, ...], *, error: ErrorClass, code: str) -> int:
    """The chips of a table together, at most :data:`MAX_CHIPS`."""
    chips_in_play = sum(counts)
    if chips_in_play > MAX_CHIPS:
        raise error(
            code,
            f"the stacks hold {short(chips_in_play)} chips together; at most {MAX_CHIPS} "
            "can be in play",
            details={"total": short(chips_in_play)},
        )
    return chips_in_play


def shuffle_source(value: object, what: str) -> object:
    """A shuffle source: an object with a ``shuffle`` method. Raises
    ``ConfigError('invalid_shuffle')`` otherwise (before any card is dealt)."""
    try:
        method = getattr(value, "shuffle", None)
    except Exception:
        method = None
    if not callable(method):
        raise ConfigError(
            "invalid_shuffle",
            f"{what} must be a shuffle source (an object with a shuffle(cards) method), "
            f"got {short(value)}",
            rule="R-CARD-1",
            details={"input": short(value)},
        )
    return value


def as_index(value: object) -> int | None:
    """An ``int`` (never a ``bool``), or an object that stands for one by
    ``__index__`` (a NumPy integer; not a NumPy bool), as a plain int; else None."""
    number = as_int(value)
    if number is not None or isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return number
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except Exception:  # a foreign __index__ may raise anything
        return None
