"""The model's two one-call hooks (agent/research/second_opinion.py) against the scripted model: it
writes the expectation the regression test asserts, and its review can lower a patch's confidence."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from agent.judge.confidence import HIGH, SPECULATIVE
from agent.research.model import ScriptedLLM
from agent.pipeline import assess
from agent.reports import parse
from agent.run import Run, RunConfig
from agent.research import second_opinion
from agent.candidates import Candidate
from agent.judge.testrun import TestOutcome
from agent.judge.validate import Verdict

ISSUE = "p.ordinal(-1) raises TypeError. Negative ranks should read like '-1st' does for strings."
REPAIR = "--- a/m.py\n+++ b/m.py\n@@ -1 +1 @@\n-    return f(x)\n+    return f(abs(x))\n"


def _model(**phases) -> ScriptedLLM:
    return ScriptedLLM({phase: [{"content": json.dumps(answer)}] for phase, answer in phases.items()})


def test_the_model_writes_the_expectation_from_the_issue():
    llm = _model(expectation={"kind": "value", "value": "'-1st'", "quote": "should read like '-1st'"})
    exp = second_opinion.expectation(llm, ISSUE, "TypeError")
    assert (exp.kind, exp.value, exp.source) == ("value", "'-1st'", "model")
    system = llm.requests[0]["body"]["messages"][0]["content"]
    assert "phase: EXPECTATION" in system and ISSUE in llm.requests[0]["body"]["messages"][1]["content"]


def test_a_model_answer_that_is_not_a_literal_or_names_the_reported_exception_is_dropped():
    assert second_opinion.expectation(_model(expectation={"kind": "value", "value": "os.system('x')"}),
                                      ISSUE, "TypeError") is None
    assert second_opinion.expectation(_model(expectation={"kind": "raises", "raises": ["TypeError"]}),
                                      ISSUE, "TypeError") is None
    assert second_opinion.expectation(_model(expectation={"kind": "none"}), ISSUE, "TypeError") is None


def _run(tmp_path: Path) -> tuple[Run, Verdict, Verdict]:
    run = Run(RunConfig(repo="r", report_text=ISSUE, out=tmp_path))
    run.report = parse("Traceback (most recent call last):\n  File \"m.py\", line 1, in g\n    return f(x)\n"
                       "TypeError: bad operand\n")
    run.test_cmd = "python -m pytest -q"        # a project with tests (agent/judge/behaviour.py Suite)
    run.tests_before = TestOutcome(run.test_cmd, 0, "", passed={"tests/test_m.py::test_g"})
    a = Verdict(Candidate(REPAIR, "take the absolute value", "llm"), validated=True)
    b = Verdict(Candidate(REPAIR.replace("abs(x)", "str(x)"), "pass a string", "llm"), validated=True)
    return run, a, b


def test_the_review_that_says_symptom_lowers_the_confidence_and_sees_the_other_candidates(tmp_path):
    run, a, b = _run(tmp_path)
    llm = _model(review={"verdict": "symptom", "why": "abs() drops the sign the caller wanted", "prefer": ""})
    ranked = assess(run, [a, b], lambda survivors: second_opinion.review(llm, ISSUE, survivors[0], [], survivors[1:]))
    assert a.confidence == SPECULATIVE and "abs() drops the sign" in a.confidence_why
    assert ranked[0] is b and b.confidence == HIGH           # the high one is chosen
    user = llm.requests[0]["body"]["messages"][1]["content"]
    assert "pass a string" in user and "take the absolute value" in user
    assert "phase: REVIEW" in llm.requests[0]["body"]["messages"][0]["content"]


def test_the_review_that_says_cause_leaves_it_high(tmp_path):
    run, a, _ = _run(tmp_path)
    llm = _model(review={"verdict": "cause", "why": "the sign was never handled"})
    assess(run, [a], lambda survivors: second_opinion.review(llm, ISSUE, survivors[0], [], []))
    assert a.confidence == HIGH and len(llm.requests) == 1


def test_the_reviewers_choice_between_two_validated_candidates_decides_among_equals(tmp_path):
    """Issue 34: the reviewer's choice was asked for and ignored. Both are rated high on the evidence;
    the reviewer would choose candidate 2: it goes first, and its reasons say why."""
    run, a, b = _run(tmp_path)
    llm = _model(review={"verdict": "cause", "why": "both end the crash; str() keeps the caller's sign", "prefer": 2})
    ranked = assess(run, [a, b], lambda survivors: second_opinion.review(llm, ISSUE, survivors[0], [], survivors[1:]))
    assert ranked == [b, a] and a.confidence == b.confidence == HIGH
    assert "the second opinion chose it over 'take the absolute value'" in b.confidence_why
    assert "str() keeps the caller's sign" in b.confidence_why
    assert any("second opinion's choice: 'pass a string'" in n for n in run.notes)
    user = llm.requests[0]["body"]["messages"][1]["content"]
    assert "Candidate 1, the patch under review (take the absolute value)" in user and "Candidate 2, " in user


def test_the_reviewer_can_name_its_choice_by_description_and_a_symptom_verdict_counts_too(tmp_path):
    run, a, b = _run(tmp_path)
    llm = _model(review={"verdict": "symptom", "why": "abs() hides the negative rank", "prefer": "Pass a  string"})
    ranked = assess(run, [a, b], lambda survivors: second_opinion.review(llm, ISSUE, survivors[0], [], survivors[1:]))
    assert ranked[0] is b and a.confidence == SPECULATIVE and "abs() hides the negative rank" in a.confidence_why
    assert "chose it over 'take the absolute value'" in b.confidence_why


def test_a_high_candidate_stays_ahead_of_a_speculative_choice_and_the_note_says_so(tmp_path):
    run, a, _ = _run(tmp_path)
    swallow = Verdict(Candidate("--- a/m.py\n+++ b/m.py\n@@ -1 +1,4 @@\n-    return f(x)\n+    try:\n"
                                "+        return f(x)\n+    except TypeError:\n+        return None\n",
                                "catch the TypeError", "catch"), validated=True)
    llm = _model(review={"verdict": "cause", "why": "the sign was never handled", "prefer": 2})
    ranked = assess(run, [a, swallow], lambda s: second_opinion.review(llm, ISSUE, s[0], [], s[1:]))
    assert ranked[0] is a and swallow.confidence == SPECULATIVE
    assert any("would choose 'catch the TypeError'" in n and "so the latter is kept" in n for n in run.notes)
    assert "the second opinion says it fixes the cause: `the sign was never handled`" in a.confidence_why


@pytest.mark.parametrize("prefer", [0, 7, "", "no such candidate", True, None])
def test_a_choice_that_names_no_shown_candidate_changes_nothing(tmp_path, prefer):
    run, a, b = _run(tmp_path)
    llm = _model(review={"verdict": "cause", "why": "fine", "prefer": prefer})
    assert assess(run, [a, b], lambda s: second_opinion.review(llm, ISSUE, s[0], [], s[1:])) == [a, b]


def test_a_side_question_with_no_answer_in_its_time_is_skipped():
    """Issue 34: an unanswered side question stalled a run for 9 minutes. It now gives up after its time."""
    llm = ScriptedLLM({"errors": [{"delay": 3}], "expectation": [{"content": json.dumps({"kind": "none"})}]})
    start = time.monotonic()
    with pytest.raises(second_opinion.Unanswered, match=r"what the issue expects\) got no answer within 0.3 s"):
        second_opinion.expectation(llm, ISSUE, "TypeError", seconds=0.3)
    assert time.monotonic() - start < 2
