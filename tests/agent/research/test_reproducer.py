"""Rung 5: the research agent's reproduction phase, a scripted model, the real Docker sandbox.

The repo has no failing test and the report's outer frame is the user's own script (outside the repo),
so the deterministic rungs find nothing; the model writes new test files and crashfix alone decides
whether one fails with the reported signature."""
from __future__ import annotations

from agent.run import PATCHED

from agent.judge.testrun import SCRATCH
import json

import pytest

from agent.records import RegressionTest
from agent.memory import Memory
from agent.pipeline import run_job
from agent.run import RunConfig
from agent.python.ladder.reproducer import furnish
from agent.research.tools import ToolContext, reproduction_toolbox
from agent.research.tools.reproducer import CHECK, Check
from gitrepo import make_repo
from sandbox import open_sandbox

CONFIG = '''"""Reading shelf's settings file: `key = value` lines."""


def load(path):
    settings = {}
    with open(path) as fh:
        for line in fh:
            key, value = line.strip().split("=", 1)
            settings[key.strip()] = value.strip()
    return settings
'''
TESTS = '''from shelf.config import load


def test_load_reads_pairs(tmp_path):
    cfg = tmp_path / "a.cfg"
    cfg.write_text("name = box\\nsize = 3\\n")
    assert load(str(cfg)) == {"name": "box", "size": "3"}
'''
REPORT = '''Loading my settings crashes when the file has an empty line in it.

```
Traceback (most recent call last):
  File "/home/maria/tools/pack.py", line 14, in <module>
    settings = load(settings_path())
  File "/home/maria/.venv/lib/python3.11/site-packages/shelf/config.py", line 8, in load
    key, value = line.strip().split("=", 1)
ValueError: not enough values to unpack (expected 2, got 1)
```
'''
GOOD = '''from shelf.config import load


def test_blank_line_in_settings(tmp_path):
    cfg = tmp_path / "s.cfg"
    cfg.write_text("name = box\\n\\nsize = 3\\n")
    assert load(str(cfg))["size"] == "3"
'''
WRONG_EXCEPTION = '''from shelf.config import load


def test_missing_file():
    load("/nonexistent/settings.cfg")
'''
WRONG_FRAME = '''def test_unpack_here():
    key, value = "no equals sign".split("=", 1)
'''
FIX = {"old": "        for line in fh:\n", "new": "        for line in fh:\n            if not line.strip():\n"
                                                   "                continue\n"}


def call(name: str, **arguments) -> dict:
    return {"name": name, "arguments": arguments}


def write_and_check(path: str, content: str) -> dict:
    return {"tool_calls": [call("write_test", path=path, content=content), call("check_reproducer", path=path)]}


REFUSALS = [
    write_and_check("tests/test_repro_missing.py", WRONG_EXCEPTION),
    write_and_check("tests/test_repro_frame.py", WRONG_FRAME),
    {"tool_calls": [call("edit", path="shelf/config.py", old="    settings = {}\n", new="    settings = {1: 2}\n"),
                    call("write_test", path="tests/test_config.py", content="x = 1\n")]},
]
SCRIPT = {
    "model": "scripted-shelf",
    "reproduction": [*REFUSALS, write_and_check("tests/test_repro_blank.py", GOOD)],
    "analysis": [{"tool_calls": [call("conclude", root_cause="load() unpacks blank lines",
                                      fix="skip blank lines")]}],
    "synthesis": [{"tool_calls": [call("edit", path="shelf/config.py", **FIX)]},
                  {"tool_calls": [call("submit", summary="skip blank lines in the settings file")]}],
}


@pytest.fixture
def shelf_repo(tmp_path):
    return make_repo(tmp_path / "shelf", {"shelf/__init__.py": "", "shelf/config.py": CONFIG,
                                          "tests/test_config.py": TESTS})


def config(repo, out, srv, image) -> RunConfig:
    return RunConfig(repo=str(repo), report_text=REPORT, out=out, test_cmd="python -m pytest -q", strategy="llm",
                     sandbox="docker", image=image, model="scripted-shelf", base_url=srv.base_url,
                     api_key="scripted", trajectories=1, replay="shelf-script")


