"""Where a C function leaves on an error, and how to put code in front of such an exit."""
from __future__ import annotations

import re

from tree_sitter import Node

from agent.native.templates.csource import CSource, Edit, return_type
from agent.native.templates.ctypes import Types
from agent.native.templates.edits import before

ERROR_VALUE = re.compile(r"^\(?\s*(?:NULL|0|nullptr|false|-\s*\w+|\(\w+\s*\*?\)\s*NULL)\s*\)?$")


def after(cs: CSource, func: Node, stmt: Node) -> list[Node]:
    """The nodes of `func` that start after `stmt` ends."""
    return [n for n in cs.walk(func) if n.start_byte >= stmt.end_byte]


def ahead(cs: CSource, ret: Node, code: str, unit: str) -> list[Edit]:
    """`code` before the return; a lone `if (...) return X;` body becomes a block on its own lines."""
    parent = ret.parent
    if parent is not None and parent.type == "labeled_statement" and cs.starts_line(ret):
        indent = cs.indent_at(ret)         # `fail:\n    return -1;`: the label then marks the release
        at = cs.line_start(cs.line_of(ret))
        return [Edit(at, at, "".join(f"{indent}{line}\n" for line in code.splitlines()))]
    if parent is None or parent.type in ("compound_statement", "case_statement") or not cs.starts_line(ret):
        return before(cs, ret, code)
    outer = cs.indent_at(parent) if parent.type != "else_clause" else cs.indent_at(parent.parent)
    inner = outer + unit
    body = "".join(f"{inner}{line}\n" for line in code.splitlines()) + f"{inner}{cs.src(ret)}\n"
    line_start = cs.line_start(cs.line_of(ret))
    prev = cs.data[:line_start].rstrip(b" \t\n")
    return [Edit(len(prev), ret.end_byte, " {\n" + body + outer + "}")]


def error_exits(cs: CSource, func: Node, since: Node, keep: str, types: Types) -> list[Node]:
    """The function's `return <error value>;` statements after `since` (a statement, or the call of an
    `if`'s condition) that do not hand `keep` on."""
    t = func.child_by_field_name("type")
    typedef_pointer = t is not None and types.pointee(cs.src(t)) is not None     # `yajl_val`
    if not typedef_pointer and return_type(cs, func) in ("void", "other", "unsigned"):
        return []
    out = []
    for n in after(cs, func, since):
        if n.type != "return_statement" or not n.named_children:
            continue
        value = cs.src(n.named_children[0])
        if ERROR_VALUE.match(value) and keep not in value:
            out.append(n)
    return out
