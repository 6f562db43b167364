"""A flaky test is no evidence: the unpatched tree's tests run a second time (once per baseline), and a test
counts as repaired only when it failed there both times, as broken only when it passed there both times."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable

from agent.judge.testrun import TestOutcome

FLAKY_REPAIR = "flaky_repair"      # failed on the baseline, passed on the second clean run; passes with the patch
FLAKY_BREAK = "flaky_break"        # passed on the baseline, failed on the second clean run; fails with the patch
UNCONFIRMED = "unconfirmed"        # failed on the baseline; the second clean run gave it no result


@dataclass(frozen=True)
class Discounted:
    """A test result a candidate's verdict would have counted, set aside, and why."""
    test: str
    why: str                       # FLAKY_REPAIR | FLAKY_BREAK | UNCONFIRMED

    def line(self) -> str:
        if self.why == FLAKY_BREAK:
            return (f"{self.test} fails with this patch, but it also failed once and passed once on the unpatched "
                    f"tree: flaky, so the suite cannot show that the patch breaks no test")
        if self.why == FLAKY_REPAIR:
            return f"{self.test} failed once and passed once on the unpatched tree: flaky, not counted as repaired"
        return (f"{self.test} failed on the unpatched tree, and a second run there gave it no result: not counted "
                f"as repaired")

    def to_dict(self) -> dict:
        return {"test": self.test, "why": self.why}


class CleanRerun:
    """The unpatched tree's suite run once more, at most once per baseline, shared by every validator of a run
    (the research agent's too: agent/sandboxed.py); made only when a candidate first claims repaired tests."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._for: TestOutcome | None = None       # the baseline it was made for
        self._outcome: TestOutcome | None = None

    def known(self, baseline: TestOutcome | None) -> TestOutcome | None:
        """The second clean run of this baseline, when it was made (never runs anything)."""
        return self._outcome if baseline is not None and self._for is baseline else None

    def get(self, baseline: TestOutcome, run: Callable[[], TestOutcome]) -> TestOutcome:
        """The second clean run of `baseline`: `run()` the first time, cached after."""
        with self._lock:
            if self._for is not baseline:
                self._outcome, self._for = run(), baseline
            return self._outcome


def flaky(baseline: TestOutcome, second: TestOutcome) -> set[str]:
    """The tests that failed on one of the two clean runs and passed on the other."""
    return (baseline.failed & second.passed) | (baseline.passed & second.failed)


def confirmed(claimed: list[str], baseline: TestOutcome, second: TestOutcome) -> tuple[list[str], list[Discounted]]:
    """Of the tests a candidate claims to repair, those that failed on both clean runs; the rest, set aside."""
    keep, aside = [], []
    for test in claimed:
        if test in second.failed:
            keep.append(test)
        else:
            aside.append(Discounted(test, FLAKY_REPAIR if test in second.passed else UNCONFIRMED))
    return keep, aside


def unbroken(broken: list[str], baseline: TestOutcome, second: TestOutcome | None) -> tuple[list[str], list[Discounted]]:
    """Of the tests a candidate breaks, those that passed on every clean run known; the flaky ones, set aside."""
    if second is None:
        return broken, []
    seen = flaky(baseline, second)
    return [t for t in broken if t not in seen], [Discounted(t, FLAKY_BREAK) for t in broken if t in seen]
