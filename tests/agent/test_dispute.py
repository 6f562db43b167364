"""The judge's answer to a disputed rejection (agent/judge/dispute.py): the evidence of the step that
rejected the patch, read by the rule of the report's kind, with where each sanitizer report is."""
from __future__ import annotations

from agent.candidates import Candidate
from agent.judge.dispute import answer
from agent.judge.validate import Verdict
from agent.reports import parse
from sandbox.base import SCRATCH_DIR

ASAN = """==1==ERROR: AddressSanitizer: global-buffer-overflow on address 0x55 at pc 0x1 bp 0x2 sp 0x3
READ of size 1 at 0x55 thread T0
    #0 0x55 in ini_scan /workspace/tini.c:41:12
    #1 0x56 in main /home/sandbox/.crashfix-scratch/repro_0.c:9:5
SUMMARY: AddressSanitizer: global-buffer-overflow /workspace/tini.c:41:12 in ini_scan
"""
IN_POC = (f"{SCRATCH_DIR}/repro_0.c:6:5: runtime error: null pointer passed as argument 1, which is declared "
          "to never be null\n")
PATCH = Candidate("--- a/tini.c\n+++ b/tini.c\n@@ -1 +1 @@\n-a\n+b\n", "bound the scan", "llm")


def test_the_reported_crash_gone_and_the_pocs_own_report_are_shown_when_the_tests_reject_it():
    v = Verdict(PATCH, applied=True, clean_runs=3, runs=3, tries=3, build_seconds=1.5, failed_at="tests",
                broken=["t_empty"], reason="breaks 1 test(s) that passed before: t_empty",
                repro_after={"exit": 1, "output": IN_POC},
                log=["$ make   # rebuild", "$ make check   # exit 2\nFAIL: t_empty (expected 0, got -1)\n"])
    said = answer(v, parse(ASAN))
    assert "- the reported crash: global-buffer-overflow in ini_scan (tini.c:41)" in said
    assert ("- the reported crash is gone: 3 of 3 tries show no sanitizer report of the repository's code; the "
            "reproducer itself exited 1 (evidence, not the verdict); the last try printed invalid-null-argument") in said
    assert "in the reproducer's own code or the C library (not the repository's: not counted)" in said
    assert "tests that passed before and fail now: t_empty" in said and "FAIL: t_empty (expected 0, got -1)" in said
    assert "- the rebuild with the patch: done (1.5 s)" in said
    assert said.count("rejected because: breaks 1 test(s)") == 1


def test_a_try_that_still_crashes_is_shown_with_its_report_and_whether_it_is_the_reported_one():
    elsewhere = ASAN.replace("ini_scan", "ini_next").replace("tini.c:41:12", "tini.c:70:2")
    v = Verdict(PATCH, applied=True, clean_runs=1, runs=2, tries=3, failed_at="reproduce",
                reason="reproduction still fails (exit 1: global-buffer-overflow) on try 2",
                failed_run={"try": 2, "exit": 1, "output": "noise\n" + elsewhere, "timed_out": False})
    said = answer(v, parse(ASAN))
    assert ("the reproduction: 1 clean try of 2 run (3 asked); try 2 exited 1 and printed global-buffer-overflow "
            "in ini_next (tini.c:70): not the reported crash, but a new crash in the repository's code") in said
    assert "    ==1==ERROR: AddressSanitizer: global-buffer-overflow" in said and "noise" not in said
    same = Verdict(PATCH, applied=True, runs=1, tries=3, failed_at="reproduce", reason="crash still happens",
                   failed_run={"try": 1, "exit": 1, "output": ASAN, "timed_out": False})
    assert "try 1 exited 1 and printed the reported crash: global-buffer-overflow in ini_scan" in answer(same, parse(ASAN))


def test_a_build_failure_shows_the_compilers_errors_and_nothing_that_did_not_run():
    v = Verdict(PATCH, applied=True, tries=3, build_seconds=0.4, failed_at="build",
                reason="does not build with the patch (exit 2)",
                log=["$ make   # rebuild, exit 2\ntini.c:41:5: error: 'len' undeclared (first use in this function)\n"])
    said = answer(v, parse(ASAN))
    assert "- the rebuild with the patch: failed; its errors:" in said and "'len' undeclared" in said
    assert "- the reproduction" not in said and "- the reported crash is gone" not in said


def test_a_suite_stopped_by_its_timeout_breaks_no_test_it_never_ran(tmp_path):
    """The cJSON run under load: the test command (it rebuilds the test programs) was stopped at its
    timeout, and the candidate was said to 'break 19 tests that passed before'."""
    from agent.judge.testrun import TestOutcome
    from agent.judge.validate import Validator
    from gitrepo import make_repo
    from sandbox import open_sandbox
    repo = make_repo(tmp_path / "r", {"a.txt": "a\n"})
    before = TestOutcome("sleep 30", 0, "", duration=0.5, passed={"t_one", "t_two"})
    with open_sandbox("local", repo) as sb:
        v = Validator(sb, parse(ASAN), "true", "sleep 30", before, tries=1, timeout=2).check(
            Candidate("--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a\n+b\n", "b", "llm"))
    assert not v.validated and v.failed_at == "tests" and v.broken == []
    assert v.reason == ("crash gone, but the test command timed out after 2 s (before the patch it took 0.5 s): "
                        "no test can be judged")
    assert "- the test command timed out; the tests' failure part:" in answer(v, parse(ASAN))
