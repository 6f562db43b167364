"""A callee's error ignored: the call's result is dropped before the crash, and checked everywhere else.

  check_result   `skip_header(buf);` on its own, before the crash in the crashing function or its caller,
                 while the file's other calls of the same function test its result (`if (skip_header(b) < 0)
                 return -1;`): the call tested the same way, and the function's error value returned. The
                 crash then no longer runs on what the failed call left behind.

The test is the file's own (its comparison and its constant), so the template says nothing of what the
callee returns that the code does not already say. Skipped after an allocation of the same function (the
early return would leak it).
"""
from __future__ import annotations

import re

from tree_sitter import Node

from agent.native.templates.csource import CSource, Edit, error_returns
from agent.native.templates.engine import Emitter, Scope
from agent.native.templates.parsers import _owns_before

LEAVES = ("return_statement", "goto_statement")


def _tests(cs: CSource, name: str, skip: Node) -> list[str]:
    """How the file tests `name(...)`'s result in a failing `if` (the condition, the call as `{}`),
    most frequent first."""
    found: dict[str, int] = {}
    for n in cs.walk():
        if n.type != "if_statement" or skip.start_byte <= n.start_byte < skip.end_byte:
            continue
        body = n.child_by_field_name("consequence")
        kids = [k for k in (body.named_children if body.type == "compound_statement" else [body])
                if k.type != "comment"]
        if not kids or kids[-1].type not in LEAVES:
            continue
        cond = n.child_by_field_name("condition")
        inner = cond.named_children[0] if cond.type == "parenthesized_expression" and cond.named_children else cond
        calls = [c for c in cs.walk(inner) if c.type == "call_expression"
                 and cs.src(c.child_by_field_name("function")) == name]
        if len(calls) != 1:
            continue
        call = calls[0]
        text = cs.src(inner)
        shape = (text[:call.start_byte - inner.start_byte] + "{}" + text[call.end_byte - inner.start_byte:]).strip()
        if shape == "{}" or re.fullmatch(r"!\s*\{\}|\{\}\s*(?:[<>!=]=?|==)\s*[-\w]+|[-\w]+\s*(?:[<>!=]=?|==)\s*\{\}",
                                         shape):
            found[shape] = found.get(shape, 0) + 1
    return sorted(found, key=lambda s: -found[s])


def check_result(em: Emitter, scope: Scope) -> None:
    cs, func, line = scope.cs, scope.func, scope.line
    ends = error_returns(cs, func)
    if not ends:
        return
    for stmt in cs.walk(func):
        if stmt.type != "expression_statement" or not stmt.named_children or stmt.start_point[0] + 1 > line:
            continue
        call = stmt.named_children[0]
        if call.type != "call_expression":
            continue
        name = cs.src(call.child_by_field_name("function"))
        if not re.fullmatch(r"\w+", name) or _owns_before(cs, func, stmt):
            continue
        shapes = _tests(cs, name, stmt)
        unit = cs.indent_unit(func)
        indent = cs.indent_at(stmt)
        near = 3.0 - min(line - (stmt.start_point[0] + 1), 20) / 10
        for i, shape in enumerate(shapes[:2]):
            cond = shape.replace("{}", cs.src(call))
            em.add(scope, [Edit(stmt.start_byte, stmt.end_byte, f"if ({cond})\n{indent}{unit}{ends[0]}")],
                   "check_result", f"test `{cs.src(call)}` as the file does elsewhere (`{shape.replace('{}', name + '(...)')}`)"
                   " and return the error", at=cs.line_of(stmt), evidence=near - i)


def run(em: Emitter, scope: Scope) -> None:
    if scope.line is None or scope.role != "crash":
        return
    check_result(em, scope)
