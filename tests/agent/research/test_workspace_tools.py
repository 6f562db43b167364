"""The tools that fit a model's hand, driven by the scripted model in-process on the real lrucache repo
and a real local sandbox: the baseline in `run_tests`, `python` code as a string, `try_patch` on a
scratch copy, `diff`, the verdict after `submit`, the step budget and the suite's time in the prompt."""
from __future__ import annotations

import difflib

CACHE = "src/lrucache/cache.py"
NODE = "tests/test_cache.py::test_read_keeps_key_alive"
FIX_OLD, FIX_NEW = "        self.hits += 1\n        return value\n", \
    "        self.hits += 1\n        self._data.move_to_end(key)\n        return value\n"


def fix_diff(repo) -> str:
    before = (repo / CACHE).read_text()
    after = before.replace(FIX_OLD, FIX_NEW)
    return "".join(difflib.unified_diff(before.splitlines(True), after.splitlines(True), f"a/{CACHE}", f"b/{CACHE}"))


def call(name, **args):
    return {"name": name, "arguments": args}


def test_the_workspace_tools_in_a_scripted_run(scripted, make_agent, lru_repo, tmp_path, h):
    code = "import lrucache.cache as c\nprint('module:', c.__name__)\nprint(\"quotes 'and' \\\"more\\\"\")\n"
    script = {"model": "scripted-lrucache", "analysis": [
        {"tool_calls": [call("run_tests"), call("python", code=code), call("run", command="echo hi")]},
        {"tool_calls": [call("try_patch", diff=fix_diff(lru_repo), tests=[NODE]),
                        call("try_patch", diff="--- a/nope.py\n+++ b/nope.py\n@@ -1 +1 @@\n-x\n+y\n", code="print(1)"),
                        call("diff")]},
        {"tool_calls": [call("conclude", root_cause="get() does not refresh", fix="move_to_end")]}],
        "synthesis": [
        {"tool_calls": [call("edit", path=CACHE, old="        self.hits += 1\n",
                             new="        self.hits += 1  # counted\n"), call("submit", summary="a comment")]},
        {"tool_calls": [call("edit", path=CACHE, old="  # counted", new=""),
                        call("edit", path=CACHE, old=FIX_OLD, new=FIX_NEW), call("diff"), call("run_tests"),
                        call("submit", summary="refresh on get")]}]}
    model = scripted(script)
    outcome = make_agent(model, analysis_steps=7).run()
    assert [v.validated for v in outcome.verdicts] == [False, True]
    t = h.read_traj(tmp_path / "out")
    obs = [(c["name"], o) for s in t["steps"] for c, o in zip(s["tool_calls"], s["observations"])]

    base, py, run = (o["text"] for _, o in obs[:3])
    assert "failing before any edit too" in base and NODE in base and " s (exit 1)" in base
    assert "tests.test_cache" not in base                           # node ids, not dotted junit names
    assert "E   " in base or "assert" in base                       # the failure itself is shown
    assert "module: lrucache.cache" in py and "quotes 'and' \"more\"" in py and py.startswith("[exit 0")
    assert run.startswith("[exit 0") and "echo hi" not in run     # `run` does not echo the command
    tried, bad, empty = (o for _, o in obs[3:6])
    assert tried["ok"] and "1 passed, 0 failed" in tried["text"] and "scratch patch was discarded" in tried["text"]
    assert not bad["ok"] and "does not apply to the unedited tree" in bad["text"]
    assert "no changes" in empty["text"]                            # the scratch patch left nothing behind

    rejected = next(o["text"] for n, o in obs if n == "submit")
    assert "REJECTED" in rejected and "crash still happens" in rejected
    assert "+        self.hits += 1  # counted" in rejected          # the submitted diff, shown
    assert "test_read_keeps_key_alive" in rejected                 # the failing check's own output
    names = [n for n, _ in obs]
    shown = obs[len(names) - 1 - names[::-1].index("diff")][1]["text"]
    assert "+        self._data.move_to_end(key)" in shown and "# counted" not in shown
    after = obs[len(names) - 1 - names[::-1].index("run_tests")][1]["text"]
    assert "0 failed" in after and "failing" not in after.split("\n\n")[0]
    assert "VALIDATED" in obs[-1][1]["text"] and "+        self._data.move_to_end(key)" in obs[-1][1]["text"]

    analysis_task = t["analysis_messages"][1]["content"]
    assert "Step budget: 7 model turns for this phase (analysis)" in analysis_task
    assert "the suite took not measured yet" not in t["messages"][1]["content"]
    assert " s on the unedited tree)" in t["messages"][1]["content"]      # measured by then: synthesis says so


def test_a_single_commit_repo_gets_no_history_tools_pushed(scripted, make_agent, lru_repo, tmp_path, h):
    from agent import history
    from gitrepo import make_repo
    single = make_repo(tmp_path / "single", {"a.py": "x = 1\n"}, "initial")
    assert history.has_history(lru_repo) and not history.has_history(single)
    from agent.research.loop import AgentConfig, ResearchAgent
    from agent.research.inputs import Harness, Investigation
    from agent.memory import Memory
    from agent.research.model import ScriptedLLM
    solo = ResearchAgent(AgentConfig(model="m"),
                         Investigation(report=None, issue_text="", source=single, out=tmp_path, memory=Memory()),
                         Harness(lambda: None, lambda sb: None, llm=ScriptedLLM({"analysis": []})))
    assert solo.has_history is False                 # told "a git repo", but one commit: no history
    concl = {"model": "m", "analysis": [{"tool_calls": [call("conclude", root_cause="r", fix="f")]}], "synthesis": []}
    for name, told in (("lru", True), ("single", False)):
        agent = make_agent(scripted(concl), install=False, out=tmp_path / name)
        agent.has_history = told
        agent.run()
        system = h.read_traj(tmp_path / name)["analysis_messages"][0]["content"]
        assert ("search_commits" in system and "git_blame" in system) is told and "try_patch" in system


def test_the_issue_is_condensed_and_the_fix_phase_gets_a_shorter_cut(scripted, make_agent, tmp_path, h):
    concl = {"model": "m", "analysis": [{"tool_calls": [call("conclude", root_cause="r", fix="f")]}], "synthesis": []}
    agent = make_agent(scripted(concl), install=False)
    agent.issue_text = ("The cache forgets keys I just read.\n"
                        "============================= test session starts ==============================\n"
                        "platform linux -- Python 3.12.1, pytest-8.0.0\n" + "_ _ _ _ _ _ _ _ _ _\n" * 3 +
                        "E   AssertionError: 'a' was evicted\n" + "warning: same\n" * 50 +
                        "".join(f"log line {i}\n" for i in range(4000)) + "My words at the end.\n")
    agent.run()
    t = h.read_traj(tmp_path / "out")
    analysis, fix = t["analysis_messages"][1]["content"], t["messages"][1]["content"]
    for text in (analysis, fix):
        assert "The cache forgets keys I just read." in text and "E   AssertionError: 'a' was evicted" in text
        assert "test session starts" not in text and "_ _ _" not in text and "platform linux" not in text
        assert "My words at the end." in text and "characters (" in text and "cut to fit the context" in text
    assert "[the line above repeated 49 more times]" in analysis
    assert len(agent.issue_text) > 50_000 > len(analysis) > 12_000 > 5_000 > len(fix)
