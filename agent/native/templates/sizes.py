"""Off-by-one loop bounds, allocation sizes, and integer overflow in size computations."""
from __future__ import annotations

import re

from tree_sitter import Node

from agent.native.templates.csource import LOOPS, CSource, Edit, declared_type, error_returns
from agent.native.templates.edits import atom, before, include, pure, statement_of
from agent.native.templates.engine import Emitter, Scope

ALLOC = re.compile(r"^(?:malloc|realloc|calloc|alloca|\w*_?x?malloc|\w*_?x?realloc|\w*_?x?calloc|xmalloc)$")
LIMITS = {"int": ("INT_MAX", "limits.h"), "long": ("LONG_MAX", "limits.h"), "unsigned": ("UINT_MAX", "limits.h"),
          "unsigned int": ("UINT_MAX", "limits.h"), "uint32_t": ("UINT32_MAX", "stdint.h"),
          "int32_t": ("INT32_MAX", "stdint.h")}


def _has(cs: CSource, node: Node, types: set[str]) -> bool:
    return any(n.type in types for n in cs.walk(node))


def _idents(cs: CSource, node: Node) -> set[str]:
    return {cs.src(n) for n in cs.walk(node) if n.type == "identifier"}


def loop_bound(em: Emitter, scope: Scope) -> None:
    """`i <= n` -> `i < n`; `i < n` -> `i + 1 < n` when the body reads [i + 1]; `i = n; i >= 0` -> `i = n - 1`."""
    cs = scope.cs
    for loop in cs.walk(scope.func):
        if loop.type not in LOOPS:
            continue
        cond, body = loop.child_by_field_name("condition"), loop.child_by_field_name("body")
        if cond is None or body is None:
            continue
        holds = scope.line is not None and loop.start_point[0] + 1 <= scope.line <= loop.end_point[0] + 1
        evidence = 4.0 if holds else 0.0
        subs = [cs.src(s.child_by_field_name("index") or s) for s in cs.walk(body) if s.type == "subscript_expression"]
        for b in cs.walk(cond):
            if b.type != "binary_expression":
                continue
            op, left, right = (b.child_by_field_name(f) for f in ("operator", "left", "right"))
            o = cs.src(op)
            var = cs.src(left) if left.type == "identifier" else None
            indexed = 2.0 if var and any(re.search(rf"\b{re.escape(var)}\b", s) for s in subs) else 0.0
            if o == "<=":
                em.add(scope, [Edit(op.start_byte, op.end_byte, "<")], "loop_bound",
                       f"loop bound `{cs.src(b)}` runs one past the end: `<`", at=cs.line_of(b),
                       evidence=evidence + indexed + 1.0)
            elif o == "<" and var and any(re.fullmatch(rf"{re.escape(var)}\s*\+\s*1", s) for s in subs):
                em.add(scope, [Edit(left.start_byte, left.end_byte, f"{var} + 1")], "loop_bound",
                       f"the body reads [{var} + 1]: stop one earlier", at=cs.line_of(b), evidence=evidence + 1.0)
            elif o == ">=" and var and cs.src(right) == "0" and loop.type == "for_statement":
                init = loop.child_by_field_name("initializer")
                value = _init_value(init, var, cs) if init is not None else None
                if value is not None and not re.search(r"-\s*1\s*$", cs.src(value)):
                    em.add(scope, [Edit(value.end_byte, value.end_byte, " - 1")], "loop_bound",
                           f"a countdown from {cs.src(value)} starts one past the end", at=cs.line_of(b),
                           evidence=evidence + indexed)


def _init_value(init: Node, var: str, cs: CSource) -> Node | None:
    for n in cs.walk(init):
        if n.type in ("init_declarator", "assignment_expression"):
            left = n.child_by_field_name("declarator") or n.child_by_field_name("left")
            right = n.child_by_field_name("value") or n.child_by_field_name("right")
            if left is not None and cs.src(left) == var and right is not None:
                return right
    return None


