"""What the pdb probe asks beyond the crashing line's values: the special method the interpreter called
when it raised the exception itself (`if t:` falling back to a `__len__` that returns None), and, for
a failing assertion, where the functions the assertion calls are defined, with their code."""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Callable

# (what the interpreter says, the special methods it was calling), most specific first
PROTOCOL: list[tuple[re.Pattern, tuple[str, ...]]] = [(re.compile(p), m) for p, m in [
    (r"__(\w+)__\(?\)? (?:should return|returned)", ()),            # names its method itself
    (r"__hash__ method should return an integer", ("__hash__",)),
    (r"cannot be interpreted as an integer", ("__len__", "__index__")),
    (r"iter\(\) returned non-iterator", ("__iter__",)),
    (r"argument of type .* is not iterable", ("__contains__", "__iter__")),
    (r"object is not iterable", ("__iter__", "__getitem__")),
    (r"object is not subscriptable", ("__getitem__",)),
    (r"does not support item assignment", ("__setitem__",)),
    (r"object is not callable", ("__call__",)),
    (r"unhashable type", ("__hash__", "__eq__")),
    (r"has no len\(\)", ("__len__",)),
    (r"not supported between instances of", ("__lt__", "__le__", "__gt__", "__ge__")),
    (r"does not support the context manager protocol|has no attribute '__enter__'", ("__enter__", "__exit__")),
]]
NO_ARGUMENT = {"__len__", "__bool__", "__index__", "__hash__", "__str__", "__repr__", "__int__", "__float__",
               "__iter__"}
TRUTH_TEST = re.compile(r"^\s*(?:if|elif|while|assert)\b|\bnot\b|\bbool\(|\band\b|\bor\b")
Talk = Callable[[str], str]


@dataclass(frozen=True)
class Special:
    """An object on the crashing line whose class defines the special method the interpreter called."""
    expr: str
    cls: str               # module.qualname
    method: str
    path: str              # where the method is defined (repo-relative when it is in the repository)
    line: int
    returned: str | None   # what the method returns for that object, when it takes no argument

    def text(self, exception: str, code: str) -> str:
        how = "its truth test (`bool`) calls" if self.method in ("__len__", "__bool__") and TRUTH_TEST.search(code) \
            else "the interpreter calls"
        got = f"; `{self.cls.rsplit('.', 1)[-1]}.{self.method}({self.expr})` returns {self.returned}" \
            if self.returned is not None else ""
        return (f"{exception} is raised by the interpreter, not by a line of code: `{self.expr}` is a {self.cls}, "
                f"and at `{code.strip()}` {how} its special method `{self.method}` (defined at "
                f"{self.path}:{self.line}){got}")


@dataclass(frozen=True)
class Definition:
    """A function the failing assertion calls: where it is defined, and its code."""
    expr: str
    name: str
    path: str
    start: int
    end: int
    code: str              # numbered lines

    def text(self) -> str:
        return f"the assertion calls `{self.expr}`, the function under test: {self.name} at " \
               f"{self.path}:{self.start}-{self.end}\n{self.code}"


def involved(exception: str) -> tuple[str, ...]:
    """The special methods an interpreter-raised message points at (none: not such a message)."""
    for pattern, methods in PROTOCOL:
        m = pattern.search(exception)
        if m:
            return methods or (f"__{m.group(1)}__",)
    return ()


def specials(talk: Talk, exprs: list[str], exception: str, where: Callable[[str], str | None]) -> list[Special]:
    """For each value on the line whose class defines (in Python) a method the message points at."""
    methods = involved(exception)
    found: list[Special] = []
    for expr in exprs if methods else []:
        got = _literal(talk(f"p (lambda c: (c.__module__, c.__qualname__, [(m, f.__code__.co_filename, "
                            f"f.__code__.co_firstlineno) for m in {list(methods)!r} for f in [getattr(c, m, None)] "
                            f"if hasattr(f, '__code__')]))(type({expr}))"))
        if not got or not got[2]:
            continue
        module, qualname, defined = got
        method, filename, line = defined[0]
        returned = talk(f"p type({expr}).{method}({expr})").strip()[:200] if method in NO_ARGUMENT else None
        found.append(Special(expr, f"{module}.{qualname}", method, where(filename) or filename, line, returned))
    return found


def callees(line: str) -> list[str]:
    """The functions a source line calls, as written (`half`, `cache.get`), without nested calls."""
    try:
        tree = ast.parse(line.strip())
    except SyntaxError:
        return []
    calls = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call)), key=lambda n: n.col_offset)
    names = [ast.unparse(n.func) for n in calls if isinstance(n.func, (ast.Name, ast.Attribute))
             and not any(isinstance(x, ast.Call) for x in ast.walk(n.func))]
    return [n for n in dict.fromkeys(names) if n not in ("len", "isinstance", "str", "repr", "type", "list", "dict",
                                                          "set", "tuple", "sorted", "int", "float", "bool", "print")]


def definitions(talk: Talk, line: str, where: Callable[[str], str | None],
                read: Callable[[str], str], skip: Callable[[str], bool]) -> list[Definition]:
    """The repository functions the line calls (not in files `skip` names, e.g. tests), with their code."""
    out: list[Definition] = []
    for expr in callees(line):
        got = _literal(talk(f"p (lambda f: (getattr(f, '__qualname__', ''), f.__code__.co_filename, "
                            f"f.__code__.co_firstlineno))(__import__('inspect').unwrap(getattr({expr}, '__func__', {expr})))"))
        path = where(got[1]) if got else None
        if not path or skip(path):
            continue
        span = _span(read(path), got[2])
        if span:
            lines = read(path).splitlines()[span[0] - 1: min(span[1], span[0] + 39)]
            code = "\n".join(f"{n:5} {text}" for n, text in enumerate(lines, span[0]))
            out.append(Definition(expr, got[0], path, span[0], span[1], code))
    return out


def _span(source: str, first: int) -> tuple[int, int] | None:
    """The lines of the function whose code starts at `first` (its `def`, or its first decorator)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([n.lineno, *(d.lineno for d in n.decorator_list)])
            if first in (start, n.lineno):
                return start, n.end_lineno or n.lineno
    return None


def _literal(text: str):
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, tuple) and len(value) == 3 else None
