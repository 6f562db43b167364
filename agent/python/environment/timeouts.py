"""Timeouts derived from the baseline test run's own times, so a hanging candidate, reproduction or
test costs seconds, not the configured maximum: one for whole commands, one for each test."""
from __future__ import annotations

from agent.judge.testrun import TestOutcome

FACTOR = 5          # a patched suite may be slower; a loaded machine slower still
FLOOR = 20.0        # seconds: a command in a running sandbox on a busy 2-core machine (CI shares 2 cores)
BASELINE_PER_TEST = 15.0   # before any test's time is known: a test running longer is stopped
PER_TEST_FACTOR = 10       # then: this many times the slowest test of the baseline ...
PER_TEST_FLOOR = 5.0       # ... and at least this (a test of milliseconds on a loaded machine)


def derived_timeout(baseline: TestOutcome | None, configured: float) -> float:
    """min(configured, max(FLOOR, FACTOR x the baseline's duration)), the tests the watchdog
    stopped left out; the configured timeout when there is no usable baseline (none, or it timed
    out itself)."""
    if baseline is None or baseline.timed_out or baseline.duration <= 0:
        return configured
    spent = max(0.0, baseline.duration - sum(baseline.times.get(t, 0.0) for t in baseline.hung))
    return min(configured, max(FLOOR, FACTOR * spent))


def per_test_timeout(baseline: TestOutcome, configured: float) -> tuple[float, float] | None:
    """(the bound of one test, the slowest baseline test it was derived from), or None when the
    baseline timed no test: max(PER_TEST_FLOOR, PER_TEST_FACTOR x the slowest test that ended by
    itself), never more than ``configured``."""
    times = [t for name, t in baseline.times.items() if name not in baseline.hung]
    if not times:
        return None
    slowest = max(times)
    return min(configured, max(PER_TEST_FLOOR, PER_TEST_FACTOR * slowest)), slowest


HANG_SCRIPT = 10.0   # seconds a reproducer script of a reported hang runs before its alarm stops it
ALARM_MARGIN = 5.0   # its command's timeout is this much longer, so the alarm's traceback is printed


def script_alarm(baseline: TestOutcome | None, configured: float) -> float:
    """How long a reproducer script of a hang runs before crashfix's alarm stops it (showing where it
    is): the per-test bound when the baseline timed its tests, else HANG_SCRIPT; never more than
    ``configured`` less the margin its command needs to print the traceback."""
    bound = per_test_timeout(baseline, HANG_SCRIPT) if baseline is not None else None
    return max(1.0, min(bound[0] if bound else HANG_SCRIPT, configured - ALARM_MARGIN))


def search_timeout(seconds: float, baseline: TestOutcome | None, configured: float) -> float:
    """The search's command: its own budget plus one call that overruns it (the per-test bound when the
    baseline timed its tests, else BASELINE_PER_TEST), never more than ``configured``."""
    bound = per_test_timeout(baseline, BASELINE_PER_TEST) if baseline is not None else None
    return min(configured, seconds + (bound[0] if bound else BASELINE_PER_TEST) + ALARM_MARGIN)
