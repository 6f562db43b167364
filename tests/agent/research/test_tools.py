"""The tools on a real repo with history and a real local sandbox."""
from __future__ import annotations

import pytest

from agent.memory import Memory
from agent.research.tools import ToolContext, analysis_toolbox, synthesis_toolbox
from sandbox import open_sandbox


@pytest.fixture
def ctx(lru_repo, h):
    sb = open_sandbox("local", lru_repo, install=False)
    yield ToolContext(sb=sb, source=lru_repo, memory=Memory(), repro_cmd="python -c 'import sys; sys.exit(0)'",
                      protected=lambda p: p.startswith("tests/"))
    sb.close()


def call(ctx, name, **args):
    box = analysis_toolbox() if name not in ("edit", "submit") else synthesis_toolbox()
    return box.call(ctx, name, args)


def test_research_tools(ctx):
    d = call(ctx, "search_definition", symbol="memoize")
    assert d.ok and "src/lrucache/memo.py:6 (function)" in d.text
    assert "no definition" in call(ctx, "search_definition", symbol="nope_nothing").text
    s = call(ctx, "search_code", pattern=r"move_to_end\(", glob="*.py")
    assert s.ok and "src/lrucache/cache.py:31:" in s.text
    c = call(ctx, "search_commits", pattern="speed up", **{"in": "message"})
    assert "cache: speed up get()" in c.text
    b = call(ctx, "git_blame", path="src/lrucache/cache.py", start=26, end=27)
    assert b.ok and "self.hits += 1" in b.text and b.text.count("\n") >= 1
    assert call(ctx, "listdir").text.startswith("README.md")
    assert not call(ctx, "git_show", rev="--output=/tmp/x").ok


def test_long_outputs_are_cut_and_say_so(ctx):
    ctx.sb.write("big.txt", "x" * 50_000)
    out = call(ctx, "run", command="cat big.txt")
    assert len(out.text) < 9000 and "characters (0 lines) cut to fit the context" in out.text


def test_edit_snippet_range_syntax_and_protected(ctx):
    ok = call(ctx, "edit", path="src/lrucache/cache.py", old="        self.hits += 1\n",
              new="        self.hits += 1\n        self._data.move_to_end(key)\n")
    assert ok.ok and "27         self._data.move_to_end(key)" in ok.text
    bad = call(ctx, "edit", path="src/lrucache/cache.py", start=27, end=27, new="        self._data.move_to_end(key\n")
    assert not bad.ok and "would not parse" in bad.text
    dup = call(ctx, "edit", path="src/lrucache/cache.py", old="self", new="this")
    assert not dup.ok and "exactly once" in dup.text
    prot = call(ctx, "edit", path="tests/test_cache.py", start=1, end=1, new="")
    assert not prot.ok and "test or CI file" in prot.text
    from agent.research.tools.base import Submitted
    with pytest.raises(Submitted) as sub:
        call(ctx, "submit", summary="refresh on get")
    assert "+        self._data.move_to_end(key)" in sub.value.diff


def test_pdb_breakpoints_survive_restarts_and_move_with_edits(ctx):
    ctx.sb.write("prog.py", "def f(x):\n    y = x * 2\n    return y\n\nprint(f(21))\n")
    ctx.repro_cmd = "python prog.py"
    first = call(ctx, "pdb", command="b prog.py:3")
    assert first.ok and "pdb started" in first.text and "Breakpoint 1" in first.text
    hit = call(ctx, "pdb", command="c")
    assert "current frame: prog.py:3 in f()" in hit.text and "->    3     return y" in hit.text
    assert "42" in call(ctx, "pdb", command="p y").text
    moved = call(ctx, "edit", path="prog.py", start=1, end=1, new="def f(x):\n    x = x + 0\n")
    assert "prog.py:3 -> prog.py:4" in moved.text
    again = call(ctx, "pdb", command="c")
    assert "restarting the program: the code was edited" in again.text and "b prog.py:4" in again.text
    assert "current frame: prog.py:4 in f()" in again.text
    assert call(ctx, "pdb", command="interact").ok is False
