"""The research agent's tools: small classes with a name, a description, JSON-schema parameters
and ``__call__(ctx, **args) -> Observation``.

Where they run: research tools (search_definition, search_code, search_commits, git_show,
git_blame, listdir) host-side and read-only on the cloned source; `view`, the dynamic tools
(pdb, run, run_tests, reproduce) and `edit`/`submit` in the trajectory's sandbox workspace.
"""
from agent.tools.base import (Concluded, Observation, Submitted, Tool, ToolContext, ToolError, Toolbox,
                              cut)
from agent.tools.dynamic import DYNAMIC_TOOLS
from agent.tools.edit import EDIT_TOOLS, Conclude, Note
from agent.tools.research import RESEARCH_TOOLS


def analysis_toolbox() -> Toolbox:
    """Investigate: read, search, debug, run; record facts; conclude."""
    return Toolbox([t() for t in RESEARCH_TOOLS + DYNAMIC_TOOLS] + [Note(), Conclude()])


def synthesis_toolbox() -> Toolbox:
    """Fix: look, edit, check, submit (no history digging: the memory holds what was found)."""
    from agent.tools.research import SearchCode, SearchDefinition, View
    return Toolbox([View(), SearchCode(), SearchDefinition()] + [t() for t in DYNAMIC_TOOLS + EDIT_TOOLS])


__all__ = ["Concluded", "Observation", "Submitted", "Tool", "ToolContext", "ToolError", "Toolbox", "cut",
           "analysis_toolbox", "synthesis_toolbox"]
