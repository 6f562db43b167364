"""Leaks on an error path: release what the function owns before its error return, as its success path does.

A LeakSanitizer report names the allocation's stack. The allocation is followed outward through the
frames in the tree: held in a local (`p = malloc(...)`), returned to the caller (`q = make()`), or
linked into a field of a context struct (`ctx->stack = elem`). Then:

  release_local    the local's function returns an error (`return NULL;`, `return -1;`) after the
                   allocation without releasing it: release it there as the function's success path does
                   (`free(p)`, `fclose(p)`, the project's `foo_free(p)`), else with the project's release
                   function for its type, else `free()`
  release_context  (context.py) the context struct is a local of an outer frame (`context_t ctx`) whose error return
                   drops it: before that return, drain the linked field with the project's own pop
                   function and release what it returns (`while (ctx.stack != NULL)
                   yajl_tree_free(context_pop(&ctx));`), and release the field the success path returns
                   (`if (ctx.root != NULL) yajl_tree_free(ctx.root);`)
  (with it)        the pop function frees an element whose owned pointer field it neither frees nor hands
                   on (`free(stack)` drops `stack->key`): free that field first. A field counts as owned when
                   the project moves a pointer into it (`e->key = v->s; v->s = NULL;`), allocates into it,
                   or frees it elsewhere.

A release function is the project's own: one parameter of the value's type, void, named like a release
(free, destroy, delete, unref, ...), public ones first. Nothing is proposed when none is found.
"""
from __future__ import annotations

import re

from tree_sitter import Node

from agent.native.templates import context
from agent.native.templates.csource import CSource, declared_type, enclosing
from agent.native.templates.ctypes import RELEASE, Types
from agent.native.templates.engine import Emitter, Scope
from agent.native.templates.exits import after, ahead, error_exits

ALLOCATORS = re.compile(r"^(?:malloc|calloc|realloc|strdup|strndup|reallocarray|aligned_alloc)$")
KEEPS = re.compile(r"(?:^|_)(?:add|push|append|insert|set|put|store|attach|take|register|own|adopt|enqueue)|"
                   r"free|destroy|delete|release|dispose|unref|close", re.I)


def _holder(cs: CSource, func: Node, line: int, callee: str | None) -> tuple[str, Node] | None:
    """(the expression the call on `line` is stored into, its statement): `p = malloc(n)` -> `p`; with
    `callee`, only that function's call counts (an outer frame)."""
    for call in cs.on_line(line, func, {"call_expression"}):
        name = cs.src(call.child_by_field_name("function"))
        if callee is not None and name != callee or callee is None and not ALLOCATORS.match(name):
            continue
        node = call.parent
        while node is not None and node.type in ("cast_expression", "parenthesized_expression"):
            node = node.parent
        if node is None:
            return None
        if node.type == "assignment_expression" and cs.src(node.child_by_field_name("operator")) == "=":
            stmt = enclosing(node, {"expression_statement"})
            return (cs.src(node.child_by_field_name("left")), stmt) if stmt is not None else None
        if node.type == "init_declarator":
            stmt = enclosing(node, {"declaration"})
            target = node.child_by_field_name("declarator")
            while target is not None and target.type == "pointer_declarator":
                target = target.child_by_field_name("declarator")
            return (cs.src(target), stmt) if stmt is not None and target is not None else None
        if node.type == "return_statement":
            return ("<returned>", node)
    return None


def _escapes(cs: CSource, func: Node, stmt: Node, name: str) -> tuple[str, str, Node] | None:
    """How local `name` leaves `func` after `stmt`: ("return", "", node) or ("field", "obj->f", node);
    None if it stays."""
    word = re.compile(rf"(?<![\w.>]){re.escape(name)}(?!\w)")
    for n in after(cs, func, stmt):
        if n.type == "return_statement" and n.named_children and word.fullmatch(
                cs.src(n.named_children[0]).strip("() ")):
            return ("return", "", n)
        if n.type == "assignment_expression" and word.fullmatch(cs.src(n.child_by_field_name("right")).strip()):
            left = n.child_by_field_name("left")
            if left.type == "field_expression":
                return ("field", cs.src(left), n)
    return None


