"""The ladder in the real Docker sandbox: each rung, a foreign traceback, the regression test before/after a fix."""
from __future__ import annotations

from agent.judge.testrun import SCRATCH
import pytest

import climb as ladder

pytestmark = pytest.mark.docker

PARSE = ('DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]\n\n\n'
         'def days_in_month(month):\n'
         '    return DAYS[month]\n\n\n'
         'def parse_date(text):\n'
         '    year, month, day = (int(p) for p in text.split("-"))\n'
         '    if day > days_in_month(month):\n'
         '        raise ValueError("day out of range")\n'
         '    return year, month, day\n')
FIXED = PARSE.replace("DAYS[month]", "DAYS[month - 1]")
# no pyproject.toml, no setup.py: the package is importable only from the repository root
REPO = {"dates/__init__.py": "", "dates/parse.py": PARSE,
        "tests/test_parse.py": (
            'import pytest\n\nfrom dates.parse import parse_date\n\n\n'
            'class TestParse:\n'
            '    @pytest.mark.parametrize("text", ["2019-06-29", "2019-12-01"], ids=["mid year", "last month"])\n'
            '    def test_parse(self, text):\n'
            '        assert parse_date(text)[0] == 2019\n')}

TRACEBACK = ('Traceback (most recent call last):\n'
             '  File "/home/maria/cal/plan.py", line 4, in <module>\n'
             '    start = parse_date("2019-12-01")\n'
             '  File "/home/maria/.venv/lib/python3.11/site-packages/dates/parse.py", line 10, in parse_date\n'
             '    if day > days_in_month(month):\n'
             '  File "/home/maria/.venv/lib/python3.11/site-packages/dates/parse.py", line 5, in days_in_month\n'
             '    return DAYS[month]\n'
             'IndexError: list index out of range\n')


box = ladder.box_fixture(REPO, "dates")


def climb(sb, issue: str, test_cmd: str | None = "python -m pytest -q"):
    sb.reset()
    return ladder.climb(sb, sorted(REPO), issue, test_cmd)


def test_rung1_a_snippet_runs_with_the_repository_importable(box):
    issue = (f"Any December date crashes:\n\n```python\nfrom dates.parse import parse_date\n\n"
             f"print(parse_date('2019-12-24'))\n```\n\n```\n{TRACEBACK}```\n")
    rep = climb(box, issue)
    assert rep.reproduced and rep.rung == 1 and rep.crashed == 2
    assert rep.attempts[0].rung == 1 and rep.attempts[0].how == "issue code block" and rep.attempts[0].reproduced
    assert "IndexError through days_in_month (dates/parse.py)" in rep.attempts[0].why
    assert rep.regression_test.path == "tests/test_crashfix_indexerror_in_days_in_month.py"
    assert rep.command == f"python -m pytest -q --tb=native {SCRATCH}/test_crashfix_indexerror_in_days_in_month.py"
    assert rep.to_dict()["patch"] == rep.patch and rep.patch.startswith("diff --git a/tests/test_crashfix_")


def test_rung1_a_console_session(box):
    issue = (f"```pycon\n>>> from dates.parse import parse_date\n>>> parse_date('2019-12-24')\n{TRACEBACK}```\n")
    rep = climb(box, issue)
    assert rep.rung == 1 and rep.how == "issue console session"


def test_rung2_only_the_named_node_runs(box):
    issue = ("CI fails:\n\n```\n$ python -m pytest -q\n"
             "FAILED tests/test_parse.py::TestParse::test_parse[last month] - IndexError: list index out of range\n"
             "Traceback (most recent call last):\n"
             '  File "/ci/build/tests/test_parse.py", line 9, in test_parse\n'
             "    assert parse_date(text)[0] == 2019\n"
             '  File "/ci/build/dates/parse.py", line 10, in parse_date\n'
             "    if day > days_in_month(month):\n"
             '  File "/ci/build/dates/parse.py", line 5, in days_in_month\n'
             "    return DAYS[month]\n"
             "IndexError: list index out of range\n```\n")
    rep = climb(box, issue)
    assert rep.rung == 2 and rep.reproduced
    assert [a.command for a in rep.attempts] == ["python -m pytest -q 'tests/test_parse.py::TestParse::test_parse[last month]'"]
    assert rep.command == rep.attempts[0].command
    assert rep.regression_test is None and rep.patch == ""      # the repository's own test is the reproducer


