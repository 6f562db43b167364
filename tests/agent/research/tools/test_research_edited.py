"""search_code and search_definition see the workspace as edited (by `edit`, by a `run` command, by
a restored patch), not the clone as it was: on a real git repo, in a real local sandbox and in Docker."""
from __future__ import annotations

import pytest

from agent.memory import Memory
from agent.research.tools import ToolContext, analysis_toolbox, synthesis_toolbox
from gitrepo import make_repo
from sandbox import open_sandbox

SHAPES = '''"""Shapes."""


def area(w, h):
    return w * h


class Box:
    def volume(self, d):
        return area(1, 1) * d
'''
UTIL = "def helper():\n    return 'old_marker'\n"


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "shapes", {"shapes/geometry.py": SHAPES, "shapes/util.py": UTIL,
                                           "shapes/__init__.py": "", "README.md": "area of shapes\n"})


def toolbox_call(ctx, name, ok=True, **args):
    box = synthesis_toolbox() if name in ("edit", "submit", "run") else analysis_toolbox()
    obs = box.call(ctx, name, args)
    assert obs.ok == ok, obs.text
    return obs.text


def check_searches_follow_edits(ctx, source):
    call = lambda name, ok=True, **a: toolbox_call(ctx, name, ok, **a)        # noqa: E731
    assert "shapes/geometry.py:5:    return w * h" in call("search_code", pattern=r"w \* h")
    call("edit", path="shapes/geometry.py", old="def area(w, h):\n    return w * h\n",
         new="def area(w, h):\n    if w < 0 or h < 0:\n        raise ValueError('negative side')\n    return w * h\n")
    found = call("search_code", pattern="negative side")
    assert found == "shapes/geometry.py:6:        raise ValueError('negative side')"
    moved = call("search_code", pattern=r"w \* h|return area")
    assert moved.splitlines() == ["shapes/geometry.py:7:    return w * h", "shapes/geometry.py:12:        return area(1, 1) * d"]
    assert "no match" in call("search_code", pattern="negative side", path="shapes/util.py")
    assert "shapes/geometry.py:6:" in call("search_code", pattern="negative", path="shapes/geometry.py", glob="*.py")
    d = call("search_definition", symbol="area")
    assert "shapes/geometry.py:4 (function)" in d and "raise ValueError('negative side')" in d
    assert "shapes/geometry.py:11 (method of Box)" in call("search_definition", symbol="Box.volume")
    assert "raise ValueError('negative side')" in call("view", path="shapes/geometry.py")
    assert "negative" not in (source / "shapes/geometry.py").read_text()        # the clone is untouched

    # a change made in the workspace otherwise counts too (the `run` tool's own changes are put back:
    # only `edit` changes code, tests/security/test_command_edits.py), and so does a deletion
    ctx.sb.run("sed -i s/old_marker/new_marker/ shapes/util.py")
    assert call("search_code", pattern="_marker") == "shapes/util.py:2:    return 'new_marker'"
    ctx.sb.run("rm shapes/util.py")
    assert "no match" in call("search_code", pattern="_marker")
    assert "no definition" in call("search_definition", False, symbol="helper")

    # undone changes: the clone's copy is searched again (a reset, then the patch a resume restores)
    ctx.sb.reset()
    assert call("search_code", pattern="_marker") == "shapes/util.py:2:    return 'old_marker'"
    assert "no match" in call("search_code", pattern="negative side")
    ctx.sb.apply_patch("--- a/shapes/util.py\n+++ b/shapes/util.py\n@@ -1,2 +1,2 @@\n def helper():\n"
                       "-    return 'old_marker'\n+    return 'patched_marker'\n")
    assert call("search_code", pattern="_marker") == "shapes/util.py:2:    return 'patched_marker'"


def test_searches_see_the_edited_workspace_local(repo):
    sb = open_sandbox("local", repo, install=False)
    try:
        check_searches_follow_edits(ToolContext(sb=sb, source=repo, memory=Memory()), repo)
    finally:
        sb.close()


@pytest.mark.docker
def test_searches_see_the_edited_workspace_docker(repo, sandbox_image):
    sb = open_sandbox("docker", repo, image=sandbox_image, install=False)
    try:
        check_searches_follow_edits(ToolContext(sb=sb, source=repo, memory=Memory()), repo)
    finally:
        sb.close()
