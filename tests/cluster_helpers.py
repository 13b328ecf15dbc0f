"""PostgreSQL and Redis for the tests of several server processes (docs/deploy.md).

``PALACE_TEST_POSTGRES_URL`` names a PostgreSQL server the tests may create
databases in (``.ci/run`` starts one on 127.0.0.1 and sets it); each test gets a
database of its own, dropped afterwards. Redis servers are started by the tests
themselves (Debian's ``redis-server``, on a free port of 127.0.0.1), so that a test
can stop and restart one. Without ``PALACE_TEST_POSTGRES_URL`` (a developer's
machine without PostgreSQL) these tests skip; CI always sets it.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import sqlalchemy as sa

from server_helpers import free_port

POSTGRES = os.environ.get("PALACE_TEST_POSTGRES_URL")
needs_postgres = pytest.mark.skipif(
    POSTGRES is None, reason="no PostgreSQL configured (PALACE_TEST_POSTGRES_URL; CI sets it)"
)


@contextmanager
def fresh_database() -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped at the end."""
    assert POSTGRES is not None
    name = f"palace_test_{secrets.token_hex(6)}"
    admin = sa.create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        db.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = sa.make_url(POSTGRES).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        with admin.connect() as db:
            db.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


class RedisServer:
    """A redis-server of the test's own on 127.0.0.1 (stopped and started at will)."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed (apt-get install redis-server)")
        self.binary = binary
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.process = subprocess.Popen(
            [
                self.binary,
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                import socket  # noqa: PLC0415

                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None
