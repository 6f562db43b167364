"""Validation: a candidate passes only when the crash is gone and nothing that passed now fails."""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Callable

from agent.limits import (BUILD_TIMEOUT, COMMAND_TIMEOUT, MAX_DIFF_LINES, REPRO_TIMEOUT_FACTOR, REPRO_TIMEOUT_FLOOR,
                          REPRODUCE_TRIES, TEST_TIMEOUT_FACTOR, TEST_TIMEOUT_FLOOR)
from agent.reports.model import CrashReport
from agent.judge.confidence import HIGH
from agent.judge.signature import crash_gone, other_exception, same_crash
from agent.candidates import Candidate
from agent.judge.testorder import run_near_first
from agent.judge.flaky import CleanRerun, Discounted, confirmed, unbroken
from agent.judge.testrun import TestOutcome, run_tests
from sandbox import PatchFailed, Sandbox
from sandbox.session import new_file, per_file

log = logging.getLogger(__name__)


@dataclass
class Verdict:
    candidate: Candidate
    validated: bool = False
    reason: str = ""
    applied: bool = False
    clean_runs: int = 0
    tries: int = 0                     # asked for
    runs: int = 0                      # ran (validation stops at the first try that still crashes)
    tests: dict | None = None
    broken: list[str] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)   # tests failing on the unedited tree (twice) that pass with it
    discounted: list[Discounted] = field(default_factory=list)   # flaky results set aside (agent/judge/flaky.py)
    seconds: float = 0.0
    command_seconds: float = 0.0       # time spent in the reproduction and test commands themselves
    build_seconds: float | None = None  # the rebuild with the candidate (native code), when there is one
    log: list[str] = field(default_factory=list)
    expected: bool | None = None       # the regression test's assertion of what the issue expects (None: none ran)
    expected_said: str = ""            # that test's failure line, when it failed
    confidence: str = ""               # "high" | "speculative" for a validated candidate (agent/judge/confidence.py)
    confidence_why: str = ""
    confidence_reasons: list[str] = field(default_factory=list)   # each a checkable fact (agent/judge/confidence.py)
    repro_after: dict | None = None    # the reproduction command's last run with the patch: {"exit", "output"}
    script_after: dict | None = None   # the issue's own script (before it became the regression test), with the patch
    # files a command changed (the code, the tests, the debugger): put back, never in the patch
    # (the agent's ledger, and this validation's own commands); security: issue 35, E30
    command_changed: list[str] = field(default_factory=list)
    behaviour: dict | None = None      # kernel: the reproducer's syscalls and console with it, beside the unpatched kernel's
    # the step that rejected it: "gate", "apply", "build", "reproduce", "tests", "leaks", "script" ("" validated);
    # with the try that still failed, it is what the judge shows when the research agent disputes a rejection
    failed_at: str = ""
    failed_run: dict | None = None     # {"try", "exit", "output", "timed_out"} of the reproduction's failing try

    def to_dict(self) -> dict:
        return {"description": self.candidate.description, "template": self.candidate.template,
                "files": list(self.candidate.files), "score": self.candidate.score,
                "validated": self.validated, "reason": self.reason, "applied": self.applied,
                "reproduction_clean": f"{self.clean_runs}/{self.runs or max(self.clean_runs, self.tries)}",
                "reproduction_tries": self.tries,
                "tests": self.tests,
                "broken_tests": self.broken, "repaired_tests": self.repaired,
                "discounted_tests": [d.to_dict() for d in self.discounted], "seconds": round(self.seconds, 3),
                "overhead_seconds": round(self.seconds - self.command_seconds, 3),
                "build_seconds": None if self.build_seconds is None else round(self.build_seconds, 3),
                "meets_expectation": self.expected, "confidence": self.confidence or None,
                "confidence_why": self.confidence_why or None, "confidence_reasons": self.confidence_reasons,
                "repro_after": self.repro_after,
                "script_after": self.script_after, "command_changed": self.command_changed,
                "behaviour": self.behaviour,
                "diff": self.candidate.diff}


def changed_lines(diff: str) -> int:
    return sum(1 for line in diff.splitlines()
               if line[:1] in "+-" and not line.startswith(("+++", "---")))


