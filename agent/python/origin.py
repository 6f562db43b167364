"""Where a value on the crashing line came from, read from the code (ast): a parameter of the crashing
function (so from its caller), or the last assignment to it before the line. The root cause's "from
where" (agent/judge/proof.py), recorded as an `origin` fact with its source line."""
from __future__ import annotations

import ast
from dataclasses import dataclass


@dataclass(frozen=True)
class Origin:
    name: str
    how: str          # "parameter" | "assigned"
    line: int         # the def line (parameter) or the assignment's line
    code: str         # that line's code, stripped

    def text(self, function: str, path: str, caller: str = "") -> str:
        if self.how == "parameter":
            return f"`{self.name}` is a parameter of {function}() ({path}:{self.line})" + (
                f", passed by {caller}" if caller else "")
        return f"`{self.name}` was last assigned at {path}:{self.line}: `{self.code}`"


def _function_at(tree: ast.AST, function: str, line: int):
    best = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == function \
                and node.lineno <= line <= (node.end_lineno or node.lineno):
            if best is None or node.lineno > best.lineno:       # the innermost
                best = node
    return best


def _targets(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [n for e in node.elts for n in _targets(e)]
    if isinstance(node, ast.Starred):
        return _targets(node.value)
    return []


def origins(source: str, function: str, line: int, names: list[str]) -> list[Origin]:
    """For each plain name in `names`: a parameter of `function` (the one around `line`), or the last
    assignment to it in that function above `line`; names with neither are left out."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    fn = _function_at(tree, function, line)
    if fn is None:
        return []
    lines = source.splitlines()
    a = fn.args
    params = {p.arg for p in [*a.posonlyargs, *a.args, *a.kwonlyargs, *([a.vararg] if a.vararg else []),
                              *([a.kwarg] if a.kwarg else [])]}
    assigned: dict[str, int] = {}
    for node in ast.walk(fn):
        at = getattr(node, "lineno", None)
        if at is None or at >= line:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Assign):
            targets = [n for t in node.targets for n in _targets(t)]
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            targets = _targets(node.target)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            targets = _targets(node.target)
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = _targets(node.optional_vars)
        for name in targets:
            if at > assigned.get(name, 0):
                assigned[name] = at
    found = []
    for name in dict.fromkeys(names):
        if not name.isidentifier():
            continue
        if name in assigned:
            found.append(Origin(name, "assigned", assigned[name], lines[assigned[name] - 1].strip()[:200]))
        elif name in params:
            found.append(Origin(name, "parameter", fn.lineno, lines[fn.lineno - 1].strip()[:200]))
    return found
