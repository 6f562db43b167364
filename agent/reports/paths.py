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
