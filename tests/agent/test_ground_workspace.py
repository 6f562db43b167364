"""Nothing of crashfix's own inside the repository's tree (issue 25, failure 2), and the regression
test written in the project's own conventions, collected by the project's own command (failure 6)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from agent.python.ladder.conventions import conventions
from agent.python.ladder.regression import build
from agent.memory import Memory
from agent.reports import parse
from agent.python.reproduce import reproduce
from agent.judge.testrun import run_tests
from agent.research.tools.base import ToolContext
from agent.research.tools.workspace import Python, RunTests, TryPatch
from gitrepo import make_repo
from sandbox import open_sandbox

HEADER = "# SPDX-License-Identifier: MIT\n# Copyright the tidy authors\n"
WALKER = HEADER + '''"""Every Python file of the tree carries the license header."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_python_file_has_the_header():
    missing = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in names:
            if name.endswith(".py"):
                with open(os.path.join(folder, name)) as f:
                    if not f.read().startswith("# SPDX-License-Identifier: MIT"):
                        missing.append(os.path.relpath(os.path.join(folder, name), ROOT))
    assert not missing, missing
'''
FILES = {
    "tidy/__init__.py": HEADER,
    "tidy/words.py": HEADER + "def first(words):\n    return words[0]\n",
    "tests/test_tree.py": WALKER,
    "tests/test_words.py": HEADER + "from tidy.words import first\n\n\ndef test_first():\n    assert first(['a']) == 'a'\n",
}
REPORT = """Traceback (most recent call last):
  File "/home/u/app.py", line 3, in <module>
    first([])
  File "/home/u/tidy/tidy/words.py", line 2, in first
    return words[0]
IndexError: list index out of range
"""


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "tidy", FILES)


def test_the_tools_scratch_files_stay_out_of_the_tree(repo):
    sb = open_sandbox("local", repo, install=False)
    try:
        ctx = ToolContext(sb=sb, source=repo, memory=Memory(), report=parse(REPORT), repro_cmd=None,
                          test_cmd="python -m pytest -q", timeout=120)
        assert RunTests()(ctx).text.startswith("2 passed, 0 failed")
        ran = Python()(ctx, code="from tidy.words import first\nprint(first(['x']))").text
        assert ran.startswith("[exit 0") and "x" in ran                  # the repo importable
        TryPatch()(ctx, diff="", tests=["tests/test_words.py"], code="print('tried')")
        after = RunTests()(ctx).text
        assert after.startswith("2 passed, 0 failed"), after[:600]
        assert sb.run("git status --porcelain --ignored").output.strip() == ""
    finally:
        sb.close()


def test_the_ladder_scripts_stay_out_of_the_tree_and_the_suite_is_not_run_again(repo):
    sb = open_sandbox("local", repo, install=False)
    try:
        base = run_tests(sb, "python -m pytest -q", timeout=120)
        issue = REPORT + "\n```python\nfrom tidy.words import first\nfirst([])\n```\n"
        rep = reproduce(sb, parse(REPORT), issue, "python -m pytest -q", {"/home/u/tidy/tidy/words.py": "tidy/words.py"},
                        baseline=base, files=list(FILES), tries=1, timeout=60, search_seconds=0)
        assert rep.reproduced and rep.rung == 1
        assert sb.run("git status --porcelain --ignored").output.strip() == ""
        assert rep.regression_test.path == "tests/test_crashfix_indexerror_in_first.py"
        assert rep.regression_test.text.startswith(HEADER)
        made = next(a for a in rep.attempts if a.how.startswith("regression test"))
        assert made.why.endswith("; `python -m pytest -q` collects tests/test_crashfix_indexerror_in_first.py")
        inner = REPORT.replace('  File "/home/u/app.py", line 3, in <module>\n    first([])\n', "")
        none = reproduce(sb, parse(inner), inner, "python -m pytest -q", {"/home/u/tidy/tidy/words.py": "tidy/words.py"},
                         baseline=base, files=list(FILES), tries=1, timeout=60, search_seconds=0)
        suite = [a for a in none.attempts if a.command == "python -m pytest -q"]
        assert suite and "not run again" in suite[0].why, none.attempts
    finally:
        sb.close()


CONFIGS = {
    "setup.cfg": ("[tool:pytest]\npython_files = tests_*.py\n", "tests_crashfix_indexerror_in_first.py"),
    "pytest.ini": ("[pytest]\npython_files = *_checks.py check_*.py\n", "crashfix_indexerror_in_first_checks.py"),
    "pyproject.toml": ('[tool.pytest.ini_options]\npython_files = ["tests_*.py"]\n', "tests_crashfix_indexerror_in_first.py"),
}


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_the_regression_test_is_named_and_placed_as_the_project_collects(tmp_path, config):
    text, name = CONFIGS[config]
    first = name.replace("crashfix_indexerror_in_first", "words")
    files = {"src/tidy/__init__.py": "", "src/tidy/words.py": FILES["tidy/words.py"],
             f"src/tidy/tests/{first}": HEADER + "from __future__ import annotations\n\nfrom tidy.words import first\n\n\n"
                                      "def test_first():\n    assert first(['a']) == 'a'\n",
             "tests/README.txt": "nothing to collect here\n", config: text}
    cmd = "python -m pytest -q src"
    conv = conventions(list(files), files.get, cmd)
    test = build(parse(REPORT), "first", "from tidy.words import first\nfirst([])\n", "issue", list(files), conv=conv)
    assert test.path == f"src/tidy/tests/{name}"
    assert test.text.startswith(HEADER) and "from __future__ import annotations\n" in test.text
    repo = make_repo(tmp_path / "proj", {**files, test.path: test.text})
    got = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "src"], cwd=repo,
                         capture_output=True, text=True)
    assert f"FAILED {test.path}::" in got.stdout and "1 failed, 1 passed" in got.stdout, got.stdout[-1500:]


SLOW = {"tidy/__init__.py": HEADER, "tidy/words.py": FILES["tidy/words.py"],
        "tests/test_words.py": FILES["tests/test_words.py"],
        "tests/test_slow.py": "import time\n\n\ndef test_slow_integration():\n    time.sleep(11)\n"}


def test_a_run_that_reproduces_nothing_does_not_run_a_long_suite_again(tmp_path):
    """Traceback only, a crash this tree does not have (the reporter's version): the ladder says so
    without re-running the 11 s suite (the suite rung reads the baseline; rung 4 traces only the
    test files near its targets)."""
    repo = make_repo(tmp_path / "slow", SLOW)
    sb = open_sandbox("local", repo, install=False)
    try:
        base = run_tests(sb, "python -m pytest -q", timeout=120)
        assert base.duration > 11 and not base.failed
        inner = REPORT.replace('  File "/home/u/app.py", line 3, in <module>\n    first([])\n', "")
        inner = inner.replace("IndexError: list index out of range", "KeyError: 'words'")
        import time
        start = time.monotonic()
        rep = reproduce(sb, parse(inner), inner, "python -m pytest -q", {"/home/u/tidy/tidy/words.py": "tidy/words.py"},
                        baseline=base, files=list(SLOW), tries=1, timeout=120)
        took = time.monotonic() - start
        assert not rep.reproduced
        assert took < base.duration, (took, [(a.how, a.why) for a in rep.attempts])
    finally:
        sb.close()
