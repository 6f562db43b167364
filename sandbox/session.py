"""Pieces shared by the backends: capped output, the git workspace mechanism, prompt sessions.

Nothing here knows about Docker or subprocesses; the backends supply the I/O.
"""
from __future__ import annotations

import shlex
import struct
import time
from typing import Protocol

from sandbox.base import CommandTimeout, PatchFailed, SandboxError

OUTPUT_LIMIT = 1_000_000  # bytes kept per command (head + tail)
LATE_SECONDS = 0.05       # a prompt answer waits this long of quiet for output written before the prompt (PromptSession)

# crashfix's own commands in a sandbox (git, the command server) run by absolute path with this
# environment and nothing else: the repository owns the first folder of its own PATH (the venv's
# bin), its HOME and whatever it exports, so a planted `git` or a ~/.gitconfig is never used
SYSTEM_PATH = "/usr/bin:/bin"
OWN_ENV = {"PATH": SYSTEM_PATH, "HOME": "/nonexistent", "LANG": "C.UTF-8", "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"}
GIT = ("/usr/bin/git -c core.fsmonitor=false -c core.hooksPath=/dev/null -c core.pager=cat "
       "-c user.name=crashfix -c user.email=crashfix@localhost -c commit.gpgsign=false "
       "-c core.quotepath=off -c safe.directory='*'")
PATCH_FILE = ".git/crashfix-patch.diff"


