"""The group commit and the group read on PostgreSQL, in the event loop.

Under load the server's event loop keeps a core busy, and a database thread
waits for the interpreter's lock each time it has read an answer: up to the
interpreter's switch interval (5 ms) a statement. The group commit's five
statements (BEGIN, the lock of the tables' writer rows, the entries, the
shuffles, COMMIT) had taken 8 ms at 100 tables where one process alone took 2.
Here both rounds run on psycopg's asyncio connections, in autocommit mode, in the
loop itself, and the commit is one statement (:data:`_APPEND`: the lock first,
then every table's rows from arrays), its own transaction. Measured with
``benchmarks/load.py`` (docs/performance.md).

Used by the group commit (group_commit.py) and the group read (group_read.py) when the
database is PostgreSQL through psycopg 3 (:func:`link_of`); any other database
takes :class:`~palace_poker.server.storage.store.Store`'s way, on a thread.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import Any, Final

from sqlalchemy.dialects.postgresql import psycopg as psycopg_dialect

from palace_poker.server.storage.store import (
    AFTER,
    After,
    Append,
    Store,
    parted,
    rows,
    token_statements,
)

#: The store's statements compiled for psycopg (its ``%(name)s`` parameters).
_DIALECT = psycopg_dialect.dialect()  # type: ignore[no-untyped-call]

_AFTER = AFTER.format(ids="%(ids)s", seqs="%(seqs)s", ns="%(ns)s")


#: The longest a round of the group commit or read may take, in seconds, and the
#: longest a new connection may take to open (libpq's ``connect_timeout``, unless
#: the database URL sets one). A database call never waits for ever: a connection
#: caught in a restart (a socket the server never answers) is given up, closed and
#: said as an outage, and the next round opens a new one.
ROUND_LIMIT: Final = 10.0
CONNECT_LIMIT: Final = 5


class DuplicateEntryError(Exception):
    """An entry's number was stored already: another writer came first."""


class Link:
    """One psycopg asyncio connection to the store's database, in autocommit mode:
    opened when first needed, and again after it failed (PostgreSQL restarted, say)."""

    def __init__(self, conninfo: dict[str, Any]) -> None:
        self.conninfo = conninfo
        self._connection: Any = None
        self._forgotten = False

    def forget(self) -> None:
        """The database was away and is back: a connection opened before is dead
        (a restarted server ended it), though nothing says so until it is used;
        the next use opens a new one instead of failing once more."""
        self._forgotten = True

    async def connection(self) -> Any:
        """The open connection (opened now if there is none)."""
        import psycopg  # noqa: PLC0415 - the cluster extra: links exist only with it

        if self._forgotten:
            self._forgotten = False
            with contextlib.suppress(Exception):  # (dead: closing it may fail too)
                await self.close()
        if self._connection is None or self._connection.closed:
            async with asyncio.timeout(ROUND_LIMIT):  # (beside libpq's own limit)
                self._connection = await psycopg.AsyncConnection.connect(
                    **self.conninfo, autocommit=True
                )
        return self._connection

    async def close(self) -> None:
        """Close the connection, if open."""
        if self._connection is not None:
            connection, self._connection = self._connection, None
            await connection.close()


def link_of(store: Store) -> Link | None:
    """A :class:`Link` to ``store``'s database when it is PostgreSQL through
    psycopg 3; None for any other (the rounds then use the store, on a thread)."""
    url = store.engine.url
    if url.get_backend_name() != "postgresql" or url.get_driver_name() != "psycopg":
        return None
    conninfo: dict[str, Any] = url.translate_connect_args(username="user", database="dbname")
    conninfo["connect_timeout"] = CONNECT_LIMIT
    conninfo.update(url.query)
    return Link(conninfo)


