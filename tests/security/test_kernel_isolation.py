"""Issue 18, item 1: a kernel tree's make and an issue's C reproducer run jailed (sandbox/isolate.py).

A small fake "kernel tree" whose `make tinyconfig` tries to read a host secret, the worker's
environment and other processes' /proc, write outside its build dir and into the source tree, and
reach a server on the host's loopback; and reproducers that `#include` and `.incbin` a host file.
Nothing gets through, and no secret text lands in anything crashfix keeps or posts."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from agent.pipeline import run_job
from agent.run import RunConfig
from sandbox import isolate
from sandbox.base import SandboxError
from sandbox.kernel.fixture import EXAMPLE
from sandbox.kernel.qemu import ReproducerBuildError, compile_reproducer

REPORT = (EXAMPLE / "report.txt").read_text()
HOST_SECRET = "host-secret-7f3a9c-do-not-leak"
ENV_SECRET = "whsec-env-4b2d81-do-not-leak"

PROBE = """#!/bin/sh
# one line per finding, so that the tail crashfix keeps holds them all
echo "probe: start in $(pwd)"
echo pwned > {escape} && echo "probe: wrote outside"
echo pwned > "$(pwd)/planted" && echo "probe: wrote into the tree"
python3 -c "import socket; s = socket.create_connection(('127.0.0.1', {port}), 3); s.sendall(b'from the jail')" \
    2>/dev/null && echo "probe: reached the host"
echo "files: $(cat {secret} /etc/shadow /root/.bash_history 2>&1 | tr '\n' ' ')"
echo "dirs: $(ls /root /home /var/run/docker.sock /work 2>&1 | tr '\n' ' ')"
echo "env: $(env | tr '\n' ' ')"
echo "procs: $(cat /proc/[0-9]*/environ 2>&1 | tr '\0\n' '  ')"
echo "probe: end"
exit 1
"""


def git_tree(path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text)
    (path / "probe.sh").chmod(0o755) if (path / "probe.sh").exists() else None
    env = {"PATH": "/usr/bin:/bin", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    for cmd in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-qm", "c"]):
        subprocess.run(cmd, cwd=path, check=True, env=env)
    return path


class Listener:
    """A TCP server on the host's loopback that records whatever connects."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.sock.settimeout(0.2)
        self.port, self.got, self._stop = self.sock.getsockname()[1], [], False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while not self._stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.got.append(conn.recv(100))
            conn.close()

    def close(self):
        self._stop = True
        self.thread.join()
        self.sock.close()


@pytest.fixture
def hostile(tmp_path, monkeypatch):
    """A fake kernel tree whose make tinyconfig runs the probe; the host secret and the env secret set."""
    secret = tmp_path / "host" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text(HOST_SECRET + "\n")
    monkeypatch.setenv("CRASHFIX_WEBHOOK_SECRET", ENV_SECRET)
    monkeypatch.setattr("sandbox.kernel.build.CACHE", tmp_path / "cache")
    listener = Listener()
    escape = tmp_path / "host" / "escaped"
    tree = git_tree(tmp_path / "linux", {
        "Makefile": "tinyconfig:\n\t./probe.sh\n",
        "Kconfig": "# fake\n",
        "probe.sh": PROBE.format(secret=secret, escape=escape, port=listener.port),
    })
    yield tree, escape, listener
    listener.close()


def _kept_text(out: Path) -> str:
    return "\n".join(p.read_text(errors="replace") for p in out.rglob("*") if p.is_file())


def test_a_hostile_kernel_tree_reaches_no_secret_no_host_file_and_no_network(hostile, tmp_path):
    tree, escape, listener = hostile
    out = tmp_path / "out"
    run = run_job(RunConfig(repo=str(tree), report_text=REPORT, out=out, kernel_allowed=True))
    assert run.status == "error" and "make tinyconfig failed" in run.error, run.error
    kept = _kept_text(out) + run.error
    assert "probe: start" in kept and "probe: end" in kept          # the probe ran and its output was kept
    assert HOST_SECRET not in kept and ENV_SECRET not in kept
    assert "CRASHFIX_" not in kept                                  # no variable of the worker's, by name either
    assert "probe: wrote" not in kept and not escape.exists()
    assert not list((tmp_path / "cache").glob("builds/*/src/planted"))
    assert "probe: reached the host" not in kept and listener.got == []


