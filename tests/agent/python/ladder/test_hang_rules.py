"""A hang as a crash of its own kind, in real Python processes: the ladder script's alarm and the hang's
regression test stop a loop with a traceback that matches a KeyboardInterrupt report (and nothing else);
the alarm and the search's timeout follow the baseline."""
from __future__ import annotations

import subprocess
import sys

from agent.python.environment.timeouts import script_alarm, search_timeout
from agent.judge.match import matches
from agent.judge.signature import is_hang
from agent.python.ladder.regression import PRELUDE, alarm, build
from agent.reports import parse
from agent.judge import testrun
from sandbox import ExecResult

LOOP = "def count_down(n):\n    while n != 0:\n        n -= 2\n    return n\n"
REPORT = ('Traceback (most recent call last):\n'
          '  File "/home/u/app.py", line 3, in <module>\n    print(count_down(3))\n'
          '  File "/usr/lib/python3/dist-packages/spin/core.py", line 3, in count_down\n    n -= 2\n'
          'KeyboardInterrupt\n')
PATHS = {"/usr/lib/python3/dist-packages/spin/core.py": "spin/core.py"}
FILES = ["spin/__init__.py", "spin/core.py"]
CALL = "from spin.core import count_down\n\ncount_down(3)\n"


def _repo(tmp_path, code=LOOP):
    (tmp_path / "spin").mkdir(exist_ok=True)
    (tmp_path / "spin" / "__init__.py").write_text("")
    (tmp_path / "spin" / "core.py").write_text(code)
    (tmp_path / "tests").mkdir(exist_ok=True)


def _run(tmp_path, *args) -> ExecResult:
    done = subprocess.run([sys.executable, *args], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    return ExecResult(done.returncode, done.stdout + done.stderr)


def test_the_scripts_alarm_shows_where_it_hung_and_only_a_hang_report_matches(tmp_path):
    _repo(tmp_path)
    (tmp_path / "tests" / "call.py").write_text(PRELUDE + alarm(1) + "\n" + CALL)
    res = _run(tmp_path, "tests/call.py")
    hang = parse(REPORT)
    assert is_hang(hang)
    seen = matches(hang, res, PATHS, FILES)
    assert seen.hit and seen.why == "stopped while running count_down (spin/core.py), as reported", res.output
    other = parse(REPORT.replace("KeyboardInterrupt", "TimeoutError: slow"))
    assert not is_hang(other)
    assert matches(other, res, PATHS, FILES).why == "stopped by crashfix (it hangs), not the reported TimeoutError"
    assert not matches(hang, ExecResult(-1, "", timed_out=True), PATHS, FILES).hit


def test_the_hang_regression_test_fails_while_it_loops_and_passes_once_it_returns(tmp_path):
    _repo(tmp_path)
    test = build(parse(REPORT), "count_down", CALL, "call site", FILES + ["tests/test_core.py"], stop=1)
    assert test.path == "tests/test_crashfix_hang_in_count_down.py"
    (tmp_path / test.path).write_text(test.text)
    before = _run(tmp_path, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=native", test.path)
    assert before.exit_code == 1 and "stopped the reproducer after 1 s: it still hangs" in before.output
    assert matches(parse(REPORT), before, PATHS, FILES).hit
    _repo(tmp_path, LOOP.replace("n != 0", "n > 0"))
    after = _run(tmp_path, "-m", "pytest", "-q", "-p", "no:cacheprovider", test.path)
    assert after.exit_code == 0 and "1 passed" in after.output


def test_the_alarm_and_the_search_timeout_follow_the_baseline():
    base = testrun.TestOutcome("pytest", 1, "", duration=16.0, passed={"t::a"}, failed={"t::hang"},
                       messages={"t::hang": "TimeoutError: crashfix watchdog stopped the test after 15 s"},
                       times={"t::a": 0.7, "t::hang": 15.0})
    assert script_alarm(base, 60) == 7.0            # 10 x the slowest test that ended by itself
    assert script_alarm(None, 60) == 10.0 and script_alarm(None, 8) == 3.0
    assert search_timeout(20, base, 120) == 32.0    # budget + one overrunning call + margin
    assert search_timeout(20, None, 120) == 40.0 and search_timeout(20, None, 30) == 30
