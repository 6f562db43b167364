"""Collect proposed edits, score them, validate them and turn them into candidates."""
from __future__ import annotations

import ast
from dataclasses import dataclass

from ..base import Candidate
from ..context import RepairContext, may_touch
from .locate import Scope
from .scoring import relevance
from .source import Edit, apply_edits, unified_diff


@dataclass
class Proposal:
    path: str
    edits: tuple[Edit, ...]
    template: str
    description: str
    score: float


class Emitter:
    def __init__(self, ctx: RepairContext):
        self.ctx = ctx
        self.proposals: list[Proposal] = []

    def add(self, scope: Scope, lineno: int | None, edits, template: str, what: str,
            evidence: float = 0.0, relevance_template: str | None = None) -> None:
        edits = tuple(edits)
        if not edits:
            return
        rel = relevance(relevance_template or template, self.ctx.exc_type, self.ctx.message)
        changed = sum(e.text.count("\n") + self.ctx_lines(scope, e) for e in edits)
        if lineno is not None and lineno in scope.hot_lines:
            evidence += 5.0
        if scope.kind == "callee" and lineno in scope.return_lines and self.ctx.exc_type == "AssertionError":
            evidence += 1.0     # the test checks what the function returns
        score = rel + scope.location(lineno) + evidence - 0.3 * min(changed, 10)
        where = f"{scope.path}:{lineno}" if lineno else scope.path
        desc = f"{what} in {scope.name} ({where})"
        self.proposals.append(Proposal(scope.path, edits, template, desc, round(score, 3)))

    @staticmethod
    def ctx_lines(scope: Scope, e: Edit) -> int:
        return scope.sf.text.count("\n", e.start, e.end)


def finalize(ctx: RepairContext, repo, proposals: list[Proposal], max_candidates: int) -> list[Candidate]:
    proposals = sorted(proposals, key=lambda p: -p.score)
    out: list[Candidate] = []
    seen: set[tuple[str, str]] = set()
    original: dict[str, str] = {}
    for p in proposals:
        if len(out) >= max_candidates:
            break
        if not may_touch(ctx, p.path):
            continue
        sf = repo.source(p.path)
        if sf is None:
            continue
        new = apply_edits(sf.text, list(p.edits))
        if new is None or new == sf.text:
            continue
        try:
            tree = ast.parse(new)
        except (SyntaxError, ValueError):
            continue
        key = (p.path, ast.dump(tree))
        if key in seen:
            continue
        if p.path not in original:
            original[p.path] = ast.dump(sf.tree)
        if key[1] == original[p.path]:
            continue
        seen.add(key)
        diff = unified_diff(p.path, sf.text, new)
        if not diff:
            continue
        out.append(Candidate(diff=diff, description=p.description, template=p.template,
                             score=p.score, files=(p.path,)))
    return out
