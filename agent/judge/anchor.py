"""Is a traceback frame true of this tree? Its function is defined in the repository's file (at this
commit), and its line lies in that function. A report's frame that names a repository file but a
function the file does not define is the reporter's own code (their test file of the same name,
another version of the project): it anchors nothing. A run's frame whose line is not in the function
it names was compiled under the repository file's name by someone else: it shows nothing."""
from __future__ import annotations

import ast
from functools import lru_cache
from typing import Callable

from agent.reports.model import CrashReport, Frame

ANONYMOUS = {"<lambda>", "<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>"}
Reader = Callable[[str], "str | None"]


@lru_cache(maxsize=256)
def spans(text: str) -> dict[str, tuple[tuple[int, int], ...]]:
    """function name -> the (first, last) lines of each definition; `<module>` -> the whole file.
    Empty when the text does not parse (nothing can be checked then: see `defines`)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return {}
    found: dict[str, list[tuple[int, int]]] = {"<module>": [(1, max(1, text.count("\n") + 1))]}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found.setdefault(node.name, []).append((start, node.end_lineno or node.lineno))
    return {k: tuple(v) for k, v in found.items()}


def defines(text: str | None, function: str | None, line: int | None = None) -> bool | None:
    """Whether `text` defines `function` (and `line` lies in it, when given). None: cannot tell (no
    text, a file that does not parse, an anonymous function)."""
    if text is None or not function:
        return None
    known = spans(text)
    if not known or function in ANONYMOUS or function.startswith("<"):
        return None if function != "<module>" or not known else True
    where = known.get(function)
    if not where:
        return False
    return line is None or any(a <= line <= b for a, b in where)


def anchor(report: CrashReport, repo_paths: dict[str, str], read: Reader, mapped: Callable) -> tuple[int | None, list[str]]:
    """The index of the report's innermost frame that maps into the repository and whose function this
    tree defines, and the frames skipped on the way (named, for the record). `mapped(frame)` is the
    frame's repository path or None (agent/judge/match.py: repo_path)."""
    skipped = []
    for i, frame in enumerate(report.frames):
        path = mapped(frame)
        if not path:
            continue
        if defines(read(path), frame.function) is False:
            skipped.append(f"{frame.function} ({path}:{frame.line})")
            continue
        return i, skipped
    return None, skipped


def code_here(frame: Frame, path: str, read: Reader) -> tuple[int | None, str]:
    """The line of this tree where the frame's code is, and that code: the frame's own line when its
    text is the reported code (or no code was reported) and lies in its function; else the line of
    that function whose text is the reported code; (None, "") when the function is not here or its
    code is nowhere in it (the report comes from another version)."""
    text = read(path)
    if text is None or not frame.line:
        return None, ""
    lines = text.splitlines()
    ok = defines(text, frame.function, frame.line)
    want = " ".join((frame.code or "").split())
    at = lambda n: " ".join(lines[n - 1].split()) if 0 < n <= len(lines) else ""
    if ok is not False and (not want or at(frame.line) == want):
        return frame.line, lines[frame.line - 1] if frame.line <= len(lines) else ""
    if want and defines(text, frame.function) is not False:
        for a, b in spans(text).get(frame.function or "", ()):
            for n in range(a, b + 1):
                if at(n) == want:
                    return n, lines[n - 1]
    return None, ""
