"""The PR's proof sections (agent/judge/proof.py, in bot/conversation/publish.py pr_body): each shows the
run's own data, and is absent when the run did not record it."""
from __future__ import annotations

import dataclasses

from agent.candidates import Candidate
from agent.judge.expectations import Expectation
from agent.judge.validate import Verdict
from agent.memory import Memory
from agent.judge.proof import outcome, script_command
from agent.python.ladder.overfit import Overfit, Standing
from agent.python.ladder.regression import RegressionTest
from agent.python.origin import Origin, origins
from agent.python.probe import Probe
from agent.python.reproduce import Attempt, Reproduction
from agent.reports import parse
from agent.run import Result, Run, RunConfig
from bot.conversation.publish import pr_body
from markdown_render import render

REPORT = """\
inflect crashes on negative numbers

```
import inflect
print(repr(inflect.engine().ordinal(-1)))
```

Traceback (most recent call last):
  File "repro.py", line 2, in <module>
    print(repr(inflect.engine().ordinal(-1)))
  File "/usr/lib/python3/site-packages/inflect/__init__.py", line 3050, in ordinal
    n = abs(num) % 100
TypeError: bad operand type for abs(): 'str'

I would expect '-1st'.
"""
SCRIPT_CMD = "python /home/sandbox/.crashfix-scratch/rung1_0.py"
TEST_CMD = "python -m pytest -q --tb=native /home/sandbox/.crashfix-scratch/test_typeerror_in_ordinal.py::test_crash"
SCRIPT_BASE = ("Traceback (most recent call last):\n  File \"/home/sandbox/.crashfix-scratch/rung1_0.py\", line 12\n"
               "TypeError: bad operand type for abs(): 'str'\n")
TEST_BASE = ("F\nFAILED ../.crashfix-scratch/test_typeerror_in_ordinal.py::test_crash - TypeError: bad operand type for abs(): 'str'\n"
             "1 failed in 0.21s\n")
DIFF_A = "--- a/inflect/__init__.py\n+++ b/inflect/__init__.py\n@@ -1 +1,3 @@\n-x\n+try:\n+    x\n+except TypeError: return ''\n"
DIFF_B = "--- a/inflect/__init__.py\n+++ b/inflect/__init__.py\n@@ -1 +1,2 @@\n-x\n+if num is None: return None\n+x\n"


def _run(tmp_path, *, regression=True, script_after=True, probe=True, guard=True) -> Result:
    run = Run(config=RunConfig(repo="r", report_text=REPORT, out=tmp_path, test_cmd="python -m pytest -q",
                               strategy="templates", sandbox="local"),
              status="fixed", report=parse(REPORT), memory=Memory())
    exp = Expectation("value", "'-1st'", literal=True, quote="I would expect '-1st'.")
    test = RegressionTest("tests/test_typeerror_in_ordinal.py", "def test_crash(): ...\n", "test_crash",
                          "test_expected", exp) if regression else None
    attempts = [Attempt("issue code block", SCRIPT_CMD, True, 1, SCRIPT_BASE, 1)]
    if regression:
        attempts.append(Attempt(f"regression test {test.path}", TEST_CMD, True, 1, TEST_BASE, 1))
    run.reproduction = Reproduction(command=TEST_CMD if regression else SCRIPT_CMD, how="issue code block",
                                    tries=3, crashed=3, attempts=attempts, regression_test=test)
    run.memory.add("frame", "ordinal at inflect/__init__.py:3050: n = abs(num) % 100", "inflect/__init__.py:3050")
    if probe:
        run.probe = Probe(frame="inflect/__init__.py:3050 in ordinal", values={"num": "'-1'"},
                          origins=[Origin("num", "assigned", 3047, "num = str(num)")])
    after_test = {"exit": 0, "output": ".\n1 passed in 0.12s\n"}
    after_script = {"exit": 0, "output": "''\n"}
    a = Verdict(Candidate(DIFF_A, "catch TypeError in ordinal and return ''", "t", 90.0, ("inflect/__init__.py",)),
                validated=True, reason="crash gone", applied=True, clean_runs=3, tries=3,
                repro_after=after_test if regression else after_script,
                script_after=after_script if script_after and regression else None,
                expected=False if regression else None, expected_said="the issue expects '-1st', got ''",
                confidence="speculative", confidence_why="the exception is swallowed")
    b = Verdict(Candidate(DIFF_B, "return None in ordinal when num is None", "t", 80.0, ("inflect/__init__.py",)),
                validated=True, reason="crash gone", applied=True, clean_runs=3, tries=3,
                repro_after=after_test, script_after={"exit": 0, "output": "None\n"} if script_after else None,
                expected=False if regression else None, expected_said="the issue expects '-1st', got None",
                confidence="speculative", confidence_why="a default return")
    run.verdicts, run.best = [a, b], a
    if guard:
        run.overfit = Overfit(function="ordinal", inputs=40, standings=[
            Standing(a.candidate.description, changed=0, example=""),
            Standing(b.candidate.description, changed=3, example="ordinal('2')")],
            disagree=True, example="ordinal('-1'): A returned '' ; B returned None")
    return Result.of(run)


