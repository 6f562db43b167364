"""Leases on running jobs: renewed by the worker's heartbeat, reclaimed by anyone once expired, and
a worker whose job was given away stops without writing anything (real SQLite, the real Worker,
PyGithub against the fake GitHub over HTTP)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from bot.jobs.store import claim, heartbeat, holds, reclaim_expired, worker_id
from standin import stand_in


def test_heartbeat_renews_and_an_expired_lease_is_reclaimed(world):
    world.add_repo()
    job_id = world.label(1)
    job, _ = claim(world.db, job_id, 2)
    assert holds(world.db, job_id) and job.worker == worker_id()
    old = (datetime.now(timezone.utc) - timedelta(seconds=30)).isoformat()
    world.db.execute("UPDATE jobs SET heartbeat_at = ? WHERE id = ?", old, job_id)
    assert heartbeat(world.db) == [job_id]                        # renewed: not expired any more
    assert reclaim_expired(world.db, timedelta(seconds=10)) == []
    world.db.execute("UPDATE jobs SET heartbeat_at = ? WHERE id = ?", old, job_id)
    assert reclaim_expired(world.db, timedelta(seconds=10)) == [job_id]
    row = world.job(job_id)
    assert row["state"] == "queued" and row["worker"] is None and row["attempts"] == 1
    assert heartbeat(world.db) == [] and not holds(world.db, job_id)


def test_a_worker_that_lost_its_job_to_another_stops_without_writing(world):
    world.add_repo()
    job_id = world.label(1)
    run = stand_in(None)

    def pipeline(config, progress):
        # meanwhile: the lease ran out, another worker reclaimed the job and runs it
        world.db.execute("UPDATE jobs SET worker = 'other-host:99', attempts = 2 WHERE id = ?", job_id)
        return run(config, progress)

    world.worker(pipeline=pipeline).run(job_id)
    row = world.job(job_id)
    assert row["state"] == "running" and row["worker"] == "other-host:99", "the other worker's job, untouched"
    assert not world.fake.pulls and world.branches() == ["main"]
    assert not [c for c in world.fake.comments.values() if "What happened" in c["body"]]
