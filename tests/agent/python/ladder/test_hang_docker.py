"""A reported hang (a traceback ending in KeyboardInterrupt) in the real Docker sandbox: reproduced by a
call-site script its own alarm stops, or by the suite's watchdog; its regression test fails while the
code hangs and passes once it returns; a report of another exception never matches a stop."""
from __future__ import annotations

import time

import pytest

import climb as ladder
from agent.judge.testrun import arm_watchdog, run_tests

pytestmark = pytest.mark.docker

CORE = ('def count_down(n):\n'
        '    """How many steps of two from n down to zero."""\n'
        '    steps = 0\n'
        '    while n != 0:\n'
        '        n -= 2\n'
        '        steps += 1\n'
        '    return steps\n')
FIXED = CORE.replace("while n != 0:", "while n > 0:")
REPO = {"spin/__init__.py": "", "spin/core.py": CORE,
        "tests/test_core.py": ('from spin.core import count_down\n\n\n'
                               'def test_even():\n    assert count_down(4) == 2\n\n\n'
                               'def test_odd():\n    assert count_down(3) == 2\n')}
HANG = ('count_down(3) never returns; after a while I pressed Ctrl-C:\n\n```\n'
        'Traceback (most recent call last):\n'
        '  File "/home/u/app.py", line 3, in <module>\n'
        '    print(count_down(3))\n'
        '  File "/usr/lib/python3/dist-packages/spin/core.py", line 5, in count_down\n'
        '    n -= 2\n'
        'KeyboardInterrupt\n```\n')


box = ladder.box_fixture(REPO, "spin")


def climb(sb, issue: str, test_cmd: str | None, baseline=None):
    return ladder.climb(sb, sorted(REPO), issue, test_cmd, baseline=baseline, search_seconds=0)


def test_a_hang_is_reproduced_at_the_call_site_and_its_test_passes_once_the_loop_ends(box):
    box.reset()
    start = time.monotonic()
    rep = climb(box, HANG, test_cmd=None)
    assert time.monotonic() - start < 60          # three runs of the 10 s alarm, not 3 x the 60 s script timeout
    assert rep.reproduced and rep.rung == 3 and rep.crashed == 2, [(a.how, a.why) for a in rep.attempts]
    first = next(a for a in rep.attempts if a.rung == 3)
    assert first.how == "call site: count_down(...) as called at app.py:3"
    assert first.why == "stopped while running count_down (spin/core.py), as reported"
    assert "crashfix watchdog stopped the script after 10 s" in first.output_tail
    test = rep.regression_test
    assert test.path == "tests/test_crashfix_hang_in_count_down.py" and "count_down(3)" in test.text
    box.write(test.path, test.text)
    before = box.run(f"python -m pytest -q {test.path}", timeout=60)
    assert before.exit_code == 1 and "stopped the reproducer after 10 s: it still hangs" in before.output
    assert before.duration < 30
    box.write("spin/core.py", FIXED)
    after = box.run(f"python -m pytest -q {test.path}", timeout=60)
    assert after.exit_code == 0 and "1 passed" in after.output, after.output
    assert box.run(rep.command, timeout=60).exit_code == 0
    box.reset()


def test_a_hang_is_reproduced_by_the_suites_watchdog(box):
    box.reset()
    assert arm_watchdog(box, "python -m pytest -q", 3)
    issue = HANG.replace("print(count_down(3))", "print(count_down(n))") \
        .replace("count_down(3) never returns", "count_down never returns")       # nothing to rebuild a call from
    baseline = run_tests(box, "python -m pytest -q", timeout=60)
    assert baseline.hung == ["tests.test_core::test_odd"], baseline.messages
    rep = climb(box, issue, test_cmd="python -m pytest -q", baseline=baseline)
    assert rep.reproduced and rep.rung == 2, [(a.how, a.why) for a in rep.attempts]
    assert rep.how == "test suite, narrowed to tests/test_core.py::test_odd"
    assert rep.attempts[-1].why == "stopped while running count_down (spin/core.py), as reported"
    assert rep.regression_test is None          # the repository's own test is the reproducer


def test_a_report_of_another_exception_never_matches_a_stop(box):
    box.reset()
    assert arm_watchdog(box, "python -m pytest -q", 3)
    baseline = run_tests(box, "python -m pytest -q", timeout=60)
    issue = HANG.replace("KeyboardInterrupt", "TimeoutError: the count took too long")
    rep = climb(box, issue, test_cmd=None, baseline=baseline)    # the baseline hung: scripts get the alarm
    assert not rep.reproduced
    call = next(a for a in rep.attempts if a.rung == 3)
    assert "crashfix watchdog stopped the script after 5 s" in call.output_tail
    assert call.why == "stopped by crashfix (it hangs), not the reported TimeoutError"
