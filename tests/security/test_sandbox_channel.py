"""The command server's channel is crashfix's alone (issue 35, E35 and E31), in a real container.

The issue's code runs as the sandbox user; the server runs as root with no capability but
SETUID/SETGID/KILL. A command cannot write an answer into the server's stdout (`/proc/<server>/fd/1`),
cannot kill or trace it, leaves nothing behind when it tries to, and a server lost anyway (killed from
outside here) is a lost sandbox: the command it was running is never run a second time.
"""
from __future__ import annotations

import errno
import json
import os
import signal
import threading
import time

import pytest
from gitrepo import make_repo

from sandbox import SandboxDead, open_sandbox
from sandbox.base import Limits

pytestmark = pytest.mark.docker

# python run by a command: the pid of crashfix's command server (`python3 -I -c <server.py>`, no more argv)
FIND_SERVER = """
import os
def server():
    for p in os.listdir("/proc"):
        try:
            args = open(f"/proc/{p}/cmdline", "rb").read().split(b"\\0")[:-1]
        except OSError:
            continue
        if args[:3] == [b"/usr/bin/python3", b"-I", b"-c"] and len(args) == 4:
            return int(p)
"""

# an answer as the server writes it: exit 0, "11 passed"
FORGE = FIND_SERVER + """
import base64, json, sys
line = json.dumps({"code": 0, "timed_out": False, "out": base64.b64encode(b"11 passed\\n").decode(), "tail": "",
                   "cut": 0, "duration": 0.1, "left": 0, "oom_kills": 0, "forks_refused": 0, "over_max": False,
                   "full": [], "nonce": None}) + "\\n"
srv, wrote, refused = server(), [], []
for p in os.listdir("/proc"):
    if not p.isdigit() or int(p) in (os.getpid(), os.getppid()):
        continue
    try:
        fds = os.listdir(f"/proc/{p}/fd")
    except OSError:
        fds = ["0", "1", "2"]
    for fd in fds:
        try:
            with open(f"/proc/{p}/fd/{fd}", "w") as f:
                f.write(line * 3)
            wrote.append(f"{p}/{fd}")
        except OSError:
            refused.append(f"{p}/{fd}")
print(json.dumps({"server": srv, "wrote": wrote, "refused": refused}))
sys.exit(3)
"""

ATTACK = FIND_SERVER + """
import ctypes, json, signal
srv, out = server(), {}
for name, sig in (("stop", signal.SIGSTOP), ("kill", signal.SIGKILL)):
    try:
        os.kill(srv, sig)
        out[name] = 0
    except OSError as e:
        out[name] = e.errno
libc = ctypes.CDLL(None, use_errno=True)
out["ptrace"] = (libc.ptrace(16, srv, 0, 0), ctypes.get_errno())          # PTRACE_ATTACH
out["seize"] = (libc.ptrace(0x4206, srv, 0, 0), ctypes.get_errno())       # PTRACE_SEIZE
for name, path in (("mem", "mem"), ("environ", "environ"), ("fd", "fd/1")):
    try:
        open(f"/proc/{srv}/{path}", "rb").close()
        out[name] = 0
    except OSError as e:
        out[name] = e.errno
out["server"] = srv
print(json.dumps(out))
"""


def _py(code: str) -> str:
    return "python3 - <<'CRASHFIX_EOF'\n" + code + "\nCRASHFIX_EOF"


@pytest.fixture
def box(sandbox_image, tmp_path):
    repo = make_repo(tmp_path / "r", {"a.py": "x = 1\n"})
    sb = open_sandbox("docker", repo, image=sandbox_image, limits=Limits(mem="256m", pids=64), install=False)
    yield sb
    sb.close()


def _last_json(output: str) -> dict:
    return json.loads([ln for ln in output.splitlines() if ln.startswith("{")][-1])


def test_a_forged_answer_written_to_the_servers_fds_is_not_taken(box):
    res = box.run(_py(FORGE), timeout=60)
    assert res.exit_code == 3 and "11 passed" not in res.output
    seen = _last_json(res.output)
    assert seen["server"] and not any(w.startswith(f"{seen['server']}/") for w in seen["wrote"])
    assert f"{seen['server']}/1" in seen["refused"]
    nxt = box.run("echo next; exit 5")               # and no forged line waits for the next request either
    assert nxt.exit_code == 5 and nxt.output == "next\n"
    assert box.read("a.py") == "x = 1\n"


