"""The reproduction command runs the failing node alone, and `reproduce` counts what `run_tests` counts
for the same tree (real pytest in a real local sandbox)."""
from __future__ import annotations

import re

import pytest

from agent.judge.named_test import command
from agent.memory import Memory
from agent.reports import parse
from agent.research.tools import ToolContext
from agent.research.tools.dynamic import Reproduce
from agent.research.tools.workspace import RunTests
from gitrepo import make_repo
from sandbox import open_sandbox

FILES = ["tests/test_a.py", "src/a.py"]
NODE = "tests/test_a.py::TestA::test_y[a b-1]"


@pytest.mark.parametrize("test_cmd, expected", [
    ("python -m pytest -q tests/test_a.py", "python -m pytest -q 'tests/test_a.py::TestA::test_y[a b-1]'"),
    ("python -m pytest -q ./tests/test_a.py", "python -m pytest -q 'tests/test_a.py::TestA::test_y[a b-1]'"),
    ("pytest tests/", "pytest 'tests/test_a.py::TestA::test_y[a b-1]'"),
    ("python -m pytest -q tests/test_a.py::test_x", "python -m pytest -q 'tests/test_a.py::TestA::test_y[a b-1]'"),
    ("python -m pytest -q tests -k 'not slow' -x", "python -m pytest -q -x 'tests/test_a.py::TestA::test_y[a b-1]'"),
    ("python3.11 -m pytest -m slow -kfoo --maxfail=1",
     "python3.11 -m pytest --maxfail=1 'tests/test_a.py::TestA::test_y[a b-1]'"),
    (None, "python -m pytest -q 'tests/test_a.py::TestA::test_y[a b-1]'"),
])
def test_the_node_command_selects_that_node_and_nothing_else(test_cmd, expected):
    assert command(test_cmd, NODE, FILES) == expected


TESTS = '''from calc import half


def test_passes_first():
    assert half(4) == 2


def test_half_of_none():
    assert half(None) == 0


def test_passes_after():
    assert half(2) == 1
'''
REPORT = '''Traceback (most recent call last):
  File "/home/u/run.py", line 3, in <module>
    half(None)
  File "/home/u/site-packages/calc.py", line 2, in half
    return n // 2
TypeError: unsupported operand type(s) for //: 'NoneType' and 'int'
'''


@pytest.fixture
def ctx(tmp_path):
    repo = make_repo(tmp_path / "calc", {"calc.py": "def half(n):\n    return n // 2\n", "tests/test_calc.py": TESTS})
    files = ["calc.py", "tests/test_calc.py"]
    repro = command("python -m pytest -q tests/test_calc.py", "tests/test_calc.py::test_half_of_none", files)
    sb = open_sandbox("local", repo, install=False)
    yield ToolContext(sb=sb, source=repo, memory=Memory(), report=parse(REPORT), repro_cmd=repro,
                      test_cmd="python -m pytest -q tests/test_calc.py", timeout=60)
    sb.close()


def test_reproduce_and_run_tests_count_the_same_for_the_same_tree(ctx):
    assert ctx.repro_cmd == "python -m pytest -q tests/test_calc.py::test_half_of_none"
    repro = Reproduce()(ctx)
    tests = RunTests()(ctx, tests=["tests/test_calc.py::test_half_of_none"])
    assert "STILL HAPPENS" in repro.text
    counted = lambda text: re.search(r"(\d+) passed, (\d+) failed, (\d+) errors, (\d+) skipped", text).groups()
    assert counted(repro.text) == counted(tests.text) == ("0", "1", "0", "0")       # the node alone, once



@pytest.mark.parametrize("test_cmd, expected", [
    ("python -m pytest -q tests --deselect tests/test_a.py::test_flaky",
     "python -m pytest -q --deselect tests/test_a.py::test_flaky 'tests/test_a.py::TestA::test_y[a b-1]'"),
    ("pytest --ignore tests/test_a.py -p no:cacheprovider -c src/a.py --rootdir src --confcutdir tests tests",
     "pytest --ignore tests/test_a.py -p no:cacheprovider -c src/a.py --rootdir src --confcutdir tests "
     "'tests/test_a.py::TestA::test_y[a b-1]'"),
    ("python -m pytest --deselect=tests/test_a.py::test_flaky tests/test_a.py",
     "python -m pytest --deselect=tests/test_a.py::test_flaky 'tests/test_a.py::TestA::test_y[a b-1]'"),
])
def test_a_path_that_is_an_options_value_is_kept_with_its_option(test_cmd, expected):
    """`--deselect PATH`, `--ignore PATH`, `-c FILE`, `--rootdir DIR`: the path belongs to the option."""
    assert command(test_cmd, NODE, FILES) == expected


