"""A leaked element linked into a context struct that an outer frame holds as a local (yajl #250):
before that frame's error returns, empty the linked field with the project's own pop function and
release what it returns, release the field the success path returns, and free the owned field the pop
function drops with the element."""
from __future__ import annotations

import re

from agent.native.templates.csource import CSource, Edit, declared_type, enclosing
from agent.native.templates.ctypes import Types
from agent.native.templates.edits import before
from agent.native.templates.engine import Emitter, Scope
from agent.native.templates.exits import ahead, error_exits


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
        rets = error_exits(cs, func, stmt, f"{local}.", types)
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
        parts = drain + whole
        code = "\n".join(parts).replace("\n    ", "\n" + unit)
        edits = [e for r in rets for e in ahead(cs, r, code, unit)] + list(done)
        what = (f"free {' and '.join(dropped)} in {pop.name}(), which dropped it; " if done else "") + \
            " and ".join(words[p] for p in parts) + " before the error return" + ("s" if len(rets) > 1 else "")
        em.add(scope, edits, "release_context", what, at=cs.line_of(rets[0]), evidence=7.0)
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
