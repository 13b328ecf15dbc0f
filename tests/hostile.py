"""Hostile objects for the tests of bad input, and the contract a refusal keeps.

``objects`` draws arbitrary values (odd numbers, odd text, objects whose every
method raises, sequences that never end, lists nested 20,000 deep); ``outcome`` and
``refused`` check that a call either answers or refuses with a known code, JSON
details and a bounded message, never another exception.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, NoReturn

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker import DECK, ERROR_CODES, PalaceError

# HOSTILE_EXAMPLES=2000 for a deeper run.
HOSTILE = settings(
    max_examples=int(os.environ.get("HOSTILE_EXAMPLES", examples(120))),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# ------------------------------------------------------------------ hostile objects


class BoomError(RuntimeError):
    """What a hostile object raises."""


def _boom(*_: object, **__: object) -> NoReturn:
    raise BoomError("hostile")


class Hostile:
    """An object whose every protocol method raises."""

    __repr__ = __str__ = __format__ = _boom
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _boom
    __index__ = __int__ = __float__ = __bool__ = __len__ = __iter__ = __getitem__ = _boom
    __contains__ = __call__ = _boom

    def __getattr__(self, name: str) -> NoReturn:
        # (Names of the underscore kind are left to Python: Hypothesis asks for
        # ``_repr_pretty_`` when it prints an example.)
        raise AttributeError(name) if name.startswith("_") else BoomError(name)


class HostileInt(int):
    """An int whose own methods raise: a check reads it as the int it holds."""

    __repr__ = __str__ = __format__ = _boom
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _boom
    __index__ = __int__ = __float__ = __bool__ = _boom


class HostileStr(str):
    """Text whose own methods raise."""

    __repr__ = __format__ = _boom
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _boom
    __len__ = __iter__ = __getitem__ = __contains__ = split = encode = _boom


class HostileList(list[Any]):
    """A list whose own methods raise."""

    __repr__ = __len__ = __iter__ = __getitem__ = __contains__ = __bool__ = _boom
    __eq__ = __ne__ = _boom


class HostileDict(dict[Any, Any]):
    """A dict whose own methods raise."""

    __repr__ = __len__ = __iter__ = __getitem__ = __contains__ = get = keys = items = _boom


class Huge:
    """A sequence that claims 2**62 items (and gives 1 for each): whatever reads it
    in full, or allocates by its length, never ends."""

    def __len__(self) -> int:
        return 2**62

    def __getitem__(self, index: int) -> int:
        return 1


def _failing() -> Any:
    """An iterator that fails after two items."""
    yield 1
    yield 2
    raise BoomError("mid-iteration")


def _deep(depth: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return top


DEEP = _deep(20_000)
LONG_DIGITS = "9" * 5000
HUGE = 10**5000

# Built, not sampled: Hypothesis writes out the values it samples from, and an integer
# of 5,000 digits cannot be written out (nor a list nested 20,000 deep).
special_ints = st.one_of(
    st.sampled_from([0, 1, 2, 3, 5, 9, 10, 11, 51, 52, -1, -52, 2**31, 2**53 - 1, 2**53, 2**63]),
    st.builds(lambda sign: sign * HUGE, st.sampled_from([1, -1])),
)
special_text = st.sampled_from(
    [
        "",
        " ",
        "0",
        "1",
        "As",
        "10d",
        "1 stay",
        "0 bet 1 20",
        "limit",
        "no-limit",
        LONG_DIGITS,
        "0 raise " + LONG_DIGITS,
        LONG_DIGITS + " stay",
        "\u2028",
        "Ann\u2029Bob",
        "\ud800",
        "x\udfff",
        "\x00\n\r\t",
        "é" * 300,
    ]
)
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    special_ints,
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1.0, 2.0, 10.0, float("nan"), float("inf"), -0.0]),
    st.text(max_size=12),
    special_text,
    st.binary(max_size=6),
    st.builds(Hostile),
    st.builds(Huge),
    st.builds(_failing),
    st.builds(HostileInt, st.integers(-2, 60)),
    st.builds(HostileStr, st.sampled_from(["As", "limit", "1 stay", "Ann", ""])),
    st.sampled_from(list(DECK[:3])),
    st.builds(lambda: DEEP),
)


def _containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(children, max_size=4),
        st.tuples(children, children),
        st.dictionaries(st.text(max_size=4), children, max_size=3),
        st.builds(HostileList, st.lists(children, max_size=3)),
        st.builds(HostileDict, st.dictionaries(st.text(max_size=4), children, max_size=2)),
    )


objects = st.recursive(leaves, _containers, max_leaves=8)


# ------------------------------------------------------------------ the contract


def outcome(call: Callable[[], object]) -> tuple[bool, object]:
    """``(True, result)``, or ``(False, error)`` for a refusal that keeps the contract:
    a PalaceError with a known code, JSON details and a bounded message. Any other
    exception fails the test."""
    error: PalaceError | None = None
    try:
        result = call()
    except PalaceError as err:
        error = err
    if error is None:
        return True, result
    assert error.code in ERROR_CODES, error.code
    json.dumps(error.to_dict())
    text = str(error)
    assert len(text) < 2_000, text[:200]
    text.encode("utf-8")  # printable as it is: no lone surrogate
    return False, error


def refused(call: Callable[[], object], code: str | None = None) -> PalaceError:
    """The call refuses (with ``code``, when given)."""
    ok, error = outcome(call)
    assert not ok, f"accepted: {error!r}"
    assert isinstance(error, PalaceError)
    if code is not None:
        assert error.code == code, (error.code, error.message)
    return error


def is_plain_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
