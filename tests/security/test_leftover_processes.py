"""Nothing a repository or issue command starts outlives the command in the Docker sandbox: a
`setsid` daemon, a double fork, `nohup`: through the command server and a debugger session
(there is no exec fallback any more: a lost server is a lost sandbox, tests/security/test_sandbox_channel.py) (issue 22: a daemon waited for the model's edit, then added a line to another file).
"""
from __future__ import annotations

import time

import pytest

from sandbox import open_sandbox
from sandbox.base import Limits

pytestmark = pytest.mark.docker

# a daemon leaves the command's process group and session, then writes a line every 0.2 s
DAEMONS = ("setsid sh -c 'while :; do echo beat >> /tmp/beat-{m}; sleep 0.2; done' >/dev/null 2>&1 & "
           "( ( setsid sleep 98765{m} </dev/null >/dev/null 2>&1 & ) & ); "
           "nohup sleep 98764{m} >/dev/null 2>&1 & disown; sleep 0.5; echo started")
PROCS = ("for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline 2>/dev/null; echo; done")


@pytest.fixture(scope="module")
def box(sandbox_image, tmp_path_factory):
    from gitrepo import make_repo
    repo = make_repo(tmp_path_factory.mktemp("leftover") / "r", {"a.txt": "a\n"})
    sb = open_sandbox("docker", repo, image=sandbox_image, limits=Limits(mem="256m", pids=64), install=False)
    yield sb
    sb.close()


def _size(box, m: int) -> int:
    return int(box.run(f"stat -c %s /tmp/beat-{m} 2>/dev/null || echo 0").output.split()[0])


def _assert_gone(box, m: int) -> None:
    first = _size(box, m)
    assert first > 0, "the daemon ran while its command did"
    time.sleep(1.0)
    assert _size(box, m) == first, "the setsid daemon still writes after its command returned"
    left = [ln for ln in box.run(PROCS).output.splitlines() if f"beat-{m}" in ln or f"98764{m}" in ln
            or f"98765{m}" in ln]
    assert left == [], f"processes outlived their command: {left}"


def test_a_setsid_daemon_dies_when_its_command_returns(box):
    res = box.run(DAEMONS.format(m=1))
    assert res.ok and "started" in res.output
    _assert_gone(box, 1)


def test_a_setsid_daemon_dies_when_its_command_times_out(box):
    res = box.run(DAEMONS.format(m=2).replace("echo started", "sleep 30"), timeout=2)
    assert res.timed_out
    _assert_gone(box, 2)


def test_a_debugger_session_takes_its_daemons_with_it(box):
    box.write("spawn.py", "import subprocess\nsubprocess.run(['sh', '-c', " + repr(DAEMONS.format(m=4)) + "])\n"
              "breakpoint()\n")
    session = box.session(["python", "-u", "spawn.py"], "(Pdb) ", timeout=30)
    time.sleep(0.5)
    assert _size(box, 4) > 0
    session.close()
    _assert_gone(box, 4)
