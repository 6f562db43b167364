"""Rung 4: a seeded search, no LLM. Record the arguments the existing tests pass to the traceback's repo
functions, then call those functions with values around them (and the issue's literals) until one
raises the reported exception at the reported line. Budgeted in seconds and calls; deterministic."""
from __future__ import annotations

import ast
import json
import logging
import re
import time
from dataclasses import dataclass

from agent.python.environment.timeouts import search_timeout
from agent.python.ladder.callsite import module_name
from agent.judge.match import repo_path
from agent.python.ladder.plan import Trial
from agent.python.ladder.regression import PRELUDE
from agent.python.ladder.search_script import SEARCH, TRACER
from agent.reports.model import CrashReport
from agent.judge.testrun import SCRATCH, TestOutcome, is_pytest
from agent.python.environment.timeouts import ALARM_MARGIN
from agent.judge.named_test import narrowed
from agent.judge.testorder import near_tests
from sandbox import Sandbox

log = logging.getLogger(__name__)

SEED = 20261123
MAX_CALLS = 5000
MAX_LITERALS = 40


@dataclass(frozen=True)
class Outcome:
    found: dict | None
    calls: int
    seconds: float


def issue_literals(issue_text: str) -> list:
    """Strings and numbers the issue spells: quoted strings, numbers, and `inline code` spans."""
    found: list = []
    for m in re.finditer(r"""(?<![\w\\])(['"])([^'"\n]{0,80})\1|(?<![\w.])(-?\d+(?:\.\d+)?)(?![\w.])""", issue_text):
        try:
            found.append(ast.literal_eval(m.group(0)))
        except (ValueError, SyntaxError):
            continue
    found += [span.strip() for span in re.findall(r"(?<!`)`([^`\n]{1,80})`(?!`)", issue_text)]
    return list(dict.fromkeys(v for v in found if isinstance(v, (str, int, float))))[:MAX_LITERALS]


def user_text(report: CrashReport, repo_paths: dict[str, str], issue_text: str) -> str:
    """The issue without the source lines of its repo frames: the project's own code holds no input."""
    for frame in report.frames:
        if frame.code and repo_path(frame, repo_paths):
            issue_text = issue_text.replace(frame.code, "")
    return issue_text


def targets(report: CrashReport, repo_paths: dict[str, str], files: list[str]) -> list[list]:
    """[module, function, repo path, line, exception] for each repo frame, innermost first. A frame whose
    line is a `raise` statement is left out: raising there on a bad argument is that function's contract,
    so the input to find is its caller's."""
    out = []
    for frame in report.frames:
        path = repo_path(frame, repo_paths)
        module = module_name(path, files) if path else None
        deliberate = (frame.code or "").lstrip().startswith("raise ")
        if module and frame.line and frame.function.isidentifier() and not deliberate:
            out.append([module, frame.function, path, frame.line, report.type.rsplit(".", 1)[-1]])
    return out


TRACE_SECONDS = 10.0     # a longer baseline suite is traced only in the test files near the targets
MIN_SEARCH = 4.0         # seconds a traced run needs to be worth starting


@dataclass(frozen=True)
class SearchRun:
    command: str
    exit_code: int
    output: str
    calls: int
    seconds: float
    trials: list[Trial]          # the call found, as a rung-4 trial (empty: nothing in the budget)


def run(sb: Sandbox, report: CrashReport, repo_paths: dict[str, str], files: list[str],
        issue_text: str, test_cmd: str | None, *, seconds: float, timeout: float,
        baseline: TestOutcome | None = None, deadline: float | None = None) -> SearchRun | None:
    """Trace the tests, then search; None when the traceback has no repo function to call. With a
    `deadline` (time.monotonic()), the traced run and the search both end by then: a suite longer
    than TRACE_SECONDS is traced only in its test files that import the targets' modules."""
    wanted = targets(report, repo_paths, files)
    if not wanted:
        return None
    left = lambda: deadline - time.monotonic() if deadline is not None else float("inf")
    if test_cmd and is_pytest(test_cmd) and left() > MIN_SEARCH:
        plugin = f"TARGETS = {[[t[2], t[1]] for t in wanted]!r}\nLIMIT = 40\nKEEP = \"first\"\nSEEDS_FILE = \"seeds.pkl\"\n" + TRACER
        sb.write(f"{SCRATCH}/crashfix_trace.py", plugin)
        cmd = test_cmd
        if baseline is not None and baseline.duration > TRACE_SECONDS:
            near = near_tests(sb.read, baseline, [t[2] for t in wanted], files)
            cmd = narrowed(test_cmd, near, files) if near else cmd
        traced = sb.run(f"PYTHONPATH={SCRATCH}${{PYTHONPATH:+:$PYTHONPATH}} {cmd} -p crashfix_trace",
                        timeout=min(timeout, max(left() / 2, MIN_SEARCH)))
        log.info("search: traced the tests (exit %s, %.1f s)", traced.exit_code, traced.duration)
    seconds = max(min(seconds, left() - ALARM_MARGIN), 1.0)
    head = (f"TARGETS = {wanted!r}\nLITERALS = {issue_literals(user_text(report, repo_paths, issue_text))!r}\n"
            f"SECONDS = {seconds!r}\nCALLS = {MAX_CALLS}\nSEED = {SEED}\n")
    sb.write(f"{SCRATCH}/crashfix_search.py", PRELUDE + head + SEARCH)
    command = f"python {SCRATCH}/crashfix_search.py"
    res = sb.run(command, timeout=search_timeout(seconds, baseline, timeout))
    outcome = _outcome(res.output)
    log.info("search: %s calls in %.1f s, found %s", outcome.calls, outcome.seconds, outcome.found)
    call = _call(outcome.found) if outcome.found else None
    found = [] if call is None else [Trial(
        4, f"search: {call[1]} ({outcome.calls} calls, {outcome.seconds:.1f} s)", f"python {SCRATCH}/rung4_0.py",
        call[0], f"{SCRATCH}/rung4_0.py", outcome.found["function"])]
    return SearchRun(command, res.exit_code, res.output, outcome.calls, outcome.seconds, found)


def _outcome(output: str) -> Outcome:
    m = re.search(r"^CRASHFIX-SEARCH (\{.*\})\s*$", output, re.M)
    if not m:
        return Outcome(None, 0, 0.0)
    try:
        data = json.loads(m.group(1))
    except json.JSONDecodeError:
        return Outcome(None, 0, 0.0)
    found = data.get("found")
    return Outcome(found if isinstance(found, dict) else None, int(data.get("calls") or 0),
                   float(data.get("seconds") or 0.0))


def _call(found: dict) -> tuple[str, str] | None:
    """The found call as a script, when every argument's repr is a literal (sandbox output is untrusted:
    nothing in it is ever evaluated here, only checked to be a literal and copied)."""
    module, function, args = found.get("module"), found.get("function"), found.get("args")
    if not (isinstance(module, str) and isinstance(function, str) and isinstance(args, dict)):
        return None
    if not all(p.isidentifier() for p in module.split(".")) or not function.isidentifier():
        return None
    parts = []
    for key, text in args.items():
        if not (isinstance(key, str) and key.isidentifier() and isinstance(text, str)):
            return None
        try:
            ast.literal_eval(text)
            text = ast.unparse(ast.parse(text, mode="eval").body)    # re-rendered: no comment or line break of its own
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None
        parts.append(f"{key}={text}")
    call = f"{function}({', '.join(parts)})"
    return f"from {module} import {function}\n\n{call}\n", call
