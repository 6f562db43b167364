"""LocalSandbox: plain subprocesses in a host directory. For development only.

It does NOT isolate the host: commands run as the calling user, with its network, its files
and its privileges (the worker refuses it without ``CRASHFIX_ALLOW_LOCAL_SANDBOX=unsafe``).
What it does: a scrubbed environment, and each command in a PID namespace of its own
(``unshare --pid --fork --kill-child --mount-proc``, as root or in a user namespace) so that
its whole process tree, ``setsid`` and double-forked children included, dies when it returns
and the host's processes (``/proc/$PPID/environ``) are out of sight. Use Docker for untrusted code.
"""
from __future__ import annotations

import logging
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from sandbox.base import SCRATCH_DIR, ExecResult, SandboxError, limit_lines
from sandbox.session import OUTPUT_LIMIT, OWN_ENV, CappedBuffer, GitWorkspace, PromptSession

log = logging.getLogger(__name__)

_NAMESPACES = ["--pid", "--fork", "--kill-child", "--mount-proc"]
_contain: list[str] | None = None


def pid_namespace() -> list[str]:
    """The argv prefix that runs a command in a PID namespace of its own (its tree dies with it),
    as root or in a user namespace; [] when neither works here (then only its process group)."""
    global _contain
    if _contain is None:
        _contain = []
        # by absolute path: a command's PATH starts with the venv, which the repository owns
        unshare = shutil.which("unshare", path="/usr/bin:/bin")
        tries = [[unshare, *_NAMESPACES]] if os.geteuid() == 0 else []
        tries += [[unshare, "--user", "--map-current-user", *_NAMESPACES],
                  [unshare, "--user", "--map-root-user", *_NAMESPACES]]
        for prefix in tries if unshare else []:
            try:
                ok = subprocess.run([*prefix, "/bin/true"], capture_output=True, timeout=10).returncode == 0
            except (OSError, subprocess.TimeoutExpired):
                ok = False
            if ok:
                _contain = prefix
                break
        else:
            log.warning("LocalSandbox: no PID namespace available (unshare failed); a command's "
                        "setsid children can outlive it")
    return _contain


def _killpg(proc: subprocess.Popen) -> None:
    """SIGKILL the process group until it is empty (members may fork while it is killed)."""
    for _ in range(1000):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            return
        if proc.poll() is None:
            time.sleep(0.001)
        else:
            try:  # the leader is reaped; are members left?
                os.killpg(proc.pid, 0)
            except (ProcessLookupError, PermissionError):
                return


