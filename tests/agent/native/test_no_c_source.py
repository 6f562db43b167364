"""A C crash report on a tree that holds no C or C++ source (issue 39): the run says so, in one line,
rather than "no build system found" (which asks for a build command that cannot help)."""
from __future__ import annotations

import json

from agent.pipeline import run_job
from agent.run import RunConfig
from gitrepo import make_repo
from tini import ISSUE


def test_a_c_crash_on_a_tree_without_c_source_says_the_tree_holds_none(tmp_path):
    repo = make_repo(tmp_path / "pyonly", {"pkg/__init__.py": "def value(line):\n    return line.split('=')[1]\n",
                                            "setup.py": "from setuptools import setup\nsetup(name='pkg')\n"})
    run = run_job(RunConfig(repo=str(repo), report_text=ISSUE, out=tmp_path / "out", strategy="templates",
                            sandbox="local"))
    result = json.loads((tmp_path / "out" / "result.json").read_text())
    assert run.result.status == result["status"] == "error"
    assert "holds no C or C++ source" in result["error"]
    assert "no build system" not in result["error"]
