"""What the kernel's fix templates read of C code (tree-sitter): the function around a line, its
statements, its own error code, and the unified diff of an edit."""
from __future__ import annotations

import difflib
import logging
import re
from collections import Counter
from collections.abc import Callable, Iterable

log = logging.getLogger(__name__)

# a call that takes something the function must give back before it returns (a lock, a reference,
# memory): an early `return` inserted after one would leak it
ACQUIRES = re.compile(r"\b(?:\w*lock\w*|\w+_get\w*|\w+_hold|\w*alloc\w*|\w+_begin|\w+_enter|\w*open\w*)\s*\(")


def parser():
    import tree_sitter as ts
    import tree_sitter_c as tsc
    return ts.Parser(ts.Language(tsc.language()))


def text(node, data: bytes) -> str:
    return data[node.start_byte:node.end_byte].decode("utf-8", "replace")


def walk(node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


def line_of(node) -> int:
    return node.start_point[0] + 1


def function_at(root, line: int):
    for n in walk(root):
        if n.type == "function_definition" and n.start_point[0] + 1 <= line <= n.end_point[0] + 1:
            return n
    return None


def name_of(func, data: bytes) -> str:
    for n in walk(func.child_by_field_name("declarator")):
        if n.type == "identifier":
            return text(n, data)
    return "?"


def strip(node):
    """Casts and parentheses off an expression."""
    while node is not None and node.type in ("cast_expression", "parenthesized_expression"):
        node = node.child_by_field_name("value") if node.type == "cast_expression" else node.named_children[0]
    return node


def statement_of(node):
    """The statement holding node whose parent is a block ({ … }), or None."""
    while node is not None and node.parent is not None:
        if node.parent.type == "compound_statement" and node.type not in ("{", "}"):
            return node
        node = node.parent
    return None


def returns_void(func, data: bytes) -> bool:
    kind = func.child_by_field_name("type")
    declarator = func.child_by_field_name("declarator")
    return kind is not None and text(kind, data) == "void" and declarator is not None \
        and declarator.type == "function_declarator"


def error_code(func, data: bytes) -> str | None:
    """What the function's error paths return, most often (the first of equals): `-EX`, `ERR_PTR(-EX)`,
    or an error variable's `-EX` (`err = -EX; goto out;`); `return;` spelled "" for a void function;
    None when the function has no error path to copy."""
    if returns_void(func, data):
        return ""
    body = func.child_by_field_name("body")
    codes = []
    for n in walk(body):
        if n.type == "return_statement":
            m = re.fullmatch(r"return\s+(-E[A-Z0-9]+|ERR_PTR\(\s*-E[A-Z0-9]+\s*\))\s*;", text(n, data))
            if m:
                codes.append(re.sub(r"\s+", "", m.group(1)))
        elif n.type == "assignment_expression" and text(n.child_by_field_name("operator") or n, data) == "=":
            m = re.fullmatch(r"-E[A-Z0-9]+", text(n.child_by_field_name("right"), data))
            if m and re.fullmatch(r"\w*(?:err|ret|rc|error|res)\w*", text(n.child_by_field_name("left"), data)):
                codes.append(m.group(0))
    if not codes:
        return None
    counts = Counter(codes)
    return max(codes, key=lambda c: (counts[c], -codes.index(c)))


def line_start(source: str, data: bytes, node) -> int:
    """The character offset of the start of node's line in source."""
    return source.rfind("\n", 0, len(data[:node.start_byte].decode("utf-8", "replace"))) + 1


def indent_at(source: str, start: int) -> tuple[str, str]:
    """(the indentation of the line at start, one more level of it)."""
    indent = re.match(r"[ \t]*", source[start:]).group(0)
    return indent, "\t" if indent.startswith("\t") or not indent else "    "


def unified(path: str, before: str, after: str) -> str:
    lines = difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                 f"a/{path}", f"b/{path}", n=3)
    return f"diff --git a/{path} b/{path}\n" + "".join(lines)


def per_site(sites: Iterable, make: Callable, what: str) -> list:
    """One candidate per site at most (`make(site)`, None where it abstains), distinct diffs; a site
    whose source cannot be read or parsed is skipped with a debug line naming `what` was tried."""
    out: list = []
    for site in sites:
        try:
            cand = make(site)
        except (ValueError, UnicodeError, OSError) as exc:
            log.debug("%s at %s:%s: %s", what, site.path, site.line, exc)
            continue
        if cand is not None and all(c.diff != cand.diff for c in out):
            out.append(cand)
    return out


def site_function(ctx, site):
    """(source, its bytes, its syntax tree, the function around site.line) of a C file the repair may edit,
    else None."""
    if not site.path.endswith((".c", ".h")) or ctx.protected(site.path):
        return None
    source = ctx.read(site.path)
    data = source.encode()
    root = parser().parse(data).root_node
    func = function_at(root, site.line)
    return None if func is None else (source, data, root, func)
