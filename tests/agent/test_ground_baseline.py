"""One baseline, one truth (issue 25, failure 1): a suite with a module that fails to collect on the
unedited tree (pytest exit 2, nothing run) is read per module; validation, the research agent's
`run_tests` (whole or by node ids) and the prompt all judge by the tests that passed before."""
from __future__ import annotations

import pytest

from agent.reports import parse
from agent.candidates import Candidate
from agent.judge.testrun import run_tests
from agent.research.tools.base import ToolContext
from agent.research.tools.workspace import RunTests, TryPatch
from agent.judge.validate import Validator
from agent.memory import Memory
from gitrepo import make_repo
from sandbox import open_sandbox

CODE = '''def ratio(part, whole):
    return part / whole
'''
FILES = {
    "mini/__init__.py": "",
    "mini/calc.py": CODE,
    "tests/test_calc.py": "from mini.calc import ratio\n\n\ndef test_half():\n    assert ratio(1, 2) == 0.5\n\n\n"
                          "def test_whole():\n    assert ratio(3, 3) == 1\n",
    "tests/test_plugins.py": "import yaml_plugin_that_is_not_installed\n\n\ndef test_plugin():\n    pass\n",
    "tests/test_crash.py": "from mini.calc import ratio\n\n\ndef test_empty():\n    assert ratio(0, 0) == 0\n",
}
REPORT = """Traceback (most recent call last):
  File "/home/u/mini/tests/test_crash.py", line 5, in test_empty
    assert ratio(0, 0) == 0
  File "/home/u/mini/mini/calc.py", line 2, in ratio
    return part / whole
ZeroDivisionError: division by zero
"""
FIX = """--- a/mini/calc.py
+++ b/mini/calc.py
@@ -1,2 +1,2 @@
 def ratio(part, whole):
-    return part / whole
+    return part / whole if whole else 0
"""
BREAK = FIX.replace("part / whole if whole else 0", "0 if not whole else 1")
TESTS = "python -m pytest -q tests"
REPRO = "python -m pytest -q tests/test_crash.py"


@pytest.fixture
def sb(tmp_path):
    box = open_sandbox("local", make_repo(tmp_path / "mini", FILES), install=False)
    yield box
    box.close()


def test_the_baseline_is_read_past_a_module_that_fails_to_collect(sb):
    base = run_tests(sb, TESTS, timeout=120)
    assert base.continued and base.passed == {"tests.test_calc::test_half", "tests.test_calc::test_whole"}
    assert base.failed == {"::tests.test_plugins", "tests.test_crash::test_empty"}
    assert set(base.collect_errors) == {"::tests.test_plugins"}
    line = base.summary(list(FILES))
    assert line.startswith("2 passed, 1 failed, 1 errors")
    assert "tests/test_plugins.py (ModuleNotFoundError: No module named 'yaml_plugin_that_is_not_installed')" in line


def test_a_good_patch_is_validated_and_the_broken_module_is_said_to_be_pre_existing(sb):
    base = run_tests(sb, TESTS, timeout=120)
    v = Validator(sb, parse(REPORT), REPRO, TESTS, base, tries=1, timeout=120)
    good = v.check(Candidate(FIX, "guard", files=["mini/calc.py"]))
    assert good.validated, good.reason
    assert "<test command>" not in good.reason and "pre-existing" in good.reason and "tests.test_plugins" in good.reason
    bad = v.check(Candidate(BREAK, "wrong", files=["mini/calc.py"]))
    assert not bad.validated and bad.broken == ["tests.test_calc::test_half"]


def test_a_baseline_that_failed_is_not_a_pseudo_test(sb):
    """No per-test results (a runner without junit) and a command that failed before the patch too:
    the exit status alone does not reject the candidate."""
    cmd = "python -m unittest discover -s tests -t ."
    base = run_tests(sb, cmd, timeout=120)
    assert base.exit_code != 0 and not base.per_test
    v = Validator(sb, parse(REPORT), REPRO, cmd, base, tries=1, timeout=120)
    verdict = v.check(Candidate(FIX, "guard", files=["mini/calc.py"]))
    assert verdict.validated and "<test command>" not in verdict.reason, verdict.reason


def _ctx(sb, source):
    return ToolContext(sb=sb, source=source, memory=Memory(), report=parse(REPORT), repro_cmd=REPRO,
                       test_cmd=TESTS, timeout=120)


def test_run_tests_by_node_marks_what_failed_before_any_edit(sb, tmp_path):
    ctx = _ctx(sb, tmp_path / "mini")
    whole = RunTests()(ctx).text
    assert whole.startswith("2 passed, 1 failed, 1 errors"), whole[:300]
    nodes = RunTests()(ctx, tests=["tests/test_plugins.py::test_plugin", "tests/test_crash.py::test_empty"]).text
    head, _, _ = nodes.partition("\n\n")
    assert "\nfailing:" not in head, head
    assert "not run, their module failed to collect before any edit: tests/test_plugins.py::test_plugin" in head
    assert "failing before any edit too" in head and "tests/test_crash.py::test_empty" in head
    tried = TryPatch()(ctx, diff=FIX, tests=["tests/test_crash.py::test_empty", "tests/test_calc.py"]).text
    assert "3 passed, 0 failed" in tried, tried[:400]
