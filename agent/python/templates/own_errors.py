"""The package's own exception classes, for the templates that raise them (conventions.py): classes
defined in the repository (not its tests) that derive from a builtin exception, directly or through
each other, and can be made with one message; ranked by what speaks for them (the issue names it, the
package exports it, the package raises it elsewhere, its base fits the crash).

Read from the files by ast; nothing of the repository is imported or run.
"""
from __future__ import annotations

import ast
import builtins
import re
from dataclasses import dataclass

from agent.judge.protect import is_test_path
from agent.python.templates.source import SourceFile

_CLASS_LINE = re.compile(r"^[ \t]*class[ \t]+(\w{1,80})[ \t]*\(", re.M)
_BUILTIN_EXC = {n for n, c in vars(builtins).items() if isinstance(c, type) and issubclass(c, Exception)}
_NOT_INPUT = re.compile(r"Warning|Deprecat|Timeout|Connection|Network|Auth|Permission|Http|Socket|Internal|"
                        r"NotImplemented|Interrupt|Exit|Abort|Retry|Skip", re.I)
_INPUT = re.compile(r"Invalid|Decode|Encode|Parse|Format|Value|Schema|Config|Validat|Input|Syntax|Type|Key|"
                    r"Lookup|Argument|Malformed|Bad|Unsupported|Conversion|Data", re.I)
# the builtin bases that fit a crash of each kind (a TypeError from bad input is a ValueError to the caller too)
_FITS = {"TypeError": {"TypeError", "ValueError"}, "AttributeError": {"TypeError", "ValueError", "AttributeError"},
         "KeyError": {"KeyError", "LookupError", "ValueError"}, "IndexError": {"IndexError", "LookupError", "ValueError"},
         "ValueError": {"ValueError"}, "ZeroDivisionError": {"ValueError", "ArithmeticError"},
         "StopIteration": {"ValueError"}, "UnicodeDecodeError": {"ValueError", "UnicodeError"}}
MAX_FILES = 3000


@dataclass(frozen=True)
class OwnError:
    name: str
    path: str              # "" for a builtin the issue named
    module: str            # dotted import path of `path` ("" for a builtin)
    bases: frozenset[str]  # every ancestor's name found (builtin and the package's own)
    exported: bool         # named in a package `__init__.py`
    raised: int            # `raise <name>` elsewhere in the package
    named: bool            # the expectation names it
    rank: float

    def why(self) -> str:
        said = ["the issue names it"] if self.named else []
        if self.path:
            said.append(f"defined in {self.path}")
        if self.exported:
            said.append("exported by the package")
        if self.raised:
            said.append(f"raised at {self.raised} other place(s)")
        return ", ".join(said)


def find(files: list[str], read, crash: str, wanted: tuple[str, ...] = (), limit: int = 2) -> list[OwnError]:
    """The best `limit` exception classes for a crash of type `crash`; `wanted`: classes the issue names
    (a builtin one among them counts too). [] when the package defines none that fits."""
    crash = crash.rsplit(".", 1)[-1]
    code = [f for f in files[:MAX_FILES] if f.endswith(".py") and not is_test_path(f)]
    texts = {f: t for f in code if (t := _read(read, f))}
    classes: dict[str, tuple[str, ast.ClassDef]] = {}
    for path, text in texts.items():
        if not _CLASS_LINE.search(text):
            continue
        try:
            sf = SourceFile(path, text)
        except (SyntaxError, ValueError, RecursionError):
            continue
        for node in sf.tree.body:
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, (path, node))
    ancestors = _ancestors(classes)
    inits = " ".join(t for f, t in texts.items() if f.endswith("__init__.py"))
    out: list[OwnError] = []
    for name, (path, node) in classes.items():
        bases = ancestors.get(name, frozenset())
        if not bases & _BUILTIN_EXC or _NOT_INPUT.search(name) or not _one_message(node, classes):
            continue
        raised = sum(len(re.findall(rf"\braise[ \t]+(?:[\w.]{{1,200}}\.)?{name}\b", t)) for t in texts.values())
        exported = bool(re.search(rf"\b{name}\b", inits))
        out.append(_rank(name, path, _module(path, files), bases, exported, raised, name in wanted, crash))
    for name in wanted:
        if name in _BUILTIN_EXC and name != crash and name not in classes:
            out.append(_rank(name, "", "", frozenset({name}), False, 0, True, crash))
    out.sort(key=lambda e: (-e.rank, e.name))
    named = [e for e in out if e.named]
    return (named or out)[:limit]


