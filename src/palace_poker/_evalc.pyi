"""Type stub of the compiled evaluator (``_evalc.c``); see :mod:`palace_poker.evaluator`."""

from collections.abc import Iterable
from typing import Protocol

class _Evaluate(Protocol):
    def __call__(self, cards: Iterable[int], excluded_suit: int | None = None) -> int: ...

def make_evaluate(doc: str, module_name: str, /) -> _Evaluate: ...

# The arrays are any objects with the buffer protocol (C-contiguous uint8 cards of
# two dimensions, uint8 suits and int32 out of one); NumPy's stubs give ndarray no
# buffer type before Python 3.12, so they are typed as object.
def evaluate_into(cards: object, excluded: object, out: object, /) -> None: ...
def record(kind: type, /, *fields: object) -> object: ...
