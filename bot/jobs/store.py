"""Jobs: the row in the `jobs` table is the source of truth; the queue only carries its id.

States: queued -> running -> done | failed | cancelled. A fix asked for while an equivalent one is
queued or running is a job too, with `params["busy"]` naming that one: it only answers "already
running (job N)", and waits for no slot of its installation. A running job is leased: its worker
renews `heartbeat_at` every few seconds (`heartbeat`), and a job whose lease ran out (worker
killed, machine gone; settings.JOB_LEASE_SECONDS) or whose worker on this host is dead is put
back to queued by `sweep` (worker start-up) or `reclaim_expired` (any live worker, every few
seconds); after MAX_ATTEMPTS it fails for good.
Also here: the log context (delivery id, repo, job id) every log line carries.
"""
from __future__ import annotations

import contextvars
import logging
import os
import socket
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Iterator

from bot.db import Database, Tx, dumps, loads, now

KINDS = ("triage", "fix", "explain", "test", "revise", "cleanup", "cancel", "help", "backlog", "ci")
PIPELINE_KINDS = ("fix", "explain", "test", "revise")       # the expensive ones, limited per installation
STATES = ("queued", "running", "done", "failed", "cancelled")
ACTIVE = ("queued", "running")
MAX_ATTEMPTS = 3

log = logging.getLogger(__name__)


@dataclass
class Job:
    id: int
    kind: str
    state: str
    attempts: int
    installation_id: int | None
    repo: str | None
    issue: int | None
    sender: str | None = None
    delivery_id: str | None = None
    params: dict = field(default_factory=dict)
    worker: str | None = None
    cancel_requested: bool = False
    created_at: str | None = None
    started_at: str | None = None
    heartbeat_at: str | None = None
    finished_at: str | None = None
    cost: float | None = None
    result: Any = None
    error: str | None = None

    @classmethod
    def from_row(cls, row: dict) -> "Job":
        row = dict(row)
        row["params"] = loads(row.get("params")) or {}
        row["result"] = loads(row.get("result"))
        row["cancel_requested"] = bool(row.get("cancel_requested"))
        return cls(**row)


def active_job(tx: Tx, kind: str, repo: str | None, issue: int | None, params: dict | None = None) -> int | None:
    """The id of a queued or running job equivalent to this one, or None.

    Equivalent: the same issue and kind, and for the PR-making kinds (fix, revise) any active
    fix or revise of that issue, so the same fix triggered twice runs (and publishes) once. A job
    that only answers "already running" (params `busy`) is never one."""
    if not repo or issue is None:
        return None
    kinds = ("fix", "revise") if kind in ("fix", "revise") else (kind,)
    marks = ", ".join("?" for _ in kinds)
    by_params = kind in ("test", "help")
    same = tx.one(f"SELECT id FROM jobs WHERE repo = ? AND issue = ? AND kind IN ({marks}) "
                  "AND state IN ('queued', 'running') AND cancel_requested = 0 AND params NOT LIKE '%\"busy\": %' "
                  + ("AND params = ? " if by_params else "") + "ORDER BY id LIMIT 1",
                  repo, issue, *kinds, *((dumps(params or {}),) if by_params else ()))
    return int(same["id"]) if same else None


