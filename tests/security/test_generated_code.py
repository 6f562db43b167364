"""Issue text never becomes code in the files crashfix writes, and only what GitHub shows is run.

The attack (issue 22, critical): a `\"\"\"` in an issue's command line closed the regression test's
docstring, so the rest of the line ran at module level wherever the test was imported (the
repository's CI); a fenced block inside an HTML comment (invisible on GitHub) was run and shipped."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from agent.python.ladder import plan, regression, snippets
from agent.pipeline import run_job
from agent.records import RegressionTest
from agent.reports.model import CrashReport
from agent.reports.visible import visible
from agent.run import RunConfig

MODULE = "def f():\n    return [][0]\n"
PAYLOAD = 'import pathlib; pathlib.Path("PWNED").write_text("module level")'
# a command line whose quoted argument closes a """ docstring and opens another
COMMAND = f"""python -c 'import m; m.f()' '\"\"\"; {PAYLOAD}; \"\"\"'"""
ISSUE = f"""The parser crashes:

```console
$ {COMMAND}
Traceback (most recent call last):
  File "m.py", line 2, in f
IndexError: list index out of range
```
"""


def _repo(tmp_path: Path) -> Path:
    (tmp_path / "tests").mkdir()
    (tmp_path / "m.py").write_text(MODULE)
    return tmp_path


def _import(repo: Path, path: str) -> subprocess.CompletedProcess:
    """Import the generated test as CI's collector would (module level only: no test runs)."""
    code = f"import importlib.util as u; s = u.spec_from_file_location('t', {path!r}); s.loader.exec_module(u.module_from_spec(s))"
    return subprocess.run([sys.executable, "-c", code], cwd=repo, capture_output=True, text=True, timeout=60)


def _build_from_issue(issue: str, function: str | None = "f") -> RegressionTest:
    trials = plan.rung1(issue, ["m.py", "tests/test_m.py"], lambda p: None)
    assert trials, "the issue's command line is a trial"
    trial = trials[0]
    return regression.build(CrashReport(kind="python", type="IndexError", title="x"), function, trial.script,
                            trial.how, ["tests/test_m.py"])


def test_a_docstring_break_in_the_command_line_stays_data(tmp_path):
    repo = _repo(tmp_path)
    test = _build_from_issue(ISSUE)
    (repo / test.path).write_text(test.text)
    done = _import(repo, test.path)
    assert not (repo / "PWNED").exists(), "the issue's text ran at module level"
    assert done.returncode == 0, done.stderr
    assert PAYLOAD in test.text.split("SOURCE = ", 1)[1].splitlines()[0]     # the line is there, as a literal
    # and the test still does its job: the reproducer runs inside the test and shows the crash
    ran = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test.path], cwd=repo,
                         capture_output=True, text=True, timeout=120)
    assert ran.returncode == 1 and "IndexError" in ran.stdout
    assert not (repo / "PWNED").exists()


@pytest.mark.parametrize("script", [
    "import m\nx = '''\"\"\"\\\\'''\nm.f()\n",           # triple quotes of both kinds, a backslash
    "import m\ns = 'a\\r\\nb'  # a CR\r\nm.f()\n",        # a carriage return (a triple-quoted literal would lose it)
    "import m\nm.f()  # ends in a quote'",
    "import m\nm.f()\n\"\"\"\n" + PAYLOAD + "\n\"\"\"\n",
])
def test_a_snippet_with_quotes_backslashes_and_newlines_is_held_exactly(tmp_path, script):
    repo = _repo(tmp_path)
    test = regression.build(CrashReport(kind="python", type="IndexError", title="x"), "f", script,
                            "issue code block", ["tests/test_m.py"])
    (repo / test.path).write_text(test.text)
    probe = f"{_import_code(test.path)}; assert mod.REPRODUCER == {script!r}, repr(mod.REPRODUCER)"
    done = subprocess.run([sys.executable, "-c", probe], cwd=repo, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not (repo / "PWNED").exists()


def _import_code(path: str) -> str:
    return (f"import importlib.util as u; s = u.spec_from_file_location('t', {path!r}); "
            f"mod = u.module_from_spec(s); s.loader.exec_module(mod)")


@pytest.mark.parametrize("stop", [None, 2.0])
def test_a_hostile_function_name_and_exception_type_stay_out_of_the_source(tmp_path, stop):
    repo = _repo(tmp_path)
    hostile = f'f"""\n{PAYLOAD}\n"""'
    report = CrashReport(kind="python", type=f'IndexError"""\n{PAYLOAD}\n"""', title="x")
    test = regression.build(report, hostile, "import m\nm.f()\n", f'issue code block """\n{PAYLOAD}\n"""',
                            ["tests/test_m.py"], stop=stop)
    (repo / test.path).write_text(test.text)
    assert _import(repo, test.path).returncode == 0
    assert not (repo / "PWNED").exists()


def test_the_guard_refuses_a_file_whose_constants_are_not_the_issue_text():
    text = '"""doc"""\nSOURCE = "x"\n' + PAYLOAD + "\n"
    with pytest.raises(ValueError):
        regression.checked(text, {"SOURCE": "y"})
    with pytest.raises(ValueError):
        regression.checked('"""doc"""\nSOURCE = "x"\n"""another string"""\n', {"SOURCE": "x"})


HIDDEN = """The parser crashes on empty input.

<!-- nothing to see here
```python
import pathlib; pathlib.Path("PWNED").write_text("hidden block")
```
-->

```python
import m
m.f()
```
<script>
$ python -c 'import pathlib; pathlib.Path("PWNED").write_text("script")'
</script>
Inline <!-- `python -c 'print(1)'` --> text, and an unclosed <!-- to the end
$ python -c 'import m; m.f()'
"""


def test_a_fenced_block_hidden_in_an_html_comment_is_not_run():
    found = snippets.extract(HIDDEN)
    assert [s.text for s in found] == ["import m\nm.f()\n"]
    assert all("PWNED" not in t.script for t in plan.rung1(HIDDEN, ["m.py"], lambda p: None))


def test_what_github_shows_is_kept_a_comment_inside_a_fence_included():
    shown = "```python\nx = '<!-- not a comment -->'\n```\nok <!-- gone --> still\n````\n```\n<!-- kept -->\n````\n"
    assert visible(shown) == "```python\nx = '<!-- not a comment -->'\n```\nok  still\n````\n```\n<!-- kept -->\n````\n"
    assert visible("<scripts>shown</scripts>") == "<scripts>shown</scripts>"
    assert visible("a <STYLE>x</style> b <template>y</template>c") == "a  b c"


def test_a_traceback_only_in_a_comment_is_not_parsed(tmp_path):
    text = "<!--\nTraceback (most recent call last):\n  File \"m.py\", line 2, in f\nIndexError: boom\n-->\nIt crashes."
    run = run_job(RunConfig(repo=str(tmp_path), report_text=text, out=tmp_path / "out"), lambda e: None)
    assert run.status == "error" and "no crash report found" in run.error
