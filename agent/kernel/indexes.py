"""An index checked against its array's length: the fix for KASAN out-of-bounds (global, slab, stack)
and UBSAN array-index-out-of-bounds reports on `A[I]` where A is an array whose size C knows (declared
`T A[N]` or `T A[] = {…}` in the function or the file, or a struct field declared `T F[N]` in the file
or a header it includes: `ARRAY_SIZE(A)` compiles only for those). The candidate is

    if (I >= ARRAY_SIZE(A))
            return <the function's own error code>;

before the statement holding the access, moved up above the lock/reference/allocation calls that
precede it in its block (an early return after them would leak them) while I is not set there; a
void function gets `return;`. No candidate when the function has no error code to copy, when I has
side effects, when something is still held at the check's place, or when the function already
compares I with that array's size before the access.
"""
from __future__ import annotations

import re

from agent.candidates import Candidate
from agent.kernel.csyntax import (ACQUIRES, site_function, per_site, error_code, indent_at, line_of, line_start, name_of,
                                  statement_of, strip, text, unified, walk)
from agent.repair_context import RepairContext


_SIMPLE_INDEX = re.compile(r"[\w.>\-]+")       # a name, a field (a.b, p->f): no call, no ++, no arithmetic


def generate(ctx: RepairContext, report_text: str = "") -> list[Candidate]:
    return per_site(ctx.sites[:3], lambda site: _at(ctx, site), "index check")


def _at(ctx: RepairContext, site) -> Candidate | None:
    found = site_function(ctx, site)
    if found is None:
        return None
    source, data, _, func = found
    error = error_code(func, data)
    if error is None:
        return None
    for sub in walk(func.child_by_field_name("body")):
        if sub.type != "subscript_expression" or line_of(sub) != site.line:
            continue
        array = strip(sub.child_by_field_name("argument"))
        index = strip(sub.child_by_field_name("index") or (sub.named_children[1] if len(sub.named_children) > 1 else None))
        if array is None or index is None:
            continue
        a, i = text(array, data), text(index, data)
        if not _SIMPLE_INDEX.fullmatch(i) or i.isdigit() or not _is_array(ctx, site.path, source, func, data, array):
            continue
        cand = _guard(ctx, site.path, source, data, func, sub, a, i, error)
        if cand is not None:
            return cand
    return None


def _is_array(ctx: RepairContext, path: str, source: str, func, data: bytes, array) -> bool:
    """Whether `array` names a C array (not a pointer): ARRAY_SIZE of it is its length."""
    if array.type == "identifier":
        name = text(array, data)
        root = func
        while root.parent is not None:
            root = root.parent
        for n in walk(root):                    # `T name[N]` declared in a declaration (a parameter's is a pointer)
            if n.type == "array_declarator" and _declares(n, data) == name:
                holder = n.parent
                while holder is not None and holder.type not in ("declaration", "parameter_declaration",
                                                                 "field_declaration"):
                    holder = holder.parent
                if holder is not None and holder.type == "declaration" and \
                        (holder.parent.type == "translation_unit" or _within(holder, func)):
                    return True
        return False
    if array.type == "field_expression":
        field = re.escape(text(array.child_by_field_name("field"), data))
        decl = re.compile(rf"(?m)^\s*[\w\s\*]*?\b{field}\s*\[\s*[^\]\s][^\]]*\]\s*(?:\[[^\]]*\]\s*)*(?:__\w+(?:\([^)]*\))?\s*)?;")
        return any(decl.search(ctx.read(p)) for p in [path] + _included(ctx, path, source))
    return False


def _declares(declarator, data: bytes) -> str:
    inner = declarator
    while inner is not None and inner.type != "identifier":
        inner = inner.child_by_field_name("declarator")
    return text(inner, data) if inner is not None else ""


def _within(node, func) -> bool:
    return func.start_byte <= node.start_byte and node.end_byte <= func.end_byte


def _included(ctx: RepairContext, path: str, source: str) -> list[str]:
    """The tree's files the source #includes (quoted: beside it; <linux/x.h>: include/linux/x.h)."""
    files, here, out = set(ctx.files), path.rsplit("/", 1)[0] if "/" in path else "", []
    for quote, name in re.findall(r'(?m)^\s*#\s*include\s*([<"])([^>"]+)[>"]', source):
        tries = [f"{here}/{name}" if here else name] if quote == '"' else []
        tries += [f"include/{name}", f"arch/x86/include/{name}", f"include/uapi/{name}"]
        out += [t for t in tries if t in files][:1]
    return out


def _guard(ctx, path, source, data, func, sub, array: str, index: str, error: str) -> Candidate | None:
    stmt = statement_of(sub)
    if stmt is None:
        return None
    before = data[func.start_byte:stmt.start_byte].decode("utf-8", "replace")
    bound = re.escape(array)
    if re.search(rf"\b{re.escape(index)}\s*(?:>=?|<=?)\s*(?:ARRAY_SIZE\s*\(\s*{bound}\s*\))", before):
        return None                             # already checked against this array
    target = _hoist(stmt, data, index)
    prefix = data[func.child_by_field_name("body").start_byte:target.start_byte].decode("utf-8", "replace")
    if ACQUIRES.search(prefix) and not _released(prefix):
        return None                             # something is held where the check would return
    start = line_start(source, data, target)
    indent, unit = indent_at(source, start)
    ret = f"return {error};" if error else "return;"
    check = f"{indent}if ({index} >= ARRAY_SIZE({array}))\n{indent}{unit}{ret}\n"
    updated = source[:start] + check + source[start:]
    where = f"{path}:{line_of(sub)}"
    said = error or "nothing (a void function)"
    return Candidate(unified(path, source, updated),
                     f"check {index} against ARRAY_SIZE({array}) before indexing it, returning {said}, in "
                     f"{name_of(func, data)}() ({where})", template="kernel:index_check", score=11.0, files=(path,))


def _hoist(stmt, data: bytes, index: str):
    """stmt, or an earlier sibling: above the acquiring calls right before it, while the index is not
    set there (nor declared)."""
    target, node = stmt, stmt.prev_named_sibling
    uses = re.compile(rf"\b{re.escape(index.split('->')[0].split('.')[0])}\b")
    while node is not None and node.type == "expression_statement":
        t = text(node, data)
        if uses.search(t):
            break
        if ACQUIRES.search(t):
            target = node
        node = node.prev_named_sibling
    return target


def _released(prefix: str) -> bool:
    """Every acquiring call before the check's place has its release there too (…unlock, …put, kfree)."""
    taken = len(re.findall(r"\b\w*(?<!un)lock\w*\s*\(", prefix))
    given = len(re.findall(r"\b\w*unlock\w*\s*\(", prefix))
    others = len([m for m in ACQUIRES.finditer(prefix) if "lock" not in m.group(0)])
    return taken == given and others == 0
