"""The confidence as the pipeline computes it for a run (agent/pipeline.py assess, settle): the code's own
conventions read from the clone, what the patched code gave, the project's suite counted, the overfitting
guard's disagreements surfaced, and the status word that follows."""
from __future__ import annotations

from pathlib import Path

from agent.candidates import Candidate
from agent.judge.testrun import TestOutcome as Outcome
from agent.judge.validate import Verdict
from agent.pipeline import assess, reader, settle
from agent.python.ladder.overfit import _rank
from agent.records import Overfit
from agent.reports import parse
from agent.run import Run, RunConfig

PARSER = '''\
class ParseError(ValueError):
    """A document that is not valid."""


def load(text):
    if not isinstance(text, str):
        raise ParseError("a document is text")
    head, _, body = text.partition(":")
    return {head: body.strip().split()[0]}
'''
TRACE = ("Traceback (most recent call last):\n  File \"/src/pkg/parser.py\", line 9, in load\n"
         "    return {head: body.strip().split()[0]}\nIndexError: list index out of range\n")
OWN = """--- a/pkg/parser.py
+++ b/pkg/parser.py
@@ -8,2 +8,4 @@
     head, _, body = text.partition(":")
+    if not body.strip():
+        raise ParseError(f"no value after {head!r}")
     return {head: body.strip().split()[0]}
"""
SWALLOW = """--- a/pkg/parser.py
+++ b/pkg/parser.py
@@ -8,2 +8,5 @@
     head, _, body = text.partition(":")
-    return {head: body.strip().split()[0]}
+    try:
+        return {head: body.strip().split()[0]}
+    except IndexError:
+        return None
"""
RAISED = {"exit": 1, "output": "Traceback (most recent call last):\n  File \"repro.py\", line 2, in <module>\n"
                                "pkg.parser.ParseError: no value after 'name'\n"}


class Clone:
    """What the pipeline reads the unpatched files from: a folder (a crash path's `source`)."""

    def __init__(self, root: Path):
        self.source = root


def _run(tmp_path: Path, *, tests: Outcome | None) -> tuple[Run, Clone]:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "parser.py").write_text(PARSER)
    run = Run(RunConfig(repo=str(root), report_text=TRACE, out=tmp_path / "out"))
    run.report, run.language, run.files = parse(TRACE), "python", ["pkg/__init__.py", "pkg/parser.py"]
    run.test_cmd = tests.command if tests else None
    run.tests_before = tests
    return run, Clone(root)


def _verdict(diff: str, what: str, after: dict | None = None) -> Verdict:
    return Verdict(Candidate(diff, what, "llm", files=("pkg/parser.py",)), validated=True, applied=True,
                   clean_runs=3, tries=3, repro_after=after)


UNITTEST = Outcome("python -m unittest", 0, "Ran 85 tests in 0.1s\n\nOK\n", ran=85)


def test_a_patch_raising_the_packages_own_error_where_the_issue_asks_no_error_is_speculative(tmp_path):
    """Measured on 30 real crash bugs (bench/bench_templates.py eval/trust30): where the issue does not ask for
    an error, the later release mostly returns a value; raising the package's own error is then a guess."""
    run, clone = _run(tmp_path, tests=UNITTEST)
    v = _verdict(OWN, "raise ParseError", RAISED)
    settle(run, assess(run, [v], read=reader(clone)))
    assert run.status == "speculative" and v.confidence == "speculative", v.confidence_why
    assert "and the issue does not say an error is the answer" in v.confidence_why
    assert any("`ParseError` is the package's own exception (defined in pkg/parser.py" in r
               for r in v.confidence_reasons)
    assert any("now raises `pkg.parser.ParseError: no value after 'name'`" in r for r in v.confidence_reasons)
    assert any("the project's suite ran 85 test(s)" in r for r in v.confidence_reasons)     # unittest's line counted


