"""Run folders of finished jobs are deleted after RUNS_KEEP_DAYS; active jobs' folders, folders of no
job, and every job row are kept; the dashboard says a folder is gone."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from bot.db import Database
from bot.jobs.retention import prune_runs
from bot.jobs.store import create_job, finish


def _job(db: Database, issue: int) -> int:
    with db.tx() as tx:
        return create_job(tx, "fix", installation_id=1, repo="o/r", issue=issue, sender="me", params={})


def _folder(root, job_id):
    path = root / str(job_id)
    (path / "logs").mkdir(parents=True)
    (path / "result.json").write_text("{}")
    return path


def test_old_finished_runs_go_and_the_rest_stay(tmp_path):
    db = Database(f"sqlite:///{tmp_path / 'jobs.db'}")
    runs = tmp_path / "runs"
    old, recent, running = _job(db, 1), _job(db, 2), _job(db, 3)
    for job_id in (old, recent):
        finish(db, job_id, "done", result={"status": "fixed"})
    db.execute("UPDATE jobs SET finished_at = ? WHERE id = ?",
               (datetime.now(timezone.utc) - timedelta(days=40)).isoformat(), old)
    db.execute("UPDATE jobs SET state = 'running' WHERE id = ?", running)
    folders = {j: _folder(runs, j) for j in (old, recent, running)}
    stranger = _folder(runs, 9999)                     # no such job in this database
    (runs / "notes").mkdir()

    assert prune_runs(db, runs, keep_days=30) == [old]
    assert not folders[old].exists()
    assert folders[recent].exists() and folders[running].exists() and stranger.exists() and (runs / "notes").exists()
    assert db.one("SELECT state FROM jobs WHERE id = ?", old)["state"] == "done"      # the row stays

    later = datetime.now(timezone.utc) + timedelta(days=31)
    assert prune_runs(db, runs, keep_days=30, now=later) == [recent]
    assert folders[running].exists()


def test_zero_keeps_everything(tmp_path):
    db = Database(f"sqlite:///{tmp_path / 'jobs.db'}")
    job_id = _job(db, 1)
    finish(db, job_id, "done", result={})
    folder = _folder(tmp_path / "runs", job_id)
    assert prune_runs(db, tmp_path / "runs", keep_days=0, now=datetime.now(timezone.utc) + timedelta(days=999)) == []
    assert folder.exists()


def test_the_worker_prunes_at_start_up(harness):
    settings = harness.worker.settings
    job_id = _job(harness.db, 7)
    finish(harness.db, job_id, "done", result={"run_dir": str(settings.runs_dir / str(job_id))})
    harness.db.execute("UPDATE jobs SET finished_at = ? WHERE id = ?",
                       (datetime.now(timezone.utc) - timedelta(days=settings.RUNS_KEEP_DAYS + 1)).isoformat(), job_id)
    folder = _folder(settings.runs_dir, job_id)
    harness.worker.startup()
    assert not folder.exists()
