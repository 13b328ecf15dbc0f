"""Building named tuples fast: the one helper written for the engine's speed.

Events, options, views and battles are named tuples (immutable, small, cheap to
compare). A named tuple's own constructor is a Python function, a frame a call, and
``tuple.__new__(kind, fields)`` builds the fields' tuple, parses its arguments and
copies the items into a new instance (about 800 instructions each, measured with
callgrind in the compiled engine); the engine builds several a decision. :func:`record`
builds one directly: the C extension's ``record`` (in ``_evalc.c``, about 150
instructions with the call), or ``tuple.__new__`` where the extension is missing or
``PALACE_POKER_PURE`` asks for pure Python. Both give the same value.

>>> from palace_poker.events import Stayed
>>> record(Stayed, 3)
Stayed(seat=3)
>>> record(Stayed, 3) == Stayed(3)
True
"""

from __future__ import annotations

import os
from typing import Final, Protocol, TypeVar

T = TypeVar("T")


class _Record(Protocol):
    def __call__(self, kind: type[T], /, *fields: object) -> T: ...


def _record_python(kind: type[T], /, *fields: object) -> T:
    made: T = tuple.__new__(kind, fields)  # type: ignore[type-var]
    return made


def _load() -> _Record:
    if os.environ.get("PALACE_POKER_PURE", "0") not in {"", "0"}:
        return _record_python
    try:
        from palace_poker._evalc import record as compiled  # noqa: PLC0415
    except ImportError:
        return _record_python
    built: _Record = compiled  # type: ignore[assignment]  # typed object -> object in C
    return built


#: ``record(kind, *fields)``: the named tuple ``kind`` holding ``fields`` in order.
record: Final[_Record] = _load()
