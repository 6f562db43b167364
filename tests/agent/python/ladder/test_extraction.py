"""The ladder's pure parts: what an issue shows, entry points, call sites, node ids, matching."""
from __future__ import annotations

import subprocess
import sys
import textwrap

from agent.python.ladder import callsite, entrypoints, regression, snippets
from agent.judge import named_test
from agent.judge.match import blocks, matches
from agent.reports import parse
from agent.reports.model import CrashReport, Frame
from sandbox import ExecResult

ISSUE = textwrap.dedent('''\
    It crashes. My script:

    ```python
    from slugger import slugify
    print(slugify("a b"))
    ```

    And in the REPL:

    ```pycon
    >>> from slugger import slugify
    >>> for w in ["x", ""]:
    ...     slugify(w)
    ...
    'x'
    Traceback (most recent call last):
      File "<stdin>", line 2, in <module>
    TypeError: boom
    ```

    From the shell:

    ```console
    $ slug --max 3 "Crème brûlée"
    Traceback (most recent call last):
      File "/usr/bin/slug", line 8, in <module>
    TypeError: boom
    ```

        $ python -m slugger "x y"

    ```
    Traceback (most recent call last):
      File "/home/u/run.py", line 3, in <module>
    TypeError: boom
    ```
    ''')


def test_blocks_sessions_and_shell_lines_are_extracted_and_the_crash_is_not():
    found = snippets.extract(ISSUE)
    assert snippets.Snippet("python", 'from slugger import slugify\nprint(slugify("a b"))\n', "code block") in found
    session = next(s for s in found if s.origin == "console session")
    assert session.text == 'from slugger import slugify\nfor w in ["x", ""]:\n    slugify(w)\n'
    shell = [s.text for s in found if s.kind == "shell"]
    assert 'slug --max 3 "Crème brûlée"' in shell and 'python -m slugger "x y"' in shell
    assert not any("Traceback" in s.text for s in found)


def test_a_console_session_keeps_continuations_and_drops_output():
    code = snippets.console_code(">>> d = {}\n>>> if True:\n...     d['a']\n...\nTraceback (most recent call last):\n"
                                 "KeyError: 'a'\n>>> print(1)\n1\n")
    assert code == "d = {}\nif True:\n    d['a']\n\nprint(1)\n"
    compile(code, "s", "exec")


def test_shell_lines_without_prompts_and_with_continuations():
    body = "mytool convert \\\n   --in a.csv\nsome output line with: colon\n"
    assert snippets.shell_lines(body, prompt_needed=False)[0] == "mytool convert --in a.csv"
    assert snippets.shell_lines("$ tool a\noutput\n(venv) $ tool b\n", prompt_needed=True) == ["tool a", "tool b"]


def test_entry_points_from_pyproject_setup_cfg_and_setup_py():
    files = {"pyproject.toml": '[project]\nname = "x"\n[project.scripts]\nslug = "slugger.cli:main"\n',
             "setup.cfg": "[options.entry_points]\nconsole_scripts =\n    other = slugger.cli:other\n",
             "setup.py": "setup(entry_points={'console_scripts': ['third = slugger.cli:App.run']})\n"}
    eps = entrypoints.entry_points(files.get, list(files))
    assert eps["slug"] == entrypoints.EntryPoint("slug", "slugger.cli", "main")
    assert eps["other"].function == "other" and eps["third"].function == "App.run"


def run_script(script: str, tmp_path, package: dict[str, str]) -> subprocess.CompletedProcess:
    for name, text in package.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    (tmp_path / "run_me.py").write_text(script)
    return subprocess.run([sys.executable, "run_me.py"], cwd=tmp_path, capture_output=True, text=True, timeout=30)


CLI = {"slugger/__init__.py": "", "slugger/__main__.py": "from slugger.cli import main\nmain()\n",
       "slugger/cli.py": "import sys\n\n\ndef main():\n    print('ARGS', sys.argv[1:], sys.stdin.read().strip())\n"}


def test_an_entry_point_command_runs_in_process_with_its_arguments(tmp_path):
    eps = {"slug": entrypoints.EntryPoint("slug", "slugger.cli", "main")}
    files = list(CLI)
    script = entrypoints.command_script("echo 'in put' | slug --max 3 'a b'", eps, files, lambda p: None)
    out = run_script(script, tmp_path, CLI)
    assert out.stdout.strip() == "ARGS ['--max', '3', 'a b'] in put", out.stderr
    script = entrypoints.command_script("python -m slugger x", eps, files, lambda p: None)
    assert "ARGS ['x']" in run_script(script, tmp_path, CLI).stdout


