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
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

from palace_poker.cards import Card, format_cards, parse_cards
from palace_poker.server.settings import TableSettings
from palace_poker.server.table import Entry

MIGRATIONS = Path(__file__).parent / "migrations"

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

    @classmethod
    def open(cls, url: str) -> Store:
        """Connect to ``url`` and apply the migrations the database lacks."""
        shared = url.startswith(("postgresql://", "postgresql+"))
        # Several processes: each table's lock holds a connection while its change is
        # made (and reads and writes take others), so the pool is larger than
        # SQLAlchemy's default of 5 (+10).
        options: dict[str, Any] = {"pool_size": 10, "max_overflow": 20, "pool_pre_ping": True}
        engine = sa.create_engine(url, **(options if shared else {}))
        if engine.dialect.name == "sqlite":
            sa.event.listen(engine, "connect", _sqlite_pragmas)
        store = cls(engine)
        store.migrate()
        return store

    def migrate(self) -> None:
        """Apply every Alembic migration not yet applied (``upgrade head``)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
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
        them if one fails."""
        with self.engine.begin() as db:
            for write in writes:
                _write(db, write)

    # ------------------------------------------------------------ several processes

    @property
    def shared(self) -> bool:
        """True for a database several server processes may share (PostgreSQL)."""
        return self.engine.dialect.name == "postgresql"

    def lock(self, table_id: str) -> Connection | None:
        """Wait for the table's writing lock (a PostgreSQL advisory lock, held by
        the returned connection until :meth:`unlock`); None where one process
        serves every table (SQLite), which needs no lock."""
        if not self.shared:
            return None
        connection = self.engine.connect()
        try:
            connection.execute(
                sa.text("SELECT pg_advisory_lock(:key)"), {"key": _lock_key(table_id)}
            )
            connection.commit()
        except BaseException:
            connection.close()
            raise
        return connection

    def unlock(self, connection: Connection | None, table_id: str) -> None:
        """Release what :meth:`lock` took."""
        if connection is None:
            return
        try:
            connection.execute(
                sa.text("SELECT pg_advisory_unlock(:key)"), {"key": _lock_key(table_id)}
            )
            connection.commit()
        finally:
            connection.close()

    def claim(self, table_id: str, owner: str, *, now: float, ttl: float) -> bool:
        """Take or renew the table's writer lease for ``ttl`` seconds: granted when
        nobody holds it, when ``owner`` does, or when its holder let it expire."""
        with self.engine.begin() as db:
            db.execute(
                sa.text(
                    "INSERT INTO table_writers (table_id, owner, expires_at) "
                    "VALUES (:table, :owner, :until) "
                    "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, "
                    "expires_at = excluded.expires_at "
                    "WHERE table_writers.owner = excluded.owner "
                    "OR table_writers.expires_at < :now"
                ),
                {"table": table_id, "owner": owner, "until": now + ttl, "now": now},
            )
            holder = db.execute(
                sa.select(WRITERS.c.owner).where(WRITERS.c.table_id == table_id)
            ).scalar()
        return bool(holder == owner)

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
        with self.engine.connect() as db:
            return list(
                db.execute(
                    sa.select(WRITERS.c.table_id).where(WRITERS.c.expires_at < now)
                ).scalars()
            )

    def last_seq(self, table_id: str) -> int:
        """The number of the table's last stored entry (0 for none)."""
        with self.engine.connect() as db:
            found = db.execute(
                sa.select(sa.func.max(ENTRIES.c.seq)).where(ENTRIES.c.table_id == table_id)
            ).scalar()
        return int(found or 0)

    def after(
        self, table_id: str, seq: int, shuffles: int
    ) -> tuple[
        list[tuple[int, str, float, dict[str, Any]]], list[tuple[Card, ...]], dict[int, str]
    ]:
        """What another process stored since: the entries after ``seq``, the
        shuffles after the first ``shuffles``, and every seat's token hash now."""
        with self.engine.connect() as db:
            entries = [
                (e.seq, e.kind, e.at, json.loads(e.data))
                for e in db.execute(
                    sa.select(ENTRIES)
                    .where((ENTRIES.c.table_id == table_id) & (ENTRIES.c.seq > seq))
                    .order_by(ENTRIES.c.seq)
                )
            ]
            orders = [
                tuple(parse_cards(s.cards))
                for s in db.execute(
                    sa.select(SHUFFLES)
                    .where((SHUFFLES.c.table_id == table_id) & (SHUFFLES.c.n >= shuffles))
                    .order_by(SHUFFLES.c.n)
                )
            ]
            tokens = {
                t.seat: t.token_hash
                for t in db.execute(
                    sa.select(SEAT_TOKENS).where(SEAT_TOKENS.c.table_id == table_id)
                )
            }
        return entries, orders, tokens

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


@dataclass(frozen=True)
class Append:
    """One command's change to one table, as :meth:`Store.append` writes it."""

    table_id: str
    entries: tuple[Entry, ...]
    shuffles: tuple[tuple[Card, ...], ...] = ()
    shuffles_before: int = 0
    token: tuple[int, str] | None = None
    forget: tuple[int, ...] = ()


def _write(db: Connection, write: Append) -> None:
    table_id = write.table_id
    rows = [
        {"table_id": table_id, "seq": e.seq, "kind": e.kind, "at": e.at, "data": _dump(e.data)}
        for e in write.entries
    ]
    first = rows[0]["seq"] if rows else 0
    orders = [
        {
            "table_id": table_id,
            "n": write.shuffles_before + i,
            "seq": first,
            "cards": format_cards(o),
        }
        for i, o in enumerate(write.shuffles)
    ]
    if rows:
        db.execute(ENTRIES.insert(), rows)
    if orders:
        db.execute(SHUFFLES.insert(), orders)
    token = write.token
    for seat in (*write.forget, *([] if token is None else [token[0]])):
        db.execute(
            SEAT_TOKENS.delete().where(
                (SEAT_TOKENS.c.table_id == table_id) & (SEAT_TOKENS.c.seat == seat)
            )
        )
    if token is not None:
        db.execute(
            SEAT_TOKENS.insert().values(table_id=table_id, seat=token[0], token_hash=token[1])
        )


def _lock_key(table_id: str) -> int:
    """The table's advisory lock number: 64 bits of the SHA-256 of its id."""
    return int.from_bytes(hashlib.sha256(table_id.encode("utf-8")).digest()[:8], "big", signed=True)


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


__all__ = ["Append", "Connection", "Store", "StoredTable", "default_url"]
