"""What every repair strategy produces."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Candidate:
    """A proposed patch: a unified diff (git style, a/ and b/ prefixes) against the workspace."""

    diff: str
    description: str                 # one line: what it changes and why
    template: str = ""               # which fix template (or "llm")
    score: float = 0.0               # higher: matches the evidence better
    files: tuple[str, ...] = field(default_factory=tuple)
