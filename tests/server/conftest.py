"""Fixtures shared by the server's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cluster_helpers import PrivatePostgres


@pytest.fixture
def database() -> Iterator[PrivatePostgres]:
    """A PostgreSQL server of the test's own, to stop and start at will (an outage,
    a restart), removed at the end."""
    postgres = PrivatePostgres().start()
    try:
        yield postgres
    finally:
        postgres.remove()