def _released_between(cs: CSource, func: Node, start: Node, end: Node, name: str) -> bool:
    """`name` is released, stored, or handed to a call that may keep it (`list_add(l, p)`) between the
    two statements: then it is not ours to free there. A NULL test of it (`if (!p) return -1;`, the
    allocation's own failure) counts too: there is nothing to free."""
    word = re.compile(rf"(?<![\w.>]){re.escape(name)}(?!\w)")
    home = enclosing(end, {"if_statement"})
    if home is not None and re.fullmatch(rf"\(\s*(?:!\s*{re.escape(name)}|{re.escape(name)}\s*==\s*(?:NULL|0))\s*\)",
                                         cs.src(home.child_by_field_name("condition"))):
        return True
    for n in cs.walk(func):
        if not (n.start_byte >= start.end_byte and n.end_byte <= end.start_byte) or _path_ends(cs, n, end):
            continue
        if n.type == "call_expression" and KEEPS.search(cs.src(n.child_by_field_name("function"))) and \
                any(word.fullmatch(cs.src(a).strip("&() ")) for a in n.child_by_field_name("arguments").named_children):
            return True
        if n.type == "assignment_expression" and word.fullmatch(
                re.sub(r"^\(\s*[\w\s]+\*+\s*\)", "", cs.src(n.child_by_field_name("right"))).strip("() ")) \
                and not _local(cs, func, cs.src(n.child_by_field_name("left"))):
            return True           # stored elsewhere (`obj->buf = p;`, `*out = p;`); a local alias is not
    return False


def _path_ends(cs: CSource, node: Node, end: Node) -> bool:
    """A return or goto follows `node`'s statement in its block before `end`: `end` is on another path
    (`free(p); return 0; fail: return -1;`)."""
    stmt = node
    while stmt.parent is not None and stmt.parent.type != "compound_statement":
        stmt = stmt.parent
    sib = stmt.next_named_sibling
    while sib is not None and sib.start_byte < end.start_byte:
        if sib.type in ("return_statement", "goto_statement"):
            return True
        sib = sib.next_named_sibling
    return False


def _release_call(cs: CSource, func: Node, types: Types, name: str, ptype: str | None, allocated: bool) -> str | None:
    """How the function itself releases `name` (its success path), else the project's function for its
    type, else `free` for what malloc made."""
    word = re.compile(rf"^&?{re.escape(name)}$")
    for call in cs.walk(func):
        if call.type != "call_expression":
            continue
        fname = cs.src(call.child_by_field_name("function"))
        args = call.child_by_field_name("arguments").named_children
        if (fname in ("free", "fclose") or RELEASE.search(fname)) and len(args) == 1 and word.match(cs.src(args[0])):
            return f"{fname}({cs.src(args[0])});"
    if ptype:
        found = types.destructors(ptype)
        if found:
            return f"{found[0].name}({name});"
    return f"free({name});" if allocated else None


def _local(cs: CSource, func: Node, name: str) -> bool:
    return re.fullmatch(r"\w+", name) is not None and declared_type(cs, func, name) is not None


def release_local(em: Emitter, types: Types, scope: Scope, name: str, stmt: Node, allocated: bool,
                  upto: int | None = None) -> None:
    """`upto`: only the error returns before that byte (where the function hands `name` on)."""
    cs, func = scope.cs, scope.func
    call = _release_call(cs, func, types, name, declared_type(cs, func, name), allocated)
    if call is None:
        return
    rets = [r for r in error_exits(cs, func, stmt, name, types) if (upto is None or r.end_byte <= upto)
            and not _released_between(cs, func, stmt, r, name) and _set_on_every_way_in(cs, func, stmt, r, name)]
    if not rets:
        return
    edits = [e for r in rets for e in ahead(cs, r, call, cs.indent_unit(func))]
    em.add(scope, edits, "release_local", f"release {name} ({call.rstrip(';')}) before the error return"
           + ("s" if len(rets) > 1 else ""), at=cs.line_of(rets[0]), evidence=6.0)


