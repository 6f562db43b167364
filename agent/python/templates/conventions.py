"""Templates that follow the package's own conventions, the fixes maintainers make:

  own_error       the crashing statement re-raises the package's own exception class (own_errors.py),
                  chained from the original: `except TypeError as exc: raise DecodeError(str(exc)) from exc`
  boundary_check  the public function the user called (the outermost repository frame) checks the
                  argument that reached the crash and raises the package's error
  own_default     a guard's early `return V` where the function's other exits already return V for
                  "nothing found" (re-labelled from guards.py's proposals, ranked above them)

An issue that expects a value gets no raising template; one that names a class, or says "should give
an error", ranks them first.
"""
from __future__ import annotations

import ast
import re

from agent.python.templates.common import FUNCS, can_insert_before, insert_before
from agent.python.templates.engine import Emitter, Proposal
from agent.python.templates.flow import _caught_by, _exc_ref
from agent.python.templates.locate import Repo, Scope
from agent.python.templates.own_errors import OwnError, find, import_edit, reference
from agent.python.templates.source import Edit, header_nodes

_SIMPLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return)
_GUARDS = {"none_guard", "key_guard", "index_guard", "empty_guard", "zero_guard", "size_mismatch"}
_NOTHING = ("None", "False", "-1", "''", '""', "[]", "{}", "()", "0")
_TYPES = {"str", "bytes", "bytearray", "int", "float", "list", "dict", "tuple", "bool", "set"}
_NOT_RAISED = ("AssertionError", "RecursionError", "NameError", "UnboundLocalError", "SyntaxError", "SystemExit",
               "KeyboardInterrupt", "ImportError", "ModuleNotFoundError")


def run(em: Emitter, repo: Repo, scopes: list[Scope]) -> None:
    """All three: own_error at the crash and its callers, boundary_check at the outermost frame,
    own_default over the proposals made so far."""
    own_default(em, repo)
    ctx = em.ctx
    expect = getattr(ctx, "expectation", None)
    if ctx.exc_type in _NOT_RAISED or (expect is not None and expect.kind != "raises"):
        return
    errors = find(ctx.files, repo.text, ctx.exc_type, tuple(expect.raises) if expect is not None else ())
    if not errors:
        return
    for scope in scopes:
        if scope.kind in ("crash", "frame") and scope.func is not None:
            for i, err in enumerate(errors):
                own_error(em, scope, err, _relevance(expect, err) - 2.0 * i)
    boundary = outermost(em, repo)
    if boundary is not None:
        for i, err in enumerate(errors):
            boundary_check(em, boundary, err, _relevance(expect, err) - 3.0 - 2.0 * i)


def _relevance(expect, err: OwnError) -> float:
    """What raising `err` is worth beside the guards (a none_guard at the crash scores ~80)."""
    if err.named:
        return 62.0
    if expect is not None:              # "should give an error": above the guards' default answers
        return 58.0
    return 36.0 if err.exported or err.raised else 24.0


def _with_import(em: Emitter, scope: Scope, err: OwnError, edits: list[Edit]) -> tuple[str, list[Edit]]:
    name, line = reference(scope.sf, err)
    return name, edits + ([import_edit(scope.sf, line)] if line else [])


def own_error(em: Emitter, scope: Scope, err: OwnError, relevance: float) -> None:
    """Wrap the frame's simple statement: catch the reported exception, raise the package's own from it."""
    sf, stmt = scope.sf, scope.stmt
    if stmt is None or not isinstance(stmt, _SIMPLE) or not can_insert_before(sf, stmt):
        return
    if any(isinstance(n, ast.Constant) and isinstance(n.value, (str, bytes)) and n.lineno != n.end_lineno
           for n in ast.walk(stmt)):
        return                    # a multi-line string would change when re-indented
    exc = _exc_ref(sf, em.ctx.exc_type)
    if exc is None or _handled(sf, stmt, em.ctx.exc_type):
        return
    unit, indent = sf.indent_unit(scope.func), sf.indent_of(stmt.lineno)
    start = sf.line_start(stmt.lineno)
    stop = sf.line_start(stmt.end_lineno) + len(sf.line_text(stmt.end_lineno))
    body = "".join(unit + ln if ln.strip() else ln for ln in sf.text[start:stop].splitlines(keepends=True))
    body += "" if body.endswith("\n") else "\n"
    name, edits = _with_import(em, scope, err, [])
    taken = {n.id for n in ast.walk(scope.func) if isinstance(n, ast.Name)} | {a.arg for a in ast.walk(scope.func)
                                                                              if isinstance(a, ast.arg)}
    var = next(v for v in ("exc", "err", "error", "crash_exc") if v not in taken)
    text = f"{indent}try:\n{body}{indent}except {exc} as {var}:\n{indent}{unit}raise {name}(str({var})) from {var}\n"
    em.add(scope, stmt.lineno, [Edit(start, stop, text)] + edits, "own_error",
           f"raise the package's own {err.name} ({err.why()}) from the {exc}", relevance - 5.0)


def _handled(sf, stmt: ast.stmt, exc: str) -> bool:
    """The statement already sits in a `try` whose handler catches the exception."""
    for a in sf.ancestors(stmt):
        if isinstance(a, FUNCS):
            return False
        if isinstance(a, ast.Try) and any(stmt is s or any(stmt is n for n in ast.walk(s)) for s in a.body):
            if any(_caught_by(h, exc) for h in a.handlers):
                return True
    return False


