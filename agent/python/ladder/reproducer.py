"""Rung 5 of the reproduction ladder: the research agent's reproduction phase writes a new test file,
and crashfix accepts it only when it fails with the reported signature on the unpatched tree.

The phase's loop: agent/research/reproduction.py (one trajectory, its own sandbox, its own step
allowance). The model proposes; `checker` decides (agent/judge/match.py, the
same rule as rungs 1–4). The accepted test is then re-checked in the run's sandbox, becomes the
reproduction command (its failing node only) and the regression test, as a rung 1–4 reproducer does.
"""
from __future__ import annotations

import logging
from typing import Callable

# the phase's loop (shared with C), as this module has always offered it
from agent.research.reproduction import ReproOutcome, ReproTrajectory, find_reproducer  # noqa: F401
from agent.judge.match import matches, repo_frame
from agent.judge.named_test import command as node_command
from agent.reports.model import CrashReport
from agent.records import Attempt, RegressionTest, Reproduction, confirm, furnish
from agent.judge.testrun import node_id, run_tests
from agent.research.tools.reproducer import Check
from sandbox import ExecResult, Sandbox

log = logging.getLogger(__name__)

RUNG = 5
Checker = Callable[[Sandbox, str], Check]


def target(report: CrashReport, repo_paths: dict[str, str]) -> str:
    """The signature a reproducer must show, in words (the model's target; the checker's rule)."""
    frame = repo_frame(report, repo_paths)
    where = f", raised through `{frame.function}` ({repo_paths[frame.file]})" if frame else ""
    return f"{report.type}{where}"


def checker(report: CrashReport, repo_paths: dict[str, str], files: list[str], test_cmd: str | None,
            timeout: float) -> Checker:
    """crashfix's check of a candidate reproducer: the file fails with the reported crash, and so does
    one of its failing tests run alone (that node is the reproduction command)."""
    def check(sb: Sandbox, path: str) -> Check:
        known = [*files, path]
        read = repo_reader(sb, files)
        whole = node_command(test_cmd, path, known) + " --tb=native"
        out = run_tests(sb, whole, timeout=timeout)
        seen = matches(report, failures(out), repo_paths, known, read)
        if not seen.hit:
            return Check(path, whole, False, seen.why, out.exit_code, out.output)
        for name in sorted(out.failed):
            cmd = node_command(test_cmd, node_id(name, known) or name, known) + " --tb=native"
            one = run_tests(sb, cmd, timeout=timeout)
            alone = matches(report, failures(one), repo_paths, known, read)
            if alone.hit:
                return Check(path, cmd, True, alone.why, one.exit_code, one.output)
        return Check(path, whole, False, "the file fails as reported, but none of its tests does when run alone",
                     out.exit_code, out.output)
    return check


def failures(out) -> ExecResult:
    """A pytest run as the failures its junit report holds (the tracebacks pytest itself recorded),
    not what the tests printed: a reproducer cannot show the crash by printing a traceback. Runs
    without a junit report are judged on their output."""
    if not out.messages:
        return ExecResult(out.exit_code, out.output, out.timed_out, out.duration)
    text = "\n".join(f"____ {name} ____\n{msg}" for name, msg in sorted(out.messages.items()))
    return ExecResult(out.exit_code, text, out.timed_out, out.duration)


def repo_reader(sb: Sandbox, files: list[str]) -> Callable[[str], str | None]:
    """The repository's own files as the sandbox holds them (a reproducer may not change them)."""
    known = set(files)

    def read(path: str) -> str | None:
        if path not in known:
            return None
        try:
            return sb.read(path)
        except Exception:  # noqa: BLE001 -- not readable: nothing to check against
            return None
    return read


def settle(rep: Reproduction, found: ReproOutcome, sb: Sandbox, report: CrashReport, repo_paths: dict[str, str],
           files: list[str], *, tries: int, timeout: float) -> None:
    """Record rung 5's checks as attempts; an accepted reproducer joins the run's sandbox (its snapshot,
    so diffs and resets keep it), is checked there again and becomes the reproduction."""
    for c in found.checks:
        rep.attempts.append(Attempt(f"research agent's reproducer {c.path}", c.command, c.hit, c.exit_code,
                                    c.output[-2000:], RUNG, c.why))
    if not found.checks:
        rep.attempts.append(Attempt("research agent (reproduction phase)", "(no reproducer was checked)", False, 0,
                                    "", RUNG, f"{found.status}: {found.reason or found.error or 'nothing written'}"))
    if found.found is None:
        return
    test = RegressionTest(found.found.path, found.found.text)
    furnish(sb, test, found.found.command)
    res = sb.run(found.found.command, timeout=timeout)
    seen = matches(report, res, repo_paths, [*files, test.path])
    how = f"research agent's reproducer {test.path}"
    if not seen.hit:
        rep.attempts.append(Attempt(f"{how}, in the run's sandbox", found.found.command, False, res.exit_code,
                                    res.output[-2000:], RUNG, seen.why))
        return
    confirm(rep, sb, how, found.found.command, seen.got, res,
            lambda again: matches(report, again, repo_paths, [*files, test.path]).hit, tries=tries, timeout=timeout)
    rep.rung, rep.regression_test, rep.patch = RUNG, test, test.patch
