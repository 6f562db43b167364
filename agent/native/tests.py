"""Per-test results of the C build systems' test runners, read from their output, so that
validation can tell "a test that passed before fails now" from "the suite failed before too".

    automake / make check:  PASS: name | FAIL: name | XFAIL/XPASS/SKIP/ERROR: name
    ctest:                  1/2 Test #1: name ....   Passed | ***Failed | ***Exception | Not Run
    meson test:             1/2 name  OK | FAIL | EXPECTEDFAIL | SKIP | TIMEOUT | ERROR
"""
from __future__ import annotations

import re

from agent.judge.testrun import TestOutcome

AUTOMAKE = re.compile(r"^(PASS|FAIL|XFAIL|XPASS|SKIP|ERROR): (\S+)", re.M)
CTEST = re.compile(r"^\s*\d+/\d+ Test\s+#\d+: (\S+) \.*\s*(\*{3}\w+|Passed|Not Run|\w+)", re.M)
MESON = re.compile(r"^\s*\d+/\d+ (\S+)\s+(OK|FAIL|EXPECTEDFAIL|UNEXPECTEDPASS|SKIP|TIMEOUT|ERROR)\b", re.M)

_GOOD = {"PASS", "XFAIL", "Passed", "OK", "EXPECTEDFAIL"}
_SKIP = {"SKIP", "Not Run"}


def read_results(outcome: TestOutcome) -> TestOutcome:
    """Fill outcome.passed/failed/skipped from the runner's lines (pytest outcomes are left as read)."""
    if outcome.passed or outcome.failed:
        return outcome
    found: dict[str, str] = {}
    for rx, swap in ((AUTOMAKE, True), (CTEST, False), (MESON, False)):
        for m in rx.finditer(outcome.output):
            name, verdict = (m.group(2), m.group(1)) if swap else (m.group(1), m.group(2))
            found.setdefault(name, verdict)        # meson's summary repeats the failures: first wins
    for name, verdict in found.items():
        if verdict in _GOOD:
            outcome.passed.add(name)
        elif verdict in _SKIP:
            outcome.skipped += 1
        else:
            outcome.failed.add(name)
            outcome.messages[name] = verdict
    return outcome
