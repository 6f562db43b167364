"""What every repair strategy produces."""
from __future__ import annotations

import difflib

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Candidate:
    """A proposed patch: a unified diff (git style, a/ and b/ prefixes) against the workspace."""

    diff: str
    description: str                 # one line: what it changes and why
    template: str = ""               # which fix template (or "llm")
    score: float = 0.0               # higher: matches the evidence better
    files: tuple[str, ...] = field(default_factory=tuple)


def unified_diff(path: str, old: str, new: str) -> str:
    """`git diff`'s form of one file's change (every family's templates make their candidates with it)."""
    a = old.splitlines(keepends=True)
    b = new.splitlines(keepends=True)
    body = []
    for line in difflib.unified_diff(a, b, f"a/{path}", f"b/{path}", n=3):
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        body.append(line)
    if not body:
        return ""
    return f"diff --git a/{path} b/{path}\n" + "".join(body)
