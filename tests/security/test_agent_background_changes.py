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
from agent.research.client import Ledger
from agent.memory import Memory
from agent.research.model import ScriptedLLM
from agent.reports import parse
from agent.research.scripted import ScriptedModel
from agent.research.tools import Submitted, ToolContext, analysis_toolbox, synthesis_toolbox
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
        return ResearchAgent(cfg, report=report, issue_text="", source=repo, repro_cmd=REPRO,
                             test_cmd="python -m pytest -q", memory=Memory(), sandbox_factory=factory,
                             validator_factory=lambda sb: Validator(sb, report, REPRO, "python -m pytest -q", None,
                                                                    tries=1, timeout=120),
                             out=tmp_path / "out", repo="lrucache", timeout=120,
                             protected=lambda p: p.startswith("tests/"), llm=llm)

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
        assert "none of your actions made" in submits[0] and TARGET in submits[0]
    assert "VALIDATED" in submits[-1]
    assert "BACKDOOR" not in verdict.candidate.diff and verdict.candidate.files == ("src/lrucache/cache.py",)


def test_a_change_made_between_the_models_calls_is_refused_until_put_back(sandbox_image, tmp_path):
    """The ledger itself, deterministically: a line appended to another file outside any tool call
    (as a background process would), through the real toolbox in a real container."""
    repo = make_repo(tmp_path / "r", {"a.py": "x = 1\n", "b.py": "y = 1\n"})
    sb = open_sandbox("docker", repo, image=sandbox_image, install=False)
    try:
        sb.snapshot()
        ctx = ToolContext(sb=sb, source=repo, memory=Memory())
        box = synthesis_toolbox(None)
        assert box.call(ctx, "edit", {"path": "a.py", "old": "x = 1\n", "new": "x = 2\n"}).ok
        sb.run("echo 'BACKDOOR = 1' >> b.py")                # by no tool call of the model
        refused = box.call(ctx, "submit", {"summary": "fix"})
        assert not refused.ok and "b.py" in refused.text and "none of your actions made" in refused.text
        assert box.call(ctx, "run", {"command": "git checkout -- b.py"}).ok
        with pytest.raises(Submitted) as sub:
            box.call(ctx, "submit", {"summary": "fix"})
        assert "BACKDOOR" not in sub.value.diff and "+x = 2" in sub.value.diff and "b.py" not in sub.value.diff
        # a change slipped in while an `edit` of another file ran is not the edit's either
        led = ctx.state["ledger"]
        led.wrote = ("a.py", "x = 2\n")
        before = {"a.py": "0"}
        sb.run("echo 'z = 3' >> b.py")
        from agent.research.tools import ledger
        ledger.account(ctx, "edit", before)
        assert "b.py" in led.unaccounted
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
        assert "tests/test_a.py" in obs.text and "put back" in obs.text
        assert sb.read("tests/test_a.py") == "def test_a():\n    assert True\n"
        assert "y = 2" in sb.read("a.py")                     # the rest of what it did stays
    finally:
        sb.close()
