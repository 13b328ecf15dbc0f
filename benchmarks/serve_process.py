"""A ``palace-poker serve`` child process on 127.0.0.1, for scripts that drive a
real server: started, awaited until it answers, stopped (the load benchmark and
the tests use it; nothing in the server itself does).

The readiness probe is the bots' list (``GET /api/bots``), read with the standard
library, so that a script needs nothing the server does not.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServeProcess:
    """``palace-poker serve`` in a child process on 127.0.0.1, its output appended
    to ``log``; with ``redis_url`` it is one of several processes
    (docs/deploy.md). Its port is ``port``, or one free now (the tests, which run
    beside each other, hand out ports of their own)."""

    def __init__(
        self,
        database_url: str,
        log: Path,
        *,
        redis_url: str | None = None,
        bot_pause: float = 0.0,
        between: float = 0.0,
        cwd: Path | None = None,
        port: int | None = None,
    ) -> None:
        self.database_url = database_url
        self.log = log
        self.redis_url = redis_url
        self.bot_pause = bot_pause
        self.between = between
        self.cwd = cwd
        self.port = free_port() if port is None else port
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        """The command line the child runs (this Python, this package)."""
        command = [
            sys.executable,
            "-m",
            "palace_poker",
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
            "--bot-pause",
            str(self.bot_pause),
            "--between-hands",
            str(self.between),
        ]
        if self.redis_url is not None:
            command += ["--redis-url", self.redis_url]
        return command

    def start(self, timeout: float = 30.0) -> ServeProcess:
        """Start the child and wait until it answers; a child that exits or stays
        silent for ``timeout`` seconds raises RuntimeError with its log's end."""
        with self.log.open("ab") as out:  # the child keeps its own copy of the file
            self.process = subprocess.Popen(
                self.command(), stdout=out, stderr=subprocess.STDOUT, cwd=self.cwd
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self._log_end()}")
            if self._answers():
                return self
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer: {self._log_end()}")

    def _answers(self) -> bool:
        with (
            contextlib.suppress(OSError, urllib.error.URLError),
            urllib.request.urlopen(f"{self.base}/api/bots", timeout=1) as answer,
        ):
            return bool(answer.status == 200)
        return False

    def _log_end(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self, wait: float = 10.0) -> None:
        """SIGTERM, and SIGKILL if the child has not ended after ``wait`` seconds."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(wait)
            except subprocess.TimeoutExpired:
                self.kill()
