"""crashfix run end to end: real repos, the real Docker sandbox, real pytest and pdb."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from agent.pipeline import run_job
from agent.run import RunConfig
from bot.cli.main import main as cli
from gitrepo import make_repo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"
DEV = ROOT / "eval" / "dev"


def config(case: Path, out: Path, sandbox: str = "docker", **kw) -> RunConfig:
    meta = json.loads((case / "case.json").read_text())
    return RunConfig(repo=str(case / "repo"), report_text=(case / "report.txt").read_text(), out=out,
                     test_cmd=meta["test_cmd"], strategy="templates", sandbox=sandbox, **kw)


@pytest.mark.docker
def test_cli_fixes_the_bundled_example_in_docker(sandbox_image, tmp_path, capsys):
    out = tmp_path / "out"
    code = cli(["run", "--repo", str(EXAMPLE / "repo"), "--report", str(EXAMPLE / "report.txt"),
                "--test-cmd", "python -m pytest -q", "--out", str(out), "--max-candidates", "6"])
    assert code == 0, capsys.readouterr()
    result = json.loads((out / "result.json").read_text())
    assert result["status"] == "fixed"
    assert result["reproduction"]["reproduced"] and result["reproduction"]["crashed"] == 3
    assert not result["reproduction"]["flaky"]
    assert result["reproduction"]["after"] == {"tries": 3, "clean": 3}
    assert result["tests"]["before"]["failed"] == 1
    assert result["tests"]["after"]["failed"] == 0
    assert result["tests"]["after"]["passed"] == result["tests"]["before"]["passed"] + 1
    assert result["debugger"]["values"]["item"] == "None"          # pdb saw the None
    patch = (out / "patch.diff").read_text()
    assert patch == result["patch"] and "+        if item is None:" in patch
    assert all(not f.startswith("tests/") for c in result["candidates"] for f in c["files"])
    report = (out / "report.md").read_text()
    assert "**Root cause:**" in report and "AttributeError" in report and "```diff" in report
    assert (out / "logs" / "candidate-01.log").exists()
    assert set(result) >= {"status", "patch", "candidates", "reproduction", "tests", "timings", "cost"}


@pytest.mark.docker
def test_a_report_the_repo_does_not_reproduce_ends_not_reproduced(sandbox_image, tmp_path):
    run = run_job(config(DEV / "mdtoc-empty-heading-not-reproduced", tmp_path / "out"))
    assert run.status == "not_reproduced"
    assert run.best is None and not run.verdicts
    result = json.loads((tmp_path / "out" / "result.json").read_text())
    assert result["patch"] is None and not (tmp_path / "out" / "patch.diff").exists()
    assert "did not reproduce" in result["error"] and result["reproduction"]["attempts"]


SHARED_HELPER = {
    "pyproject.toml": '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n'
                      '[project]\nname = "meter"\nversion = "0.1"\n[tool.setuptools]\npackages = ["meter"]\n',
    "meter/__init__.py": "",
    "meter/numbers.py": (
        "def ratio(part, whole):\n"
        "    return part / whole\n"
        "\n\n"
        "def growth(old, new):\n"
        "    try:\n"
        "        return ratio(new - old, old)\n"
        "    except ZeroDivisionError:\n"
        "        return None\n"),
    "meter/stats.py": (
        "from meter.numbers import ratio\n"
        "\n\n"
        "def hit_rate(hits, misses):\n"
        "    return ratio(hits, hits + misses)\n"),
    "tests/test_meter.py": (
        "from meter.numbers import growth\n"
        "from meter.stats import hit_rate\n"
        "\n\n"
        "def test_hit_rate():\n"
        "    assert hit_rate(1, 3) == 0.25\n"
        "\n\n"
        "def test_hit_rate_before_any_lookup():\n"
        "    assert hit_rate(0, 0) == 0\n"
        "\n\n"
        "def test_growth_from_nothing_is_unknown():\n"
        "    assert growth(0, 5) is None\n"),
}


@pytest.mark.docker
def test_a_patch_that_breaks_another_test_is_never_proposed(sandbox_image, tmp_path):
    """Guarding the shared ratio() removes the crash but breaks growth(): it must be rejected."""
    repo = make_repo(tmp_path / "meter", SHARED_HELPER)
    report = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=repo,
                            capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(repo)}).stdout
    assert "ZeroDivisionError" in report
    run = run_job(RunConfig(repo=str(repo), report_text=report, out=tmp_path / "out",
                                 test_cmd="python -m pytest -q", strategy="templates", sandbox="docker"))
    assert run.reproduction.reproduced
    in_ratio = [v for v in run.verdicts if v.candidate.files == ("meter/numbers.py",) and v.clean_runs == 3]
    assert in_ratio, "a guard inside ratio() should have been tried, and cleared the crash"
    for verdict in in_ratio:
        assert not verdict.validated
        assert "tests.test_meter::test_growth_from_nothing_is_unknown" in verdict.broken
    if run.best:                                    # a guard in the caller is a fine fix
        assert run.best.candidate.files == ("meter/stats.py",)
    assert all(v.candidate.files != ("meter/numbers.py",) for v in run.verdicts if v.validated)


def test_local_backend_fixes_the_example_too(tmp_path):
    run = run_job(config(EXAMPLE, tmp_path / "out", sandbox="local", max_candidates=3))
    assert run.status == "fixed"
    assert "item is None" in run.best.candidate.diff


def test_a_text_with_no_crash_is_an_error_that_says_so(tmp_path):
    cfg = RunConfig(repo=str(EXAMPLE / "repo"), report_text="It does not work, please help.",
                    out=tmp_path / "out", sandbox="local")
    run = run_job(cfg)
    assert run.status == "error" and "no crash report" in run.error
    assert json.loads((tmp_path / "out" / "result.json").read_text())["status"] == "error"


def test_a_repo_that_does_not_exist_is_an_error_that_names_it(tmp_path):
    cfg = RunConfig(repo=str(tmp_path / "nowhere"), report_text=(EXAMPLE / "report.txt").read_text(),
                    out=tmp_path / "out", sandbox="local")
    run = run_job(cfg)
    assert run.status == "error" and "nowhere" in run.error


def test_a_repo_that_fails_to_install_is_env_broken_naming_the_cause(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(EXAMPLE / "repo", repo)
    (repo / "pyproject.toml").write_text("[project\nname = broken\n")
    cfg = RunConfig(repo=str(repo), report_text=(EXAMPLE / "report.txt").read_text(),
                    out=tmp_path / "out", sandbox="local", test_cmd="python -m pytest -q")
    run = run_job(cfg)
    assert run.status == "env_broken" and "SetupFailed" in run.error
