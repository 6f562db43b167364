"""What each rung will run: the trials, in order, built from the issue, the report and the repository."""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import Callable

from agent.python.ladder import callsite, entrypoints, snippets
from agent.judge import named_test
from agent.judge.match import repo_path
from agent.reports.model import CrashReport
from agent.reports.paths import map_to_repo
from agent.judge.protect import is_test_path
from agent.judge.testrun import SCRATCH, TestOutcome

MAX_PER_RUNG = 8
Reader = Callable[[str], "str | None"]


@dataclass(frozen=True)
class Trial:
    rung: int             # 1 what the issue shows, 2 the named test, 3 the traceback's call sites, 4 search
    how: str              # what was tried, for the record (the shown command, the call rebuilt)
    command: str
    script: str | None = None     # Python run in-process (written to `path`); it becomes the regression test
    path: str | None = None
    function: str | None = None   # the repo function the script calls, when it names one


def _script(rung: int, i: int, how: str, script: str, function: str | None = None) -> Trial:
    path = f"{SCRATCH}/rung{rung}_{i}.py"
    return Trial(rung, _short(how, 240), f"python {path}", script, path, function)


def _short(text: str, n: int = 160) -> str:
    """Issue text shown in a record: one line, no backticks or markup brackets, capped."""
    one = " ".join(re.sub(r"[`<>\[\]|\\]", "'", text).split())
    return one if len(one) <= n else one[: n - 1] + "…"


def rung1(issue_text: str, files: list[str], read: Reader) -> list[Trial]:
    """The issue's Python blocks and `>>>` sessions as scripts; its command lines that call the
    project's own entry points, run in-process."""
    eps = entrypoints.entry_points(read, files)
    out: list[Trial] = []
    for snip in snippets.extract(issue_text):
        if snip.kind == "python":
            out.append(_script(1, len(out), f"issue {snip.origin}", snip.text))
            continue
        script = entrypoints.command_script(snip.text, eps, files, lambda p: _typed_path(p, files))
        if script:
            out.append(_script(1, len(out), f"issue command: {_short(snip.text)}", script))
    return out[:MAX_PER_RUNG]


def _typed_path(typed: str, files: list[str]) -> str | None:
    """A script path as the user typed it, when it names a repo file (a relative path, not one elsewhere)."""
    found = map_to_repo(typed, files)
    return found if found and found.endswith(typed.removeprefix("./")) else None


def rung2(report: CrashReport, issue_text: str, test_cmd: str | None, repo_paths: dict[str, str],
          files: list[str], read: Reader, baseline: TestOutcome | None) -> list[Trial]:
    nodes = named_test.node_ids(report, issue_text, repo_paths, files, read, baseline)
    return [Trial(2, _short(f"named test {node}", 240), named_test.command(test_cmd, node, files))
            for node in nodes[:MAX_PER_RUNG]]


def rung3(report: CrashReport, repo_paths: dict[str, str], files: list[str], read: Reader,
          issue_text: str) -> list[Trial]:
    """Each repo function called with the arguments its caller's line shows; a repo script that is
    the traceback's outermost frame, run as a script."""
    sites = callsite.call_sites(report.frames, repo_paths, files, read, issue_text)[:MAX_PER_RUNG]
    said = [c for c in callsite.prose_calls(issue_text, report.frames, repo_paths, files, read)
            if c.script not in {s.script for s in sites}][:MAX_PER_RUNG]
    out = [_script(3, i, f"call site: {c.label}", c.script, c.function) for i, c in enumerate(sites)]
    out += [_script(3, len(out) + i, f"issue prose: {c.label}", c.script, c.function) for i, c in enumerate(said)]
    outer = report.frames[-1] if report.frames else None
    path = repo_path(outer, repo_paths) if outer and outer.function == "<module>" else None
    if path and not is_test_path(path):
        out.append(Trial(3, f"the traceback's outermost frame, a repo script: {path}", f"python {shlex.quote(path)}"))
    return out


SUITE = "test suite"


def suite(test_cmd: str | None) -> list[Trial]:
    """Last resort: the whole test suite (recorded as rung 2: the repository's tests)."""
    return [Trial(2, SUITE, test_cmd)] if test_cmd else []
