"""Checks at a function's entry, where an API's maintainers put them (cJSON #802/#803/#839, libexif #247).

  entry_guard       a parameter dereferenced at the crash (`strlen(valuestring)`, `newitem->next = ...`), never
                    reassigned before it: `param == NULL` joined to the function's own entry check
                    (`if (object->valuestring == NULL || valuestring == NULL) return NULL;`), or a new
                    `if (param == NULL) return ERR;` after the declarations when it has none; ERR is the
                    value the function's own entry checks return
  length_underflow  an unsigned length parameter decremented (`maxlen--`, `n -= 2`) before the crash with no
                    check that it is large enough: `if (maxlen < 1) return ERR;` before its first use

Both return before the function allocates anything (they go at its top), so they cannot add a leak.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from agent.native.templates.csource import CSource, Edit, declared_type, error_returns
from agent.native.templates.edits import before
from agent.native.templates.engine import Emitter, Scope
from agent.native.templates.guards import dereferenced, params

UNSIGNED = re.compile(r"^(?:const\s+)?(?:unsigned(?:\s+(?:int|long|short|char|long\s+long))?|size_t|uint\d+_t)$")


def _body(func: Node) -> list[Node]:
    body = func.child_by_field_name("body")
    return [n for n in body.named_children if n.type != "comment"] if body is not None else []


def _only_returns(cs: CSource, stmt: Node) -> str | None:
    """The `return X;` an `if` does and nothing else (no else), or None."""
    if stmt.type != "if_statement" or stmt.child_by_field_name("alternative") is not None:
        return None
    body = stmt.child_by_field_name("consequence")
    kids = [k for k in (body.named_children if body.type == "compound_statement" else [body]) if k.type != "comment"]
    return cs.src(kids[0]) if len(kids) == 1 and kids[0].type == "return_statement" else None


def entry_checks(cs: CSource, func: Node) -> tuple[list[Node], Node | None]:
    """(the leading `if (...) return X;` checks after the declarations, the first other statement)."""
    checks = []
    for stmt in _body(func):
        if stmt.type == "declaration":
            if checks:
                break
            continue
        if _only_returns(cs, stmt) is None:
            return checks, stmt
        checks.append(stmt)
    return checks, None


def _assigned(cs: CSource, func: Node, name: str, upto: int) -> bool:
    text = cs.data[func.start_byte:upto].decode("utf-8", "replace")
    return re.search(rf"(?<![\w.>]){re.escape(name)}\s*(?:[-+*/|&]?=(?!=)|\+\+|--)", text) is not None


def entry_guard(em: Emitter, scope: Scope) -> None:
    cs, func, line = scope.cs, scope.func, scope.line
    stmt = cs.statement_at(line, func)
    if stmt is None:
        return
    names = params(cs, func)
    checks, first = entry_checks(cs, func)
    inside = [c for c in checks if c.start_byte <= stmt.start_byte < c.end_byte]
    target = inside[0] if inside else checks[-1] if checks else None   # a check that crashes gets the test itself
    public = "static" not in cs.data[func.start_byte:func.child_by_field_name("declarator").start_byte].decode(
        "utf-8", "replace")
    values = {k.strip(): v.strip().lower() for k, v in em.ctx.values.items()}
    for rank, base in enumerate(dereferenced(cs, stmt, line)):
        name = cs.src(base)
        root = re.match(r"\w+", name).group(0) if re.match(r"\w+", name) else ""
        if base.type not in ("identifier", "field_expression") or root not in names or \
                not re.fullmatch(r"\w+(?:->\w+)?", name) or _assigned(cs, func, root, stmt.start_byte):
            continue                            # a parameter, or a field of one, as the caller passed it
        own = rf"(?<![\w.>]){re.escape(name)}(?![\w\[]|->)"
        if any(re.search(rf"{own}\s*==\s*NULL\b|!\s*{own}", cs.src(c)) for c in checks[:checks.index(target) + 1]
               if target is not None):
            continue                            # the entry already checks it
        seen = values.get(name, "")
        evidence = 4.0 + (1.0 if public else 0.0) - 0.5 * rank + \
            (5.0 if seen in ("0x0", "null", "(nil)", "0") else -3.0 if seen.startswith("0x") else 0.0)
        if target is not None:
            last = target
            cond = last.child_by_field_name("condition")
            inner = cond.named_children[0] if cond.type == "parenthesized_expression" and cond.named_children else cond
            reads = re.search(rf"(?<![\w.>]){re.escape(name)}\s*(?:->|\[)|\*\s*{re.escape(name)}\b", cs.src(inner))
            # the check itself dereferences it: the NULL test goes first (`object == NULL || object->type ...`)
            joined = f"{name} == NULL || {cs.src(inner)}" if reads else f"{cs.src(inner)} || {name} == NULL"
            em.add(scope, [Edit(inner.start_byte, inner.end_byte, joined)], "entry_guard",
                   f"`{name} == NULL` joined to the entry check", at=cs.line_of(last), evidence=evidence)
            continue
        anchor = first if first is not None else stmt
        for i, ret in enumerate(error_returns(cs, func)[:1]):
            em.add(scope, before(cs, anchor, f"if ({name} == NULL)\n{cs.indent_unit(func)}{ret}"), "entry_guard",
                   f"return {ret[7:-1]} at the entry when {name} is NULL", at=cs.line_of(anchor),
                   evidence=evidence - 1.0 - i)


def length_underflow(em: Emitter, scope: Scope) -> None:
    cs, func, line = scope.cs, scope.func, scope.line
    stmt = cs.statement_at(line, func)
    if stmt is None:
        return
    for name in params(cs, func):
        t = declared_type(cs, func, name)
        if not name or not t or not UNSIGNED.match(t.strip()):
            continue
        # a decrement statement of the function's body itself (`maxlen--;`), not a loop's count-down
        shape = re.compile(rf"(?:{re.escape(name)}\s*--|--\s*{re.escape(name)}|{re.escape(name)}\s*-=\s*(\w+)|"
                           rf"{re.escape(name)}\s*=\s*{re.escape(name)}\s*-\s*(\w+))\s*;")
        decs = [n for n in _body(func) if n.type == "expression_statement" and n.end_byte <= stmt.start_byte
                and shape.fullmatch(cs.src(n))]
        if not decs or not re.search(rf"(?<![\w.>]){re.escape(name)}\b", cs.src(stmt)):
            continue                            # not decremented, or the crash does not read it
        dec = shape.fullmatch(cs.src(decs[0]))
        k = dec.group(1) or dec.group(2) or "1"
        before_dec = cs.data[func.start_byte:decs[0].start_byte].decode("utf-8", "replace")
        if re.search(rf"\b{re.escape(name)}\s*(?:<=?|>=?|==|!=)|(?:<=?|>=?|==|!=)\s*{re.escape(name)}\b|!\s*{re.escape(name)}\b",
                     before_dec):
            continue                            # checked before it is decremented
        checks, _ = entry_checks(cs, func)
        uses = [n for n in _body(func) if n.type != "declaration" and n not in checks and
                re.search(rf"(?<![\w.>]){re.escape(name)}\b", cs.src(n))]
        if not uses:
            continue
        rets = error_returns(cs, func)
        if not rets:
            continue
        em.add(scope, before(cs, uses[0], f"if ({name} < {k})\n{cs.indent_unit(func)}{rets[0]}"), "length_underflow",
               f"{name} (unsigned) is decremented unchecked: return {rets[0][7:-1]} when it is below {k}",
               at=cs.line_of(uses[0]), evidence=5.0)


def run(em: Emitter, scope: Scope) -> None:
    if scope.line is None or scope.role != "crash":
        return
    entry_guard(em, scope)
    length_underflow(em, scope)
