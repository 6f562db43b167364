"""Retention of run folders: DATA_DIR/runs/<job> of a finished job older than RUNS_KEEP_DAYS is
deleted (logs, patches, trajectories); the job's row and its result stay in the database, and the
dashboard says the folder is gone. A running or queued job's folder is never touched, nor a folder
that names no job of this database."""
from __future__ import annotations

import logging
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

from bot.db import Database
from bot.jobs.store import ACTIVE

log = logging.getLogger(__name__)


def prune_runs(db: Database, runs_dir: Path, keep_days: float, now: datetime | None = None) -> list[int]:
    """Delete the run folders of jobs that finished more than `keep_days` ago; their job ids."""
    if keep_days <= 0 or not Path(runs_dir).is_dir():
        return []
    cutoff = (now or datetime.now(timezone.utc)) - timedelta(days=keep_days)
    gone: list[int] = []
    for folder in sorted(Path(runs_dir).iterdir()):
        if not folder.name.isdigit() or folder.is_symlink() or not folder.is_dir():
            continue
        row = db.one("SELECT state, finished_at FROM jobs WHERE id = ?", int(folder.name))
        if row is None or row["state"] in ACTIVE or not row["finished_at"]:
            continue
        finished = datetime.fromisoformat(row["finished_at"])
        if finished.tzinfo is None:
            finished = finished.replace(tzinfo=timezone.utc)
        if finished < cutoff:
            shutil.rmtree(folder, ignore_errors=True)
            gone.append(int(folder.name))
    if gone:
        log.info("retention: deleted %d run folder(s) older than %g days", len(gone), keep_days)
    return gone
