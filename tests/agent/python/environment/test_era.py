"""The test runner of the commit's era (agent/python/environment/era.py), from real error texts of
2015-2023 PyPI sdists: the last pytest before an API the suite uses was removed (on Python 3.9), the
installed plugins upgraded with the era's pytest, `py`'s last release, the plugins pytest options
name, a plugin that no longer loads turned off. Pure: no Docker."""
from __future__ import annotations

import subprocess

from agent.judge.testrun import TestOutcome as Outcome
from agent.python.environment import era
from agent.python.environment.apply import install_steps, old_runner
from agent.python.environment.model import Environment
from agent.python.environment.fallbacks import next_fallback
from agent.python.environment.sanity import broken
from agent.records import CauseKind, SetupCause
from sandbox.setup import InstallStep

SETUP_CFG = "[bdist_wheel]\nuniversal = 1\n\n[pytest]\nminversion = 2.2.0\npep8ignore =\n\tdocumentation/*.py ALL\n"
SECTION_ERROR = SetupCause(CauseKind.RUNNER_STOPPED, "Failed: [pytest] section in setup.cfg files is no longer supported, "
                           "change to [tool:pytest] instead.", "the test runner stopped before any test ran "
                           "(`python -m pytest -q -p no:cacheprovider`, exit 1)")
PEP8_ERROR = SetupCause(CauseKind.RUNNER_STOPPED, "pluggy._manager.PluginValidationError: Plugin 'pep8' for hook "
                        "'pytest_collect_file'", "the test runner stopped before any test ran (`python -m pytest -q`, exit 3)")
COV_REFUSED = SetupCause(CauseKind.OPTIONS_REFUSED, "unrecognized arguments: --cov=charset_normalizer --cov-report=term-missing",
                         "the test runner refuses its options (`python -m pytest -q -p no:cacheprovider`)")
STEPS = [InstallStep("python -m pip install --no-build-isolation -e .", True),
         InstallStep(era.runner_install("pytest>=7.2.0", fallback=True), True, cutoff="2022-10-25T23:59:59Z",
                     optional=True),
         InstallStep("pip install 'py>=1.11.0'", True, cutoff="2021-11-04T23:59:59Z", optional=True)]


def tree(tmp_path, **files):
    for name, text in files.items():
        path = tmp_path / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_a_pytest_section_in_setup_cfg_gets_the_last_pytest_before_4_on_python_3_9(tmp_path):
    repo = tree(tmp_path, **{"setup.cfg": SETUP_CFG, "setup.py": "", "test_six.py": ""})
    assert era.removed_in_tree(repo, ["test_six.py"]) is era.SETUP_CFG_SECTION
    env = Environment(install=["pip install -e ."], test_cmd="python -m pytest -q", as_of="2015-10-07T12:00:00Z")
    old_runner(env, repo, ["test_six.py"], env.test_cmd)
    assert env.python == "3.9" and "a pytest before 4.0 runs on Python 3.9 at most" in env.steps[-1]
    env.python_used = "3.9"
    steps = install_steps(env, repo, env.test_cmd)
    pytest, py = steps[-2], steps[-1]
    assert pytest.cmd.startswith("pip install --upgrade 'pytest<4.0' $(python -c") and \
        pytest.cutoff == "2018-11-13T00:00:00Z" and pytest.optional
    assert py.cmd == "pip install 'py>=1.11.0'" and py.cutoff == "2021-11-04T23:59:59Z"
    # the section read by a newer pytest's own file, or an explicit Python: nothing changes
    tree(tmp_path, **{"pytest.ini": "[pytest]\n"})
    assert era.removed_in_tree(repo, ["test_six.py"]) is None
    explicit = Environment(test_cmd="python -m pytest -q", python="3.11", explicit_python=True)
    (tmp_path / "pytest.ini").unlink()
    old_runner(explicit, repo, [], explicit.test_cmd)
    assert explicit.python == "3.11" and explicit.removed is era.SETUP_CFG_SECTION


def test_a_conftest_calling_get_marker_and_a_tool_pytest_section(tmp_path):
    repo = tree(tmp_path, **{"setup.cfg": "[tool:pytest]\naddopts = -x\n[pytest]\n",
                             "tests__conftest.py": "def pytest_runtest_setup(item):\n    item.get_marker('slow')\n"})
    assert era.removed_in_tree(repo, ["tests/conftest.py"]) is era.GET_MARKER


def test_the_era_pytest_brings_its_plugins_and_py_only_for_trees_before_pytest_7_2():
    old = era.pytest_steps("3.11", "2019-07-15T12:00:00Z", ("pytest>=7.2.0", "2022-10-25T23:59:59Z"), None)
    assert [c for c, _, _ in old] == [era.runner_install("pytest>=7.2.0", fallback=True), "pip install 'py>=1.11.0'"]
    new = era.pytest_steps("3.11", "2023-07-07T12:00:00Z", ("pytest>=7.2.0", "2023-07-07T12:00:00Z"), None)
    assert [c for c, _, _ in new] == [era.runner_install("pytest>=7.2.0", fallback=True)]


