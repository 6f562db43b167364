"""Collect proposed edits, score them, validate them and turn them into candidates."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from agent.candidates import Candidate
from agent.repair_context import RepairContext, may_touch
from agent.python.templates.locate import Scope
from agent.python.templates.scoring import relevance
from agent.candidates import unified_diff
from agent.python.templates.source import Edit, SourceFile, apply_edits


@dataclass
class Proposal:
    path: str
    edits: tuple[Edit, ...]
    template: str
    description: str
    score: float


class Emitter:
    def __init__(self, ctx: RepairContext, repo=None):
        self.ctx = ctx
        self.repo = repo
        self.proposals: list[Proposal] = []

    def repo_defs(self, class_name: str):
        """Class definitions named `class_name` in editable repo files."""
        if self.repo is None:
            return []
        return self.repo.classes(class_name)

    def add(self, scope: Scope, lineno: int | None, edits, template: str, what: str,
            evidence: float = 0.0, relevance_template: str | None = None) -> None:
        edits = tuple(edits)
        if not edits:
            return
        rel = relevance(relevance_template or template, self.ctx.exc_type, self.ctx.message)
        changed = sum(e.text.count("\n") + self.ctx_lines(scope, e) for e in edits)
        if lineno is not None and lineno in scope.hot_lines:
            evidence += 5.0
        if lineno in scope.assert_lines:
            evidence -= 4.0     # weakening an assertion hides the failure rather than fixing it
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
    seen: set = set()
    original: dict = {}
    for p in proposals:
        if len(out) >= max_candidates:
            break
        if not may_touch(ctx, p.path):
            continue
        sf = repo.source(p.path)
        if sf is None:
            continue
        try:
            checked = _check(sf, list(p.edits))
        except (RecursionError, MemoryError, ValueError, TypeError):
            checked = None
        if checked is None:
            continue
        (first, last), old_region, new_region, dump = checked
        key = (p.path, first, dump)
        if key in seen:
            continue
        okey = (p.path, first, last)
        if okey not in original:
            original[okey] = _dump_region(old_region)
        if dump == original[okey]:
            continue           # no semantic change (whitespace, redundant parentheses)
        seen.add(key)
        diff = _window_diff(sf, p.path, first, last, new_region)
        if not diff:
            continue
        out.append(Candidate(diff=diff, description=p.description, template=p.template,
                             score=p.score, files=(p.path,)))
    return out


SMALL_FILE = 60_000     # characters: below this the whole patched file is parsed as well


def _region_lines(sf: SourceFile, lo: int, hi: int) -> tuple[int, int]:
    """Lines of the outermost function (else the top-level statements) holding offsets lo..hi."""
    best = None
    for f in sf.functions:
        first = min([f.lineno] + [d.lineno for d in f.decorator_list])
        start = sf.line_start(first)
        end = sf.line_start(f.end_lineno) + len(sf.line_text(f.end_lineno))
        if start <= lo and hi <= end:
            if best is None or first < best[0]:
                best = (first, f.end_lineno)
    if best is not None:
        return best
    first, last = None, None
    for st in sf.tree.body:
        a = min([st.lineno] + [d.lineno for d in getattr(st, "decorator_list", [])])
        start = sf.line_start(a)
        end = sf.line_start(st.end_lineno) + len(sf.line_text(st.end_lineno))
        if start <= hi and lo <= end:
            first = a if first is None else min(first, a)
            last = st.end_lineno if last is None else max(last, st.end_lineno)
    if first is None:
        return 1, len(sf.lines)
    return first, last


def _dedent(text: str, indent: str) -> str | None:
    if not indent:
        return text
    out = []
    for ln in text.splitlines(keepends=True):
        if ln.startswith(indent):
            out.append(ln[len(indent):])
        elif ln.strip():
            return None
        else:
            out.append(ln)
    return "".join(out)


def _compile(text: str, path: str):
    tree = ast.parse(text)
    compile(tree, path, "exec", dont_inherit=True)     # also rejects return/continue/break out of place
    return tree


def _check(sf: SourceFile, edits: list[Edit]):
    """Apply the edits to the smallest enclosing region and compile it: (lines, old, new, ast dump) or None."""
    if not edits:
        return None
    if "\r\n" in sf.text:     # keep the file's line endings
        edits = [Edit(e.start, e.end, e.text.replace("\r\n", "\n").replace("\n", "\r\n")) for e in edits]
    lo = min(e.start for e in edits)
    hi = max(e.end for e in edits)
    first, last = _region_lines(sf, lo, hi)
    start = sf.line_start(first)
    end = sf.line_start(last) + len(sf.line_text(last))
    if not (start <= lo and hi <= end):
        first, last, start, end = 1, len(sf.lines), 0, len(sf.text)
    old_region = sf.text[start:end]
    new_region = apply_edits(old_region, [Edit(e.start - start, e.end - start, e.text) for e in edits])
    if new_region is None or new_region == old_region:
        return None
    indent = sf.indent_of(first)
    try:
        body = _dedent(new_region, indent)
        if body is None:
            raise SyntaxError("indent")
        tree = _compile(body, sf.path)
    except (SyntaxError, ValueError):
        if first == 1 and last == len(sf.lines):
            return None
        try:
            _compile(sf.text[:start] + new_region + sf.text[end:], sf.path)
        except (SyntaxError, ValueError):
            return None
        tree = ast.parse(new_region if not indent else "if 1:\n" + new_region)
    else:
        if len(sf.text) <= SMALL_FILE:
            try:
                ast.parse(sf.text[:start] + new_region + sf.text[end:])
            except (SyntaxError, ValueError):
                return None
    return (first, last), old_region, new_region, ast.dump(tree)


def _dump_region(text: str) -> str:
    lines = text.splitlines(keepends=True)
    indent = lines[0][: len(lines[0]) - len(lines[0].lstrip())] if lines else ""
    body = _dedent(text, indent)
    try:
        return ast.dump(ast.parse(body if body is not None else "if 1:\n" + text))
    except (SyntaxError, ValueError):
        return ""


def _window_diff(sf: SourceFile, path: str, first: int, last: int, new_region: str) -> str:
    """The unified diff of the whole file, computed on the changed region plus context."""
    lo = max(1, first - 3)
    hi = min(len(sf.lines), last + 3)
    before = "".join(sf.lines[lo - 1:first - 1])
    after = "".join(sf.lines[last:hi])
    old_win = "".join(sf.lines[lo - 1:hi])
    if new_region and not new_region.endswith("\n") and after:
        return unified_diff(path, sf.text, sf.text[:sf.line_start(first)] + new_region + sf.text[sf.line_start(last) + len(sf.line_text(last)):])
    diff = unified_diff(path, old_win, before + new_region + after)
    if not diff or lo == 1:
        return diff
    shift = lo - 1

    def fix(m):
        a, b, c, d = m.group(1), m.group(2) or "", m.group(3), m.group(4) or ""
        return f"@@ -{int(a) + shift}{b} +{int(c) + shift}{d} @@"
    return re.sub(r"^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@", fix, diff, flags=re.M)
