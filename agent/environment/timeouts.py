"""A command timeout derived from the baseline test run's own time, so a hanging candidate or
reproduction costs seconds, not the configured maximum."""
from __future__ import annotations

from agent.testrun import TestOutcome

FACTOR = 5          # a patched suite may be slower; a loaded machine slower still
FLOOR = 30.0        # seconds: container start-up and a busy 2-core machine


def derived_timeout(baseline: TestOutcome | None, configured: float) -> float:
    """min(configured, max(FLOOR, FACTOR x the baseline's duration)); the configured timeout when
    there is no usable baseline (none, or it timed out itself)."""
    if baseline is None or baseline.timed_out or baseline.duration <= 0:
        return configured
    return min(configured, max(FLOOR, FACTOR * baseline.duration))
