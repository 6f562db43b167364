"""Fix templates: generate-and-validate repair at the crashing code.

`generate(ctx)` maps the crash sites to repo functions (or, when the crash surfaced in a test, to the repo
functions the test calls), applies small evidence-driven edits there (guards, operator and off-by-one
mutations, wrong variable, swapped arguments, missing return, recursion base cases, exception handlers),
keeps the ones that still parse, and returns them best first.
"""
from __future__ import annotations

from ..base import Candidate
from ..context import RepairContext
from . import flow, guards, mutations
from .engine import Emitter, finalize
from .locate import Repo, build_scopes

__all__ = ["generate"]


def generate(ctx: RepairContext, *, max_candidates: int = 40) -> list[Candidate]:
    repo = Repo(ctx)
    scopes = build_scopes(ctx, repo)
    em = Emitter(ctx, repo)
    for scope in scopes:
        if scope.kind == "outer":
            families = (flow.widen_except,)
        else:
            families = (guards.run, mutations.run, flow.run)
        for family in families:
            try:
                family(em, scope)
            except Exception:     # one template failing on odd code must not lose the others
                continue
    return finalize(ctx, repo, em.proposals, max_candidates)