def test_run_tests_with_a_deselect_in_the_command_runs_the_named_node(ctx):
    """The command deselects one test by path: run_tests on a node runs that node (exit 1, one failure),
    not `--deselect` with its value dropped (pytest's exit 4, 0 passed 0 failed)."""
    ctx.test_cmd = "python -m pytest -q tests/test_calc.py --deselect tests/test_calc.py::test_passes_after"
    out = RunTests()(ctx, tests=["tests/test_calc.py::test_half_of_none"])
    assert re.search(r"0 passed, 1 failed, 0 errors, 0 skipped", out.text), out.text


DID_YOU_MEAN = '''Traceback (most recent call last):
  File "/home/u/run.py", line 3, in <module>
    half(None)
  File "/usr/lib/python3.8/site-packages/calc.py", line 2, in half
    return Runner().exe()
AttributeError: 'Runner' object has no attribute 'exe'
'''


def test_a_python_version_suffix_on_the_message_is_the_same_crash(tmp_path):
    """Reported on Python 3.8 without `Did you mean: ...?`; the sandbox's Python adds it: the same crash."""
    repo = make_repo(tmp_path / "calc", {"calc.py": "def half(n):\n    return Runner().exe()\n\n\nclass Runner:\n    def exec(self):\n        pass\n",
                                         "run.py": "from calc import half\n\nhalf(None)\n"})
    sb = open_sandbox("local", repo, install=False)
    try:
        ctx = ToolContext(sb=sb, source=repo, memory=Memory(), report=parse(DID_YOU_MEAN), repro_cmd="python run.py",
                          test_cmd=None, timeout=60)
        seen = Reproduce()(ctx).text
    finally:
        sb.close()
    assert "Did you mean: 'exec'?" in seen and "the reported crash STILL HAPPENS" in seen, seen


@pytest.mark.parametrize("test_cmd, expected", [
    ("export COVERAGE_FILE=/tmp/cov; python -m pytest -q tests",
     "export COVERAGE_FILE=/tmp/cov; python -m pytest -q 'tests/test_a.py::TestA::test_y[a b-1]'"),
    ("COVERAGE_FILE=.cov PYTHONPATH=src python -m pytest -q tests/test_a.py",
     "COVERAGE_FILE=.cov PYTHONPATH=src python -m pytest -q 'tests/test_a.py::TestA::test_y[a b-1]'"),
    ('export A=1 B="x; y"; cd tests && python -m pytest -q .',
     'export A=1 B="x; y"; cd tests && python -m pytest -q \'../tests/test_a.py::TestA::test_y[a b-1]\''),
    ("python -m pytest -q tests && coverage report",
     "python -m pytest -q 'tests/test_a.py::TestA::test_y[a b-1]' && coverage report"),
])
def test_a_prefix_before_the_runner_is_kept_as_written(test_cmd, expected):
    """Issue 34: `export COVERAGE_FILE=...; pytest` was re-quoted into one `export` word, and the model saw
    "0 passed (exit 1)". Only the runner's own part is narrowed; the prefix (and any suffix) stays."""
    assert command(test_cmd, NODE, FILES) == expected


def test_run_tests_with_an_export_prefix_runs_the_named_node(ctx, tmp_path):
    """The real run: the narrowed command with the prefix runs the node (one failure), the variable set."""
    ctx.test_cmd = f"export COVERAGE_FILE={tmp_path}/cov; python -m pytest -q tests/test_calc.py"
    out = RunTests()(ctx, tests=["tests/test_calc.py::test_half_of_none"])
    assert re.search(r"0 passed, 1 failed, 0 errors, 0 skipped", out.text), out.text