def checked(body: str) -> str:
    return body.split("**How it was checked:**", 1)[1].split("**Confidence:**", 1)[0]


def test_the_pr_shows_the_issues_snippet_on_the_base_commit_and_with_the_patch(tmp_path):
    section = checked(pr_body(_run(tmp_path), 7))
    assert ("The issue's snippet on the base commit: `TypeError: bad operand type for abs(): 'str'`; with the patch: "
            "`''`.") in section
    assert "crashfix-scratch" not in pr_body(_run(tmp_path), 7)           # no sandbox path: the snippet named by its role


def test_the_regression_test_runs_before_and_after_with_their_outcome_lines(tmp_path):
    section = checked(pr_body(_run(tmp_path), 7))
    assert ("The regression test `tests/test_typeerror_in_ordinal.py` fails on the base commit (`FAILED "
            "<crashfix's test test_typeerror_in_ordinal.py>::test_crash - TypeError: bad operand type for abs(): "
            "'str'`, `1 failed in 0.21s`) and passes with the patch (`1 passed in 0.12s`).") in section


def test_the_root_cause_says_what_value_from_where_and_why(tmp_path):
    body = pr_body(_run(tmp_path), 7)
    assert ("At `inflect/__init__.py:3050` in `ordinal()`, `n = abs(num) % 100`, `num` is `'-1'` (last assigned at "
            "line 3047: `num = str(num)`) (seen under pdb at the crash); so the line raises "
            "`TypeError: bad operand type for abs(): 'str'`.") in body
    assert "**Why it crashed:**" in body and "Root cause" not in body     # a speculative patch: not established


def test_what_the_code_does_now_and_how_the_others_differ(tmp_path):
    body = pr_body(_run(tmp_path), 7)
    assert ("**What the code does now:** On the issue's input (the issue's script) the patched code now gives `''`. "
            "The issue expects the call to `return '-1st'`: it does not (`the issue expects '-1st', got ''`).") in body
    others = body.split("<summary>Other candidates</summary>", 1)[1].split("</details>", 1)[0]
    assert ("- `return None in ordinal when num is None` (validated, speculative); on the issue's input (the issue's "
            "script) the patched code now gives `None`") in others
    assert "where the validated ones disagree: `ordinal('-1'): A returned '' ; B returned None`" in others


def test_no_data_no_claim(tmp_path):
    """No regression test: no regression line; no script run after the patch: no before/after;
    no probe: no sentence of why; no guard: nothing said about other inputs."""
    body = pr_body(_run(tmp_path, regression=False, script_after=False, probe=False, guard=False), 7)
    assert "The regression test" not in body and "Regression test (not on the branch)" not in body
    assert "(seen under pdb at the crash)" not in body and "**Why it crashed:**" not in body
    assert "inputs generated around" not in body
    # with no regression test the reproduction command is the issue's script: what it gives with the patch
    assert "On the issue's input (the reproduction command) the patched code now gives `''`." in body
    no_after = _run(tmp_path, regression=False, script_after=False, probe=False, guard=False)
    no_after.best.repro_after = None
    body = pr_body(no_after, 7)
    assert "The issue's snippet on the base commit" not in body and "**What the code does now:**" not in body
    # a regression test but no run of the issue's script with the patch: the regression line only
    body = pr_body(_run(tmp_path, script_after=False), 7)
    assert "The issue's snippet on the base commit" not in body
    assert "The regression test `tests/test_typeerror_in_ordinal.py` fails on the base commit" in body


def test_the_sections_stay_inert(tmp_path):
    result = _run(tmp_path)
    hostile = "@octo-org/admins ```` <img src=x> #1"
    result.best.script_after = {"exit": 0, "output": hostile + "\n"}
    result.probe.values["num"] = hostile
    out = render(pr_body(result, 7))
    assert "@octo-org/admins" not in out.live and "#1" not in out.live and "img" not in out.tags
    assert hostile in out.code                      # shown, whole, as code


def test_outcome_lines():
    assert outcome(TEST_BASE, 1) == ["FAILED ../.crashfix-scratch/test_typeerror_in_ordinal.py::test_crash - TypeError: "
                                     "bad operand type for abs(): 'str'", "1 failed in 0.21s"]
    assert outcome("==== 2 passed, 1 skipped in 0.3s ====\n", 0) == ["2 passed, 1 skipped in 0.3s"]
    assert outcome(SCRIPT_BASE, 1) == ["TypeError: bad operand type for abs(): 'str'"]
    assert outcome("a\nb\nc\nd\n", 0) == ["b", "c", "d"]
    assert outcome("", 0) == []


