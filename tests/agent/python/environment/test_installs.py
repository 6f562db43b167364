"""Installs that used to sink a set-up (pure parts, from the real errors of the environment
benchmark): a `-r FILE` the tree does not have, build tools of a cut-off older than the sandbox's
Python, the project's own editable install retried with build isolation."""
from __future__ import annotations

from pathlib import Path

from agent.python.environment.apply import planned, without_absent_files
from agent.python.environment.model import Environment
from sandbox.install import Installer
from sandbox.setup import OWN_EDITABLE


def test_a_requirement_file_the_tree_does_not_have_is_dropped_and_said(tmp_path: Path):
    # Markdown 2.6.9's tox deps `-rtest-requirements.txt`, blinker 1.6.2's `-r requirements/tests.txt`:
    # `error: File not found: test-requirements.txt` sank the whole set-up
    (tmp_path / "requirements").mkdir()
    (tmp_path / "requirements" / "dev.txt").write_text("mock\n")
    assert without_absent_files(tmp_path, "pip install -rtest-requirements.txt") == (None, ["test-requirements.txt"])
    assert without_absent_files(tmp_path, "pip install -r requirements/tests.txt -r requirements/dev.txt") == (
        "pip install -r requirements/dev.txt", ["requirements/tests.txt"])
    assert without_absent_files(tmp_path, "pip install -r requirements.txt 'pytest>=3' mock") == (
        "pip install 'pytest>=3' mock", ["requirements.txt"])
    for kept in ("pip install -r requirements/dev.txt", "cd sub && pip install -r nothere.txt", "make deps"):
        assert without_absent_files(tmp_path, kept) == (kept, [])
    env = Environment()
    steps = planned(env, tmp_path, ["pip install -rtest-requirements.txt", "pip install nose"])
    assert [s.cmd for s in steps] == ["pip install nose"]
    assert env.steps == ["`-r test-requirements.txt` dropped from the install: the tree has no test-requirements.txt "
                         "(the rest of the install goes on)"]


def test_build_tools_are_no_older_than_the_sandboxs_python():
    # jsonpickle 1.2 (2019) on Python 3.9: setuptools of 2019 in uv's build environment fails with
    # `AttributeError: 'HTMLParser' object has no attribute 'unescape'` building bson and demjson
    uv = Installer("uv", True, python="3.9")
    assert uv.build_floor("2019-05-24T12:00:00Z") == "2020-10-05T00:00:00Z"
    assert uv.command("pip install -r requirements-dev.txt", "2019-05-24T12:00:00Z", False) == (
        "export UV_SYSTEM_CERTS=1 UV_EXCLUDE_NEWER=2019-05-24T12:00:00Z; uv pip install "
        "--exclude-newer-package setuptools=2020-10-05T00:00:00Z --exclude-newer-package wheel=2020-10-05T00:00:00Z "
        "-r requirements-dev.txt")
    assert uv.build_floor("2021-01-01T00:00:00Z") is None and uv.build_floor(None) is None
    assert Installer("pip", True, python="3.9").build_floor("2019-05-24T12:00:00Z") is None
    assert Installer("uv", True).build_floor("2019-05-24T12:00:00Z") is None       # Python not known: as before


def test_the_projects_own_editable_installs_are_the_ones_retried_with_isolation():
    assert OWN_EDITABLE.match("python -m pip install --no-build-isolation --no-deps -e .")
    assert OWN_EDITABLE.match("python -m pip install --no-build-isolation -e .[numpy,tests]")
    assert not OWN_EDITABLE.match("python -m pip install --no-build-isolation -e ./vendored")


def test_an_aggregate_file_whose_includes_conflict_loses_its_linting_include(tmp_path: Path):
    # annotated-types 0.5.0: requirements/all.txt = `-r ./linting.txt` + `-r ./testing.txt`, which pin
    # pytest apart; uv names no line of all.txt itself
    from sandbox import open_sandbox
    from sandbox.setup import REQ_FILE_STEP, _drop_from_file
    (tmp_path / "requirements").mkdir()
    (tmp_path / "requirements" / "all.txt").write_text("-r ./linting.txt\n-r ./testing.txt\n")
    output = ("Using Python 3.11.2 environment at: /home/sandbox/venv\n"
              "error: No solution found when resolving dependencies\n"
              "  cause: Because you require pytest==7.3.1 and pytest==7.1.3, we can conclude that your requirements "
              "are unsatisfiable.\n")
    box = open_sandbox("local", tmp_path, install=False)
    notes: list[str] = []
    try:
        cmd = _drop_from_file(box, REQ_FILE_STEP.match("pip install -r requirements/all.txt"),
                              "pip install -r requirements/all.txt", output, notes)
        copy = box.read(".crashfix/requirements_all.txt")
    finally:
        box.close()
    assert cmd == "pip install -r .crashfix/requirements_all.txt"
    assert copy == "-r ../requirements/./testing.txt\n"
    assert notes[0].startswith("`-r ./linting.txt` failed to install and was dropped from requirements/all.txt")


def test_the_images_uv_runs_by_its_path():
    # sqlparse 0.5.3's CI step `pip install --upgrade pip hatch` put hatch's own uv in the venv, first on
    # PATH; it did not read the CA settings: `invalid peer certificate: UnknownIssuer`
    uv = Installer("uv", True, uv="/usr/local/bin/uv")
    assert uv.command("pip install hatch", None, False) == "export UV_SYSTEM_CERTS=1; /usr/local/bin/uv pip install hatch"
