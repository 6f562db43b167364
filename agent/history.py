"""Commit history over the guilty lines: who last touched them, and when they came in (host git,
hardened by `sandbox.hostgit`)."""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path

from sandbox import SandboxError, hostgit

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Commit:
    sha: str
    subject: str
    author: str
    date: str

    def short(self) -> str:
        return f"{self.sha[:12]} (\"{self.subject}\")"


def has_history(repo_dir: Path) -> bool:
    """More than one commit: a single (initial) commit tells nothing about how the code changed."""
    try:
        return int(_git(repo_dir, "rev-list", "--count", "--max-count=2", "HEAD").strip()) > 1
    except (SandboxError, OSError, ValueError):
        return False


IMPORT_FILES = 5000        # a commit touching more files than this is an import of a tree, not a change


def is_import(repo_dir: Path, sha: str) -> bool:
    """A root commit, or one that touches more than IMPORT_FILES files: an import of a whole tree (blaming
    it names no change). Unknown (git failed): False."""
    try:
        if len(_git(repo_dir, "rev-list", "--parents", "-n1", sha).split()) <= 1:
            return True
        return _git(repo_dir, "diff-tree", "--no-commit-id", "-r", "--name-only", "-z", sha).count("\0") > IMPORT_FILES
    except (SandboxError, OSError, ValueError):
        return False


def blame_line(repo_dir: Path, path: str, line: int) -> Commit | None:
    """The commit that last changed path:line (`git blame -L`)."""
    try:
        out = _git(repo_dir, "blame", "-L", f"{line},{line}", "--porcelain", "HEAD", "--", path)
    except (SandboxError, OSError, ValueError) as exc:
        log.info("no blame for %s:%s: %s", path, line, exc)
        return None
    sha = out.split(" ", 1)[0]
    fields = dict(re.findall(r"^(author|author-time|summary) (.*)$", out, re.M))
    return Commit(sha, fields.get("summary", ""), fields.get("author", ""), fields.get("author-time", ""))


def line_history(repo_dir: Path, path: str, start: int, end: int, *, limit: int = 5) -> list[Commit]:
    """Commits that changed lines start..end of path, newest first (`git log -L`)."""
    try:
        out = _git(repo_dir, "log", f"-L{start},{end}:{path}", "-s", f"-n{limit}", "--format=%H%x1f%s%x1f%an%x1f%aI")
    except (SandboxError, OSError, ValueError) as exc:
        log.info("no history for %s:%s-%s: %s", path, start, end, exc)
        return []
    commits = []
    for row in out.splitlines():
        parts = row.split("\x1f")
        if len(parts) == 4:
            commits.append(Commit(*parts))
    return commits


def pickaxe(repo_dir: Path, text: str, *, limit: int = 5) -> list[Commit]:
    """Commits that added or removed `text` (`git log -S`)."""
    try:
        out = _git(repo_dir, "log", f"-S{text}", f"-n{limit}", "--format=%H%x1f%s%x1f%an%x1f%aI")
    except (SandboxError, OSError, ValueError):
        return []
    return [Commit(*row.split("\x1f")) for row in out.splitlines() if row.count("\x1f") == 3]


def _git(repo_dir: Path, *args: str) -> str:
    return hostgit.output(*args, cwd=repo_dir, timeout=120)
