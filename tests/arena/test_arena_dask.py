"""The arena on a real Dask cluster (issue 4): a ``dask scheduler`` and two ``dask
worker`` processes from this environment, every one bound to 127.0.0.1 only.

The workers import palace_poker from the environment they run in (it is installed
there); nothing is shipped to them by hand. The results must equal the local
backend's for the same seed.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from palace_poker import Rules
from palace_poker.arena import ArenaConfig, Chunk, play_chunk, run_arena
from palace_poker.arena.journal import Journal
from palace_poker.cli import main
from palace_poker.lab.command import parse_variant
from palace_poker.lab.study import LabConfig, figures, run_study

pytest.importorskip("distributed")

DASK = Path(sys.executable).parent / "dask"
START_TIMEOUT = 30.0
HOST = "127.0.0.1"


@dataclass
class Cluster:
    address: str
    processes: list[subprocess.Popen[bytes]]
    logs: Path


def _start(command: list[str], log: Path, cwd: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        # A session of its own: the finalizer ends the process and its children
        # (a worker's nanny runs the worker in a child process) as one group.
        return subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, cwd=cwd, start_new_session=True
        )


def _stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in reversed(processes):  # the workers, then the scheduler
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    for process in reversed(processes):
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        with contextlib.suppress(ProcessLookupError):  # whatever is left of the group
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


def _address(path: Path, processes: list[subprocess.Popen[bytes]], logs: Path) -> str:
    """The scheduler's address, from its scheduler file once it is written."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        with contextlib.suppress(OSError, ValueError, KeyError):
            address = json.loads(path.read_text())["address"]
            if isinstance(address, str) and address.startswith(f"tcp://{HOST}:"):
                return address
        if time.monotonic() > deadline or any(p.poll() is not None for p in processes):
            text = "\n".join(f.read_text() for f in sorted(logs.glob("*.log")))
            raise RuntimeError(f"the Dask scheduler did not start:\n{text}")
        time.sleep(0.1)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    if not DASK.exists():
        pytest.skip(f"no dask executable at {DASK}")
    root = tmp_path_factory.mktemp("dask")
    scheduler_file = root / "scheduler.json"
    common = ["--host", HOST, "--dashboard-address", f"{HOST}:0"]
    processes: list[subprocess.Popen[bytes]] = []
    try:
        scheduler = [str(DASK), "scheduler", "--port", "0", "--scheduler-file", str(scheduler_file)]
        processes.append(_start([*scheduler, *common], root / "scheduler.log", root))
        address = _address(scheduler_file, processes, root)
        worker = [str(DASK), "worker", address, "--nworkers", "1", "--nthreads", "1"]
        for number in (1, 2):
            scratch = ["--local-directory", str(root / f"worker{number}")]
            processes.append(
                _start([*worker, *common, *scratch], root / f"worker{number}.log", root)
            )
        distributed: Any = importlib.import_module("distributed")
        with distributed.Client(address, timeout=START_TIMEOUT) as client:
            client.wait_for_workers(2, timeout=START_TIMEOUT)
        yield Cluster(address, processes, root)
    finally:
        _stop(processes)


def _listening(pid: int) -> set[str]:
    """The addresses the process and its children listen on (TCP)."""
    psutil: Any = importlib.import_module("psutil")
    process = psutil.Process(pid)
    hosts: set[str] = set()
    for proc in [process, *process.children(recursive=True)]:
        for conn in proc.net_connections(kind="tcp"):
            if conn.status == psutil.CONN_LISTEN:
                hosts.add(conn.laddr.ip)
    return hosts


def test_dask_cluster_gives_the_local_results(cluster: Cluster) -> None:
    config = ArenaConfig(
        ("random", "random", "random", "random"),
        hands=200,
        seed=7,
        rules=Rules.of(10, betting="no-limit"),
        stack=2000,
    )
    on_dask, local = io.StringIO(), io.StringIO()
    seen: list[int] = []
    remote = run_arena(
        config,
        backend="dask",
        scheduler=cluster.address,
        chunk_hands=20,
        records=on_dask,
        progress=seen.append,
    )
    here = run_arena(config, workers=1, records=local)
    summary = remote.summary()
    assert summary.pop("run")["backend"] == "dask"
    assert remote.workers == 2  # the cluster's worker threads
    assert sum(seen) == 200
    assert len(seen) == 10
    expected = here.summary()
    expected.pop("run")
    assert summary == expected
    assert on_dask.getvalue() == local.getvalue()
    # every process of the cluster listens on 127.0.0.1 only
    for process in cluster.processes:
        assert _listening(process.pid) == {HOST}, process.args


def test_dask_backend_from_the_command(
    cluster: Cluster, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["arena", "--seats", "random,random,random", "--hands", "60", "--seed", "2"]
    remote, local = tmp_path / "remote.json", tmp_path / "local.json"
    command = [*args, "--backend", "dask", "--scheduler", cluster.address]
    assert main([*command, "--summary", str(remote), "--quiet"]) == 0
    assert f"Dask cluster {cluster.address}" in capsys.readouterr().out
    assert main([*args, "--workers", "1", "--summary", str(local), "--quiet"]) == 0
    remote_summary, local_summary = json.loads(remote.read_text()), json.loads(local.read_text())
    assert remote_summary.pop("run")["backend"] == "dask"
    local_summary.pop("run")
    assert remote_summary == local_summary


def test_a_journal_begun_here_is_finished_on_the_cluster(cluster: Cluster, tmp_path: Path) -> None:
    # Half the match played locally into the journal, the rest on Dask: the whole
    # match's results, and the journal holds every chunk.
    config = ArenaConfig(("random", "heuristic", "random"), 60, 3, Rules.of(10), 2000)
    journal_path = tmp_path / "match.journal"
    begun = Journal.open(journal_path, config)
    for start in (0, 30):
        begun.add(play_chunk(Chunk(config, start, start + 15)))
    finished = run_arena(
        config,
        backend="dask",
        scheduler=cluster.address,
        chunk_hands=6,
        journal=Journal.open(journal_path, config),
    )
    assert finished.resumed == 30
    whole = run_arena(config, workers=1)
    summary, expected = finished.summary(), whole.summary()
    summary.pop("run")
    expected.pop("run")
    assert summary == expected
    assert sorted((r.start, r.stop) for r in Journal.open(journal_path, config).done) == [
        (0, 15), (15, 21), (21, 27), (27, 30), (30, 45), (45, 51), (51, 57), (57, 60)
    ]  # fmt: skip


def test_a_lab_study_on_the_cluster_gives_the_local_figures(cluster: Cluster) -> None:
    config = LabConfig(
        variants=(parse_variant("standard", 10), parse_variant("quick+entry=attacker", 10)),
        hands=16,
        players=3,
        bot="random",
        weak="random",
        strong="random",
    )
    seen: list[int] = []
    remote = run_study(config, scheduler=cluster.address, progress=seen.append)
    # each variant: self-play at 3 seats (16 hands rounded up to 18), four heads-up
    assert sum(seen) == 2 * (18 + 4 * 16)
    assert figures(config, remote) == figures(config, run_study(config, workers=1))
