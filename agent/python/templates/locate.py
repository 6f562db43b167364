"""Map crash sites to repair scopes: functions in repo files, with a weight for how close they are to the crash."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import cached_property

from agent.judge.protect import is_test_path

from agent.repair_context import RepairContext, may_touch
from agent.python.templates.source import SourceFile, header_nodes

# (weight on the frame's own statement, weight elsewhere in the function)
FRAME_WEIGHTS = {0: (30.0, 21.0), 1: (19.0, 13.0), 2: (13.0, 8.0)}
CALLEE_FROM_TEST = (23.0, 14.0)      # level 1, level 2
CALLEE_FROM_REPO = (12.0, 6.0)
MAX_FUNC_LINES = 120


@dataclass
class Scope:
    sf: SourceFile
    func: ast.FunctionDef | ast.AsyncFunctionDef | None
    line: int | None          # the frame's line, None for callees
    depth: int
    kind: str                 # "crash" | "frame" | "callee" | "outer" (depth > 2: handlers only)
    line_weight: float
    func_weight: float
    via: str = ""
    stmt: ast.stmt | None = None     # statement at `line`
    literals: frozenset = frozenset()   # distinctive constants the failing test passes in
    arg_values: dict = field(default_factory=dict)   # parameter -> repr of the constant the test passes

    @cached_property
    def return_lines(self) -> frozenset:
        if self.func is None:
            return frozenset()
        return frozenset(ln for n in ast.walk(self.func) if isinstance(n, ast.Return)
                         for ln in range(n.lineno, n.end_lineno + 1))

    @cached_property
    def assert_lines(self) -> frozenset:
        root = self.func if self.func is not None else self.sf.tree
        return frozenset(ln for n in ast.walk(root) if isinstance(n, ast.Assert)
                         for ln in range(n.lineno, n.end_lineno + 1))

    @cached_property
    def hot_lines(self) -> frozenset:
        """Lines that handle a literal the failing test uses (`if code == "HALF": ...`)."""
        if not self.literals or self.func is None:
            return frozenset()
        hot: set[int] = set()
        for n in ast.walk(self.func):
            if isinstance(n, (ast.If, ast.While, ast.IfExp, ast.Compare, ast.Dict, ast.Call)) and n is not self.func:
                test = n.test if isinstance(n, (ast.If, ast.While, ast.IfExp)) else n
                if any(isinstance(c, ast.Constant) and _lit(c.value) in self.literals for c in ast.walk(test)):
                    if isinstance(n, (ast.If, ast.While)):
                        hot.update(range(n.lineno, n.body[-1].end_lineno + 1))
                    else:
                        hot.update(range(n.lineno, n.end_lineno + 1))
        return frozenset(hot)

    @property
    def path(self) -> str:
        return self.sf.path

    @property
    def name(self) -> str:
        return self.func.name if self.func is not None else "<module>"

    def key(self):
        return (self.sf.path, self.func.lineno if self.func is not None else 0)

    def location(self, lineno: int | None) -> float:
        """How close a change at `lineno` is to where the evidence points."""
        if lineno is None:
            return self.func_weight
        if self.stmt is not None and self.stmt.lineno <= lineno <= (self.stmt.end_lineno or lineno):
            if not any(isinstance(self.stmt, t) for t in _COMPOUND) or lineno == self.line:
                return self.line_weight
        if self.line is not None:
            return self.func_weight - 0.4 * min(abs(lineno - self.line), 20)
        start = self.func.lineno if self.func is not None else 1
        return self.func_weight - 0.1 * min(abs(lineno - start), 30)

    def statements(self) -> list[ast.stmt]:
        root = self.func if self.func is not None else self.sf.tree
        out = []
        for n in ast.walk(root):
            if isinstance(n, ast.stmt) and n is not root:
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    continue
                if self.func is None and self.line is not None and abs(n.lineno - self.line) > 15:
                    continue
                if self.line is not None and abs(n.lineno - self.line) > 40:
                    continue
                if _owner(self.sf, n) is not self.func:
                    continue
                out.append(n)
        return sorted(out, key=lambda s: (s.lineno, s.col_offset))


def _lit(v):
    return ("s", v) if isinstance(v, str) else ("n", v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def test_literals(nodes) -> frozenset:
    out = set()
    for n in nodes:
        if isinstance(n, ast.Constant):
            v = n.value
            if isinstance(v, str) and 1 <= len(v) <= 40 and v.strip():
                out.add(_lit(v))
            elif isinstance(v, (int, float)) and not isinstance(v, bool) and v not in (0, 1, -1):
                out.add(_lit(v))
    return frozenset(out)


_COMPOUND = (ast.If, ast.For, ast.While, ast.With, ast.Try, ast.AsyncFor, ast.AsyncWith)


def _owner(sf: SourceFile, node: ast.AST):
    for a in sf.ancestors(node):
        if isinstance(a, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return a if not isinstance(a, (ast.Lambda, ast.ClassDef)) else None
    return None


class Repo:
    """Lazy index of the repo's editable Python files."""

    def __init__(self, ctx: RepairContext):
        self.ctx = ctx
        self._files: dict[str, SourceFile | None] = {}
        self._texts: dict[str, str | None] = {}

    def text(self, path: str) -> str | None:
        if path not in self._texts:
            try:
                self._texts[path] = self.ctx.read(path)
            except Exception:
                self._texts[path] = None
        return self._texts[path]

    def source(self, path: str) -> SourceFile | None:
        if path not in self._files:
            t = self.text(path)
            try:
                self._files[path] = SourceFile(path, t) if t is not None else None
            except (SyntaxError, ValueError):
                self._files[path] = None
        return self._files[path]

    def classes(self, name: str, limit: int = 3):
        pat = re.compile(rf"^[ \t]*class[ \t]+{re.escape(name)}\b", re.M)
        found = []
        for path in self.ctx.files:
            if not path.endswith(".py") or is_test_path(path):
                continue
            t = self.text(path)
            if not t or not pat.search(t):
                continue
            sf = self.source(path)
            if sf is not None:
                found += [(sf, c) for c in ast.walk(sf.tree) if isinstance(c, ast.ClassDef) and c.name == name]
        return found[:limit]

    def definitions(self, name: str, near: str | None = None, limit: int = 3):
        """Functions called `name` in editable repo files, those in files `near` imports first."""
        pat = re.compile(rf"^[ \t]*(async[ \t]+)?def[ \t]+{re.escape(name)}[ \t]*\(", re.M)
        found = []
        for path in self.ctx.files:
            if not path.endswith(".py") or not may_touch(self.ctx, path):
                continue
            t = self.text(path)
            if not t or not pat.search(t):
                continue
            sf = self.source(path)
            if sf is None:
                continue
            for f in sf.functions:
                if f.name == name:
                    found.append((sf, f))
        if near and len(found) > 1:
            mods = set(re.findall(r"(?:from|import)\s+([\w.]+)", near))
            mods = {m.split(".")[-1] for m in mods} | {p for m in mods for p in m.split(".")}

            def rank(item):
                stem = item[0].path.rsplit("/", 1)[-1][:-3]
                return 0 if stem in mods else 1
            found.sort(key=rank)
        return found[:limit]


