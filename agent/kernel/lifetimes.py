"""A use-after-free reordered: the function gives an object back (kfree, kfree_skb, …_put, …_free)
and then uses it again in the same block. KASAN's "use-after-free" report shows the use (the crash
stack) and, when the console has it, the free (the "Freed by task" stack). The candidate moves the
put to just after the object's last use in that block:

    kfree_skb(skb);                          skb_copy_from_linear_data(skb, …, skb->len);
    skb_copy_from_linear_data(skb, …);  ->   kfree_skb(skb);

Only when the put is a statement of its own in the block that holds the use, the object is not set
again in between, and no statement between the put and the last use leaves the block (return, goto,
break: the object would then never be put on that path). The put is the free stack's frame in this
function when the report has one, else the last put of an object the crashing line uses before it.
"""
from __future__ import annotations

import re

from agent.candidates import Candidate
from agent.kernel.csyntax import function_at, site_function, per_site, line_of, name_of, text, unified, walk
from agent.repair_context import RepairContext


PUT = re.compile(r"(?:\w*free\w*|\w+_put\w*|consume_skb|\w+_release|\w+_destroy|\w+_unref)")
_EXITS = re.compile(r"\b(?:return|goto|break|continue)\b")


def generate(ctx: RepairContext, report_text: str = "") -> list[Candidate]:
    return per_site(ctx.sites[:3], lambda site: _at(ctx, site), "reorder")


def _put_call(stmt, data: bytes) -> tuple[str, str] | None:
    """(the function, the object) of a statement `put(obj);` / `put(obj, …);`."""
    if stmt is None or stmt.type != "expression_statement" or not stmt.named_children:
        return None
    call = stmt.named_children[0]
    if call.type != "call_expression":
        return None
    fn = text(call.child_by_field_name("function"), data)
    args = call.child_by_field_name("arguments").named_children
    if not PUT.fullmatch(fn) or not args or args[0].type != "identifier":
        return None
    return fn, text(args[0], data)


def _at(ctx: RepairContext, site) -> Candidate | None:
    found = site_function(ctx, site)
    if found is None:
        return None
    source, data, root, func = found
    use_nodes = [n for n in walk(func.child_by_field_name("body")) if line_of(n) == site.line and n.type == "identifier"]
    used = {text(n, data) for n in use_nodes}
    freed_here = [s.line for s in ctx.free_sites if s.path == site.path and function_at(root, s.line) == func]
    puts = []
    for n in walk(func.child_by_field_name("body")):
        if n.type == "expression_statement" and line_of(n) < site.line and n.parent is not None \
                and n.parent.type == "compound_statement":
            got = _put_call(n, data)
            if got and got[1] in used:
                puts.append((n, got))
    if freed_here:
        # the free stack's line is a return address: the put's own line or the one after it, so the
        # closest put at or before each such line
        near = {max((p for p in puts if line_of(p[0]) <= fl), key=lambda p: line_of(p[0]), default=None)
                for fl in freed_here}
        puts = [p for p in puts if p in near]
    for put, (fn, obj) in reversed(puts):
        cand = _reorder(site.path, source, data, func, put, fn, obj, site.line)
        if cand is not None:
            return cand
    return None


def _reorder(path, source, data, func, put, fn: str, obj: str, use_line: int) -> Candidate | None:
    block = put.parent
    siblings = block.named_children
    idx = siblings.index(put)
    mentions = re.compile(rf"(?<![\w.>]){re.escape(obj)}\b")
    sets = re.compile(rf"(?<![\w.>]){re.escape(obj)}\s*=[^=]")
    last = None
    for sib in siblings[idx + 1:]:
        t = text(sib, data)
        if sib.type in ("labeled_statement", "return_statement", "goto_statement", "break_statement") \
                or sets.search(t):
            break
        if _EXITS.search(t):              # a way out: the put moved past it would be skipped there
            if mentions.search(t):        # and it uses the object: that path would use it after the put
                return None
            break
        if mentions.search(t):
            last = sib
    if last is None:
        return None
    # the use must be in what moves past: some sibling from put to last holds the use line
    if not any(line_of(s) <= use_line <= s.end_point[0] + 1 for s in siblings[idx + 1:siblings.index(last) + 1]):
        return None
    lines = source.splitlines(keepends=True)
    p0, p1 = put.start_point[0], put.end_point[0]
    put_text = lines[p0:p1 + 1]
    end = last.end_point[0]
    updated = lines[:p0] + lines[p1 + 1:end + 1] + put_text + lines[end + 1:]
    after = "".join(updated)
    return Candidate(unified(path, source, after),
                     f"move {fn}({obj}) after the last use of {obj} in {name_of(func, data)}() "
                     f"({path}:{line_of(last)}): it was given back before line {use_line} used it",
                     template="kernel:put_after_use", score=12.0, files=(path,))

