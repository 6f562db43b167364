"""Issue 34, with a model: a speculative template patch does not end an `auto` run (the research agent
runs and its patch competes on the same evidence), a high one does (no agent), every model call is counted
in the run's cost, and a side question with no answer in its time is skipped with a note. The whole
pipeline on real git repos in the local sandbox (real pytest, pdb, validator); the model is scripted."""
from __future__ import annotations

import json
import time

from agent.pipeline import run_job
from agent.research.model import ScriptedLLM
from agent.research import strategy
from agent.run import RunConfig
from gitrepo import make_repo

UNITS = '''"""Sizes written with a unit suffix."""

UNITS = {"k": 1000, "M": 1000 ** 2}


def parse_size(text):
    """'10k' -> 10000."""
    number, unit = text[:-1], text[-1]
    return int(number) * UNITS[unit]
'''
UNITS_TESTS = '''from sizes.units import parse_size


def test_kilo():
    assert parse_size("3k") == 3000


def test_mega():
    assert parse_size("2M") == 2000000
'''
UNITS_ISSUE = '''parse_size("10K") crashes with a KeyError

```python
from sizes.units import parse_size
print(parse_size("10K"))
```

```
Traceback (most recent call last):
  File "repro.py", line 2, in <module>
    print(parse_size("10K"))
  File "/home/u/sizes/sizes/units.py", line 9, in parse_size
    return int(number) * UNITS[unit]
KeyError: 'K'
```

An upper-case K is common. I would expect `10000`.
'''
ACCEPT_UPPER = "accept an upper-case K as kilo in UNITS"
MODEL_FIX = {"path": "sizes/units.py", "old": 'UNITS = {"k": 1000, "M": 1000 ** 2}',
             "new": 'UNITS = {"k": 1000, "K": 1000, "M": 1000 ** 2}'}

BOX = '''"""A box of things."""


class Box:
    def __init__(self, items):
        self.items = list(items)

    def count(self):
        return len(self.itmes)
'''
BOX_TESTS = '''from boxes.box import Box


def test_items():
    assert Box([1, 2]).items == [1, 2]
'''
BOX_ISSUE = '''Box.count() crashes

```python
from boxes.box import Box
print(Box([1, 2, 3]).count())
```

```
Traceback (most recent call last):
  File "repro.py", line 2, in <module>
    print(Box([1, 2, 3]).count())
  File "/home/u/boxes/boxes/box.py", line 9, in count
    return len(self.itmes)
AttributeError: 'Box' object has no attribute 'itmes'. Did you mean: 'items'?
```
'''


def _said(phase: str, answer: dict) -> dict:
    return {phase: [{"content": json.dumps(answer)}]}


def _run(tmp_path, monkeypatch, name: str, files: dict, issue: str, script: dict, **kw):
    """The pipeline, `auto` with a (scripted, in-process) model; the scripted model's requests and the run."""
    repo = make_repo(tmp_path / name, files)
    llm = ScriptedLLM({"model": "scripted-judge", **script})
    real = strategy.new_model

    def scripted(cfg):               # the run's one client, with its real ledger, answering from the script
        llm.ledger = real(cfg).ledger
        return llm
    monkeypatch.setattr(strategy, "new_model", scripted)
    run = run_job(RunConfig(repo=str(repo), report_text=issue, out=tmp_path / "out", test_cmd="python -m pytest -q",
                            strategy="auto", sandbox="local", setup_cmd="true", tries=1,
                            model="scripted-judge", base_url="http://127.0.0.1:9/v1", trajectories=1,
                            **{"max_candidates": 2, **kw}))
    return llm, run, json.loads((tmp_path / "out" / "result.json").read_text())


def test_a_speculative_template_patch_and_a_model_the_agent_runs_and_its_patch_wins(tmp_path, monkeypatch):
    """The templates' patches (a default for an unknown unit) validate but give 0 where the issue expects
    10000: speculative. Before issue 34 that ended the run; now the research agent runs, its patch is
    validated by the same validator, rated by the same judge, reviewed beside the templates', and wins."""
    script = {**_said("expectation", {"kind": "value", "value": "10000", "quote": "I would expect `10000`."}),
              "analysis": [{"content": "Concluding.", "tool_calls": [{"name": "conclude", "arguments": {
                  "root_cause": "UNITS has no upper-case K", "fix": "add K to UNITS"}}]}],
              "synthesis": [{"content": "Add K.", "tool_calls": [{"name": "edit", "arguments": MODEL_FIX}]},
                            {"content": "Submit.", "tool_calls": [{"name": "submit", "arguments": {
                                "summary": ACCEPT_UPPER}}]}],
              **_said("review", {"verdict": "cause", "why": "K is the kilo the issue writes; a default of 0 "
                                 "would hide it", "prefer": ACCEPT_UPPER})}
    llm, run, result = _run(tmp_path, monkeypatch, "sizes", {"sizes/__init__.py": "", "sizes/units.py": UNITS,
                                                            "tests/test_units.py": UNITS_TESTS}, UNITS_ISSUE, script)
    assert run.best is not None and not run.error, (run.error, run.notes)     # the status word follows the confidence
    templates = [v for v in run.verdicts if v.candidate.template != "llm" and v.validated]
    assert templates and all(v.confidence == "speculative" for v in templates)
    assert any("the research agent runs and its patches compete with the templates'" in n for n in run.notes)
    mine = [v for v in run.verdicts if v.candidate.template == "llm"]
    assert len(mine) == 1 and mine[0].validated and mine[0].confidence      # the same validator and judge
    assert run.best is mine[0] and result["fix"]["template"] == "llm"
    # the reviewer chose it over the template's default (both rated speculative: the model's patch still raises
    # the reported KeyError on other unknown units generated around the call, which the guard says in words)
    assert "the second opinion chose it over 'missing key unit in UNITS" in run.best.confidence_why
    assert "K is the kilo the issue writes" in run.best.confidence_why
    assert '+UNITS = {"k": 1000, "K": 1000, "M": 1000 ** 2}' in result["patch"]
    phases = result["cost"]["by_phase"]
    assert phases["expectation"]["llm_calls"] == 1 and phases["review"]["llm_calls"] == 1
    assert phases["research"]["llm_calls"] == 3 and result["cost"]["llm_calls"] == 5 == len(llm.requests)
    review = llm.requests[-1]["body"]["messages"][1]["content"]
    assert ACCEPT_UPPER in review and "Candidate 2, " in review          # the review saw both kinds


