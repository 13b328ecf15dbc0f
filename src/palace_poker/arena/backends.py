"""Where chunks are played: in this process, in local worker processes, or on a
Dask distributed cluster. Every backend calls ``done`` once per chunk as it
finishes (in any order) and the caller puts results back in index order.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from multiprocessing import resource_tracker
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any, Literal, TypeVar

from palace_poker.arena.play import Chunk, ChunkResult, play_chunk
from palace_poker.errors import ConfigError

Backend = Literal["local", "dask"]
BACKENDS: tuple[Backend, ...] = ("local", "dask")
Done = Callable[[ChunkResult], None]
#: A task's input and its result: the arena's chunks, or another caller's (the lab's).
T = TypeVar("T")
R = TypeVar("R")

#: Chunks handed to the local pool ahead of the results, per worker: enough to keep
#: every worker busy, few enough that waiting on them costs nothing.
IN_FLIGHT_PER_WORKER = 3
#: Seconds to wait for the Dask scheduler to answer.
CONNECT_TIMEOUT = 15
#: Seconds to wait for a terminated worker, then for the pool's manager thread.
TERMINATE_TIMEOUT = 5


def run_inline(chunks: Sequence[Chunk], done: Done) -> None:
    """Play every chunk in this process, in order (``--workers 1``)."""
    for chunk in chunks:
        done(play_chunk(chunk))


def run_local(chunks: Sequence[Chunk], workers: int, done: Done) -> None:
    """Play the chunks in ``workers`` new processes (:func:`run_tasks_local`)."""
    run_tasks_local(play_chunk, chunks, workers, done)


def run_tasks_local(
    task: Callable[[T], R], items: Sequence[T], workers: int, done: Callable[[R], None]
) -> None:
    """Run ``task`` on each item in ``workers`` new processes; ``done`` gets each
    result as it comes (in any order).

    They are forked from a fork server that has imported the task's module (fast to
    start, and they inherit no threads or open files of this process), or spawned
    where there is no fork server.
    """
    context: BaseContext
    if "forkserver" in multiprocessing.get_all_start_methods():
        server = multiprocessing.get_context("forkserver")
        server.set_forkserver_preload([task.__module__])
        context = server
    else:  # pragma: no cover - Windows
        context = multiprocessing.get_context("spawn")
    waiting = iter(items)
    in_flight = IN_FLIGHT_PER_WORKER * workers
    with _interrupt_flag() as interrupted:
        with _sigint_held():  # the fork server and the workers start immune to Ctrl-C
            pool = ProcessPoolExecutor(
                max_workers=workers, mp_context=context, initializer=_ignore_sigint
            )
            try:
                futures = {pool.submit(task, c) for c in itertools.islice(waiting, in_flight)}
            except BaseException:
                _terminate(pool)
                raise
        try:
            while futures:
                finished, futures = wait(futures, timeout=0.1, return_when=FIRST_COMPLETED)
                if interrupted.is_set():
                    raise KeyboardInterrupt
                for future in finished:
                    done(future.result())
                futures |= {pool.submit(task, c) for c in itertools.islice(waiting, len(finished))}
        except BaseException:  # an error or Ctrl-C: stop the workers, don't wait for them
            _terminate(pool)
            raise
    pool.shutdown()


@contextlib.contextmanager
def _interrupt_flag() -> Iterator[threading.Event]:
    """Turn Ctrl-C into a flag while the pool runs, so that KeyboardInterrupt is
    raised by the loop above and never inside the executor's own code (where it
    could leave a lock held and the process hanging at exit)."""
    flag = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield flag  # signals are handled by the main thread only
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous is not signal.default_int_handler:
        yield flag  # Ctrl-C is ignored or handled by someone else: leave it alone
        return
    signal.signal(signal.SIGINT, lambda _signum, _frame: flag.set())
    try:
        yield flag
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold Ctrl-C back while the fork server and the workers start.

    SIGINT is blocked (so one that comes now waits) and ignored (an ignored signal
    stays ignored in a new program, so the fork server, the resource tracker and
    the workers start immune and no start-up is cut half-way). Linux keeps a blocked
    signal pending even when ignored, so it reaches this process when this ends.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "pthread_sigmask"
    ):  # pragma: no cover - signals belong to the main thread; no masks on Windows
        yield
        return
    # The resource tracker's start unblocks SIGINT (bpo-33613): start it first.
    resource_tracker.ensure_running()
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _ignore_sigint() -> None:
    """In a worker: Ctrl-C is for the main process, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's processes now, dropping the chunks in play."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:  # pragma: no cover
        terminate()
        return
    processes: dict[int, BaseProcess] = getattr(pool, "_processes", None) or {}
    running = list(processes.values())  # shutdown() forgets them
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in running:
        process.terminate()
    # Let the pool's manager thread see its workers gone and finish: if the program
    # exits while it is still closing its wake-up pipe, Python 3.11's exit hook can
    # write to the closed pipe and print an "Exception ignored" traceback.
    for process in running:
        process.join(TERMINATE_TIMEOUT)
    if manager is not None:
        manager.join(TERMINATE_TIMEOUT)


def run_dask(make_chunks: Callable[[int], Sequence[Chunk]], scheduler: str, done: Done) -> int:
    """Play chunks as tasks on the Dask cluster at ``scheduler``
    (:func:`run_tasks_dask`)."""
    return run_tasks_dask(play_chunk, make_chunks, scheduler, done)


def run_tasks_dask(
    task: Callable[[T], R],
    make_items: Callable[[int], Sequence[T]],
    scheduler: str,
    done: Callable[[R], None],
) -> int:
    """Run ``task`` on each item as tasks on the Dask cluster at ``scheduler``;
    return the cluster's worker threads, given to ``make_items`` to size the items.

    The workers import :mod:`palace_poker` from their own environment, which must
    have the same version installed.
    """
    try:
        # Imported here, and only for this backend; typed as Any (Dask's API is untyped).
        distributed: Any = importlib.import_module("distributed")
    except ImportError as err:
        raise ConfigError(
            "backend_unavailable",
            "--backend dask needs Dask: install the extra palace-poker[dask]",
            details={"backend": "dask"},
        ) from err
    try:
        client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as err:
        raise ConfigError(
            "backend_unavailable",
            f"cannot reach the Dask scheduler at {scheduler!r}: {err}",
            details={"backend": "dask", "scheduler": scheduler},
        ) from err
    try:
        threads = max(1, int(sum(client.nthreads().values())))
        futures = client.map(task, make_items(threads), pure=False)
        try:
            for future in distributed.as_completed(futures):
                done(future.result())
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        client.close()
    return threads
