"""The reproducer check anchors on the project's own code at this commit (issue 25, failure 3): the
report's innermost "repository" frame here is the reporter's own test helper (a file of the same name
as the project's, a function it does not define). An honest reproducer through the project's function
is accepted; a code object compiled under a repository file's name, and a traceback a test prints, are
not. Real local sandbox, real pytest, crashfix's own checker (rung 5)."""
from __future__ import annotations

import pytest

from agent.judge.match import anchor_on, repo_frame
from agent.reports import parse
from agent.python.ladder.reproducer import checker, target
from gitrepo import make_repo
from sandbox import open_sandbox

WORDS = '''def first(words, key=None):
    if key is not None:
        words = list(map(key, words))
    return words[0]
'''
FILES = {"tidy/__init__.py": "", "tidy/words.py": WORDS,
         "tests/test_words.py": "from tidy.words import first\n\n\ndef test_first():\n    assert first(['a']) == 'a'\n"}
REPORT = """Traceback (most recent call last):
  File "/home/u/proj/tests/test_words.py", line 12, in test_lookup
    first(["a"], key=_strict)
  File "/home/u/venv/lib/python3.11/site-packages/tidy/words.py", line 3, in first
    words = list(map(key, words))
  File "/home/u/proj/tests/test_words.py", line 7, in _strict
    return TABLE[w]
KeyError: 'a'
"""
PATHS = {"/home/u/proj/tests/test_words.py": "tests/test_words.py",
         "/home/u/venv/lib/python3.11/site-packages/tidy/words.py": "tidy/words.py"}
HONEST = "from tidy.words import first\n\n\ndef _strict(w):\n    return {}[w]\n\n\ndef test_repro():\n    first(['a'], key=_strict)\n"
COMPILED = ("import os\n\n\ndef test_repro():\n    for name, fn in (('tests/test_words.py', '_strict'), ('tidy/words.py', 'first')):\n"
            "        code = compile('\\n' * 40 + 'def %s(w=None):\\n    raise KeyError(w)\\n' % fn, os.path.abspath(name), 'exec')\n"
            "        ns = {}\n        exec(code, ns)\n        try:\n            ns[fn]('a')\n        except KeyError:\n            pass\n"
            "    ns['first']('a')\n")
FAKE = REPORT.replace("/home/u/proj/", "").replace("/home/u/venv/lib/python3.11/site-packages/", "")
PRINTED = f"def test_repro():\n    print({FAKE!r})\n    assert False\n"


@pytest.fixture
def sb(tmp_path):
    box = open_sandbox("local", make_repo(tmp_path / "tidy", FILES), install=False)
    yield box
    box.close()


def test_the_anchor_is_the_projects_own_function_not_the_reporters_helper():
    report = parse(REPORT)
    assert anchor_on(report, PATHS, FILES.get) == ["_strict (tests/test_words.py:7)"]
    assert repo_frame(report, PATHS).function == "first"
    assert target(report, PATHS) == "KeyError, raised through `first` (tidy/words.py)"


@pytest.mark.parametrize("text, accepted", [(HONEST, True), (COMPILED, False), (PRINTED, False)],
                         ids=["honest", "compiled-under-a-repo-file-name", "printed-traceback"])
def test_the_check_accepts_only_a_run_through_the_projects_code(sb, text, accepted):
    report = parse(REPORT)
    anchor_on(report, PATHS, FILES.get)
    sb.write("tests/test_repro.py", text)
    got = checker(report, PATHS, list(FILES), "python -m pytest -q", 120)(sb, "tests/test_repro.py")
    assert got.hit is accepted, (got.why, got.output[-1500:])
