"""The runner's rules from real trees and texts (PyPI sdists of 2016-2023): a suite whose module names
neither `unittest discover` nor pytest's defaults collect runs under pytest told its file names; the
era's pytest never replaces the project's own distribution (pytest 6.1 needs attrs>=17.4: attrs 17.2's
own suite would test PyPI's attrs); a tree that names no Python gets the newest of its day; the
import check says when an own package imports from outside the tree. No Docker."""
from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

from agent.python.environment import detect, era
from agent.python.environment.apply import install_steps
from agent.python.environment.model import Environment
from agent.python.environment.verify import check
from agent.records import CauseKind, SetupCause
from sandbox import open_sandbox

# the test modules of real sdists (arrow 0.10.0, parsedatetime 2.4, decorator 4.0.11)
ARROW = ["arrow/__init__.py", "arrow/parser.py", "tests/__init__.py", "tests/api_tests.py", "tests/arrow_tests.py",
         "tests/util_tests.py", "setup.py", "docs/conf.py"]
PARSEDATETIME = ["parsedatetime/__init__.py", "tests/__init__.py", "tests/TestDelta.py", "tests/TestNlp.py",
                 "tests/utils.py", "setup.py"]
DECORATOR = ["src/decorator.py", "src/tests/__init__.py", "src/tests/documentation.py", "src/tests/test.py", "setup.py"]


def test_a_suite_the_default_patterns_miss_runs_under_pytest_told_its_file_names(tmp_path: Path):
    for files, cmd in ((ARROW, "python -m pytest -q -o 'python_files=*_tests.py' tests"),
                       (PARSEDATETIME, "python -m pytest -q -o 'python_files=Test*.py' tests"),
                       (DECORATOR, "python -m pytest -q -o 'python_files=test*.py' src/tests")):
        found = detect.test_command(tmp_path, files)
        assert found.values["test_cmd"] == cmd, files
        assert "which neither `unittest discover` nor pytest's default pattern collects" in found.origin
    # a suite the defaults collect, and a tree with no test, are left as they were
    assert detect.test_command(tmp_path, ["pkg/__init__.py", "tests/test_api.py"]).values["test_cmd"] == "python -m pytest -q"
    assert detect.test_command(tmp_path, ["pkg/__init__.py", "pkg/utils.py"]).values["test_cmd"] == "python -m unittest discover"


