"""Whether a patch follows the code's own conventions, read with `ast` from the unpatched files on the host.

- a `return V` the patch adds, where the enclosing function already returns `V` at other exits;
- a `raise E(...)` the patch adds, where `E` is the package's own exception class (defined in the package,
  raised elsewhere in it);
- a `continue` the patch adds, where the function already skips items with `continue`, or its docstring
  says such items are skipped.

Pure but for `read` (a path of the repository to its text: the caller reads the clone through
sandbox/contain.py). Each finding is one line a reviewer can check in the code.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Callable

MAX_FILES = 400                    # package files read to find its exception classes
_HUNK = re.compile(r"^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@")
_SKIP_DOC = re.compile(r"\b(?:skip(?:s|ped|ping)?|ignored?|ignores)\b", re.I)


@dataclass(frozen=True)
class Hunk:
    path: str
    line: int                      # the unpatched line just before the change (the change's own first line at a hunk's top)
    added: tuple[str, ...]


@dataclass(frozen=True)
class Convention:
    """One convention the patch follows: `what` ("return", "raise", "skip") and the line that says so."""
    what: str
    line: str
    name: str = ""                 # the exception class, for "raise"


def hunks(diff: str) -> list[Hunk]:
    """The hunks of a unified diff: their file (new name), the unpatched line the change is at (the
    context line just before its first added or removed line) and the added lines."""
    out: list[Hunk] = []
    path, line, at, added = "", 0, 0, []

    def close():
        if path and added:
            out.append(Hunk(path, at, tuple(added)))

    for ln in diff.splitlines():
        if ln.startswith("+++ "):
            close()
            path, added = ln[4:].split("\t")[0].strip().removeprefix("b/"), []
        elif ln.startswith("--- "):
            continue
        elif (m := _HUNK.match(ln)):
            close()
            line, at, added = int(m.group(1)), 0, []
        elif ln.startswith(("+", "-")):
            at = at or max(line - 1, 1)
            if ln.startswith("+"):
                added.append(ln[1:])
            else:
                line += 1
        else:
            line += 1
    close()
    return out


def follows(diff: str, read: Callable[[str], str], files: list[str] = ()) -> tuple[Convention, ...]:
    """The conventions of the unpatched code that the diff's added statements follow; `files`: the
    repository's files (where the package's exception classes are looked for)."""
    found: list[Convention] = []
    package: dict | None = None
    for h in hunks(diff):
        if not h.path.endswith(".py"):
            continue
        try:
            tree = ast.parse(read(h.path))
        except Exception:           # unreadable or not Python 3: nothing is claimed
            continue
        fn = _enclosing(tree, h.line)
        stmts = _statements(h.added)
        for stmt in stmts:
            if isinstance(stmt, ast.Return) and fn is not None:
                found += _returns(fn, stmt)
            elif isinstance(stmt, ast.Continue) and fn is not None:
                found += _skips(fn)
            elif isinstance(stmt, ast.Raise) and stmt.exc is not None:
                if package is None:
                    package = _exceptions(h.path, read, list(files) or [h.path])
                found += _raises(stmt, package)
    return tuple(dict.fromkeys(found))


def raised_own(name: str, diff: str, read: Callable[[str], str], files: list[str] = ()) -> Convention | None:
    """When the patched code raises `name` on the issue's input (agent/judge/behaviour.py): the convention
    it follows if `name` is the patched package's own exception class, raised elsewhere in it."""
    path = next((h.path for h in hunks(diff) if h.path.endswith(".py")), "")
    if not name or not path:
        return None
    where, raised = _exceptions(path, read, list(files) or [path]).get(name) or ("", [])
    if not raised:
        return None
    return Convention("raise", f"on the issue's input it now raises `{name}`, the package's own exception (defined "
                               f"in {where}, raised at {len(raised)} place{'s' if len(raised) > 1 else ''} for bad "
                               f"input, e.g. {raised[0]})", name)


def _statements(lines: tuple[str, ...]) -> list[ast.stmt]:
    """The simple statements among the added lines (each parsed alone, dedented)."""
    out = []
    for ln in lines:
        text = ln.strip()
        if not text.startswith(("return", "raise", "continue")):
            continue
        try:
            out += ast.parse(text).body
        except SyntaxError:
            continue
    return out