def test_a_high_template_patch_ends_the_run_and_every_side_question_is_counted(tmp_path, monkeypatch):
    """The template's repair (the misspelt attribute) is rated high: the research agent does not run. The
    two side questions (what the issue expects, the review) are still the run's model calls: counted."""
    script = {**_said("expectation", {"kind": "none"}),
              **_said("review", {"verdict": "cause", "why": "the attribute was misspelt", "prefer": 1})}
    llm, run, result = _run(tmp_path, monkeypatch, "boxes", {"boxes/__init__.py": "", "boxes/box.py": BOX,
                                                            "tests/test_box.py": BOX_TESTS}, BOX_ISSUE, script,
                            max_candidates=1)
    assert run.status == "fixed" and run.best.confidence == "high", (run.error, run.notes, run.best)
    assert "+        return len(self.items)" in result["patch"]
    assert not any(v.candidate.template == "llm" for v in run.verdicts)
    assert not (tmp_path / "out" / "trajectories").exists()
    cost = result["cost"]
    assert cost["llm_calls"] == 2 == len(llm.requests) and cost["model"] == "scripted-judge"
    assert [c["phase"] for c in cost["per_call"]] == ["expectation", "review"]
    assert "fixes the cause: `the attribute was misspelt`" in run.best.confidence_why


def test_a_side_question_with_no_answer_in_its_time_is_skipped_with_a_note(tmp_path, monkeypatch):
    """Issue 34: an unanswered side question stalled a run for 9 minutes with no note."""
    script = {"errors": [{"delay": 4}], **_said("expectation", {"kind": "none"}),
              **_said("review", {"verdict": "cause", "why": "the attribute was misspelt"})}
    start = time.monotonic()
    llm, run, result = _run(tmp_path, monkeypatch, "boxes", {"boxes/__init__.py": "", "boxes/box.py": BOX,
                                                            "tests/test_box.py": BOX_TESTS}, BOX_ISSUE, script,
                            max_candidates=1, side_question_seconds=0.5)
    assert run.status == "fixed", (run.error, run.notes)
    assert "the model's side question (what the issue expects) got no answer within 0.5 s: skipped; the " \
           "parser's reading of the issue is used" in result["notes"]
    assert any(n.startswith("second opinion on ") for n in result["notes"])     # the run went on with the review
    assert result["cost"]["by_phase"]["review"]["llm_calls"] == 1
    assert time.monotonic() - start < 600


def test_one_ranking_high_before_speculative_then_the_order_given():
    """validate.rank, the one ranking of templates' and the agent's patches: a high patch before a
    speculative one, however small; among equals the order given (the guard's), else the smallest diff."""
    from agent.candidates import Candidate
    from agent.judge.validate import Verdict, rank

    def verdict(name: str, lines: int, confidence: str = "") -> Verdict:
        diff = "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n" + "".join(f"+{name} = {i}\n" for i in range(lines))
        return Verdict(Candidate(diff, name), validated=True, confidence=confidence)

    small, big, other = verdict("small", 1, "speculative"), verdict("big", 5, "high"), verdict("other", 3, "speculative")
    assert rank([small, big, other]) == [big, small, other]
    assert rank([other, small, big], ordered=True) == [big, other, small]
    assert rank([verdict("b", 4), verdict("a", 2)])[0].candidate.description == "a"      # unrated: the smallest


def test_without_a_model_a_speculative_template_patch_still_ends_the_run(tmp_path, monkeypatch):
    """No endpoint: behaviour unchanged; the templates' speculative patch is the run's, nothing is asked."""
    for var in ("CRASHFIX_LLM_MODEL", "CRASHFIX_LLM_BASE_URL", "CRASHFIX_LLM_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    repo = make_repo(tmp_path / "sizes", {"sizes/__init__.py": "", "sizes/units.py": UNITS,
                                          "tests/test_units.py": UNITS_TESTS})
    run = run_job(RunConfig(repo=str(repo), report_text=UNITS_ISSUE, out=tmp_path / "out", strategy="auto",
                            test_cmd="python -m pytest -q", sandbox="local", setup_cmd="true", tries=1,
                            max_candidates=2))
    assert run.best is not None and not run.error, (run.error, run.notes)
    assert run.best.candidate.template != "llm" and run.best.confidence == "speculative"
    assert not any("research agent runs" in n for n in run.notes) and not (tmp_path / "out" / "trajectories").exists()
    assert json.loads((tmp_path / "out" / "result.json").read_text())["cost"]["llm_calls"] == 0
