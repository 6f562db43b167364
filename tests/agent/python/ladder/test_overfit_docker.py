"""The overfitting guard in the real Docker sandbox: real candidate patches on a small repo of our own."""
from __future__ import annotations

import difflib
import json

import pytest

from agent.python.ladder.overfit import guard
from agent.render import report_markdown, result_dict
from agent.reports import parse
from agent.reports.paths import map_to_repo
from agent.python.reproduce import reproduce
from agent.run import Result
from agent.candidates import Candidate
from agent.judge.validate import Verdict
from gitrepo import make_repo
from sandbox import open_sandbox

pytestmark = pytest.mark.docker

STATS = ('def ratio(part, whole):\n'
         '    return part / whole\n\n\n'
         'def percent(part, whole):\n'
         '    return round(100 * ratio(part, whole), 1)\n')
REPO = {"stats/__init__.py": "", "stats/core.py": STATS,
        "tests/test_core.py": 'from stats.core import percent\n\n\ndef test_percent():\n    assert percent(1, 4) == 25.0\n'}
ISSUE = ("My report dies when a group is empty:\n\n```\nTraceback (most recent call last):\n"
         '  File "/home/ana/report/build.py", line 12, in <module>\n'
         '    print(percent(3, 0))\n'
         '  File "/usr/lib/python3/site-packages/stats/core.py", line 6, in percent\n'
         '    return round(100 * ratio(part, whole), 1)\n'
         '  File "/usr/lib/python3/site-packages/stats/core.py", line 2, in ratio\n'
         '    return part / whole\n'
         'ZeroDivisionError: division by zero\n```\n')


def patch(new_body: str, what: str) -> Verdict:
    """A validated verdict whose candidate replaces ratio's body."""
    after = STATS.replace("    return part / whole\n", new_body)
    diff = "".join(difflib.unified_diff(STATS.splitlines(True), after.splitlines(True),
                                        "a/stats/core.py", "b/stats/core.py"))
    return Verdict(Candidate("diff --git a/stats/core.py b/stats/core.py\n" + diff, what,
                             files=("stats/core.py",)), validated=True)


GENERAL = patch("    if whole == 0:\n        return 0.0\n    return part / whole\n", "return 0.0 for an empty whole")
SPECIAL = patch("    if (part, whole) == (3, 0):\n        return 0.0\n    return part / whole\n",
                "special-case ratio(3, 0)")
NAN = patch("    if not whole:\n        return float('nan')\n    return part / whole\n", "return nan for an empty whole")


@pytest.fixture(scope="module")
def setup(sandbox_image, docker_limits, tmp_path_factory):
    repo = make_repo(tmp_path_factory.mktemp("stats"), REPO)
    sb = open_sandbox("docker", repo, image=sandbox_image, limits=docker_limits)
    files, report = sorted(REPO), parse(ISSUE)
    paths = {f.file: p for f in report.frames if f.file and (p := map_to_repo(f.file, files))}
    rep = reproduce(sb, report, ISSUE, "python -m pytest -q", paths, files=files, tries=1, timeout=120)
    assert rep.reproduced and rep.rung == 3
    yield sb, report, rep, paths, files
    sb.close()


def fixed_result(setup, ranked, seen) -> Result:
    return Result(status="fixed", error=None, error_kind=None, repo="r", ref=None, strategy="templates",
                  sandbox="docker", test_cmd=None, report=setup[1], reproduction=setup[2],
                  patch=ranked[0].candidate.diff, root_cause="", verdicts=ranked, best=ranked[0], overfit=seen)


def run_guard(setup, survivors):
    sb, report, rep, paths, files = setup
    return guard(sb, report, rep.command, paths, files, ISSUE, survivors, timeout=120)