def observations(traj: dict) -> list[tuple[str, bool, str]]:
    return [(c["name"], o["ok"], o["text"]) for s in traj["steps"] for c, o in zip(s["tool_calls"], s["observations"])]


@pytest.mark.docker
def test_a_reproducer_crashfix_accepts_becomes_the_regression_test_and_the_run_is_fixed(
        sandbox_image, served, shelf_repo, tmp_path):
    srv = served(SCRIPT)
    out = tmp_path / "out"
    run = run_job(config(shelf_repo, out, srv, sandbox_image))
    result = json.loads((out / "result.json").read_text())
    rep = result["reproduction"]
    assert rep["rung"] == 5 and rep["crashed"] == rep["tries"] == 3, rep
    assert rep["command"].endswith("tests/test_repro_blank.py::test_blank_line_in_settings --tb=native")
    assert result["regression_test"] == "tests/test_repro_blank.py"
    assert "+++ b/tests/test_repro_blank.py" in rep["patch"] and "def test_blank_line_in_settings" in rep["patch"]
    assert {a["rung"] for a in rep["attempts"]} >= {5} and not any(a["reproduced"] for a in rep["attempts"]
                                                                  if a["rung"] != 5)
    refused = [a for a in rep["attempts"] if a["rung"] == 5 and not a["reproduced"]]
    assert "FileNotFoundError" in refused[0]["why"] and "not the reported ValueError" in refused[0]["why"]
    assert "ValueError, but not through load" in refused[1]["why"]

    traj = json.loads((out / "trajectories" / "repro-1.json").read_text())
    seen = observations(traj)
    assert [ok for name, ok, _ in seen if name == "check_reproducer"] == [False, False, True]
    assert "REFUSED" in seen[1][2] and "FileNotFoundError" in seen[1][2]      # the reason, shown to the model
    edit = next(o for o in seen if o[0] == "edit")
    assert not edit[1] and "new test files only" in edit[2]
    overwrite = [o for o in seen if o[0] == "write_test"][2]
    assert not overwrite[1] and "exists in the repository" in overwrite[2]

    assert run.status in PATCHED, (run.error, run.notes)       # a validated patch (speculative or not)
    # and the two fresh calls of agent/research/second_opinion.py: what the issue expects, the review
    calls = len(SCRIPT["reproduction"]) + len(SCRIPT["analysis"]) + len(SCRIPT["synthesis"]) + 2
    assert result["cost"]["llm_calls"] == calls == len(srv.requests)       # one ledger: both phases counted
    assert result["cost"]["by_phase"]["reproduction"]["llm_calls"] == len(SCRIPT["reproduction"])
    assert result["cost"]["by_phase"]["research"]["llm_calls"] == len(SCRIPT["analysis"]) + len(SCRIPT["synthesis"])
    assert "+            if not line.strip():" in result["patch"]
    assert "tests/" not in "".join(l for l in result["patch"].splitlines() if l.startswith("+++"))
    assert result["tests"]["after"]["failed"] == 0


@pytest.mark.docker
def test_a_model_that_never_reproduces_ends_not_reproduced_with_what_it_tried(
        sandbox_image, served, shelf_repo, tmp_path):
    srv = served({**SCRIPT, "reproduction": REFUSALS})
    out = tmp_path / "out"
    run = run_job(config(shelf_repo, out, srv, sandbox_image))
    assert run.status == "not_reproduced"
    result = json.loads((out / "result.json").read_text())
    tried = [a for a in result["reproduction"]["attempts"] if a["rung"] == 5]
    assert [a["command"].split()[-2] for a in tried] == ["tests/test_repro_missing.py", "tests/test_repro_frame.py"]
    assert "research agent's reproducer tests/test_repro_frame.py" in result["error"]
    assert result["patch"] is None and not any(r["body"]["messages"][0]["content"].startswith(
        "You are crashfix's research agent, phase: ANALYSIS") for r in srv.requests)


@pytest.fixture
def ctx(shelf_repo):
    sb = open_sandbox("local", shelf_repo, install=False)
    checked = []
    context = ToolContext(sb=sb, source=shelf_repo, memory=Memory())
    context.state[CHECK] = lambda box, path: checked.append(box.read("shelf/config.py")) or \
        Check(path, f"pytest {path}", False, "exit 0: no crash", 0, "1 passed")
    context.state["checked"] = checked
    yield context
    sb.close()


