"""Leaks on an error path: release what the function owns before its error return, as its success path does.

A LeakSanitizer report names the allocation's stack. The allocation is followed outward through the
frames in the tree: held in a local (`p = malloc(...)`), returned to the caller (`q = make()`), or
linked into a field of a context struct (`ctx->stack = elem`). Then:

  release_local    the local's function returns an error (`return NULL;`, `return -1;`) after the
                   allocation without releasing it: release it there as the function's success path does
                   (`free(p)`, `fclose(p)`, the project's `foo_free(p)`), else with the project's release
                   function for its type, else `free()`
  release_context  the context struct is a local of an outer frame (`context_t ctx`) whose error return
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

from agent.native.templates.csource import CSource, Edit, declared_type, enclosing, return_type
from agent.native.templates.ctypes import RELEASE, Types
from agent.native.templates.edits import before
from agent.native.templates.engine import Emitter, Scope

ALLOCATORS = re.compile(r"^(?:malloc|calloc|realloc|strdup|strndup|reallocarray|aligned_alloc)$")
KEEPS = re.compile(r"(?:^|_)(?:add|push|append|insert|set|put|store|attach|take|register|own|adopt|enqueue)|"
                   r"free|destroy|delete|release|dispose|unref|close", re.I)
ERROR_VALUE = re.compile(r"^\(?\s*(?:NULL|0|nullptr|false|-\s*\w+|\(\w+\s*\*?\)\s*NULL)\s*\)?$")


def _on_line(cs: CSource, func: Node, line: int, types: set[str]) -> list[Node]:
    return cs.on_line(line, func, types)


def _holder(cs: CSource, func: Node, line: int, callee: str | None) -> tuple[str, Node] | None:
    """(the expression the call on `line` is stored into, its statement): `p = malloc(n)` -> `p`; with
    `callee`, only that function's call counts (an outer frame)."""
    for call in _on_line(cs, func, line, {"call_expression"}):
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


def _after(cs: CSource, func: Node, stmt: Node) -> list[Node]:
    return [n for n in cs.walk(func) if n.start_byte >= stmt.end_byte]


def _escapes(cs: CSource, func: Node, stmt: Node, name: str) -> tuple[str, str, Node] | None:
    """How local `name` leaves `func` after `stmt`: ("return", "", node) or ("field", "obj->f", node);
    None if it stays."""
    word = re.compile(rf"(?<![\w.>]){re.escape(name)}(?!\w)")
    for n in _after(cs, func, stmt):
        if n.type == "return_statement" and n.named_children and word.fullmatch(
                cs.src(n.named_children[0]).strip("() ")):
            return ("return", "", n)
        if n.type == "assignment_expression" and word.fullmatch(cs.src(n.child_by_field_name("right")).strip()):
            left = n.child_by_field_name("left")
            if left.type == "field_expression":
                return ("field", cs.src(left), n)
    return None


def ahead(cs: CSource, ret: Node, code: str, unit: str) -> list[Edit]:
    """`code` before the return; a lone `if (...) return X;` body becomes a block on its own lines."""
    parent = ret.parent
    if parent is not None and parent.type == "labeled_statement" and cs.starts_line(ret):
        indent = cs.indent_at(ret)         # `fail:\n    return -1;`: the label then marks the release
        at = cs.line_start(cs.line_of(ret))
        return [Edit(at, at, "".join(f"{indent}{line}\n" for line in code.splitlines()))]
    if parent is None or parent.type in ("compound_statement", "case_statement") or not cs.starts_line(ret):
        return before(cs, ret, code)
    outer = cs.indent_at(parent) if parent.type != "else_clause" else cs.indent_at(parent.parent)
    inner = outer + unit
    body = "".join(f"{inner}{line}\n" for line in code.splitlines()) + f"{inner}{cs.src(ret)}\n"
    line_start = cs.line_start(cs.line_of(ret))
    prev = cs.data[:line_start].rstrip(b" \t\n")
    return [Edit(len(prev), ret.end_byte, " {\n" + body + outer + "}")]


