"""Parser bugs: the fixes C parsers' maintainers write for an out-of-bounds read while scanning input.

  scan_bound     a scanning loop whose condition reads `buf[i]` (or `*p`) with no bound: `i < len &&` first
                 (the bound from the function's length), and after the loop the end of input is an error
                 when the loop's text is then used (`if (i >= len) return ERR;`)
  compare_edge   an off-by-one comparison guarding the reported access: `len == 0` -> `len <= 0`,
                 `x > len` -> `x >= len`, `x < len - 1`-free; only in conditions of the crashing function
  read_check     a length check before a read at a computed offset (`buf[i + 2]`): `if (i + 2 >= len) return ERR;`
  propagate      a callee's error ignored or only ended with `break`: return it (one frame up from the crash)
  own_guard      the read on the crash line is guarded elsewhere in the file by the file's own check
                 (`cannot_access_at_index(b, 0) || b->p[0] != ':'`): the same check, joined the same way,
                 in front of the crash line's condition (an `if` that fails, or a loop's condition)

Every edit returns or bounds without allocating, so it cannot add a leak on its own; an early return
placed after an allocation in the same function is skipped (it would leak what the function owns).
"""
from __future__ import annotations

import re

from tree_sitter import Node

from agent.native.templates.csource import LOOPS, Edit, enclosing, error_returns
from agent.native.templates.edits import atom, before, pure
from agent.native.templates.engine import Emitter, Scope
from agent.native.templates.guards import LENGTH, PREFERRED_LENGTH

ALLOC = re.compile(r"\b(?:malloc|calloc|realloc|strdup|strndup|fopen|\w+_new|\w+_alloc|\w+_create)\s*\(")


def _lengths(cs, func: Node, exclude: str) -> list[str]:
    """The function's parameters that may hold the input's length, most plausible first (a local
    counter named `n` is not the input's length)."""
    params = [p for p in cs.walk(func) if p.type == "parameter_list"][:1]
    names = [cs.src(n) for p in params for n in cs.walk(p) if n.type == "identifier" and LENGTH.match(cs.src(n))
             and cs.src(n) != exclude]
    uniq = list(dict.fromkeys(names))
    uniq.sort(key=lambda s: PREFERRED_LENGTH.index(s) if s in PREFERRED_LENGTH else 20)
    return uniq[:3]


def _owns_before(cs, func: Node, stmt: Node) -> bool:
    """The function allocated something before `stmt`: an early return there could leak it."""
    return bool(ALLOC.search(cs.data[func.start_byte:stmt.start_byte].decode("utf-8", "replace")))


def _reads(cs, cond: Node) -> list[tuple[str, str]]:
    """(index, array) of `array[index]` reads in a condition, index a plain variable."""
    out = []
    for n in cs.walk(cond):
        if n.type == "subscript_expression":
            idx, arr = n.child_by_field_name("index"), n.child_by_field_name("argument")
            if idx is not None and arr is not None and idx.type == "identifier" and pure(arr):
                out.append((cs.src(idx), cs.src(arr)))
    return out


def scan_bound(em: Emitter, scope: Scope) -> None:
    cs, line = scope.cs, scope.line
    for loop in cs.walk(scope.func):
        if loop.type not in ("while_statement", "for_statement", "do_statement"):
            continue
        cond = loop.child_by_field_name("condition")
        if cond is None or not (cond.start_point[0] + 1 <= line <= cond.end_point[0] + 1
                                or loop.start_point[0] + 1 == line):
            continue
        text = cs.src(cond)
        for idx, arr in _reads(cs, cond):
            for j, length in enumerate(_lengths(cs, scope.func, idx)):
                if re.search(rf"\b{re.escape(idx)}\s*<=?\s*{re.escape(length)}\b", text):
                    continue                                # already bounded by it
                inner = cond.named_children[0] if cond.type == "parenthesized_expression" and cond.named_children else cond
                em.add(scope, [Edit(inner.start_byte, inner.start_byte, f"{idx} < {length} && ")], "scan_bound",
                       f"bound the scan of {arr}[{idx}] by {length}", at=line, evidence=4.0 - j)
                ends = error_returns(cs, scope.func)
                after = loop.next_named_sibling
                if ends and after is not None and not _owns_before(cs, scope.func, loop):
                    unit = cs.indent_unit(scope.func)
                    edits = [Edit(inner.start_byte, inner.start_byte, f"{idx} < {length} && "),
                             *before(cs, after, f"if ({idx} >= {length})\n{unit}{ends[0]}")]
                    em.add(scope, edits, "scan_bound",
                           f"bound the scan of {arr}[{idx}] by {length}, and fail at the end of input",
                           at=line, evidence=4.5 - j)


def compare_edge(em: Emitter, scope: Scope) -> None:
    """`len == 0` -> `len <= 0` and `a > b` -> `a >= b` in the crashing function's conditions that
    test a length, nearest the crash line first."""
    cs, line = scope.cs, scope.line
    for n in cs.walk(scope.func):
        if n.type != "binary_expression" or n.start_point[0] + 1 > line:
            continue
        if enclosing(n, {"if_statement"}) is None:
            continue
        op, left, right = (n.child_by_field_name(f) for f in ("operator", "left", "right"))
        o, lt, rt = cs.src(op), cs.src(left), cs.src(right)
        if not (LENGTH.match(lt) or LENGTH.match(rt)):
            continue
        near = 3.0 - min(line - (n.start_point[0] + 1), 30) / 10
        if o == "==" and rt == "0":
            em.add(scope, [Edit(op.start_byte, op.end_byte, "<=")], "compare_edge",
                   f"`{cs.src(n)}` misses negative lengths: `<=`", at=cs.line_of(n), evidence=near)
        elif o == ">" and LENGTH.match(rt) or o == "<" and LENGTH.match(lt):
            em.add(scope, [Edit(op.start_byte, op.end_byte, o + "=")], "compare_edge",
                   f"`{cs.src(n)}` is one off at the edge: `{o}=`", at=cs.line_of(n), evidence=near - 1.0)


