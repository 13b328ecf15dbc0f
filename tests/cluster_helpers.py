"""PostgreSQL and Redis for the tests of several server processes (docs/deploy.md).

``PALACE_TEST_POSTGRES_URL`` names a PostgreSQL server the tests may create
databases in (``.ci/run`` starts one on 127.0.0.1 and sets it); each test gets a
database of its own, dropped afterwards. Redis servers are started by the tests
themselves (Debian's ``redis-server``, on a free port of 127.0.0.1), so that a test
can stop and restart one. Without ``PALACE_TEST_POSTGRES_URL`` (a developer's
machine without PostgreSQL) these tests skip; CI always sets it.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa

from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import Store
from paths import DOCS
from ports import free_port
from server_helpers import Address, ServerProcess

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


@contextmanager
def two_processes(
    folder: Path, *, between: float
) -> Iterator[tuple[ServerProcess, ServerProcess, RedisServer, str]]:
    """Two server processes on one fresh PostgreSQL database and one Redis (bots
    quick, ``between`` seconds between hands): the processes, the Redis and the
    database's URL, all stopped at the end."""
    redis = RedisServer().start()
    with fresh_database() as url:
        first, second = (
            ServerProcess(
                folder / f"{name}.db",
                bot_pause=0.05,
                between=between,
                database_url=url,
                redis_url=redis.url,
            ).start()
            for name in ("a", "b")
        )
        try:
            yield first, second, redis, url
        finally:
            first.stop()
            second.stop()
            redis.stop()


def listening(port: int, what: str, *, log: Path | None = None) -> None:
    """Wait (10 s at most) until something accepts connections on ``port``."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    said = f": {log.read_text()}" if log is not None and log.exists() else ""
    raise RuntimeError(f"{what} did not start{said}")


def stored_table(url: str, table: str) -> Table:
    """The table rebuilt from the database, every stored entry carried out again,
    having checked that each entry is stored once, in order."""
    store = Store.open(url)
    stored = store.load(table)
    store.close()
    assert stored is not None
    seqs = [seq for seq, *_ in stored.entries]
    assert seqs == list(range(1, len(seqs) + 1))  # each entry once, in order
    return Table.rebuild(stored.id, stored.settings, stored.entries, stored.shuffles, stored.secret)


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
        listening(self.port, "redis-server")
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None


class PrivatePostgres:
    """A PostgreSQL server of the test's own on 127.0.0.1 (stopped and started at
    will): Debian's binaries, a data folder made by ``initdb`` for the run, run as
    the ``postgres`` user (PostgreSQL refuses to run as root)."""

    def __init__(self) -> None:
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
        if not found:
            pytest.fail("PostgreSQL is not installed (apt-get install postgresql)")
        self.bin = found[-1].parent
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="palace-pg-"))
        self.data = self.folder / "data"
        self._as_postgres = [] if os.getuid() != 0 else ["runuser", "-u", "postgres", "--"]
        if self._as_postgres:
            shutil.chown(self.folder, "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "palace", "--no-sync")

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://palace@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [*self._as_postgres, str(self.bin / tool), *args],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def start(self) -> PrivatePostgres:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        log = str(self.folder / "server.log")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", log, "-w", "start")
        return self

    def stop(self) -> None:
        """A fast shutdown: open connections are cut, as a restart cuts them."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


DEPLOY = DOCS / "deploy.md"


def deploy_nginx_config() -> str:
    """The nginx configuration that docs/deploy.md shows (its ``upstream`` block
    and its ``server`` block), as the documentation has it."""
    text = DEPLOY.read_text(encoding="utf-8")
    found = re.search(r"```text\n(upstream palace \{.*?)```", text, re.DOTALL)
    assert found, "docs/deploy.md has no nginx example"
    return found.group(1)


class Nginx(Address):
    """Debian's nginx in front of server processes, with docs/deploy.md's
    configuration: its upstream servers are the test's, and it listens on a free
    port of 127.0.0.1 without TLS (the example's certificate lines dropped)."""

    def __init__(self, folder: Path, upstreams: list[int]) -> None:
        binary = shutil.which("nginx") or next(
            (b for b in ("/usr/sbin/nginx",) if Path(b).exists()), None
        )
        if binary is None:
            pytest.fail("nginx is not installed (apt-get install nginx)")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        config = deploy_nginx_config()
        lines = []
        for line in config.splitlines():
            if line.strip().startswith("server 127.0.0.1:"):
                continue  # the example's upstreams: the test's come instead
            if line.strip().startswith("ssl_certificate"):
                continue
            lines.append(line.replace("listen 443 ssl;", f"listen 127.0.0.1:{self.port};"))
            if line.startswith("upstream palace {"):
                options = re.search(r"server 127.0.0.1:\d+ (.*);", config)
                assert options is not None
                lines += [f"    server 127.0.0.1:{u} {options.group(1)};" for u in upstreams]
        self.config = "\n".join(lines)
        temp = {k: folder / k for k in ("client_body", "proxy")}
        (folder / "nginx.conf").write_text(
            "daemon off;\nmaster_process off;\nworker_processes 1;\n"
            f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
            "events { worker_connections 512; }\nhttp {\n"
            "    log_format upstream '$request_uri $upstream_addr $status';\n"
            f"    access_log {folder / 'access.log'} upstream;\n"
            + "".join(f"    {k}_temp_path {v};\n" for k, v in temp.items())
            + self.config
            + "\n}\n"
        )
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Nginx:
        self.process = subprocess.Popen(
            [
                self.binary,
                "-p",
                str(self.folder),
                "-c",
                str(self.folder / "nginx.conf"),
                "-e",
                str(self.folder / "error.log"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        listening(self.port, "nginx", log=self.folder / "error.log")
        return self

    def upstreams_used(self, prefix: str) -> set[str]:
        """The upstream servers that the requests starting with ``prefix`` reached
        (nginx writes a WebSocket's line when it closes)."""
        log = self.folder / "access.log"
        lines = log.read_text().splitlines() if log.exists() else []
        return {
            addr
            for line in lines
            if line.startswith(prefix)
            for addr in line.split(" ")[1].split(", ")
        }

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self.process = None
