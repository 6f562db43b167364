"""noxfile.py read with `ast`, never executed: its sessions (any function under a decorator that
mentions `session`), each session's `session.install(...)` and `session.run(...)` calls with their
arguments evaluated where that is plain (string constants, module-level names such as
`ROOT = Path(__file__).parent` and `ROOT / "tests"`, lists of those), `*session.posargs` left out.
An `if session.posargs ...:` branch is the maintainer's optional variant: its `else` is read."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from agent.python.environment.commands import RUNS_TESTS, unwrap_coverage
from agent.python.environment.versions import pick_version


class Opaque(Exception):
    """An argument that cannot be read without running the noxfile."""


@dataclass
class Session:
    name: str
    pythons: list[str] = field(default_factory=list)
    installs: list[list[str]] = field(default_factory=list)
    runs: list[list[str]] = field(default_factory=list)
    skipped: int = 0                               # calls with an argument that could not be read

    def test_cmd(self) -> str | None:
        for args in self.runs:
            cmd = unwrap_coverage(" ".join(_quote(a) for a in args))
            if RUNS_TESTS.search(cmd):
                return cmd
        return None

    def python(self) -> str | None:
        return pick_version([p for p in self.pythons if re.fullmatch(r"3\.\d{1,2}", p)])


def _quote(word: str) -> str:
    return word if re.fullmatch(r"[\w@%+=:,./-]+", word) else "'" + word.replace("'", "'\\''") + "'"


class _Values:
    """Module-level names whose value is plain: strings, paths below the noxfile's folder."""

    def __init__(self, tree: ast.Module):
        self.names: dict[str, object] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                try:
                    self.names[node.targets[0].id] = self.value(node.value)
                except Opaque:
                    pass

    def value(self, node: ast.AST):
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float)):
            return str(node.value)
        if isinstance(node, ast.Name):
            if node.id == "__file__":
                return "<file>"
            if node.id in self.names:
                return self.names[node.id]
            raise Opaque(node.id)
        if isinstance(node, (ast.List, ast.Tuple)):
            out = []
            for elt in node.elts:
                if isinstance(elt, ast.Starred):
                    continue                       # *session.posargs and the like
                v = self.value(elt)
                out += v if isinstance(v, list) else [v]
            return out
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):            # ROOT / "tests"
            left, right = self.value(node.left), self.value(node.right)
            if not isinstance(left, str) or not isinstance(right, str):
                raise Opaque("path")
            return right if left in (".", "") else f"{left}/{right}"
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self.value(node.left), self.value(node.right)
            if isinstance(left, list) and isinstance(right, list):
                return left + right
            if isinstance(left, str) and isinstance(right, str):
                return left + right
            raise Opaque("+")
        if isinstance(node, ast.JoinedStr):
            parts = []
            for v in node.values:
                parts.append(self.value(v.value) if isinstance(v, ast.FormattedValue) else self.value(v))
            if not all(isinstance(p, str) for p in parts):
                raise Opaque("f-string")
            return "".join(parts)
        src = ast.unparse(node)
        # the noxfile's own folder: Path(__file__).parent, .resolve().parent, os.path.dirname(__file__)
        if re.fullmatch(r"(?:pathlib\.)?Path\(__file__\)(?:\.resolve\(\)|\.absolute\(\))?\.parent"
                        r"|os\.path\.dirname\((?:os\.path\.abspath\()?__file__\)?\)", src):
            return "."
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("relative_to", "resolve", "absolute") and not node.keywords:
            return self.value(node.func.value)
        if isinstance(node, ast.Call) and re.fullmatch(r"str|os\.fspath", ast.unparse(node.func)) and len(node.args) == 1:
            return self.value(node.args[0])
        raise Opaque(src)


def _is_session(fn: ast.FunctionDef) -> bool:
    return any("session" in ast.unparse(d) for d in fn.decorator_list)


def _session_name(fn: ast.FunctionDef) -> str:
    for d in fn.decorator_list:
        if isinstance(d, ast.Call):
            for kw in d.keywords:
                if kw.arg == "name" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                    return kw.value.value
    return fn.name


def _pythons(fn: ast.FunctionDef, values: _Values) -> list[str]:
    for d in fn.decorator_list:
        if isinstance(d, ast.Call):
            for kw in d.keywords:
                if kw.arg in ("python", "py"):
                    try:
                        v = values.value(kw.value)
                    except Opaque:
                        return []
                    return v if isinstance(v, list) else [v]
    return []


def _posargs_test(test: ast.AST) -> bool:
    return "posargs" in ast.unparse(test)


def _calls(body: list[ast.stmt]):
    """The `session.<x>(...)` calls of a function body in order; of an `if session.posargs` the
    `else` branch only."""
    for stmt in body:
        if isinstance(stmt, ast.If) and _posargs_test(stmt.test):
            yield from _calls(stmt.orelse)
            continue
        for node in ast.walk(stmt) if not isinstance(stmt, (ast.If, ast.With, ast.For, ast.Try)) else []:
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    isinstance(node.func.value, ast.Name) and node.func.value.id == "session":
                yield node
        if isinstance(stmt, ast.If):
            yield from _calls(stmt.body)
            yield from _calls(stmt.orelse)
        elif isinstance(stmt, (ast.With, ast.For)):
            yield from _calls(stmt.body)
        elif isinstance(stmt, ast.Try):
            yield from _calls(stmt.body)


def sessions(text: str) -> list[Session] | None:
    """The noxfile's sessions in file order (None when it does not parse)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    values = _Values(tree)
    out = []
    for fn in tree.body:
        if not isinstance(fn, ast.FunctionDef) or not _is_session(fn):
            continue
        s = Session(_session_name(fn), _pythons(fn, values))
        for call in _calls(fn.body):
            if call.func.attr not in ("install", "run", "run_always", "run_install"):
                continue
            try:
                args = values.value(ast.List(elts=list(call.args), ctx=ast.Load()))
            except Opaque:
                s.skipped += 1
                continue
            if not args:
                continue
            (s.installs if call.func.attr in ("install", "run_install") else s.runs).append(args)
        out.append(s)
    return out


def choose(found: list[Session], wanted: str | None, not_tests: re.Pattern) -> Session | None:
    """``wanted`` (a `nox -s tests-3.11` of a recipe: the session `tests`), else the first session
    whose runs run tests and whose name is no docs/lint name."""
    for s in found:
        if wanted and (s.name == wanted or re.match(rf"{re.escape(s.name)}(?:-[\d.]+|\(.*\))$", wanted)):
            return s
    for s in found:
        if s.test_cmd() and not not_tests.match(s.name) and not not_tests.match(re.split(r"[-_(]", s.name)[0]):
            return s
    return None
