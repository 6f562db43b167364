"""Types across the crash's files: typedefs, struct fields, and the project's own release functions."""
from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from agent.native.templates.csource import CSource, function_name

RELEASE = re.compile(r"(?:^|_)(?:free|destroy|delete|release|dispose|unref|close|fini|finalize|cleanup)(?:_|$)",
                     re.I)


def norm(t: str) -> str:
    """`const struct foo_s  *` -> `foo_s *` (qualifiers and the `struct` keyword dropped, one space before stars)."""
    t = re.sub(r"\b(?:const|volatile|struct|union|static|register|restrict)\b", " ", t)
    stars = t.count("*")
    base = " ".join(t.replace("*", " ").split())
    return base + (" " + "*" * stars if stars else "")


def declarator_name(node: Node | None, cs: CSource) -> tuple[str, int]:
    """(name, pointer depth) of a declarator (`*key`, `**v`, `buf[4]` counts as no pointer)."""
    stars = 0
    while node is not None and node.type in ("pointer_declarator", "init_declarator", "array_declarator",
                                             "parenthesized_declarator"):
        stars += node.type == "pointer_declarator"
        node = node.child_by_field_name("declarator") or (node.named_children[0] if node.named_children else None)
    return (cs.src(node) if node is not None else ""), stars


@dataclass(frozen=True)
class Func:
    cs: CSource
    node: Node
    name: str
    params: tuple[tuple[str, str], ...]       # (name, normalised type)
    returns: str                              # normalised return type
    static: bool


class Types:
    """What the crash's files declare: typedef names, struct fields and function signatures."""

    def __init__(self, sources: list[CSource]):
        self.alias: dict[str, str] = {}                 # typedef name -> normalised type it names
        self.fields: dict[str, dict[str, str]] = {}     # struct name -> field -> normalised type
        self.funcs: list[Func] = []
        for cs in sources:
            self._read(cs)

    def _read(self, cs: CSource) -> None:
        for n in cs.walk():
            if n.type == "type_definition":
                base = n.child_by_field_name("type")
                for d in n.children_by_field_name("declarator"):
                    name, stars = declarator_name(d, cs)
                    if base is not None and base.type == "struct_specifier" and \
                            base.child_by_field_name("name") is None and not stars:
                        self._struct(cs, base, name)             # typedef struct { ... } name;
                    elif base is not None and name:
                        inner = base.child_by_field_name("name") if base.type == "struct_specifier" else None
                        self.alias[name] = norm(cs.src(inner) if inner is not None else cs.src(base)) + \
                            (" " + "*" * stars if stars else "")
                if base is not None and base.type == "struct_specifier":
                    self._struct(cs, base)
            elif n.type == "struct_specifier":
                self._struct(cs, n)
        for f in cs.functions:
            self.funcs.append(self._func(cs, f))

    def _struct(self, cs: CSource, node: Node, typedef: str = "") -> None:
        name, body = node.child_by_field_name("name"), node.child_by_field_name("body")
        if name is None and not typedef or body is None:
            return
        fields = self.fields.setdefault(cs.src(name) if name is not None else typedef, {})
        for fd in body.named_children:
            if fd.type != "field_declaration" or fd.child_by_field_name("type") is None:
                continue
            for d in fd.children_by_field_name("declarator"):
                fname, stars = declarator_name(d, cs)
                fields[fname] = norm(cs.src(fd.child_by_field_name("type")) + " " + "*" * stars)

    def _func(self, cs: CSource, f: Node) -> Func:
        d, stars = f.child_by_field_name("declarator"), 0
        while d is not None and d.type != "function_declarator":
            stars += d.type == "pointer_declarator"
            d = d.child_by_field_name("declarator")
        params = []
        plist = d.child_by_field_name("parameters") if d is not None else None
        for p in (plist.named_children if plist is not None else []):
            if p.type != "parameter_declaration" or p.child_by_field_name("type") is None:
                continue
            pname, pstars = declarator_name(p.child_by_field_name("declarator"), cs)
            params.append((pname, norm(cs.src(p.child_by_field_name("type")) + " " + "*" * pstars)))
        t = f.child_by_field_name("type")
        head = cs.data[f.start_byte:t.start_byte if t is not None else f.start_byte].decode("utf-8", "replace")
        return Func(cs, f, function_name(cs, f), tuple(params),
                    norm((cs.src(t) if t is not None else "int") + " " + "*" * stars), "static" in head)

    def _expand(self, t: str) -> str:
        """A type with its typedef names replaced by what they name (`context_t *` -> `context_s *`)."""
        base, stars = norm(t).split(" *")[0], norm(t).count("*")
        for _ in range(8):
            if base not in self.alias:
                break
            target = self.alias[base]
            stars += target.count("*")
            base = target.split(" *")[0]
        return base + (" " + "*" * stars if stars else "")

    def same(self, a: str, b: str) -> bool:
        return self._expand(a) == self._expand(b)

    def struct_of(self, t: str) -> dict[str, str]:
        """The fields of the struct `t` names (through typedefs), {} when unknown."""
        return self.fields.get(self._expand(t).split(" *")[0], {})

    def pointee(self, t: str) -> str | None:
        e = self._expand(t)
        return e[:-1].rstrip() if e.endswith("*") else None

    def destructors(self, t: str) -> list[Func]:
        """The project's functions that release a `t`: one parameter of that type, returning void, named
        like a release (`yajl_tree_free(yajl_val)`, `buf_destroy(buf_t *)`); public ones first."""
        found = [f for f in self.funcs if len(f.params) == 1 and f.returns == "void" and RELEASE.search(f.name)
                 and self.same(f.params[0][1], t)]
        return sorted(found, key=lambda f: (f.static, len(f.name)))
