"""Shared pieces of the fix templates: guards inserted before a statement, default values."""
from __future__ import annotations

import ast
import logging
from collections import Counter

from agent.python.templates.locate import Scope
from agent.python.templates.source import Edit, SourceFile

log = logging.getLogger("agent.python.templates")

LOOPS = (ast.For, ast.While, ast.AsyncFor)


def attempt(template, em, scope) -> None:
    """Run one template; one that raises on odd code is logged and skipped, the others still run."""
    try:
        template(em, scope)
    except Exception as exc:     # noqa: BLE001 -- a template bug must not lose the other candidates
        log.debug("template %s failed on %s:%s (%s): %s: %s", getattr(template, "__name__", template),
                  scope.path, scope.line, scope.name, type(exc).__name__, exc)
FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def enclosing_loop(sf: SourceFile, stmt: ast.stmt):
    child = stmt
    for a in sf.ancestors(stmt):
        if isinstance(a, FUNCS + (ast.ClassDef,)):
            return None
        if isinstance(a, LOOPS) and any(child is s for s in a.body):
            return a
        child = a
    return None


def is_generator(func) -> bool:
    if func is None:
        return False
    for n in ast.walk(func):
        if isinstance(n, (ast.Yield, ast.YieldFrom)):
            return True
    return False


def kind_of(node: ast.AST | None) -> str | None:
    if node is None:
        return None
    if isinstance(node, ast.Constant):
        v = node.value
        if v is None:
            return "None"
        if isinstance(v, bool):
            return "False"
        if isinstance(v, int):
            return "0"
        if isinstance(v, float):
            return "0.0"
        if isinstance(v, str):
            return '""'
        if isinstance(v, bytes):
            return 'b""'
        return None
    if isinstance(node, (ast.List, ast.ListComp)):
        return "[]"
    if isinstance(node, (ast.Dict, ast.DictComp)):
        return "{}"
    if isinstance(node, (ast.Set, ast.SetComp)):
        return "set()"
    if isinstance(node, ast.JoinedStr):
        return '""'
    if isinstance(node, ast.Compare) or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
        return "False"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return {"int": "0", "len": "0", "sum": "0", "float": "0.0", "round": "0", "abs": "0", "str": '""',
                "list": "[]", "sorted": "[]", "dict": "{}", "set": "set()", "tuple": "()", "bool": "False",
                "max": None, "min": None}.get(node.func.id)
    if isinstance(node, ast.BinOp):
        kl, kr = kind_of(node.left), kind_of(node.right)
        for k in (kl, kr):
            if k in ('""', "[]", "0.0"):
                return k
        if isinstance(node.op, ast.Div):
            return "0.0"
        return kl or kr or ("0" if isinstance(node.op, (ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Pow)) else None)
    return None


def _annotation_kind(ann: ast.AST | None) -> str | None:
    if ann is None:
        return None
    src = ast.unparse(ann)
    base = src.split("[", 1)[0].rsplit(".", 1)[-1]
    if "None" in src or base == "Optional":
        return "None"
    return {"int": "0", "float": "0.0", "str": '""', "bool": "False", "list": "[]", "List": "[]",
            "Sequence": "[]", "dict": "{}", "Dict": "{}", "Mapping": "{}", "set": "set()", "Set": "set()",
            "tuple": "()", "Tuple": "()", "bytes": 'b""'}.get(base)


def return_defaults(func, hint: str | None = None, limit: int = 3, none_first: bool = False) -> list[str]:
    """Plausible `return ...` statements for an early exit from `func`."""
    if func is None or isinstance(func, ast.Lambda):
        return []
    if is_generator(func):
        return ["return"]
    kinds: Counter = Counter()
    has_value = False
    for n in ast.walk(func):
        if isinstance(n, ast.Return) and n.value is not None:
            if _owner_func(n, func):
                has_value = True
                k = kind_of(n.value)
                if k:
                    kinds[k] += 1
    ann = _annotation_kind(func.returns)
    if not has_value and ann is None:
        return ["return"]
    order = []
    head = [ann, hint] + [k for k, _ in kinds.most_common()]
    if none_first and ann is None and not any(k in ("[]", "{}", '""', "set()", "()") for k in head if k):
        head = ["None"] + head
    for k in head + ["None"]:
        if k and k not in order:
            order.append(k)
    return [f"return {k}" for k in order[:limit]]