def allocations(cs: CSource, scope: Node) -> list[tuple[Node, Node, str | None]]:
    """(call, size argument, the pointer it is stored in) for each allocation call."""
    out = []
    for call in cs.walk(scope):
        if call.type != "call_expression" or not ALLOC.match(cs.src(call.child_by_field_name("function"))):
            continue
        args = call.child_by_field_name("arguments").named_children
        name = cs.src(call.child_by_field_name("function"))
        if not args:
            continue
        size = args[1] if ("realloc" in name and len(args) > 1) else args[-1] if "calloc" not in name else args[0]
        target = None
        p = call.parent
        while p is not None and p.type in ("cast_expression", "parenthesized_expression"):
            p = p.parent
        if p is not None and p.type == "init_declarator":
            ids = [n for n in cs.walk(p.child_by_field_name("declarator")) if n.type == "identifier"]
            target = cs.src(ids[-1]) if ids else None
        elif p is not None and p.type == "assignment_expression":
            target = cs.src(p.child_by_field_name("left"))
        out.append((call, size, target))
    return out


def pointee(cs: CSource, func: Node, target: str | None) -> str | None:
    """The element type a pointer variable points to ('char', 'struct item'...), when declared in `func`."""
    if not target or not re.fullmatch(r"\w+", target):
        return None
    t = declared_type(cs, func, target)
    if not t or "*" not in t:
        return None
    return re.sub(r"\b(const|volatile)\b", "", t.rstrip(" *")).strip() if t.count("*") == 1 else "pointer"


def alloc_size(em: Emitter, scope: Scope) -> None:
    cs, func = scope.cs, scope.func
    body = cs.src(func)
    for call, size, target in allocations(cs, func):
        s = cs.src(size)
        at = cs.line_of(call)
        elem = pointee(cs, func, target)
        charlike = elem in (None, "char", "unsigned char", "uint8_t", "void") and "sizeof" not in s
        used = bool(target) and re.search(rf"\b(?:str\w*cpy|strcat|sprintf|memcpy|strncpy)\s*\(\s*{re.escape(target)}\b",
                                          body)
        strlen = "strlen" in s or re.fullmatch(r"\w+", s) and re.search(rf"\b{s}\s*=\s*strlen\s*\(", body)
        if strlen and not re.search(r"\+\s*1\b", s):
            em.add(scope, [Edit(size.end_byte, size.end_byte, " + 1")], "alloc_size",
                   f"allocate room for the terminating NUL: {s} + 1", at=at, evidence=4.0)
        elif charlike and not re.search(r"\+\s*1\b", s):
            em.add(scope, [Edit(size.end_byte, size.end_byte, " + 1")], "alloc_size",
                   f"allocate one more byte: {s} + 1", at=at, evidence=1.5 if used else 0.5)
        if elem and elem not in ("char", "unsigned char", "uint8_t", "void") and "sizeof" not in s:
            em.add(scope, [Edit(size.start_byte, size.end_byte, f"{atom(cs, size)} * sizeof *{target}")],
                   "alloc_size", f"allocate {s} elements, not {s} bytes", at=at, evidence=3.0)
        for so in (n for n in cs.walk(size) if n.type == "sizeof_expression"):
            inner = so.child_by_field_name("value") or so.child_by_field_name("type")
            text = cs.src(inner).strip("() ") if inner is not None else ""
            if re.fullmatch(r"\w+", text) and (declared_type(cs, func, text) or "").endswith("*"):
                em.add(scope, [Edit(so.start_byte, so.end_byte, f"sizeof *{text}")], "alloc_size",
                       f"sizeof the pointed-to object, not the pointer {text}", at=at, evidence=3.0)
            elif target and elem and elem != "pointer" and text and text != elem and text != f"*{target}" \
                    and re.fullmatch(r"[\w ]+\*?", text) and not re.fullmatch(rf"\*\s*{re.escape(target)}", text):
                em.add(scope, [Edit(so.start_byte, so.end_byte, f"sizeof *{target}")], "alloc_size",
                       f"sizeof the element type of {target} ({elem}), not {text}", at=at, evidence=3.0)
        top = size if size.type == "binary_expression" and cs.src(size.child_by_field_name("operator")) == "*" \
            else None
        if top is not None:
            count = top.child_by_field_name("left")
            if "sizeof" not in cs.src(count):
                em.add(scope, [Edit(count.start_byte, count.end_byte, f"({cs.src(count)} + 1)")], "alloc_size",
                       f"allocate one more element: ({cs.src(count)} + 1)", at=at, evidence=0.0)


