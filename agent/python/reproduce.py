"""Reproducing a reported crash in the sandbox, and deciding whether output shows the same crash."""
from __future__ import annotations

import logging
import re
from dataclasses import replace
import shlex
import time
from typing import Callable

from agent.judge import named_test
from agent.python.ladder import plan, regression, search
from agent.judge.expectations import Expectation
from agent.python.environment.timeouts import ALARM_MARGIN, script_alarm
from agent.judge.match import matches, repo_frame
from agent.python.ladder.plan import Trial
from agent.python.ladder.regression import PRELUDE, alarm
from agent.python.ladder.conventions import Conventions, conventions
from agent.records import Attempt, RegressionTest, Reproduction, confirm
from agent.reports.model import CrashReport
from agent.judge.signature import is_hang
from agent.judge.testrun import SCRATCH, TestOutcome, ensure_scratch, is_pytest
from sandbox import ExecResult, Sandbox

log = logging.getLogger(__name__)

SCRIPT_TIMEOUT = 60.0      # an issue's snippet that serves or waits must not hold the run for `timeout`
SEARCH_SECONDS = 20.0      # rung 4's budget for calls (the traced test run is bounded by `timeout`)
LADDER_SECONDS = 25.0      # the ladder after the baseline: rung 4 (traced run + search) ends by then


def reproduce(sb: Sandbox, report: CrashReport, issue_text: str, test_cmd: str | None,
              repo_paths: dict[str, str], *, baseline: TestOutcome | None = None,
              files: list[str] | None = None, tries: int = 3, timeout: float = 120,
              search_seconds: float = SEARCH_SECONDS, expect: Expectation | None = None) -> Reproduction:
    """Climb the ladder (docs/reproduction.md): the issue's own snippets and commands, the named test,
    the traceback's call sites, the whole test suite (as before the ladder), then a seeded search
    when `search_seconds` > 0; stop at the first run that shows the reported crash and make it a
    regression test (one that also asserts `expect`, what the issue says the call should give)."""
    ensure_scratch(sb)
    deadline = time.monotonic() + LADDER_SECONDS
    files = files or []
    read = _reader(sb)
    rep = Reproduction()
    # a hang (reported, or seen in the baseline) has each script stopped by its own alarm, which prints
    # where it runs, well before the command's timeout
    stop = script_alarm(baseline, min(timeout, SCRIPT_TIMEOUT)) \
        if is_hang(report) or (baseline is not None and baseline.hung) else None
    script_timeout = stop + ALARM_MARGIN if stop else min(timeout, SCRIPT_TIMEOUT)
    rungs = [lambda: plan.rung1(issue_text, files, read),
             lambda: plan.rung2(report, issue_text, test_cmd, repo_paths, files, read, baseline),
             lambda: plan.rung3(report, repo_paths, files, read, issue_text),
             lambda: plan.suite(test_cmd),
             lambda: _search(rep, sb, report, repo_paths, files, issue_text, test_cmd, seconds=search_seconds,
                             timeout=timeout, baseline=baseline, deadline=deadline)]
    for make in rungs:
        for trial in make():
            if trial.script is not None:
                sb.write(trial.path, PRELUDE + (alarm(stop) if stop else "") + "\n" + trial.script)
            log.info("reproducing (rung %s) by %s: %s", trial.rung, trial.how, trial.command)
            if trial.how == plan.SUITE and baseline is not None and baseline.command.startswith(trial.command):
                # the suite already ran on this tree (the baseline): read it, never run it again
                res = ExecResult(baseline.exit_code, baseline.output, baseline.timed_out, 0.0)
                if res.ok or not baseline.failed and baseline.per_test:
                    rep.attempts.append(Attempt(trial.how, trial.command, False, res.exit_code, "", trial.rung,
                                                "not run again: the baseline ran the suite on this tree and no "
                                                "test failed"))
                    continue
            else:
                res = sb.run(trial.command, timeout=script_timeout if trial.script else timeout)
            seen = matches(report, res, repo_paths, files, _reader(sb))
            rep.attempts.append(Attempt(trial.how, trial.command, seen.hit, res.exit_code, res.output[-2000:],
                                        trial.rung, seen.why))
            if seen.hit:
                if trial.how == plan.SUITE:
                    trial, res, seen = _one_node(rep, sb, report, trial, res, seen, test_cmd, repo_paths, files,
                                                 timeout=timeout)
                conv = conventions(files, read, test_cmd)
                _settle(rep, sb, report, trial, res, seen.got, repo_paths, files, tries=tries, timeout=timeout,
                        stop=stop, expect=expect, conv=conv, project_cmd=test_cmd)
                if expect is not None and not stop and (rep.regression_test is None or not rep.regression_test.expect_test):
                    expect_check(rep, sb, report, issue_text, repo_paths, files, expect, conv, timeout=script_timeout)
                return rep
    return rep


