"""The research agent's tools: small classes with a name, a description, JSON-schema parameters
and ``__call__(ctx, **args) -> Observation``.

Where they run: research tools (search_definition, search_code, search_commits, git_show,
git_blame, listdir) host-side and read-only on the cloned source; `view`, the dynamic tools
(pdb, run, reproduce), the workspace tools (run_tests, diff, python, try_patch) and `edit`/`submit`
in the trajectory's sandbox workspace.
"""
from agent.research.tools.base import (
    Concluded,
    Observation,
    Submitted,
    Tool,
    ToolContext,
    ToolError,
    Toolbox,
    cut,
)
from agent.reports.model import CrashReport
from agent.research.tools.dynamic import DYNAMIC_TOOLS, Pdb
from agent.research.tools.edit import EDIT_TOOLS, Conclude, Note
from agent.research.tools.reproducer import REPRODUCTION_TOOLS
from agent.research.tools.research import RESEARCH_TOOLS
from agent.research.tools.workspace import WORKSPACE_TOOLS, TryPatch

def in_language(box: Toolbox, report: CrashReport | None) -> Toolbox:
    """The toolbox with its tools' texts for the report's language, where its family gives some
    (agent/reports/families.py `texts`: C's, where "pytest node ids" mean nothing)."""
    from agent.reports.families import texts_for
    for name, text in (texts_for(report.kind) if report is not None else {}).items():
        tool = box.tools.get(name)
        if tool is not None:
            for key, value in text.items():
                setattr(tool, key, value)
    return box


def debugger(report: CrashReport | None) -> type | None:
    """The debugger tool for a report: its family's (pdb for Python, and when unknown)."""
    from agent.reports.families import debugger_for     # the families' declarations (they import no family)
    return debugger_for(report.kind) if report is not None else Pdb


def dynamic_tools(report: CrashReport | None) -> list:
    dbg = debugger(report)
    return ([dbg] if dbg else []) + [t for t in DYNAMIC_TOOLS if t is not Pdb] + WORKSPACE_TOOLS


def analysis_toolbox(report: CrashReport | None = None) -> Toolbox:
    """Investigate: read, search, debug, run; record facts; conclude."""
    return in_language(Toolbox([t() for t in RESEARCH_TOOLS + dynamic_tools(report)] + [TryPatch(), Note(), Conclude()]),
                       report)


def synthesis_toolbox(report: CrashReport | None = None) -> Toolbox:
    """Fix: look, edit, check, submit (no history digging: the memory holds what was found)."""
    from agent.research.tools.research import SearchCode, SearchDefinition, View
    return in_language(Toolbox([View(), SearchCode(), SearchDefinition()] + [t() for t in dynamic_tools(report) + EDIT_TOOLS]),
                       report)


def reproduction_toolbox(report: CrashReport | None = None) -> Toolbox:
    """Reproduce (rung 5): read, search, run code; write new test files only (on a C/C++ tree: new files in
    the scratch folder, agent/research/tools/c_reproducer.py); have crashfix check one."""
    from agent.reports.families import NATIVE
    from agent.research.tools.c_reproducer import C_REPRODUCTION_TOOLS
    from agent.research.tools.dynamic import Run
    from agent.research.tools.edit import Note
    from agent.research.tools.research import ListDir, SearchCode, SearchDefinition, View
    from agent.research.tools.workspace import Python
    native = report is not None and report.kind in NATIVE.kinds
    box = Toolbox([View(), ListDir(), SearchCode(), SearchDefinition(), Python(), Run(), Note()]
                  + [t() for t in (C_REPRODUCTION_TOOLS if native else REPRODUCTION_TOOLS)])
    if native:          # the C texts (`python`'s), but not `edit`'s: it is refused here
        kept = box.tools["edit"].description
        in_language(box, report).tools["edit"].description = kept
    return box


def every_tool(report: CrashReport | None = None) -> Toolbox:
    """Both phases' tools in one box: what the loop fires lifecycle events on, and saves the state of."""
    return Toolbox(list(analysis_toolbox(report).tools.values()) + list(synthesis_toolbox(report).tools.values()))


__all__ = ["Concluded", "Observation", "Submitted", "Tool", "ToolContext", "ToolError", "Toolbox", "cut",
           "analysis_toolbox", "reproduction_toolbox", "synthesis_toolbox", "debugger", "every_tool",
           "Pdb"]