def size_overflow(em: Emitter, scope: Scope) -> None:
    """Guard `a * b` (and `a + b`) that compute a size or that the sanitizer saw overflow; or widen to size_t."""
    cs, func = scope.cs, scope.func
    targets: list[tuple[Node, float]] = [(size, 2.0) for _, size, _ in allocations(cs, func)]
    if scope.line is not None and em.klass == "int_overflow":
        stmt = cs.statement_at(scope.line, func)
        if stmt is not None:
            targets += [(n, 4.0) for n in cs.walk(stmt) if n.type == "binary_expression"
                        and cs.line_of(n) <= scope.line <= n.end_point[0] + 1]
    done = set()
    for expr, evidence in targets:
        for b in cs.walk(expr):
            if b.type != "binary_expression" or b.start_byte in done:
                continue
            op = cs.src(b.child_by_field_name("operator"))
            left, right = b.child_by_field_name("left"), b.child_by_field_name("right")
            if op not in ("*", "+") or not (pure(left) and pure(right)):
                continue
            if left.type == "number_literal" and right.type == "number_literal":
                continue
            done.add(b.start_byte)
            stmt = statement_of(b)
            if stmt is None or stmt.type in LOOPS or stmt.type == "if_statement":
                continue
            limit, header = _limit(cs, func, stmt, b)
            l, r = atom(cs, left), atom(cs, right)
            if op == "*":
                cond = f"{l} > {limit} / {r}" if "sizeof" in r or right.type == "number_literal" else \
                    f"{r} != 0 && {l} > {limit} / {r}"
            else:
                cond = f"{l} > {limit} - {r}"
            rets = error_returns(cs, func)
            for i, ret in enumerate(rets[:2]):
                em.add(scope, include(cs, header) + before(cs, stmt, f"if ({cond})\n{cs.indent_unit(func)}{ret}"),
                       "size_overflow", f"refuse sizes where {cs.src(b)} overflows", at=cs.line_of(b),
                       evidence=evidence - i)
            if op == "*" and limit != "SIZE_MAX":
                edits = [Edit(left.start_byte, left.start_byte, "(size_t)")]
                decl = _declared_int(cs, func, stmt)
                if decl is not None:
                    edits.append(Edit(decl.start_byte, decl.end_byte, "size_t"))
                em.add(scope, include(cs, "stddef.h") + edits, "widen", f"compute {cs.src(b)} in size_t",
                       at=cs.line_of(b), evidence=evidence - 1.0)


def _declared_int(cs: CSource, func: Node, stmt: Node) -> Node | None:
    """The `int` type node of the variable the statement stores the product in (its declaration)."""
    decl = stmt if stmt.type == "declaration" else None
    if decl is None:
        a = next((n for n in cs.walk(stmt) if n.type == "assignment_expression"), None)
        left = a.child_by_field_name("left") if a is not None else None
        if left is None or left.type != "identifier":
            return None
        for n in cs.walk(func):
            if n.type == "declaration" and any(cs.src(d).split("=")[0].strip() == cs.src(left)
                                               for d in n.children_by_field_name("declarator")):
                decl = n if len(n.children_by_field_name("declarator")) == 1 else None
                break
    t = decl.child_by_field_name("type") if decl is not None else None
    if t is not None and cs.src(t) in ("int", "unsigned", "unsigned int", "long", "int32_t", "uint32_t"):
        return t
    return None


def _limit(cs: CSource, func: Node, stmt: Node, b: Node) -> tuple[str, str]:
    """The largest value the result may take: from the declared type it is stored in, else SIZE_MAX."""
    t = None
    if stmt.type == "declaration":
        t = cs.src(stmt.child_by_field_name("type"))
    else:
        a = next((n for n in cs.walk(stmt) if n.type == "assignment_expression"), None)
        if a is not None and a.child_by_field_name("left").type == "identifier":
            t = declared_type(cs, func, cs.src(a.child_by_field_name("left")))
    in_alloc = any(b.start_byte >= size.start_byte and b.end_byte <= size.end_byte
                   for _, size, _ in allocations(cs, stmt))
    if t in LIMITS and not in_alloc:
        return LIMITS[t]
    if t is None and not in_alloc:
        kinds = {declared_type(cs, func, i) for i in _idents(cs, b)}
        if kinds and kinds <= {"int"}:
            return LIMITS["int"]
    return "SIZE_MAX", "stdint.h"


def run(em: Emitter, scope: Scope) -> None:
    loop_bound(em, scope)
    alloc_size(em, scope)
    size_overflow(em, scope)