FAILED_NODE = re.compile(r"^(?:FAILED|ERROR) (\S+::.+?)(?: - .*)?$", re.M)


def _one_node(rep: Reproduction, sb: Sandbox, report: CrashReport, trial: Trial, res: ExecResult, seen,
              test_cmd: str | None, repo_paths: dict[str, str], files: list[str], *, timeout: float):
    """The whole suite showed the crash: the first failing node that shows it alone becomes the
    reproduction command (validation re-runs one test, not the suite); the suite when none does."""
    if not test_cmd or not is_pytest(test_cmd):
        return trial, res, seen
    for node in list(dict.fromkeys(FAILED_NODE.findall(res.output)))[:5]:
        cmd = named_test.command(test_cmd, node, files)
        one = sb.run(cmd, timeout=timeout)
        alone = matches(report, one, repo_paths, files, _reader(sb))
        rep.attempts.append(Attempt(f"failing node {node} of the suite", cmd, alone.hit, one.exit_code,
                                    one.output[-2000:], trial.rung, alone.why))
        if alone.hit:
            return Trial(trial.rung, f"test suite, narrowed to {node}", cmd), one, alone
    return trial, res, seen


def _search(rep: Reproduction, sb: Sandbox, report: CrashReport, repo_paths: dict[str, str], files: list[str],
            issue_text: str, test_cmd: str | None, *, seconds: float, timeout: float,
            baseline: TestOutcome | None, deadline: float | None = None) -> list[Trial]:
    """Rung 4's trial; a search that found nothing is recorded as an attempt of its own."""
    ran = search.run(sb, report, repo_paths, files, issue_text, test_cmd, seconds=seconds,
                     timeout=timeout, baseline=baseline, deadline=deadline) if seconds > 0 else None
    if ran is not None and not ran.trials:
        rep.attempts.append(Attempt(f"search: {ran.calls} calls in {ran.seconds:.1f} s", ran.command, False,
                                    ran.exit_code, ran.output[-2000:], 4,
                                    f"no input raised {report.type} at the reported repo line"))
    return ran.trials if ran else []


def _settle(rep: Reproduction, sb: Sandbox, report: CrashReport, trial: Trial, first: ExecResult,
            got: CrashReport | None, repo_paths: dict[str, str], files: list[str], *,
            tries: int, timeout: float, stop: float | None = None, expect: Expectation | None = None,
            conv: Conventions | None = None, project_cmd: str | None = None) -> None:
    """The trial reproduced: turn its script into a regression test (the reproduction command from
    then on) when that test shows the crash too, and count how often the command crashes. For a hang
    (`stop` seconds), the test stops the reproducer itself after that long and fails."""
    cmd = trial.command
    same = lambda res: matches(report, res, repo_paths, files, _reader(sb)).hit
    try:
        test = regression.build(report, trial.function or _guilty_name(report, repo_paths), trial.script,
                                trial.how, files, stop=stop, expect=expect, conv=conv) if trial.script is not None else None
    except ValueError as exc:        # issue text that would have become code: no test file (security)
        log.warning("regression test refused: %s", exc)
        rep.attempts.append(Attempt(f"regression test from {trial.how}", "(not written)", False, 0, "",
                                    trial.rung, f"refused: {exc}"))
        test = None
    if test is not None:
        local = f"{SCRATCH}/{test.path.rsplit('/', 1)[-1]}"
        sb.write(local, test.text)
        test_cmd = f"python -m pytest -q --tb=native {test.node(local, 'crash')}"
        res = sb.run(test_cmd, timeout=timeout)
        seen = matches(report, res, repo_paths, files, _reader(sb))
        why = seen.why + (_collected(sb, project_cmd, test, timeout) if seen.hit else "")
        rep.attempts.append(Attempt(f"regression test {test.path}", test_cmd, seen.hit, res.exit_code,
                                    res.output[-2000:], trial.rung, why))
        if seen.hit:
            rep.regression_test, rep.patch = test, test.patch
            cmd, first, got = test_cmd, res, seen.got
    confirm(rep, sb, trial.how, cmd, got, first, same, tries=tries, timeout=timeout)
    rep.rung = trial.rung


