"""What kind of change each fix template makes, declared once (bench/bench_templates.py reports by it).

- "suppression": the crash is caught, skipped or answered with a default (a guard that returns early,
  `.get()` for `[]`, `except ...:`); it ends the crash, and whether the default is right only evidence can say.
- "mutation": one operator, constant, name or argument order changed (a guess at the bug).
- "repair": the code is completed where it is plainly wrong (a missing `return`, an uninitialised
  name, a misspelt attribute or key, a missing call argument).

The confidence (agent/judge/confidence.py) does not read these: it judges the code, so the same guard gets
the same level whether a template or the model wrote it (docs/confidence.md).
"""
from __future__ import annotations

SUPPRESSION, MUTATION, REPAIR = "suppression", "mutation", "repair"

KINDS: dict[str, str] = {
    # guards.py
    "none_guard": SUPPRESSION, "key_get": SUPPRESSION, "key_guard": SUPPRESSION, "index_guard": SUPPRESSION,
    "zero_guard": SUPPRESSION, "empty_guard": SUPPRESSION, "size_mismatch": SUPPRESSION,
    "key_typo": REPAIR, "type_fix": MUTATION,
    # mutations.py
    "compare_op": MUTATION, "arith_op": MUTATION, "off_by_one": MUTATION, "wrong_var": MUTATION,
    "swap_args": MUTATION, "arity": MUTATION, "attr_typo": REPAIR,
    # flow.py
    "widen_except": SUPPRESSION, "catch": SUPPRESSION, "recursion_base": MUTATION, "return_in_loop": MUTATION,
    "missing_return": REPAIR, "decorator_return": REPAIR, "init_var": REPAIR,
    # conventions.py: the package's own error raised where it failed or checked at the public boundary, and
    # the "nothing found" value the function's other exits already return (a guard that follows the function)
    "own_error": REPAIR, "boundary_check": REPAIR, "own_default": REPAIR,
    # reporter.py: the fix the reporter wrote in the issue, mapped onto the tree (validated like any other)
    "reporter_fix": REPAIR,
}


def kind_of(template: str) -> str | None:
    """The kind of a template's change; None for a patch not from a template (the model's, "llm")."""
    return KINDS.get(template)
