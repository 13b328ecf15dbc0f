"""The table server's database: an append-only log per table (SQLAlchemy 2).

Five tables, made and changed only by the Alembic migrations in ``migrations/``
(applied by :meth:`Store.open`): ``tables`` (id, settings), ``entries`` (each
table's numbered log entries: kind, time, public data), ``seat_tokens`` (the
SHA-256 of each seat's token, never the token; a seat's row goes when its
player leaves), ``shuffles`` (every order the table's source gave, never sent to
anyone) and ``table_secrets`` (the key of the table's fair shuffles, never sent
to anyone). Other rows are only ever added.

:meth:`Store.append` writes a command's entries, its new shuffles and a new
seat token in one transaction, and returns only after the commit: the server
tells nobody of an entry before it is durable. SQLite runs in WAL mode with
``synchronous=FULL``, so a commit survives a killed process and a power cut.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

from palace_poker.cards import Card, format_cards, parse_cards
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import Entry

MIGRATIONS = Path(__file__).parent.parent / "migrations"
#: The PostgreSQL advisory lock the migrations are applied under: a key of the
#: project's own (the first 8 bytes of SHA-256 of its name, as a signed bigint).
MIGRATION_LOCK = int.from_bytes(
    hashlib.sha256(b"palace-poker migrations").digest()[:8], "big", signed=True
)

_meta = sa.MetaData()
TABLES = sa.Table(
    "tables",
    _meta,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created_at", sa.Float),
    sa.Column("settings", sa.Text),
)
ENTRIES = sa.Table(
    "entries",
    _meta,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(32)),
    sa.Column("at", sa.Float),
    sa.Column("data", sa.Text),
)
SEAT_TOKENS = sa.Table(
    "seat_tokens",
    _meta,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("token_hash", sa.String(64)),
)
SECRETS = sa.Table(
    "table_secrets",
    _meta,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("secret", sa.String(64)),
)
WRITERS = sa.Table(
    "table_writers",
    _meta,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("owner", sa.String(64)),
    sa.Column("expires_at", sa.Float),
)
SHUFFLES = sa.Table(
    "shuffles",
    _meta,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seq", sa.Integer),
    sa.Column("cards", sa.Text),
)


#: What :meth:`Store.after` reads: entries, shuffles, the seats' token hashes.
After = tuple[list[tuple[int, str, float, dict[str, Any]]], list[tuple[Card, ...]], dict[int, str]]


class ConflictError(Exception):
    """A change numbered after entries another process has stored since: its
    table catches up with the log and tries again."""


log = logging.getLogger("palace_poker.server")

#: While the store is unreachable, a table tries it again after RETRY_FIRST
#: seconds, then after twice as long each time, up to RETRY_MOST seconds.
RETRY_FIRST, RETRY_MOST = 0.5, 5.0
#: While the store is unreachable, a change is tried on it at most once in
#: TRY_EVERY seconds (the others are refused at once, without trying).
TRY_EVERY = 0.5


def unreachable(err: BaseException) -> bool:
    """Whether ``err`` says the database cannot be reached or written just now
    (PostgreSQL stopped or restarting, the network down, SQLite's disk full or
    its file locked), as opposed to a conflict or a bug.

    >>> unreachable(sa.exc.OperationalError("INSERT", {}, OSError(28, "disk full")))
    True
    >>> unreachable(ConflictError("entries stored already")), unreachable(KeyError(1))
    (False, False)
    """
    if isinstance(err, ConflictError | sa.exc.IntegrityError):
        return False
    if isinstance(
        err,
        sa.exc.OperationalError
        | sa.exc.InterfaceError
        | sa.exc.DisconnectionError
        | sa.exc.TimeoutError
        | OSError,
    ):
        return True
    # psycopg's own errors (the group commit and read on PostgreSQL), by name:
    # psycopg is an optional library
    names = {kind.__name__ for kind in type(err).__mro__}
    return type(err).__module__.startswith("psycopg") and bool(
        names & {"OperationalError", "InterfaceError"}
    )


class Health:
    """Whether this process can use its store, said once in the log each way.

    The first failure opens an *outage*: one line says the store is unreachable
    (its error in a line, no traceback), and from then on nothing is retried more
    often than the tables' backed-off tries (:data:`RETRY_FIRST` to
    :data:`RETRY_MOST`) and a change every :data:`TRY_EVERY` seconds. The first
    write that succeeds (on PostgreSQL, also the hub's look at it every second: a
    full disk lets SQLite be read, so there only a write says it is back) closes
    it: one line says the store is back, and
    ``on_back(since)`` is called (the hub wakes every table, and each gives its
    clocks back the outage's time).

    The outage is dated from the last moment the store was known to work (a write
    stored, or on PostgreSQL the hub's look every second), not from the failure
    noticed: a turn clock that ran out unnoticed meanwhile is given back too.
    """

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        #: When the store last worked (while up) and, during an outage, its start.
        self.last_ok = clock()
        self.since: float | None = None
        self._tried = 0.0
        self.on_back: Callable[[float], None] | None = None
        self.on_down: Callable[[], None] | None = None

    @property
    def down(self) -> bool:
        """True during an outage."""
        return self.since is not None

    def alive(self) -> None:
        """The store answered (a read): while up, it is known to work until now."""
        if self.since is None:
            self.last_ok = self.clock()

    def worked(self) -> None:
        """A write was stored: the outage, if any, is over."""
        now = self.clock()
        self.last_ok = now
        since, self.since = self.since, None
        if since is not None:
            log.warning("storage is back after %.1f s: play resumes", now - since)
            if self.on_back is not None:
                self.on_back(since)

    def failed(self, err: BaseException) -> None:
        """The store could not be used: an outage begins (logged once)."""
        if self.since is not None:
            return
        self.since = self.last_ok
        self._tried = self.clock()
        said = str(err).strip().splitlines()[0][:200] if str(err).strip() else ""
        log.error(
            "storage is unreachable (%s: %s): changes are refused until it is back",
            type(err).__name__,
            said,
        )
        if self.on_down is not None:
            self.on_down()

    def may_try(self) -> bool:
        """Whether a change may be tried on the store now: always while it is up;
        during an outage at most once in :data:`TRY_EVERY` seconds."""
        if self.since is None:
            return True
        now = self.clock()
        if now - self._tried < TRY_EVERY:
            return False
        self._tried = now
        return True


@dataclass(frozen=True)
class StoredTable:
    """Everything stored of one table, to rebuild it from."""

    id: str
    settings: TableSettings
    entries: list[tuple[int, str, float, dict[str, Any]]]
    tokens: dict[int, str]
    shuffles: list[tuple[Card, ...]]
    #: The key of the table's fair shuffles (None for a table made before them).
    secret: bytes | None = None


def default_url() -> str:
    """The default database: ``palace-poker.sqlite3`` in the working folder."""
    return f"sqlite:///{Path('palace-poker.sqlite3').resolve()}"


class Store:
    """The log of every table, in one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        #: For work of one statement, which needs no transaction around it: on
        #: PostgreSQL it runs without BEGIN and ROLLBACK (one round trip, not
        #: three: the group read runs once for every few entries of a table).
        self.single: Engine = (
            engine.execution_options(isolation_level="AUTOCOMMIT")
            if engine.dialect.name == "postgresql"
            else engine
        )

    @classmethod
    def open(cls, url: str) -> Store:
        """Connect to ``url`` and apply the migrations the database lacks."""
        shared = url.startswith(("postgresql://", "postgresql+"))
        # Several processes: the group commit, the group read, the leases and the
        # tables being loaded each take a connection at once. No ping before each
        # use (a round trip a transaction): after PostgreSQL restarts, the first use
        # of an old connection fails (a change refused with storage_failed, or in a
        # batch written again change by change) and SQLAlchemy empties the pool.
        options: dict[str, Any] = {"pool_size": 10, "max_overflow": 20}
        engine = sa.create_engine(url, **(options if shared else {}))
        if engine.dialect.name == "sqlite":
            sa.event.listen(engine, "connect", _sqlite_pragmas)
        store = cls(engine)
        store.migrate()
        return store

    def migrate(self) -> None:
        """Apply every Alembic migration not yet applied (``upgrade head``), one
        process at a time.

        Processes started together on one database would otherwise all find it
        behind and make the same tables at once (the loser exits on a
        ``UniqueViolation``). So the upgrade runs in one transaction that first
        takes the database's migration lock: on PostgreSQL a transaction-level
        advisory lock (:data:`MIGRATION_LOCK`, released by the commit, or by the
        server if the process dies), on SQLite ``BEGIN IMMEDIATE`` (the file's
        write lock, waited for up to the driver's busy timeout). Whoever comes
        second reads the version after the first one's commit, and has nothing
        left to do."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            dialect = connection.dialect.name
            if dialect == "sqlite":  # (the driver itself begins none before DDL)
                connection.exec_driver_sql("BEGIN IMMEDIATE")
            elif dialect == "postgresql":
                connection.execute(
                    sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                )
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    # ------------------------------------------------------------ writing

    def create(self, table_id: str, settings: TableSettings, secret: bytes | None = None) -> None:
        """Store a new table's settings (and the key of its fair shuffles)."""
        with self.engine.begin() as db:
            db.execute(
                TABLES.insert().values(
                    id=table_id,
                    created_at=time.time(),
                    settings=json.dumps(settings.to_dict()),
                )
            )
            if secret is not None:
                db.execute(SECRETS.insert().values(table_id=table_id, secret=secret.hex()))

    def append(
        self,
        table_id: str,
        entries: Iterable[Entry],
        *,
        shuffles: Iterable[tuple[Card, ...]] = (),
        shuffles_before: int = 0,
        token: tuple[int, str] | None = None,
        forget: Iterable[int] = (),
    ) -> None:
        """Write a command's entries (and its shuffles, and a seat's token hash;
        the tokens of the seats in ``forget`` are deleted, their players gone) in
        one transaction; returns after the commit."""
        changes = (tuple(entries), tuple(shuffles), shuffles_before, token, tuple(forget))
        self.append_all([Append(table_id, *changes)])

    def append_all(self, writes: Sequence[Append]) -> None:
        """Write the changes of several tables in one transaction (a group commit:
        one flush to disk for all); returns after the commit, and writes none of
        them if one fails.

        Where processes share the database, the transaction first locks the
        tables' writer rows (in one order, so two processes never deadlock): one
        transaction at a time writes a table. An entry whose number is stored
        already (another process wrote the table since this one read it) raises
        :class:`ConflictError`: the log never forks.
        """
        try:
            with self.engine.begin() as db:
                if self.shared:
                    ids = sorted({w.table_id for w in writes})
                    db.execute(
                        sa.select(WRITERS.c.table_id)
                        .where(WRITERS.c.table_id.in_(ids))
                        .order_by(WRITERS.c.table_id)
                        .with_for_update()
                    )
                _write_all(db, writes)
        except sa.exc.IntegrityError as err:
            raise conflict(writes) from err

    # ------------------------------------------------------------ several processes

    @property
    def shared(self) -> bool:
        """True for a database several server processes may share (PostgreSQL)."""
        return self.engine.dialect.name == "postgresql"

    def claim(self, table_id: str, owner: str, *, now: float, ttl: float) -> bool:
        """Take or renew the table's writer lease for ``ttl`` seconds: granted when
        nobody holds it, when ``owner`` does, or when its holder let it expire."""
        return table_id in self.claim_all([table_id], owner, now=now, ttl=ttl)

    def claim_all(
        self, table_ids: Iterable[str], owner: str, *, now: float, ttl: float
    ) -> set[str]:
        """:meth:`claim` for several tables in one statement: the tables whose
        lease ``owner`` holds now."""
        ids = sorted(set(table_ids))
        if not ids:
            return set()
        rows = ", ".join(f"(:t{i}, :owner, :until)" for i in range(len(ids)))
        values: dict[str, Any] = {f"t{i}": t for i, t in enumerate(ids)}
        with self.single.begin() as db:  # (one statement: atomic by itself)
            taken = db.execute(
                sa.text(
                    f"INSERT INTO table_writers (table_id, owner, expires_at) VALUES {rows} "
                    "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, "
                    "expires_at = excluded.expires_at "
                    "WHERE table_writers.owner = excluded.owner "
                    "OR table_writers.expires_at < :now "
                    "RETURNING table_id"
                ),
                {**values, "owner": owner, "until": now + ttl, "now": now},
            )
            return {row[0] for row in taken}

    def release(self, table_id: str, owner: str) -> None:
        """Give up the table's writer lease (a game over needs no writer)."""
        with self.engine.begin() as db:
            db.execute(
                WRITERS.delete().where(
                    (WRITERS.c.table_id == table_id) & (WRITERS.c.owner == owner)
                )
            )

    def orphans(self, now: float) -> list[str]:
        """Tables whose writer let its lease expire (its process died, say)."""
        with self.single.connect() as db:
            return list(
                db.execute(
                    sa.select(WRITERS.c.table_id).where(WRITERS.c.expires_at < now)
                ).scalars()
            )

    def after(self, table_id: str, seq: int, shuffles: int) -> After:
        """What another process stored of a table since this one's ``seq``: the
        entries after it, the shuffles from number ``shuffles`` on, and the seats'
        tokens now."""
        return self.after_all([(table_id, seq, shuffles)])[table_id]

    def after_all(self, asked: Sequence[tuple[str, int, int]]) -> dict[str, After]:
        """:meth:`after` for several tables ``(table, seq, shuffles)`` at once, in
        three queries whatever their number (a group read)."""
        if not asked:
            return {}
        with self.single.connect() as db:
            return parted(asked, db.execute(*self._after_query(asked)))

    def _after_query(
        self, asked: Sequence[tuple[str, int, int]]
    ) -> tuple[sa.Executable, dict[str, Any]]:
        """The query of :meth:`after_all` and its parameters: one round trip, the
        three parts told apart by their first column. On PostgreSQL the tables come
        as arrays, so that the statement is the same whatever their number (parsed
        and planned once, not once a number of tables)."""
        if self.shared:
            return _AFTER_PG, {
                "ids": [t for t, _, _ in asked],
                "seqs": [q for _, q, _ in asked],
                "ns": [n for _, _, n in asked],
            }
        entries = sa.select(
            sa.literal_column("0").label("part"),
            ENTRIES.c.table_id,
            ENTRIES.c.seq.label("n"),
            ENTRIES.c.kind,
            ENTRIES.c.at,
            ENTRIES.c.data,
        ).where(sa.or_(*((ENTRIES.c.table_id == t) & (ENTRIES.c.seq > q) for t, q, _ in asked)))
        orders = sa.select(
            sa.literal_column("1"),
            SHUFFLES.c.table_id,
            SHUFFLES.c.n,
            sa.literal_column("''"),
            sa.literal_column("0.0"),
            SHUFFLES.c.cards,
        ).where(sa.or_(*((SHUFFLES.c.table_id == t) & (SHUFFLES.c.n >= n) for t, _, n in asked)))
        tokens = sa.select(
            sa.literal_column("2"),
            SEAT_TOKENS.c.table_id,
            SEAT_TOKENS.c.seat,
            sa.literal_column("''"),
            sa.literal_column("0.0"),
            SEAT_TOKENS.c.token_hash,
        ).where(SEAT_TOKENS.c.table_id.in_([t for t, _, _ in asked]))
        return sa.union_all(entries, orders, tokens).order_by("part", "table_id", "n"), {}

    def last_seqs(self, table_ids: Iterable[str]) -> dict[str, int]:
        """The number of each table's last stored entry (0 for none)."""
        ids = list(table_ids)
        seqs = dict.fromkeys(ids, 0)
        if ids:
            with self.single.connect() as db:
                for table_id, last in db.execute(
                    sa.select(ENTRIES.c.table_id, sa.func.max(ENTRIES.c.seq))
                    .where(ENTRIES.c.table_id.in_(ids))
                    .group_by(ENTRIES.c.table_id)
                ):
                    seqs[table_id] = int(last)
        return seqs

    # ------------------------------------------------------------ reading

    def table_ids(self) -> list[str]:
        """Every table's id, oldest first."""
        with self.engine.connect() as db:
            return [
                row.id for row in db.execute(sa.select(TABLES.c.id).order_by(TABLES.c.created_at))
            ]

    def load(self, table_id: str) -> StoredTable | None:
        """Everything stored of a table, or None when there is no such table."""
        with self.engine.connect() as db:
            row = db.execute(sa.select(TABLES).where(TABLES.c.id == table_id)).first()
            if row is None:
                return None
            entries = [
                (e.seq, e.kind, e.at, json.loads(e.data))
                for e in db.execute(
                    sa.select(ENTRIES).where(ENTRIES.c.table_id == table_id).order_by(ENTRIES.c.seq)
                )
            ]
            tokens = {
                t.seat: t.token_hash
                for t in db.execute(
                    sa.select(SEAT_TOKENS).where(SEAT_TOKENS.c.table_id == table_id)
                )
            }
            shuffles = [
                tuple(parse_cards(s.cards))
                for s in db.execute(
                    sa.select(SHUFFLES)
                    .where(SHUFFLES.c.table_id == table_id)
                    .order_by(SHUFFLES.c.n)
                )
            ]
            secret = db.execute(
                sa.select(SECRETS.c.secret).where(SECRETS.c.table_id == table_id)
            ).scalar()
        settings = TableSettings.from_dict(json.loads(row.settings))
        key = bytes.fromhex(secret) if secret is not None else None
        return StoredTable(table_id, settings, entries, tokens, shuffles, key)

    # ------------------------------------------------------------ keeping (docs/deploy.md)

    def activity(self, table_ids: Sequence[str] | None = None) -> list[TableActivity]:
        """What the operator's list and the retention read of every table (or of
        ``table_ids``), oldest first: one query, no table rebuilt."""
        per_table = (
            sa.select(
                ENTRIES.c.table_id,
                sa.func.max(ENTRIES.c.at).label("last_at"),
                sa.func.count().label("entries"),
                sa.func.max(sa.case((ENTRIES.c.kind == "game_over", 1), else_=0)).label("over"),
            )
            .group_by(ENTRIES.c.table_id)
            .subquery()
        )
        query = (
            sa.select(
                TABLES.c.id,
                TABLES.c.created_at,
                TABLES.c.settings,
                per_table.c.last_at,
                per_table.c.entries,
                per_table.c.over,
                WRITERS.c.expires_at,
            )
            .select_from(
                TABLES.outerjoin(per_table, per_table.c.table_id == TABLES.c.id).outerjoin(
                    WRITERS, WRITERS.c.table_id == TABLES.c.id
                )
            )
            .order_by(TABLES.c.created_at, TABLES.c.id)
        )
        if table_ids is not None:
            query = query.where(TABLES.c.id.in_(list(table_ids)))
        with self.single.connect() as db:
            return [_activity(row) for row in db.execute(query)]

    def prune(self, table_id: str, *, before: float, now: float) -> bool:
        """Delete every row of a table (its settings, entries, seat tokens, shuffles,
        secret and writer lease) in one transaction, if its last entry (its creation,
        when it has none) is older than ``before`` and no process holds its writer
        lease at ``now``; returns whether it was deleted.

        Both are checked again inside the transaction, the table's row locked
        first: a change being stored meanwhile (it takes a share lock on that row)
        is either seen, and the table kept, or refused after, never half-kept.
        """
        with self.engine.begin() as db:
            lock = sa.select(TABLES.c.created_at).where(TABLES.c.id == table_id)
            created = db.execute(lock.with_for_update() if self.shared else lock).scalar()
            if created is None:
                return False
            lease = db.execute(
                sa.select(WRITERS.c.expires_at).where(WRITERS.c.table_id == table_id)
            ).scalar()
            if lease is not None and lease >= now:
                return False
            last = db.execute(
                sa.select(sa.func.max(ENTRIES.c.at)).where(ENTRIES.c.table_id == table_id)
            ).scalar()
            if (created if last is None else last) >= before:
                return False
            for rows in (ENTRIES, SEAT_TOKENS, SHUFFLES, SECRETS, WRITERS):
                db.execute(rows.delete().where(rows.c.table_id == table_id))
            db.execute(TABLES.delete().where(TABLES.c.id == table_id))
        return True

    def ping(self) -> None:
        """One round trip to the database (the health check); raises when it is
        unreachable. A pooled connection found dead (the database restarted since
        it was opened) empties the pool and the question is asked once more, on a
        new connection: a restart that is over is not taken for an outage."""
        for last in (False, True):
            try:
                with self.single.connect() as db:
                    db.execute(sa.text("SELECT 1"))
                return
            except sa.exc.DBAPIError as err:
                if last or not err.connection_invalidated:
                    raise


@dataclass(frozen=True)
class TableActivity:
    """One table as the operator's list and the retention see it."""

    id: str
    name: str
    created_at: float
    #: The time of its last entry, or of its creation when it has none.
    last_at: float
    entries: int
    #: Its game is over (a ``game_over`` entry is stored).
    over: bool
    #: When the lease of its writer ends (None: no process holds it).
    lease_until: float | None


def _activity(row: Any) -> TableActivity:
    try:
        name = json.loads(row.settings).get("name")
    except (ValueError, AttributeError):
        name = None
    return TableActivity(
        id=row.id,
        name=name if isinstance(name, str) else "",
        created_at=float(row.created_at),
        last_at=float(row.created_at if row.last_at is None else row.last_at),
        entries=int(row.entries or 0),
        over=bool(row.over),
        lease_until=None if row.expires_at is None else float(row.expires_at),
    )


@dataclass(frozen=True)
class Append:
    """One command's change to one table, as :meth:`Store.append` writes it."""

    table_id: str
    entries: tuple[Entry, ...]
    shuffles: tuple[tuple[Card, ...], ...] = ()
    shuffles_before: int = 0
    token: tuple[int, str] | None = None
    forget: tuple[int, ...] = ()


#: The group read: what is stored after each table's last entry here, in one
#: statement whatever the number of tables (three arrays of one length), its three
#: parts told apart by their first column. The same SQL as Store.after_all's.
AFTER = (
    "SELECT 0 AS part, e.table_id, e.seq AS n, e.kind, e.at, e.data FROM entries e "
    "JOIN unnest(CAST({ids} AS varchar[]), CAST({seqs} AS integer[])) AS a(t, q) "
    "ON e.table_id = a.t AND e.seq > a.q "
    "UNION ALL SELECT 1, s.table_id, s.n, '', 0.0, s.cards FROM shuffles s "
    "JOIN unnest(CAST({ids} AS varchar[]), CAST({ns} AS integer[])) AS b(t, m) "
    "ON s.table_id = b.t AND s.n >= b.m "
    "UNION ALL SELECT 2, k.table_id, k.seat, '', 0.0, k.token_hash FROM seat_tokens k "
    "WHERE k.table_id = ANY(CAST({ids} AS varchar[])) "
    "ORDER BY part, table_id, n"
)
#: :meth:`Store.after_all` on PostgreSQL (the SQL of postgres.py's group read).
_AFTER_PG = sa.text(AFTER.format(ids=":ids", seqs=":seqs", ns=":ns"))


def rows(writes: Sequence[Append]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of every change: its entries, and its shuffles' orders (numbered
    after those stored before it, each under the change's first entry). Built here
    once for both paths that write them: the store's statements and, on psycopg,
    the group commit's one statement (postgres.py)."""
    entries: list[dict[str, Any]] = []
    orders: list[dict[str, Any]] = []
    for write in writes:
        table_id = write.table_id
        entries += (
            {"table_id": table_id, "seq": e.seq, "kind": e.kind, "at": e.at, "data": dump(e.data)}
            for e in write.entries
        )
        first = write.entries[0].seq if write.entries else 0
        orders += (
            {
                "table_id": table_id,
                "n": write.shuffles_before + i,
                "seq": first,
                "cards": format_cards(o),
            }
            for i, o in enumerate(write.shuffles)
        )
    return entries, orders


def _write_all(db: Connection, writes: Sequence[Append]) -> None:
    """The rows of every change, one statement a kind of row (not one a change):
    under load a statement is a round trip to the database, and a group commit
    of many tables is then as many round trips as one table's."""
    entries, orders = rows(writes)
    if entries:
        db.execute(ENTRIES.insert(), entries)
    if orders:
        db.execute(SHUFFLES.insert(), orders)
    for write in writes:
        _write_tokens(db, write)


def _write_tokens(db: Connection, write: Append) -> None:
    """A change's seat tokens, on the store's own connection."""
    for statement in token_statements(write):
        db.execute(statement)


def token_statements(write: Append) -> list[sa.Delete | sa.Insert]:
    """A change's seat-token statements: the rows of the seats it frees and of
    the one it seats go, then the seated one's new row (the SHA-256 of its token)
    is added. Run by the store and, compiled for psycopg, by postgres.py."""
    table_id, token = write.table_id, write.token
    seats = (*write.forget, *([] if token is None else [token[0]]))
    statements: list[sa.Delete | sa.Insert] = [
        SEAT_TOKENS.delete().where(
            (SEAT_TOKENS.c.table_id == table_id) & (SEAT_TOKENS.c.seat == seat)
        )
        for seat in seats
    ]
    if token is not None:
        statements.append(
            SEAT_TOKENS.insert().values(table_id=table_id, seat=token[0], token_hash=token[1])
        )
    return statements


def conflict(writes: Sequence[Append]) -> ConflictError:
    """The error of a group commit that found one of its entries stored already."""
    tables = ", ".join(sorted({w.table_id for w in writes}))
    return ConflictError(f"entries of {tables} stored already by another writer")


def parted(
    asked: Sequence[tuple[str, int, int]], rows: Iterable[Sequence[Any]]
) -> dict[str, After]:
    """The rows of the group read's query, each table given its own part."""
    found: dict[str, After] = {t: ([], [], {}) for t, _, _ in asked}
    for part, table_id, n, kind, at, text in rows:
        got = found[table_id]
        if part == 0:
            got[0].append((n, kind, float(at), json.loads(text)))
        elif part == 1:
            got[1].append(tuple(parse_cards(text)))
        else:
            got[2][n] = text
    return found


def dump(data: dict[str, Any]) -> str:
    """An entry's data as stored: JSON, compact, its keys in order."""
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


__all__ = [
    "AFTER",
    "RETRY_FIRST",
    "RETRY_MOST",
    "TRY_EVERY",
    "After",
    "Append",
    "ConflictError",
    "Connection",
    "Health",
    "Store",
    "StoredTable",
    "TableActivity",
    "conflict",
    "default_url",
    "dump",
    "parted",
    "token_statements",
    "unreachable",
]
