"""Files that hold other people's data (the job table, the queue, run folders: issue text, logs and
diffs of private repositories) are the bot's alone: folders 0700, files 0600, whatever the umask."""
from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)


def private_dir(path: Path) -> Path:
    """Make `path` (and its parents) and keep it 0700: the job table, the queue and the run folders
    inside hold issue text, logs and diffs of private repositories."""
    path = Path(path).expanduser()
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        if path.stat().st_mode & 0o077:
            path.chmod(0o700)
    except OSError as exc:                     # a mount point owned by someone else: say so, go on
        log.warning("cannot make %s private (0700): %s", path, exc)
    return path


def private_file(path: str | Path) -> None:
    """Create `path` if missing and keep it 0600 (SQLite gives its -wal and -shm files the same mode)."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    try:
        if os.stat(path).st_mode & 0o077:
            os.chmod(path, 0o600)
    except OSError as exc:
        log.warning("cannot make %s private (0600): %s", path, exc)
