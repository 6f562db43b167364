"""Tool lifecycle hooks: `edit` tells every tool of its box, the loop resets/closes/saves tools it
does not name, and a tool's saved state comes back on resume."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.memory import Memory
from agent.research.tools import Tool, ToolContext, Toolbox, every_tool
from agent.research.tools.edit import Edit
from gitrepo import make_repo
from sandbox import open_sandbox

PROG = "def f(x):\n    y = x * 2\n    return y\n\nprint(f(21))\n"


class Recorder(Tool):
    name = "recorder"

    def __init__(self):
        self.events = []

    def on_edit(self, ctx, path, start, end, delta):
        self.events.append(("edit", path, start, end, delta))
        return ["recorder saw the edit"]

    def on_reset(self, ctx, why):
        self.events.append(("reset", why))
        return []

    def state(self, ctx):
        return {"seen": len(self.events)}

    def restore(self, ctx, saved, why):
        self.events.append(("restore", saved["seen"], why))


@pytest.fixture
def ctx(tmp_path):
    repo = make_repo(tmp_path / "r", {"prog.py": PROG}, "init")
    sb = open_sandbox("local", repo, install=False)
    yield ToolContext(sb=sb, source=Path(repo), memory=Memory(), repro_cmd="python prog.py")
    sb.close()


def test_edit_fires_on_edit_on_every_tool_of_its_box(ctx):
    rec = Recorder()
    box = Toolbox([Edit(), rec])
    out = box.call(ctx, "edit", {"path": "prog.py", "start": 1, "end": 1, "new": "def f(x):\n    x = int(x)"})
    assert out.ok and rec.events == [("edit", "prog.py", 1, 1, 1)]
    assert "[recorder saw the edit]" in out.text
    assert box.states(ctx) == {"recorder": {"seen": 1}}
    box.fire(ctx, "reset", why="validation")
    box.restore(ctx, {"recorder": {"seen": 7}}, "resumed")
    assert rec.events[1:] == [("reset", "validation"), ("restore", 7, "resumed")]


def test_pdb_hooks_move_breakpoints_close_on_reset_and_round_trip(ctx):
    box = every_tool(None)                        # what the loop fires on: both phases' tools
    assert box.call(ctx, "pdb", {"command": "b prog.py:3"}).ok
    session = ctx.state["pdb"].session
    assert session is not None and session.alive
    moved = box.call(ctx, "edit", {"path": "prog.py", "old": "    y = x * 2\n", "new": "    x = int(x)\n    y = x * 2\n"})
    assert "[breakpoints moved: prog.py:3 -> prog.py:4]" in moved.text and ctx.state["pdb"].session is None
    assert box.states(ctx) == {"pdb": {"breakpoints": [["prog.py", 4, None]]}}
    assert box.call(ctx, "pdb", {"command": "c"}).ok and ctx.state["pdb"].session is not None
    box.fire(ctx, "reset", why="the workspace was reset for validation")
    assert ctx.state["pdb"].session is None and ctx.state["pdb"].stale == "the workspace was reset for validation"
    fresh = ToolContext(sb=ctx.sb, source=ctx.source, memory=Memory(), repro_cmd=ctx.repro_cmd)
    box.restore(fresh, box.states(ctx), "the run was resumed")
    again = box.call(fresh, "pdb", {"command": "c"})
    assert "[restarting the program: the run was resumed]" in again.text and "prog.py(4)f()" in again.text
    box.fire(fresh, "close")
    assert fresh.state["pdb"].session is None


def test_the_loop_names_no_debugger():
    loop = (Path(__file__).resolve().parents[4] / "agent" / "research" / "loop.py").read_text()
    code = loop.split('"""', 2)[2]                # past the module docstring
    assert "PdbState" not in code and "GdbState" not in code and '"pdb"' not in code and '"gdb"' not in code