class LocalSession(PromptSession):
    """An interactive program over pipes, in its own process group."""

    def __init__(self, argv: list[str], prompt: str, cwd: str, env: dict[str, str]):
        super().__init__(prompt)
        self._q: queue.Queue = queue.Queue()
        self._open = 2
        self.proc = subprocess.Popen([*pid_namespace(), *argv], cwd=cwd, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     start_new_session=True, bufsize=0)
        for stream, f in ((1, self.proc.stdout), (2, self.proc.stderr)):
            threading.Thread(target=self._pump, args=(stream, f), daemon=True).start()

    def _pump(self, stream: int, f) -> None:
        fd = f.fileno()
        while True:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            self._q.put((stream, data))
            if not data:
                return

    def _recv(self, timeout: float):
        while True:
            try:
                stream, data = self._q.get(timeout=timeout)
            except queue.Empty:
                raise TimeoutError from None
            if data:
                return stream, data
            self._open -= 1
            if self._open == 0:
                return None

    def _send_bytes(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def _kill(self) -> None:
        _killpg(self.proc)
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass


# the host variables a command may see; everything else (tokens, keys, CRASHFIX_*) stays out
HOST_ENV_KEPT = ("PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LC_ALL", "LC_CTYPE", "TZ",
                 "TERM", "TMPDIR")


def scrubbed_env() -> dict[str, str]:
    """The host environment reduced to `HOST_ENV_KEPT`."""
    return {k: v for k, v in os.environ.items() if k in HOST_ENV_KEPT}


class LocalSandbox(GitWorkspace):
    """Runs commands as plain subprocesses in ``workspace`` (a copy of the repository).

    NO ISOLATION: this is for development and tests on trusted code only. Every command
    runs in its own PID namespace when possible (`pid_namespace`) and its own process group,
    under a timeout that kills the whole tree, with a scrubbed environment (only
    `HOST_ENV_KEPT` of the host's variables).
    """

    def __init__(self, workspace: Path | str, *, venv: Path | str | None = None,
                 env: dict[str, str] | None = None, output_limit: int = OUTPUT_LIMIT,
                 owns_workspace: bool = False):
        self.root = Path(workspace).resolve()
        if not self.root.is_dir():
            raise SandboxError(f"workspace {self.root} is not a directory")
        self.workdir = str(self.root)
        # SCRATCH_DIR, for this sandbox: a private folder outside the workspace (paths, commands,
        # sessions and environment values naming SCRATCH_DIR are mapped onto it, outputs back)
        self.scratch = Path(tempfile.mkdtemp(prefix="crashfix-scratch-")).resolve()
        self.venv = Path(venv) if venv else None
        self.output_limit = output_limit
        self._owns = owns_workspace
        self._closed = False
        self._sessions: list[LocalSession] = []
        self.env = scrubbed_env()
        self.env.update({"PYTHONDONTWRITEBYTECODE": "1", "PIP_NO_INPUT": "1",
                         "GIT_TERMINAL_PROMPT": "0"})
        if self.venv:
            self.env["VIRTUAL_ENV"] = str(self.venv)
            self.env["PATH"] = f"{self.venv / 'bin'}{os.pathsep}{self.env.get('PATH', '')}"
        self.env.update(env or {})
        log.warning("LocalSandbox at %s does NOT isolate: repository code runs as this user "
                    "with full access to the host and network", self.root)

    # paths ---------------------------------------------------------------
    def _in(self, text: str) -> str:
        return text.replace(SCRATCH_DIR, str(self.scratch))

    def _out(self, text: str) -> str:
        return text.replace(str(self.scratch), SCRATCH_DIR)

    def _path(self, path: str) -> Path:
        if path == SCRATCH_DIR or path.startswith(SCRATCH_DIR + "/"):
            full = Path(self._in(path)).resolve()
            if full.is_relative_to(self.scratch):
                return full
        p = Path(path)
        full = (p if p.is_absolute() else self.root / p).resolve()
        if full != self.root and not full.is_relative_to(self.root):
            raise SandboxError(f"path {path!r} escapes the workspace {self.root}")
        return full

    def _cwd(self, cwd: str | None) -> str:
        return str(self._path(cwd)) if cwd else str(self.root)

    # commands --------------------------------------------------------------
    def run(self, cmd: str, *, timeout: float = 60.0, cwd: str | None = None,
            env: dict[str, str] | None = None) -> ExecResult:
        full_env = {k: self._in(v) for k, v in {**self.env, **(env or {})}.items()}
        res = self._run(self._in(cmd), timeout, self._cwd(cwd), full_env)
        return ExecResult(res.exit_code, self._out(res.output), res.timed_out, res.duration, res.limits)

    def setenv(self, values: dict[str, str]) -> None:
        """Environment variables for every later command of the repository."""
        self.env.update(values)

    def run_own(self, cmd: str, *, timeout: float) -> ExecResult:
        """One of crashfix's own shell commands (git) with `OWN_ENV` only, in the workspace."""
        return self._run(cmd, timeout, str(self.root), dict(OWN_ENV))

    def _run(self, cmd: str, timeout: float, cwd: str, full_env: dict[str, str]) -> ExecResult:
        self._check_open()
        start = time.monotonic()
        try:
            proc = subprocess.Popen([*pid_namespace(), "/bin/bash", "-c", cmd], cwd=cwd, env=full_env,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        except OSError as e:  # bad cwd, no processes left
            return ExecResult(exit_code=126, output=f"crashfix: cannot start command: {e}")
        buf = CappedBuffer(self.output_limit)

        def pump():
            fd = proc.stdout.fileno()
            while chunk := os.read(fd, 65536):
                buf.add(chunk)

        reader = threading.Thread(target=pump, daemon=True)
        reader.start()
        timed_out = False
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
        # kill the whole group: on timeout, and also leftovers that still hold the pipe
        _killpg(proc)
        proc.wait()
        reader.join(timeout=2)
        proc.stdout.close()
        hits = [f"timed out after {timeout:g} s (command killed)"] if timed_out else []
        if buf.cut:
            hits.append(f"output truncated at {self.output_limit} bytes "
                        f"({buf.cut} bytes cut from the middle)")
        return ExecResult(exit_code=proc.returncode if not timed_out else 124,
                          output=buf.text() + limit_lines(hits), timed_out=timed_out,
                          duration=time.monotonic() - start, limits=tuple(hits))

    def read(self, path: str) -> str:
        self._check_open()
        try:
            return self._path(path).read_text(errors="replace")
        except OSError as e:
            raise SandboxError(f"cannot read {path}: {e}") from e

    def write(self, path: str, text: str) -> None:
        self._check_open()
        p = self._path(path)
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
        except OSError as e:
            raise SandboxError(f"cannot write {path}: {e}") from e

    def session(self, argv: list[str], prompt: str, *, timeout: float = 30.0,
                cwd: str | None = None) -> LocalSession:
        self._check_open()
        env = {**self.env, "PYTHONUNBUFFERED": "1"}
        try:
            s = LocalSession([self._in(a) for a in argv], prompt, self._cwd(cwd),
                             {k: self._in(v) for k, v in env.items()})
        except OSError as e:
            raise SandboxError(f"cannot start session {argv[:3]}: {e}") from e
        self._sessions.append(s)
        return s.start(timeout)

    def _check_open(self) -> None:
        if self._closed:
            raise SandboxError("sandbox is closed")

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for s in self._sessions:
            s.close()
        shutil.rmtree(self.scratch, ignore_errors=True)
        if self._owns:
            top = self.root.parent if self.root.parent.name.startswith("crashfix-ws-") else self.root
            shutil.rmtree(top, ignore_errors=True)
            if self.venv and self.venv.parent.name.startswith("crashfix-venv-"):
                shutil.rmtree(self.venv.parent, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def make_workspace(repo_dir: Path | str) -> Path:
    """Copy ``repo_dir`` (with its .git) into a fresh temporary directory."""
    dest = Path(tempfile.mkdtemp(prefix="crashfix-ws-")) / "workspace"
    shutil.copytree(repo_dir, dest, symlinks=True)
    return dest
