"""A worker killed with SIGKILL in the middle of a job: the job's lease runs out, another live
worker re-queues it and runs it, and exactly one PR results (one branch, one status comment).

Real parts: two `crashfix worker` processes (huey consumer, lease keeper, Worker) on one SQLite
database and SqliteHuey queue, the real webhook app, PyGithub over HTTP to a fake GitHub, git
pushes to a server that demands the installation token. The pipeline is a stand-in that writes
a real patch for the tiny repo (tests/faults/worker_proc.py); the kill lands while it runs."""
from __future__ import annotations

import os
import signal
import time

from github_fakes import assert_valid_github_requests, wait_until
from gitrepo import git


def test_a_worker_killed_mid_job_loses_its_lease_and_the_job_is_retried_to_one_pr(world, tmp_path):
    bare = world.add_repo()
    hold = tmp_path / "holding"
    lease = 3
    first = world.start_worker(lease=lease, hold=str(hold))
    job_id = world.label(1)
    assert wait_until(hold.exists, 30), world.logs()
    row = world.job(job_id)
    assert row["state"] == "running" and row["worker"].endswith(f":{first.pid}") and row["heartbeat_at"]
    progress = [c for c in world.fake.comments.values() if "crashfix:status" in c["body"]]
    assert len(progress) == 1                                    # the run was under way on GitHub

    second = world.start_worker(lease=lease)                   # a live worker elsewhere
    time.sleep(lease / 3 * 2)                                  # a beat or two: the lease is renewed meanwhile
    assert world.job(job_id)["state"] == "running" and world.job(job_id)["worker"].endswith(f":{first.pid}")
    os.killpg(first.pid, signal.SIGKILL)
    killed_at = time.monotonic()
    first.wait(10)

    done = world.wait_final([job_id], timeout=60)[0]
    assert done["state"] == "done", (done["error"], world.logs())
    assert done["attempts"] == 2 and done["worker"].endswith(f":{second.pid}")
    assert time.monotonic() - killed_at < lease + 15, "reclaimed promptly (lease + a beat + the run)"

    pulls = list(world.fake.pulls.values())
    assert len(pulls) == 1 and pulls[0]["head"]["ref"] == "crashfix/issue-1" and "Fixes #1" in pulls[0]["body"]
    assert "if item is None" in git(bare, "show", "crashfix/issue-1:shop.py")
    progress = [c for c in world.fake.comments.values() if "crashfix:status" in c["body"]]
    assert len(progress) == 1, "the retry edits the status comment the killed run posted"
    assert "pull request" in progress[0]["body"].lower() or "/pull/" in progress[0]["body"]
    assert len(world.fake.calls("POST", r"/pulls$")) == 1
    assert_valid_github_requests(world.fake.recorded, tmp_path, "--github-app")
