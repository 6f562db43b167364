"""The structured memory of a run: facts, each with where it came from."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Fact:
    kind: str        # "frame" | "code" | "reproduction" | "debugger" | "origin" | "history" | "validation"
    text: str        # the fact, one or a few lines
    source: str      # where it was seen: "app/config.py:42", "pdb", "git log -L", a commit sha


@dataclass
class Memory:
    facts: list[Fact] = field(default_factory=list)

    def add(self, kind: str, text: str, source: str) -> Fact:
        """Record a fact (once); an empty one (no text, or a label with nothing after it, such as a
        debugger stop that read no value: `at app.py:3:`) is not kept."""
        fact = Fact(kind, text.strip("\n").rstrip(), source)
        if not fact.text.strip() or fact.text.endswith(":"):
            return fact
        if fact not in self.facts:
            self.facts.append(fact)
        return fact

    def of(self, kind: str) -> list[Fact]:
        return [f for f in self.facts if f.kind == kind]

    def to_list(self) -> list[dict]:
        return [asdict(f) for f in self.facts]

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_list(), indent=2))

    @classmethod
    def load(cls, path: Path) -> "Memory":
        return cls([Fact(**d) for d in json.loads(path.read_text())])