def expect_check(rep: Reproduction, sb: Sandbox, report: CrashReport, issue_text: str, repo_paths: dict[str, str],
                 files: list[str], expect: Expectation, conv: Conventions, *, timeout: float) -> None:
    """The crash was reproduced by something that does not assert what the issue expects (the repository's own
    failing test): check the expectation on the issue's own call instead (its snippet, else the call rebuilt
    from the traceback's caller), as a test file in the scratch folder that each validated candidate runs.
    Kept only when it fails on the unpatched tree with the reported exception (it exercises the crash);
    otherwise the expectation stays "not checked"."""
    read = _reader(sb)
    exc = report.type.rsplit(".", 1)[-1]
    trials = [t for t in plan.rung1(issue_text, files, read) + plan.rung3(report, repo_paths, files, read, issue_text)
              if t.script is not None]
    for trial in trials[:3]:            # each bounded by the script timeout
        try:
            test = regression.build(report, trial.function or _guilty_name(report, repo_paths), trial.script,
                                    trial.how, files, expect=expect, conv=conv)
        except ValueError as why:        # issue text that would have become code (security): not this one
            log.warning("expectation check refused: %s", why)
            continue
        if not test.expect_test:
            continue                     # no call in the script to check the expectation on
        name = "crashfix_expect_" + test.path.rsplit("/", 1)[-1].removeprefix("test_crashfix_")
        local = f"{SCRATCH}/{name}"
        sb.write(local, test.text)
        cmd = f"python -m pytest -q --tb=native -p no:cacheprovider {test.node(local, 'expect')}"
        res = sb.run(cmd, timeout=timeout)
        if not res.ok and re.search(rf"\b{re.escape(exc)}\b", res.output):
            rep.expect_check, rep.expect_command = replace(test, path=local), cmd
            return
    log.info("the issue's expectation is not checked: no call of the issue's crashes as reported outside the test")


def _collected(sb: Sandbox, project_cmd: str | None, test: RegressionTest, timeout: float) -> str:
    """Whether the project's own test command collects the regression test where it lands (written
    there for `--collect-only`, then removed): said after the match."""
    if not project_cmd or not is_pytest(project_cmd):
        return ""
    sb.write(test.path, test.text)
    try:
        res = sb.run(f"{project_cmd} --collect-only -q -p no:cacheprovider", timeout=timeout)
    finally:
        sb.run(f"rm -f {shlex.quote(test.path)}", timeout=30)
    if re.search(rf"^(?:\./)?{re.escape(test.path)}(?:::|:\s*\d)", res.output, re.M):   # -q: node ids; -qq: counts
        return f"; `{project_cmd}` collects {test.path}"
    return f"; `{project_cmd}` does NOT collect {test.path}: the PR's test would not run in the project's CI"


def _guilty_name(report: CrashReport, repo_paths: dict[str, str]) -> str | None:
    frame = repo_frame(report, repo_paths)
    return frame.function if frame else None


def _reader(sb: Sandbox) -> Callable[[str], str | None]:
    def read(path: str) -> str | None:
        try:
            return sb.read(path)
        except Exception:           # a file that is not there (or not text): nothing to learn from it
            return None
    return read
