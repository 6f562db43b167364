"""Real Docker, real PyPI at set-up: projects shaped the way real ones are set themselves up with
no flag. A CI workflow that runs `tox` becomes tox.ini's commands for the chosen environment (factor
prefixes understood, `deps = -r ...` honoured, tensorflow dropped when it cannot install), the
project's dependencies come online (PyYAML, read by setup.py from requirements.txt), the package
the issue names (Pygments) is installed; a 2016-style conftest calling `get_marker` climbs the
ladder: the pytest of the commit's era, then the nearest older Python."""
from __future__ import annotations

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
    assert run.status in ("fixed", "not_fixed"), (run.error, notes)
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


def test_a_2016_conftest_using_get_marker_climbs_to_the_pytest_and_python_of_its_era(sandbox_image, tmp_path,
                                                                                      monkeypatch):
    monkeypatch.setenv("CRASHFIX_ENV_CACHE", str(tmp_path / "envcache"))
    run, result = run_project("slugkit", "2018-06-20T09:00:00Z", tmp_path)
    notes = "\n".join(result["notes"])
    assert run.status in ("fixed", "not_fixed"), (run.error, notes)
    ladder = [n for n in result["notes"] if "ladder:" in n]
    assert "errored in its set-up with the same error" in notes and "get_marker" in notes
    # on 3.11 the pytest the era needs cannot start (py's apipkg: `AttributeError: __spec__`), so the
    # ladder goes to 3.9, where every test errors on `get_marker` until the pytest of 2018 is installed
    assert "the test runner stopped before any test ran" in notes and "AttributeError: __spec__" in notes
    assert ladder == ["environment: ladder: python: the nearest older Python image, 3.9: set up",
                      ladder[1]], ladder
    assert ladder[1].startswith("environment: ladder: older pytest: `pip install 'pytest<") and \
        "as of 2018-06-20" in ladder[1] and ladder[1].endswith(": set up")
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


def test_a_recipe_whose_install_fails_falls_back_and_a_missing_module_is_installed(sandbox_image, tmp_path,
                                                                                   monkeypatch):
    """The CI workflow installs `requirements-ci.txt`, which the tree does not have: the packaging
    files' own install instead; the import check then names `bs4` (used, never declared): installed."""
    monkeypatch.setenv("CRASHFIX_ENV_CACHE", str(tmp_path / "envcache"))
    run, result = run_project("linkcheck", "2023-05-10T08:00:00Z", tmp_path)
    notes = "\n".join(result["notes"])
    ladder = [n for n in result["notes"] if "ladder:" in n]
    assert run.status in ("fixed", "not_fixed"), (run.error, notes)
    assert "environment: set-up failed: repository install failed (exit 2): `python -m pip install -r requirements-ci.txt`" \
        in notes and "requirements-ci.txt" in notes.split("set-up failed")[1].splitlines()[0]
    assert ladder[0].startswith("environment: ladder: another recipe: the packaging files' own install")
    assert "No module named 'bs4'" in notes
    assert ladder[1].startswith("environment: ladder: missing modules installed: `pip install 'beautifulsoup4'`")
    assert len(run.tests_before.passed) == 2 and run.reproduction.reproduced


def test_a_tox_env_whose_commands_find_no_test_gives_way_to_the_next_env(sandbox_image, tmp_path, monkeypatch):
    """py37-std's commands point at `unit/`, which the tree no longer has: its baseline collects no
    test, and the ladder takes py37-ext (its deps, Pygments included, and its commands)."""
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
    assert "environment: ladder: another tox env: `py37-ext`" in notes
    assert run.test_cmd.endswith('cd tests && py.test -q -m "not slow"'), run.test_cmd
    assert len(run.tests_before.passed) == 4 and run.status in ("fixed", "not_fixed"), (run.error, notes)
