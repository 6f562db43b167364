"""One C file parsed with tree-sitter-c, and the questions the templates ask of it."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

import tree_sitter_c
from tree_sitter import Language, Node, Parser

C = Language(tree_sitter_c.language())
STATEMENTS = {"expression_statement", "declaration", "return_statement", "if_statement", "for_statement",
              "while_statement", "do_statement", "switch_statement", "compound_statement", "break_statement",
              "continue_statement", "goto_statement", "labeled_statement"}
LOOPS = {"for_statement", "while_statement", "do_statement"}
SIGNED = re.compile(r"^(?:(?:const|volatile|static|register|signed)\s+)*(?:int|long|short|char|ssize_t|"
                    r"ptrdiff_t|off_t|int\d+_t|long\s+long|long\s+int)$")


@dataclass(frozen=True)
class Edit:
    start: int      # byte offset
    end: int
    text: str


class CSource:
    """A C file: its bytes, its syntax tree, and byte-offset edits rendered back to text."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        self.data = text.encode("utf-8", "surrogateescape")
        self.tree = Parser(C).parse(self.data)
        self.root = self.tree.root_node
        self.line_starts = [0] + [m.end() for m in re.finditer(rb"\n", self.data)]

    # text --------------------------------------------------------------------------------
    def src(self, node: Node) -> str:
        return self.data[node.start_byte:node.end_byte].decode("utf-8", "surrogateescape")

    def line_of(self, node: Node) -> int:
        return node.start_point[0] + 1

    def line_start(self, line: int) -> int:
        return self.line_starts[min(max(line, 1), len(self.line_starts)) - 1]

    def indent_at(self, node: Node) -> str:
        start = self.line_start(self.line_of(node))
        line = self.data[start:node.start_byte].decode("utf-8", "surrogateescape")
        return line if not line.strip() else re.match(r"[ \t]*", line).group(0)

    def starts_line(self, node: Node) -> bool:
        return not self.data[self.line_start(self.line_of(node)):node.start_byte].strip()

    def indent_unit(self, func: Node | None) -> str:
        body = func.child_by_field_name("body") if func is not None else None
        if body is not None:
            for child in body.named_children:
                inner, outer = self.indent_at(child), self.indent_at(func)
                if inner.startswith(outer) and len(inner) > len(outer):
                    return inner[len(outer):]
        return "    "

    def apply(self, edits: list[Edit]) -> str | None:
        edits = sorted(edits, key=lambda e: (e.start, e.end))
        if any(b.start < a.end for a, b in zip(edits, edits[1:])):
            return None
        out, pos = [], 0
        for e in edits:
            out += [self.data[pos:e.start], e.text.encode("utf-8", "surrogateescape")]
            pos = e.end
        out.append(self.data[pos:])
        return b"".join(out).decode("utf-8", "surrogateescape")

    @cached_property
    def error_count(self) -> int:
        return count_errors(self.root)

    # structure -----------------------------------------------------------------------------
    def walk(self, node: Node | None = None):
        stack = [node or self.root]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(reversed(n.children))

    @cached_property
    def functions(self) -> list[Node]:
        return [n for n in self.walk() if n.type == "function_definition"]

    def function_at(self, line: int) -> Node | None:
        for f in self.functions:
            if f.start_point[0] + 1 <= line <= f.end_point[0] + 1:
                return f
        return None

    def function_named(self, name: str) -> Node | None:
        for f in self.functions:
            if function_name(self, f) == name:
                return f
        return None

    def statement_at(self, line: int, func: Node | None = None) -> Node | None:
        """The innermost statement starting on or covering `line` (not a whole compound block)."""
        best = None
        for n in self.walk(func or self.root):
            if n.type in STATEMENTS and n.type != "compound_statement" and \
                    n.start_point[0] + 1 <= line <= n.end_point[0] + 1:
                if n.type in ("if_statement", "for_statement", "while_statement", "switch_statement") and \
                        line > header_end_line(n):
                    continue     # the line is in the body: a deeper statement holds it
                best = n
        return best

    def on_line(self, line: int, scope: Node, types: set[str]) -> list[Node]:
        return [n for n in self.walk(scope) if n.type in types and n.start_point[0] + 1 <= line <= n.end_point[0] + 1]


