"""Fix templates: generate-and-validate repair at the crashing code.

`generate(ctx)` maps the crash sites to repair scopes (locate.py): the crashing function (depth 0), its
callers (depth 1-2), outer frames for exception handlers only (depth 3-5), and the repo functions called on
the crashing line -- or, when the crash surfaced in a test or a protected file, the repo functions the test
calls and their callees. Templates propose minimal text edits there:

  guards.py     None guards, missing key (.get / setdefault / guard / near-miss literal key), index guard and
                clamp, zero divisor, empty sequence, wrong-type fixes (dict as object, int iterated, str concat)
  mutations.py  comparison / boolean / arithmetic operators, off-by-one (range, slices, indices, constants),
                wrong variable, undefined-name and attribute typos, swapped arguments/operands, call arity
  flow.py       missing or misplaced return, recursion base case, too-narrow except, catch at the crash,
                uninitialised local
  conventions.py  the package's own exception raised at the crash (chained) or checked at the public boundary
                (own_errors.py finds the classes), a guard returning what the function's other exits return
  reporter.py   the fix the reporter wrote in the issue (a diff, the patched function, "change X to Y")

Each proposal is scored relevance(template, exception) + location (crash line > its function > depth 1 >
depth 2; callees of a failing test by proximity) + evidence (pdb values, the key in a KeyError, literals and
argument values from the failing test, `assert 3 == 2.5`) - size; engine.py compiles the patched function,
drops duplicates and no-ops and renders git-style diffs, best first. A crash on the code's own `raise`
keeps that raise and its `if` condition as they are (deliberate.py): silencing the check is not a fix.
"""
from __future__ import annotations

from agent.candidates import Candidate
from agent.repair_context import RepairContext
from agent.python.templates import conventions, flow, guards, mutations, reporter
from agent.python.templates.deliberate import drop_silencers
from agent.python.templates.common import log
from agent.python.templates.engine import Emitter, finalize
from agent.python.templates.locate import Repo, build_scopes

__all__ = ["generate"]


def generate(ctx: RepairContext, *, max_candidates: int = 40, notes: list[str] | None = None) -> list[Candidate]:
    """The candidates, best first; `notes` (the run's) gets a line for a fix the issue shows that does not map."""
    if max_candidates <= 0:
        return []
    repo = Repo(ctx)
    notes = notes if notes is not None else []
    try:
        scopes = build_scopes(ctx, repo)
    except (RecursionError, ValueError, TypeError, AttributeError, IndexError, KeyError) as exc:
        log.debug("templates: no repair scopes for %s: %s: %s", ctx.exc_type, type(exc).__name__, exc)
        return reporter.candidates(ctx, repo, notes)[:max_candidates]
    em = Emitter(ctx, repo)
    for scope in scopes:
        if scope.kind == "outer":
            families = (flow.widen_except,)
        else:
            families = (guards.run, mutations.run, flow.run)
        for family in families:
            try:
                family(em, scope)
            except Exception as exc:     # one template failing on odd code must not lose the others
                log.debug("template family %s failed on %s (%s): %s: %s", family.__module__.rsplit(".", 1)[-1],
                          scope.path, scope.name, type(exc).__name__, exc)
                continue
    try:
        conventions.run(em, repo, scopes)
    except Exception as exc:     # noqa: BLE001 -- as above: the other templates' candidates stay
        log.debug("conventions templates failed: %s: %s", type(exc).__name__, exc)
    found = finalize(ctx, repo, drop_silencers(ctx, repo, em.proposals), max_candidates)
    return reporter.first(reporter.candidates(ctx, repo, notes), found, max_candidates)
