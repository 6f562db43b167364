"""Prepared environments kept between runs: a sandbox's /home/sandbox (the venv) after a set-up
that worked, as a tar on the host per key (`sandbox.docker.envkey`), reused by the next run of the same
repository; bounded on disk, the least recently used evicted first.

An entry is captured after set-up (`Pending`, a file of its own) and kept only when the run says
the set-up worked (`keep`): a failed or env_broken set-up is never cached. A hit touches the
entry (its mtime is its last use)."""
from __future__ import annotations

import logging
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from sandbox.base import size_text
from sandbox import variables

log = logging.getLogger(__name__)

SUFFIX = ".tar"


def cache_dir() -> Path:
    """Where entries live: CRASHFIX_ENV_CACHE (default /var/cache/crashfix/envs)."""
    return Path(variables.value("ENV_CACHE"))


def parse_size(text: str) -> int:
    """'5g', '500m', '0' -> bytes; a clear error on anything else."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*", str(text).lower())
    if not m:
        raise ValueError(f"not a size: {text!r} (expected e.g. 5g, 500m, 0 to turn the cache off)")
    return int(float(m.group(1)) * {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}[m.group(2)])


def limit() -> int:
    """The cache's bound in bytes: CRASHFIX_ENV_CACHE_MAX (default 5g; 0 turns caching off)."""
    return parse_size(variables.value("ENV_CACHE_MAX"))


@dataclass(frozen=True)
class Entry:
    key: str
    path: Path
    size: int
    used: float                          # last use (mtime), seconds since the epoch


@dataclass
class Pending:
    """A captured environment waiting for the run's word that the set-up worked."""
    key: str
    path: Path

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)


def entries(folder: Path | None = None) -> list[Entry]:
    """The kept entries, least recently used first."""
    folder = folder or cache_dir()
    out = []
    for p in folder.glob(f"*{SUFFIX}") if folder.is_dir() else ():
        try:
            st = p.stat()
        except FileNotFoundError:        # evicted by another run meanwhile
            continue
        out.append(Entry(p.name[:-len(SUFFIX)], p, st.st_size, st.st_mtime))
    return sorted(out, key=lambda e: e.used)


def lookup(key: str):
    """An open binary file of the entry for ``key`` (touched: used now), or None. Opened here so
    that an eviction by another run while the sandbox reads it does not cut the read."""
    if limit() <= 0:
        return None
    path = cache_dir() / f"{key}{SUFFIX}"
    try:
        f = path.open("rb")
        os.utime(path)
    except FileNotFoundError:
        return None
    log.info("environment cache: hit %s", key)
    return f


def pending_file(key: str) -> Path:
    """A fresh file in the cache folder for a capture (same file system: keeping is a rename)."""
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".pending-{key}-", suffix=SUFFIX, dir=folder)
    os.close(fd)
    return Path(name)


def keep(pending: Pending | None) -> str | None:
    """Keep a captured environment (the set-up worked), then evict down to the bound. Returns what
    to note, or None when there was nothing to keep."""
    if pending is None or not pending.path.exists():
        return None
    bound = limit()
    size = pending.path.stat().st_size
    if size > bound:
        pending.discard()
        return f"environment cache: the prepared environment ({size_text(size)}) is over the cache's bound ({size_text(bound)}): not kept"
    final = cache_dir() / f"{pending.key}{SUFFIX}"
    os.replace(pending.path, final)
    os.utime(final)
    gone = evict(bound)
    log.info("environment cache: kept %s (%s); evicted %s", pending.key, size_text(size), [e.key for e in gone])
    said = f"environment cache: prepared environment kept ({size_text(size)}) for the next run of this repository"
    return said + (f"; {len(gone)} older entr{'y' if len(gone) == 1 else 'ies'} evicted" if gone else "")


def evict(bound: int, folder: Path | None = None) -> list[Entry]:
    """Remove the least recently used entries until the cache holds at most ``bound`` bytes; also
    captures abandoned for over a day (a run that died between capture and keep)."""
    folder = folder or cache_dir()
    for stale in folder.glob(f".pending-*{SUFFIX}") if folder.is_dir() else ():
        try:
            if stale.stat().st_mtime < time.time() - 86400:
                stale.unlink()
        except FileNotFoundError:
            pass
    kept = entries(folder)
    total, gone = sum(e.size for e in kept), []
    for e in kept:
        if total <= bound:
            break
        e.path.unlink(missing_ok=True)
        total -= e.size
        gone.append(e)
    return gone


def drop(key: str) -> None:
    """Forget an entry (a reuse that failed: the next run sets up cold)."""
    (cache_dir() / f"{key}{SUFFIX}").unlink(missing_ok=True)


def describe() -> tuple[bool, str]:
    """(usable, one line) for `crashfix doctor`: entries, size, bound, folder."""
    try:
        bound = limit()
    except ValueError as e:
        return False, str(e)
    folder = cache_dir()
    if bound <= 0:
        return True, f"off (CRASHFIX_ENV_CACHE_MAX=0); {folder}"
    kept = entries(folder)
    writable = os.access(folder if folder.exists() else folder.parent if folder.parent.exists() else "/", os.W_OK)
    line = f"{len(kept)} entr{'y' if len(kept) == 1 else 'ies'}, {size_text(sum(e.size for e in kept))} of {size_text(bound)} in {folder}"
    return writable, line if writable else f"{line} (not writable: environments are not kept)"