def _owner_func(node, func) -> bool:
    # cheap check: the return is not inside a nested function
    for inner in ast.walk(func):
        if inner is not func and isinstance(inner, FUNCS):
            if any(n is node for n in ast.walk(inner)):
                return False
    return True


def can_insert_before(sf: SourceFile, stmt: ast.stmt) -> bool:
    if not sf.starts_line(stmt):
        return False
    head = sf.line_text(stmt.lineno).lstrip()
    if head.startswith("elif") or head.startswith("else") or head.startswith("except"):
        return False
    p = sf.parent(stmt)
    return p is not None


def insert_before(sf: SourceFile, stmt: ast.stmt, body_lines: list[str], unit: str) -> Edit | None:
    """Insert `if ...:` style lines before `stmt`; body_lines[0] is the header, the rest get one more indent."""
    if not can_insert_before(sf, stmt):
        return None
    indent = sf.indent_of(stmt.lineno)
    text = indent + body_lines[0] + "\n" + "".join(indent + unit + b + "\n" for b in body_lines[1:])
    pos = sf.line_start(stmt.lineno)
    return Edit(pos, pos, text)


def wrap(sf: SourceFile, stmt: ast.stmt, cond: str, unit: str) -> Edit | None:
    """Run `stmt` only when `cond` holds."""
    if not can_insert_before(sf, stmt):
        return None
    end = stmt.end_lineno
    last = sf.line_text(end)
    if end < len(sf.lines) + 1 and last.rstrip("\r\n").rstrip().endswith("\\"):
        return None
    for n in ast.walk(stmt):  # multi-line strings would change if re-indented
        if isinstance(n, ast.Constant) and isinstance(n.value, (str, bytes)) and n.lineno != n.end_lineno:
            return None
    indent = sf.indent_of(stmt.lineno)
    start = sf.line_start(stmt.lineno)
    stop = sf.line_start(end) + len(last)
    lines = sf.text[start:stop].splitlines(keepends=True)
    body = "".join((unit + ln) if ln.strip() else ln for ln in lines)
    if not body.endswith("\n"):
        body += "\n"
    return Edit(start, stop, f"{indent}if {cond}:\n{body}")


def guard_variants(em, scope: Scope, stmt: ast.stmt, cond: str, neg: str | None, template: str, what: str,
                   evidence: float = 0.0, hint: str | None = None, line: int | None = None,
                   allow_wrap: bool = True, none_first: bool = False) -> None:
    """Early exit (continue / return default) when `cond` holds, or run the statement only when `neg` holds."""
    sf = scope.sf
    unit = sf.indent_unit(scope.func)
    line = line or stmt.lineno
    loop = enclosing_loop(sf, stmt)
    bonus = 0.0
    if loop is not None:
        # `continue` skips one item of a `for`; in a `while` that walks a cursor (`node = node.next`) the
        # state does not change, so `continue` spins or crashes again: stop the walk with `break` instead
        walk = isinstance(loop, ast.While) and _cursor_of(loop, cond)
        e = insert_before(sf, stmt, [f"if {cond}:", "continue"], unit)
        if e:
            em.add(scope, line, [e], template, f"{what}: skip the iteration when {cond}",
                   evidence + (-1.5 if walk else 1.0))
            bonus = -1.0
        e = insert_before(sf, stmt, [f"if {cond}:", "break"], unit)
        if e:
            em.add(scope, line, [e], template, f"{what}: stop the loop when {cond}",
                   evidence + (1.5 if walk else -0.5))
    for i, ret in enumerate(return_defaults(scope.func, hint, none_first=none_first)):
        e = insert_before(sf, stmt, [f"if {cond}:", ret], unit)
        if e:
            em.add(scope, line, [e], template, f"{what}: {ret} when {cond}", evidence + bonus - 0.7 * i)
    if allow_wrap and neg and not isinstance(stmt, (ast.Return, ast.Raise)):
        e = wrap(sf, stmt, neg, unit)
        if e:
            em.add(scope, line, [e], template, f"{what}: run the statement only when {neg}", evidence - 1.5)


def _cursor_of(loop: ast.While, cond: str) -> bool:
    """The guarded name is re-assigned in the loop body and read by the loop's own condition."""
    try:
        names = {n.id for n in ast.walk(ast.parse(cond, mode="eval")) if isinstance(n, ast.Name)}
    except SyntaxError:
        return False
    stored = {n.id for st in loop.body for n in ast.walk(st) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    tested = {n.id for n in ast.walk(loop.test) if isinstance(n, ast.Name)}
    return bool(names & stored & tested)
