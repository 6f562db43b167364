"""Text edits the C families share: insert a guard before a statement, add an #include, delete a line."""
from __future__ import annotations

import re

from tree_sitter import Node

from agent.native.templates.csource import CSource, Edit

SIDE_EFFECTS = {"call_expression", "assignment_expression", "update_expression", "comma_expression"}


def pure(node: Node) -> bool:
    """Safe to evaluate twice (no call, assignment, ++/--)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type in SIDE_EFFECTS:
            return False
        stack.extend(n.children)
    return True


def atom(cs: CSource, node: Node) -> str:
    s = cs.src(node)
    simple = node.type in ("identifier", "field_expression", "subscript_expression", "number_literal",
                           "call_expression", "parenthesized_expression", "sizeof_expression", "pointer_expression")
    return s if simple else f"({s})"


def before(cs: CSource, stmt: Node, code: str) -> list[Edit]:
    """Put `code` (one or more statements) right before `stmt`, bracing a lone if/loop body."""
    parent = stmt.parent
    if parent is not None and parent.type in ("compound_statement", "translation_unit", "case_statement"):
        if cs.starts_line(stmt):
            indent = cs.indent_at(stmt)
            at = cs.line_start(cs.line_of(stmt))
            text = "".join(f"{indent}{line}\n" for line in code.splitlines())
            return [Edit(at, at, text)]
        return [Edit(stmt.start_byte, stmt.start_byte, " ".join(line.strip() for line in code.splitlines()) + " ")]
    one = " ".join(line.strip() for line in code.splitlines())
    return [Edit(stmt.start_byte, stmt.start_byte, "{ " + one + " "), Edit(stmt.end_byte, stmt.end_byte, " }")]


def after(cs: CSource, stmt: Node, code: str) -> list[Edit]:
    """Put `code` right after `stmt` (on its own lines when `stmt` ends its line)."""
    parent = stmt.parent
    if parent is None or parent.type not in ("compound_statement", "translation_unit", "case_statement"):
        one = " ".join(line.strip() for line in code.splitlines())
        return [Edit(stmt.start_byte, stmt.start_byte, "{ "), Edit(stmt.end_byte, stmt.end_byte, " " + one + " }")]
    end_line = stmt.end_point[0] + 1
    rest = cs.data[stmt.end_byte:cs.line_start(end_line + 1) if end_line < len(cs.line_starts) else len(cs.data)]
    if rest.strip() and not rest.strip().startswith((b"//", b"/*")):
        return [Edit(stmt.end_byte, stmt.end_byte, " " + " ".join(line.strip() for line in code.splitlines()))]
    indent = cs.indent_at(stmt)
    at = stmt.end_byte + len(rest) if rest.endswith(b"\n") else stmt.end_byte
    text = "".join(f"{indent}{line}\n" for line in code.splitlines())
    return [Edit(at, at, text if rest.endswith(b"\n") else "\n" + text.rstrip("\n"))]


def delete(cs: CSource, stmt: Node) -> list[Edit]:
    """Remove a statement, with its whole line when it is alone on it."""
    start, end = stmt.start_byte, stmt.end_byte
    line_start = cs.line_start(cs.line_of(stmt))
    nl = cs.data.find(b"\n", end)
    if not cs.data[line_start:start].strip() and (nl < 0 or not cs.data[end:nl].strip()):
        return [Edit(line_start, nl + 1 if nl >= 0 else len(cs.data), "")]
    return [Edit(start, end, "")]


def include(cs: CSource, header: str) -> list[Edit]:
    """`#include <header>` after the file's last #include, unless the file already includes it."""
    if re.search(rb"#\s*include\s*<" + re.escape(header.encode()) + rb">", cs.data):
        return []
    includes = [n for n in cs.root.children if n.type == "preproc_include"]
    at = includes[-1].end_byte if includes else 0
    if includes and cs.data[at - 1:at] != b"\n":
        return [Edit(at, at, f"\n#include <{header}>")]
    return [Edit(at, at, f"#include <{header}>\n")]


def statement_of(node: Node) -> Node | None:
    """The statement a node is part of (its expression_statement, declaration, return...)."""
    from agent.native.templates.csource import STATEMENTS
    p = node
    while p is not None and p.type not in STATEMENTS:
        p = p.parent
    return p
