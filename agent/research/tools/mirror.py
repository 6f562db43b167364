"""The workspace as edited, mirrored on the host: the files the sandbox's diff names, read back from
the sandbox into a folder of crashfix's own. The diff is sandbox output (a fake `git` in the
sandbox can print any diff), so its file names are data: one that leaves the mirror (absolute,
`..`) is skipped, and nothing is written or deleted outside the mirror (`sandbox.contain`)."""
from __future__ import annotations

import logging
import re
import tempfile
from pathlib import Path

from agent.research.tools.base import ToolContext
from sandbox import contain

log = logging.getLogger(__name__)

SKIP_DIRS = {".git", "__pycache__", ".crashfix", ".venv", "venv", "node_modules", ".tox", ".mypy_cache",
             ".pytest_cache", "build", "dist"}


def skip_dir(name: str) -> bool:
    return name in SKIP_DIRS or name.endswith(".egg-info")


def _skipped(path: str) -> bool:
    return any(skip_dir(part) for part in Path(path).parts)


def _diff_path(line: str, prefix: str) -> str | None:
    """The path of a `--- a/x` / `+++ b/x` line (None for /dev/null)."""
    rest = line[4:].strip()
    if rest.startswith('"') and rest.endswith('"'):
        rest = rest[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1").decode()
    return rest[len(prefix):] if rest.startswith(prefix) else None


def edited(ctx: ToolContext) -> tuple[Path, set[str]]:
    """The workspace's changes against the clone, as (a host folder holding the changed files'
    current text, every changed path -- deleted ones included). Read back from the sandbox's diff, so
    edits made by `edit`, by `run` commands and by a resume's restored patch all count; a file is
    read again only when its part of the diff changed."""
    state = ctx.state.get("edited")
    if state is None:
        state = ctx.state["edited"] = {"dir": tempfile.TemporaryDirectory(prefix="crashfix-edited-"), "parts": {}}
    root = Path(state["dir"].name)
    parts: dict[str, str] = {}
    for part in re.split(r"^(?=diff --git )", ctx.sb.diff(), flags=re.M):
        old = new = None
        for line in part.splitlines():
            if line.startswith("--- "):
                old = _diff_path(line, "a/")
            elif line.startswith("+++ "):
                new = _diff_path(line, "b/")
                break
        path = new or old
        if not path or _skipped(path):
            continue
        if contain.within(root, path) is None:         # sandbox output: a path out of the mirror is data
            log.warning("the workspace diff names %r, which leaves the repository; ignored", path[:200])
            continue
        parts[path] = part if new else ""              # "": deleted
    for path, part in parts.items():
        if state["parts"].get(path) != part:
            _mirror(ctx, root, path, part)
    for path in set(state["parts"]) - set(parts):      # changes undone: the clone's copy is right again
        _mirror(ctx, root, path, "")
    state["parts"] = parts
    return root, set(parts)


def _mirror(ctx: ToolContext, root: Path, path: str, part: str) -> None:
    """Drop the mirror's copy of path and, when the diff has it (``part``), read it back from the
    sandbox. Only inside root: the mirror holds regular files and folders that crashfix made."""
    mirror = contain.entry(root, path)
    try:
        if not mirror.is_dir():
            mirror.unlink(missing_ok=True)
        if part:
            mirror.parent.mkdir(parents=True, exist_ok=True)
            mirror.write_text(ctx.sb.read(path))
    except OSError as exc:                             # e.g. a diff naming both `a` and `a/b`
        log.warning("cannot mirror %r from the workspace diff: %s", path[:200], exc)
