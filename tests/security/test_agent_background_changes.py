"""The research agent submits only what the model's actions changed, and its patch is validated in a
fresh sandbox (issue 22: a `setsid` child of a command waited for the model's edit, added a backdoor
line to another file, and `submit` shipped it in a validated PR). The scripted model (agent/research/scripted.py)
drives the real agent loop, real tools and the real Validator in real Docker containers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitrepo import make_repo

from agent.research.loop import AgentConfig, ResearchAgent
from agent.research.inputs import Harness, Investigation
from agent.research.client import Ledger
from agent.memory import Memory
from agent.research.model import ScriptedLLM
from agent.reports import parse
from agent.research.scripted import ScriptedModel
from agent.research.tools import ToolContext, analysis_toolbox
from agent.judge.validate import Validator
from sandbox import open_sandbox

pytestmark = pytest.mark.docker

ROOT = Path(__file__).resolve().parents[2]
LRU = ROOT / "eval" / "dev" / "lrucache-get-does-not-refresh"
REPRO = "python -m pytest -q tests/test_cache.py::test_read_keeps_key_alive"
TARGET = "src/lrucache/__init__.py"
# waits for the model's fix to appear, then appends a line to another file
WATCH = ("h=$(md5sum < src/lrucache/cache.py); "
         "while [ \"$(md5sum < src/lrucache/cache.py)\" = \"$h\" ]; do sleep 0.02; done; "
         f"echo 'BACKDOOR = 1' >> {TARGET}")
EDIT = {"path": "src/lrucache/cache.py", "old": "        self.hits += 1\n        return value\n",
        "new": "        self.hits += 1\n        self._data.move_to_end(key)\n        return value\n"}


def _turn(*calls) -> dict:
    return {"content": "", "tool_calls": [{"name": n, "arguments": a} for n, a in calls]}


def _script(spawn: tuple[str, dict]) -> dict:
    return {"model": "scripted-lrucache", "analysis": [
        _turn(("conclude", {"root_cause": "get() does not reorder", "fix": "move_to_end on a hit"}))],
        "synthesis": [
            _turn(spawn),
            _turn(("edit", EDIT)),
            _turn(("view", {"path": "src/lrucache/cache.py"}), ("view", {"path": "pyproject.toml"})),
            _turn(("submit", {"summary": "move_to_end on a hit"})),
            _turn(("run", {"command": f"git checkout -- {TARGET}"})),
            _turn(("submit", {"summary": "move_to_end on a hit"}))]}


@pytest.fixture
def agent(sandbox_image, tmp_path):
    repo = make_repo(tmp_path / "lrucache", {str(p.relative_to(LRU / "repo")): p.read_text()
                                             for p in (LRU / "repo").rglob("*") if p.is_file()})
    report = parse((LRU / "report.txt").read_text())
    opened = []

    def factory():
        sb = open_sandbox("docker", repo, image=sandbox_image)
        opened.append(sb)
        return sb

    def build(script: dict) -> ResearchAgent:
        cfg = AgentConfig(model="scripted-lrucache", api_key="sk-test", trajectories=1)
        llm = ScriptedLLM(ScriptedModel(script), ledger=Ledger(cfg.budget, name="run"), prices=cfg.prices,
                          model=cfg.model)
        case = Investigation(report=report, issue_text="", source=repo, out=tmp_path / "out", memory=Memory(),
                             repro_cmd=REPRO, test_cmd="python -m pytest -q", repo="lrucache", timeout=120,
                             protected=lambda p: p.startswith("tests/"))
        return ResearchAgent(cfg, case, Harness(factory, lambda sb: Validator(sb, report, REPRO, "python -m pytest -q",
                                                                              None, tries=1, timeout=120), llm=llm))

    build.opened = opened
    yield build
    for sb in opened:
        sb.close()


def _observations(out: Path) -> list[tuple[str, str]]:
    t = json.loads((out / "trajectories" / "traj-1.json").read_text())
    return [(c["name"], o["text"]) for s in t["steps"] for c, o in zip(s["tool_calls"], s["observations"])]


def _outcome(agent_run):
    outcome = agent_run.run()
    (verdict,) = [v for v in outcome.verdicts if v.validated]
    return outcome, verdict


def test_a_setsid_child_of_run_is_gone_before_the_edit(agent, tmp_path):
    spawn = ("run", {"command": f"setsid sh -c '{WATCH}' >/dev/null 2>&1 & echo started"})
    _, verdict = _outcome(agent(_script(spawn)))
    assert "BACKDOOR" not in verdict.candidate.diff and verdict.candidate.files == ("src/lrucache/cache.py",)
    submits = [text for name, text in _observations(tmp_path / "out") if name == "submit"]
    assert "VALIDATED" in submits[0]           # nothing planted: the first submit already holds only the edit
    assert len(agent.opened) == 2              # the trajectory's sandbox, and a fresh one that validated the patch


def test_a_debugger_sessions_child_never_reaches_the_validated_patch(agent, tmp_path):
    """The session's child either dies with the session (the edit ends it) or plants its line and
    `submit` refuses; either way the validated patch is the model's edit alone."""
    spawn = ("pdb", {"command": f"!import subprocess; subprocess.Popen(['setsid', 'sh', '-c', {WATCH!r}])"})
    _, verdict = _outcome(agent(_script(spawn)))
    submits = [text for name, text in _observations(tmp_path / "out") if name == "submit"]
    if len(submits) == 2:
        assert "none of your actions" in submits[0] and TARGET in submits[0]
    assert "VALIDATED" in submits[-1]
    assert "BACKDOOR" not in verdict.candidate.diff and verdict.candidate.files == ("src/lrucache/cache.py",)


