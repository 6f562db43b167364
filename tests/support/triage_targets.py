"""A top-level function the guarded parser's child can run (tests/security/test_triage_bounded.py):
`triage(report, files, blob_url, label)` called with one tuple, as GuardedParser(fn=...) calls."""
from __future__ import annotations

from agent.triage import triage


def triage_all(job: tuple):
    return triage(*job)
