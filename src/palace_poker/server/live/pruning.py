"""Retention in a running server: the expired tables pruned at start and daily.

With ``--retention-days`` (docs/deploy.md), the tables idle for longer are
exported (if asked) and deleted (:mod:`~palace_poker.server.storage.retention`),
their tasks stopped first; a table someone is connected to is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from pathlib import Path

from palace_poker.server.live.hub import Hub
from palace_poker.server.storage import retention

log = logging.getLogger("palace_poker.server")


def start_pruning(hub: Hub) -> asyncio.Task[None] | None:
    """With a retention set, the task that prunes the expired tables at start and
    then once a day; None without one."""
    if hub.config.retention_days is None:
        return None
    return asyncio.get_running_loop().create_task(_prune_daily(hub), name="prune")


async def stop_pruning(task: asyncio.Task[None] | None) -> None:
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _prune_daily(hub: Hub) -> None:
    """Prune the expired tables now, and again every day; a round that fails (the
    database is away) is logged in one line and tried again the next day."""
    while True:
        try:
            await _prune_once(hub)
        except Exception as err:  # the next round tries again
            log.warning("pruning the expired tables failed: %s", str(err).splitlines()[0])
        await asyncio.sleep(retention.DAY)


async def _prune_once(hub: Hub) -> retention.Pruned:
    """One round: the tables someone is connected to are kept whatever their age;
    the others that expired have their task stopped (they are idle: nothing is
    due) and their rows deleted (:func:`retention.prune`). A table kept after all
    (its export failed, or a change came) is loaded again; one loaded again
    meanwhile (its link opened) and deleted is dropped."""
    days = hub.config.retention_days
    assert days is not None
    now = time.time()
    busy = {t for t, r in hub.runners.items() if r.clients}
    due = await asyncio.to_thread(retention.due, hub.store, days=days, now=now, busy=busy)
    for table in due:
        runner = hub.runners.pop(table.id, None)
        if runner is not None:
            await runner.stop()
    folder = None if hub.config.export_dir is None else Path(hub.config.export_dir)
    done = await asyncio.to_thread(
        functools.partial(
            retention.prune, hub.store, days=days, now=now, export_dir=folder, busy=busy
        )
    )
    for table_id, why in done.kept:
        log.warning("kept the expired table %s: %s", table_id, why)
        if table_id not in hub.runners:
            hub._load(table_id, finished=False)  # (its task is started on this loop)
    for table in done.gone:
        runner = hub.runners.pop(table.id, None)
        if runner is not None:
            await runner.stop()
    if done.gone:
        log.warning(
            "pruned %d tables idle for more than %g days%s",
            len(done.gone),
            days,
            f" (exported to {folder})" if folder is not None else "",
        )
    return done