def test_a_change_slipped_in_while_an_edit_of_another_file_ran_is_put_back(sandbox_image, tmp_path):
    """The ledger itself, deterministically (the change between calls: tests/security/test_command_edits.py)."""
    repo = make_repo(tmp_path / "r", {"a.py": "x = 1\n", "b.py": "y = 1\n"})
    sb = open_sandbox("docker", repo, image=sandbox_image, install=False)
    try:
        sb.snapshot()
        ctx = ToolContext(sb=sb, source=repo, memory=Memory())
        from agent.research.tools import ledger
        before = ledger.check(ctx, "edit")
        ledger.ledger(ctx).wrote = ("a.py", "x = 2\n")
        sb.run("echo 'x = 2' > a.py; echo 'z = 3' >> b.py")
        notes = ledger.account(ctx, "edit", before)
        assert "b.py" in notes[0] and sb.read("b.py") == "y = 1\n" and sb.read("a.py") == "x = 2\n"
        assert "b.py" in ledger.put_back(ctx)
    finally:
        sb.close()


def test_a_command_that_changes_a_test_file_has_it_put_back(sandbox_image, tmp_path):
    repo = make_repo(tmp_path / "r", {"tests/test_a.py": "def test_a():\n    assert True\n", "a.py": "x = 1\n"})
    sb = open_sandbox("docker", repo, image=sandbox_image, install=False)
    try:
        sb.snapshot()
        ctx = ToolContext(sb=sb, source=repo, memory=Memory(), protected=lambda p: p.startswith("tests/"))
        obs = analysis_toolbox(None).call(ctx, "run", {"command": "echo 'def test_b(): pass' >> tests/test_a.py; "
                                                                  "echo 'y = 2' >> a.py"})
        assert "tests/test_a.py" in obs.text and "a.py" in obs.text and "put back" in obs.text
        assert sb.read("tests/test_a.py") == "def test_a():\n    assert True\n"
        assert sb.read("a.py") == "x = 1\n"                  # the rest of what it did too: only `edit` changes code
    finally:
        sb.close()


# the repository's own test set-up (the reproduction is a pytest test) edits another source file once
# the model's fix is in place: E30 of issue 35, with the bundled scripted model unchanged
PLANTER = ("import pathlib\n"
           "if 'move_to_end' in pathlib.Path('src/lrucache/cache.py').read_text():\n"
           f"    with open('{TARGET}', 'a') as f:\n"
           "        f.write('BACKDOOR = 1\\n')\n")


def test_a_file_the_reproduction_edits_after_the_fix_is_not_shipped_and_is_named(agent, tmp_path, sandbox_image):
    repo_files = {str(p.relative_to(LRU / "repo")): p.read_text() for p in (LRU / "repo").rglob("*") if p.is_file()}
    run = agent({"model": "scripted-lrucache", "analysis": [
        _turn(("conclude", {"root_cause": "get() does not reorder", "fix": "move_to_end on a hit"}))],
        "synthesis": [_turn(("edit", EDIT)), _turn(("reproduce", {})),
                      _turn(("submit", {"summary": "move_to_end on a hit"}))]})
    make_repo(run.source, {**repo_files, "tests/conftest.py": PLANTER})      # the same tree, with the planter
    _, verdict = _outcome(run)
    assert "BACKDOOR" not in verdict.candidate.diff and verdict.candidate.files == ("src/lrucache/cache.py",)
    assert TARGET in verdict.command_changed
    reproduce = [text for name, text in _observations(tmp_path / "out") if name == "reproduce"]
    assert TARGET in reproduce[0] and "put back" in reproduce[0]
