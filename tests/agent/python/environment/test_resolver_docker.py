"""Real Docker, real PyPI at set-up: projects shaped the way real ones are set themselves up with
no flag. A CI workflow that runs `tox` becomes tox.ini's commands for the chosen environment (factor
prefixes understood, `deps = -r ...` honoured, tensorflow dropped when it cannot install), the
project's dependencies come online (PyYAML, read by setup.py from requirements.txt), the package
the issue names (Pygments) is installed; a 2016-style conftest calling `get_marker` falls back to
the pytest of the commit's era, then the nearest older Python."""
from __future__ import annotations

from agent.run import PATCHED

import json
from pathlib import Path

import pytest

from agent.evaluate import dated_repo
from agent.pipeline import run_job
from agent.run import RunConfig

pytestmark = pytest.mark.docker
PROJECTS = Path(__file__).with_name("projects")


def run_project(name: str, date: str, tmp_path: Path, **extra):
    repo = dated_repo(PROJECTS / name, date, tmp_path / name)
    out = tmp_path / "out"
    run = run_job(RunConfig(repo=str(repo), report_text=(PROJECTS / f"{name}.report.txt").read_text(), out=out,
                                 strategy="templates", **extra))
    return run, json.loads((out / "result.json").read_text())


def test_a_ci_workflow_running_tox_sets_up_and_reproduces(sandbox_image, tmp_path, monkeypatch):
    monkeypatch.setenv("CRASHFIX_ENV_CACHE", str(tmp_path / "envcache"))
    run, result = run_project("mdtool", "2019-03-15T12:00:00Z", tmp_path)
    notes = "\n".join(result["notes"])
    assert run.status in (*PATCHED, "not_fixed"), (run.error, notes)
    assert run.reproduction.reproduced
    # tox's own commands for py37-std, in the prepared environment: no `tox`, no factor prefix in a shell
    assert run.test_cmd.endswith("cd tests && py.test -q --tb=short"), run.test_cmd
    assert "runs as the commands it would run" in notes
    assert "Python 3.7 requested, 3.9 used" in notes
    # PyYAML (setup.py reads it from requirements.txt) and pytz (tox deps -r) came: all 4 tests pass
    assert len(run.tests_before.passed) == 4 and not run.tests_before.failed, run.tests_before.output[-2000:]
    assert "`tensorflow==1.13.1` failed to install and was dropped" in notes
    assert "packages the issue names are installed: Pygments" in notes
    assert "import check: package mdtool imports; 3 of 3 test modules import" in notes


def test_a_2016_conftest_using_get_marker_gets_the_pytest_and_python_of_its_era(sandbox_image, tmp_path,
                                                                                      monkeypatch):
    monkeypatch.setenv("CRASHFIX_ENV_CACHE", str(tmp_path / "envcache"))
    run, result = run_project("slugkit", "2018-06-20T09:00:00Z", tmp_path)
    notes = "\n".join(result["notes"])
    assert run.status in (*PATCHED, "not_fixed"), (run.error, notes)
    # the tree itself says what its era needs: `get_marker` in the conftest (removed in pytest 4.1) and
    # no Python named before 2018-06-20 (3.6): the pytest before 4.1 on the nearest image, 3.9, with the
    # `py` library that runs there; no set-up fallback is needed
    assert "the suite uses `get_marker` (a conftest or plugin), which pytest 4.1 removed" in notes
    assert "`pytest<4.1` as of 2019-01-05" in notes and "Python 3.6 requested, 3.9 used" in notes
    assert "py 1.11.0" in notes
    assert not [n for n in result["notes"] if "fallback:" in n]
    assert len(run.tests_before.passed) == 4 and run.tests_before.skipped == 1
    assert run.reproduction.reproduced


def test_an_explicit_setup_command_is_run_as_given_in_the_local_sandbox(tmp_path):
    """`--setup-cmd` is final: no pytest of an era, no union added; the local sandbox says its Python."""
    repo = dated_repo(PROJECTS / "slugkit", "2018-06-20T09:00:00Z", tmp_path / "slugkit")
    out = tmp_path / "out"
    run_job(RunConfig(repo=str(repo), report_text=(PROJECTS / "slugkit.report.txt").read_text(), out=out,
                                 strategy="templates", sandbox="local", setup_cmd="echo explicit > .crashfix-setup",
                                 python="3.6"))
    notes = "\n".join(json.loads((out / "result.json").read_text())["notes"])
    assert "pytest as of" not in notes and "install completed" not in notes, notes
    assert "install `echo explicit > .crashfix-setup` from the command line" in notes
    import sys
    assert f"Python 3.6 requested; the local sandbox runs Python {sys.version_info[0]}.{sys.version_info[1]}" in notes


def test_a_recipe_naming_a_missing_file_drops_it_and_a_missing_module_is_installed(sandbox_image, tmp_path,
                                                                                   monkeypatch):
    """The CI workflow installs `requirements-ci.txt`, which the tree does not have: the packaging
    files' own install instead; the import check then names `bs4` (used, never declared): installed."""
    monkeypatch.setenv("CRASHFIX_ENV_CACHE", str(tmp_path / "envcache"))
    run, result = run_project("linkcheck", "2023-05-10T08:00:00Z", tmp_path)
    notes = "\n".join(result["notes"])
    tried = [n for n in result["notes"] if "fallback:" in n]
    assert run.status in (*PATCHED, "not_fixed"), (run.error, notes)
    # the missing file is dropped before set-up (the rest installs), then the import check names bs4
    assert "`-r requirements-ci.txt` dropped from the install: the tree has no requirements-ci.txt" in notes
    assert "No module named 'bs4'" in notes
    assert tried[0].startswith("environment: fallback: missing modules installed: `pip install 'beautifulsoup4'`")
    assert len(run.tests_before.passed) == 2 and run.reproduction.reproduced


def test_a_tox_env_whose_commands_find_no_test_gives_way_to_the_next_env(sandbox_image, tmp_path, monkeypatch):
    """py37-std's commands point at `unit/`, which the tree no longer has: its baseline collects no
    test, and the set-up falls back to py37-ext (its deps, Pygments included, and its commands)."""
    import shutil
    monkeypatch.setenv("CRASHFIX_ENV_CACHE", str(tmp_path / "envcache"))
    tree = shutil.copytree(PROJECTS / "mdtool", tmp_path / "src" / "mdtool")
    tox = (tree / "tox.ini").read_text().replace("py.test {posargs:-q} --tb=short", "py.test {posargs:-q} --tb=short unit")
    (tree / "tox.ini").write_text(tox)
    repo = dated_repo(tree, "2019-03-15T12:00:00Z", tmp_path / "mdtool")
    out = tmp_path / "out"
    run = run_job(RunConfig(repo=str(repo), report_text=(PROJECTS / "mdtool.report.txt").read_text(), out=out,
                                 strategy="templates"))
    notes = "\n".join(json.loads((out / "result.json").read_text())["notes"])
    assert "file or directory not found: unit" in notes or "collected no test" in notes, notes
    assert "environment: fallback: another tox env: `py37-ext`" in notes
    assert run.test_cmd.endswith('cd tests && py.test -q -m "not slow"'), run.test_cmd
    assert len(run.tests_before.passed) == 4 and run.status in (*PATCHED, "not_fixed"), (run.error, notes)
