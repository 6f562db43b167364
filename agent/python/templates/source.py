"""Source text, ast spans and minimal text edits."""
from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cached_property

STMT_LISTS = ("body", "orelse", "finalbody", "handlers", "cases")


@dataclass(frozen=True)
class Edit:
    start: int      # char offset into the file text
    end: int
    text: str


class SourceFile:
    """One parsed repo file with helpers to turn ast positions into text offsets."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        self.tree = ast.parse(text)
        self.lines = text.splitlines(keepends=True)
        self._starts = [0]
        for ln in self.lines:
            self._starts.append(self._starts[-1] + len(ln))
        self._parents: dict[int, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self._parents[id(child)] = node

    # ---- positions -------------------------------------------------------
    def line_text(self, lineno: int) -> str:
        if 1 <= lineno <= len(self.lines):
            return self.lines[lineno - 1]
        return ""

    def offset(self, lineno: int, col_byte: int) -> int:
        line = self.line_text(lineno)
        col = len(line.encode("utf-8")[:col_byte].decode("utf-8", errors="ignore"))
        return self._starts[lineno - 1] + col

    def line_start(self, lineno: int) -> int:
        return self._starts[lineno - 1]

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (self.offset(node.lineno, node.col_offset),
                self.offset(node.end_lineno, node.end_col_offset))

    def src(self, node: ast.AST) -> str:
        s, e = self.span(node)
        return self.text[s:e]

    def indent_of(self, lineno: int) -> str:
        line = self.line_text(lineno)
        return line[: len(line) - len(line.lstrip(" \t"))]

    def starts_line(self, node: ast.stmt) -> bool:
        """The statement is the first thing on its line (so text can be inserted before it)."""
        line = self.line_text(node.lineno)
        prefix = line.encode("utf-8")[: node.col_offset].decode("utf-8", errors="ignore")
        return prefix.strip() == ""

    def parent(self, node: ast.AST) -> ast.AST | None:
        return self._parents.get(id(node))

    def ancestors(self, node: ast.AST):
        p = self.parent(node)
        while p is not None:
            yield p
            p = self.parent(p)

    @cached_property
    def functions(self) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
        return [n for n in ast.walk(self.tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]

    def function_at(self, lineno: int):
        best = None
        for f in self.functions:
            if f.lineno <= lineno <= f.end_lineno:
                if best is None or f.lineno >= best.lineno:
                    best = f
        return best

    def statement_at(self, lineno: int, scope: ast.AST | None = None) -> ast.stmt | None:
        """The innermost statement whose own text (not a nested body) covers `lineno`."""
        best = None
        for n in ast.walk(scope or self.tree):
            if isinstance(n, ast.stmt) and n.lineno <= lineno <= (n.end_lineno or n.lineno):
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n is not scope:
                    if lineno >= n.body[0].lineno:
                        continue
                if best is None or n.lineno > best.lineno or (n.lineno == best.lineno and n.col_offset > best.col_offset):
                    best = n
        return best

    def indent_unit(self, func: ast.AST | None) -> str:
        if func is not None and getattr(func, "body", None):
            outer = self.indent_of(func.lineno)
            inner = self.indent_of(func.body[0].lineno)
            if inner.startswith(outer) and len(inner) > len(outer):
                return inner[len(outer):]
        return "    "


def header_nodes(stmt: ast.stmt):
    """Expression nodes of a statement, excluding nested statement bodies."""
    out = []
    for name, value in ast.iter_fields(stmt):
        if name in STMT_LISTS or name == "decorator_list":
            continue
        vals = value if isinstance(value, list) else [value]
        for v in vals:
            if isinstance(v, ast.AST) and not isinstance(v, ast.stmt):
                out.extend(ast.walk(v))
    return out


def apply_edits(text: str, edits: list[Edit]) -> str | None:
    edits = sorted(edits, key=lambda e: (e.start, e.end))
    for a, b in zip(edits, edits[1:]):
        if b.start < a.end:
            return None
    out, pos = [], 0
    for e in edits:
        out.append(text[pos:e.start])
        out.append(e.text)
        pos = e.end
    out.append(text[pos:])
    return "".join(out)


ATOMIC = (ast.Name, ast.Constant, ast.Attribute, ast.Call, ast.Subscript, ast.List, ast.Tuple, ast.Dict, ast.Set)


def paren(src: str, node: ast.AST) -> str:
    return src if isinstance(node, ATOMIC) else f"({src})"
