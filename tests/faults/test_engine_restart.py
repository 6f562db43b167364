"""The Docker engine restarted under a run, for real: a private second dockerd (its own socket,
data-root and exec-root; no bridge, no iptables: the sandbox needs only no-network containers)
holds the python sandbox image; the job's sandbox runs on it (DOCKER_HOST). While the run
reproduces the crash the engine gets SIGTERM and is started again on the same data-root. The
run fails clearly (SandboxDead, the status comment says the sandbox was lost), the job goes
back to the queue, and the retry on the restarted engine opens the one PR.

The shared engine (/var/run/docker.sock) is never restarted: other tests use it. The private
daemon and its folders are removed at the end whatever happens. Skips with the reason when a
second daemon cannot start here."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from github_fakes import assert_valid_github_requests

pytestmark = [pytest.mark.docker, pytest.mark.slow]


HOST_BRIDGE = Path("/sys/class/net/docker0").exists()     # the main engine's, before any test ran


class PrivateEngine:
    """A second dockerd under /tmp/cfx-eng-*, in its own network namespace, started and stopped by the test."""

    def __init__(self):
        base = f"/tmp/cfx-eng-{uuid.uuid4().hex[:8]}"
        self.sock, self.pidfile, self.log = f"{base}.sock", f"{base}.pid", Path(f"{base}.log")
        self.root, self.exec_root = Path(f"{base}-root"), Path(f"{base}-exec")
        self.proc: subprocess.Popen | None = None
        self.url = f"unix://{self.sock}"

    def prepare(self) -> None:
        """The data-root on a tmpfs when it can be (loading the image is twice as fast, removing it
        instant); on disk otherwise."""
        self.root.mkdir(parents=True)
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4g", "cfx-eng", str(self.root)], capture_output=True)

    def start(self, timeout: float = 60) -> None:
        log = open(self.log, "ab")
        self.proc = subprocess.Popen(
            # a network namespace of its own: with --bridge none dockerd deletes the host's docker0
            # (removeDefaultBridgeInterface), which would cut the main engine's containers off
            ["unshare", "--net", "--", "dockerd", "--host", self.url, "--data-root", str(self.root), "--exec-root", str(self.exec_root),
             "--pidfile", self.pidfile, "--bridge", "none", "--iptables=false", "--ip-masq=false"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while not self.ping():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"a second dockerd did not start: {self.log.read_text()[-1500:]}")
            time.sleep(0.3)

    def ping(self) -> bool:
        return subprocess.run(["docker", "-H", self.url, "version", "--format", "{{.Server.Version}}"],
                              capture_output=True).returncode == 0

    def stop(self, timeout: float = 40) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def restart(self) -> None:
        self.stop()
        self.start()

    def destroy(self) -> None:
        try:
            self.stop()
        finally:
            for path in (self.exec_root, self.root):          # mounts a killed daemon may leave behind
                mounts = [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()
                          if line.split()[1].startswith(str(path))]
                for mount in sorted(mounts, key=len, reverse=True):
                    subprocess.run(["umount", "-l", mount], capture_output=True)
            for path in (self.root, self.exec_root):
                shutil.rmtree(path, ignore_errors=True)
            for path in (self.sock, self.pidfile, self.log):
                Path(path).unlink(missing_ok=True)


@pytest.fixture
def engine(sandbox_image):
    if os.geteuid() != 0 or not shutil.which("dockerd"):
        pytest.skip("a second dockerd needs root and dockerd installed")
    eng = PrivateEngine()
    try:
        eng.prepare()
        eng.start()           # root and dockerd are here: an engine that does not start fails the test
        save = subprocess.Popen(["docker", "save", sandbox_image], stdout=subprocess.PIPE)
        load = subprocess.run(["docker", "-H", eng.url, "load", "-q"], stdin=save.stdout, capture_output=True,
                              text=True)
        save.stdout.close()
        assert save.wait() == 0 and load.returncode == 0, load.stderr
        yield eng
    finally:
        eng.destroy()


def test_an_engine_restart_mid_run_fails_clearly_and_the_retry_makes_one_pr(world, tmp_path, engine,
                                                                           monkeypatch):
    from agent.pipeline import execute
    monkeypatch.setenv("DOCKER_HOST", engine.url)       # the job's sandbox is on the private engine
    restarted: list[float] = []

    def pipeline(config, progress):
        def watch(event) -> None:
            if event.phase == "reproduce" and not restarted:
                started = time.monotonic()
                engine.restart()                        # SIGTERM, then dockerd again on the same data-root
                restarted.append(time.monotonic() - started)
            progress(event)
        return execute(config, watch)

    world.add_repo()
    job_id = world.label(1)
    worker = world.worker(pipeline=pipeline, queue=world.queue, SANDBOX="docker")

    worker.run(job_id)
    job = world.job(job_id)
    assert restarted and job["state"] == "queued" and job["attempts"] == 1, (job, world.fake.comments)
    assert [t.args for t in world.queue.huey.pending() if t.eta is not None] == [(job_id,)]
    board = [c for c in world.fake.comments.values() if "crashfix:status" in c["body"]]
    assert len(board) == 1 and "sandbox was lost" in board[0]["body"] and "SandboxDead" not in board[0]["body"]
    assert not world.fake.pulls and world.branches() == ["main"], "nothing published by the failed attempt"

    worker.run(job_id)                                  # the queued retry, on the restarted engine
    job = world.job(job_id)
    assert job["state"] == "done" and job["attempts"] == 2, job["error"]
    assert len(world.fake.pulls) == 1 and world.branches() == ["crashfix/issue-1", "main"]
    board = [c for c in world.fake.comments.values() if "crashfix:status" in c["body"]]
    assert len(board) == 1 and "sandbox was lost" not in board[0]["body"], board[0]["body"]
    assert "What happened" not in board[0]["body"]
    assert_valid_github_requests(world.fake.recorded, tmp_path, "--github-app")
    assert Path("/sys/class/net/docker0").exists() or not HOST_BRIDGE, "the main engine lost its docker0 bridge"
    print(f"engine restart took {restarted[0]:.1f} s")
