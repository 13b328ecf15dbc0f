"""Checks of values that come from outside: seats, counts, viewers.

Every public entry point reads its inputs as plain objects and checks them here
before using them, so that a ``bool`` is never taken for a seat or a count, a float
never for a number of chips, and anything else is refused with a
:class:`~palace_poker.errors.PalaceError` that names the input, never with a bare
``TypeError``. (The engine compiled by mypyc would otherwise coerce ``True`` to 1,
or raise a ``TypeError`` of its own, before a check of a typed parameter ran.)

>>> is_int(3), is_int(True), is_int(3.0)
(True, False, False)
>>> viewer_seat(None, 3), viewer_seat(2, 3)
(None, 2)
>>> viewer_seat(True, 3)
Traceback (most recent call last):
...
palace_poker.errors.IllegalActionError: [invalid_seat] no seat True to observe from: ...
"""

from __future__ import annotations

from palace_poker.errors import IllegalActionError


def is_int(value: object) -> bool:
    """True for an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def viewer_seat(viewer: object, n: int | None) -> int | None:
    """``viewer`` checked: a seat ``0..n-1`` (any seat when ``n`` is None), or None
    for a spectator. Raises ``IllegalActionError('invalid_seat')`` for anything else."""
    if viewer is None:
        return None
    if is_int(viewer):
        assert isinstance(viewer, int)
        if viewer >= 0 and (n is None or viewer < n):
            return viewer
    seats = "a seat number" if n is None else f"a seat 0..{n - 1}"
    raise IllegalActionError(
        "invalid_seat",
        f"no seat {_short(viewer)} to observe from: a viewer is {seats} or None (a spectator)",
        rule="R-INFO-1",
        details={"input": _short(viewer)},
    )


def _short(value: object, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters (an input may be huge), and never
    raising: a hostile object's ``__repr__`` may fail."""
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short(value: object, limit: int = 80) -> str:
    """A bounded, never-failing ``repr`` of an input, for error messages."""
    return _short(value, limit)