def test_rung3_the_users_call_is_rebuilt_from_the_traceback(box):
    rep = climb(box, f"Planning crashes for me:\n\n```\n{TRACEBACK}```\n", test_cmd=None)
    assert rep.rung == 3 and rep.reproduced
    first = next(a for a in rep.attempts if a.rung == 3)
    assert first.how == "call site: parse_date(...) as called at plan.py:4" and first.reproduced
    assert "parse_date('2019-12-01')" in rep.regression_test.text


def test_when_the_suite_reproduces_its_failing_node_alone_becomes_the_command(box):
    # the user's line passes a name (nothing to rebuild), no test is named: the suite shows the crash,
    # and the failing node (an id with a space) run alone is what validation re-runs
    issue = "Planning crashes for me:\n\n```\n" + TRACEBACK.replace('parse_date("2019-12-01")', "parse_date(text)") + "```\n"
    rep = climb(box, issue)
    assert rep.rung == 2 and rep.reproduced
    assert rep.how == "test suite, narrowed to tests/test_parse.py::TestParse::test_parse[last month]"
    assert rep.command.endswith("'tests/test_parse.py::TestParse::test_parse[last month]'")
    suite = next(a for a in rep.attempts if a.how == "test suite")
    assert suite.reproduced and suite.command == "python -m pytest -q"


def test_a_traceback_from_code_not_in_the_repo_stays_not_reproduced(box):
    issue = ("```\nTraceback (most recent call last):\n"
             '  File "/home/maria/cal/plan.py", line 9, in <module>\n    load("holidays")\n'
             '  File "/home/maria/cal/plan.py", line 5, in load\n    return CONFIG[name]\n'
             "KeyError: 'holidays'\n```\n")
    rep = climb(box, issue)
    assert not rep.reproduced and rep.rung is None and rep.regression_test is None
    assert rep.attempts and all(not a.reproduced for a in rep.attempts)
    assert all("no frame of the report is in the repository" in a.why for a in rep.attempts if a.exit_code)


def test_the_regression_test_fails_before_and_passes_after_the_real_fix(box):
    rep = climb(box, f"```\n{TRACEBACK}```\n", test_cmd=None)
    test = rep.regression_test
    box.write(test.path, test.text)            # where the PR puts it: the repo's own test command collects it
    before = box.run(f"python -m pytest -q {test.path}", timeout=120)
    assert before.exit_code == 1 and "IndexError" in before.output
    assert box.run(rep.command, timeout=120).exit_code == 1
    box.write("dates/parse.py", FIXED)
    after = box.run(f"python -m pytest -q {test.path}", timeout=120)
    assert after.exit_code == 0 and "1 passed" in after.output
    assert box.run(rep.command, timeout=120).exit_code == 0
    box.reset()


def test_rung4_the_seeded_search_finds_an_input_around_what_the_tests_pass(box):
    issue = "Planning crashes:\n\n```\n" + TRACEBACK.replace('parse_date("2019-12-01")', "parse_date(text)") + "```\n"
    passing = "python -m pytest -q -k mid"           # the tests that pass: they only seed the search
    rep = climb(box, issue, test_cmd=passing)
    assert [a.rung for a in rep.attempts][:2] == [2, 4] and rep.rung == 4, [(a.how, a.why) for a in rep.attempts]
    assert rep.attempts[0].how == "test suite" and not rep.attempts[0].reproduced
    assert rep.how.startswith("search: days_in_month(month=")
    assert "days_in_month(month=" in rep.regression_test.text
    again = climb(box, issue, test_cmd=passing)      # seeded: the same input every time
    assert again.how == rep.how


def test_a_search_that_finds_nothing_is_recorded_and_the_crash_stays_not_reproduced(box):
    issue = "```\n" + TRACEBACK.replace('parse_date("2019-12-01")', "parse_date(text)").replace(
        "IndexError: list index out of range", "KeyError: 12") + "```\n"
    rep = climb(box, issue, test_cmd="python -m pytest -q -k mid")
    assert not rep.reproduced
    last = rep.attempts[-1]
    assert last.rung == 4 and last.how.startswith("search: ") and " calls in " in last.how
    assert last.why == "no input raised KeyError at the reported repo line"
