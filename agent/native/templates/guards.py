"""NULL checks and bounds checks at the crashing statement (and NULL checks in the caller)."""
from __future__ import annotations

import re

from tree_sitter import Node

from agent.native.templates.csource import (
    LOOPS,
    Edit,
    declared_type,
    enclosing,
    error_returns,
    is_signed_type,
)
from agent.native.templates.edits import atom, before, pure, statement_of
from agent.native.templates.engine import Emitter, Scope

# libc calls that dereference their pointer arguments
DEREF_CALLS = re.compile(r"^(?:str\w*|mem\w*|strn\w*|fputs|puts|atoi|atol|strtol|strtoul|free_\w*|\w+_len)$")
LENGTH = re.compile(r"^(?:n|len|length|size|count|cnt|num|nitems|nelem|nmemb|used|cap|capacity|max|limit|"
                    r"\w+_(?:len|length|size|count|cnt|num)|(?:len|size|count|num|n)_\w+|n\w{1,8})$")
PREFERRED_LENGTH = ("len", "length", "count", "size", "used", "n", "nitems", "num")


def dereferenced(cs, stmt: Node, line: int) -> list[Node]:
    """Pointer expressions the statement dereferences on `line`, outermost base first."""
    out = []
    for n in cs.walk(stmt):
        if n.start_point[0] + 1 > line or n.end_point[0] + 1 < line:
            continue
        base = None
        if n.type == "field_expression" and cs.src(n.child_by_field_name("operator")) == "->":
            base = n.child_by_field_name("argument")
        elif n.type == "pointer_expression" and cs.src(n.child_by_field_name("operator")) == "*":
            base = n.child_by_field_name("argument")
        elif n.type == "subscript_expression":
            base = n.child_by_field_name("argument")
        elif n.type == "call_expression" and DEREF_CALLS.match(cs.src(n.child_by_field_name("function"))):
            args = n.child_by_field_name("arguments")
            out += [a for a in args.named_children if a.type in ("identifier", "field_expression")]
        if base is not None and base.type in ("identifier", "field_expression", "subscript_expression"):
            out.append(base)
    seen, uniq = set(), []
    for b in out:
        if pure(b) and cs.src(b) not in seen:
            seen.add(cs.src(b))
            uniq.append(b)
    return uniq


def declared_in(cs, stmt: Node, name: str) -> bool:
    if stmt.type != "declaration":
        return False
    return any(cs.src(d).split("=")[0].strip(" *") == name for d in stmt.children_by_field_name("declarator"))


def null_guard(em: Emitter, scope: Scope) -> None:
    cs, line = scope.cs, scope.line
    stmt = cs.statement_at(line, scope.func)
    if stmt is None:
        return
    values = {k.strip(): v.strip().lower() for k, v in em.ctx.values.items()}
    for rank, base in enumerate(dereferenced(cs, stmt, line)):
        text = cs.src(base)
        root = re.match(r"\w+", text)
        if root and declared_in(cs, stmt, root.group(0)):
            continue
        seen = values.get(text, "")
        evidence = 5.0 if seen in ("0x0", "null", "(nil)", "0") or seen.endswith(" 0x0") else \
            (-3.0 if seen.startswith("0x") else 0.0)
        evidence -= 0.5 * rank
        earlier = cs.data[scope.func.start_byte:stmt.start_byte].decode("utf-8", "replace")
        if re.search(rf"(?:!\s*{re.escape(text)}\b|\b{re.escape(text)}\s*[!=]=\s*NULL)", earlier):
            evidence -= 4.0       # already checked before the statement
        loop = enclosing(stmt, LOOPS | {"function_definition"})
        for i, ret in enumerate(error_returns(cs, scope.func)):
            em.add(scope, before(cs, stmt, f"if ({text} == NULL)\n{cs.indent_unit(scope.func)}{ret}"),
                   "null_guard", f"return early when {text} is NULL", at=line, evidence=evidence - i)
        if loop is not None and loop.type in LOOPS:
            em.add(scope, before(cs, stmt, f"if ({text} == NULL)\n{cs.indent_unit(scope.func)}continue;"),
                   "null_guard", f"skip the iteration when {text} is NULL", at=line, evidence=evidence - 1.5)
        if stmt.type == "expression_statement":
            em.add(scope, _wrap(cs, stmt, f"if ({text} != NULL)"),
                   "null_guard", f"skip the statement when {text} is NULL", at=line, evidence=evidence - 2)
        callee_param_guard(em, scope, base)


def _wrap(cs, stmt: Node, cond: str) -> list[Edit]:
    if stmt.parent is not None and stmt.parent.type == "compound_statement" and cs.starts_line(stmt):
        indent = cs.indent_at(stmt)
        return [Edit(stmt.start_byte, stmt.start_byte, f"{cond}\n{indent}    ")]
    return [Edit(stmt.start_byte, stmt.start_byte, f"{cond} ")]