def test_a_command_can_neither_kill_nor_trace_the_server(box):
    pid = box._server.call({"op": "ping"}, 30)["pid"]
    got = _last_json(box.run(_py(ATTACK), timeout=60).output)
    assert got["server"] == pid
    assert got["stop"] == errno.EPERM and got["kill"] == errno.EPERM
    assert got["ptrace"] == [-1, errno.EPERM] and got["seize"] == [-1, errno.EPERM]
    assert got["mem"] == errno.EACCES and got["environ"] == errno.EACCES and got["fd"] == errno.EACCES
    assert box._server.call({"op": "ping"}, 30)["pid"] == pid          # the same server answers
    caps = box.run("grep -E '^(Uid|CapEff|CapPrm)' /proc/self/status").output
    assert "Uid:\t1000\t1000\t1000\t1000" in caps and "CapEff:\t0000000000000000" in caps \
        and "CapPrm:\t0000000000000000" in caps


DAEMON = FIND_SERVER + """
import subprocess
mine = {os.getpid(), os.getppid()}
child = os.fork()
if child == 0:                          # a child in a session of its own that kills what it can
    os.setsid()
    for p in os.listdir("/proc"):
        if p.isdigit() and int(p) != os.getpid() and int(p) not in mine:
            try:
                os.kill(int(p), 9)
            except OSError:
                pass
    os._exit(0)
os.waitpid(child, 0)
subprocess.Popen(["setsid", "sh", "-c", "while :; do echo beat >> /tmp/beat; sleep 0.1; done"],
                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
subprocess.run("( ( setsid sleep 987651 </dev/null >/dev/null 2>&1 & ) & )", shell=True)
try:
    os.kill(server(), 9)
    print("server killed")
except OSError as e:
    print("server kill refused", e.errno)
import time; time.sleep(0.5)
print("started")
"""
PROCS = "for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline 2>/dev/null; echo; done"


def test_a_daemon_of_a_command_that_tries_to_kill_the_server_does_not_survive_it(box):
    res = box.run(_py(DAEMON), timeout=60)
    assert "server kill refused" in res.output
    size = int(box.run("stat -c %s /tmp/beat").output)
    assert size > 0, "the daemon ran while its command did"
    time.sleep(0.6)
    assert int(box.run("stat -c %s /tmp/beat").output) == size, "the daemon still writes after its command"
    left = [ln for ln in box.run(PROCS).output.splitlines() if "beat" in ln or "987651" in ln]
    assert left == []


def test_a_lost_server_is_a_lost_sandbox_and_the_command_is_not_run_again(box):
    """The server killed from outside (the engine's host) while a command runs: the command, which
    counts its runs in a file on the container's /tmp (a tmpfs), ran once; every later call is refused."""
    pid = box.api.exec_inspect(box._server.exec_id)["Pid"]

    def kill_soon():
        time.sleep(1.5)
        os.kill(pid, signal.SIGKILL)
    killer = threading.Thread(target=kill_soon)
    killer.start()
    try:
        with pytest.raises(SandboxDead, match="lost"):
            box.run("echo ran >> /tmp/runs; sleep 5; echo done", timeout=30)
    finally:
        killer.join()
    with pytest.raises(SandboxDead):
        box.run("echo ran >> /tmp/runs")
    with pytest.raises(SandboxDead):
        box.read("a.py")
    time.sleep(0.2)
    runs = box.container.exec_run(["cat", "/tmp/runs"], user="1000").output.decode()
    assert runs == "ran\n"


def test_the_host_takes_no_line_but_the_one_answer_to_its_request(box):
    """A line arriving before the request (here an answer to a request the host never made: no nonce of
    its own) is not the answer to the next one: the sandbox is lost, the next command never runs."""
    box._server.conn.sock.sendall(json.dumps({"op": "run", "cmd": "echo planted", "timeout": 5}).encode() + b"\n")
    time.sleep(1.0)
    with pytest.raises(SandboxDead):
        box.run("echo ran >> /tmp/runs2")
    runs = box.container.exec_run(["sh", "-c", "cat /tmp/runs2 2>/dev/null; true"], user="1000").output.decode()
    assert runs == ""