def diff_paths(diff: str) -> list[str]:
    """Every path a unified diff touches (old and new names, created and deleted files)."""
    paths: list[str] = []
    for line in diff.splitlines():
        if line.startswith(("--- ", "+++ ")):
            path = line[4:].split("\t")[0].strip()
            if path != "/dev/null":
                paths.append(path[2:] if path[:2] in ("a/", "b/") else path)
        elif line.startswith("diff --git "):
            paths += [p[2:] for p in line[11:].split() if p[:2] in ("a/", "b/")]
    return list(dict.fromkeys(paths))


def gate(diff: str, protected: Callable[[str], bool], max_lines: int) -> str | None:
    """Why a patch may not even be tried (protected paths, size), or None."""
    touched = [p for p in diff_paths(diff) if protected(p)]
    if touched:
        return f"changes protected paths: {', '.join(touched[:5])}"
    n = changed_lines(diff)
    if n > max_lines:
        return f"is too large: {n} changed lines (the limit is {max_lines})"
    return None


def rank_key(verdict: Verdict) -> tuple:
    """Smallest diff, fewest files, then the strategy's own score (closest to the guilty frame)."""
    cand = verdict.candidate
    return (changed_lines(cand.diff), len(cand.files) or 1, -cand.score)


def normalize_diff(diff: str) -> tuple:
    """A patch's identity, whitespace-only differences ignored."""
    key, path = [], ""
    for line in diff.splitlines():
        if line.startswith("+++ "):
            path = line[4:].strip().removeprefix("b/")
        elif line[:1] in "+-" and not line.startswith("---"):
            squeezed = " ".join(line[1:].split())
            if squeezed:
                key.append((path, line[0], squeezed))
    return tuple(key)


def rank(verdicts: list[Verdict], *, ordered: bool = False) -> list[Verdict]:
    """The one ranking of validated candidates, templates' and the research agent's alike: the validated
    verdicts, one per distinct patch (whitespace ignored), best first: a `high` confidence before any
    other (agent/judge/confidence.py; before the rating all tie), then the order given when `ordered`
    (the overfitting guard's, the second opinion's choice: agent/pipeline.py assess), else rank_key."""
    valid = [v for v in verdicts if v.validated]
    seen: dict[tuple, Verdict] = {}
    for v in valid if ordered else sorted(valid, key=rank_key):
        seen.setdefault(normalize_diff(v.candidate.diff), v)
    return sorted(seen.values(), key=lambda v: v.confidence != HIGH)


