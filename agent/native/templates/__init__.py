"""Fix templates for C: generate-and-validate repair at the crashing code of a sanitizer or gdb report.

`generate(ctx)` parses the files of the in-repo frames with tree-sitter-c and proposes minimal edits in the
functions the crash went through (depth 0 = innermost in-repo frame), and in the other functions of the
crashing file (an allocation or a free often happens elsewhere):

  guards.py      NULL checks (return the function's error value by return type, skip the iteration or the
                 statement; or guard the argument in the caller) and bounds checks (index < length)
  sizes.py       off-by-one loop bounds (`<=` -> `<`), allocation sizes (strlen + 1, element count vs bytes,
                 sizeof of the pointer), integer overflow in size computations (a > SIZE_MAX / b, size_t)
  lifetime.py    use-after-free and double-free: free after the last use, clear the pointer, drop a free
  initialise.py  missing initialisation: `= 0` / `= NULL` / `= {0}`, calloc for malloc, memset
  entry.py       checks at the function's entry: a NULL parameter joined to its own entry check, an unsigned
                 length checked before it is decremented (`if (maxlen < 1) return NULL;`)
  results.py     a callee's result dropped before the crash that the file tests everywhere else: tested so
  release.py     leaks on an error path: release what the function (or the context struct it holds:
                 context.py) owns before its error returns (exits.py), with the project's own release
                 functions (ctypes.py: typedefs, struct fields and function signatures of the crash's files)
  parsers.py     parser bugs: a scanning loop's bound from the length (and the end of input as an error),
                 an off-by-one length comparison (`len == 0` -> `len <= 0`), a length check before a
                 read at a computed offset, a callee's error returned where the caller only `break`s

The report's free and allocation stacks (ctx.free_sites, ctx.alloc_sites: "freed by thread T0 here:",
"previously allocated by thread T0 here:") add their functions, in whatever file, with only the families
that fix a free or an allocation there: clear the pointer after the free the report names; the
allocation's size.

Each proposal is scored relevance(family, crash class) + location (site depth, the crash line) + evidence
(strlen without + 1, the loop holds the crash line, a pointer gdb saw as 0x0) - size; engine.py drops
duplicates and edits that no longer parse, and renders git-style diffs, best first.
"""
from __future__ import annotations

from agent.candidates import Candidate
from agent.repair_context import RepairContext
from agent.native.templates import entry, guards, initialise, lifetime, parsers, release, results, sizes
from agent.native.templates.engine import Emitter, build_scopes, finalize, log

__all__ = ["generate"]
FAMILIES = (guards.run, sizes.run, lifetime.run, initialise.run, parsers.run, entry.run,
            results.run)
REPORT_FAMILIES = (release.run,)      # run once, over the whole stack
SITE_FAMILIES = {"free": (lifetime.null_after_free,), "alloc": (sizes.alloc_size, sizes.size_overflow)}


def generate(ctx: RepairContext, max_candidates: int = 30) -> list[Candidate]:
    if max_candidates <= 0 or not ctx.sites:
        return []
    em = Emitter(ctx)
    for scope in build_scopes(em):
        for family in SITE_FAMILIES.get(scope.role, FAMILIES):
            try:
                family(em, scope)
            except Exception as exc:  # noqa: BLE001 -- one family failing on odd code must not lose the others
                log.debug("ctemplate %s failed on %s (%s): %s: %s", family.__module__.rsplit(".", 1)[-1],
                          scope.path, scope.name, type(exc).__name__, exc)
    for family in REPORT_FAMILIES:
        try:
            family(em)
        except Exception as exc:  # noqa: BLE001 -- as above
            log.debug("ctemplate %s failed: %s: %s", family.__module__.rsplit(".", 1)[-1], type(exc).__name__, exc)
    return finalize(em, max_candidates)
