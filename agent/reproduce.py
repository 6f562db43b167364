"""Reproducing a reported crash in the sandbox, and deciding whether output shows the same crash."""
from __future__ import annotations

import logging
import re
import shlex
from dataclasses import asdict, dataclass, field
from typing import Callable

from agent.reports.model import CrashReport
from agent.protect import is_test_path
from agent.signature import base_type, crash_gone, same_crash  # noqa: F401 - crash_gone is re-exported
from agent.testrun import SCRATCH, TestOutcome, ensure_scratch, is_pytest, node_id
from sandbox import ExecResult, Sandbox

log = logging.getLogger(__name__)

PYTEST_NODE = re.compile(r"^(?:FAILED|ERROR)\s+(\S+\.py::\S+)", re.M)
SHELL_LINE = re.compile(r"^\s*\$\s+(.+)$", re.M)


@dataclass
class Attempt:
    how: str                  # "failing test", "reproducer snippet", "script", "test suite"
    command: str
    reproduced: bool
    exit_code: int
    output_tail: str


@dataclass
class Reproduction:
    command: str | None = None
    how: str | None = None
    tries: int = 0
    crashed: int = 0
    attempts: list[Attempt] = field(default_factory=list)
    observed: CrashReport | None = None     # the crash as the sandbox printed it
    seconds: float = 0.0                    # the slowest run of the reproduction command

    @property
    def reproduced(self) -> bool:
        return self.crashed > 0

    @property
    def flaky(self) -> bool:
        return 0 < self.crashed < self.tries

    def to_dict(self) -> dict:
        return {"command": self.command, "how": self.how, "tries": self.tries, "seconds": round(self.seconds, 3),
                "crashed": self.crashed, "reproduced": self.reproduced, "flaky": self.flaky,
                "attempts": [asdict(a) for a in self.attempts]}


def candidate_commands(report: CrashReport, issue_text: str, test_cmd: str | None,
                       repo_paths: dict[str, str], baseline: TestOutcome | None = None,
                       files: list[str] | None = None) -> list[tuple[str, str]]:
    """(how, command) pairs to try, most specific first.

    repo_paths maps each report frame's file to its path in the repo (only the mapped ones);
    baseline is the test suite run before anything changed: its failures with the reported
    exception are the failing tests to try first after the ones the report names.
    """
    cmds: list[tuple[str, str]] = []
    if test_cmd and is_pytest(test_cmd):
        nodes = list(dict.fromkeys(PYTEST_NODE.findall(issue_text)))
        for frame in report.frames:
            path = repo_paths.get(frame.file or "")
            if path and is_test_path(path) and frame.function.startswith("test"):
                nodes.append(f"{path}::{frame.function}")
        if baseline and files:
            want = base_type(report.type)
            for name in sorted(baseline.failed):
                node = node_id(name, files)
                if node and want in baseline.messages.get(name, ""):
                    nodes.append(node)
        for node in dict.fromkeys(nodes):
            path, _, name = node.partition("::")
            path = repo_paths.get(path, _suffix_lookup(path, repo_paths) or path)
            cmds.append(("failing test", f"{test_cmd} {shlex.quote(path + '::' + name)}"))
            cmds.append(("failing test", f"{test_cmd} {shlex.quote(path)} -k {shlex.quote(name.split('::')[-1])}"))
    for i, snippet in enumerate(report.reproducers):
        if _looks_like_python(snippet):
            cmds.append(("reproducer snippet", f"python {SCRATCH}/repro_{i}.py"))
        for line in SHELL_LINE.findall(snippet):
            cmds.append(("reproducer command", line.strip()))
    outer = [f for f in report.frames if f.function == "<module>" and repo_paths.get(f.file or "")]
    for frame in outer[-1:]:
        path = repo_paths[frame.file]
        if not is_test_path(path):
            cmds.append(("script", f"python {shlex.quote(path)}"))
    if test_cmd:
        cmds.append(("test suite", test_cmd))
    return list(dict.fromkeys(cmds))


def reproduce(sb: Sandbox, report: CrashReport, issue_text: str, test_cmd: str | None,
              repo_paths: dict[str, str], *, baseline: TestOutcome | None = None,
              files: list[str] | None = None, tries: int = 3, timeout: float = 120) -> Reproduction:
    ensure_scratch(sb)
    for i, snippet in enumerate(report.reproducers):
        if _looks_like_python(snippet):
            sb.write(f"{SCRATCH}/repro_{i}.py", snippet)
    rep = Reproduction()
    for how, cmd in candidate_commands(report, issue_text, test_cmd, repo_paths, baseline, files):
        log.info("reproducing by %s: %s", how, cmd)
        res = sb.run(cmd, timeout=timeout)
        hit, got = same_crash(report, res)
        rep.attempts.append(Attempt(how, cmd, hit, res.exit_code, res.output[-2000:]))
        if not hit:
            continue
        confirm(rep, sb, how, cmd, got, res, lambda again: same_crash(report, again)[0],
                tries=tries, timeout=timeout)
        return rep
    return rep


def confirm(rep: Reproduction, sb: Sandbox, how: str, cmd: str, got: CrashReport | None, first: ExecResult,
            matches: Callable[[ExecResult], bool], *, tries: int, timeout: float) -> None:
    """Record the command that crashed and run it `tries - 1` more times to count how often it does."""
    rep.command, rep.how, rep.observed = cmd, how, got
    rep.tries, rep.crashed, rep.seconds = 1, 1, first.duration
    for _ in range(tries - 1):
        again = sb.run(cmd, timeout=timeout)
        rep.tries += 1
        rep.crashed += matches(again)
        rep.seconds = max(rep.seconds, again.duration)


def _suffix_lookup(path: str, repo_paths: dict[str, str]) -> str | None:
    for user_path, repo_path in repo_paths.items():
        if user_path.endswith(path) or repo_path.endswith(path):
            return repo_path
    return None


def _looks_like_python(snippet: str) -> bool:
    if SHELL_LINE.search(snippet) or "Traceback (most recent call last)" in snippet:
        return False
    return bool(re.search(r"^\s*(import|from)\s+\w+|^\s*\w+\s*=|^\s*\w+\(", snippet, re.M))
