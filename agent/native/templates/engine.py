"""Scopes (the functions the crash went through), proposals, and turning them into candidates."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

from tree_sitter import Node

from agent.candidates import Candidate
from agent.judge.protect import is_test_path

from agent.repair_context import RepairContext
from agent.candidates import unified_diff
from agent.native.templates.csource import CSource, Edit, count_errors, function_name
from agent.native.templates.scoring import crash_class, relevance

log = logging.getLogger(__name__)
C_FILES = (".c", ".h", ".cc", ".cpp", ".cxx", ".hh", ".hpp")
LOCATION = {0: 4.0, 1: 2.0, 2: 1.0}      # site depth -> bonus; other functions of the file get 0


@dataclass
class Scope:
    """A function the crash went through (depth 0 = innermost in-repo frame), or a neighbour in its file."""
    path: str
    cs: CSource
    func: Node
    line: int | None          # the frame's line, None for a neighbour function
    depth: int
    role: str = "crash"       # crash | alloc | free (the report's allocation/free stack) | neighbour

    @property
    def name(self) -> str:
        return function_name(self.cs, self.func)


@dataclass
class Proposal:
    path: str
    edits: tuple[Edit, ...]
    family: str
    description: str
    score: float


@dataclass
class Emitter:
    ctx: RepairContext
    sources: dict[str, CSource | None] = field(default_factory=dict)
    proposals: list[Proposal] = field(default_factory=list)

    @property
    def klass(self) -> str:
        return crash_class(self.ctx.exc_type, self.ctx.message)

    def source(self, path: str) -> CSource | None:
        if path not in self.sources:
            try:
                self.sources[path] = CSource(path, self.ctx.read(path)) if editable(self.ctx, path) else None
            except (OSError, UnicodeError, ValueError) as exc:
                log.debug("ctemplates: cannot read %s: %s", path, exc)
                self.sources[path] = None
        return self.sources[path]

    def add(self, scope: Scope, edits, family: str, what: str, *, at: int | None = None,
            evidence: float = 0.0) -> None:
        edits = tuple(edits)
        if not edits:
            return
        fits = relevance(family, self.klass)
        if fits <= 0 and (scope.role in ("alloc", "free") or self.klass == "leak"):
            return                # an allocation or free stack's site, or a leak, gets only what fits its class
        score = fits + LOCATION.get(scope.depth, 0.0) + evidence
        if at is not None and at == scope.line:
            score += 2.0
        size = sum(e.text.count("\n") + scope.cs.data.count(b"\n", e.start, e.end) for e in edits)
        score -= 0.2 * min(size, 10)
        where = f"{scope.path}:{at}" if at else scope.path
        self.proposals.append(Proposal(scope.path, edits, family, f"{what} in {scope.name}() ({where})",
                                       round(score, 3)))


def editable(ctx: RepairContext, path: str) -> bool:
    if not path.endswith(C_FILES) or is_test_path(path):
        return False
    try:
        return not ctx.protected(path)
    except Exception:  # noqa: BLE001 -- a caller's predicate failing means: do not touch
        return False


def build_scopes(em: Emitter, max_depth: int = 3, site_depth: int = 2) -> list[Scope]:
    """The functions at the first in-repo sites; the first in-repo frames of the report's free and
    allocation stacks (in any file: the buggy free or allocation is often elsewhere), as depth 1 and 2;
    then the other functions of the crashing file."""
    scopes: list[Scope] = []
    seen: set = set()
    stacks = [("crash", em.ctx.sites[:max_depth], 0), ("free", em.ctx.free_sites[:site_depth], 1),
              ("alloc", em.ctx.alloc_sites[:site_depth], 1)]
    for role, sites, first in stacks:
        for depth, site in enumerate(sites, start=first):
            cs = em.source(site.path)
            func = cs.function_at(site.line) if cs else None
            if func is None or (role, site.path, func.start_byte) in seen:
                continue
            seen.add((role, site.path, func.start_byte))
            scopes.append(Scope(site.path, cs, func, site.line, depth, role))
    crash = [s for s in scopes if s.role == "crash"]
    done = {(s.path, s.func.start_byte) for s in crash}
    for scope in crash[:1]:
        for func in scope.cs.functions:
            if (scope.path, func.start_byte) not in done:
                done.add((scope.path, func.start_byte))
                scopes.append(Scope(scope.path, scope.cs, func, None, 9, "neighbour"))
    return scopes


def finalize(em: Emitter, max_candidates: int) -> list[Candidate]:
    out: list[Candidate] = []
    seen: set[tuple[str, str]] = set()
    for p in sorted(em.proposals, key=lambda p: -p.score):
        if len(out) >= max_candidates:
            break
        cs = em.sources.get(p.path)
        new = cs.apply(list(p.edits)) if cs else None
        if new is None or new == cs.text or (p.path, new) in seen:
            continue
        if count_errors(CSource(p.path, new).root) > cs.error_count:
            log.debug("ctemplates: %s would not parse, dropped", p.description)
            continue
        seen.add((p.path, new))
        diff = unified_diff(p.path, cs.text, new)
        if diff:
            out.append(Candidate(diff=diff, description=p.description, template=f"c:{p.family}",
                                 score=p.score, files=(p.path,)))
    return out
