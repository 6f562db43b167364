"""Uninitialised memory zeroed where it is made: the fix for KMSAN "uninit-value" reports. KMSAN says
where the memory came from: "Uninit was created at:" and the allocation's stack (the first frame
outside the allocator is the call to change), or "Local variable NAME created at:" and the function
that declares it. The candidate zeroes it there:

    kmalloc(…) -> kzalloc(…)   kmalloc_array -> kcalloc   kvmalloc -> kvzalloc   vmalloc -> vzalloc
    kmem_cache_alloc(c, gfp) -> kmem_cache_zalloc(c, gfp)   any other GFP_… allocation: gfp | __GFP_ZERO
    struct foo x;  ->  struct foo x = {};    (a pointer: = NULL, a scalar: = 0)

Nothing for socket buffers (alloc_skb: the bytes are the sender's, not the allocation's) nor memory
made zeroed already.
"""
from __future__ import annotations

import logging
import re

from agent.candidates import Candidate
from agent.kernel.csyntax import function_at, line_of, name_of, parser, text, unified, walk
from agent.repair_context import RepairContext, Site

log = logging.getLogger(__name__)

ZEROING = {"kmalloc": "kzalloc", "kmalloc_node": "kzalloc_node", "kmalloc_array": "kcalloc",
           "kmalloc_array_node": "kcalloc_node", "kvmalloc": "kvzalloc", "kvmalloc_node": "kvzalloc_node",
           "kvmalloc_array": "kvcalloc", "vmalloc": "vzalloc", "vmalloc_node": "vzalloc_node",
           "kmem_cache_alloc": "kmem_cache_zalloc", "devm_kmalloc": "devm_kzalloc",
           "__get_free_page": "get_zeroed_page"}
_NOT_HERE = re.compile(r"skb|zalloc|calloc|zeroed|krealloc|kmemdup|kstrdup")
_ALLOCATOR_DIRS = ("mm/", "lib/", "include/linux/slab.h", "kernel/kcsan", "kernel/dma")
_LOCAL = re.compile(r"Local variable (\w+)(?:\.\w+)? created at:\s*\n(?:\[[^\]]*\]\s*)*\s*(\w+)\+0x[0-9a-f]+/0x[0-9a-f]+"
                    r"\s+(\S+\.[ch]):(\d+)")


def generate(ctx: RepairContext, report_text: str = "") -> list[Candidate]:
    out: list[Candidate] = []
    tries = [("local", m.group(1), Site(m.group(3), int(m.group(4)), m.group(2), 0))
             for m in _LOCAL.finditer(report_text)]
    tries += [("alloc", "", s) for s in ctx.alloc_sites if not s.path.startswith(_ALLOCATOR_DIRS)][:3]
    for kind, name, site in tries:
        path = site.path if site.path in ctx.files else None
        if path is None or ctx.protected(path) or not path.endswith((".c", ".h")):
            continue
        try:
            cand = _local(ctx, path, site.line, name) if kind == "local" else _alloc(ctx, path, site.line)
        except (ValueError, UnicodeError, OSError) as exc:
            log.debug("zeroing at %s:%s: %s", site.path, site.line, exc)
            continue
        if cand is not None and all(c.diff != cand.diff for c in out):
            out.append(cand)
        if out and kind == "alloc":
            break                        # the first frame outside the allocator is where it was made
    return out


def _alloc(ctx: RepairContext, path: str, line: int) -> Candidate | None:
    source = ctx.read(path)
    data = source.encode()
    root = parser().parse(data).root_node
    func = function_at(root, line)
    calls = [n for n in walk(func if func is not None else root)
             if n.type == "call_expression" and line_of(n) <= line <= n.end_point[0] + 1]
    for call in reversed(calls):                     # the innermost call on the line first
        fn_node = call.child_by_field_name("function")
        fn = text(fn_node, data)
        if _NOT_HERE.search(fn):
            continue
        args = text(call.child_by_field_name("arguments"), data)
        if fn in ZEROING:
            new_call = ZEROING[fn] + data[fn_node.end_byte:call.end_byte].decode("utf-8", "replace")
            how = f"{fn} -> {ZEROING[fn]}"
        elif re.search(r"alloc|get_free_page", fn) and re.search(r"\bGFP_\w+", args) and "__GFP_ZERO" not in args:
            gfp = list(re.finditer(r"\bGFP_\w+(?:\s*\|\s*__GFP_\w+)*", args))[-1]
            new_args = args[:gfp.end()] + " | __GFP_ZERO" + args[gfp.end():]
            new_call = fn + new_args
            how = f"{fn}(…, {gfp.group(0)} | __GFP_ZERO)"
        else:
            continue
        updated = (data[:call.start_byte] + new_call.encode() + data[call.end_byte:]).decode("utf-8", "replace")
        where = f"{path}:{line_of(call)}"
        fname = name_of(func, data) if func is not None else "?"
        return Candidate(unified(path, source, updated),
                         f"zero the memory where KMSAN says the uninitialised value was made: {how} in {fname}() "
                         f"({where})", template="kernel:zero_alloc", score=11.0, files=(path,))
    return None


def _local(ctx: RepairContext, path: str, line: int, name: str) -> Candidate | None:
    source = ctx.read(path)
    data = source.encode()
    root = parser().parse(data).root_node
    func = function_at(root, line)
    if func is None:
        return None
    for decl in walk(func.child_by_field_name("body")):
        if decl.type != "declaration":
            continue
        for d in decl.children_by_field_name("declarator"):
            if d.type == "init_declarator":
                continue                   # initialised already
            names = [text(x, data) for x in walk(d) if x.type == "identifier"]
            if names[:1] != [name]:
                continue
            kind = decl.child_by_field_name("type")
            aggregate = d.type == "array_declarator" or (kind is not None and kind.type in ("struct_specifier",
                                                                                          "union_specifier"))
            value = "{}" if aggregate else "NULL" if d.type == "pointer_declarator" else "0"
            updated = (data[:d.end_byte] + f" = {value}".encode() + data[d.end_byte:]).decode("utf-8", "replace")
            return Candidate(unified(path, source, updated),
                             f"initialise {name} where it is declared ({name} = {value}) in {name_of(func, data)}() "
                             f"({path}:{line_of(d)}): KMSAN says the uninitialised value was made there",
                             template="kernel:zero_local", score=11.0, files=(path,))
    return None
