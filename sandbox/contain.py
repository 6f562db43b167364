"""Host paths named by a repository or a sandbox, held inside their root (the one home for it).

Everything a repository or a sandbox hands the host is data: a diff's file names, a tool's
argument, a ctags row, a symlink in the clone. Before the host reads, writes or deletes anything of
a clone or a mirror, the path goes through `inside` (no absolute path, no `..`, no symlink leading
out of the root) or comes from `files` (a walk that never follows a link at all).
"""
from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath

from sandbox.base import SandboxError


class PathEscapes(SandboxError, ValueError):
    """A path would leave its root (absolute, `..`, or through a symlink)."""


def inside(root: Path | str, path: str) -> Path:
    """``root / path`` with every symlink resolved, when that stays under ``root``.

    Raises PathEscapes for an empty or absolute path, a `..` part, a NUL byte, or a symlink (any
    part, the last included) whose target leaves the root. The path need not exist."""
    rel = _relative(path)
    base = Path(root).resolve()
    full = (base / rel).resolve()
    if full != base and not full.is_relative_to(base):
        raise PathEscapes(f"path {path!r} leads out of its root (through a symlink)")
    return full


def entry(root: Path | str, path: str) -> Path:
    """``root / path`` to remove or replace the entry itself: its folder is `inside` the root,
    its last part (a symlink, say) is not followed."""
    rel = _relative(path)
    if not rel.name:
        raise PathEscapes(f"path {path!r} names the root itself")
    return inside(root, str(rel.parent)) / rel.name


def _relative(path: str) -> PurePosixPath:
    if not isinstance(path, str) or not path or "\0" in path:
        raise PathEscapes(f"path {path!r} is not a relative path")
    rel = PurePosixPath(path)
    if rel.is_absolute() or ".." in rel.parts:
        raise PathEscapes(f"path {path!r} must be relative to the root, without '..'")
    return rel


def within(root: Path | str, path: str) -> Path | None:
    """`inside`, or None when the path would leave the root (for callers that skip such paths)."""
    try:
        return inside(root, path)
    except PathEscapes:
        return None


def read_text(root: Path | str, path: str, errors: str = "replace") -> str:
    """The text of a regular file under ``root`` (never a device, FIFO or anything out of the root)."""
    full = inside(root, path)
    fd = os.open(full, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise PathEscapes(f"{path!r} is not a regular file")
        return fh.read().decode("utf-8", errors)


def files(root: Path | str, skip_dir: Callable[[str], bool] = lambda name: False) -> Iterator[str]:
    """The regular files under ``root`` as relative POSIX paths (folder by folder, each sorted by
    name), never through a symlink.

    Links (to files or folders, inside the root or not) are skipped: what one points to inside the
    root is walked under its own name. ``skip_dir(name)`` prunes folders by name."""
    base = Path(root)

    def walk(folder: Path, prefix: str) -> Iterator[str]:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            if entry.is_symlink():
                continue
            if entry.is_dir(follow_symlinks=False):
                if not skip_dir(entry.name):
                    yield from walk(Path(entry.path), f"{prefix}{entry.name}/")
            elif entry.is_file(follow_symlinks=False):
                yield prefix + entry.name

    if base.is_symlink() or not base.is_dir():
        return iter(())
    return walk(base, "")


def entries(folder: Path) -> list[tuple[str, str]]:
    """A folder's entries, sorted, as (name, kind) with kind "dir", "file" or "link -> target";
    nothing is followed, so a link's target is only named, never opened."""
    out = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.is_symlink():
            out.append((entry.name, f"link -> {os.readlink(entry.path)}"))
        else:
            out.append((entry.name, "dir" if entry.is_dir(follow_symlinks=False) else "file"))
    return out
