"""The bot's tables: deliveries, installations, repos, jobs, prs, issue_comments, job_events, rate_limits.

SQLite through the standard library by default; PostgreSQL when DATABASE_URL says so (psycopg
must then be installed). The SQL is kept portable: `?` placeholders (rewritten to `%s` for
PostgreSQL), `INSERT ... ON CONFLICT`, `RETURNING`, text timestamps in UTC ISO 8601.
SQLite: one connection per thread and process, kept open (closing the last connection to a WAL
database checkpoints it, an fsync-heavy step that doubled the webhook's latency), WAL with
synchronous=NORMAL (a commit is not fsynced: the database stays consistent on power loss but may
lose the last transactions; GitHub shows such a delivery as failed, and it can be redelivered).
PostgreSQL: one short-lived connection per transaction. Any thread or process may use a `Database`.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from bot.private import private_dir, private_file

def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def _schema(serial: str) -> list[str]:
    return [
        """CREATE TABLE IF NOT EXISTS deliveries (
            id TEXT PRIMARY KEY,
            event TEXT NOT NULL,
            action TEXT,
            installation_id BIGINT,
            repo TEXT,
            received_at TEXT NOT NULL,
            outcome TEXT
        )""",
        """CREATE TABLE IF NOT EXISTS delivery_bodies (
            sha256 TEXT PRIMARY KEY,
            delivery_id TEXT NOT NULL,
            received_at TEXT NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS signin_failures (
            addr TEXT NOT NULL,
            at TEXT NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS signin_failures_addr ON signin_failures (addr, at)",
        """CREATE TABLE IF NOT EXISTS dashboard_sessions (
            id TEXT PRIMARY KEY,
            login TEXT NOT NULL,
            created_at TEXT NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS installations (
            id BIGINT PRIMARY KEY,
            account TEXT,
            target_type TEXT,
            suspended INTEGER NOT NULL DEFAULT 0,
            deleted INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS repos (
            full_name TEXT PRIMARY KEY,
            installation_id BIGINT NOT NULL,
            active INTEGER NOT NULL DEFAULT 1,
            added_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""",
        f"""CREATE TABLE IF NOT EXISTS jobs (
            id {serial},
            kind TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'queued',
            attempts INTEGER NOT NULL DEFAULT 0,
            delivery_id TEXT,
            installation_id BIGINT,
            repo TEXT,
            issue INTEGER,
            sender TEXT,
            params TEXT NOT NULL DEFAULT '{{}}',
            worker TEXT,
            cancel_requested INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            started_at TEXT,
            heartbeat_at TEXT,
            finished_at TEXT,
            cost REAL,
            result TEXT,
            error TEXT
        )""",
        "CREATE INDEX IF NOT EXISTS jobs_state ON jobs (state)",
        "CREATE INDEX IF NOT EXISTS jobs_issue ON jobs (repo, issue)",
        f"""CREATE TABLE IF NOT EXISTS job_events (
            id {serial},
            job_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            at TEXT NOT NULL,
            body TEXT NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS job_events_job ON job_events (job_id, id)",
        """CREATE TABLE IF NOT EXISTS rate_limits (
            installation_id BIGINT NOT NULL,
            resource TEXT NOT NULL,
            remaining INTEGER,
            lim INTEGER,
            reset_at BIGINT,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (installation_id, resource)
        )""",
        """CREATE TABLE IF NOT EXISTS prs (
            repo TEXT NOT NULL,
            issue INTEGER NOT NULL,
            number INTEGER,
            url TEXT,
            branch TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'open',
            merged INTEGER NOT NULL DEFAULT 0,
            job_id INTEGER,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (repo, issue)
        )""",
        """CREATE TABLE IF NOT EXISTS issue_comments (
            repo TEXT NOT NULL,
            issue INTEGER NOT NULL,
            kind TEXT NOT NULL,
            comment_id BIGINT NOT NULL,
            body TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (repo, issue, kind)
        )""",
    ]


class Tx:
    """One transaction: `execute`, `one`, `all` with `?` placeholders; rows are dicts."""

    def __init__(self, conn, postgres: bool):
        self.conn, self.postgres = conn, postgres
        self.cur = conn.cursor()

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def execute(self, sql: str, *params: Any) -> int:
        self.cur.execute(self._sql(sql), params)
        return self.cur.rowcount

    def _rows(self) -> list[dict]:
        if self.cur.description is None:
            return []
        names = [d[0] for d in self.cur.description]
        return [dict(zip(names, row)) for row in self.cur.fetchall()]

    def one(self, sql: str, *params: Any) -> dict | None:
        self.cur.execute(self._sql(sql), params)
        rows = self._rows()
        return rows[0] if rows else None

    def all(self, sql: str, *params: Any) -> list[dict]:
        self.cur.execute(self._sql(sql), params)
        return self._rows()


class Database:
    def __init__(self, url: str):
        self.url = url
        self.postgres = url.startswith(("postgres://", "postgresql://"))
        if not self.postgres:
            path = url.removeprefix("sqlite:///").removeprefix("sqlite://")
            self.path = path if path == ":memory:" else str(Path(path).expanduser())
            if self.path != ":memory:":
                private_dir(Path(self.path).parent)
                private_file(self.path)
        self._lock = threading.Lock()
        self._memory = None
        self._local = threading.local()
        self.create()

    def _connect(self):
        if self.postgres:
            import psycopg                          # optional dependency
            return psycopg.connect(self.url)
        if self.path == ":memory:":                 # tests: one shared connection
            if self._memory is None:
                self._memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
            return self._memory
        kept = getattr(self._local, "conn", None)
        if kept is not None and kept[0] == os.getpid():     # not one inherited through fork()
            return kept[1]
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=True)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=30000")
        self._local.conn = (os.getpid(), conn)
        return conn

    @contextmanager
    def tx(self) -> Iterator[Tx]:
        """A write transaction (SQLite: BEGIN IMMEDIATE, so read-then-write is not racy)."""
        memory = not self.postgres and self.path == ":memory:"
        if memory:
            self._lock.acquire()
        conn = self._connect()
        try:
            if not self.postgres:
                conn.execute("BEGIN IMMEDIATE")
            tx = Tx(conn, self.postgres)
            try:
                yield tx
            except BaseException:
                conn.rollback() if self.postgres else conn.execute("ROLLBACK")
                raise
            conn.commit() if self.postgres else conn.execute("COMMIT")
        finally:
            if memory:
                self._lock.release()
            elif self.postgres:
                conn.close()

    def one(self, sql: str, *params: Any) -> dict | None:
        with self.tx() as tx:
            return tx.one(sql, *params)

    def all(self, sql: str, *params: Any) -> list[dict]:
        with self.tx() as tx:
            return tx.all(sql, *params)

    def execute(self, sql: str, *params: Any) -> int:
        with self.tx() as tx:
            return tx.execute(sql, *params)

    def create(self) -> None:
        serial = "BIGSERIAL PRIMARY KEY" if self.postgres else "INTEGER PRIMARY KEY AUTOINCREMENT"
        with self.tx() as tx:
            for stmt in _schema(serial):
                tx.execute(stmt)
            self._add_columns(tx, "jobs", {"heartbeat_at": "TEXT"})

    def _add_columns(self, tx: Tx, table: str, columns: dict[str, str]) -> None:
        """Columns added since a database was created (CREATE TABLE IF NOT EXISTS leaves it as it was)."""
        if self.postgres:
            for name, kind in columns.items():
                tx.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {name} {kind}")
            return
        have = {row["name"] for row in tx.all(f"PRAGMA table_info({table})")}
        for name, kind in columns.items():
            if name not in have:
                tx.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")

    # -- deliveries ------------------------------------------------------------------------
    @staticmethod
    def record_delivery(tx: Tx, delivery: str, event: str, action: str | None,
                        installation_id: int | None, repo: str | None) -> bool:
        """True for a new delivery, False for a redelivery of one already recorded."""
        return tx.execute(
            "INSERT INTO deliveries (id, event, action, installation_id, repo, received_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
            delivery, event, action, installation_id, repo, now()) == 1

    @staticmethod
    def record_body(tx: Tx, body: bytes, delivery: str) -> bool:
        """True the first time this exact signed body is seen. The signature covers the body only, so a
        captured delivery could be replayed under fresh X-GitHub-Delivery ids; GitHub's own events
        differ in their timestamps and ids, so the same body twice is a replay (or a redelivery)."""
        digest = hashlib.sha256(body).hexdigest()
        return tx.execute("INSERT INTO delivery_bodies (sha256, delivery_id, received_at) VALUES (?, ?, ?) "
                          "ON CONFLICT (sha256) DO NOTHING", digest, delivery, now()) == 1

    # -- installations and repos -----------------------------------------------------------
    @staticmethod
    def upsert_installation(tx: Tx, inst_id: int, account: str | None, target_type: str | None) -> None:
        t = now()
        tx.execute("INSERT INTO installations (id, account, target_type, created_at, updated_at) "
                   "VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET account = excluded.account, "
                   "target_type = excluded.target_type, updated_at = excluded.updated_at",
                   inst_id, account, target_type, t, t)

    @staticmethod
    def set_repo(tx: Tx, inst_id: int, full_name: str, active: bool) -> None:
        t = now()
        tx.execute("INSERT INTO repos (full_name, installation_id, active, added_at, updated_at) "
                   "VALUES (?, ?, ?, ?, ?) ON CONFLICT (full_name) DO UPDATE SET "
                   "installation_id = excluded.installation_id, active = excluded.active, "
                   "updated_at = excluded.updated_at", full_name, inst_id, int(active), t, t)

    def installation(self, inst_id: int) -> dict | None:
        return self.one("SELECT * FROM installations WHERE id = ?", inst_id)

    # -- prs -------------------------------------------------------------------------------
    @staticmethod
    def upsert_pr(tx: Tx, repo: str, issue: int, number: int | None, url: str | None, branch: str,
                  job_id: int | None) -> bool:
        """Record the PR of an issue; True when it is new (one row per (repo, issue), ever)."""
        t = now()
        existing = tx.one("SELECT number FROM prs WHERE repo = ? AND issue = ?", repo, issue)
        tx.execute("INSERT INTO prs (repo, issue, number, url, branch, state, job_id, created_at, updated_at) "
                   "VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?) ON CONFLICT (repo, issue) DO UPDATE SET "
                   "number = COALESCE(excluded.number, prs.number), url = COALESCE(excluded.url, prs.url), "
                   "branch = excluded.branch, state = 'open', merged = 0, job_id = excluded.job_id, "
                   "updated_at = excluded.updated_at",
                   repo, issue, number, url, branch, job_id, t, t)
        return existing is None

    def pr_for_issue(self, repo: str, issue: int) -> dict | None:
        return self.one("SELECT * FROM prs WHERE repo = ? AND issue = ?", repo, issue)

    def pr_by_number(self, repo: str, number: int) -> dict | None:
        return self.one("SELECT * FROM prs WHERE repo = ? AND number = ?", repo, number)

    def prs_opened_since(self, repo: str, since: str) -> list[dict]:
        return self.all("SELECT * FROM prs WHERE repo = ? AND created_at >= ? ORDER BY created_at", repo, since)

    # -- the bot's own comments on an issue (bot/conversation: "status", "question") ------------
    def issue_comment(self, repo: str, issue: int, kind: str) -> dict | None:
        return self.one("SELECT comment_id, body FROM issue_comments WHERE repo = ? AND issue = ? AND kind = ?",
                        repo, issue, kind)

    def set_issue_comment(self, repo: str, issue: int, kind: str, comment_id: int, body: str) -> None:
        self.execute("INSERT INTO issue_comments (repo, issue, kind, comment_id, body, updated_at) "
                     "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (repo, issue, kind) DO UPDATE SET "
                     "comment_id = excluded.comment_id, body = excluded.body, updated_at = excluded.updated_at",
                     repo, issue, kind, comment_id, body, now())

    # -- job events (progress messages, dry-run writes) and GitHub rate limits -------------------
    def add_job_event(self, job_id: int, kind: str, body: str) -> None:
        """`kind` is "progress" (a pipeline message), "dry_run" (a GitHub write not sent, as JSON) or
        "failure" (an error's own text, which never goes to GitHub: bot/conversation/failures.py)."""
        self.execute("INSERT INTO job_events (job_id, kind, at, body) VALUES (?, ?, ?, ?)", job_id, kind, now(), body)

    def job_events(self, job_id: int, kind: str, after: int = 0) -> list[dict]:
        return self.all("SELECT id, at, body FROM job_events WHERE job_id = ? AND kind = ? AND id > ? ORDER BY id",
                        job_id, kind, after)

    def record_rate_limit(self, installation_id: int, resource: str, remaining: int, limit: int | None,
                          reset_at: int | None) -> None:
        self.execute("INSERT INTO rate_limits (installation_id, resource, remaining, lim, reset_at, updated_at) "
                     "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (installation_id, resource) DO UPDATE SET "
                     "remaining = excluded.remaining, lim = excluded.lim, reset_at = excluded.reset_at, "
                     "updated_at = excluded.updated_at", installation_id, resource, remaining, limit, reset_at, now())


def dumps(value: Any) -> str:
    return json.dumps(value, default=str, sort_keys=True)


def loads(text: str | None) -> Any:
    return json.loads(text) if text else None
