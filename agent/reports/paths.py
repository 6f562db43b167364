"""Map a file path from a crash report onto a repository's files."""
from __future__ import annotations


def _parts(path: str) -> list[str]:
    path = path.replace("\\", "/").strip()
    return [p for p in path.split("/") if p not in ("", ".")]


def map_to_repo(path: str, repo_files: list[str]) -> str | None:
    """The repo file sharing the longest path suffix (whole components) with `path`.

    `/home/ci/build/proj/src/pkg/mod.py` matches `src/pkg/mod.py` over `tests/mod.py`.
    The basename must match; ties are broken by the shorter repo path, then alphabetically;
    no match returns None."""
    if not path or not repo_files:
        return None
    want = _parts(path)
    if not want:
        return None
    best: tuple[int, int, str] | None = None
    for f in repo_files:
        have = _parts(f)
        k = 0
        while k < len(have) and k < len(want) and have[-1 - k] == want[-1 - k]:
            k += 1
        if k == 0:
            continue
        key = (-k, len(have), f)
        if best is None or key < best:
            best = key
    return best[2] if best else None


MAX_FILES = 200_000          # a tree's paths looked at (GitHub's tree listing stops at 100,000)
MAX_FRAMES = 512             # a report's frames mapped (a recursion of thousands repeats the same few)
DEPTH = 24                   # path components compared from the end


class RepoIndex:
    """`map_to_repo` for many frames at once, in one pass over the tree: only the path suffixes the
    frames can share are kept (at most MAX_FRAMES × DEPTH of them), each with its best repo path
    (shortest, then alphabetical), so the memory is bounded by the frames and the time by
    MAX_FILES × DEPTH, whatever the report and the tree. `locate(p)` answers as
    `map_to_repo(p, repo_files)` does (comparing at most DEPTH components) for the first MAX_FRAMES
    distinct frame paths, and None for the others."""

    def __init__(self, frame_paths, repo_files):
        wanted: set[tuple[str, ...]] = set()
        self.frames = list(dict.fromkeys(p for p in frame_paths if p))[:MAX_FRAMES]
        self._asked = set(self.frames)
        for path in self.frames:
            parts = _parts(path)[-DEPTH:]
            wanted.update(tuple(parts[-k:]) for k in range(1, len(parts) + 1))
        self.files = 0
        self._best: dict[tuple[str, ...], tuple[int, str]] = {}
        for f in repo_files or ():
            if self.files >= MAX_FILES:
                break
            self.files += 1
            have = _parts(f)
            for k in range(1, min(len(have), DEPTH) + 1):
                key = tuple(have[-k:])
                if key not in wanted:
                    break               # a longer suffix is wanted only when this one is
                best = self._best.get(key)
                if best is None or (len(have), f) < best:
                    self._best[key] = (len(have), f)

    def locate(self, path: str | None) -> str | None:
        """The repo file for one of the frame paths the index was built for (None for any other)."""
        if path not in self._asked:
            return None
        parts = _parts(path or "")[-DEPTH:]
        for k in range(len(parts), 0, -1):
            if (hit := self._best.get(tuple(parts[-k:]))) is not None:
                return hit[1]
        return None
