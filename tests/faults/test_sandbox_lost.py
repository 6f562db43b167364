"""The sandbox container killed under a run (what an engine restart does to it): the run fails
with a clear SandboxDead error, the job goes back to the queue (the attempt counts) with the
status comment saying so, and the next attempt, in a fresh container, makes the one PR.

Real parts: the whole pipeline in the Docker sandbox on a tiny repo, PyGithub over HTTP to the
fake GitHub, token-checked git pushes, SQLite and SqliteHuey. The shared dockerd is not
restarted: the test kills only the container of its own run."""
from __future__ import annotations

import docker
import pytest

from github_fakes import assert_valid_github_requests

pytestmark = pytest.mark.docker


def test_a_killed_sandbox_fails_clearly_and_the_job_is_retried_to_one_pr(world, tmp_path, sandbox_image,
                                                                         monkeypatch):
    from agent.pipeline import execute
    from sandbox.docker.sandbox import DockerSandbox

    made: list[str] = []
    original = DockerSandbox.__init__

    def record(self, *args, **kwargs):                  # observe which containers this run creates
        original(self, *args, **kwargs)
        made.append(self.name)
    monkeypatch.setattr(DockerSandbox, "__init__", record)

    client = docker.from_env()
    killed: list[str] = []

    def pipeline(config, progress):
        def watch(event) -> None:
            if event.phase == "reproduce" and not killed:
                client.containers.get(made[-1]).remove(force=True)      # the container dies mid-run
                killed.append(made[-1])
            progress(event)
        return execute(config, watch)

    world.add_repo()
    job_id = world.label(1)
    worker = world.worker(pipeline=pipeline, queue=world.queue, SANDBOX="docker")

    worker.run(job_id)
    job = world.job(job_id)
    assert killed and job["state"] == "queued" and job["attempts"] == 1, job
    later = [t for t in world.queue.huey.pending() if t.eta is not None]
    assert [t.args for t in later] == [(job_id,)], "the retry is queued for later, not run at once"
    board = [c for c in world.fake.comments.values() if "crashfix:status" in c["body"]]
    assert len(board) == 1 and "sandbox was lost" in board[0]["body"] and "SandboxDead" not in board[0]["body"]
    assert not world.fake.pulls and world.branches() == ["main"]

    worker.run(job_id)                                  # what the queue does when the retry is due
    job = world.job(job_id)
    assert job["state"] == "done" and job["attempts"] == 2, job["error"]
    assert len(made) == 2 and killed == made[:1], "the retry ran in a fresh container"
    assert len(world.fake.pulls) == 1 and world.branches() == ["crashfix/issue-1", "main"], job["result"]
    board = [c for c in world.fake.comments.values() if "crashfix:status" in c["body"]]
    assert len(board) == 1 and "sandbox was lost" not in board[0]["body"], board[0]["body"]
    assert "What happened" not in board[0]["body"]
    leftover = [c.name for c in client.containers.list(all=True) if c.name in made]
    assert leftover == [], "no container of this test is left"
    assert_valid_github_requests(world.fake.recorded, tmp_path, "--github-app")
