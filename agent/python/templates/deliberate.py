"""A crash that is the code's own `raise`: the check in front of it is the function's job, not the bug.

When the innermost repo frame stops on a `raise` statement, proposals that edit that statement or the
condition of the `if` it sits in (so the raise no longer fires, or fires with other words) are dropped:
they silence the error rather than fix where the bad value came from. Edits elsewhere (the callers, the
code that built the value) stay."""
from __future__ import annotations

import ast

from agent.repair_context import RepairContext
from agent.python.templates.engine import Proposal
from agent.python.templates.locate import Repo


def protected_spans(ctx: RepairContext, repo: Repo) -> tuple[str, list[tuple[int, int]]] | None:
    """(path, [(start, end) char spans]) of the deliberate raise and its guard; None when the crash is
    not on a `raise` statement."""
    site = next((s for s in ctx.sites if s.depth == 0), None)
    sf = repo.source(site.path) if site else None
    stmt = sf.statement_at(site.line) if sf else None
    if not isinstance(stmt, ast.Raise):
        return None
    spans = [sf.span(stmt)]
    parent = sf.parent(stmt)
    if isinstance(parent, ast.If) and stmt in parent.body:
        spans.append(sf.span(parent.test))
    return site.path, spans


def drop_silencers(ctx: RepairContext, repo: Repo, proposals: list[Proposal]) -> list[Proposal]:
    guarded = protected_spans(ctx, repo)
    if guarded is None:
        return proposals
    path, spans = guarded
    return [p for p in proposals
            if p.path != path or not any(e.start < end and start < max(e.end, e.start + 1)
                                         for e in p.edits for start, end in spans)]
