"""Use-after-free and double-free orderings: free later, clear the pointer, drop a duplicate free."""
from __future__ import annotations

import re

from tree_sitter import Node

from agent.native.templates.csource import CSource, Edit, return_type
from agent.native.templates.edits import after, before, delete, pure
from agent.native.templates.engine import Emitter, Scope

FREE = re.compile(r"^(?:free|g_free|\w+_free|kfree|xfree)$")


def frees(cs: CSource, scope: Node) -> list[tuple[Node, Node, str]]:
    """(statement, call, freed expression text) for each `free(x);` statement."""
    out = []
    for stmt in cs.walk(scope):
        if stmt.type != "expression_statement" or not stmt.named_children:
            continue
        call = stmt.named_children[0]
        if call.type != "call_expression":
            continue
        name = cs.src(call.child_by_field_name("function"))
        args = call.child_by_field_name("arguments").named_children
        if FREE.match(name) and len(args) == 1 and pure(args[0]):
            out.append((stmt, call, cs.src(args[0])))
    return out


def mentions(text: str, expr: str) -> bool:
    return re.search(rf"(?<![\w.>]){re.escape(expr)}(?!\w)", text) is not None


def free_later(em: Emitter, scope: Scope) -> None:
    """A `free(x)` before the crashing use of x in the same function: move it after the last use."""
    cs, func, line = scope.cs, scope.func, scope.line
    if line is None:
        return
    use = cs.statement_at(line, func)
    if use is None:
        return
    for stmt, call, x in frees(cs, func):
        if stmt.end_byte > use.start_byte or not mentions(cs.src(use), x) or stmt.parent is None:
            continue
        block = stmt.parent
        siblings = [c for c in block.named_children if c.start_byte > stmt.end_byte and c.type != "comment"]
        uses = [c for c in siblings if mentions(cs.src(c), x)]
        if not uses:
            continue
        last = uses[-1]
        moved = cs.src(stmt)
        if last.type == "return_statement":
            value = last.named_children[0] if last.named_children else None
            kind = return_type(cs, func)
            if value is None or kind == "other":
                edits = delete(cs, stmt) + before(cs, last, moved)
            else:
                rtype = cs.src(func.child_by_field_name("type")).replace("static ", "").replace("inline ", "")
                star = " *" if kind == "pointer" else " "
                edits = delete(cs, stmt) + before(cs, last, f"{rtype}{star}result = {cs.src(value)};\n{moved}") + \
                    [_replace(value, "result")]
        else:
            edits = delete(cs, stmt) + after(cs, last, moved)
        em.add(scope, edits, "free_later", f"free {x} after its last use, not before", at=cs.line_of(stmt),
               evidence=3.0)


def _replace(node: Node, text: str) -> Edit:
    return Edit(node.start_byte, node.end_byte, text)


def null_after_free(em: Emitter, scope: Scope) -> None:
    """`free(p->buf);` -> `free(p->buf); p->buf = NULL;` so a later free or check sees NULL."""
    cs, func = scope.cs, scope.func
    crash_freed = _freed_at_crash(em)
    for stmt, call, x in frees(cs, func):
        if not re.fullmatch(r"[\w]+(?:(?:->|\.)\w+|\[\w+\])*", x):
            continue
        at_site = scope.line is not None and cs.line_of(stmt) <= scope.line <= stmt.end_point[0] + 1
        if at_site and scope.role == "crash":
            continue              # the crashing free itself: clearing after it is too late
        nxt = stmt.next_named_sibling
        if nxt is not None and re.fullmatch(rf"{re.escape(x)}\s*=\s*(?:NULL|0|nullptr)\s*;", cs.src(nxt)):
            continue
        field = re.split(r"->|\.", x)[-1]
        evidence = 4.0 if at_site else 0.0     # the free the report's free stack names
        if crash_freed and (x in crash_freed or field in {re.split(r"->|\.", c)[-1] for c in crash_freed}):
            evidence += 5.0       # the same pointer freed elsewhere: this may be the first free
        if "->" in x or "." in x:
            evidence += 1.0       # a field outlives the function: the second free is usually elsewhere
        elif not any(mentions(cs.src(s), x) for s in _following(stmt)):
            evidence -= 3.0       # a local no statement reads again: clearing it changes nothing
        em.add(scope, after(cs, stmt, f"{x} = NULL;"), "null_after_free", f"clear {x} after freeing it",
               at=cs.line_of(stmt), evidence=evidence)


def _following(stmt: Node) -> list[Node]:
    """The statements after `stmt` in its block and in the enclosing blocks (a loop's next turn aside)."""
    out, node = [], stmt
    while node is not None and node.type != "function_definition":
        sib = node.next_named_sibling
        while sib is not None:
            out.append(sib)
            sib = sib.next_named_sibling
        node = node.parent
    return out


def _freed_at_crash(em: Emitter) -> set[str]:
    if not em.ctx.sites:
        return set()
    site = em.ctx.sites[0]
    cs = em.source(site.path)
    func = cs.function_at(site.line) if cs else None
    if func is None:
        return set()
    return {x for stmt, _, x in frees(cs, func) if cs.line_of(stmt) <= site.line <= stmt.end_point[0] + 1}


def drop_free(em: Emitter, scope: Scope) -> None:
    """The crashing free repeats an earlier free of the same pointer: drop one of them."""
    cs, func, line = scope.cs, scope.func, scope.line
    if line is None:
        return
    all_frees = frees(cs, func)
    for stmt, call, x in all_frees:
        if not (cs.line_of(stmt) <= line <= stmt.end_point[0] + 1):
            continue
        earlier = [s for s, _, y in all_frees if y == x and s.end_byte <= stmt.start_byte]
        callee_frees = _freed_by_callees(em, cs, func, stmt)
        if not earlier and re.split(r"->|\.", x)[-1] not in callee_frees:
            continue              # no earlier free in sight: dropping this one would only leak
        evidence = 3.0
        em.add(scope, delete(cs, stmt), "drop_free", f"drop the second free of {x}", at=line, evidence=evidence)
        for s in earlier:
            em.add(scope, delete(cs, s), "drop_free", f"drop the first free of {x}", at=cs.line_of(s),
                   evidence=evidence - 2.0)


def _freed_by_callees(em: Emitter, cs: CSource, func: Node, upto: Node) -> set[str]:
    """Pointers freed (as a field or parameter) by repo functions `func` calls before `upto`."""
    out = set()
    for call in cs.walk(func):
        if call.type != "call_expression" or call.end_byte > upto.start_byte:
            continue
        callee = cs.function_named(cs.src(call.child_by_field_name("function")))
        if callee is None:
            continue
        for _, _, y in frees(cs, callee):
            out.add(re.split(r"->|\.", y)[-1])
    x_fields = set()
    for _, _, x in frees(cs, func):
        x_fields.add(re.split(r"->|\.", x)[-1])
    return {x for x in x_fields if x in out}


def run(em: Emitter, scope: Scope) -> None:
    free_later(em, scope)
    null_after_free(em, scope)
    drop_free(em, scope)

