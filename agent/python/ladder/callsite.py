"""Rung 3: rebuild a repo function's call from the source line its caller's traceback frame shows."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Callable

from agent.judge.match import repo_path
from agent.python.ladder.snippets import UNPARSABLE
from agent.reports.model import Frame


@dataclass(frozen=True)
class CallSite:
    label: str         # e.g. "slugify(...) as called at publish.py:3"
    script: str
    function: str      # the repo function called


def module_name(path: str, files: list[str]) -> str | None:
    """`slugger/slug.py` -> `slugger.slug`; `src/pkg/mod.py` -> `pkg.mod` (src/ holds no __init__)."""
    if not path.endswith(".py"):
        return None
    *dirs, stem = path[:-3].split("/")
    have = set(files)
    k = len(dirs)
    while k > 0 and "/".join(dirs[:k]) + "/__init__.py" in have:
        k -= 1
    parts = dirs[k:] + ([] if stem == "__init__" else [stem])
    return ".".join(parts) if parts and all(p.isidentifier() for p in parts) else None


_LITERAL = r"(?:\"[^\"\n]*\"|'[^'\n]*'|-?\d+(?:\.\d+)?|True|False|None|\[\]|\{\}|\(\))"
_SETTING = re.compile(rf"\b[A-Za-z_]\w*\s*=\s*{_LITERAL}(?![\w.(\[])")
_SPAN = re.compile(r"(?<!`)`([^`\n]{3,300})`(?!`)")
_CALL = re.compile(r"\b[A-Za-z_][\w.]*\((?:[^()\n]|\([^()\n]*\))*\)")


def known_values(issue_text: str) -> dict[str, ast.expr]:
    """`name = <literal>` anywhere in the issue (script, session, prose; a whole line, an inline code
    span, or words of a sentence: "with `strong_mark = ""` set"): names a call can use."""
    values: dict[str, ast.expr] = {}
    text = issue_text.replace("\r\n", "\n")
    pieces = _SETTING.findall(text) + _SPAN.findall(text) + text.split("\n")     # a whole line's value wins
    for ln in pieces:
        ln = re.sub(r"^\s*(>>>|\.\.\.)\s?", "", ln).strip()
        if "=" not in ln or len(ln) > 2000:
            continue
        try:
            tree = ast.parse(ln)
        except UNPARSABLE:
            continue
        node = tree.body[0] if tree.body else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and _literal(node.value):
            values[node.targets[0].id] = node.value
    return values


def call_sites(frames: list[Frame], repo_paths: dict[str, str], files: list[str],
               read: Callable[[str], str | None], issue_text: str) -> list[CallSite]:
    """Scripts that call a repo function as a caller's frame shows, outermost caller first."""
    values = known_values(issue_text)
    codes = [f.code for f in frames if f.code]
    out: list[CallSite] = []
    for j in range(len(frames) - 1, 0, -1):
        caller, callee = frames[j], frames[j - 1]
        path = repo_path(callee, repo_paths)
        if not path or not caller.code or callee.function.startswith("<"):
            continue
        module = module_name(path, files)
        if module is None:
            continue
        owner = _enclosing_class(read(path), callee)
        for call in _calls(caller.code, owner[0] if callee.function == "__init__" and owner else callee.function):
            args = _arguments(call, values)
            if args is None:
                continue
            where = f"{(caller.file or '?').rsplit('/', 1)[-1]}:{caller.line}"
            for script in _scripts(module, callee.function, owner, call, args, codes, values):
                out.append(CallSite(f"{callee.function}(...) as called at {where}", script, callee.function))
    return list({c.script: c for c in out}.values())


def _scripts(module: str, function: str, owner: tuple[str, str] | None, call: ast.Call, args: str,
             codes: list[str], values: dict[str, ast.expr]) -> list[str]:
    if owner is None:
        return [f"from {module} import {function}\n\n{function}({args})\n"]
    cls, kind = owner
    head = f"from {module} import {cls}\n\n"
    if function == "__init__":
        return [head + f"{cls}({args})\n"]
    if kind in ("staticmethod", "classmethod"):
        return [head + f"{cls}.{function}({args})\n"]
    makers = []
    target = call.func.value if isinstance(call.func, ast.Attribute) else None
    if isinstance(target, ast.Call):
        made = _arguments(target, values)
        if made is not None:
            makers.append(f"{cls}({made})")
    for code in codes:                      # `obj = Cls(...)` on another frame's line
        for made_call in _calls(code, cls):
            made = _arguments(made_call, values)
            if made is not None:
                makers.append(f"{cls}({made})")
    makers.append(f"{cls}()")
    return [head + f"{m}.{function}({args})\n" for m in dict.fromkeys(makers)]


