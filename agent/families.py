"""The crash families (declared in agent/reports/families.py, one declaration per family) and the one
step that needs the run's types: opening the path of a report's family for a run."""
from __future__ import annotations

from agent.path import CrashPath, Steps
from agent.reports.families import ALL, FAMILIES, JVM, GO, KERNEL, NATIVE, PYTHON, RUST, WINDOWS, Family, \
    family_for, family_of, refusal
from agent.reports.model import CrashReport
from agent.run import Run

__all__ = ["ALL", "FAMILIES", "JVM", "GO", "KERNEL", "NATIVE", "PYTHON", "RUST", "WINDOWS", "Family", "family_for",
           "family_of", "path_for", "refusal"]


def path_for(report: CrashReport, run: Run, steps: Steps) -> CrashPath | None:
    """The crash path for this report's kind, ready to drive; None for a kind crashfix parses but does
    not fix (Go, Rust, JVM: `refusal` says so)."""
    family = family_of(report)
    return family.open(run, steps) if family.fixes else None
