"""Ports for the servers the tests start, free of races between test processes.

Asking the system for a free port (binding port 0) and handing it to a server that
binds it a second later leaves a window in which another test process, run beside
this one (``pytest -n``), may be handed the same port. Here each test process takes
ports from a range of its own, below the range the system hands out for outgoing
connections (32768 and up on Linux), and never hands the same port out twice: the
only other claimant is a program of the machine's that already listens, and a port
in use is passed over.
"""

from __future__ import annotations

import os
import random
import socket

#: Ports per test process; the process without workers takes the first range.
RANGE = 4000
FIRST = 12000
#: The most test processes (workers) that get ranges of their own below 32768.
MOST_WORKERS = (32768 - FIRST) // RANGE - 1

_handed: set[int] = set()
# Not the module ``random`` itself: the random order's plugin seeds it before every
# test, which would hand out the same sequence of ports to every test.
_choice = random.Random(os.urandom(16))


def _range() -> range:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", ... under -n
    index = int(worker[2:]) + 1 if worker.startswith("gw") else 0
    if index > MOST_WORKERS:
        raise RuntimeError(f"at most {MOST_WORKERS} test workers have ports of their own")
    start = FIRST + index * RANGE
    return range(start, start + RANGE)


def _bindable(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A port of 127.0.0.1 in this test process's range that nothing listens on and
    that this process has not handed out before."""
    ports = _range()
    for _ in range(len(ports)):
        port = _choice.choice(ports)
        if port not in _handed and _bindable(port):
            _handed.add(port)
            return port
    raise RuntimeError(f"no free port left in {ports.start}-{ports.stop - 1}")
