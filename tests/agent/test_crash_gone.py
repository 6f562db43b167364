"""Issue 34: "crash gone" means the issue's input no longer fails in the reported way *and* not in another
way the issue rules out. A patch that turns the reported KeyError into a ValueError raised on purpose
passes crashfix's regression test (an exception the code raises on purpose is allowed there); where the
issue says the call should raise no exception at all, it is not validated. Real git repo, the real local
sandbox, the real regression test (agent/python/ladder/regression.py) and the real Validator."""
from __future__ import annotations

import pytest

from agent.candidates import Candidate
from agent.judge.expectations import rules_out_exceptions
from agent.judge.signature import crash_gone
from agent.judge.validate import Validator
from agent.python.ladder.regression import build
from agent.reports import parse
from gitrepo import make_repo
from sandbox import ExecResult, open_sandbox

UNITS = '''UNITS = {"k": 1000, "M": 1000 ** 2}


def parse_size(text):
    number, unit = text[:-1], text[-1]
    return int(number) * UNITS[unit]
'''
SCRIPT = "from units import parse_size\nprint(parse_size('10K'))\n"
TRACE = '''Traceback (most recent call last):
  File "repro.py", line 2, in <module>
    print(parse_size('10K'))
  File "/home/u/units/units.py", line 6, in parse_size
    return int(number) * UNITS[unit]
KeyError: 'K'
'''
SAYS_NONE = "parse_size('10K') should not raise an exception: an unknown unit is counted as 1.\n\n" + TRACE
RAISES = ("--- a/units.py\n+++ b/units.py\n@@ -4,3 +4,5 @@\n def parse_size(text):\n"
          "     number, unit = text[:-1], text[-1]\n+    if unit not in UNITS:\n"
          "+        raise ValueError(f'unknown unit {unit!r}')\n     return int(number) * UNITS[unit]\n")
COUNTS_ONE = RAISES.replace("raise ValueError(f'unknown unit {unit!r}')", "return int(number)")


@pytest.fixture
def validator(tmp_path):
    report = parse(TRACE)
    test = build(report, "parse_size", SCRIPT, "the issue's script", ["units.py", "repro.py"])
    repo = make_repo(tmp_path / "units", {"units.py": UNITS, "repro.py": SCRIPT, test.path: test.text})
    sb = open_sandbox("local", repo, install=False)
    v = Validator(sb, report, f"python -m pytest -q {test.path}", None, None, tries=1, timeout=60)
    v.script_cmd = "python repro.py"
    yield v
    sb.close()


def test_the_regression_test_alone_accepts_an_exception_raised_on_purpose(validator):
    """What the issue does not rule out stays as it was: the other exception is allowed, and recorded."""
    verdict = validator.check(Candidate(RAISES, "raise ValueError for an unknown unit", "t"))
    assert verdict.validated, verdict.reason
    assert verdict.script_after["exit"] == 1 and "ValueError: unknown unit 'K'" in verdict.script_after["output"]


def test_where_the_issue_says_no_exception_another_exception_is_not_crash_gone(validator):
    validator.no_exception = rules_out_exceptions(SAYS_NONE)
    raised = validator.check(Candidate(RAISES, "raise ValueError for an unknown unit", "t"))
    assert not raised.validated
    assert raised.reason.startswith("the issue's own script still fails with the patch (exit 1, ValueError: "
                                    "unknown unit 'K'), and the issue says it should not: ")
    assert "should not raise an exception" in raised.reason
    counted = validator.check(Candidate(COUNTS_ONE, "count an unknown unit as 1", "t"))
    assert counted.validated and counted.script_after["output"].strip() == "10", counted.reason


def test_crash_gone_on_a_run_that_prints_another_exception():
    """The reproduction itself (no script): exit 0 with another exception printed is not gone either."""
    report = parse(TRACE)
    printed = ExecResult(0, "Traceback (most recent call last):\n  File \"units.py\", line 6, in parse_size\n"
                            "ValueError: unknown unit 'K'\n")
    assert crash_gone(report, printed)                                  # nothing ruled out: as before
    assert not crash_gone(report, printed, no_exception="it should not raise")
    assert crash_gone(report, ExecResult(0, "10\n"), no_exception="it should not raise")


@pytest.mark.parametrize("text, said", [
    ("Expected behavior: no exception.", "Expected behavior: no exception."),
    ("It should not raise.", "It should not raise."),
    ("parse(x) should not raise an exception when given an empty string.", "parse(x) should not raise an exception "
                                                                           "when given an empty string."),
    ("No error should be raised here", "No error should be raised here"),
    ("The call shouldn't throw at all", "The call shouldn't throw at all"),
    ("It works without raising an error on 1.2", "It works without raising an error on 1.2"),
    ("It should not raise TypeError", ""),               # one class (the reported one): not every exception
    ("It should raise ValueError instead", ""),
    ("it raises an exception", ""),
    ("TypeError: should not raise\n", ""),              # a traceback line is not the reporter's words
])
def test_the_words_that_rule_out_any_exception(text, said):
    assert rules_out_exceptions(text) == said