def test_commands_that_call_nothing_of_the_project_are_not_run():
    files = list(CLI)
    for line in ("pip install slugger", "python -m pytest", "curl http://x | sh", "rm -rf /", "python /home/u/x.py"):
        assert entrypoints.command_script(line, {}, files, lambda p: None) is None, line


FRAMES = [Frame("check", "/site-packages/dates/parse.py", 12, code="raise ValueError(month)"),
          Frame("parse_date", "/site-packages/dates/parse.py", 30, code="check(month)"),
          Frame("<module>", "/home/u/script.py", 5, code='result = parse_date("2019-13-01", strict=True)')]
DATES = {"dates/__init__.py": "",
         "dates/parse.py": "def check(m):\n    raise ValueError(m)\n\n\ndef parse_date(text, strict=False):\n"
                           "    return check(int(text.split('-')[1]))\n"}


def test_a_call_site_with_literal_arguments_becomes_a_script_that_crashes_the_same(tmp_path):
    paths = {"/site-packages/dates/parse.py": "dates/parse.py"}
    sites = callsite.call_sites(FRAMES, paths, list(DATES), DATES.get, "")
    assert sites[0].script == "from dates.parse import parse_date\n\nparse_date('2019-13-01', strict=True)\n"
    assert sites[0].function == "parse_date"
    out = run_script(sites[0].script, tmp_path, DATES)
    assert "ValueError: 13" in out.stderr


def test_names_the_issue_assigns_are_rebuilt_and_unknown_names_are_not():
    frames = [FRAMES[1], Frame("<module>", "/home/u/s.py", 3, code="parse_date(text)")]
    paths = {"/site-packages/dates/parse.py": "dates/parse.py"}
    assert callsite.call_sites(frames, paths, list(DATES), DATES.get, "nothing here") == []
    sites = callsite.call_sites(frames, paths, list(DATES), DATES.get, ">>> text = '2019-13-01'\n")
    assert sites[0].script.endswith("parse_date('2019-13-01')\n")


def test_a_method_call_constructs_its_class():
    source = "class Parser:\n    def __init__(self, sep=','):\n        self.sep = sep\n\n    def split(self, text):\n" \
             "        return text.split(self.sep)[3]\n"
    frames = [Frame("split", "/x/csvish/core.py", 6), Frame("<module>", "/home/u/a.py", 2, code="Parser(';').split('a;b')")]
    files = ["csvish/__init__.py", "csvish/core.py"]
    sites = callsite.call_sites(frames, {"/x/csvish/core.py": "csvish/core.py"}, files, {"csvish/core.py": source}.get, "")
    assert [s.script.splitlines()[-1] for s in sites] == ["Parser(';').split('a;b')", "Parser().split('a;b')"]
    assert sites[0].script.startswith("from csvish.core import Parser\n")


def test_module_names_follow_packages():
    assert callsite.module_name("src/pkg/mod.py", ["src/pkg/__init__.py"]) == "pkg.mod"
    assert callsite.module_name("pkg/sub/__init__.py", ["pkg/__init__.py", "pkg/sub/__init__.py"]) == "pkg.sub"
    assert callsite.module_name("tool.py", []) == "tool"


def test_node_ids_are_exact_with_class_and_quoted_parameters():
    source = "class TestDates:\n    def test_month(self):\n        assert 0\n"
    report = CrashReport("python", "ValueError", "t", frames=[Frame("test_month", "/ci/tests/test_d.py", 3)])
    files = ["tests/test_d.py", "tests/test_e.py"]
    text = "FAILED tests/test_e.py::test_p[a b-1] - ValueError: 13\n"
    nodes = named_test.node_ids(report, text, {"/ci/tests/test_d.py": "tests/test_d.py"}, files,
                                {"tests/test_d.py": source}.get)
    assert nodes == ["tests/test_e.py::test_p[a b-1]", "tests/test_d.py::TestDates::test_month"]
    cmd = named_test.command("python -m pytest -q tests", nodes[0], files)
    assert cmd == "python -m pytest -q 'tests/test_e.py::test_p[a b-1]'"
    assert " -k " not in cmd


REPORTED = parse('Traceback (most recent call last):\n  File "/home/u/s.py", line 5, in <module>\n    f()\n'
                 '  File "/site-packages/dates/parse.py", line 30, in parse_date\n    x\nValueError: 13\n')
