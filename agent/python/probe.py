"""Looking at the crash under pdb: stop at the guilty line, record locals and the line's values."""
from __future__ import annotations

import ast
import builtins
import keyword
import logging
import re
import shlex

from agent.limits import PDB_TIMEOUT
from agent import records
from agent.python.probe_facts import definitions, specials
from agent.records import Probe
from agent.judge.protect import is_test_path
from agent.reports.paths import map_to_repo
from agent.judge.testrun import is_pytest
from sandbox import Sandbox, SandboxError

log = logging.getLogger(__name__)

PROMPT = "(Pdb) "
BUILTINS = frozenset(dir(builtins))
WHERE_LINE = re.compile(r"^(>?)\s*(\S+?\.py)\((\d+)\)(\S+)\(\)", re.M)


def pdb_argv(command: str) -> list[str] | None:
    """The reproduction command turned into a command that stops in pdb at the crash."""
    argv = shlex.split(command)
    if not argv or argv[0] not in ("python", "python3"):
        return None
    if is_pytest(command):
        return argv + ["--pdb", "-x", "-q", "-p", "no:cacheprovider"]
    return [argv[0], "-m", "pdb", *argv[1:]]


def expressions(line: str) -> list[str]:
    """Names, attributes and subscripts on a source line: the values worth printing (no calls)."""
    text = line.strip()
    for attempt in (text, text + " pass", text.removesuffix(":")):
        try:
            tree = ast.parse(attempt)
            break
        except SyntaxError:
            continue
    else:
        return [w for w in re.findall(r"\b[A-Za-z_]\w*(?:\.\w+)*", text) if not keyword.iskeyword(w)][:8]
    seen: dict[str, None] = {}
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)) and not _has_call(node) \
                and id(node) not in called and not isinstance(node.ctx, ast.Store):   # what the line writes: not yet
            seen[ast.unparse(node)] = None
    return [e for e in seen if e not in ("True", "False", "None", "self") and not keyword.iskeyword(e)][:12]


def root_name(expr: str) -> str:
    m = re.match(r"[A-Za-z_]\w*", expr)
    return m.group(0) if m else ""


def loop_carried(source: str, line: int) -> dict[str, int]:
    """Names assigned later in the innermost loop around `line` (after it, in the body): at the crash,
    a value they hold was left by the previous iteration. Name -> the loop's first line."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    loops = [n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While, ast.AsyncFor))
             and n.lineno < line <= (n.end_lineno or n.lineno)]
    if not loops:
        return {}
    loop = max(loops, key=lambda n: n.lineno)
    carried = {}
    for stmt in loop.body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.lineno > line:
                carried[node.id] = loop.lineno
    return carried


def _bound(talk) -> set[str] | None:
    """The names bound in the current frame (its locals and globals; builtins are added by the caller)."""
    out = talk("p sorted(locals()) + sorted(globals())").strip()
    try:
        return set(ast.literal_eval(out))
    except (ValueError, SyntaxError):
        return None


def _has_call(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) for n in ast.walk(node))


def probe(sb: Sandbox, command: str, path: str, line: int, source_line: str, *,
          timeout: float = PDB_TIMEOUT, exception: str = "", files: list[str] | None = None) -> Probe:
    """Run `command` under pdb to the post-mortem, move to path:line, and print what is there; with
    the `exception` ("TypeError: ..."), the special method behind an interpreter-raised one, and for
    a failing assertion the functions it calls (agent/python/probe_facts.py)."""
    result = Probe(command=command)
    argv = pdb_argv(command)
    if argv is None:
        result.error = f"cannot run under pdb: {command}"
        return result
    try:
        session = sb.session(argv, PROMPT, timeout=timeout)
    except SandboxError as exc:
        result.error = f"pdb did not start: {exc}"
        return result
    try:
        talk = lambda cmd: records.talk(session, cmd, result, timeout)
        if "-m pdb" in " ".join(argv):
            talk("continue")                     # run to the uncaught exception: post-mortem
        where = talk("where")
        ups = _frames_above(where, path, line)
        if ups is None:
            result.error = f"{path}:{line} is not on the stack pdb shows"
            return result
        for _ in range(ups):
            talk("up")
        result.frame = f"{path}:{line}"
        result.locals = talk("p list(locals().items())")[:3000]
        bound = _bound(talk)
        carried = loop_carried(_read(sb, path), line)
        for expr in expressions(source_line):
            name = root_name(expr)
            if bound is not None and name not in bound and name not in BUILTINS:
                result.unbound.append(name)      # not assigned yet when the line crashed: no value to show
                continue
            value = talk(f"p {expr}").strip()[:500]
            if name in carried:
                value += f"   (left from the previous iteration of the loop at line {carried[name]})"
            result.values[expr] = value
        where = lambda filename: _repo_path(sb, filename, files)
        shown = [e for e, v in result.values.items() if not v.startswith("***")]
        result.specials = specials(talk, shown, exception, where)
        if exception.startswith("AssertionError") or source_line.strip().startswith("assert "):
            result.definitions = definitions(talk, source_line, where, lambda p: _read(sb, p), is_test_path)
    except SandboxError as exc:
        result.error = f"pdb session ended: {exc}"
    finally:
        session.close()
    return result


def _repo_path(sb: Sandbox, filename: str, files: list[str] | None) -> str | None:
    """A code object's file as a repository path (None: not a file of the repository)."""
    root = (getattr(sb, "workdir", "") or "/workspace").rstrip("/") + "/"
    if filename.startswith(root):
        return filename[len(root):]
    return map_to_repo(filename, files) if files else None


def _read(sb: Sandbox, path: str) -> str:
    try:
        return sb.read(path)
    except SandboxError:
        return ""


def _frames_above(where: str, path: str, line: int) -> int | None:
    """How many `up` commands from the current frame reach path:line (pdb `where` output)."""
    frames = WHERE_LINE.findall(where)
    current = next((i for i, f in enumerate(frames) if f[0] == ">"), len(frames) - 1)
    for i in range(current, -1, -1):
        _, file, lineno, _ = frames[i]
        if file.endswith(path) and int(lineno) == line:
            return current - i
    for i in range(current, -1, -1):
        if frames[i][1].endswith(path):
            return current - i
    return None