class CappedBuffer:
    """Collects bytes, keeping the first and last ``limit/2`` bytes and counting what was cut."""

    def __init__(self, limit: int = OUTPUT_LIMIT):
        self.half = max(limit // 2, 1)
        self.head = bytearray()
        self.tail = bytearray()
        self.cut = 0

    def add(self, data: bytes) -> None:
        room = self.half - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        if not data:
            return
        self.tail += data
        extra = len(self.tail) - self.half
        if extra > 0:
            del self.tail[:extra]
            self.cut += extra

    def text(self) -> str:
        head = self.head.decode("utf-8", "replace")
        if not self.tail:
            return head
        tail = self.tail.decode("utf-8", "replace")
        if self.cut:
            return (f"{head}\n[... crashfix: output truncated at {2 * self.half} bytes: "
                    f"{self.cut} bytes of output cut ...]\n{tail}")
        return head + tail


class _Runs(Protocol):
    def run_own(self, cmd: str, *, timeout: float): ...

    def write(self, path: str, text: str) -> None: ...


def _path_of(header_line: str) -> str:
    return header_line[4:].split("\t")[0].strip()


def normalize_patch(diff: str) -> str:
    """Make a hand- or model-written unified diff safe for ``git apply --recount``.

    Without ``diff --git`` lines, --recount reads the next file's ``--- a/x`` header as a
    removed line of the previous hunk; so give every file section a git header (with
    new/deleted file modes for /dev/null), and a/ b/ prefixes when both are missing.
    """
    lines = diff.splitlines()
    out: list[str] = []
    in_git_header = False
    for i, line in enumerate(lines):
        if line.startswith("diff --git "):
            in_git_header = True
        elif line.startswith("@@"):
            in_git_header = False
        elif (line.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ ")
              and not in_git_header):
            old, new = _path_of(line), _path_of(lines[i + 1])
            if old != "/dev/null" and new != "/dev/null" and not (
                    old.startswith("a/") or new.startswith("b/")):
                old, new = "a/" + old, "b/" + new
                line = f"--- {old}"
                lines[i + 1] = f"+++ {new}"
            elif old == "/dev/null" and not new.startswith("b/"):
                new = "b/" + new
                lines[i + 1] = f"+++ {new}"
            elif new == "/dev/null" and not old.startswith("a/"):
                old = "a/" + old
                line = f"--- {old}"
            a = old[2:] if old != "/dev/null" else new[2:]
            b = new[2:] if new != "/dev/null" else old[2:]
            out.append(f"diff --git a/{a} b/{b}")
            if old == "/dev/null":
                out.append("new file mode 100644")
            elif new == "/dev/null":
                out.append("deleted file mode 100644")
        out.append(line)
    return "\n".join(out) + "\n"


def per_file(diff: str) -> dict[str, str]:
    """path -> its part of a git diff (keyed by the `diff --git` header's new path)."""
    out: dict[str, str] = {}
    path, chunk = None, []
    for line in diff.splitlines(keepends=True):
        if line.startswith("diff --git "):
            if path is not None:
                out[path] = "".join(chunk)
            path, chunk = _new_path(line), []
        chunk.append(line)
    if path is not None:
        out[path] = "".join(chunk)
    return out


def new_file(chunk: str | None) -> bool:
    """Whether a `per_file` part creates its file (the file is in no snapshot)."""
    head = (chunk or "").split("\n@@", 1)[0].split("\n--- ", 1)[0]
    return "\nnew file mode " in head


def _new_path(header: str) -> str:
    rest = header.rstrip("\n")[len("diff --git "):]
    half = (len(rest) - 1) // 2                       # "a/P b/P": the same path twice
    if rest[:half].startswith("a/") and rest[half + 1:].startswith("b/") and rest[2:half] == rest[half + 3:]:
        return rest[half + 3:]
    return rest.rsplit(" b/", 1)[-1]


class GitWorkspace:
    """snapshot/reset/diff/apply_patch through git inside the workspace (any backend with
    ``run_own``, which runs crashfix's own shell command with `OWN_ENV` in the workspace, and write).

    The repository's code can still edit ``.git`` (its config, attributes, objects): the git
    binary and its global configuration are crashfix's, the output remains untrusted data."""

    _base: str | None = None
    git_timeout: float = 120.0

    def git(self: _Runs, args: str, what: str = "git") -> str:
        """Run crashfix's git (``args`` is shell text after ``git``) in the workspace; its output."""
        res = self.run_own(f"{GIT} {args}", timeout=self.git_timeout)
        if not res.ok:
            raise SandboxError(f"{what} failed (exit {res.exit_code}): {res.output.strip()[-2000:]}")
        return res.output

    def snapshot(self) -> None:
        out = self.git(
            f"--version >/dev/null && {{ [ -e .git ] || {GIT} init -q . ; }} && "
            f"{GIT} add -A . && "
            f"{GIT} commit -q --no-verify --allow-empty -m 'crashfix snapshot' && "
            f"{GIT} rev-parse HEAD", "snapshot")
        self._base = out.strip().splitlines()[-1]

    def _need_base(self) -> str:
        if not self._base:
            raise SandboxError("no snapshot taken yet: call snapshot() first")
        return self._base

    def reset(self) -> None:
        base = self._need_base()
        self.git(f"reset -q --hard {base} && {GIT} clean -fdq", "reset")

    def diff(self) -> str:
        base = self._need_base()
        # intent-to-add makes new untracked files show up; reset() clears the index again
        return self.git(f"add -A -N . && {GIT} diff --no-color --no-ext-diff --no-textconv --src-prefix=a/ "
                         f"--dst-prefix=b/ {base}", "diff")

    def restore(self, paths: list[str]) -> None:
        """Put ``paths`` back as the snapshot holds them (removed when the snapshot has none)."""
        base = self._need_base()
        for path in paths:
            q = shlex.quote(path)
            self.run_own(f"{GIT} checkout -q {base} -- {q} 2>/dev/null || rm -f -- {q}", timeout=self.git_timeout)

    def apply_patch(self, diff: str) -> None:
        if not diff.strip():
            raise PatchFailed("empty patch")
        self.write(PATCH_FILE, normalize_patch(diff))
        opts = f"--recount --whitespace=nowarn {PATCH_FILE}"
        res = self.run_own(f"{GIT} apply --check {opts} && {GIT} apply {opts}", timeout=self.git_timeout)
        if not res.ok:
            raise PatchFailed(res.output.strip() or f"git apply exited {res.exit_code}")


class PromptSession:
    """Drives an interactive program to its prompt.

    Subclasses provide ``_recv(timeout) -> (stream, bytes) | None`` (stream 1 = stdout,
    2 = stderr; None at end of output; raise TimeoutError when nothing came in time),
    ``_send_bytes(data)`` and ``_kill()``. The prompt is looked for on stdout only.
    """

    def __init__(self, prompt: str):
        self.prompt = prompt
        self._prompt_b = prompt.encode()
        self._alive = True
        self.banner = ""

    # subclass hooks -------------------------------------------------------
    def _recv(self, timeout: float) -> tuple[int, bytes] | None:
        raise NotImplementedError

    def _send_bytes(self, data: bytes) -> None:
        raise NotImplementedError

    def _kill(self) -> None:
        raise NotImplementedError

    # protocol ----------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self._alive

    def _until_prompt(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        out = CappedBuffer()
        tail = b""
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.close()
                raise CommandTimeout(
                    f"no prompt {self.prompt!r} within {timeout:g}s; session killed. "
                    f"Output so far: {out.text()[-2000:]}")
            try:
                item = self._recv(remaining)
            except TimeoutError:
                continue
            if item is None:  # program ended
                self._alive = False
                self._kill()
                return out.text()
            stream, data = item
            out.add(data)
            if stream == 1 and data:
                tail = (tail + data)[-len(self._prompt_b):]
                if tail == self._prompt_b:
                    text = out.text()
                    text = text[: len(text) - len(self.prompt)] if text.endswith(self.prompt) else text
                    return text + self._late()

    def _late(self) -> str:
        """What the program wrote before its prompt that arrives after it: stdout and stderr are read apart
        (pdb prints an uncaught exception's traceback on stderr, then its prompt on stdout), so the answer
        waits a moment (LATE_SECONDS of quiet) for the rest; else it would open the next command's answer."""
        late = CappedBuffer()
        while True:
            try:
                item = self._recv(LATE_SECONDS)
            except TimeoutError:
                break
            if item is None:               # the program ended
                self._alive = False
                self._kill()
                break
            late.add(item[1])
        return late.text()

    def start(self, timeout: float) -> "PromptSession":
        self.banner = self._until_prompt(timeout)
        return self

    def send(self, line: str, timeout: float = 10.0) -> str:
        if not self._alive:
            raise SandboxError("the session's program has ended")
        try:
            self._send_bytes(line.rstrip("\n").encode() + b"\n")
        except OSError:
            self._alive = False
            return ""
        return self._until_prompt(timeout)

    def close(self) -> None:
        self._alive = False
        self._kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class FrameReader:
    """Reads Docker's multiplexed stream: 8-byte header (stream, 0, 0, 0, big-endian size) + payload.

    ``recv(n)`` must raise TimeoutError on timeout and return b"" at end of stream.
    Partial frames survive a timeout.
    """

    def __init__(self, sock):
        self.sock = sock
        self.buf = bytearray()
        self.eof = False

    def read(self, timeout: float | None) -> tuple[int, bytes] | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            if len(self.buf) >= 8:
                stream, size = struct.unpack(">BxxxL", self.buf[:8])
                if len(self.buf) >= 8 + size:
                    data = bytes(self.buf[8:8 + size])
                    del self.buf[:8 + size]
                    return stream, data
            if self.eof:
                return None
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("no data from the exec stream")
                self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except OSError as e:  # socket.timeout is a subclass of OSError (TimeoutError)
                if isinstance(e, TimeoutError):
                    raise
                self.eof = True
                continue
            if not chunk:
                self.eof = True
            self.buf += chunk


def shell_join(argv: list[str]) -> str:
    return " ".join(shlex.quote(a) for a in argv)