def test_the_plugin_list_runs_in_a_shell_and_names_only_pytest_plugins():
    out = subprocess.run(["sh", "-c", f"echo {era.PLUGINS}"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and all(w.startswith(("pytest-", "pytest_")) for w in out.stdout.split())


def test_options_in_addopts_name_the_plugin_to_install(tmp_path):
    repo = tree(tmp_path, **{"setup.cfg": "[tool:pytest]\naddopts = --cov=charset_normalizer --cov-report=term-missing"
                                          " -rxXs\n\n[flake8]\nignore = W503\n"})
    assert era.addopts(repo) == "--cov=charset_normalizer --cov-report=term-missing -rxXs"
    assert era.missing_plugins(repo, "python -m pytest -q", ["pip install -e ."]) == ["pytest-cov"]
    assert era.missing_plugins(repo, "python -m pytest -q", ["pip install -e .", "pip install pytest_cov"]) == []
    toml = tree(tmp_path / "t", **{"pyproject.toml": '[tool.pytest.ini_options]\naddopts = ["-n", "auto", "--timeout=30"]\n'})
    assert era.missing_plugins(toml, "pytest", []) == ["pytest-timeout", "pytest-xdist"]
    # a configuration key a plugin adds names it too (blinker 1.6.2: `asyncio_mode`, warnings as errors)
    keys = tree(tmp_path / "k", **{"pyproject.toml": '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'
                                                     'filterwarnings = ["error"]\nasyncio_mode = "auto"\n'})
    assert era.missing_plugins(keys, "pytest -v tests", ["pip install -e ."]) == ["pytest-asyncio"]
    env = Environment(install=["pip install -e ."], test_cmd="python -m pytest -q", as_of="2023-07-07T12:00:00Z",
                      python_used="3.11")
    steps = install_steps(env, repo, env.test_cmd)
    assert "pip install 'pytest-cov'" in [s.cmd for s in steps]
    # and so does a fixture the tests take that the tree does not define (tzlocal 5.0.1: `mocker`)
    fixtures = tree(tmp_path / "f", **{"tests/test_a.py": "def test_a(mocker, tmp_path):\n    pass\n\n\n"
                                                          "def test_b(benchmark):\n    pass\n",
                                       "tests/conftest.py": "import pytest\n\n\n@pytest.fixture\ndef benchmark():\n    return 1\n"})
    assert era.missing_plugins(fixtures, "python -m pytest", ["pip install -e ."]) == ["pytest-mock"]
    assert era.missing_plugins(fixtures, "python -m unittest discover", []) == []
    # a parametrize argument of the same name is no fixture
    param = tree(tmp_path / "p", **{"tests/test_p.py": "import pytest\n\n\n@pytest.mark.parametrize('x, mocker', [(1, 2)])\n"
                                                       "def test_p(x, mocker):\n    pass\n"})
    assert era.missing_plugins(param, "python -m pytest", []) == []


def test_fallbacks_from_the_runners_own_errors():
    env = Environment(as_of="2015-10-07T12:00:00Z", python_used="3.11", test_cmd="python -m pytest -q")
    rung = next_fallback(env, STEPS, SECTION_ERROR, [], pytest_now=(7, 2), older="3.9")
    assert rung.python == "3.9" and rung.label.startswith("pytest before 4.0")
    assert rung.steps[-1].cmd.startswith("pip install --upgrade 'pytest<4.0'") and \
        not any(">=7.2.0" in s.cmd for s in rung.steps) and "pip install 'py>=1.11.0'" in [s.cmd for s in rung.steps]
    rung = next_fallback(env, STEPS, PEP8_ERROR, [])
    assert rung.test_cmd == "python -m pytest -p no:pep8 -q" and rung.label.startswith("plugin off")
    assert next_fallback(env, STEPS, PEP8_ERROR, [rung]) is None or \
        not next_fallback(env, STEPS, PEP8_ERROR, [rung]).label.startswith("plugin off")
    rung = next_fallback(env, STEPS, COV_REFUSED, [])
    assert rung.steps[-1].cmd == "pip install 'pytest-cov'" and rung.label.startswith("plugins")
    assert era.without_plugin(PEP8_ERROR.line, "cd tests && py.test --pep8 && python -m pytest x") == (
        "pep8", "cd tests && py.test -p no:pep8 --pep8 && python -m pytest -p no:pep8 x")


def test_every_test_failing_on_get_marker_is_the_runner_not_the_code():
    msg = "AttributeError: 'Function' object has no attribute 'get_marker'"
    outcome = Outcome(command="python -m pytest", exit_code=1, failed={"tests/test_a.py::t1", "tests/test_a.py::t2"},
                          passed=set(), output="134 failed in 6.89s",
                          messages={"tests/test_a.py::t1": msg, "tests/test_a.py::t2": msg})
    cause = broken(outcome, files=["tests/test_a.py"])
    assert cause.kind is CauseKind.REMOVED_API and cause.words.startswith("every test (2) errored")
    assert cause.line == msg
    rung = next_fallback(Environment(python_used="3.9", as_of="2019-07-15T00:00:00Z"), STEPS, cause, [])
    assert rung.label.startswith("pytest before 4.1") and rung.python is None
    outcome.messages["tests/test_a.py::t2"] = "AssertionError: 1 != 2"
    assert broken(outcome, files=["tests/test_a.py"]) is None
