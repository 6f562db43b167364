"""A length check before a struct is read through a pointer into a buffer: the fix syzbot's KASAN
out-of-bounds reports most often need ("N bytes to the right of an allocated M-byte region").

At the guilty line, `P->field` where P was set from a buffer B (`P = (struct T *)B;`, or its
declaration's initialiser) and the function knows B's length L (a variable named like a length that
a condition of the function tests with B, or named after B: `data`/`datalen`): the candidate is

    if (L < sizeof(*P))
            return <the function's own error code>;

before the assignment (or before the first statement using P, when P is set in its declaration). The
error code is the one the function's other error paths return most (`-EINVAL` where they do); a
function with no `return -E…;` path gets no candidate, nor one that already compares L with
`sizeof(*P)`. Only for an out-of-bounds report (kernel/path.py filters by the report's kind).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent.candidates import Candidate
from agent.kernel.csyntax import error_code, per_site, function_at as _function_at, name_of as _name_of, parser as _parser, \
    strip as _strip, text as _text, unified as _diff, walk as _walk
from agent.repair_context import RepairContext


_LENGTH = re.compile(r"(?:len|length|size|sz|count|cnt)$", re.I)
_REGION = re.compile(r"located (\d+) bytes to the right of\s+(?:allocated )?(\d+)-byte region", re.S)
_ACCESS = re.compile(r"(Read|Write) of size (\d+)")


@dataclass(frozen=True)
class Region:
    """What KASAN said of the access: `Read of size S`, `N bytes to the right of an M-byte region`."""
    access: str
    size: int
    right: int
    region: int

    def words(self) -> str:
        return (f"a {self.size}-byte {self.access.lower()} {self.right} bytes past the end of a "
                f"{self.region}-byte buffer")


def region(report_text: str) -> Region | None:
    r, a = _REGION.search(report_text), _ACCESS.search(report_text)
    if not r or not a:
        return None
    return Region(a.group(1), int(a.group(2)), int(r.group(1)), int(r.group(2)))


def generate(ctx: RepairContext, report_text: str = "") -> list[Candidate]:
    """The length-check candidate at the innermost site (and the next two), at most one per function."""
    said = region(report_text)
    return per_site(ctx.sites[:3], lambda site: _at(ctx, site, said), "length check")


def _at(ctx: RepairContext, site, said: Region | None) -> Candidate | None:
    if not site.path.endswith((".c", ".h")) or ctx.protected(site.path):
        return None
    text = ctx.read(site.path)
    data = text.encode()
    tree = _parser().parse(data)
    func = _function_at(tree.root_node, site.line)
    if func is None:
        return None
    body = func.child_by_field_name("body")
    # P->field on the guilty line
    pointer = None
    for n in _walk(body):
        if n.type == "field_expression" and n.start_point[0] + 1 == site.line and \
                _text(n.child_by_field_name("operator") or n, data) == "->":
            arg = _strip(n.child_by_field_name("argument"))
            if arg is not None and arg.type == "identifier":
                pointer = _text(arg, data)
                break
    if pointer is None:
        return None
    setting, buffer = _set_from(body, data, pointer, site.line)
    if setting is None or buffer is None:
        return None
    length = _length_of(func, body, data, buffer, site.line)
    error = error_code(func, data)
    if length is None or not error:
        return None
    fn_text = _text(func, data)
    if re.search(rf"sizeof\s*\(?\s*\*\s*{re.escape(pointer)}\b", fn_text[:max(0, setting.start_byte - func.start_byte)]):
        return None                       # the function already checks a length against it
    stmt = setting if setting.type == "expression_statement" else _first_use_after(body, data, setting, pointer)
    if stmt is None:
        return None
    line_start = text.rfind("\n", 0, len(data[:stmt.start_byte].decode("utf-8", "replace"))) + 1
    indent = re.match(r"[ \t]*", text[line_start:]).group(0)
    unit = "\t" if indent.startswith("\t") or not indent else "    "
    check = f"{indent}if ({length} < sizeof(*{pointer}))\n{indent}{unit}return {error};\n"
    updated = text[:line_start] + check + text[line_start:]
    diff = _diff(site.path, text, updated)
    where = f"{site.path}:{stmt.start_point[0] + 1}"
    why = f" (KASAN: {said.words()})" if said else ""
    func_name = _name_of(func, data)
    return Candidate(diff, f"check that {length} holds a whole *{pointer} before reading it, returning {error}, in "
                           f"{func_name}() ({where}){why}", template="kernel:length_check", score=12.0,
                     files=(site.path,))


def _set_from(body, data: bytes, pointer: str, line: int):
    """(the statement or declaration that last set pointer before line, the buffer it was set from)."""
    found = (None, None)
    for n in _walk(body):
        if n.start_point[0] + 1 > line:
            continue
        if n.type == "assignment_expression" and _text(n.child_by_field_name("left"), data) == pointer \
                and _text(n.child_by_field_name("operator") or n, data) == "=":
            stmt = n.parent if n.parent is not None and n.parent.type == "expression_statement" else None
            found = (stmt, _buffer(n.child_by_field_name("right"), data)) if stmt is not None else found
        elif n.type == "init_declarator":
            decl = n.child_by_field_name("declarator")
            names = [_text(x, data) for x in _walk(decl) if x.type == "identifier"]
            if names[-1:] == [pointer] and decl.type == "pointer_declarator":
                found = (n.parent, _buffer(n.child_by_field_name("value"), data))
    return found


def _buffer(value, data: bytes) -> str | None:
    value = _strip(value)
    if value is not None and value.type in ("identifier", "field_expression"):
        return _text(value, data)
    return None


def _length_of(func, body, data: bytes, buffer: str, line: int) -> str | None:
    """The name of buffer's length: a length-named variable a condition tests together with the buffer,
    else one named after it (`data` -> `datalen`), else `X->Flen` for a buffer `X->F`."""
    names = set()
    for n in _walk(func):
        if n.type in ("identifier",) and _LENGTH.search(_text(n, data)) and n.start_point[0] + 1 <= line:
            names.add(_text(n, data))
    for n in _walk(body):
        if n.type in ("if_statement",) and n.start_point[0] + 1 < line:
            cond = _text(n.child_by_field_name("condition"), data)
            if re.search(rf"(?<![\w>.]){re.escape(buffer)}\b", cond):
                together = [x for x in sorted(names) if re.search(rf"\b{x}\b", cond)]
                if len(together) == 1:
                    return together[0]
    base = buffer.rsplit("->", 1)[-1].rsplit(".", 1)[-1]
    named = [x for x in sorted(names) if x.lower().startswith(base.lower()) and x != base]
    if len(named) == 1:
        return named[0]
    if "->" in buffer:
        owner = buffer.rsplit("->", 1)[0]
        fields = set(re.findall(rf"{re.escape(owner)}->(\w+)", _text(func, data)))
        for f in (f"{base}len", f"{base}_len", "len", "size"):
            if f in fields:
                return f"{owner}->{f}"
    return None


def _first_use_after(body, data: bytes, decl, pointer: str):
    """The first statement (not a declaration) of decl's block, after it, that uses pointer."""
    block = decl.parent
    seen = False
    for child in block.named_children if block is not None else []:
        if child == decl:
            seen = True
            continue
        if seen and child.type not in ("declaration", "comment") and \
                re.search(rf"\b{re.escape(pointer)}\b", _text(child, data)):
            return child
    return None