def test_the_phase_refuses_existing_files_and_restores_what_run_changed(ctx, shelf_repo):
    box = reproduction_toolbox()
    assert "write_test" in box.tools and "check_reproducer" in box.tools and "submit" not in box.tools
    refused = box.call(ctx, "write_test", {"path": "tests/test_config.py", "content": "x = 1\n"})
    assert not refused.ok and "exists in the repository" in refused.text
    assert ctx.sb.read("tests/test_config.py") == TESTS
    assert not box.call(ctx, "write_test", {"path": "shelf/helper.py", "content": "x = 1\n"}).ok
    assert not box.call(ctx, "check_reproducer", {"path": "tests/test_new.py"}).ok      # not written yet
    assert box.call(ctx, "write_test", {"path": "tests/test_new.py", "content": GOOD}).ok
    ran = box.call(ctx, "run", {"command": "echo 'broken = True' >> shelf/config.py"})
    assert "shelf/config.py" in ran.text and "put back" in ran.text            # a command's change: put back
    assert ctx.sb.read("shelf/config.py") == CONFIG
    ctx.sb.run("echo 'broken = True' >> shelf/config.py")        # by no tool call (a process in the background)
    changed = box.call(ctx, "check_reproducer", {"path": "tests/test_new.py"})
    assert not changed.ok and "existing files were changed (shelf/config.py)" in changed.text
    assert ctx.sb.read("shelf/config.py") == CONFIG and ctx.sb.read("tests/test_new.py") == GOOD
    assert ctx.state["checked"] == []                     # crashfix ran no check on a changed tree
    no = box.call(ctx, "check_reproducer", {"path": "tests/test_new.py"})
    assert not no.ok and no.text.startswith("REFUSED: `pytest tests/test_new.py` (exit 0): exit 0: no crash")
    assert ctx.state["checked"] == [CONFIG]


def test_a_later_sandbox_gets_the_regression_test_where_the_command_runs_it(shelf_repo):
    test = RegressionTest("tests/test_crashfix_x.py", "def test_x():\n    assert 0\n")
    for command, where in [("python -m pytest -q tests/test_crashfix_x.py::test_x", "tests/test_crashfix_x.py"),
                           (f"python -m pytest -q --tb=native {SCRATCH}/test_crashfix_x.py", f"{SCRATCH}/test_crashfix_x.py")]:
        sb = open_sandbox("local", shelf_repo, install=False)
        try:
            furnish(sb, test, command)
            assert sb.read(where) == test.text and sb.diff() == ""           # not part of any patch
            sb.reset()
            assert sb.read(where) == test.text                               # and a reset keeps it
        finally:
            sb.close()


@pytest.mark.docker
def test_what_the_model_notes_in_the_accepting_turn_reaches_the_analysis(sandbox_image, served, shelf_repo, tmp_path):
    """Issue 25, failure 5 (scripted replay): the turn that writes, checks and notes in one go keeps
    its results: the reproducer is accepted and the note is a fact the analysis phase starts from."""
    note = call("note", fact="blank lines reach the unpacking in load() unfiltered", source="shelf/config.py:8",
                kind="cause")
    accept = {"tool_calls": [*write_and_check("tests/test_repro_blank.py", GOOD)["tool_calls"], note]}
    srv = served({**SCRIPT, "reproduction": [accept]})
    run = run_job(config(shelf_repo, tmp_path / "out", srv, sandbox_image))
    traj = json.loads((tmp_path / "out" / "trajectories" / "repro-1.json").read_text())
    assert [(n, ok) for n, ok, _ in observations(traj)] == [("write_test", True), ("check_reproducer", True),
                                                           ("note", True)]
    assert run.reproduction.reproduced and run.reproduction.rung == 5
    analysis = next(r["body"]["messages"] for r in srv.requests
                    if "phase: ANALYSIS" in r["body"]["messages"][0]["content"])
    assert any("blank lines reach the unpacking in load() unfiltered" in (m.get("content") or "") for m in analysis)
