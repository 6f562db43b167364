"""Rung 5 on the C path (issue 39), the whole run: an issue that describes the crash in words and holds
nothing to run, the scripted model over HTTP, the C image. The model's first program crashes in its own
code (refused, with the reason), its second crashes in tini_value as described (accepted); that becomes
the run's reproduction, and the run goes on to the C templates and validation."""
from __future__ import annotations

import json

import pytest

from agent.native.model_repro import HOW
from agent.pipeline import run_job
from agent.research.scripted import ScriptedServer
from agent.run import PATCHED, RunConfig
from gitrepo import make_repo
from tini import HEADER, LIB, MAKEFILE, TOOL
from tini_repro import ELSEWHERE, FRAGMENT_ISSUE, GOOD, PROSE

pytestmark = pytest.mark.docker


def write_and_check(name: str, content: str) -> dict:
    return {"content": f"Try {name}.", "tool_calls": [
        {"name": "write_file", "arguments": {"name": name, "content": content}},
        {"name": "check_reproducer", "arguments": {"program": name}}]}


SCRIPT = {
    "description": "Scripted reproduction turns for the tini test library (issue 39). A REPLAY for tests, not a model.",
    "model": "scripted-tini",
    "reproduction": [
        {"content": "Read it.", "tool_calls": [{"name": "view", "arguments": {"path": "tini.c"}}]},
        write_and_check("first.c", ELSEWHERE),
        write_and_check("second.c", GOOD),
    ],
    "analysis": [], "synthesis": [],
}


def run_with(script: dict, issue: str, c_image, tmp_path):
    repo = make_repo(tmp_path / "tini", {"tini.c": LIB, "tini.h": HEADER, "Makefile": MAKEFILE, "tinicat.c": TOOL})
    srv = ScriptedServer(script).start()
    try:
        run = run_job(RunConfig(repo=str(repo), report_text=issue, out=tmp_path / "out", strategy="auto",
                                sandbox="docker", image=c_image, model="scripted-tini", base_url=srv.base_url,
                                api_key="scripted", trajectories=1, max_candidates=4, replay="tini-script"))
    finally:
        srv.stop()
    asked = [r["body"]["messages"] for r in srv.requests
             if "phase: REPRODUCTION" in r["body"]["messages"][0]["content"]]
    return run, asked


def test_the_model_writes_the_reproducer_crashfix_checks_it_and_the_run_goes_on(c_image, tmp_path):
    run, asked = run_with(SCRIPT, PROSE, c_image, tmp_path)
    out = tmp_path / "out"
    result = json.loads((out / "result.json").read_text())
    rep = result["reproduction"]
    assert rep["reproduced"] and rep["rung"] == 5 and rep["how"] == HOW, (run.error, run.notes)
    assert rep["command"].endswith("/.crashfix-scratch/second") and rep["crashed"] == rep["tries"]
    model = [a for a in rep["attempts"] if a["rung"] == 5]
    assert [a["reproduced"] for a in model] == [False, True]
    assert model[0]["why"] == "a different crash: null-dereference in main (first.c:8), not the reported one"
    assert model[1]["why"] == "heap-buffer-overflow in tini_value (tini.c:10), as reported"
    # the model saw the refusal's reason; the notes say who wrote the reproducer and who checked it
    traj = json.loads((out / "trajectories" / "repro-1.json").read_text())
    checks = [o["text"] for s in traj["steps"] for c, o in zip(s["tool_calls"], s["observations"])
              if c["name"] == "check_reproducer"]
    assert checks[0].startswith("REFUSED") and "a different crash: null-dereference in main" in checks[0]
    assert checks[1].startswith("ACCEPTED")
    assert "C/C++ repository" in asked[0][0]["content"] and "write_file" in asked[0][0]["content"]
    assert "The issue holds nothing crashfix could run" in asked[0][1]["content"]
    assert any(n.startswith("the reproducer was written by the model (second.c) and checked by crashfix")
               for n in result["notes"]), result["notes"]
    report = (out / "report.md").read_text()
    assert HOW in report and "(a reproducer the model wrote; crashfix checked it) crashed 3 of 3 times" in report
    # the reproduced report stands for the words, and the run went on: the C templates, validated
    assert run.verdicts and run.status in PATCHED, (run.status, run.error, [v.reason for v in run.verdicts])
    assert "+    while (i < len && buf[i] != '=')" in result["patch"]


def test_a_fragment_that_does_not_compile_is_the_models_starting_point(c_image, tmp_path):
    script = {**SCRIPT, "reproduction": [write_and_check("completed.c", GOOD)]}
    run, asked = run_with(script, FRAGMENT_ISSUE, c_image, tmp_path)
    start = asked[0][1]["content"]
    assert "What crashfix tried from the issue" in start and "reproducer fragment" in start
    assert "error: 'buf' undeclared" in start or "error: \u2018buf\u2019 undeclared" in start, start
    rep = run.reproduction
    assert rep.reproduced and rep.rung == 5 and rep.how == HOW
    assert [(a.rung, a.reproduced) for a in rep.attempts] == [(1, False), (5, True)]     # the fragment, the model's
    assert run.status in PATCHED, (run.status, run.error)