def _set_on_every_way_in(cs: CSource, func: Node, stmt: Node, ret: Node, name: str) -> bool:
    """Every way to `ret` passes the allocation, or `name` starts NULL: a `goto fail;` taken before the
    allocation reaches `fail: return -1;` with `name` unset, and freeing it there would free garbage."""
    labels = [n for n in cs.walk(func) if n.type == "labeled_statement"
              and stmt.end_byte <= n.start_byte <= ret.start_byte]
    if not labels:
        return True
    names = {cs.src(n.child_by_field_name("label")) for n in labels}
    early = [g for g in cs.walk(func) if g.type == "goto_statement" and g.start_byte < stmt.start_byte
             and cs.src(g.child_by_field_name("label")) in names]
    starts_null = re.search(rf"(?<![\w.>]){re.escape(name)}\s*=\s*(?:NULL|0|nullptr)\s*[,;]",
                            cs.data[func.start_byte:stmt.start_byte].decode("utf-8", "replace"))
    return not early or starts_null is not None


def _sources(em: Emitter, paths: list[str], depth: int = 2) -> list[CSource]:
    """The frames' files and the tree's headers they include ("x.h"), two levels deep (a typedef of the
    public API lives in a header)."""
    out: dict[str, CSource] = {}
    todo = list(dict.fromkeys(paths))
    for _ in range(depth + 1):
        nxt = []
        for path in todo:
            if path in out:
                continue
            try:
                cs = CSource(path, em.ctx.read(path))
            except (OSError, UnicodeError, ValueError):
                continue
            out[path] = cs
            for inc in re.findall(rb'#\s*include\s*"([^"]+)"', cs.data):
                name = inc.decode("utf-8", "replace").rsplit("/", 1)[-1]
                hits = [f for f in em.ctx.files if f == name or f.endswith("/" + name)]
                nxt += sorted(hits, key=lambda f: (not f.startswith(path.rsplit("/", 1)[0]), len(f)))[:1]
        todo = nxt
    return list(out.values())


def run(em: Emitter) -> None:
    """Follow the leaked allocation outward through the report's frames in the tree."""
    if em.klass != "leak" or not em.ctx.sites:
        return
    sites = em.ctx.sites
    types = Types(_sources(em, [s.path for s in sites]))
    callee, allocated = None, True      # `allocated`: what the frames hold came from malloc and friends
    for i, site in enumerate(sites):
        cs = em.source(site.path)
        func = cs.function_at(site.line) if cs else None
        if func is None:
            return
        held = _holder(cs, func, site.line, callee)
        if held is None:
            return
        name, stmt = held
        scope = Scope(site.path, cs, func, site.line, site.depth)
        if name == "<returned>":
            callee = site.function
            continue
        if "->" in name or "." in name:
            obj = re.split(r"->|\.", name)[0]
            otype = declared_type(cs, func, obj)
            if otype:
                context.release_context(em, types, sites, i, types.pointee(otype) or otype, re.split(r"->|\.", name)[-1])
            return
        if not _local(cs, func, name):
            return
        how = _escapes(cs, func, stmt, name)
        if how is None:
            release_local(em, types, scope, name, stmt, allocated)
            return
        release_local(em, types, scope, name, stmt, allocated, upto=how[2].start_byte)   # an exit before the hand-off
        if how[0] == "return":
            callee = site.function
            continue
        obj = re.split(r"->|\.", how[1])[0]
        otype = declared_type(cs, func, obj)
        if otype:
            context.release_context(em, types, sites, i, types.pointee(otype) or otype, re.split(r"->|\.", how[1])[-1])
        return
