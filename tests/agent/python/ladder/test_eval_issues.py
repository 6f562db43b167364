"""Keep eval/issues honest: issues as they arrive (no failing test, the user's own outer frames)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from agent.evaluate import OVERLAY, case_repo
from agent.judge.match import repo_frame
from agent.path import repo_files
from agent.reports import parse
from agent.reports.paths import map_to_repo

ISSUES = Path(__file__).resolve().parents[4] / "eval" / "issues"
CASES = sorted(p.parent for p in ISSUES.glob("*/case.json"))


def load(case: Path) -> tuple[dict, Path, list[str]]:
    meta = json.loads((case / "case.json").read_text())
    repo = (case / meta["repo"]).resolve()
    return meta, repo, repo_files(repo)


def test_there_are_cases_of_every_shape():
    rungs = [json.loads((c / "case.json").read_text())["rung"] for c in CASES]
    assert len(CASES) >= 7 and {1, 2, 3, 4, None} <= set(rungs)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_report_comes_from_the_users_code_and_the_repo_frames_map(case):
    meta, repo, files = load(case)
    assert meta["source"] and meta["test_cmd"] and meta["expect"] in ("fixed", "speculative", "not_fixed", "not_reproduced")
    report = parse((case / "report.txt").read_text())
    assert report is not None and report.type == meta["kind"].split("-")[0]
    paths = {f.file: p for f in report.frames if f.file and (p := map_to_repo(f.file, files))}
    outer = report.frames[-1]
    if meta.get("named_test"):          # a CI run of the project's own test, which the issue names
        assert paths[outer.file] == meta["named_test"].split("::")[0] and meta["named_test"] in report_text(case)
        assert "/tmp/home/" in report_text(case) and meta["rung"] == 2
        return
    assert outer.file.startswith(("/tmp/home/", "<console>")) and outer.file not in paths
    if meta["expect"] == "not_reproduced":
        assert repo_frame(report, paths) is None
    else:
        assert "site-packages" in repo_frame(report, paths).file
    assert not [f for f in files if "test_crashfix" in f]


def report_text(case: Path) -> str:
    return (case / "report.txt").read_text()


def variant(case: Path) -> tuple[Path, Path | None]:
    """The repo a case runs against: its shared repo, and its overlay (a patch applied to a copy) if any."""
    meta, repo, _ = load(case)
    overlay = case / meta.get("overlay", OVERLAY)
    return repo, overlay if overlay.is_file() else None


VARIANTS = sorted({variant(c) for c in CASES}, key=str)


@pytest.mark.parametrize("repo,overlay", VARIANTS,
                         ids=lambda p: p and (p.parent.name if p.name == OVERLAY else p.name))
def test_the_repos_own_tests_pass_and_each_fix_applies(repo, overlay, tmp_path):
    """Every test passes but the one a named-test case names (it fails, and passes with the fix); a case's
    overlay is applied as `crashfix eval` applies it."""
    cases = [c for c in CASES if variant(c) == (repo, overlay)]
    work = tmp_path / "repo"
    shutil.copytree(case_repo(cases[0], load(cases[0])[0], tmp_path / "overlaid"), work)
    named = [m["named_test"] for c in cases if (m := load(c)[0]).get("named_test")]
    assert bool(named) == bool(overlay)        # the shared repos' suites pass; an overlay adds the failing test
    pytest_cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    out = subprocess.run(pytest_cmd + [f"--deselect={n}" for n in named], cwd=work,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-2000:]
    for node in named:
        assert subprocess.run(pytest_cmd + [node], cwd=work, capture_output=True, timeout=600).returncode == 1
    subprocess.run(["git", "init", "-q"], cwd=work, check=True)
    for case in cases:
        check = subprocess.run(["git", "apply", "--check", str(case / "fix.diff")], cwd=work,
                               capture_output=True, text=True)
        assert check.returncode == 0, (case.name, check.stderr)
    for case in cases:
        if load(case)[0].get("named_test"):
            subprocess.run(["git", "apply", str(case / "fix.diff")], cwd=work, check=True)
            node = load(case)[0]["named_test"]
            assert subprocess.run(pytest_cmd + [node], cwd=work, capture_output=True, timeout=600).returncode == 0