def params(cs, func: Node) -> list[str]:
    d = func.child_by_field_name("declarator")
    while d is not None and d.type != "function_declarator":
        d = d.child_by_field_name("declarator")
    if d is None:
        return []
    names = []
    for p in d.child_by_field_name("parameters").named_children:
        ids = [n for n in cs.walk(p) if n.type == "identifier"]
        names.append(cs.src(ids[-1]) if ids else "")
    return names


def callee_param_guard(em: Emitter, scope: Scope, base: Node) -> None:
    """The dereferenced pointer is a parameter: guard the argument at the call in the caller (depth + 1)."""
    if base.type != "identifier":
        return
    names = params(scope.cs, scope.func)
    if cs_name(scope, base) not in names:
        return
    k = names.index(cs_name(scope, base))
    sites = em.ctx.sites
    if scope.depth + 1 >= len(sites):
        return
    caller_site = sites[scope.depth + 1]
    cs = em.source(caller_site.path)
    func = cs.function_at(caller_site.line) if cs else None
    if func is None:
        return
    caller = Scope(caller_site.path, cs, func, caller_site.line, scope.depth + 1)
    for call in cs.on_line(caller_site.line, func, {"call_expression"}):
        if cs.src(call.child_by_field_name("function")) != scope.name:
            continue
        args = call.child_by_field_name("arguments").named_children
        if k >= len(args) or not pure(args[k]) or args[k].type not in ("identifier", "field_expression"):
            continue
        stmt = statement_of(call)
        arg = cs.src(args[k])
        for i, ret in enumerate(error_returns(cs, func)):
            em.add(caller, before(cs, stmt, f"if ({arg} == NULL)\n{cs.indent_unit(func)}{ret}"),
                   "null_guard_caller", f"do not call {scope.name}() with a NULL {arg}", at=caller_site.line,
                   evidence=-i)


def cs_name(scope: Scope, node: Node) -> str:
    return scope.cs.src(node)


def lengths_for(em: Emitter, scope: Scope, array: Node) -> list[str]:
    """Expressions that may hold the length of `array`, most plausible first."""
    cs, func = scope.cs, scope.func
    found: list[str] = []
    if array.type == "field_expression":
        obj, op = cs.src(array.child_by_field_name("argument")), cs.src(array.child_by_field_name("operator"))
        for n in cs.walk():
            if n.type == "field_identifier" and LENGTH.match(cs.src(n)):
                found.append(f"{obj}{op}{cs.src(n)}")
    elif array.type == "identifier":
        name = cs.src(array)
        t = declared_type(cs, func, name)
        for n in cs.walk(func):
            if n.type == "identifier" and LENGTH.match(cs.src(n)) and cs.src(n) != name:
                found.append(cs.src(n))
        if t and "*" not in t and re.search(rf"\b{re.escape(name)}\s*\[", cs.src(func)):
            found.insert(0, f"sizeof {name} / sizeof {name}[0]")
    uniq = list(dict.fromkeys(found))
    word = lambda s: re.split(r"->|\.", s)[-1]
    uniq.sort(key=lambda s: (0 if s.startswith("sizeof") else 1,
                             PREFERRED_LENGTH.index(word(s)) if word(s) in PREFERRED_LENGTH else 20))
    return uniq[:4]


def bounds_guard(em: Emitter, scope: Scope) -> None:
    cs, line = scope.cs, scope.line
    stmt = cs.statement_at(line, scope.func)
    if stmt is None:
        return
    for sub in cs.on_line(line, stmt, {"subscript_expression"}):
        index, array = sub.child_by_field_name("index"), sub.child_by_field_name("argument")
        if index is None or index.type == "number_literal" or not pure(index) or not pure(array):
            continue
        idx = atom(cs, index)
        signed = index.type != "identifier" or is_signed_type(declared_type(cs, scope.func, cs.src(index)))
        for j, length in enumerate(lengths_for(em, scope, array)):
            cond = f"{idx} < 0 || {idx} >= {length}" if signed else f"{idx} >= {length}"
            for i, ret in enumerate(error_returns(cs, scope.func)[:2]):
                em.add(scope, before(cs, stmt, f"if ({cond})\n{cs.indent_unit(scope.func)}{ret}"),
                       "bounds_guard", f"check {idx} against {length} before indexing {cs.src(array)}",
                       at=line, evidence=-0.7 * j - i)


def run(em: Emitter, scope: Scope) -> None:
    if scope.line is None:
        return
    null_guard(em, scope)
    bounds_guard(em, scope)
