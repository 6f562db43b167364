"""The crash families: one declaration per family says which report kinds it takes, the label triage
gives them, the rule that says two reports are the same crash (a run's crash matching the report's, and
whether two issues' reports are one crash by their message), the research agent's debugger, and
whether crashfix fixes them (its crash path), as syzkaller keeps one object per OS.

Every kind a parser emits belongs to exactly one family (tests/agent/test_families.py). Kinds crashfix
parses but does not fix (Go and Rust panics, JVM stack traces) have a family without a path: triage
labels them and groups them, a fix run refuses them in one line. The path, the debugger and what the
path is built with are named as `module:attribute` and loaded when first used, so this module imports
no family: the judge, the parsers and the research agent may ask it about a kind (agent/families.py
opens a family's path for a run).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import import_module

from agent.reports.model import CrashReport


def _load(ref: str):
    module, _, name = ref.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True)
class Family:
    name: str                               # python | native | kernel | windows | go | rust | jvm
    language: str                           # as people name it ("Go", "C/C++")
    kinds: tuple[str, ...]                  # the report kinds (CrashReport.kind) it takes
    label: str                              # the label triage puts on the issue
    same_crash: str                         # its rule in agent/judge/signature.py RULES
    path_ref: str = ""                      # its CrashPath ("" : parsed, not fixed)
    debugger_ref: str = ""                  # the research agent's debugger tool ("" : `run` only)
    option_refs: dict[str, str] = field(default_factory=dict)   # what its path is built with
    texts_ref: str = ""                     # the research tools' texts in its language ("" : the defaults)
    by_message: bool = False                # its crash is an exception with a message: two reports of one
                                            # repository may be one crash by it (agent/reports/sameness.py)

    @property
    def fixes(self) -> bool:
        return bool(self.path_ref)

    @property
    def path(self) -> type | None:
        return _load(self.path_ref) if self.path_ref else None

    @property
    def texts(self) -> dict[str, dict]:
        return _load(self.texts_ref) if self.texts_ref else {}

    @property
    def debugger(self) -> type | None:
        return _load(self.debugger_ref) if self.debugger_ref else None

    def open(self, run, steps):
        """Its crash path (agent/path.py CrashPath) for `run`, ready to drive; only for a family that fixes."""
        if not self.fixes:
            raise ValueError(refusal(self))
        return self.path(run, steps, **{k: _load(v) for k, v in self.option_refs.items()})


PYTHON = Family("python", "Python", ("python",), "crash:python", "python", "agent.python.path:PythonPath",
                "agent.research.tools.dynamic:Pdb", by_message=True)
NATIVE = Family("native", "C/C++", ("sanitizer", "gdb"), "crash:sanitizer", "native", "agent.native.path:NativePath",
                "agent.native.gdb_tool:Gdb", texts_ref="agent.native.tool_texts:TEXTS")
KERNEL = Family("kernel", "Linux kernel", ("kernel",), "crash:kernel", "title", "agent.kernel.path:KernelPath", "",
                {"templates": "agent.families:kernel_templates"})   # its length checks + the C templates
# a Windows debugger's (cdb) stack: the report's commands and the test suite, the Python way
WINDOWS = Family("windows", "Windows", ("cdb",), "crash:sanitizer", "python", "agent.python.path:PythonPath")
GO = Family("go", "Go", ("go",), "crash:go", "native", by_message=True)
RUST = Family("rust", "Rust", ("rust",), "crash:rust", "native", by_message=True)
JVM = Family("jvm", "Java", ("jvm", "java"), "crash:jvm", "python", by_message=True)

ALL: tuple[Family, ...] = (PYTHON, NATIVE, KERNEL, WINDOWS, GO, RUST, JVM)
FAMILIES: dict[str, Family] = {kind: f for f in ALL for kind in f.kinds}


def family_for(kind: str) -> Family:
    """The family of a report kind (the Python one for a kind no parser emits)."""
    return FAMILIES.get(kind, PYTHON)


def family_of(report: CrashReport) -> Family:
    return family_for(report.kind)


def refusal(family: Family, crash_type: str = "") -> str:
    what = f" ({crash_type})" if crash_type else ""
    return (f"a {family.language} crash{what} was parsed, but crashfix does not fix {family.language} crashes yet "
            "(Python, C/C++ and Linux kernel ones); nothing was set up")


@cache
def debugger_for(kind: str) -> type | None:
    return family_for(kind).debugger


def texts_for(kind: str) -> dict[str, dict]:
    return family_for(kind).texts
