"""The Sandbox protocol shared by every backend, and the sandbox's exceptions."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

WORKSPACE = "/workspace"
# crashfix's own files during a run (snippets, scripts, reproducers, junit reports): outside the
# repository's tree, so that nothing of ours is ever part of it (a test that walks the tree, a diff).
# Docker: in the home volume (not kept in the environment cache); local: a private temporary folder
# the LocalSandbox maps this path onto.
SCRATCH_DIR = "/home/sandbox/.crashfix-scratch"


@dataclass(frozen=True)
class ExecResult:
    exit_code: int
    output: str
    timed_out: bool = False
    duration: float = 0.0
    limits: tuple[str, ...] = ()    # the limits this command hit, e.g. "killed: memory limit 512 MiB"

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out


def size_text(n: int) -> str:
    """512 MiB, 1 GiB, 300 KiB, 17 bytes."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.4g} {unit}"
    return f"{n} bytes"


def limit_lines(hits: list[str] | tuple[str, ...]) -> str:
    """The lines appended to a command's output for the limits it hit (one format everywhere).
    A truncation is marked where the output was cut (`CappedBuffer`), not at the end."""
    return "".join(f"\n[crashfix: {hit}]" for hit in hits if not hit.startswith("output truncated"))


def limit_hits(text: str) -> list[str]:
    """The limit messages found in an output (from `limit_lines`), for reports written later."""
    import re
    return re.findall(r"^\[crashfix: ((?:killed|timed out|output truncated|process limit|disk limit)[^\]]*)\]$",
                      text, re.M)


class SandboxError(Exception):
    """Root of every sandbox failure."""


class SandboxDead(SandboxError):
    """The sandbox (engine, container or process group) is gone; the run must stop."""


class CommandTimeout(SandboxError, TimeoutError):
    """A command or an interactive read ran past its time limit."""


class ImageMissing(SandboxError):
    """The sandbox image does not exist and could not be built."""


class SetupFailed(SandboxError):
    """Installing the repository inside the sandbox failed."""


class RefMissing(SandboxError):
    """The branch, tag or commit a run was asked to use is not in the repository (bad input, not the host)."""


class CaptureRefused(SandboxError, OSError):
    """A sandbox folder was not copied to the host: over its bound, or holding a sparse file."""


class PatchFailed(SandboxError):
    """A patch did not apply to the workspace."""


class Session(Protocol):
    """An interactive program (pdb, gdb) driven to its prompt."""

    def send(self, line: str, timeout: float = 10.0) -> str:
        """Send one line, return everything printed up to the next prompt (without it)."""

    @property
    def alive(self) -> bool: ...

    def close(self) -> None: ...


class Sandbox(Protocol):
    """Runs commands against one workspace (the repository under repair).

    Paths given to read/write are relative to the workspace root unless absolute.
    """

    workdir: str

    def run(self, cmd: str, *, timeout: float = 60.0, cwd: str | None = None,
            env: dict[str, str] | None = None) -> ExecResult: ...

    def read(self, path: str) -> str: ...

    def write(self, path: str, text: str) -> None: ...

    def apply_patch(self, diff: str) -> None:
        """Apply a unified diff to the workspace; raise PatchFailed when it does not apply."""

    def git(self, args: str, what: str = "git") -> str:
        """Run crashfix's own git (``args`` is shell text after ``git``) in the workspace; its
        output. Raises SandboxError naming ``what`` when it fails."""

    def snapshot(self) -> None:
        """Remember the workspace as it is now; reset() returns to it."""

    def reset(self) -> None:
        """Return the workspace to the last snapshot (cheap: no new clone)."""

    def diff(self) -> str:
        """The unified diff of the workspace against the last snapshot."""

    def session(self, argv: list[str], prompt: str, *, timeout: float = 30.0,
                cwd: str | None = None) -> Session: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Limits:
    """Resource limits of a sandbox (the Docker backend enforces them; local ignores them)."""

    mem: str = "2g"
    disk: str = "1g"              # each of /workspace and /home/sandbox (tmpfs: counts against mem)
    cpus: float = 2.0
    pids: int = 256
    tmp_size: str | None = None   # default: half of mem (tmpfs pages count against mem)
    output_limit: int = 1_000_000         # bytes of a command's output kept (head + tail)
    output_max: int = 1 << 30             # bytes a command may print before it is killed
    api_timeout: float = 30.0
    read_only_root: bool = True
