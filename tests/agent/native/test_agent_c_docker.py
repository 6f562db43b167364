"""The research agent on a C tree (issue 39), with the scripted model over HTTP, the C image and the
real Validator: `reproduce` after `edit` runs the rebuilt program, gdb's batch run shows the
repository's frame, and the maintainers' kind of fix validates although the issue's program then
exits 1 on the error the parse now returns (the sanitizer report is gone: that is the verdict)."""
from __future__ import annotations

from agent.run import PATCHED

import json

import pytest

from agent.pipeline import run_job
from agent.research.scripted import ScriptedServer
from agent.run import RunConfig
from gitrepo import make_repo
from tini import HEADER, ISSUE, LIB, MAKEFILE, TOOL

pytestmark = pytest.mark.docker

FIXED_SCAN = ("    while (i < len && buf[i] != '=')\n        i++;\n    if (i == len)\n        return -1;\n")
SCRIPT = {
    "description": "Scripted research-agent turns for the tini test library (issue 39). A REPLAY for tests, not a model.",
    "model": "scripted-tini",
    "analysis": [
        {"content": "Reproduce first.", "tool_calls": [{"name": "reproduce", "arguments": {}}]},
        {"content": "Where does it stop?", "tool_calls": [{"name": "gdb", "arguments": {"batch": ["run", "info args"]}}]},
        {"content": "Done.", "tool_calls": [{"name": "conclude", "arguments": {
            "root_cause": "tini_value scans for '=' without checking the length: a line without '=' reads past the buffer",
            "fix": "bound the scan by len and return -1 when no '=' is found"}}]},
    ],
    "synthesis": [
        {"content": "Bound the scan.", "tool_calls": [{"name": "edit", "arguments": {
            "path": "tini.c", "old": "    while (buf[i] != '=')\n        i++;\n", "new": FIXED_SCAN}}]},
        {"content": "Check it.", "tool_calls": [{"name": "reproduce", "arguments": {}}]},
        {"content": "Submit.", "tool_calls": [{"name": "submit", "arguments": {
            "summary": "tini_value: stop the scan at len and fail on a line without '='"}}]},
    ],
}


def test_the_agent_on_a_c_tree_rebuilds_before_it_runs_and_its_fix_validates(c_image, tmp_path):
    repo = make_repo(tmp_path / "tini", {"tini.c": LIB, "tini.h": HEADER, "Makefile": MAKEFILE, "tinicat.c": TOOL})
    out = tmp_path / "out"
    srv = ScriptedServer(SCRIPT).start()
    try:
        run = run_job(RunConfig(repo=str(repo), report_text=ISSUE, out=out, strategy="llm", sandbox="docker",
                                image=c_image, model="scripted-tini", base_url=srv.base_url, api_key="scripted",
                                trajectories=1, max_candidates=4, replay="tini-script"))
    finally:
        srv.stop()
    # validated; its word follows the confidence (an early `return -1` nothing in a C run answers: speculative)
    assert run.status in PATCHED, (run.error, run.notes)
    result = json.loads((out / "result.json").read_text())
    assert "+    while (i < len && buf[i] != '=')" in result["patch"]
    assert result["fix"]["repro_after"]["exit"] == 1 and "the reproducer itself exits 1" in result["fix"]["reason"]
    traj = json.loads((out / "trajectories" / "traj-1.json").read_text())
    seen = [(c["name"], o["text"]) for s in traj["steps"] for c, o in zip(s["tool_calls"], s["observations"])]
    reproduces = [text for name, text in seen if name == "reproduce"]
    assert "STILL HAPPENS" in reproduces[0]
    assert reproduces[1].startswith("[rebuilt: ") and "GONE" in reproduces[1], reproduces[1]
    gdb = next(text for name, text in seen if name == "gdb")
    assert "the innermost one in the repository" in gdb and "(tini_value)" in gdb, gdb
