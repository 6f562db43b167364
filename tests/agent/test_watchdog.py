"""The per-test watchdog (agent/judge/watchdog_plugin.py) in a real pytest process, and the per-test bound
derived from a baseline's own test times."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from agent.python.environment.timeouts import FLOOR, derived_timeout, per_test_timeout
from agent.judge import testrun

PLUGIN = Path(__file__).resolve().parents[2] / "agent" / "judge" / "watchdog_plugin.py"


def test_a_hanging_test_fails_in_seconds_naming_where_it_hung_and_the_others_run(tmp_path):
    shutil.copy(PLUGIN, tmp_path / "crashfix_watchdog.py")
    (tmp_path / "test_spin.py").write_text(
        "def spin():\n    while True:\n        pass\n\n\ndef test_hangs():\n    spin()\n\n\n"
        "def test_fine():\n    assert True\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "CRASHFIX_TEST_TIMEOUT": "1.5",
           "PYTEST_ADDOPTS": "-p crashfix_watchdog"}
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_spin.py"], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=60)
    assert time.monotonic() - start < 20
    assert "1 failed, 1 passed" in out.stdout, out.stdout
    assert "crashfix watchdog stopped the test after 1.5 s" in out.stdout
    assert "in spin" in out.stdout                     # the traceback shows the loop


def test_without_a_bound_the_plugin_does_nothing(tmp_path):
    shutil.copy(PLUGIN, tmp_path / "crashfix_watchdog.py")
    (tmp_path / "test_slow.py").write_text("import time\n\ndef test_slow():\n    time.sleep(1.2)\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "CRASHFIX_TEST_TIMEOUT": ""}
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "crashfix_watchdog", "-p", "no:cacheprovider",
                          "test_slow.py"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert "1 passed" in out.stdout, out.stdout


def test_the_per_test_bound_follows_the_slowest_test_that_ended_by_itself():
    base = testrun.TestOutcome("pytest", 1, "", duration=16.0, passed={"t::a", "t::b"}, failed={"t::hang"},
                       messages={"t::hang": "Failed: Timeout: crashfix watchdog stopped the test after 15 s"},
                       times={"t::a": 0.2, "t::b": 0.9, "t::hang": 15.0})
    assert base.hung == ["t::hang"]
    assert per_test_timeout(base, 300) == (9.0, 0.9)
    assert per_test_timeout(testrun.TestOutcome("pytest", 0, "", times={"t::a": 0.01}), 300) == (5.0, 0.01)
    assert per_test_timeout(testrun.TestOutcome("pytest", 0, "", times={"t::a": 100.0}), 300) == (300, 100.0)
    assert per_test_timeout(testrun.TestOutcome("unittest", 0, ""), 300) is None
    assert derived_timeout(base, 300) == FLOOR         # the hung test's 15 s left out (else 5 x 16 s = 80 s)