def test_a_candidate_that_only_special_cases_the_failing_input_is_ranked_down(setup):
    ranked, seen = run_guard(setup, [SPECIAL, GENERAL])      # the special case comes first (it is as small)
    assert not seen.skipped and seen.function == "ratio" and seen.inputs > 10
    assert ranked == [GENERAL, SPECIAL]
    special = next(s for s in seen.standings if s.description == SPECIAL.candidate.description)
    general = next(s for s in seen.standings if s.description == GENERAL.candidate.description)
    assert special.crashes > 0 and general.crashes == 0
    assert special.example.startswith("ratio(") and "whole=0" in special.example
    # they answer differently (one crashes where the other returns): the summary says so (issue 34), and
    # the one left clean differs from no other clean candidate (agent/judge/confidence.py reads that)
    assert seen.disagree and special.disagreements > 0 and general.differs_from_clean == 0
    assert "1 of 2 validated candidates crash on inputs generated" in seen.sentence()
    assert "disagree on inputs generated around the failing call" in seen.sentence()


def test_survivors_that_disagree_are_reported_not_silently_picked(setup):
    ranked, seen = run_guard(setup, [GENERAL, NAN])
    assert not seen.skipped and all(s.crashes == 0 for s in seen.standings)
    assert seen.disagree and "returned 0.0" in seen.example and "returned nan" in seen.example
    assert "disagree on inputs generated around the failing call" in seen.sentence()
    assert len(ranked) == 2
    # result.json and report.md carry it
    result = fixed_result(setup, ranked, seen)
    data = json.loads(json.dumps(result_dict(result), default=str))
    assert data["overfit"]["disagree"] is True and len(data["overfit"]["candidates"]) == 2
    assert "disagree on inputs generated around the failing call" in report_markdown(result)


def test_the_guard_leaves_the_tree_clean_and_says_why_it_could_not_run(setup):
    sb, report, rep, paths, files = setup
    ranked, seen = guard(sb, report, "python .crashfix/not_pytest.py", paths, files, ISSUE, [NAN, GENERAL])
    assert ranked == [NAN, GENERAL] and "not a pytest command" in seen.skipped and seen.sentence() == ""
    ranked, seen = run_guard(setup, [NAN, GENERAL])
    assert sb.read("stats/core.py") == STATS                 # every candidate's patch undone


def test_a_whole_run_ranks_its_validated_candidates_and_says_they_disagree(tmp_path):
    from agent.pipeline import execute
    from agent.run import RunConfig
    repo = make_repo(tmp_path / "stats", REPO)
    result = execute(RunConfig(repo=str(repo), report_text=ISSUE, out=tmp_path / "out",
                               test_cmd="python -m pytest -q", strategy="templates"))
    data = json.loads((tmp_path / "out" / "result.json").read_text())
    valid = [c for c in data["candidates"] if c["validated"]]
    # the survivors disagree (below), so the chosen one cannot be more than speculative, and the word says so
    assert result.status == "speculative" and len(valid) >= 2
    assert "another validated candidate answers inputs generated around the failing call" in data["confidence_why"]
    seen = data["overfit"]
    assert seen and not seen["skipped"] and seen["function"] == "ratio"
    assert len(seen["candidates"]) == len(valid)
    assert seen["candidates"][0]["description"] == data["fix"]["description"]      # the guard's order decides
    answers = {c["description"]: c["disagreements"] for c in seen["candidates"]}
    assert answers[data["fix"]["description"]] == min(answers.values())
    # a ratio of None makes percent raise TypeError: the regression test refuses it before the guard runs
    nones = [c for c in data["candidates"] if "return None" in c["description"]]
    assert nones and not any(c["validated"] for c in nones) and not any("return None" in d for d in answers)
    # the survivors disagree (0.0 against "divide by at least 1"); the odd one out is ranked last
    assert seen["disagree"] and "at least 1" in seen["candidates"][-1]["description"]
    assert "disagree on inputs generated around the failing call" in (tmp_path / "out" / "report.md").read_text()


def test_the_pr_body_carries_the_guards_sentence(setup):
    from bot.conversation.publish import pr_body
    ranked, seen = run_guard(setup, [GENERAL, NAN])
    result = fixed_result(setup, ranked, seen)
    assert seen.sentence() and seen.sentence() in pr_body(result, 7)