def create_job(tx: Tx, kind: str, *, installation_id: int | None, repo: str | None, issue: int | None,
               sender: str | None = None, delivery_id: str | None = None, params: dict | None = None,
               dedupe: bool = True) -> int | None:
    """Insert a queued job; None when an equivalent one is already queued or running (`dedupe`,
    see `active_job`)."""
    assert kind in KINDS, kind
    if dedupe:
        same = active_job(tx, kind, repo, issue, params)
        if same is not None:
            log.info("%s job for %s#%s already active as job %s: not queued again", kind, repo, issue, same)
            return None
    row = tx.one("INSERT INTO jobs (kind, state, installation_id, repo, issue, sender, delivery_id, params, "
                 "created_at) VALUES (?, 'queued', ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                 kind, installation_id, repo, issue, sender, delivery_id, dumps(params or {}), now())
    return int(row["id"])


def get_job(db: Database, job_id: int) -> Job | None:
    row = db.one("SELECT * FROM jobs WHERE id = ?", job_id)
    return Job.from_row(row) if row else None


def worker_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def claim(db: Database, job_id: int, max_per_installation: int) -> tuple[Job | None, str]:
    """queued -> running, atomically. Returns (job, "") or (None, why): "gone", "not queued", "limit"."""
    with db.tx() as tx:
        row = tx.one("SELECT * FROM jobs WHERE id = ?", job_id)
        if row is None:
            return None, "gone"
        if row["state"] != "queued":
            return None, "not queued"
        answers_only = bool((loads(row["params"]) or {}).get("busy"))     # "already running": no pipeline
        if row["kind"] in PIPELINE_KINDS and row["installation_id"] is not None and not answers_only:
            busy = tx.one("SELECT COUNT(*) AS n FROM jobs WHERE installation_id = ? AND state = 'running' "
                          "AND params NOT LIKE '%\"busy\": %' "
                          f"AND kind IN ({', '.join('?' for _ in PIPELINE_KINDS)})",
                          row["installation_id"], *PIPELINE_KINDS)["n"]
            if busy >= max_per_installation:
                return None, "limit"
        t = now()
        n = tx.execute("UPDATE jobs SET state = 'running', attempts = attempts + 1, started_at = ?, worker = ?, "
                       "heartbeat_at = ?, finished_at = NULL WHERE id = ? AND state = 'queued'",
                       t, worker_id(), t, job_id)
        if n != 1:
            return None, "not queued"
        return Job.from_row(tx.one("SELECT * FROM jobs WHERE id = ?", job_id)), ""


def finish(db: Database, job_id: int, state: str, *, result: Any = None, error: str | None = None,
           cost: float | None = None) -> None:
    assert state in ("done", "failed", "cancelled"), state
    db.execute("UPDATE jobs SET state = ?, finished_at = ?, result = COALESCE(?, result), error = ?, "
               "cost = COALESCE(?, cost) "
               "WHERE id = ?", state, now(), dumps(result) if result is not None else None, error, cost, job_id)


def requeue(db: Database, job_id: int, keep_attempt: bool = False) -> None:
    """running -> queued: the attempt is given back (a limit was met after the claim), or kept
    (`keep_attempt`: the run failed for a reason outside the job, e.g. its sandbox died)."""
    db.execute("UPDATE jobs SET state = 'queued', attempts = attempts - ?, worker = NULL, heartbeat_at = NULL "
               "WHERE id = ? AND state = 'running'", 0 if keep_attempt else 1, job_id)


def cancel_issue_jobs(db: Database, repo: str, issue: int, except_id: int | None = None) -> dict:
    """Cancel queued jobs of an issue and ask running ones to stop. Returns the ids touched."""
    with db.tx() as tx:
        queued = [r["id"] for r in tx.all(
            "SELECT id FROM jobs WHERE repo = ? AND issue = ? AND state = 'queued' AND kind IN "
            "('fix', 'explain', 'test', 'revise') AND id <> ?", repo, issue, except_id or -1)]
        running = [r["id"] for r in tx.all(
            "SELECT id FROM jobs WHERE repo = ? AND issue = ? AND state = 'running' AND kind IN "
            "('fix', 'explain', 'test', 'revise') AND id <> ?", repo, issue, except_id or -1)]
        for jid in queued:
            tx.execute("UPDATE jobs SET state = 'cancelled', finished_at = ?, error = 'cancelled by a command' "
                       "WHERE id = ? AND state = 'queued'", now(), jid)
        for jid in running:
            tx.execute("UPDATE jobs SET cancel_requested = 1 WHERE id = ?", jid)
    return {"cancelled": queued, "stopping": running}


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def heartbeat(db: Database, job_id: int | None = None) -> list[int]:
    """Renew the lease of this process's running jobs (or one of them). Returns the ids renewed;
    a job missing from it is no longer this worker's (reclaimed after its lease ran out)."""
    me = worker_id()
    with db.tx() as tx:
        rows = tx.all("SELECT id FROM jobs WHERE state = 'running' AND worker = ?"
                      + (" AND id = ?" if job_id is not None else ""), me, *((job_id,) if job_id is not None else ()))
        for row in rows:
            tx.execute("UPDATE jobs SET heartbeat_at = ? WHERE id = ?", now(), row["id"])
    return [r["id"] for r in rows]


def holds(db: Database, job_id: int) -> bool:
    """This process still runs the job (it was not reclaimed and given to another worker)."""
    row = db.one("SELECT state, worker FROM jobs WHERE id = ?", job_id)
    return bool(row) and row["state"] == "running" and row["worker"] == worker_id()


def _release(tx: Tx, row: dict) -> bool:
    """A running job whose worker is gone: back to queued (True), or failed after MAX_ATTEMPTS."""
    if row["attempts"] >= MAX_ATTEMPTS:
        tx.execute("UPDATE jobs SET state = 'failed', finished_at = ?, error = ? WHERE id = ? AND state = 'running'",
                   now(), f"gave up after {row['attempts']} attempts: the worker died each time", row["id"])
        log.warning("job %s failed for good after %s attempts", row["id"], row["attempts"])
        return False
    tx.execute("UPDATE jobs SET state = 'queued', worker = NULL, heartbeat_at = NULL WHERE id = ? AND state = 'running'",
               row["id"])
    log.warning("job %s was left running by a dead worker (%s): re-queued", row["id"], row["worker"])
    return True


def _expired(row: dict, cutoff: str) -> bool:
    seen = row["heartbeat_at"] or row["started_at"]
    return bool(seen) and seen < cutoff


def reclaim_expired(db: Database, lease: timedelta) -> list[int]:
    """Running jobs whose lease ran out (no heartbeat for `lease`, on any host): re-queued. Returns
    their ids, for the caller to enqueue."""
    cutoff = (datetime.now(timezone.utc) - lease).isoformat()
    with db.tx() as tx:
        rows = tx.all("SELECT id, worker, attempts, started_at, heartbeat_at FROM jobs WHERE state = 'running'")
        return [row["id"] for row in rows if _expired(row, cutoff) and _release(tx, row)]


def sweep(db: Database, lease: timedelta = timedelta(minutes=5)) -> list[int]:
    """Worker start-up: running jobs whose worker is dead (on this host: its pid is gone; anywhere:
    its lease ran out) go back to queued (or fail after MAX_ATTEMPTS). Returns every queued job
    id, for the caller to enqueue (a duplicate enqueue is harmless: `claim` runs a job once)."""
    host, me = socket.gethostname(), os.getpid()
    cutoff = (datetime.now(timezone.utc) - lease).isoformat()
    with db.tx() as tx:
        for row in tx.all("SELECT id, worker, attempts, started_at, heartbeat_at FROM jobs WHERE state = 'running'"):
            w_host, _, w_pid = (row["worker"] or ":").rpartition(":")
            dead = (w_host == host and w_pid.isdigit() and (int(w_pid) == me or not _pid_alive(int(w_pid)))) \
                or _expired(row, cutoff) or not row["worker"]
            if dead:
                _release(tx, row)
        return [r["id"] for r in tx.all("SELECT id FROM jobs WHERE state = 'queued' ORDER BY id")]


def prs_in_last_hour(db: Database, repo: str) -> list[dict]:
    since = (datetime.now(timezone.utc) - timedelta(hours=1)).isoformat(timespec="microseconds")
    return db.prs_opened_since(repo, since)


# -- log context ---------------------------------------------------------------------------
_ctx: contextvars.ContextVar[dict] = contextvars.ContextVar("crashfix_log_context", default={})


@contextmanager
def log_context(**values: Any) -> Iterator[None]:
    """Within the block, every log record carries these (delivery, repo, job)."""
    merged = {**_ctx.get(), **{k: v for k, v in values.items() if v is not None}}
    token = _ctx.set(merged)
    try:
        yield
    finally:
        _ctx.reset(token)


_installed = False
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s [delivery=%(delivery)s repo=%(repo)s job=%(job)s]: %(message)s"


def install_log_context() -> None:
    """Every record (any logger, any handler) gets `delivery`, `repo` and `job` attributes."""
    global _installed
    if _installed:
        return
    _installed = True
    previous = logging.getLogRecordFactory()

    def factory(*args, **kwargs):
        record = previous(*args, **kwargs)
        ctx = _ctx.get()
        for key in ("delivery", "repo", "job"):
            if not hasattr(record, key):
                setattr(record, key, ctx.get(key, "-"))
        return record

    logging.setLogRecordFactory(factory)


def configure_logging(level: int = logging.INFO) -> None:
    install_log_context()
    root = logging.getLogger()
    if not root.handlers:
        logging.basicConfig(level=level)
    for handler in root.handlers:
        handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root.setLevel(min(root.level, level) if root.level else level)


install_log_context()
