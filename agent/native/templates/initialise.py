"""Missing initialisation: an initializer on the declaration, calloc for malloc, memset after malloc."""
from __future__ import annotations

import re

from tree_sitter import Node

from agent.native.templates.csource import Edit
from agent.native.templates.edits import after, include
from agent.native.templates.engine import Emitter, Scope
from agent.native.templates.sizes import allocations


def _uninitialised(cs, func: Node) -> list[tuple[Node, Node, str, str]]:
    """(declaration, declarator, name, kind) for locals declared without an initializer."""
    out = []
    body = func.child_by_field_name("body")
    for decl in cs.walk(body):
        if decl.type != "declaration" or "static" in cs.src(decl).split("=")[0].split():
            continue
        t = cs.src(decl.child_by_field_name("type"))
        for d in decl.children_by_field_name("declarator"):
            if d.type == "init_declarator":
                continue
            ids = [n for n in cs.walk(d) if n.type == "identifier"]
            if not ids:
                continue
            if d.type == "pointer_declarator":
                kind = "pointer"
            elif d.type == "array_declarator" or t.startswith(("struct", "union")) or re.search(r"_t$", t) \
                    and t not in ("size_t", "ssize_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
                                  "uint16_t", "uint32_t", "uint64_t", "off_t", "ptrdiff_t", "uintptr_t"):
                kind = "aggregate"
            else:
                kind = "scalar"
            out.append((decl, d, cs.src(ids[0]), kind))
    return out


def init_local(em: Emitter, scope: Scope) -> None:
    cs, func = scope.cs, scope.func
    stmt = cs.statement_at(scope.line, func) if scope.line else None
    crash = cs.src(stmt) if stmt is not None else ""
    for decl, d, name, kind in _uninitialised(cs, func):
        value = {"pointer": "NULL", "aggregate": "{0}", "scalar": "0"}[kind]
        used = re.search(rf"\b{re.escape(name)}\b", crash) is not None
        em.add(scope, [Edit(d.end_byte, d.end_byte, f" = {value}")], "init",
               f"initialise {name} (= {value})", at=cs.line_of(decl), evidence=3.0 if used else 0.0)


def zero_allocation(em: Emitter, scope: Scope) -> None:
    cs, func = scope.cs, scope.func
    for call, size, target in allocations(cs, func):
        fn = call.child_by_field_name("function")
        if cs.src(fn) != "malloc":
            continue
        s = cs.src(size)
        m = re.fullmatch(r"(.+?)\s*\*\s*(sizeof\s*\(?[^()]+\)?)", s)
        args = f"{m.group(1)}, {m.group(2)}" if m else f"1, {s}"
        em.add(scope, [Edit(fn.start_byte, fn.end_byte, "calloc"), Edit(size.start_byte, size.end_byte, args)],
               "calloc", f"zero the allocation of {target or s} (calloc)", at=cs.line_of(call), evidence=1.0)
        stmt = call.parent
        while stmt is not None and stmt.type not in ("declaration", "expression_statement"):
            stmt = stmt.parent
        if target and stmt is not None and re.fullmatch(r"[\w>.-]+", target):
            em.add(scope, include(cs, "string.h") + after(cs, stmt, f"if ({target} != NULL)\n"
                                                                  f"{cs.indent_unit(func)}memset({target}, 0, {s});"),
                   "memset", f"zero {target} after malloc (memset)", at=cs.line_of(call))


def run(em: Emitter, scope: Scope) -> None:
    if scope.depth <= 2:
        init_local(em, scope)
    zero_allocation(em, scope)
