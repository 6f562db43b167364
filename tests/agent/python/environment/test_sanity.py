"""Baseline sanity on real test runs (the local sandbox, real pytest and unittest)."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.python.environment.sanity import broken
from agent.records import CauseKind
from agent.judge.testrun import run_tests
from sandbox import open_sandbox


def baseline(tmp_path: Path, files: dict[str, str], cmd: str = "python -m pytest -q"):
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    box = open_sandbox("local", tmp_path, install=False)
    try:
        return run_tests(box, cmd, timeout=120)
    finally:
        box.close()


def test_every_module_failing_on_a_missing_dependency_is_env_broken(tmp_path):
    out = baseline(tmp_path, {"tests/test_a.py": "import nose_missing_dep\ndef test_a(): pass\n",
                              "tests/test_b.py": "from nose_missing_dep.tools import eq_\ndef test_b(): pass\n"})
    cause = broken(out, files=["tests/test_a.py", "tests/test_b.py"])
    assert cause.kind is CauseKind.NO_MODULE_IMPORTS and cause.line == "ModuleNotFoundError: No module named 'nose_missing_dep'"
    assert cause.words == "no test module could be imported: ModuleNotFoundError: No module named 'nose_missing_dep'"


def test_one_module_still_running_tests_is_not_env_broken(tmp_path):
    files = {"test_a.py": "import nose_missing_dep\n", "test_b.py": "import unittest\nclass T(unittest.TestCase):\n"
             "    def test_b(self): pass\n    def test_c(self): self.fail()\n"}
    out = baseline(tmp_path, files, "python -m unittest discover")
    assert out.exit_code != 0 and "nose_missing_dep" in out.output
    assert broken(out, files=list(files)) is None


def test_the_repositorys_own_import_error_is_a_bug_not_the_environment(tmp_path):
    files = {"app/__init__.py": "from app.core import run\n", "app/core.py": "from app.missing_part import x\n",
             "tests/test_a.py": "import app\ndef test_a(): pass\n"}
    out = baseline(tmp_path, files)
    assert broken(out, files=list(files)) is None
    # so is an import error the report itself quotes
    nosuch = baseline(tmp_path / "b", {"tests/test_a.py": "import nose_missing_dep\n"})
    assert broken(nosuch, report_text="ModuleNotFoundError: No module named 'nose_missing_dep'") is None


@pytest.mark.parametrize("cmd, files, kind, says, line", [
    ("python -m pytest -q", {"tests/helpers.py": "X = 1\n"}, CauseKind.NO_TESTS, "collected no test", ""),
    ("python -m unittest discover", {"test/helpers.py": "X = 1\n"}, CauseKind.NO_TESTS, "collected no test", ""),
    ("python -m pytest -q --no-such-flag", {"test_a.py": "def test_a(): pass\n"}, CauseKind.OPTIONS_REFUSED,
     "refuses its options", "unrecognized arguments: --no-such-flag"),
    ("nosetests", {"test_a.py": "def test_a(): pass\n"}, CauseKind.CANNOT_RUN, "cannot run", "nosetests: "),
])
def test_no_test_collected_or_a_runner_that_cannot_start(tmp_path, cmd, files, kind, says, line):
    cause = broken(baseline(tmp_path, files, cmd), files=list(files))
    assert cause.kind is kind and says in cause.words and line in cause.line


def test_a_real_baseline_with_failures_is_fine(tmp_path):
    out = baseline(tmp_path, {"test_a.py": "def test_a(): pass\ndef test_b(): assert 1 == 2\n"})
    assert out.passed and out.failed and broken(out, files=["test_a.py"]) is None


def test_a_repository_with_no_test_at_all_is_not_env_broken(tmp_path):
    # nothing to collect is no sign of breakage there: the run goes on to the issue's own snippets
    files = {"app.py": "def f(): return 1\n"}
    out = baseline(tmp_path, files, "python -m unittest discover")
    assert "Ran 0 tests" in out.output
    assert broken(out, files=list(files)) is None


# a 2016 conftest: `get_marker` was removed in pytest 4.1, so every test errors in its set-up
OLD_CONFTEST = '''import pytest


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run slow tests")


def pytest_runtest_setup(item):
    if item.get_marker("slow") and not item.config.getoption("--runslow"):
        pytest.skip("need --runslow option to run")
'''


def test_every_test_erroring_in_set_up_with_one_error_is_env_broken(tmp_path):
    files = {"conftest.py": OLD_CONFTEST,
             "tests/test_parse.py": "def test_a():\n    assert 1\n\ndef test_b():\n    assert 2\n",
             "tests/test_render.py": "import pytest\n\n@pytest.mark.slow\ndef test_c():\n    assert 3\n"}
    out = baseline(tmp_path, files)
    cause = broken(out, files=list(files))
    assert cause.kind is CauseKind.SETUP_ERRORS
    assert cause.words.startswith("every test (3) errored in its set-up with the same error")
    assert "'Function' object has no attribute 'get_marker'" in cause.line
    # one test that passes: the suite's infrastructure runs, the errors are the tests' own
    files["tests/test_ok.py"] = "def test_ok():\n    pass\n"
    files["conftest.py"] = OLD_CONFTEST.replace('item.get_marker("slow")', 'item.get_closest_marker("slow") or '
                                                'item.name != "test_ok" and item.get_marker("slow")')
    assert broken(baseline(tmp_path / "b", files), files=list(files)) is None


def test_a_baseline_that_reaches_for_the_network_is_env_broken(tmp_path):
    files = {"tests/test_net.py": "import socket\n\ndef test_fetch():\n"
                                  "    socket.getaddrinfo('pypi.invalid.', 443)\n"}
    out = baseline(tmp_path, files)
    cause = broken(out, files=list(files))
    assert cause.kind is CauseKind.NETWORK and cause.words.startswith("the test command reached for the network")
    assert "Name or service not known" in cause.line or "Temporary failure in name resolution" in cause.line


def test_a_runner_that_dies_before_any_test_is_env_broken(tmp_path):
    files = {"conftest.py": "import pytest\npytest_plugins = []\nraise TypeError('required field \"lineno\" missing from alias')\n",
             "tests/test_a.py": "def test_a(): pass\n"}
    out = baseline(tmp_path, files)
    cause = broken(out, files=list(files))
    assert cause.kind is CauseKind.RUNNER_STOPPED and cause.words.startswith("the test runner stopped before any test ran")
    assert cause.line.startswith("TypeError: ") and "lineno" in cause.line


def test_a_chain_whose_suite_crashes_the_runner_is_env_broken_whatever_passed_before(tmp_path):
    # natsort 5.1.0: the doctests pass, then pytest-flakes of 2017 crashes the suite's pytest at start-up
    files = {"doc_app.py": 'def f():\n    """\n    >>> f()\n    1\n    """\n    return 1\n',
             "plug/crashing_plugin.py": "def pytest_configure(config):\n    raise AttributeError(\"'Config' object has no attribute 'cache'\")\n",
             "tests/test_a.py": "def test_a(): pass\n"}
    out = baseline(tmp_path, files, "python -m pytest -q --doctest-modules doc_app.py && "
                                    "PYTHONPATH=plug python -m pytest -q -p crashing_plugin tests")
    assert out.passed == {"doc_app::doc_app.f"} and out.exit_code == 3
    cause = broken(out, files=list(files))
    assert cause.kind is CauseKind.RUNNER_CRASHED and cause.line == "AttributeError: 'Config' object has no attribute 'cache'"
    assert cause.words.startswith("the test runner crashed (") and \
        cause.words.endswith("INTERNALERROR): AttributeError: 'Config' object has no attribute 'cache'")


def test_a_runner_script_that_dies_on_a_traceback_before_any_test_is_env_broken(tmp_path):
    # bidict 0.18.0's `./run_tests.py`: hypothesis of 2019 fails on import on Python 3.9
    files = {"run_tests.py": "import helper_dep\nimport sys\nsys.exit(0)\n",
             "helper_dep.py": "def f():\n    raise TypeError('an integer is required (got type bytes)')\nf()\n",
             "tests/test_a.py": "def test_a(): pass\n"}
    out = baseline(tmp_path, files, "python run_tests.py")
    cause = broken(out, files=list(files))
    assert cause.kind is CauseKind.RUNNER_STOPPED and cause.line == "TypeError: an integer is required (got type bytes)"
    assert cause.words == ("the test runner stopped before any test ran (`python run_tests.py`, exit 1): "
                           "TypeError: an integer is required (got type bytes)")
    # a script that ran its tests and failed some is a baseline with failures, not a broken one
    ran = baseline(tmp_path / "b", {"run_tests.py": "import unittest, sys\nclass T(unittest.TestCase):\n"
                                    "    def test_a(self): self.fail()\n    def test_b(self): pass\n"
                                    "sys.exit(not unittest.main(exit=False).result.wasSuccessful())\n"},
                   "python run_tests.py")
    assert ran.exit_code == 1 and "Traceback" in ran.output and broken(ran, files=["run_tests.py"]) is None


def test_an_internal_error_after_which_the_run_finished_is_not_env_broken(tmp_path):
    # html5lib 1.0.1: an old plugin's report hook fails on one test late in the run; 6846 passed before
    files = {"late_plugin.py": "def pytest_runtest_makereport(item, call):\n"
                               "    if item.name == 'test_z' and call.when == 'call':\n"
                               "        raise TypeError(\"unsupported operand type(s) for +: 'NoneType' and 'int'\")\n",
             "tests/test_a.py": "def test_a(): pass\n\n\ndef test_b(): pass\n\n\ndef test_z(): pass\n"}
    out = baseline(tmp_path, files, "PYTHONPATH=. python -m pytest -q -p late_plugin tests")
    assert out.exit_code == 3 and "INTERNALERROR>" in out.output
    assert broken(out, files=list(files)) is None


def test_a_part_of_a_chain_whose_session_fails_to_collect_is_env_broken_whatever_passed_before(tmp_path):
    # natsort 5.1.0: the doctests pass, then pytest-pep8 of 2017 cannot collect on pytest 6: the suite never ran
    files = {"doc_app.py": 'def f():\n    """\n    >>> f()\n    1\n    """\n    return 1\n',
             "lint_plugin.py": "def pytest_collect_file(parent, path):\n"
                               "    raise TypeError('Direct construction of Pep8Item has been deprecated')\n",
             "tests/test_a.py": "def test_a(): pass\n"}
    out = baseline(tmp_path, files, "python -m pytest -q --doctest-modules doc_app.py && "
                                    "PYTHONPATH=. python -m pytest -q -p lint_plugin tests")
    assert out.passed == {"doc_app::doc_app.f"}
    cause = broken(out, files=list(files))
    assert cause.kind is CauseKind.COLLECTED_NOTHING
    assert cause.line == "TypeError: Direct construction of Pep8Item has been deprecated"
    assert cause.words.startswith("a part of the test command collected nothing (") and cause.words.endswith(cause.line)