def count_errors(node: Node) -> int:
    if not node.has_error:
        return 0
    stack, n_err = [node], 0
    while stack:
        n = stack.pop()
        if n.type == "ERROR" or n.is_missing:
            n_err += 1
        stack.extend(c for c in n.children if c.has_error or c.is_missing)
    return n_err


def header_end_line(stmt: Node) -> int:
    body = stmt.child_by_field_name("body") or stmt.child_by_field_name("consequence")
    return (body.start_point[0] + 1) if body is not None else stmt.end_point[0] + 1


def function_name(cs: CSource, func: Node) -> str:
    d = func.child_by_field_name("declarator")
    while d is not None and d.type != "function_declarator":
        d = d.child_by_field_name("declarator")
    name = d.child_by_field_name("declarator") if d is not None else None
    return cs.src(name) if name is not None else "?"


def return_type(cs: CSource, func: Node) -> str:
    """'void', 'pointer', 'bool', 'signed', 'unsigned' or 'other' (struct by value, unknown typedef)."""
    d = func.child_by_field_name("declarator")
    if d is not None and d.type == "pointer_declarator":
        return "pointer"
    node = func.child_by_field_name("type")
    if node is not None and node.type == "macro_type_specifier" and node.child_by_field_name("type") is not None:
        node = node.child_by_field_name("type")        # `CJSON_PUBLIC(char*)`: the type the API macro wraps
        if "*" in cs.src(node):
            return "pointer"
    t = re.sub(r"\b(static|inline|extern|const)\b", "", cs.src(node)).strip()
    if t == "void":
        return "void"
    if t in ("bool", "_Bool"):
        return "bool"
    if SIGNED.match(t) or t.endswith("_status") or t in ("errno_t",):
        return "signed"
    if re.fullmatch(r"(?:unsigned(?:\s+\w+)*|size_t|uint\d+_t|uintptr_t)", t):
        return "unsigned"
    return "other"


def error_returns(cs: CSource, func: Node) -> list[str]:
    """The statements that leave `func` on an error, most plausible first ([] when none fits)."""
    kind = return_type(cs, func)
    if kind == "void":
        return ["return;"]
    seen = [cs.src(r).replace(" ", "") for r in cs.walk(func) if r.type == "return_statement"]
    options = {"pointer": ["NULL"], "bool": ["false"], "signed": ["-1", "0"], "unsigned": ["0"]}.get(kind, [])
    # prefer the error value the function already uses (e.g. `return -1;` vs `return 0;`)
    options.sort(key=lambda v: -seen.count(f"return{v};"))
    for v in options:
        if kind == "signed" and v == "-1":
            neg = [s for s in seen if re.fullmatch(r"return-\w+;", s)]
            if neg and f"return{v};" not in seen:
                options = [neg[0][6:-1]] + options
                break
    return [f"return {v};" for v in dict.fromkeys(options)]


def declared_type(cs: CSource, func: Node, name: str) -> str | None:
    """The type text of a parameter or local `name` in `func` ('char *', 'int', 'size_t'...)."""
    for n in cs.walk(func):
        if n.type in ("parameter_declaration", "declaration"):
            base = n.child_by_field_name("type")
            for d in n.children_by_field_name("declarator"):
                stars, inner = 0, d
                while inner is not None and inner.type in ("pointer_declarator", "init_declarator",
                                                           "array_declarator"):
                    stars += inner.type != "init_declarator"
                    inner = inner.child_by_field_name("declarator")
                if inner is not None and inner.type == "identifier" and cs.src(inner) == name and base is not None:
                    return cs.src(base) + (" " + "*" * stars if stars else "")
    return None


def is_signed_type(t: str | None) -> bool:
    return bool(t) and "*" not in t and bool(SIGNED.match(t.strip()))


def enclosing(node: Node, types: set[str]) -> Node | None:
    p = node.parent
    while p is not None and p.type not in types:
        p = p.parent
    return p