class Validator:
    # gates checked before a candidate runs; the pipeline sets them from the run's config
    protected: Callable[[str], bool] = staticmethod(lambda path: False)
    max_diff_lines: int = MAX_DIFF_LINES
    # the regression test's assertion of what the issue expects, run on each validated candidate (None: none)
    expect_cmd: str | None = None
    # the issue's own reproduction script, when the regression test took its place as the reproduction
    # command: run once on each validated candidate, so the PR can show it before and after (agent/judge/proof.py)
    script_cmd: str | None = None
    # the words that the call should raise no exception at all ("": it says nothing of the kind):
    # then the input must not fail in another way either (the reproduction's runs, the script)
    no_exception: str = ""

    def __init__(self, sb: Sandbox, report: CrashReport, repro_cmd: str, test_cmd: str | None,
                 baseline: TestOutcome | None, *, tries: int = REPRODUCE_TRIES, timeout: float = COMMAND_TIMEOUT,
                 repro_seconds: float = 0.0, build_cmd: str | None = None,
                 read_results: Callable[[TestOutcome], TestOutcome] | None = None, leaks=None,
                 test_build_seconds: float = 0.0, rerun: CleanRerun | None = None):
        self.sb, self.report, self.repro_cmd = sb, report, repro_cmd
        self.rerun = rerun or CleanRerun()   # the unpatched tree's second run (the run's own, shared: agent/sandboxed.py)
        self.leaks = leaks                   # native: agent.native.leaks.LeakCheck, run on a passing candidate
        self.read_results = read_results     # per-test results of runners other than pytest (native)
        self.build_cmd, self.build_timeout = build_cmd, max(timeout, BUILD_TIMEOUT)   # native: rebuild per candidate
        self.test_cmd, self.baseline, self.tries = test_cmd, baseline, tries
        # a candidate that makes the program loop must not cost the whole budget: allow a
        # generous multiple of what the unpatched commands took, never more than `timeout`
        self.repro_timeout = min(timeout, max(REPRO_TIMEOUT_FLOOR, REPRO_TIMEOUT_FACTOR * repro_seconds))
        self.test_timeout = min(timeout, max(TEST_TIMEOUT_FLOOR, TEST_TIMEOUT_FACTOR * (baseline.duration if baseline else timeout))
                                + 2 * test_build_seconds)   # native: the test command builds what the rebuild skipped

    def check(self, cand: Candidate) -> Verdict:
        verdict, start = Verdict(cand, tries=self.tries), time.monotonic()
        self._applied: dict[str, str] | None = None
        try:
            self._check(verdict)
            if verdict.validated and self.leaks is not None:
                self._leaks(verdict)
            if verdict.validated and self.expect_cmd:
                self._expected(verdict)
            if verdict.validated and self.script_cmd:
                self._script(verdict)
            if self._applied is not None:          # what the commands changed is named, not shipped
                after = per_file(self.sb.diff())
                changed = sorted(f for f in set(after) | set(self._applied) if after.get(f) != self._applied.get(f)
                                 and not (f not in self._applied and new_file(after.get(f))))   # created: not named
                verdict.command_changed = sorted(set(verdict.command_changed) | set(changed))
            if verdict.validated and verdict.repaired:
                self._confirm(verdict)
        finally:
            verdict.seconds = time.monotonic() - start
            self.sb.reset()
        log.info("candidate %r: %s", cand.description, "VALID" if verdict.validated else verdict.reason)
        return verdict

    def _check(self, v: Verdict) -> None:
        refused = gate(v.candidate.diff, self.protected, self.max_diff_lines)
        if refused:
            v.reason, v.failed_at = f"refused: the patch {refused}", "gate"
            return
        self.sb.reset()
        try:
            self.sb.apply_patch(v.candidate.diff)
        except PatchFailed as exc:
            v.reason, v.failed_at = f"patch does not apply: {exc}", "apply"
            return
        # security (issue 35): the patch on the clean tree of a fresh sandbox changes the files it names
        # and nothing else; what the commands below change is compared against this, never shipped
        applied = per_file(self.sb.diff())
        if not applied or set(applied) - set(diff_paths(v.candidate.diff)):
            v.reason = (f"refused: applied to the clean tree, the patch changes {', '.join(sorted(applied)) or 'nothing'},"
                        f" not the files it names ({', '.join(diff_paths(v.candidate.diff))})")
            v.failed_at = "apply"
            return
        self._applied = applied
        v.applied = True
        if self.build_cmd and not self._rebuild(v):
            return
        for i in range(self.tries):
            res = self.sb.run(self.repro_cmd, timeout=self.repro_timeout)
            v.runs += 1
            v.command_seconds += res.duration
            v.log.append(f"$ {self.repro_cmd}   # try {i + 1}, exit {res.exit_code}\n{res.output[-3000:]}")
            if not crash_gone(self.report, res, no_exception=self.no_exception):
                v.reason, v.failed_at = self._still_failing(res, i), "reproduce"
                v.failed_run = {"try": i + 1, "exit": res.exit_code, "output": res.output[-3000:],
                                "timed_out": res.timed_out}
                return
            v.clean_runs += 1
            v.repro_after = {"exit": res.exit_code, "output": res.output[-3000:]}
        gone = "crash gone" + (f" (no sanitizer report of the project's code; the reproducer itself exits "
                               f"{v.repro_after['exit']})" if v.repro_after and v.repro_after["exit"] else "")
        if not self.test_cmd:
            v.validated, v.reason = True, f"{gone}; no test command to run"
            return
        after = run_near_first(self.sb, self.test_cmd, self.baseline, diff_paths(v.candidate.diff), timeout=self.test_timeout)
        if self.read_results:
            self.read_results(after)
        v.command_seconds += after.duration
        v.log.append(f"$ {after.command}   # exit {after.exit_code}\n{after.output[-5000:]}")
        v.tests = after.counts()
        v.broken, aside = unbroken(sorted(self._broken(after)), self.baseline, self.rerun.known(self.baseline)) \
            if self.baseline else ([], [])
        v.discounted += aside
        v.repaired = sorted((self.baseline.failed - self.baseline.collect_errors.keys()) & after.passed) \
            if self.baseline else []
        v.failed_at = "tests"
        if after.timed_out:       # tests a stopped suite never ran are not broken: only those seen failing
            v.broken = sorted(self.baseline.passed & after.failed) if self.baseline else []
            before = f" (before the patch it took {self.baseline.duration:.1f} s)" if self.baseline else ""
            v.reason = (f"{gone}, but the test command timed out after {self.test_timeout:.0f} s{before}" + (
                f"; before that {len(v.broken)} test(s) that passed before failed: {', '.join(v.broken[:5])}"
                if v.broken else ": no test can be judged"))
        elif v.broken:
            v.reason = f"breaks {len(v.broken)} test(s) that passed before: {', '.join(v.broken[:5])}"
        elif not after.ok and (self.baseline is None or (not self._per_test(after) and self.baseline.ok)):
            v.reason = f"test command fails (exit {after.exit_code})" + (
                "; it passed before the patch" if self.baseline is not None else "")
        elif not self._per_test(after) and not after.ok and (after.exit_code >= 128 or self.baseline.exit_code >= 128):
            # the suite was killed (a signal, a limit), before or after: it never ran, so nothing can
            # show the patch breaks no test; abstain rather than guess
            v.reason = (f"{gone}, but the test command was killed (exit {after.exit_code}; before the patch "
                        f"{self.baseline.exit_code}) and names no test: no test can be judged")
        elif not self._per_test(after) and not after.ok:
            v.validated, v.reason = True, (f"{gone}; the test command failed before the patch too (exit "
                                           f"{self.baseline.exit_code}) and names no test, so none can be judged")
        elif aside:
            v.validated, v.reason = True, (f"{gone}; no test that passed on both runs of the unpatched tree broke ("
                                           + "; ".join(d.line() for d in aside[:3]) + ")")
        else:
            v.validated, v.reason = True, f"{gone} and no passing test broke"
        if v.validated:
            v.failed_at = ""
        known = sorted(set(self.baseline.collect_errors) & set(after.collect_errors)) if self.baseline else []
        if known:
            v.reason += (f"; {len(known)} test module(s) failed to collect before any change too (pre-existing, "
                         f"not the patch's): {', '.join(m.lstrip(':') for m in known[:5])}")

    def _confirm(self, v: Verdict) -> None:
        """A test counts as repaired only when it failed on the unpatched tree twice: the baseline, and one more
        run of the suite there (made once, when a candidate first claims a repair; cached for the others)."""
        second = self.rerun.get(self.baseline, lambda: self._clean_run(v))
        v.repaired, aside = confirmed(v.repaired, self.baseline, second)
        v.discounted += aside
        if aside:
            v.reason += "; " + "; ".join(d.line() for d in aside[:3])

    def _clean_run(self, v: Verdict) -> TestOutcome:
        """The suite on the unpatched tree again (rebuilt first, for native code); logged in `v`, the
        candidate whose claim asked for it."""
        self.sb.reset()
        if self.build_cmd:
            res = self.sb.run(self.build_cmd, timeout=self.build_timeout)
            v.command_seconds += res.duration
            if not res.ok:
                v.log.append(f"$ {self.build_cmd}   # the unpatched tree rebuilt for a second test run, exit "
                             f"{res.exit_code}\n{res.output[-3000:]}")
                return TestOutcome(self.build_cmd, res.exit_code, res.output, res.timed_out, res.duration)
        out = run_tests(self.sb, self.test_cmd, timeout=self.test_timeout)
        if self.read_results:
            self.read_results(out)
        v.command_seconds += out.duration
        v.log.append(f"$ {out.command}   # the unpatched tree's tests, a second time (is a repaired test flaky?), "
                     f"exit {out.exit_code}\n{out.output[-3000:]}")
        return out

    def _expected(self, v: Verdict) -> None:
        """Does the patched code give what the issue expects? Recorded, not a gate: a candidate that
        does not stays validated and is judged speculative (agent/judge/confidence.py)."""
        res = self.sb.run(self.expect_cmd, timeout=self.repro_timeout)
        v.command_seconds += res.duration
        v.log.append(f"$ {self.expect_cmd}   # what the issue expects, exit {res.exit_code}\n{res.output[-3000:]}")
        v.expected = res.ok
        if not res.ok:
            said = [ln for ln in res.output.splitlines() if "the issue expects" in ln]
            v.expected_said = (said[-1].split("AssertionError: ", 1)[-1] if said else f"exit {res.exit_code}")[:300]

    def _script(self, v: Verdict) -> None:
        """The issue's own script on the patched tree: what the reporter's code now gives (recorded, not a gate)."""
        res = self.sb.run(self.script_cmd, timeout=self.repro_timeout)
        v.command_seconds += res.duration
        v.log.append(f"$ {self.script_cmd}   # the issue's script with the patch, exit {res.exit_code}\n{res.output[-3000:]}")
        v.script_after = {"exit": res.exit_code, "output": res.output[-3000:]}
        if self.no_exception and not crash_gone(self.report, res, no_exception=self.no_exception):
            v.validated, v.failed_at = False, "script"
            v.reason = f"the issue's own script still fails with the patch ({self._failure(res)}), " \
                                           f"and the issue says it should not: {self.no_exception[:200]!r}"

    def _leaks(self, v: Verdict) -> None:
        """A candidate that passed is rejected when it leaks what the unpatched build did not."""
        reason, aside, out, seconds = self.leaks.judge(self.sb, timeout=self.repro_timeout + self.test_timeout,
                                                       diff=v.candidate.diff)
        v.command_seconds += seconds
        v.log.append(out)
        if reason:
            v.validated, v.reason, v.failed_at = False, reason, "leaks"
        elif aside:
            v.reason += f"; {aside}"

    def _rebuild(self, v: Verdict) -> bool:
        res = self.sb.run(self.build_cmd, timeout=self.build_timeout)
        v.build_seconds = res.duration
        v.command_seconds += res.duration
        v.log.append(f"$ {self.build_cmd}   # rebuild, exit {res.exit_code}, {res.duration:.1f} s\n{res.output[-5000:]}")
        if not res.ok:
            v.failed_at = "build"
            v.reason = "does not build with the patch" + (" (timed out)" if res.timed_out else f" (exit {res.exit_code})")
        return res.ok

    def _still_failing(self, res, attempt: int) -> str:
        same, got = same_crash(self.report, res)
        what = "crash still happens" if same else (
            "timed out" if res.timed_out else
            f"reproduction still fails (exit {res.exit_code}{': ' + got.type if got else ''})" if not res.ok else
            f"the reproduction raises another exception ({self._failure(res)}), and the issue says it should "
            f"not: {self.no_exception[:200]!r}")
        return what if attempt == 0 else f"{what} on try {attempt + 1}"

    def _failure(self, res) -> str:
        """How a run failed, in a few words: the exception it shows, else its exit."""
        got = other_exception(self.report, res)
        shown = f"{got.type}: {got.message}"[:200] if got else ""
        return "timed out" if res.timed_out else f"exit {res.exit_code}" + (f", {shown}" if shown else "")

    def _per_test(self, after: TestOutcome) -> bool:
        """Whether the suite's runs tell tests apart (the baseline's or this one's junit)."""
        return after.per_test or (self.baseline is not None and self.baseline.per_test)

    def _broken(self, after: TestOutcome) -> set[str]:
        """The tests that passed on the unedited tree and do not pass now (a test that never passed,
        a module that failed to collect before any change, is no one's to break)."""
        if self.baseline is None:
            return set()
        return (self.baseline.passed - after.passed) | (self.baseline.passed & after.failed)