def test_a_reproducer_cannot_include_or_embed_a_host_file(tmp_path, monkeypatch):
    secret = tmp_path / "host-secret.h"
    secret.write_text(f"{HOST_SECRET} line of a host file\n")
    include = f'#include "{secret}"\nint main(void) {{ return 0; }}\n'
    with pytest.raises(ReproducerBuildError) as err:
        compile_reproducer(include, tmp_path / "a")
    assert "No such file" in err.value.log and HOST_SECRET not in err.value.log
    incbin = ('__asm__(".section .rodata\\n.incbin \\"' + str(secret) + '\\"\\n.previous");\n'
              "int main(void) { return 0; }\n")
    try:
        binary = compile_reproducer(incbin, tmp_path / "b")
    except ReproducerBuildError as exc:
        assert HOST_SECRET not in exc.log
    else:
        assert HOST_SECRET.encode() not in binary.read_bytes()
    # and through a whole run: the compile error crashfix keeps and would post holds no secret line
    monkeypatch.setattr("sandbox.kernel.build.CACHE", tmp_path / "cache")
    tree = git_tree(tmp_path / "linux", {"Makefile": "all:\n", "Kconfig": "# fake\n"})
    text = REPORT.split("```c\n")[0] + "```c\n" + include + "```\n"
    run = run_job(RunConfig(repo=str(tree), report_text=text, out=tmp_path / "out", kernel_allowed=True))
    assert run.status == "error" and "does not compile" in run.error
    assert HOST_SECRET not in run.error + _kept_text(tmp_path / "out")


def test_the_jail_sees_only_what_it_is_given(tmp_path, monkeypatch):
    monkeypatch.setenv("CRASHFIX_WEBHOOK_SECRET", ENV_SECRET)
    rw, ro, hidden = tmp_path / "rw", tmp_path / "ro", tmp_path / "hidden"
    for d in (rw, ro, hidden):
        d.mkdir()
    (ro / "f").write_text("readable\n")
    (hidden / "f").write_text(HOST_SECRET)
    script = (f"cat {ro}/f; echo x > {rw}/w && echo rw-ok; echo x > {ro}/w || echo ro-refused; "
              f"cat {hidden}/f || echo hidden-missing; cat /proc/1/environ /proc/self/environ | tr '\\0' '\\n'; "
              "ls /etc; id -u; unshare -U true || echo no-nested-userns")
    res = isolate.isolated(["sh", "-c", script], ro=[ro], rw=[rw], env={"KBUILD_X": "1"}, timeout=60)
    assert "readable" in res.output and "rw-ok" in res.output and (rw / "w").exists()
    assert "ro-refused" in res.output and not (ro / "w").exists()
    assert "hidden-missing" in res.output and HOST_SECRET not in res.output
    assert ENV_SECRET not in res.output and "KBUILD_X=1" in res.output and "HOME=/tmp" in res.output
    assert "shadow" not in res.output and "passwd" not in res.output
    assert "no-nested-userns" in res.output


def test_the_jail_dies_whole_at_its_time_limit(tmp_path):
    mark = f"{int(time.time() * 1000) % 100000 + 100000}"
    start = time.monotonic()
    res = isolate.isolated(["sh", "-c", f"sleep {mark} & sleep {mark} & wait"], timeout=2)
    assert res.timed_out and time.monotonic() - start < 30
    time.sleep(0.5)
    assert _sleeping(mark) == []


def test_the_jail_dies_with_the_crashfix_process_that_started_it(tmp_path):
    mark = f"{int(time.time() * 1000) % 100000 + 200000}"
    parent = subprocess.Popen([sys.executable, "-c", "from sandbox.isolate import isolated; "
                               f"isolated(['sleep', '{mark}'], timeout=600)"],
                              env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    deadline = time.monotonic() + 30
    while not _sleeping(mark) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _sleeping(mark), "the jailed sleep never started"
    parent.kill()                                   # the worker dies hard (SIGKILL: no cleanup runs)
    parent.wait()
    deadline = time.monotonic() + 10
    while _sleeping(mark) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _sleeping(mark)


def _sleeping(mark: str) -> list[str]:
    return [p for p in os.listdir("/proc") if p.isdigit() and _cmdline(p) == f"sleep {mark}"]


def _cmdline(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return ""


def test_a_bind_through_a_symlink_is_refused(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(SandboxError, match="symbolic link"):
        isolate.isolated(["true"], ro=[tmp_path / "link"])


def test_without_bwrap_the_kernel_path_refuses_and_runs_nothing_on_the_host(hostile, tmp_path, monkeypatch):
    tree, escape, listener = hostile
    monkeypatch.setattr(isolate, "BWRAP", "bwrap-not-installed")
    isolate.unavailable.cache_clear()
    try:
        run = run_job(RunConfig(repo=str(tree), report_text=REPORT, out=tmp_path / "out", kernel_allowed=True))
    finally:
        isolate.unavailable.cache_clear()
    assert run.status == "error" and "IsolationUnavailable" in run.error and "bubblewrap" in run.error
    assert "probe" not in _kept_text(tmp_path / "out") and not escape.exists() and listener.got == []


def test_kernel_errors_sit_under_the_one_sandbox_exception_root():
    from sandbox.kernel.build import KernelBuildError
    from sandbox.kernel.fixture import FixtureError
    from sandbox.kernel.qemu import QemuError
    for error in (KernelBuildError, ReproducerBuildError, QemuError, FixtureError, isolate.IsolationUnavailable):
        assert issubclass(error, SandboxError), error
