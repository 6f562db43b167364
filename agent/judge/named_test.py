"""Rung 2: the test the issue (or the failing baseline) names, run exactly: that node and nothing else."""
from __future__ import annotations

import ast
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
    """`command` for several nodes (each run once)."""
    base = test_cmd if test_cmd and is_pytest(test_cmd) else DEFAULT_PYTEST
    try:
        words = shlex.split(base)
    except ValueError:
        words = base.split()
    dirs = {f.rsplit("/", i)[0] for f in files for i in range(1, f.count("/") + 1)}
    selects = lambda w: w.removeprefix("./").split("::")[0].rstrip("/") in set(files) | dirs
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
    return " ".join(shlex.quote(w) for w in [*kept, *dict.fromkeys(nodes)])


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
