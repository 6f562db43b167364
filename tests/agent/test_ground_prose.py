"""The ladder reads the prose (issue 25, the ladder's blind spot): a call with literal arguments said
in a sentence, and a `name = value` the issue names beside the function, become trials; the question
to the reporter asks only for what the issue does not give, about this project's code."""
from __future__ import annotations

import pytest

from agent.judge.match import anchor_on
from agent.reports import parse
from agent.python.reproduce import reproduce
from agent.records import Reproduction
from agent.run import Result
from bot.conversation.question import asks
from gitrepo import make_repo
from sandbox import open_sandbox

CRON = '''class Spec:
    def __init__(self, text):
        self.fields = [self._field(part) for part in text.split()]

    def _field(self, part):
        if part.startswith("R/"):
            step = int(part[2:])
            return list(range(0, 60, 60 // step))
        return part
'''
FILES = {"cronish/__init__.py": "from cronish.spec import Spec\n", "cronish/spec.py": CRON,
         "tests/test_spec.py": "from cronish import Spec\n\n\ndef test_plain():\n    assert Spec('* *').fields == ['*', '*']\n"}
TRACE = """Traceback (most recent call last):
  File "/srv/jobs/schedule.py", line 40, in load_jobs
    spec = Spec(expr)
  File "/srv/venv/lib/python3.10/site-packages/cronish/spec.py", line 3, in __init__
    self.fields = [self._field(part) for part in text.split()]
  File "/srv/venv/lib/python3.10/site-packages/cronish/spec.py", line 8, in _field
    return list(range(0, 60, 60 // step))
ZeroDivisionError: integer division or modulo by zero
"""
PATHS = {"/srv/jobs/schedule.py": None, "/srv/venv/lib/python3.10/site-packages/cronish/spec.py": "cronish/spec.py"}
PROSE = {
    "call in a sentence": 'Our scheduler dies when a job is written as Spec("* * R/0 * *") in the jobs file.\n\n' + TRACE,
    "setting named in prose": "The job's spec is `expr = \"* R/0\"`, loaded from the jobs file.\n\n" + TRACE,
}


@pytest.fixture
def sb(tmp_path):
    box = open_sandbox("local", make_repo(tmp_path / "cronish", FILES), install=False)
    yield box
    box.close()


@pytest.mark.parametrize("case", sorted(PROSE))
def test_a_value_the_prose_gives_reproduces(sb, case):
    paths = {k: v for k, v in PATHS.items() if v}
    report = parse(PROSE[case])
    rep = reproduce(sb, report, PROSE[case], None, paths, files=list(FILES), tries=1, timeout=60, search_seconds=0)
    assert rep.reproduced and rep.rung == 3, [(a.how, a.why) for a in rep.attempts]


def _result(report, text) -> Result:
    from agent.memory import Fact
    anchor_on(report, {k: v for k, v in PATHS.items() if v}, FILES.get)
    rep = Reproduction()
    return Result(status="not_reproduced", error=None, error_kind=None, repo="acme/cronish", ref=None,
                  strategy="templates", sandbox="local", test_cmd=None, report=report, reproduction=rep, patch=None,
                  root_cause="", evidence=[Fact("frame", "_field at cronish/spec.py:8", "cronish/spec.py:8")])


def test_the_question_asks_only_what_is_missing_about_this_projects_code():
    text = "cronish 1.4.2 on Python 3.10.12, Ubuntu 22.04.\n\n" + TRACE
    report = parse(text)
    got = asks(_result(report, text), text)
    assert not any("versions" in a.lower() for a in got), got
    assert "this project's `_field`" in got[0] and "load_jobs" not in got[0]
    partial = asks(_result(parse(TRACE), TRACE), "cronish 1.4.2\n" + TRACE)     # the paths say python3.10
    assert "**The versions**: the operating system." in partial, partial
    bare = asks(_result(parse(TRACE), TRACE), TRACE.replace("python3.10", "py"))
    assert "**The versions**: this project's release or commit, the Python version and the operating system." in bare