def test_the_script_command_is_the_run_the_regression_test_was_made_from(tmp_path):
    rep = _run(tmp_path).reproduction
    assert script_command(rep) == SCRIPT_CMD
    assert script_command(dataclasses.replace(rep, regression_test=None)) is None
    assert script_command(dataclasses.replace(rep, attempts=rep.attempts[1:])) is None


def test_origins_from_the_code():
    src = "def g():\n    return None\n\ndef f(y, z=1):\n    x = g()\n    for k in y:\n        pass\n    return x.strip() + y + k\n"
    got = {o.name: (o.how, o.line, o.code) for o in origins(src, "f", 8, ["x", "y", "k", "w", "x.strip"])}
    assert got == {"x": ("assigned", 5, "x = g()"), "y": ("parameter", 4, "def f(y, z=1):"),
                   "k": ("assigned", 6, "for k in y:")}
    assert origins("def (", "f", 1, ["x"]) == []


LIB = ('def lookup(table, key):\n    return table.get(key)\n\n\n'
       'def shout(table, key):\n    word = lookup(table, key)\n    return word.upper()\n')
ISSUE = """shout crashes on a missing key

```python
from lib import shout
print(shout({"a": "x"}, "b"))
```

Traceback (most recent call last):
  File "repro.py", line 2, in <module>
    print(shout({"a": "x"}, "b"))
  File "lib.py", line 7, in shout
    return word.upper()
AttributeError: 'NoneType' object has no attribute 'upper'
"""


def test_a_real_run_collects_what_the_pr_shows(tmp_path):
    """The local sandbox, real pdb: the issue's script re-run with the patch, the regression test's last
    run with it, where the faulting value came from; the PR body shows them."""
    from agent.pipeline import run_job
    from gitrepo import make_repo
    repo = make_repo(tmp_path / "repo", {"lib.py": LIB, "tests/test_lib.py": "from lib import lookup\n\n\n"
                                         "def test_lookup():\n    assert lookup({'a': 1}, 'a') == 1\n"}, "lib 1.0")
    run = run_job(RunConfig(repo=str(repo), report_text=ISSUE, out=tmp_path / "out", sandbox="local",
                                 strategy="templates", tries=1, test_cmd="python -m pytest -q"))
    result = run.result
    # a None guard: nothing in the issue or the code says `None` is the answer, so the word is speculative
    assert result.status == "speculative", (result.error, result.best and result.best.confidence_why)
    assert [(o.name, o.how, o.line) for o in result.probe.origins] == [("word", "assigned", 6)]
    assert result.best.script_after is not None and result.best.repro_after["exit"] == 0
    body = pr_body(result, 3)
    assert "`word` is `None` (last assigned at line 6: `word = lookup(table, key)`)" in body
    assert "so the line raises `AttributeError: 'NoneType' object has no attribute 'upper'`" in body
    assert script_command(result.reproduction).startswith("python ")
    assert "The issue's snippet on the base commit: `AttributeError: 'NoneType' object has no attribute 'upper'`; " \
           "with the patch: " in body
    assert "and passes with the patch (`1 passed" in body
    assert "crashfix-scratch" not in body and "/home/sandbox" not in body


def test_the_exception_line_of_any_class():
    out = ('Traceback (most recent call last):\n  File "/workspace/jsonpatch.py", line 318, in _get_operation\n'
           '    raise InvalidJsonPatch("Operation does not contain \'op\' member")\n'
           "jsonpatch.InvalidJsonPatch: Operation does not contain 'op' member\n")
    assert outcome(out, 1) == ["jsonpatch.InvalidJsonPatch: Operation does not contain 'op' member"]
    assert outcome("Traceback (most recent call last):\n  File \"x.py\", line 1\nKeyboardInterrupt\n", 1) == \
        ["KeyboardInterrupt"]


def test_report_md_holds_the_same_proof(tmp_path):
    from agent.render import report_markdown
    md, body = report_markdown(_run(tmp_path)), pr_body(_run(tmp_path), 7)
    for part in ("The issue's snippet on the base commit", "The regression test `tests/", "**What the code does now:**",
                 "(seen under pdb at the crash)"):
        assert part in md and part in body, part
    unfixed = dataclasses.replace(_run(tmp_path), best=None, status="not_fixed")
    assert "The issue's snippet on the base commit" not in report_markdown(unfixed)
    assert "**What the code does now:**" not in report_markdown(unfixed)
