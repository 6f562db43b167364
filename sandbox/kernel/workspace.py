"""The research agent's workspace on a kernel tree: the cached checkout read as is, the agent's edits
kept aside in a folder of crashfix's own (a copy of each edited file), its diff made by git against
the checkout. A kernel tree is ~1.3 GB: copying it per trajectory is not an option, and nothing runs
in this workspace (the patched kernel is built and booted by the kernel path, jailed, on submit), so
`run` answers that no command runs here and says what does.

It implements the parts of the Sandbox protocol the agent's read/edit/submit tools use (read, write,
diff, apply_patch, snapshot/reset, close); a path out of the tree or through a symlink is refused
(`sandbox.contain`)."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from sandbox import contain, hostgit
from sandbox.base import ExecResult, PatchFailed, SandboxError

NO_COMMANDS = ("no command runs in the kernel workspace: the kernel is built and booted under QEMU with the "
               "reproducer only when you `submit` (one incremental build and the boots, a minute or more); "
               "read the code with view/search tools and edit it")


class KernelWorkspace:
    workdir = "/workspace"

    def __init__(self, src: Path):
        self.src = Path(src)
        self._dir = Path(tempfile.mkdtemp(prefix="crashfix-kws-"))
        self.edits = self._dir / "edits"             # the edited files, at their tree paths
        self.edits.mkdir()
        self.closed = False

    # -- files ---------------------------------------------------------------------------------
    def _rel(self, path: str) -> str:
        p = path.removeprefix(self.workdir + "/").removeprefix("./")
        if contain.within(self.src, p) is None:
            raise SandboxError(f"{path!r} is not a path of the tree")
        return p

    def read(self, path: str) -> str:
        rel = self._rel(path)
        mine = contain.within(self.edits, rel)
        if mine is not None and mine.is_file():
            return mine.read_text()
        original = self._original(rel)
        if original is None:
            raise SandboxError(f"cannot read {rel}: not a file of the tree")
        return original

    def _original(self, rel: str) -> str | None:
        """The file as the checkout's commit holds it (from git, not the working tree: a validation
        under way patches the checkout for a minute), or None when the commit has no such file."""
        proc = hostgit.run("cat-file", "-p", f"HEAD:{rel}", cwd=self.src, timeout=30, check=False)
        kind = hostgit.run("cat-file", "-t", f"HEAD:{rel}", cwd=self.src, timeout=30, check=False)
        return proc.stdout if proc.returncode == 0 and kind.stdout.strip() == "blob" else None

    def write(self, path: str, text: str) -> None:
        rel = self._rel(path)
        target = contain.entry(self.edits, rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)

    def edited(self) -> list[str]:
        return sorted(str(p.relative_to(self.edits)) for p in self.edits.rglob("*") if p.is_file())

    def diff(self) -> str:
        """`git diff` of each edited file against the checkout's copy, with a/ b/ tree paths."""
        parts = []
        base = self._dir / "base"
        for rel in self.edited():
            original = self._original(rel)
            old = "/dev/null"
            if original is not None:
                shutil.rmtree(base, ignore_errors=True)
                base.mkdir()
                (base / "file").write_text(original)
                old = str(base / "file")
            proc = hostgit.run("diff", "--no-index", "--no-color", "--no-ext-diff", "--", old, str(self.edits / rel),
                               cwd=self._dir, timeout=30, check=False)
            if proc.returncode not in (0, 1):
                raise SandboxError(f"git diff of {rel} failed: {proc.stderr.strip()[:300]}")
            parts.append(_retarget(proc.stdout, rel))
        return "".join(parts)

    def apply_patch(self, diff: str) -> None:
        """Apply a diff to the workspace (a resume's saved edits): the files it names are copied aside
        and patched there."""
        stage = Path(tempfile.mkdtemp(prefix="apply-", dir=self._dir))
        try:
            names = {line[6:].strip() for line in diff.splitlines() if line.startswith(("+++ b/", "--- a/"))}
            for rel in names:
                (stage / rel).parent.mkdir(parents=True, exist_ok=True)
                try:
                    (stage / rel).write_text(self.read(rel))
                except SandboxError:
                    pass               # a new file
            proc = hostgit.run("apply", "-", cwd=stage, input=diff, timeout=30, check=False)
            if proc.returncode != 0:
                raise PatchFailed(proc.stderr.strip()[:500])
            for rel in names:
                if (stage / rel).is_file():
                    self.write(rel, (stage / rel).read_text())
        finally:
            shutil.rmtree(stage, ignore_errors=True)

    def snapshot(self) -> None:
        """The workspace as it is becomes the base: not needed here (the base is the checkout)."""

    def reset(self) -> None:
        shutil.rmtree(self.edits, ignore_errors=True)
        self.edits.mkdir()

    # -- what does not happen here ---------------------------------------------------------------
    def run(self, cmd: str, *, timeout: float = 60.0, cwd: str | None = None,
            env: dict[str, str] | None = None) -> ExecResult:
        return ExecResult(126, NO_COMMANDS)

    def git(self, args: str, what: str = "git") -> str:
        raise SandboxError(f"{what}: {NO_COMMANDS}")

    def session(self, argv: list[str], prompt: str, *, timeout: float = 30.0, cwd: str | None = None):
        raise SandboxError(NO_COMMANDS)

    def close(self) -> None:
        self.closed = True
        shutil.rmtree(self._dir, ignore_errors=True)


def _retarget(diff: str, rel: str) -> str:
    """git diff --no-index names the two host paths: name the tree path instead, as `git diff` would."""
    out = []
    for line in diff.splitlines(keepends=True):
        if line.startswith("diff --git "):
            line = f"diff --git a/{rel} b/{rel}\n"
        elif line.startswith("--- ") and not line.startswith("--- /dev/null"):
            line = f"--- a/{rel}\n"
        elif line.startswith("+++ "):
            line = f"+++ b/{rel}\n"
        out.append(line)
    return "".join(out)
