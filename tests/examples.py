"""How many examples a property test runs: its full count in CI, a share of it in a
quick local run (the Hypothesis profiles are in tests/conftest.py)."""

from __future__ import annotations

from hypothesis import settings

#: The examples of the ``ci`` profile, against which a test's own count is scaled.
FULL = 100


def examples(full: int) -> int:
    """``full`` under the ``ci`` profile; under another, the same share of ``full``
    as its ``max_examples`` is of the ``ci`` profile's (a tenth for ``quick``)."""
    loaded = settings.default
    assert loaded is not None, "tests/conftest.py loads a profile"
    return max(1, full * loaded.max_examples // FULL)
