"""The held-out-style case of issue 25 (eval/held/tally-empty-group-tree-header): a suite with one
module that fails to collect before any change (an optional extra not installed), a test that walks
the tree for license headers, and a crash pasted from the user's own script. Templates only, the
local sandbox: `fixed`, and in a clean clone the patch plus the regression test crashfix wrote pass
the crash's (hidden) test and the tree test."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from agent.pipeline import run_job
from agent.run import RunConfig
from gitrepo import git, make_repo

CASE = Path(__file__).resolve().parents[2] / "eval" / "held" / "tally-empty-group-tree-header"


def test_the_held_case_is_fixed_and_its_patch_passes_the_crash_test_and_the_tree_test_in_a_clean_clone(tmp_path):
    meta = json.loads((CASE / "case.json").read_text())
    files = {str(p.relative_to(CASE / "repo")): p.read_text() for p in (CASE / "repo").rglob("*") if p.is_file()}
    repo = make_repo(tmp_path / "tally", files)
    run = run_job(RunConfig(repo=str(repo), report_text=(CASE / "report.txt").read_text(), out=tmp_path / "out",
                                 test_cmd=meta["test_cmd"], strategy="templates", sandbox="local"))
    result = json.loads((tmp_path / "out" / "result.json").read_text())
    assert run.status == meta["expect"] == "fixed", result.get("error")
    assert "pre-existing" in run.best.reason and "tests.test_export" in run.best.reason
    assert any("1 test module(s) fail to collect: tests/test_export.py (ModuleNotFoundError: No module named "
               "'tally._speedups')" in n and "pre-existing" in n for n in run.notes), run.notes
    regression = result["reproduction"]["regression_test"]
    made = next(a for a in result["reproduction"]["attempts"] if a["how"].startswith("regression test"))
    assert made["why"].endswith(f"; `python -m pytest -q` collects {regression['path']}"), made["why"]
    assert regression["path"].startswith("tests/test_crashfix_") and regression["text"].startswith("# SPDX-License")

    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(repo), str(clone)], check=True)
    subprocess.run(["git", "apply"], input=result["patch"], text=True, cwd=clone, check=True)
    (clone / regression["path"]).write_text(regression["text"])
    shutil.copy(CASE / meta["crash_test"], clone / "tests" / "test_crash.py")
    got = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_crash.py",
                          meta["tree_test"], regression["path"]], cwd=clone, capture_output=True, text=True)
    assert got.returncode == 0 and "3 passed" in got.stdout, got.stdout[-2000:]
    assert git(clone, "status", "--porcelain").strip() != ""      # the clone holds exactly what the PR adds
    # and the project's own command collects the regression test
    collect = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only", "-p", "no:cacheprovider",
                              "--continue-on-collection-errors"], cwd=clone, capture_output=True, text=True)
    assert regression["path"] + "::" in collect.stdout