def _call_name(c: ast.Call) -> str | None:
    f = c.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _arg_values(func, calls) -> dict:
    """parameter -> repr of the constant passed, when every call passes the same constant."""
    params = [a.arg for a in func.args.posonlyargs + func.args.args]
    if params and params[0] in ("self", "cls"):
        params = params[1:]
    out: dict = {}
    for c in calls:
        if len(calls) != 1:
            break
        for name, a in list(zip(params, c.args)) + [(k.arg, k.value) for k in c.keywords if k.arg]:
            if isinstance(a, ast.Constant) or (isinstance(a, ast.UnaryOp) and isinstance(a.operand, ast.Constant)):
                try:
                    out[name] = repr(ast.literal_eval(a))
                except ValueError:
                    pass
    return out


def call_names(nodes) -> list[str]:
    out = []
    for n in nodes:
        if isinstance(n, ast.Call):
            f = n.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name and name not in out:
                out.append(name)
    return out


def build_scopes(ctx: RepairContext, repo: Repo) -> list[Scope]:
    scopes: dict[tuple, Scope] = {}

    def add(scope: Scope):
        k = scope.key()
        old = scopes.get(k)
        rank = {"crash": 3, "frame": 2, "callee": 1, "outer": 0}
        if old is None or rank[scope.kind] > rank[old.kind] or (
                old.kind == scope.kind and scope.func_weight > old.func_weight):
            scopes[k] = scope

    def add_callees(names, near_text, weight, level, via, seen_depth, lits=frozenset(), calls=()):
        for name in names:
            defs = repo.definitions(name, near_text)
            if not defs and name[:1].isupper():
                # a class: its constructor runs on this line
                for csf, cls in repo.classes(name):
                    defs += [(csf, m) for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))
                             and m.name in ("__init__", "__post_init__", "__new__", "__call__")]
            for sf, f in defs:
                if (f.end_lineno - f.lineno) > 4 * MAX_FUNC_LINES:
                    continue
                add(Scope(sf, f, None, seen_depth, "callee", weight, weight, via=f"{via} -> {name}", literals=lits,
                          arg_values=_arg_values(f, [c for c in calls if _call_name(c) == name])))
                if level == 1:
                    inner = [n for st in _own_statements(sf, f) for n in header_nodes(st)]
                    sub = [c for c in call_names(inner) if c != name]
                    yield_w = weight * 0.75
                    for sname in sub[:8]:
                        for ssf, sfn in repo.definitions(sname, sf.text, limit=2):
                            add(Scope(ssf, sfn, None, seen_depth, "callee", yield_w, yield_w,
                                      via=f"{via} -> {name} -> {sname}", literals=lits))

    for site in ctx.sites:
        if site.depth > 2:
            if site.depth <= 5 and may_touch(ctx, site.path) and (sf := repo.source(site.path)) is not None:
                # outer frames only matter for a handler that should have caught the exception
                func = sf.function_at(site.line)
                add(Scope(sf, func, site.line, site.depth, "outer", 14.0 - site.depth, 3.0,
                          via=f"{site.path}:{site.line}", stmt=sf.statement_at(site.line, func)))
            continue
        editable = may_touch(ctx, site.path)
        sf = repo.source(site.path)
        if sf is None:
            continue
        func = sf.function_at(site.line)
        stmt = sf.statement_at(site.line, func)
        if editable:
            lw, fw = FRAME_WEIGHTS[site.depth]
            add(Scope(sf, func, site.line, site.depth, "crash" if site.depth == 0 else "frame", lw, fw,
                      via=f"{site.path}:{site.line}", stmt=stmt))
            if site.depth == 0 and stmt is not None:
                # functions whose results feed the crashing statement
                nodes = header_nodes(stmt)
                names = call_names(nodes)
                used = {n.id for n in nodes if isinstance(n, ast.Name)}
                for st in _own_statements(sf, func) if func is not None else []:
                    if st.lineno < stmt.lineno and isinstance(st, (ast.Assign, ast.AnnAssign)):
                        tg = st.targets if isinstance(st, ast.Assign) else [st.target]
                        if any(isinstance(t, ast.Name) and t.id in used for t in tg) and st.value is not None:
                            names += [c for c in call_names(ast.walk(st.value)) if c not in names]
                add_callees(names, sf.text, CALLEE_FROM_REPO[0], 2, site.path, site.depth)
        else:
            # the crash surfaced in a test: suspect the repo functions the test calls
            w1, _ = CALLEE_FROM_TEST
            w1 -= 4.0 * site.depth
            own = _own_statements(sf, func) if func is not None else ([stmt] if stmt else [])
            ordered = sorted(own, key=lambda s: (0 if stmt is not None and s is stmt else 1,
                                                 abs(s.lineno - site.line) if s.lineno <= site.line else 1000 + s.lineno))
            rank = 0
            seen: set[str] = set()
            lits = test_literals(n for st in own if st.lineno <= site.line for n in ast.walk(st))
            for st in ordered:
                if st.lineno > site.line and st is not stmt:
                    continue
                names = [n for n in call_names(header_nodes(st)) if n not in seen]
                seen.update(names)
                if not names:
                    continue
                calls = [n for n in header_nodes(st) if isinstance(n, ast.Call)]
                add_callees(names, sf.text, max(w1 - 1.5 * rank, w1 - 8), 1, site.path, site.depth, lits, calls)
                rank += 1
    return sorted(scopes.values(), key=lambda s: -s.func_weight)


def _own_statements(sf: SourceFile, func) -> list[ast.stmt]:
    out = []
    for n in ast.walk(func):
        if isinstance(n, ast.stmt) and n is not func and not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if _owner(sf, n) is func:
                out.append(n)
    return out
