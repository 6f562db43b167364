"""LocalSandbox: a command's whole process tree ends with it (setsid and double-forked children,
on return and on timeout), and it cannot read the host's processes (the worker's environment)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sandbox.local import LocalSandbox, pid_namespace


def _alive(marker: str) -> list[int]:
    """Host pids whose command line holds ``marker`` (zombies excluded)."""
    pids = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            cmd = Path(f"/proc/{d}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = Path(f"/proc/{d}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker in cmd and state != "Z":
            pids.append(int(d))
    return pids


@pytest.fixture
def box(tmp_path):
    if not pid_namespace():
        pytest.skip("no PID namespace here (not root and no user namespaces)")
    sb = LocalSandbox(tmp_path)
    yield sb
    sb.close()


def _gone(marker: str) -> list[int]:
    deadline = time.monotonic() + 3
    while _alive(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    return _alive(marker)


def test_setsid_children_die_with_the_command(box):
    res = box.run("setsid sleep 987651 >/dev/null 2>&1 & "
                  "( ( setsid sleep 987652 </dev/null >/dev/null 2>&1 & ) & ); "
                  "nohup sleep 987653 >/dev/null 2>&1 & disown; echo started")
    assert res.ok and "started" in res.output
    for n in (987651, 987652, 987653):
        assert _gone(f"sleep {n}") == [], f"sleep {n} outlived its command"


def test_setsid_children_die_on_timeout(box):
    res = box.run("setsid sleep 987654 >/dev/null 2>&1 & sleep 60", timeout=1)
    assert res.timed_out
    assert _gone("sleep 987654") == []


def test_host_processes_out_of_sight(box, tmp_path):
    """A worker holding a secret in its environment (as exec'd: /proc shows that one) runs a
    command that reads its parent's and the worker's /proc/<pid>/environ."""
    script = ("import os, sys; from sandbox.local import LocalSandbox; sb = LocalSandbox(sys.argv[1]); "
              "print(sb.run('cat /proc/$PPID/environ /proc/%d/environ; env' % os.getpid()).output); sb.close()")
    env = {**os.environ, "CRASHFIX_TEST_WORKER_SECRET": "hunter2-not-for-sandboxes",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path)], env=env, capture_output=True,
                         text=True, timeout=60).stdout
    assert "PATH=" in out   # the command ran
    assert "hunter2-not-for-sandboxes" not in out


def test_a_planted_unshare_is_not_used(tmp_path):
    """The repository owns the first folder of a command's PATH; the namespace is still ours."""
    if not pid_namespace():
        pytest.skip("no PID namespace here (not root and no user namespaces)")
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "unshare").write_text(f"#!/bin/sh\ntouch {tmp_path}/FAKE_UNSHARE_RAN\nshift 4\nexec \"$@\"\n")
    (fake / "unshare").chmod(0o755)
    ws = tmp_path / "ws"
    ws.mkdir()
    sb = LocalSandbox(ws, env={"PATH": f"{fake}:/usr/bin:/bin"})
    try:
        assert sb.run("command -v unshare").output.strip() == f"{fake}/unshare"
        assert sb.run("setsid sleep 987655 >/dev/null 2>&1 & echo ok").ok
        assert _gone("sleep 987655") == []
        assert not (tmp_path / "FAKE_UNSHARE_RAN").exists()
    finally:
        sb.close()