def _error_returns(cs: CSource, func: Node, after: Node, keep: str, types: Types) -> list[Node]:
    """The function's `return <error value>;` statements after `after` (a statement, or the call of an
    `if`'s condition) that do not hand `keep` on."""
    t = func.child_by_field_name("type")
    typedef_pointer = t is not None and types.pointee(cs.src(t)) is not None     # `yajl_val`
    if not typedef_pointer and return_type(cs, func) in ("void", "other", "unsigned"):
        return []
    out = []
    for n in _after(cs, func, after):
        if n.type != "return_statement" or not n.named_children:
            continue
        value = cs.src(n.named_children[0])
        if ERROR_VALUE.match(value) and keep not in value:
            out.append(n)
    return out


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
    rets = [r for r in _error_returns(cs, func, stmt, name, types) if (upto is None or r.end_byte <= upto)
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


def _pop_function(types: Types, container: str, field: str):
    """The project's function that unlinks one element of `container`'s `field` and frees it."""
    for f in types.funcs:
        params = [p for p, t in f.params if types.same(t, container + " *")]
        if len(f.params) != 1 or not params:
            continue
        body = f.cs.src(f.node)
        if re.search(rf"\b{re.escape(params[0])}\s*->\s*{re.escape(field)}\s*=", body) and \
                re.search(r"\bfree\s*\(", body):
            return f
    return None


def _complete_pop(types: Types, pop, owner_cs: CSource) -> tuple[list[Edit], list[str]]:
    """Edits that free the owned fields the pop function drops with the element (same file only), and
    the fields' names."""
    if pop.cs.path != owner_cs.path:
        return [], []
    cs, edits, names = pop.cs, [], []
    for call in cs.walk(pop.node):
        if call.type != "call_expression" or cs.src(call.child_by_field_name("function")) != "free":
            continue
        args = call.child_by_field_name("arguments").named_children
        if len(args) != 1 or args[0].type != "identifier":
            continue
        elem = cs.src(args[0])
        etype = declared_type(cs, pop.node, elem)
        if not etype:
            continue
        body = cs.src(pop.node)
        stmt = enclosing(call, {"expression_statement"})
        for field, ftype in types.struct_of(etype).items():
            if "*" not in ftype and not types.pointee(ftype):
                continue
            if re.search(rf"\b{re.escape(elem)}\s*->\s*{re.escape(field)}\b", body) or not _owned(types, field):
                continue
            found = types.destructors(ftype)
            release = f"{found[0].name}({elem}->{field});" if found else f"free({elem}->{field});"
            edits += before(cs, stmt, release)
            names.append(f"{elem}->{field}")
    return edits, names


def _owned(types: Types, field: str) -> bool:
    """The project moves a pointer into `field`, allocates into it, or frees it somewhere."""
    f = re.escape(field)
    for func in types.funcs:
        body = func.cs.src(func.node)
        m = re.search(rf"->\s*{f}\s*=\s*([\w.>\-]+)\s*;\s*\n?\s*([\w.>\-]+)\s*=\s*NULL\s*;", body)
        if m and m.group(1) == m.group(2):
            return True
        if re.search(rf"->\s*{f}\s*=\s*\(?[\w\s*]*\)?\s*(?:malloc|calloc|realloc|strdup|strndup)\s*\(", body):
            return True
        if re.search(rf"\bfree\s*\(\s*(?:\([^)]*\)\s*)?[\w.>\-]+->\s*{f}\s*\)", body):
            return True
    return False


def release_context(em: Emitter, types: Types, sites, start: int, container: str, field: str) -> None:
    """The element linked into `container`.`field` at frame `start`: find the outer frame that holds the
    container as a local and release its fields before that frame's error returns."""
    for site in sites[start + 1:]:
        cs = em.source(site.path)
        func = cs.function_at(site.line) if cs else None
        if func is None:
            continue
        local = None
        for n in cs.walk(func):
            if n.type == "declaration" and n.child_by_field_name("type") is not None:
                for d in n.children_by_field_name("declarator"):
                    target = d.child_by_field_name("declarator") if d.type == "init_declarator" else d
                    if target is not None and target.type == "identifier" and \
                            types.same(cs.src(n.child_by_field_name("type")), container):
                        local = cs.src(target)
        if local is None:
            continue
        inner = sites[sites.index(site) - 1].function
        calls = [c for c in cs.on_line(site.line, func, {"call_expression"})
                 if cs.src(c.child_by_field_name("function")) == inner]
        stmt = calls[0] if calls else cs.statement_at(site.line, func)
        if stmt is None:
            return
        returned = {m.group(1) for r in cs.walk(func) if r.type == "return_statement"
                    for m in [re.search(rf"\b{re.escape(local)}\.(\w+)\b", cs.src(r))] if m}
        rets = _error_returns(cs, func, stmt, f"{local}.", types)
        if not rets:
            return
        drain, whole = _drain(types, local, container, field), []
        words = {d: f"empty {local}.{field} with {d.splitlines()[-1].strip().rstrip(';')}" for d in drain}
        for other in sorted(returned - {field}):
            found = types.destructors(types.struct_of(container).get(other, ""))
            if found:
                whole.append(f"if ({local}.{other} != NULL)\n    {found[0].name}({local}.{other});")
                words[whole[-1]] = f"release {local}.{other} with {found[0].name}()"
        scope = Scope(site.path, cs, func, site.line, site.depth)
        unit = cs.indent_unit(func)
        pop = _pop_function(types, container, field)
        done, dropped = _complete_pop(types, pop, cs) if pop is not None and drain else ([], [])
        # what the function owns is released whole: a part alone (the stack without the root, a drain
        # through a pop that drops a field) is a smaller patch that validation would prefer and that
        # still leaks on another input
        if not drain:
            return                # the leaked field itself cannot be released: nothing else fixes it
        options = [(drain + whole, done, 7.0)]
        for parts, extra, evidence in options:
            if not parts:
                continue
            code = "\n".join(parts).replace("\n    ", "\n" + unit)
            edits = [e for r in rets for e in ahead(cs, r, code, unit)] + list(extra)
            what = (f"free {' and '.join(dropped)} in {pop.name}(), which dropped it; " if extra else "") + \
                " and ".join(words[p] for p in parts) + " before the error return" + ("s" if len(rets) > 1 else "")
            em.add(scope, edits, "release_context", what, at=cs.line_of(rets[0]), evidence=evidence)
        return


def _drain(types: Types, local: str, container: str, field: str) -> list[str]:
    pop = _pop_function(types, container, field)
    if pop is not None:
        if pop.returns == "void":
            return [f"while ({local}.{field} != NULL)\n    {pop.name}(&{local});"]
        found = types.destructors(pop.returns)
        if found:
            return [f"while ({local}.{field} != NULL)\n    {found[0].name}({pop.name}(&{local}));"]
        return []
    found = types.destructors(types.struct_of(container).get(field, ""))
    return [f"{found[0].name}({local}.{field});"] if found else []


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
                release_context(em, types, sites, i, types.pointee(otype) or otype, re.split(r"->|\.", name)[-1])
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
            release_context(em, types, sites, i, types.pointee(otype) or otype, re.split(r"->|\.", how[1])[-1])
        return
