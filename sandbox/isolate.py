"""Run an untrusted command (a kernel tree's make, an issue's C compile, QEMU) jailed by bubblewrap.

    res = isolated(["make", "O=/b"], ro=[src], rw=[out], env=KBUILD, cwd=src, timeout=600)

The jail (`bwrap`): new user, pid, net (loopback only), ipc, uts and cgroup namespaces; no user
namespace inside it; all capabilities dropped; an environment holding only `BASE_ENV` and `env`
(bwrap itself is started with that environment too: the jail's /proc/1/environ is bwrap's);
a file system of /usr read-only (without /usr/local), the `ro` paths read-only, the `rw` paths
writable, a fresh /proc, a minimal /dev, a 1 GiB tmpfs /tmp and nothing else: no /etc, /home,
/root, /var or /run. It dies with the crashfix process that started it (`--die-with-parent`: bwrap
and all in it are killed when their parent dies); at the time limit the whole group is killed.
Where bwrap is missing or cannot make namespaces, `IsolationUnavailable`: never run on the host.
"""
from __future__ import annotations

import contextlib
import functools
import logging
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from sandbox.base import SandboxError

log = logging.getLogger(__name__)

BWRAP = "bwrap"
# the whole environment a jailed command sees, plus what the caller passes explicitly
BASE_ENV = {"PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "HOME": "/tmp", "TMPDIR": "/tmp", "LANG": "C.UTF-8",
            "LC_ALL": "C", "TERM": "dumb"}
TMP_BYTES = 1 << 30
# host files outside /usr a compiler needs: `cc` and friends are symlinks through /etc/alternatives
_ETC = ("/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d")
_TOP = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")


class IsolationUnavailable(SandboxError):
    """This machine cannot run the jail (no bwrap, or namespaces are not allowed)."""


@dataclass(frozen=True)
class CmdResult:
    code: int
    output: str
    seconds: float
    timed_out: bool


def bwrap_argv(argv: list[str], *, ro: Iterable[Path | str] = (), rw: Iterable[Path | str] = (),
               env: dict[str, str] | None = None, cwd: Path | str | None = None,
               devices: Iterable[str] = ()) -> list[str]:
    """The bwrap command line jailing argv (see the module docstring)."""
    cmd = [BWRAP, "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent",
           "--new-session", "--cap-drop", "ALL", "--hostname", "crashfix", "--clearenv",
           "--ro-bind", "/usr", "/usr", "--tmpfs", "/usr/local"]
    for name in _TOP:
        host = Path("/") / name
        if host.is_symlink():
            cmd += ["--symlink", os.readlink(host), str(host)]
        elif host.is_dir():
            cmd += ["--ro-bind", str(host), str(host)]
    for path in _ETC:
        if os.path.lexists(path):
            cmd += ["--ro-bind", path, path]
    cmd += ["--proc", "/proc", "--dev", "/dev", "--size", str(TMP_BYTES), "--tmpfs", "/tmp"]
    for dev in devices:
        cmd += ["--dev-bind", dev, dev]
    for path in ro:
        cmd += ["--ro-bind", str(path), str(path)]
    for path in rw:
        cmd += ["--bind", str(path), str(path)]
    for key, value in {**BASE_ENV, **(env or {})}.items():
        cmd += ["--setenv", key, value]
    if cwd is not None:
        cmd += ["--chdir", str(cwd)]
    return cmd + ["--", *argv]


@functools.lru_cache(maxsize=1)
def unavailable() -> str | None:
    """Why the jail cannot run here (None: it can). Probed once per process."""
    if shutil.which(BWRAP) is None:
        return "bubblewrap (bwrap) is not installed: apt-get install bubblewrap (setup.sh installs it)"
    try:
        proc = subprocess.run(bwrap_argv(["true"]), env=dict(BASE_ENV), capture_output=True, text=True,
                              timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bwrap does not start: {exc}"
    if proc.returncode != 0:
        return (f"bwrap cannot make its namespaces here ({proc.stderr.strip()[:200] or proc.returncode}); "
                "user namespaces must be allowed (kernel.unprivileged_userns_clone=1, or run as root)")
    return None


def require() -> None:
    """IsolationUnavailable unless the jail works on this machine."""
    why = unavailable()
    if why:
        raise IsolationUnavailable(f"kernel builds and reproducer compiles run only isolated, and cannot here: {why}")


def isolated(argv: list[str], *, ro: Iterable[Path | str] = (), rw: Iterable[Path | str] = (),
             env: dict[str, str] | None = None, cwd: Path | str | None = None, timeout: float = 600,
             log_file: Path | None = None, devices: Iterable[str] = ()) -> CmdResult:
    """Run argv in the jail; IsolationUnavailable when there is none (never a run on the host).
    A bound path must not go through a symbolic link (a jailed build could plant one in its output
    for the next jail to bind a host file)."""
    require()
    ro, rw = [str(p) for p in ro], [str(p) for p in rw]
    for path in (*ro, *rw):
        if os.path.realpath(path) != os.path.abspath(path):
            raise SandboxError(f"{path} goes through a symbolic link: not bound into the jail")
    full_env = {**BASE_ENV, **(env or {})}
    return run_process(bwrap_argv(argv, ro=ro, rw=rw, env=env, cwd=cwd, devices=devices), env=full_env,
                       timeout=timeout, log_file=log_file)


def run_process(cmd: list[str], *, env: dict[str, str], cwd: Path | None = None, timeout: float = 600,
                log_file: Path | None = None, stdin=subprocess.DEVNULL, input: str | None = None) -> CmdResult:
    """Run cmd with exactly `env`, in its own process group, killed whole at the time limit.
    Output (stdout and stderr) goes to log_file when given."""
    start = time.monotonic()
    sink = open(log_file, "w") if log_file else subprocess.PIPE
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=sink, stderr=subprocess.STDOUT,
                                stdin=subprocess.PIPE if input is not None else stdin,
                                start_new_session=True, text=True, errors="replace")
        timed_out = False
        try:
            out, _ = proc.communicate(input=input, timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
    finally:
        if log_file:
            sink.close()
    if log_file:
        out = log_file.read_text(errors="replace")
    return CmdResult(proc.returncode, out or "", time.monotonic() - start, timed_out)
