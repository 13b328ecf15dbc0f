"""The engine's public entry points are typed as what they accept, so that mypy and an
editor help a caller (docs/performance.md, *Entry points typed without a check at
the call*): no parameter a caller sees is ``object``. Behind an overloaded method the
implementation takes ``object`` and checks its arguments itself; the hostile-input
tests hold those checks, against the compiled wheel too."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import Any

import pytest

from palace_poker import fair_proof, fair_seed, fair_shuffle, wire
from palace_poker.hand import Hand

#: The modules and classes whose public callables a caller meets.
_PUBLIC: tuple[Any, ...] = (Hand, wire, fair_proof, fair_seed, fair_shuffle)
#: Checks whose job is to take any value and say whether it is one of theirs: for
#: them ``object`` is what they accept.
_CHECKS_OF_ANY_VALUE = {
    "palace_poker.wire.from_wire": "any JSON value, as it comes back from the network",
    "palace_poker.fair_seed.as_key": "any value, said to be a key (32 bytes) or not",
    "palace_poker.fair_shuffle.distinct_cards": "any value, said to be distinct cards or not",
    "palace_poker.fair_shuffle.shuffle_number": "any value, said to be a shuffle's number or not",
}


def _signatures(func: Callable[..., Any]) -> list[inspect.Signature]:
    """What a caller sees of ``func``: its overloads' signatures, or its own."""
    overloads = [getattr(f, "__func__", f) for f in typing.get_overloads(func)]
    return [inspect.signature(f) for f in overloads or [func]]


def _public_callables() -> list[tuple[str, Callable[..., Any]]]:
    found: list[tuple[str, Callable[..., Any]]] = []
    for owner in _PUBLIC:
        for name, value in vars(owner).items():
            func = value.__func__ if isinstance(value, classmethod | staticmethod) else value
            if name.startswith("_") or not inspect.isfunction(func):
                continue
            if getattr(func, "__module__", None) != getattr(owner, "__module__", owner.__name__):
                continue  # (imported from elsewhere)
            found.append((f"{getattr(owner, '__name__', owner)}.{name}", func))
    return found


@pytest.mark.parametrize(
    ("name", "func"), [pytest.param(n, f, id=n) for n, f in _public_callables()]
)
def test_no_parameter_of_a_public_entry_point_is_typed_object(
    name: str, func: Callable[..., Any]
) -> None:
    if name in _CHECKS_OF_ANY_VALUE:
        return
    for signature in _signatures(func):
        loose = [p.name for p in signature.parameters.values() if p.annotation == "object"]
        assert not loose, f"{name}: {loose} typed object"


def test_the_hand_s_entry_points_are_found() -> None:
    names = {name for name, _ in _public_callables()}
    assert {"Hand.apply", "Hand.verify", "Hand.deal", "Hand.observe", "Hand.copy"} <= names