def test_the_eras_pytest_holds_the_projects_own_distribution_and_falls_back_to_one_that_accepts_it(tmp_path: Path):
    (tmp_path / "setup.py").write_text("")
    env = Environment(install=["pip install -e ."], test_cmd="python -m pytest", as_of="2017-05-24T12:00:00Z",
                      python_used="3.9")
    steps = install_steps(env, tmp_path, env.test_cmd)
    cmd = next(s.cmd for s in steps if "pytest>=" in s.cmd)
    words = shlex.split(cmd)
    # one well-formed requirement (not `'pip install 'pytest>=6.1.0''`, which the shell reads as a redirection)
    assert words[:4] == ["pip", "install", "--upgrade", "pytest>=6.1.0"] and ">" not in cmd.split("||")[0].split("'")[0]
    first, fallback = cmd.split(" || ")
    assert era.OWN in first and fallback == f"pip install --upgrade 'pytest' {era.PLUGINS} {era.OWN}"
    assert "the project's own distribution held at its installed version" in env.steps[-2]
    # in a shell the hold names only what is installed from a folder, as `name==version` (here: crashfix itself)
    out = subprocess.run(["sh", "-c", f"echo {era.OWN}"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and all("==" in w for w in out.stdout.split())
    assert any(w.startswith("crashfix==") for w in out.stdout.split())


def test_a_tree_that_names_no_python_gets_the_newest_of_its_day():
    found = detect.era_python("2017-08-03T12:00:00Z")            # pyflakes 1.6.0: 418 of 572 tests fail on 3.11
    assert found.values == {"python": "3.6"} and "2017-08-03" in found.origin
    assert detect.era_python("2021-12-16T12:00:00Z").values == {"python": "3.10"}
    assert detect.era_python("2023-05-15T12:00:00Z") is None       # the default's day or later: the default
    assert detect.era_python(None) is None


def test_the_import_check_says_an_own_package_imports_from_outside_the_tree(tmp_path: Path):
    files = {"packaging/__init__.py": "", "tests/test_x.py": "def test_x():\n    pass\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    box = open_sandbox("local", tmp_path, install=False)
    try:
        result = check(box, list(files))          # nothing puts the tree on sys.path: `packaging` is the host's
    finally:
        box.close()
    assert result.foreign and "packaging" in result.foreign and result.packages == []
    assert "package packaging imports from " in result.summary() and "not from the repository" in result.summary()


def test_a_retry_with_todays_packages_holds_the_projects_own_distribution():
    # attrs 17.2.0: `pip install -r dev-requirements.txt` finds no solution as of 2017 (pympler's sdist needs
    # setuptools>=40.8); today's hypothesis then wanted attrs>=22 and replaced the tree's attrs with PyPI's
    from sandbox.install import OWN, held
    assert held("pip install -r dev-requirements.txt") == f"pip install -r dev-requirements.txt {OWN}"
    assert held("pip install 'twisted'") == f"pip install 'twisted' {OWN}"
    for cmd in ("python -m pip install --no-build-isolation -e .[tests,dev]", "pip install .", "pip install x && make",
                "python setup.py develop", era.runner_install("pytest>=6.1.0", fallback=True)):
        assert held(cmd) == cmd            # the project's own install, another command, a hold already there


# html5lib 1.1's conftest (2020), in short: pytest 6 refuses the collector it builds, and no test runs
HTML5LIB_CONFTEST = '''import pytest


class TokenizerFile(pytest.File):
    def collect(self):
        return []


def pytest_collect_file(file_path, parent):
    if file_path.suffix == ".test":
        return TokenizerFile(file_path, parent)
'''


def test_a_run_whose_only_entries_are_collection_errors_falls_back_to_the_last_pytest_before_the_removal(tmp_path: Path):
    from agent.judge.testrun import run_tests
    from agent.python.environment.fallbacks import next_fallback
    from agent.python.environment.sanity import broken
    files = {"tests/conftest.py": HTML5LIB_CONFTEST, "tests/data/a.test": "{}\n",
             "tests/test_api.py": "def test_api():\n    pass\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    box = open_sandbox("local", tmp_path, install=False)
    try:
        out = run_tests(box, "python -m pytest -q tests/data", timeout=120)
    finally:
        box.close()
    cause = broken(out, files=list(files))
    assert cause.kind is CauseKind.COLLECTION_ERRORS
    assert cause.words.startswith("no test ran: the run's only entry is 1 collection error") and \
        re.search(r"Direct construction of (conftest\.)?TokenizerFile has been deprecated, please use "
                  r"(conftest\.)?TokenizerFile\.from_parent", cause.line)
    # the tree says so before any run, and the error names the fallback
    assert era.removed_in_tree(tmp_path, ["tests/conftest.py"]) is era.NODE_CONSTRUCTION
    env = Environment(install=["pip install -e ."], test_cmd="python -m pytest -q", as_of="2020-06-22T12:00:00Z",
                      python_used="3.11")
    rung = next_fallback(env, [], cause, [])
    assert rung.label.startswith("pytest before 6.0") and rung.python == "3.9"
    assert rung.steps[-1].cmd == era.runner_install("pytest<6.0") and rung.steps[-1].cutoff == "2020-07-28T00:00:00Z"
    # the same error quoted by the report is the bug, not the environment
    assert broken(out, files=list(files), report_text=cause.line) is None


def test_a_baseline_killed_at_a_limit_before_any_result_is_said_not_silent():
    from agent.judge.testrun import TestOutcome
    from agent.python.environment.sanity import broken
    # filterpy 1.4.5's baseline (2018 tree, today's numpy): the memory limit killed pytest mid-run, no junit
    out = TestOutcome("python -m pytest -q", 137, "......................F.....F.....F.................F..........\n"
                      "[crashfix: killed: memory limit 2 GiB reached (1 process(es) killed out of memory)]")
    assert broken(out, files=["filterpy/kalman/tests/test_kf.py"]) == SetupCause(
        CauseKind.KILLED, "killed: memory limit 2 GiB reached (1 process(es) killed out of memory)",
        "the baseline was killed by a limit crashfix sets before it reported any result (`python -m pytest -q`): "
        "killed: memory limit 2 GiB reached (1 process(es) killed out of memory)")
    # a run that reported its results before a limit struck, or that timed out, is a (partial) baseline
    done = TestOutcome("python -m pytest -q", 137, "62 passed, 6 failed in 40.1s\n[crashfix: killed: memory limit 2 GiB "
                       "reached (1 process(es) killed out of memory)]")
    assert broken(done, files=["filterpy/kalman/tests/test_kf.py"]) is None


def test_a_packages_own_tests_module_runs_by_its_path_and_template_tests_do_not(tmp_path: Path):
    # webencodings 0.5.1 ships its suite as webencodings/tests.py; Jinja2 2.8's jinja2/tests.py holds
    # template tests (`def test_odd(value)`), not a suite
    (tmp_path / "webencodings").mkdir()
    (tmp_path / "webencodings/tests.py").write_text("from . import lookup\n\n\ndef test_labels():\n    assert lookup\n")
    (tmp_path / "jinja2").mkdir()
    (tmp_path / "jinja2/tests.py").write_text("def test_odd(value):\n    return value % 2 == 1\n")
    files = ["webencodings/__init__.py", "webencodings/tests.py", "jinja2/__init__.py", "jinja2/tests.py", "setup.py"]
    found = detect.test_command(tmp_path, files)
    assert found.values["test_cmd"] == "python -m pytest -q webencodings/tests.py"
    assert "webencodings/tests.py inside the package" in found.origin
    assert detect.test_command(tmp_path, [f for f in files if "webencodings" not in f]).values["test_cmd"] \
        == "python -m unittest discover"


def test_a_recipes_setup_py_test_runs_under_the_detected_runner_and_an_explicit_one_is_kept(tmp_path: Path):
    # parsedatetime 2.4's Makefile: `test:` runs `python setup.py test`, which setuptools 72 removed
    from agent.python.environment import resolve
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup(name='p', test_suite='tests')\n")
    (tmp_path / "Makefile").write_text("test:\n\tpython setup.py test\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_p.py").write_text("def test_p():\n    pass\n")
    env = resolve(tmp_path)
    assert env.test_cmd == "python -m pytest -q"
    assert any("setuptools 72 removed `setup.py test`" in s for s in env.steps)
    assert resolve(tmp_path, {"test_cmd": "python setup.py test"}).test_cmd == "python setup.py test"


# natsort 5.1.0's baseline (2017): hypothesis of its day builds code objects the Python 3.7 way
HYPOTHESIS_2017 = """ImportError while loading conftest '/workspace/conftest.py'.
Traceback (most recent call last):
  File "/usr/lib/python3.9/importlib/__init__.py", line 127, in import_module
    return _bootstrap._gcd_import(name[level:], package, level)
  File "<frozen importlib._bootstrap>", line 1030, in _gcd_import
  File "/home/sandbox/venv/lib/python3.9/site-packages/_pytest/assertion/rewrite.py", line 171, in exec_module
    exec(co, module.__dict__)
  File "/workspace/natsort/compat/fake_fastnumbers.py", line 3, in <module>
    from hypothesis import given
  File "/home/sandbox/venv/lib/python3.9/site-packages/hypothesis/strategies.py", line 90, in cacheable
    def cached_strategy(*args, **kwargs):
  File "/home/sandbox/venv/lib/python3.9/site-packages/hypothesis/internal/compat.py", line 369, in update_code_location
    return type(code)(*unpacked)
TypeError: an integer is required (got type bytes)
"""


def test_an_error_raised_inside_an_old_dependency_upgrades_that_one_package_to_the_pythons_day():
    from agent.python.environment import fallbacks, sanity
    files = ["natsort/__init__.py", "natsort/compat/fake_fastnumbers.py", "test_natsort/test_main.py"]
    stale = sanity.stale_dependency(HYPOTHESIS_2017, files)
    assert stale == ("hypothesis", "TypeError: an integer is required (got type bytes)")
    # pytest's own report of a collection error names the frame as path:line
    pytest_style = ("_ ERROR collecting test_natsort/test_main.py _\n"
                    "/home/sandbox/venv/lib/python3.9/site-packages/hypothesis/internal/compat.py:369: in update_code_location\n"
                    "    return type(code)(*unpacked)\nE   TypeError: an integer is required (got type bytes)\n")
    assert sanity.stale_dependency(pytest_style, files)[0] == "hypothesis"
    # raised in the project's own code, or in the runner: not a dependency's age
    own = HYPOTHESIS_2017.replace("/home/sandbox/venv/lib/python3.9/site-packages/hypothesis", "/workspace/natsort")
    assert sanity.stale_dependency(own, files) is None
    runner = HYPOTHESIS_2017.replace("site-packages/hypothesis/internal", "site-packages/_pytest/internal")
    assert sanity.stale_dependency(runner, files) is None
    env = Environment(install=["pip install -e ."], test_cmd="python -m pytest", as_of="2017-08-19T12:00:00Z",
                      python_used="3.9")
    cause = SetupCause(CauseKind.RUNNER_STOPPED, "TypeError: an integer is required",
                       "the test runner stopped before any test ran (`python -m pytest`, exit 1)")
    rung = fallbacks.next_fallback(env, [], cause, [], stale=stale)
    # as of the next Python's day after the commit (3.7), then 3.8's, then 3.9's: the oldest that may run
    tried, days = [], []
    while True:
        rung = fallbacks.next_fallback(env, [], cause, tried, stale=stale)
        if rung is None or not rung.label.startswith("newer dependency"):
            break
        assert rung.label.startswith("newer dependency: `pip install --upgrade 'hypothesis'` as of ")
        assert rung.steps[-1].cmd.startswith("pip install --upgrade 'hypothesis' $(")
        tried.append(rung)
        days.append(rung.steps[-1].cutoff[:10])
    assert days == ["2018-06-27", "2019-10-14", "2020-10-05"]
    young = Environment(install=[], test_cmd="python -m pytest", as_of="2021-01-01T00:00:00Z", python_used="3.9")
    assert fallbacks.newer_dependency(young, [], stale, []) is None


def test_a_missing_suite_helper_the_baseline_names_is_not_installed_from_pypi():
    from agent.python.environment import fallbacks
    env = Environment(install=["pip install -e ."], test_cmd="python -m pytest", python_used="3.9")
    cause = SetupCause(CauseKind.NO_MODULE_IMPORTS, "ModuleNotFoundError: No module named 'common'",
                       "no test module could be imported")
    rung = fallbacks.next_fallback(env, [], cause, [])
    assert rung is None or "common" not in rung.label


def test_a_ci_lint_job_listing_several_tox_envs_is_not_the_test_command(tmp_path: Path):
    # pyproject_hooks 1.0.0: the workflow's first job runs `tox -e isort,flake8`, the next `tox`
    from agent.python.environment import recipes
    (tmp_path / "tox.ini").write_text("[tox]\nenvlist = py311, isort\n\n[testenv]\ncommands = pytest []\n\n"
                                      "[testenv:isort]\ndeps = isort\ncommands = python -m isort --check --diff {toxinidir}\n\n"
                                      "[testenv:flake8]\ndeps = flake8\ncommands = flake8 src\n")
    assert not recipes.runs_tests(tmp_path, "tox -e isort,flake8")
    assert recipes.runs_tests(tmp_path, "tox -e py311,isort")


def test_tests_require_reads_each_string_by_its_own_quote(tmp_path: Path):
    # dictdiffer 0.9.0's setup.py: environment markers in double quotes inside single-quoted strings
    (tmp_path / "setup.py").write_text("tests_require = [\n    'check-manifest>=0.42',\n"
                                       "    'pytest==5.4.3;python_version<=\"3.5\"',\n    \"pytest>=6;python_version>'3.5'\",\n]\n")
    assert detect.tests_require(tmp_path) == ["check-manifest>=0.42", 'pytest==5.4.3;python_version<="3.5"',
                                              "pytest>=6;python_version>'3.5'"]
    (tmp_path / "pyproject.toml").write_text("")
    install = detect.dependencies(tmp_path).values["install"]
    assert install[-1] == ("pip install 'check-manifest>=0.42' 'pytest==5.4.3;python_version<=\"3.5\"' "
                           "'pytest>=6;python_version>\"3.5\"'")