def outermost(em: Emitter, repo: Repo) -> Scope | None:
    """The public function the user's code called: the outermost editable repository frame whose
    function is public (no leading underscore), as a scope."""
    from agent.repair_context import may_touch
    for site in sorted(em.ctx.sites, key=lambda s: -s.depth):
        if not may_touch(em.ctx, site.path) or (sf := repo.source(site.path)) is None:
            continue
        func = sf.function_at(site.line)
        if func is None or func.name.startswith("_") or func.name == "<module>":
            continue
        return Scope(sf, func, site.line, site.depth, "frame", 22.0, 18.0, via=f"{site.path}:{site.line} (boundary)",
                     stmt=sf.statement_at(site.line, func))
    return None


def boundary_check(em: Emitter, scope: Scope, err: OwnError, relevance: float) -> None:
    """Check, first thing in the public function, the parameter that reached the crash."""
    func, sf, ctx = scope.func, scope.sf, em.ctx
    params = [a for a in func.args.posonlyargs + func.args.args + func.args.kwonlyargs if a.arg not in ("self", "cls")]
    used = {n.id for n in header_nodes(scope.stmt) if isinstance(n, ast.Name)} if scope.stmt is not None else set()
    first = func.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str) \
            and len(func.body) > 1:
        first = func.body[1]
    unit = sf.indent_unit(func)
    for i, p in enumerate([p for p in params if p.arg in used][:2]):
        for cond, says in _checks(p, ctx.exc_type, ctx.message)[:2]:
            name, edits = _with_import(em, scope, err, [])
            e = insert_before(sf, first, [f"if {cond}:", f"raise {name}({says})"], unit)
            if e is not None:
                em.add(scope, first.lineno, [e] + edits, "boundary_check",
                       f"check {p.arg} in {func.name}, the function the caller used, and raise {err.name}",
                       relevance - 5.0 - 1.5 * i)


def _checks(p: ast.arg, exc: str, msg: str) -> list[tuple[str, str]]:
    """(condition, message expression) pairs that reject the bad argument, most likely first."""
    name, out = p.arg, []
    ann = ast.unparse(p.annotation) if p.annotation is not None else ""
    if "NoneType" in msg or (exc in ("AttributeError", "TypeError") and re.search(r"\bNone\b", msg)):
        out.append((f"{name} is None", f"{name + ' must not be None'!r}"))
    types = [t for t in re.split(r"\s*[|,]\s*", ann.strip("()")) if t in _TYPES]
    if types and "None" not in ann and "Optional" not in ann:
        want = types[0] if len(types) == 1 else "(" + ", ".join(types) + ")"
        out.append((f"not isinstance({name}, {want})",
                    f"f\"{name} must be {' or '.join(types)}, not {{type({name}).__name__}}\""))
    bad = [t for t in re.findall(r"'(\w+)'", msg) if t in _TYPES]
    if exc == "TypeError" and bad and not types:
        out.append((f"isinstance({name}, {bad[0]})", repr(f"{name} must not be {bad[0]}")))
    if exc in ("IndexError", "StopIteration") or re.search(r"empty", msg):
        out.append((f"not {name}", f"{name + ' must not be empty'!r}"))
    return out


def own_default(em: Emitter, repo: Repo) -> None:
    """A guard's `return V` where the function's other exits return V too: the same edits, labelled
    own_default and ranked above the guard, saying how many exits do so."""
    for p in list(em.proposals):
        if p.template not in _GUARDS or len(p.edits) != 1:
            continue
        value = _returned(p.edits[0].text)
        sf = repo.source(p.path)
        if value is None or sf is None:
            continue
        func = sf.function_at(sf.text.count("\n", 0, p.edits[0].start) + 1)
        exits = _exits(func, value) if func is not None else 0
        if exits:
            em.proposals.append(Proposal(p.path, p.edits, "own_default",
                                         f"{p.description}, as {exits} other exit(s) of {func.name} return {value}",
                                         round(p.score + 6.0, 3)))


def _returned(text: str) -> str | None:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(lines) == 2 and lines[0].startswith("if ") and lines[1].startswith("return"):
        value = lines[1][len("return"):].strip() or "None"
        return value if value in _NOTHING else None
    return None


def _exits(func, value: str) -> int:
    """How many of the function's own `return`s give `value`: counted when two do, or one in an `if`, a
    loop or a handler (a "nothing found" exit); else 0."""
    want = ast.dump(ast.parse(value, mode="eval").body)
    count = conditional = 0
    for node in ast.walk(func):
        if not isinstance(node, ast.Return) or not _own(func, node):
            continue
        got = ast.dump(node.value) if node.value is not None else ast.dump(ast.Constant(None))
        if got == want:
            count += 1
            conditional += _conditional(func, node)
    return count if count >= 2 or conditional else 0


def _own(func, node) -> bool:
    for inner in ast.walk(func):
        if inner is not func and isinstance(inner, FUNCS) and any(n is node for n in ast.walk(inner)):
            return False
    return True


def _conditional(func, node) -> bool:
    for parent in ast.walk(func):
        if isinstance(parent, (ast.If, ast.For, ast.While, ast.ExceptHandler, ast.Try)) and \
                any(n is node for n in ast.walk(parent)):
            return True
    return False