def _rank(name, path, module, bases, exported, raised, named, crash) -> OwnError:
    rank = (100.0 if named else 0.0) + (20.0 if exported else 0.0) + 3.0 * min(raised, 5)
    rank += 10.0 if bases & _FITS.get(crash, {"ValueError"}) else 0.0
    rank += 5.0 if _INPUT.search(name) else 0.0
    return OwnError(name, path, module, bases, exported, raised, named, rank)


def _ancestors(classes: dict[str, tuple[str, ast.ClassDef]]) -> dict[str, frozenset[str]]:
    """Each class's ancestors by name, through the package's own classes (a bounded walk)."""
    direct = {n: {_base_name(b) for b in node.bases} - {None} for n, (_, node) in classes.items()}
    out: dict[str, frozenset[str]] = {}
    for name in classes:
        seen, todo = set(), list(direct[name])
        while todo and len(seen) < 50:
            b = todo.pop()
            if b in seen:
                continue
            seen.add(b)
            todo.extend(direct.get(b, ()))
        out[name] = frozenset(seen)
    return out


def _base_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _one_message(node: ast.ClassDef, classes) -> bool:
    """The class can be made with one message argument: no `__init__` of its own (nor of a package base),
    or one whose required arguments besides self are at most one."""
    for _ in range(10):
        init = next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
        if init is not None:
            args = init.args
            positional = args.posonlyargs + args.args
            required = len(positional) - len(args.defaults) - 1
            kw_required = sum(1 for d in args.kw_defaults if d is None)
            return required <= 1 and kw_required == 0
        parent = next((classes[b][1] for b in map(_base_name, node.bases) if b in classes), None)
        if parent is None:
            return True
        node = parent
    return False


def _module(path: str, files: list[str]) -> str:
    """`src/pkg/errors.py` -> `pkg.errors` (the first folder with an `__init__.py` starts the name)."""
    parts = path[:-3].split("/")
    have = set(files)
    for i in range(len(parts) - 1):
        if "/".join(parts[:i + 1]) + "/__init__.py" in have:
            mod = parts[i:]
            return ".".join(mod[:-1] if mod[-1] == "__init__" else mod)
    return parts[-1]


def _read(read, path: str) -> str | None:
    try:
        return read(path)
    except Exception:        # unreadable: nothing to learn from it
        return None


def reference(sf: SourceFile, err: OwnError) -> tuple[str, str | None]:
    """(how `sf` names the class, the import line to add or None): a builtin or a class defined or
    imported in `sf` by its name, else `from <module> import <name>`."""
    if not err.path or any(isinstance(n, ast.ClassDef) and n.name == err.name for n in sf.tree.body):
        return err.name, None
    for node in ast.walk(sf.tree):
        if isinstance(node, ast.ImportFrom) and any(a.name == err.name for a in node.names):
            alias = next(a for a in node.names if a.name == err.name)
            return alias.asname or alias.name, None
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == err.module:
                    return f"{a.asname or a.name}.{err.name}", None
    if sf.path[:-3].replace("/", ".").endswith(err.module):
        return err.name, None
    return err.name, f"from {err.module} import {err.name}"


def import_edit(sf: SourceFile, line: str):
    """An Edit that adds `line` after the module's top-level imports (after its docstring and
    `from __future__` lines when it has no other import)."""
    from agent.python.templates.source import Edit
    body = sf.tree.body
    last = None
    for i, node in enumerate(body):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            last = node
        elif i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            last = node
        else:
            break
    if last is None:
        return Edit(0, 0, line + "\n")
    pos = sf.line_start(last.end_lineno) + len(sf.line_text(last.end_lineno))
    prefix = "" if sf.text[:pos].endswith("\n") else "\n"
    return Edit(pos, pos, prefix + line + "\n")
