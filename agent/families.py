"""The crash families, one object each, chosen from one table by the report's kind (as syzkaller
picks one object per OS): the family's crash path, the research agent's debugger tool, and what
its path is built with.

Each path implements agent/path.py's CrashPath protocol; agent/pipeline.py drives it. A kind
without a family of its own (a Windows `cdb` report) goes the Python way: the report's commands and
the test suite are tried in the sandbox, with the Python crash-matching rule. The families import
no other family: what one lends another (the C fix templates the kernel path proposes, the gdb
tool the research agent offers for native reports) is handed over here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from agent.kernel.path import KernelPath
from agent.native import templates as c_templates
from agent.native.gdb_tool import Gdb
from agent.native.path import NativePath
from agent.native.tool_texts import TEXTS as NATIVE_TEXTS
from agent.path import CrashPath, Steps
from agent.python.path import PythonPath
from agent.reports.model import CrashReport
from agent.research.tools import Pdb, register_debugger, register_texts
from agent.run import Run


@dataclass(frozen=True)
class Family:
    name: str                               # python | native | kernel
    path: type                              # its CrashPath
    debugger: type | None                   # the research agent's debugger tool (None: `run` only)
    options: dict[str, Callable] = field(default_factory=dict)   # what its path is built with

    def open(self, run: Run, steps: Steps) -> CrashPath:
        return self.path(run, steps, **self.options)


PYTHON = Family("python", PythonPath, Pdb)
NATIVE = Family("native", NativePath, Gdb)
KERNEL = Family("kernel", KernelPath, None, {"templates": c_templates.generate})   # kernel C: the C templates

FAMILIES: dict[str, Family] = {"python": PYTHON, "sanitizer": NATIVE, "gdb": NATIVE, "kernel": KERNEL}

for _kind, _family in FAMILIES.items():
    register_debugger(_kind, _family.debugger)
for _kind in ("sanitizer", "gdb"):
    register_texts(_kind, NATIVE_TEXTS)


def family_of(report: CrashReport) -> Family:
    """The report's family (the Python one for a kind without its own)."""
    return FAMILIES.get(report.kind, PYTHON)


def path_for(report: CrashReport, run: Run, steps: Steps) -> CrashPath:
    """The crash path for this report's kind, ready to drive."""
    return family_of(report).open(run, steps)