def _calls(code: str, name: str) -> list[ast.Call]:
    tree = _parse_line(code)
    if tree is None:
        return []
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and (
        isinstance(n.func, ast.Name) and n.func.id == name or
        isinstance(n.func, ast.Attribute) and n.func.attr == name)]


def _parse_line(code: str) -> ast.AST | None:
    text = code.strip()
    for attempt in (text, text + "\n    pass", re.sub(r"^(elif|else)\b", "if", text) + "\n    pass",
                    text.rstrip(":")):
        try:
            return ast.parse(attempt)
        except UNPARSABLE:
            continue
    return None


def _arguments(call: ast.Call, values: dict[str, ast.expr]) -> str | None:
    """The call's arguments as source, when each is a literal or a name the issue gives a literal for."""
    parts = []
    for arg in call.args:
        node = values.get(arg.id) if isinstance(arg, ast.Name) else arg
        if node is None or isinstance(arg, ast.Starred) or not _literal(node):
            return None
        parts.append(ast.unparse(node))
    for kw in call.keywords:
        node = values.get(kw.value.id) if isinstance(kw.value, ast.Name) else kw.value
        if kw.arg is None or node is None or not _literal(node):
            return None
        parts.append(f"{kw.arg}={ast.unparse(node)}")
    return ", ".join(parts)


def _literal(node: ast.expr) -> bool:
    try:
        ast.literal_eval(node)
        return True
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False


def _enclosing_class(source: str | None, frame: Frame) -> tuple[str, str] | None:
    """(class name, "method" | "staticmethod" | "classmethod") when the frame's function is a method."""
    if not source or not frame.line:
        return None
    try:
        tree = ast.parse(source)
    except UNPARSABLE:
        return None
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for fn in cls.body:
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name == frame.function \
                    and fn.lineno <= frame.line <= (fn.end_lineno or fn.lineno):
                kinds = [d.id for d in fn.decorator_list if isinstance(d, ast.Name)]
                kind = next((k for k in kinds if k in ("staticmethod", "classmethod")), "method")
                return cls.name, kind
    return None


def prose_calls(issue_text: str, frames: list[Frame], repo_paths: dict[str, str], files: list[str],
                read: Callable[[str], str | None]) -> list[CallSite]:
    """Calls the issue's words show with literal arguments (`croniter("* * R/0 * *")` in a sentence
    or an inline span) of a function or class the traceback's repository modules define: each as a
    script that makes that call."""
    text = issue_text.replace("\r\n", "\n")
    values = known_values(text)
    modules = []                                  # the report's repository modules, innermost first
    for f in frames:
        path = repo_path(f, repo_paths)
        if path and path not in modules:
            modules.append(path)
    for path in list(modules):                    # and their packages' __init__ (what `from pkg import x` reads)
        init = path.rsplit("/", 1)[0] + "/__init__.py" if "/" in path else None
        if init and init in files and init not in modules:
            modules.append(init)
    out: list[CallSite] = []
    for expr in dict.fromkeys(_CALL.findall(text)):
        try:
            call = ast.parse(expr.strip(), mode="eval").body
        except UNPARSABLE:
            continue
        if not isinstance(call, ast.Call) or not isinstance(call.func, (ast.Name, ast.Attribute)):
            continue
        name = call.func.id if isinstance(call.func, ast.Name) else call.func.attr
        if isinstance(call.func, ast.Attribute) and not isinstance(call.func.value, ast.Name):
            continue
        args = _arguments(call, values)
        if not args and not (call.args or call.keywords):
            continue
        if args is None:
            continue
        for path in modules:
            module = module_name(path, files)
            if module and name in _top_level_names(read(path)):
                out.append(CallSite(f"{name}(...) as the issue writes it: {expr[:80]}",
                                    f"from {module} import {name}\n\n{name}({args})\n", name))
                break
    return list({c.script: c for c in out}.values())


def _top_level_names(source: str | None) -> set[str]:
    if not source:
        return set()
    try:
        tree = ast.parse(source)
    except UNPARSABLE:
        return set()
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names)
    return names
