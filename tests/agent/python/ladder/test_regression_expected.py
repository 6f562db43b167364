"""The regression test asserts what the issue expects (agent/python/ladder/regression.py): run by real pytest on a
real module, it fails before the fix, fails with a patch that swallows the crash into a default, and passes
with the fix that gives the expected value or exception."""
from __future__ import annotations

import subprocess
import sys

from agent.judge.expectations import parse as expectation
from agent.python.ladder.regression import build, split_call
from agent.reports import parse

REPORT = parse('Traceback (most recent call last):\n  File "/tmp/u/x.py", line 3, in <module>\n    print(rank.ordinal(-1))\n'
               '  File "/site-packages/rank.py", line 4, in ordinal\n    return num + SUFFIX\n'
               "TypeError: unsupported operand type(s) for +: 'int' and 'str'\n")
SCRIPT = "import rank\n\nprint(rank.ordinal(-1))\n"
BROKEN = "SUFFIX = 'st'\n\n\ndef ordinal(num):\n    return num + SUFFIX\n"
SWALLOWED = "SUFFIX = 'st'\n\n\ndef ordinal(num):\n    try:\n        return num + SUFFIX\n    except TypeError:\n        return ''\n"
FIXED = "SUFFIX = 'st'\n\n\ndef ordinal(num):\n    return str(num) + SUFFIX\n"
RAISES = "SUFFIX = 'st'\n\n\ndef ordinal(num):\n    if not isinstance(num, str):\n        raise ValueError('a string')\n    return num + SUFFIX\n"


def _run(tmp_path, module: str, test, node: str) -> bool:
    (tmp_path / "rank.py").write_text(module)
    (tmp_path / "tests").mkdir(exist_ok=True)
    (tmp_path / test.path).write_text(test.text)
    res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"{test.path}::{node}"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    return res.returncode == 0


def test_the_expected_value_is_asserted_and_a_swallowed_crash_fails_it(tmp_path):
    test = build(REPORT, "ordinal", SCRIPT, "issue code block", ["tests/t.py"],
                 expect=expectation("I would expect `'-1st'`", "TypeError"))
    assert test.crash_test and test.expect_test == f"{test.crash_test}_expected"
    assert not _run(tmp_path, BROKEN, test, test.crash_test) and not _run(tmp_path, BROKEN, test, test.expect_test)
    assert _run(tmp_path, SWALLOWED, test, test.crash_test)            # no crash...
    assert not _run(tmp_path, SWALLOWED, test, test.expect_test)       # ...but not what the issue expects
    assert _run(tmp_path, FIXED, test, test.crash_test) and _run(tmp_path, FIXED, test, test.expect_test)


def test_the_expected_exception_is_asserted(tmp_path):
    test = build(REPORT, "ordinal", SCRIPT, "issue code block", ["tests/t.py"],
                 expect=expectation("it should raise `ValueError` instead", "TypeError"))
    assert not _run(tmp_path, SWALLOWED, test, test.expect_test)
    assert _run(tmp_path, RAISES, test, test.expect_test) and _run(tmp_path, RAISES, test, test.crash_test)


def test_without_an_expectation_the_file_is_one_test():
    test = build(REPORT, "ordinal", SCRIPT, "issue code block", ["tests/t.py"])
    assert not test.expect_test and "_expected" not in test.text and test.node("x.py", "crash") == "x.py"


def test_the_call_checked_is_the_scripts_last_top_level_call():
    assert split_call("import m\nx = m.f(1)\nprint(m.g(x))\n") == ("import m\nx = m.f(1)\n", "m.g(x)")
    assert split_call("import m\ny = m.f(\n  2)\nz = 1\n") == ("import m\n", "(m.f(\n  2))")
    assert split_call("for i in range(3):\n    pass\n") is None


def test_should_give_an_error_is_met_by_an_error_raised_on_purpose_not_by_the_crash(tmp_path):
    test = build(REPORT, "ordinal", SCRIPT, "issue code block", ["tests/t.py"],
                 expect=expectation("Instead of crashing, `ordinal(-1)` should give an error.", "TypeError"))
    assert test.expect_test and test.expectation.raises == () and test.expectation.instead_of == "TypeError"
    assert not _run(tmp_path, BROKEN, test, test.expect_test)         # the crash itself is not "an error"
    assert not _run(tmp_path, SWALLOWED, test, test.expect_test)      # nor is a default
    assert _run(tmp_path, RAISES, test, test.expect_test)             # the code's own `raise ValueError`