def test_the_same_patch_in_a_project_with_no_tests_is_speculative_and_says_so(tmp_path):
    run, clone = _run(tmp_path, tests=Outcome("python -m pytest -q", 5, "no tests ran in 0.01s\n"))
    v = _verdict(OWN, "raise ParseError", RAISED)
    settle(run, assess(run, [v], read=reader(clone)))
    assert run.status == "speculative" and v.confidence == "speculative"
    assert "this project has no tests (or crashfix could not count its test results); validation only shows the " \
           "crash is gone" in v.confidence_why
    # never "Tests: before 0 passed, 0 failed; after 0 passed, 0 failed" under a `fixed` headline
    from agent.records import Reproduction
    from agent.render import report_markdown
    from agent.run import Result
    from bot.conversation.publish import check_summary, pr_title
    run.reproduction = Reproduction(command="python repro.py", tries=3, crashed=3)
    v.tests = {"passed": 0, "failed": 0, "skipped": 0, "exit_code": 5, "timed_out": False, "ran": None}
    result = Result.of(run)
    md = report_markdown(result)
    assert md.startswith("## crashfix: speculative: a patch passed validation, but it may hide the crash rather than fix it")
    assert "no test result could be counted before the patch" in md and "0 passed, 0 failed" not in md
    assert "no test result could be counted before the patch" in check_summary(result)
    assert "0 passed, 0 failed" not in check_summary(result)
    assert pr_title(result, 7).startswith("Draft: possible fix for ")


def test_a_swallow_at_the_public_function_is_speculative(tmp_path):
    run, clone = _run(tmp_path, tests=UNITTEST)
    hide, own = _verdict(SWALLOW, "catch IndexError", {"exit": 0, "output": "None\n"}), _verdict(OWN, "raise", RAISED)
    assess(run, [hide, own], read=reader(clone))
    assert hide.confidence == "speculative" and "catches the exception (`except IndexError:`)" in hide.confidence_why
    assert own.confidence == "speculative"            # the issue asks for no error either (see the test above)
    assert any("the patched code now gives `None`" in r for r in hide.confidence_reasons)


def test_disagreements_reach_the_summary_when_only_one_candidate_stays_clean():
    a, b = _verdict(OWN, "raise ParseError"), _verdict(SWALLOW, "catch IndexError")
    before = [("raised IndexError", True), ("returned {'a': 'b'}", False), ("returned {'c': 'd'}", False)]
    answers_a = [("raised ParseError", False), ("returned {'a': 'b'}", False), ("raised ParseError", False)]
    answers_b = [("returned None", False), ("returned {'a': 'b'}", False), ("returned {'c': 'd'}", False)]
    seen = Overfit(function="load", inputs=3)
    _rank([a, b], [before, answers_a, answers_b], ["load('x:')", "load('a:b')", "load('c:d')"], seen)
    st = {s.description: s for s in seen.standings}
    assert st["raise ParseError"].crashes and st["raise ParseError"].disagreements == 2
    assert seen.disagree is True and "load('x:')" in seen.example
    assert st["catch IndexError"].differs_from_clean == 0         # its only other is not clean
    assert "disagree on inputs generated around the failing call" in seen.sentence()


def test_a_candidate_disagreeing_with_a_clean_one_is_speculative(tmp_path):
    run, clone = _run(tmp_path, tests=UNITTEST)
    a, b = _verdict(OWN, "raise ParseError", RAISED), _verdict(OWN.replace("ParseError(", "ParseError('x', "), "b")
    before = [("raised IndexError", True), ("returned 1", False)]
    seen = Overfit(function="load", inputs=2)
    _rank([a, b], [before, [("raised ParseError", False), ("returned 1", False)],
                   [("returned None", False), ("returned 1", False)]], ["load('x:')", "load('a:1')"], seen)
    run.overfit = seen
    assess(run, [a, b], read=reader(clone))
    assert b.confidence == "speculative" and "another validated candidate answers" in b.confidence_why