def read_check(em: Emitter, scope: Scope) -> None:
    """A read at a computed offset (`buf[i + k]`) on the crash line: check it against the length first."""
    cs, line = scope.cs, scope.line
    stmt = cs.statement_at(line, scope.func)
    if stmt is None or stmt.type in LOOPS or _owns_before(cs, scope.func, stmt):
        return
    for n in cs.on_line(line, stmt, {"subscript_expression"}):
        idx = n.child_by_field_name("index")
        if idx is None or idx.type != "binary_expression" or not pure(idx):
            continue
        for j, length in enumerate(_lengths(cs, scope.func, "")):
            if length in cs.src(idx):
                continue
            for i, ret in enumerate(error_returns(cs, scope.func)[:2]):
                em.add(scope, before(cs, stmt, f"if ({atom(cs, idx)} >= {length})\n{cs.indent_unit(scope.func)}{ret}"),
                       "read_check", f"check the read at {cs.src(idx)} against {length}", at=line,
                       evidence=2.0 - j - i)


def propagate(em: Emitter, scope: Scope) -> None:
    """A call's failure tested and answered with a `break` in the crashing function or its caller
    (the crash then runs on what the failed call left): return the error instead."""
    cs, line = scope.cs, scope.line
    ends = error_returns(cs, scope.func)
    if not ends:
        return
    for n in cs.walk(scope.func):
        if n.type != "if_statement":
            continue
        cond, body = n.child_by_field_name("condition"), n.child_by_field_name("consequence")
        if cond is None or body is None or not any(c.type == "call_expression" for c in cs.walk(cond)):
            continue
        if n.start_point[0] + 1 > line or _owns_before(cs, scope.func, n):
            continue
        brk = [b for b in cs.walk(body) if b.type == "break_statement" and enclosing(b, LOOPS | {"switch_statement"})
               is not None and enclosing(b, LOOPS | {"switch_statement"}).start_byte < n.start_byte]
        for b in brk[:1]:
            em.add(scope, [Edit(b.start_byte, b.end_byte, ends[0])], "propagate",
                   f"return the error of `{cs.src(cond)}` instead of leaving the loop", at=cs.line_of(n),
                   evidence=2.0 - min(line - (n.start_point[0] + 1), 20) / 10)


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _fails(cs, stmt: Node) -> bool:
    """An `if` whose consequence only leaves (goto, return, break): its condition is a failure test."""
    body = stmt.child_by_field_name("consequence")
    if body is None:
        return False
    kids = body.named_children if body.type == "compound_statement" else [body]
    kids = [k for k in kids if k.type != "comment"]
    return len(kids) == 1 and kids[0].type in ("goto_statement", "return_statement", "break_statement")


def own_guard(em: Emitter, scope: Scope) -> None:
    """The crash line's condition reads `R` (a subscript); elsewhere in the file `G || (… R …)` in a
    failing `if` (or `G && (… R …)` in a loop's condition) guards the very same read: put `G` there too."""
    cs, line = scope.cs, scope.line
    stmt = cs.statement_at(line, scope.func)
    if stmt is None or stmt.type not in ("if_statement", "while_statement", "for_statement"):
        return
    cond = stmt.child_by_field_name("condition")
    if cond is None or not cond.start_point[0] + 1 <= line <= cond.end_point[0] + 1:
        return
    kind = "if" if stmt.type == "if_statement" else "loop"
    if kind == "if" and not _fails(cs, stmt):
        return
    want, joiner = "||" if kind == "if" else "&&", {}
    reads = {_flat(cs.src(n)) for n in cs.walk(cond) if n.type == "subscript_expression"}
    if not reads:
        return
    for n in cs.walk(cs.root):
        if n.type != "binary_expression" or n.start_byte >= cond.start_byte and n.end_byte <= cond.end_byte:
            continue
        op, left, right = (n.child_by_field_name(f) for f in ("operator", "left", "right"))
        if op is None or cs.src(op) != want or left is None or right is None or left.type != "call_expression":
            continue
        home = enclosing(n, {"if_statement", "while_statement", "for_statement"})
        if home is None or (home.type == "if_statement") != (kind == "if") or kind == "if" and not _fails(cs, home):
            continue
        right_reads = {_flat(cs.src(r)) for r in cs.walk(right) if r.type == "subscript_expression"}
        guard = cs.src(left)
        if reads & right_reads and _flat(guard) not in _flat(cs.src(cond)):
            joiner.setdefault(guard, cs.line_of(n))
    inner = cond.named_children[0] if cond.type == "parenthesized_expression" and cond.named_children else cond
    for i, (guard, seen) in enumerate(list(joiner.items())[:2]):
        op = inner.child_by_field_name("operator") if inner.type == "binary_expression" else None
        text = cs.src(inner) if op is None or cs.src(op) == want else f"({cs.src(inner)})"
        em.add(scope, [Edit(inner.start_byte, inner.end_byte, f"{guard} {want} {text}")],
               "own_guard", f"guard the read as line {seen} does: `{guard} {want}`", at=line, evidence=4.0 - i)


def run(em: Emitter, scope: Scope) -> None:
    if scope.line is None:
        return
    scan_bound(em, scope)
    compare_edge(em, scope)
    read_check(em, scope)
    propagate(em, scope)
    own_guard(em, scope)