def _enclosing(tree: ast.AST, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The innermost function whose lines hold `line`."""
    best = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno <= line <= (node.end_lineno or 0):
            if best is None or node.lineno >= best.lineno:
                best = node
    return best


def _own(fn: ast.AST) -> list[ast.AST]:
    """The nodes of `fn` outside its nested functions and classes."""
    out, todo = [], list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        out.append(node)
        todo += list(ast.iter_child_nodes(node))
    return out


def _value(node: ast.expr | None) -> str:
    return "None" if node is None else ast.unparse(node)


def _returns(fn, added: ast.Return) -> list[Convention]:
    want = _value(added.value)
    if not isinstance(added.value, (ast.Constant, ast.List, ast.Tuple, ast.Dict, ast.Set, type(None))):
        return []
    if isinstance(added.value, (ast.List, ast.Tuple, ast.Dict, ast.Set)) and any(True for _ in ast.iter_child_nodes(added.value)
                                                                              if not isinstance(_, ast.expr_context)):
        return []                   # only an empty container is a "nothing found" value
    same = [n for n in _own(fn) if isinstance(n, ast.Return) and _value(n.value) == want]
    if len(same) < 2:
        return []
    return [Convention("return", f"`{fn.name}` already returns `{want}` at {len(same)} other exits "
                                 f"(lines {', '.join(str(n.lineno) for n in sorted(same, key=lambda n: n.lineno)[:5])}): "
                                 f"the patch's `return {want}` follows it")]


def _skips(fn) -> list[Convention]:
    others = [n for n in _own(fn) if isinstance(n, ast.Continue)]
    doc = ast.get_docstring(fn) or ""
    said = next((s.strip() for s in re.split(r"(?<=[.;])\s+|\n", doc) if _SKIP_DOC.search(s)), "")
    if said:
        return [Convention("skip", f"`{fn.name}`'s docstring says such items are skipped (\"{said[:120]}\"): "
                                   f"the patch's `continue` does that")]
    if len(others) >= 2:
        return [Convention("skip", f"`{fn.name}` already skips items with `continue` at {len(others)} other places "
                                   f"(lines {', '.join(str(n.lineno) for n in sorted(others, key=lambda n: n.lineno)[:5])})")]
    return []


def _called(exc: ast.expr) -> str:
    node = exc.func if isinstance(exc, ast.Call) else exc
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def _raises(stmt: ast.Raise, package: dict) -> list[Convention]:
    name = _called(stmt.exc)
    where, raised = package.get(name) or ("", [])
    if not raised:
        return []                   # not the package's own, or never raised by it: no convention to follow
    return [Convention("raise", f"`{name}` is the package's own exception (defined in {where}, raised at "
                                f"{len(raised)} other place{'s' if len(raised) > 1 else ''}, e.g. {raised[0]}): the patch raises it at the point "
                                f"of failure", name)]


def package_root(path: str, exists: Callable[[str], bool]) -> str:
    """The top folder of `path`'s package (walking up while a folder has `__init__.py`); the file's own folder else."""
    folder = PurePosixPath(path).parent
    top = folder
    while str(folder) not in ("", ".") and exists(f"{folder}/__init__.py"):
        top, folder = folder, folder.parent
    return "" if str(top) == "." else str(top)


def _exceptions(path: str, read: Callable[[str], str], files: list[str]) -> dict[str, tuple[str, list[str]]]:
    """The package's own exception classes: name -> (the file defining it, the places raising it there)."""
    known = set(files)
    root = package_root(path, known.__contains__)
    mine = [f for f in files if f.endswith(".py") and f.startswith(root + "/")][:MAX_FILES] if root else [path]
    classes: dict[str, tuple[str, list[str]]] = {}
    raised: dict[str, list[str]] = {}
    for f in mine:
        try:
            tree = ast.parse(read(f))
        except Exception:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, (f, [_called(b) for b in node.bases]))
            elif isinstance(node, ast.Raise) and node.exc is not None:
                raised.setdefault(_called(node.exc), []).append(f"{f}:{node.lineno}")
    defined: dict[str, str] = {}
    grew = True
    while grew:                     # an exception class: one whose base is a builtin error or one of these
        grew = False
        for name, (f, bases) in classes.items():
            if name not in defined and any(b in defined or b.endswith(("Error", "Exception")) for b in bases):
                defined[name], grew = f, True
    return {name: (where, raised.get(name, [])) for name, where in defined.items()}
