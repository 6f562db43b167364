"""The crash paths, one per kind of report, chosen from one table (as syzkaller picks a parser per OS).

Each implements agent/path.py's CrashPath protocol; agent/pipeline.py drives it. A kind
without a path of its own (a Windows `cdb` report) goes the Python way: the report's commands and
the test suite are tried in the sandbox, with the Python crash-matching rule.
"""
from __future__ import annotations

from agent.kernel.path import KernelPath
from agent.native.path import NativePath
from agent.path import CrashPath, Steps
from agent.python.path import PythonPath
from agent.reports.model import CrashReport
from agent.run import Run

PATHS: dict[str, type] = {
    "python": PythonPath,
    "sanitizer": NativePath,
    "gdb": NativePath,
    "kernel": KernelPath,
}


def path_for(report: CrashReport, run: Run, steps: Steps) -> CrashPath:
    """The crash path for this report's kind, ready to drive."""
    return PATHS.get(report.kind, PythonPath)(run, steps)