#: A group commit without seat tokens, as one statement: the writer rows locked
#: first (the inserts' rows come only after the lock's count, an InitPlan), then
#: the entries and the shuffles of every table, from arrays. In autocommit mode it
#: is its own transaction: committed, and flushed to disk, before it answers.
_APPEND = (
    "WITH locked AS (SELECT table_id FROM table_writers WHERE table_id = ANY(%(ids)s) "
    "ORDER BY table_id FOR UPDATE), "
    "fence AS (SELECT count(*) AS n FROM locked), "
    "e AS (INSERT INTO entries (table_id, seq, kind, at, data) "
    "SELECT u.* FROM unnest(CAST(%(et)s AS varchar[]), CAST(%(es)s AS integer[]), "
    "CAST(%(ek)s AS varchar[]), CAST(%(ea)s AS float8[]), CAST(%(ed)s AS text[])) AS u, fence "
    "WHERE fence.n >= 0 RETURNING 1), "
    "s AS (INSERT INTO shuffles (table_id, n, seq, cards) "
    "SELECT u.* FROM unnest(CAST(%(st)s AS varchar[]), CAST(%(sn)s AS integer[]), "
    "CAST(%(ss)s AS integer[]), CAST(%(sc)s AS text[])) AS u, fence "
    "WHERE fence.n >= 0 RETURNING 1) "
    "SELECT (SELECT count(*) FROM e), (SELECT count(*) FROM s)"
)


#: The statement's parameters: the columns of the entries' rows and the orders' rows.
_ENTRY_PARAMS = {"et": "table_id", "es": "seq", "ek": "kind", "ea": "at", "ed": "data"}
_ORDER_PARAMS = {"st": "table_id", "sn": "n", "ss": "seq", "sc": "cards"}


async def append(link: Link, writes: Sequence[Append]) -> None:
    """Write ``writes`` in one transaction; returns after the commit. Raises
    :class:`DuplicateEntryError` when another writer stored one of the entries
    first; any other failure closes the connection (the next round opens one)."""
    import psycopg  # noqa: PLC0415 - the cluster extra

    connection = await link.connection()
    entries, orders = rows(writes)  # (the store's rows, as the statement's columns)
    params: dict[str, list[Any]] = {
        name: [row[column] for row in table]
        for table, names in ((entries, _ENTRY_PARAMS), (orders, _ORDER_PARAMS))
        for name, column in names.items()
    }
    params["ids"] = sorted({w.table_id for w in writes})
    seating = any(w.token is not None or w.forget for w in writes)
    try:
        # (a change that seats or frees a player writes its tokens in the same
        # transaction; any other batch is the one statement, a transaction itself)
        async with (
            asyncio.timeout(ROUND_LIMIT),
            connection.cursor() as cursor,
            connection.transaction() if seating else contextlib.nullcontext(),
        ):
            await cursor.execute(_APPEND, params)
            if seating:
                await _tokens(cursor, writes)
    except psycopg.IntegrityError as err:
        raise DuplicateEntryError(str(err)) from err
    except BaseException:
        await link.close()
        raise


async def _tokens(cursor: Any, writes: Sequence[Append]) -> None:
    """The seat tokens of the changes: the store's own statements
    (:func:`~palace_poker.server.storage.store.token_statements`), compiled for psycopg."""
    for w in writes:
        for statement in token_statements(w):
            compiled = statement.compile(dialect=_DIALECT)
            await cursor.execute(str(compiled), compiled.params)


async def after(link: Link, asked: Sequence[tuple[str, int, int]]) -> dict[str, After]:
    """:meth:`Store.after_all <palace_poker.server.storage.store.Store.after_all>` in the
    loop: for each ``(table, seq, shuffles)``, the entries after ``seq``, the
    shuffles from number ``shuffles`` on, and the seats' tokens now."""
    if not asked:
        return {}
    connection = await link.connection()
    params = {
        "ids": [t for t, _, _ in asked],
        "seqs": [q for _, q, _ in asked],
        "ns": [n for _, _, n in asked],
    }
    try:
        async with asyncio.timeout(ROUND_LIMIT), connection.cursor() as cursor:
            await cursor.execute(_AFTER, params)
            rows = await cursor.fetchall()
    except BaseException:
        await link.close()
        raise
    return parted(asked, rows)


__all__ = ["DuplicateEntryError", "Link", "after", "append", "link_of"]
