"""Which paths a fix may not change: tests and CI always, plus the repository's own patterns.

One glob dialect, the one of `.gitignore` and `.github/crashfix.yml`'s `protected_paths`:

- a pattern is matched against the path relative to the repo root (a leading `/` or `./` is ignored);
- without a `/` (other than a trailing one) it matches a name at any depth (`*.lock`, `vendor/`);
- `*` and `?` never cross a `/`, `**` does (`docs/**`, `**/fixtures/*.json`), `[abc]`/`[!abc]` are classes;
- a pattern that matches a folder protects everything under it (`migrations` covers `migrations/0001.py`).

Tests (`test_*.py`, `*_test.py`, `conftest.py`, any file under a `tests/` or `test/` folder) and CI
(`.github/`, `.ci/`) are always protected: they are the evidence a fix is judged by.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath
from typing import Callable, Iterable

CI_FOLDERS = (".github/", ".ci/")


def is_test_path(path: str) -> bool:
    """Test files and folders."""
    p = PurePosixPath(path.replace("\\", "/"))
    name = p.name
    if name == "conftest.py":
        return True
    if name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py")):
        return True
    return any(part in ("tests", "test") for part in p.parts[:-1])


def is_protected_default(path: str) -> bool:
    """Tests and CI are evidence, not things a fix may change."""
    return normalize(path).startswith(CI_FOLDERS) or is_test_path(path)


def normalize(path: str) -> str:
    path = path.strip().replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path.lstrip("/")


@lru_cache(maxsize=512)
def glob_regex(pattern: str) -> re.Pattern:
    """The compiled form of one pattern of the dialect above."""
    pat = pattern.strip().lstrip("/")
    anywhere = "/" not in pat.rstrip("/")
    if pat.endswith("/"):
        pat += "**"
    out, i = [], 0
    while i < len(pat):
        c = pat[i]
        if pat.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pat.startswith("**", i):
            out.append(".*")
            i += 2
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[" and pat.find("]", i + 2) != -1:
            j = pat.find("]", i + 2)
            body = pat[i + 1:j]
            out.append(f"[{'^' + body[1:] if body.startswith('!') else body}]")
            i = j + 1
        else:
            out.append(re.escape(c))
            i += 1
    return re.compile(("(?:.*/)?" if anywhere else "") + "".join(out) + "(?:/.*)?$")


def matches(patterns: Iterable[str], path: str) -> bool:
    """Whether `path` matches one of `patterns` (the repository's own protected paths)."""
    path = normalize(path)
    return any(glob_regex(p).match(path) for p in patterns if p.strip())


@dataclass(frozen=True)
class Patterns:
    """A repository's protected-path patterns as a predicate (RunConfig.protected)."""
    patterns: tuple[str, ...]

    def __call__(self, path: str) -> bool:
        return matches(self.patterns, path)


def guard(repo_protected: Callable[[str], bool]) -> Callable[[str], bool]:
    """Everything a fix may not change in a run: the repository's paths, tests and CI."""
    return lambda path: repo_protected(path) or is_protected_default(path)
