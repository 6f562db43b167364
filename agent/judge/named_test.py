"""Rung 2: the test the issue (or the failing baseline) names, run exactly: that node and nothing else."""
from __future__ import annotations

import ast
import posixpath
import re
import shlex
from typing import Callable

from agent.reports.model import CrashReport
from agent.reports.paths import map_to_repo
from agent.judge.protect import is_test_path
from agent.judge.testrun import TestOutcome, is_pytest, node_id

# `tests/test_x.py::TestA::test_b[a b-1]`: the id ends at the closing bracket of its parameters
NODE = re.compile(r"(?<![\w/.-])([\w./-]+\.py(?:::[A-Za-z_]\w*)+(?:\[[^\]\n`<>|\\]*\])?)")
DEFAULT_PYTEST = "python -m pytest -q"
DESELECT = ("-k", "-m")                 # pytest options whose expression could deselect the node
# pytest options (and common plugins') whose value is the next word: a path there is the option's
# (`--deselect tests/x.py::t`, `--ignore tests/slow`, `-c tox.ini`), not a selection; kept with it
TAKES_VALUE = frozenset((
    "--deselect", "--ignore", "--ignore-glob", "-p", "--rootdir", "-c", "--config-file", "--confcutdir",
    "--basetemp", "-o", "--override-ini", "--junitxml", "--junit-xml", "--junit-prefix", "--log-file",
    "--log-level", "--log-cli-level", "--log-format", "--cache-dir", "--import-mode", "--tb", "-W",
    "--pythonwarnings", "--maxfail", "--durations", "--durations-min", "--capture", "--debug",
    "--cov", "--cov-config", "--cov-report", "--cov-fail-under", "-n", "--numprocesses", "--dist",
    "--timeout", "--reruns", "--doctest-glob", "--rootdir", "--color", "--code-highlight", "-r",
    "--assert", "--show-capture", "--log-cli-format", "--log-date-format", "--log-file-level"))


def node_ids(report: CrashReport, issue_text: str, repo_paths: dict[str, str], files: list[str],
             read: Callable[[str], str | None], baseline: TestOutcome | None = None) -> list[str]:
    """Node ids, most specific first: those the issue spells, the report's test frames (with their
    class), then the baseline's failures that carry the reported exception."""
    nodes: list[str] = []
    for raw in NODE.findall(issue_text):
        path, _, rest = raw.partition("::")
        mapped = map_to_repo(path, files) if files else path
        if mapped and mapped.endswith(path.rsplit("/", 1)[-1]):
            nodes.append(f"{mapped}::{rest}")
    for frame in report.frames:
        path = repo_paths.get(frame.file or "")
        if path and is_test_path(path) and frame.function.startswith("test"):
            owner = enclosing_class(read(path), frame.function, frame.line)
            nodes.append("::".join([path, *([owner] if owner else []), frame.function]))
    if baseline and files:
        want = report.type.rsplit(".", 1)[-1]
        for name in sorted(baseline.failed):
            node = node_id(name, files)
            if node and want in baseline.messages.get(name, ""):
                nodes.append(node)
    return list(dict.fromkeys(nodes))


def command(test_cmd: str | None, node: str, files: list[str]) -> str:
    """The test command narrowed to one node, run alone: the paths and nodes the command already
    selects (`./` or not) and its `-k`/`-m` expressions are dropped, its other options kept."""
    return narrowed(test_cmd, [node], files)


def narrowed(test_cmd: str | None, nodes: list[str], files: list[str]) -> str:
    """`command` for several nodes (each run once). Only the test runner's own part is narrowed: what
    comes before it (`export COVERAGE_FILE=...;`, `VAR=value`, `cd pkg &&`) and after it is kept as
    written, and a node is given from the folder the runner runs in."""
    base = test_cmd if test_cmd and is_pytest(test_cmd) else DEFAULT_PYTEST
    head, runner, tail = runner_part(base)
    env = re.match(r"(?:[A-Za-z_]\w*=(?:'[^']*'|\"[^\"]*\"|[^\s'\"]*)\s+)*", runner)
    head, runner = head + runner[:env.end()], runner[env.end():]
    try:
        words = shlex.split(runner)
    except ValueError:
        words = runner.split()
    here = _folder(head)
    at = lambda w: posixpath.normpath(posixpath.join(here, w.removeprefix("./"))) if here else w.removeprefix("./")
    dirs = {f.rsplit("/", i)[0] for f in files for i in range(1, f.count("/") + 1)}
    selects = lambda w: at(w.split("::")[0]).rstrip("/") in set(files) | dirs
    kept: list[str] = []
    skip = value = False
    for i, w in enumerate(words):       # a selection (a path, a node, -k/-m EXPR) would add or drop tests
        interpreter = i > 0 and re.fullmatch(r"python[\d.]*", words[i - 1].rsplit("/", 1)[-1])
        if value:                       # the value of the option before it (a path there is no selection)
            kept.append(w)
            value = False
            continue
        if skip or (w[:2] in DESELECT and not interpreter):
            skip = w in DESELECT and not skip
            continue
        if w in TAKES_VALUE and not interpreter:
            value = True
            kept.append(w)
            continue
        if w.startswith("-") or not selects(w):
            kept.append(w)
    up = "../" * len([p for p in here.split("/") if p not in ("", ".")]) if here else ""
    return head + " ".join(shlex.quote(w) for w in [*kept, *(up + n for n in dict.fromkeys(nodes))]) + tail


def runner_part(cmd: str) -> tuple[str, str, str]:
    """(what runs before the test runner, the runner's own part, what runs after it), split at the shell's
    top-level `;`, `&&`, `||` and newlines: `export X=1; cd pkg && python -m pytest -q` gives
    ("export X=1; cd pkg && ", "python -m pytest -q", "")."""
    cuts, quote, i = [], "", 0
    while i < len(cmd):
        c = cmd[i]
        if quote:
            quote = "" if c == quote else quote
        elif c == "\\":
            i += 1
        elif c in "'\"":
            quote = c
        elif cmd.startswith(("&&", "||"), i):
            cuts.append((i, i + 2))
            i += 1
        elif c in ";\n":
            cuts.append((i, i + 1))
        i += 1
    bounds = [0] + [end for _, end in cuts]
    ends = [start for start, _ in cuts] + [len(cmd)]
    for start, end in zip(bounds, ends):
        if is_pytest(cmd[start:end]):
            lead = len(cmd[start:end]) - len(cmd[start:end].lstrip())
            trail = len(cmd[start:end].rstrip())
            return cmd[:start + lead], cmd[start + lead:start + trail], cmd[start + trail:]
    return "", cmd, ""


def _folder(head: str) -> str:
    """The folder a `cd DIR &&` (or `cd DIR;`) before the runner moves to ("" when none)."""
    found = re.findall(r"(?:^|[;&|\n]\s*)cd\s+([\w./-]+)\s*(?:&&|;|\n)", head)
    return found[-1].strip("/") if found else ""


def enclosing_class(source: str | None, function: str, line: int | None) -> str | None:
    if not source or not line:
        return None
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        for fn in cls.body:
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name == function \
                    and fn.lineno <= line <= (fn.end_lineno or fn.lineno):
                return cls.name
    return None
