"""The reproduction command runs the failing node alone, and `reproduce` counts what `run_tests` counts
for the same tree (real pytest in a real local sandbox)."""
from __future__ import annotations

import re

import pytest

from agent.ladder.named_test import command
from agent.memory import Memory
from agent.reports import parse
from agent.tools import ToolContext
from agent.tools.dynamic import Reproduce
from agent.tools.workspace import RunTests
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
