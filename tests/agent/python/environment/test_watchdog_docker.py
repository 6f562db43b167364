"""Real Docker, real pipeline: a program whose bug is an endless loop: the per-test watchdog stops
the hanging test in seconds, not the command timeout, and the run names it; the reported hang (a
traceback ending in KeyboardInterrupt) is reproduced at the call site, whose script an alarm stops."""
from __future__ import annotations

import time

import pytest
from gitrepo import make_repo

from agent.pipeline import run_job
from agent.run import RunConfig

pytestmark = pytest.mark.docker

CORE = '''def count_down(n):
    """How many steps of two from n down to zero."""
    steps = 0
    while n != 0:
        n -= 2
        steps += 1
    return steps
'''
TESTS = '''from spin.core import count_down


def test_even():
    assert count_down(4) == 2


def test_zero():
    assert count_down(0) == 0


def test_odd():
    assert count_down(3) == 2
'''
REPORT = '''count_down(3) never returns; after a while I pressed Ctrl-C:

Traceback (most recent call last):
  File "/home/u/app.py", line 3, in <module>
    print(count_down(3))
  File "/usr/lib/python3/dist-packages/spin/core.py", line 5, in count_down
    n -= 2
KeyboardInterrupt
'''


def test_an_endless_loop_costs_seconds_and_the_hang_is_named(sandbox_image, tmp_path):
    start = time.monotonic()
    repo = make_repo(tmp_path / "repo", {"spin/__init__.py": "", "spin/core.py": CORE, "tests/test_core.py": TESTS})
    run = run_job(RunConfig(repo=str(repo), report_text=REPORT, out=tmp_path / "out",
                                 strategy="templates"))
    took = time.monotonic() - start
    # the baseline ends in the watchdog's 15 s, not the 300 s command timeout; the reproducer's alarm
    # stops the looping call after the per-test bound (5 s), and so does its regression test for each
    # candidate that still loops
    assert run.timings["tests_before"] < 25 and run.timings["reproduce"] < 40 and took < 150, (took, run.timings)
    assert any(n == "the baseline's test tests.test_core::test_odd hangs: stopped by the per-test watchdog "
               "after 15 s" for n in run.notes), run.notes
    assert run.tests_before.passed == {"tests.test_core::test_even", "tests.test_core::test_zero"}
    assert "count_down" in run.tests_before.messages["tests.test_core::test_odd"]    # where it hung
    assert any(n.startswith("each test is stopped after 5 s") for n in run.notes), run.notes
    rep = run.reproduction
    assert rep.reproduced and rep.rung == 3 and rep.how == "call site: count_down(...) as called at app.py:3"
    assert rep.regression_test.path == "tests/test_crashfix_hang_in_count_down.py"
    assert "stopped while running count_down (spin/core.py), as reported" in [a.why for a in rep.attempts]
    # the templates propose no `n > 0` here (compare_op only negates `!=`): a candidate that still loops
    # fails the regression test in its 5 s, one that returns breaks the other tests
    assert run.status == "not_fixed", run.error
    assert run.verdicts and not any(v.validated for v in run.verdicts)
    assert any(v.reason == "crash still happens" for v in run.verdicts), [v.reason for v in run.verdicts]