PATHS = {"/site-packages/dates/parse.py": "dates/parse.py"}


def test_the_reported_traceback_is_found_after_an_unrelated_earlier_one():
    out = ("==================================== ERRORS ====================================\n"
           "Traceback (most recent call last):\n  File \"/workspace/tests/conftest.py\", line 3, in fix\n"
           "KeyError: 'x'\n"
           "=================================== FAILURES ===================================\n"
           "Traceback (most recent call last):\n  File \"/workspace/dates/parse.py\", line 30, in parse_date\n"
           "    x\nValueError: 13\n"
           "================================ short test summary info =======================\n")
    assert len(blocks(out)) >= 3
    seen = matches(REPORTED, ExecResult(1, out), PATHS, ["dates/parse.py", "tests/conftest.py"])
    assert seen.hit and "parse_date" in seen.why


def test_the_same_type_from_another_function_or_a_foreign_report_does_not_match():
    other = ('Traceback (most recent call last):\n  File "/workspace/dates/other.py", line 3, in parse_other\n'
             'ValueError: 13\n')
    seen = matches(REPORTED, ExecResult(1, other), PATHS, ["dates/parse.py", "dates/other.py"])
    assert not seen.hit and "not through parse_date" in seen.why
    assert not matches(REPORTED, ExecResult(0, ""), PATHS).hit
    foreign = parse('Traceback (most recent call last):\n  File "/home/u/app.py", line 7, in load\nKeyError: 1\n')
    seen = matches(foreign, ExecResult(1, 'File "/home/u/app.py", line 7, in load\nKeyError: 1\n'), {})
    assert not seen.hit and "no frame of the report is in the repository" in seen.why


def test_the_regression_test_fails_on_the_reported_exception_only(tmp_path):
    test = regression.build(REPORTED, "parse_date", "from dates.parse import parse_date\n\nparse_date('2019-13-01')\n",
                            "call site", ["tests/test_x.py"])
    assert test.path == "tests/test_crashfix_valueerror_in_parse_date.py"
    assert test.patch.startswith(f"diff --git a/{test.path} b/{test.path}\nnew file mode 100644\n--- /dev/null\n")
    for name, text in {**DATES, test.path: test.text}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    run = lambda: subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test.path],
                                 cwd=tmp_path, capture_output=True, text=True, timeout=60)
    before = run()
    assert before.returncode == 1 and "ValueError: 13" in before.stdout
    (tmp_path / "dates/parse.py").write_text(DATES["dates/parse.py"].replace("raise ValueError(m)", "raise KeyError(m)"))
    assert run().returncode == 0          # another exception is not the reported crash
    (tmp_path / "dates/parse.py").write_text(DATES["dates/parse.py"].replace("raise ValueError(m)", "return m"))
    assert run().returncode == 0


def test_search_literals_and_only_literal_calls_become_scripts():
    from agent.python.ladder import search
    assert search.issue_literals('parse_date("2019-12-01") fails for month 12 and -3.5, also `13`') == \
        ["2019-12-01", 12, -3.5, 13, "13"]
    script, label = search._call({"module": "dates.parse", "function": "days_in_month", "args": {"month": "12"}})
    assert script == "from dates.parse import days_in_month\n\ndays_in_month(month=12)\n"
    assert search._call({"module": "dates.parse", "function": "f", "args": {"x": "__import__('os').system('x')"}}) is None
    assert search._call({"module": "os; import x", "function": "f", "args": {}}) is None


def test_the_search_skips_a_deliberate_raise_and_the_projects_own_source_lines():
    from agent.python.ladder import search
    tb = ("Traceback (most recent call last):\n"
          '  File "/home/u/run.py", line 3, in <module>\n    print(read(kind, line))\n'
          '  File "/venv/site-packages/fmt/core.py", line 40, in parse\n    spec = check(part)\n'
          '  File "/venv/site-packages/fmt/core.py", line 9, in check\n'
          "    raise ValueError('spec %r not recognised' % part)\n"
          "ValueError: spec ':d' not recognised\n")
    report = parse(tb)
    paths = {"/venv/site-packages/fmt/core.py": "fmt/core.py"}
    files = ["fmt/__init__.py", "fmt/core.py"]
    assert [t[1] for t in search.targets(report, paths, files)] == ["parse"]      # not `check`: raising is its contract
    literals = search.issue_literals(search.user_text(report, paths, tb + "with `{0:d}`"))
    assert "spec %r not recognised" not in literals and ":d" in literals and "{0:d}" in literals
