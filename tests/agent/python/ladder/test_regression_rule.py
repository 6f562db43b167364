"""The regression test crashfix writes: after a fix the reproducer may end in an exception the code raises
on purpose, never in the reported one nor in an error the interpreter raised at another line."""
from __future__ import annotations

import subprocess
import sys

import pytest

from agent.python.ladder.regression import build
from agent.reports.model import CrashReport

MODULE = '''def f():
    if MODE == "deliberate":
        raise ValueError(
            "bad input")
    if MODE == "bug":
        return None + 1
    if MODE == "reported":
        return [][0]
    if MODE == "in_the_raise":
        raise ValueError("bad input %r" % undefined_name)
    if MODE == "exit":
        raise SystemExit(2)
    return 1
'''


@pytest.mark.parametrize("mode, passes", [("ok", True), ("deliberate", True), ("exit", True),
                                          ("bug", False), ("reported", False),
                                          ("in_the_raise", False)])
def test_the_regression_test_passes_only_on_a_clean_run_or_a_deliberate_raise(tmp_path, mode, passes):
    (tmp_path / "tests").mkdir()
    (tmp_path / "m.py").write_text(f"MODE = {mode!r}\n\n\n" + MODULE)
    test = build(CrashReport(kind="python", type="IndexError", title="x"), "f", "import m\nm.f()\n",
                 "a snippet", ["tests/test_other.py"])
    (tmp_path / test.path).write_text(test.text)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test.path],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert (done.returncode == 0) is passes, done.stdout[-2000:]
