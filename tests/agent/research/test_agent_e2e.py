"""The whole research agent end to end: the pipeline, the real openai client over HTTP to the
scripted model on 127.0.0.1, real repos, the real sandbox (Docker for the main test), real pytest,
pdb and git history, and the real Validator."""
from __future__ import annotations

import json

import pytest

from agent.pipeline import run_job
from agent.run import RunConfig
from bot.cli.main import main as cli


@pytest.mark.docker
def test_agent_fixes_in_docker_what_the_templates_cannot(sandbox_image, served, lru_repo, lru_report, tmp_path, h):
    """auto: the templates run first and none validates (the fix is a new statement); the agent then
    investigates with pdb and commit search, restores `self._data.move_to_end(key)`, and the
    Validator accepts it. Two trajectories run in parallel, each in its own container."""
    srv = served(h.lru_script())
    out = tmp_path / "out"
    run = run_job(RunConfig(
        repo=str(lru_repo), report_text=lru_report, out=out, test_cmd="python -m pytest -q", strategy="auto",
        sandbox="docker", image=sandbox_image, model="scripted-lrucache", base_url=srv.base_url,
        api_key=h.SECRET, trajectories=2, max_candidates=8, replay="lrucache-script.json"))
    assert run.status == "fixed", (run.error, run.notes)
    result = json.loads((out / "result.json").read_text())
    templates = [c for c in result["candidates"] if c["template"] != "llm"]
    assert templates and not any(c["validated"] for c in templates)          # the templates could not
    llm = [c for c in result["candidates"] if c["template"] == "llm"]
    assert len(llm) == 2 and all(c["validated"] for c in llm)
    patch = (out / "patch.diff").read_text()
    assert patch == result["patch"] and "+        self._data.move_to_end(key)" in patch
    assert [l for l in patch.splitlines() if l[:1] in "+-" and l[:3] not in ("+++", "---")] == \
        ["+        self._data.move_to_end(key)"]
    assert result["tests"]["after"]["failed"] == 0 and result["reproduction"]["after"]["clean"] == 3

    for n in (1, 2):
        t = h.read_traj(out, n)
        assert t["status"] == "validated" and t["replay"] == "lrucache-script.json"
        obs = {c["name"]: o["text"] for s in t["steps"] for c, o in zip(s["tool_calls"], s["observations"])}
        assert "('a', ['a', 'b'])" in t["steps"][1]["observations"][2]["text"]          # pdb at the hit
        assert "current frame: src/lrucache/cache.py:27 in get()" in t["steps"][1]["observations"][1]["text"]
        assert "speed up get() by not reordering" in obs["search_commits"]
        assert "-        self._data.move_to_end(key)" in obs["search_commits"]
        assert "VALIDATED" in obs["submit"]
        assert all("usage" in s and s["usage"]["prompt_tokens"] > 0 for s in t["steps"])
        # synthesis was fed the memory, not the analysis transcript
        synth_task = t["messages"][1]["content"]
        assert "removed `self._data.move_to_end(key)`" in synth_task and "(Pdb)" not in synth_task
    # the memory of the run holds the model's facts with their sources
    facts = {(f["kind"], f["source"]) for f in result["memory"]}
    assert ("agent:debugger", "pdb") in facts and ("agent:history", "git log -G move_to_end") in facts
    # cost from the real usage fields, every call recorded; labelled as a replay
    cost = result["cost"]
    # 14 agent turns, and the two fresh calls of agent/research/second_opinion.py: what the issue
    # expects (first) and the review of the chosen patch (last)
    assert cost["llm_calls"] == 16 == len(cost["per_call"]) == len(srv.requests)
    assert "expects" in srv.requests[0]["body"]["messages"][0]["content"]
    assert cost["prompt_tokens"] == sum(c["prompt_tokens"] for c in cost["per_call"]) > 0
    # each phase's share of the cost: the docs' table of model cost per phase is built from these
    assert [c["phase"] for c in cost["per_call"]] == ["expectation"] + ["research"] * 14 + ["review"]
    assert {p: v["llm_calls"] for p, v in cost["by_phase"].items()} == {"expectation": 1, "research": 14, "review": 1}
    assert sum(v["prompt_tokens"] for v in cost["by_phase"].values()) == cost["prompt_tokens"]
    assert cost["replay"] is True and any("REPLAY" in n for n in result["notes"])
    assert h.SECRET not in h.all_text(out)


def test_auto_without_an_endpoint_does_not_run_the_agent(lru_repo, lru_report, tmp_path, monkeypatch):
    for var in ("CRASHFIX_LLM_MODEL", "CRASHFIX_LLM_BASE_URL", "CRASHFIX_LLM_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    run = run_job(RunConfig(repo=str(lru_repo), report_text=lru_report, out=tmp_path / "out",
                                 test_cmd="python -m pytest -q", strategy="auto", sandbox="local", max_candidates=3))
    assert run.status == "not_fixed" and any("research agent did not run" in n for n in run.notes)
    assert not (tmp_path / "out" / "trajectories").exists()


def test_a_401_ends_the_run_at_once_with_a_clear_reason(served, lru_repo, lru_report, tmp_path, h):
    srv = served({**h.lru_script(), "errors": [{"status": 401, "message": "Incorrect API key provided"}]})
    run = run_job(RunConfig(repo=str(lru_repo), report_text=lru_report, out=tmp_path / "out",
                                 test_cmd="python -m pytest -q", strategy="llm", sandbox="local",
                                 model="scripted-lrucache", base_url=srv.base_url, api_key=h.SECRET,
                                 trajectories=3))
    assert run.status == "error"
    assert run.error.startswith("LLM: LLMAuthError: the endpoint refused the credentials (401)")
    assert "Incorrect API key provided" in run.error
    assert len(srv.requests) <= 3          # one per trajectory at most: no retries, the others stop
    result = json.loads((tmp_path / "out" / "result.json").read_text())
    assert result["status"] == "error" and "401" in result["error"]


def test_cli_replays_the_shipped_scripted_model_on_the_bundled_example(tmp_path, capsys, monkeypatch, h):
    """What a user runs to see a full agent run offline; the replay is labelled as such."""
    monkeypatch.setenv("CRASHFIX_LLM_API_KEY", h.SECRET)
    example = h.ROOT / "examples" / "inventory"
    out = tmp_path / "out"
    code = cli(["run", "--repo", str(example / "repo"), "--report", str(example / "report.txt"),
                "--test-cmd", "python -m pytest -q", "--sandbox", "local", "--strategy", "llm",
                "--model", f"scripted:{example / 'scripted-model.json'}", "--trajectories", "1", "--out", str(out)])
    printed = capsys.readouterr()
    assert code == 0, printed
    assert printed.out.startswith("REPLAY: a scripted model") and "status: fixed" in printed.out
    assert "REPLAY (scripted model, no real LLM)" in printed.err
    result = json.loads((out / "result.json").read_text())
    assert result["status"] == "fixed" and result["fix"]["template"] == "llm"
    assert "+        if item is None:\n+            continue" in result["patch"]
    assert result["cost"]["replay"] is True and result["cost"]["model"] == "scripted-inventory"
    assert any(n.startswith("REPLAY:") for n in result["notes"])
    assert "CRASHFIX_LLM_API_KEY" not in __import__("os").environ      # taken out before the sandbox started
    t = h.read_traj(out)
    assert t["replay"].endswith("scripted-model.json")
    set_bp, stop, printed = (o["text"] for o in t["steps"][1]["observations"])
    assert "Breakpoint 1 at " in set_bp and "/src/stockroom/orders.py:22\n" in set_bp, set_bp
    assert "current frame: src/stockroom/orders.py:22 in fulfil()" in stop, stop
    # the breakpoint's condition `item is None` held: the first stop is the unstocked SKU, not the
    # order's first line (AB-100, stocked), where a breakpoint without it would stop
    assert printed.startswith("('ZZ-999', None, 1)"), printed


def test_an_agent_sandbox_that_does_not_open_is_crashfix_error_not_a_verdict(served, lru_repo, lru_report, tmp_path, h):
    """The run's first sandbox sets up; the research agent's does not (its install worked once and
    not again): that is crashfix's failure, status `error` of kind `sandbox`, never `not_fixed`."""
    srv = served(h.lru_script())
    flag = tmp_path / "installed-once"
    run = run_job(RunConfig(
        repo=str(lru_repo), report_text=lru_report, out=tmp_path / "out", test_cmd="python -m pytest -q",
        strategy="llm", sandbox="local", model="scripted-lrucache", base_url=srv.base_url, api_key=h.SECRET,
        trajectories=1, setup_cmd=f"test ! -e {flag} && touch {flag} && pip install -e ."))
    assert run.reproduction and run.reproduction.reproduced, run.notes
    assert (run.status, run.error_kind) == ("error", "sandbox"), (run.status, run.error)
    assert run.error.startswith("crashfix's own sandbox failed, not the issue's code: the research agent's sandbox")
    assert "SetupFailed: repository install failed" in run.error and "the issue was not judged" in run.error
    result = json.loads((tmp_path / "out" / "result.json").read_text())
    assert result["status"] == "error" and result["error_kind"] == "sandbox"
    # the research agent was never asked (its sandbox never opened); the one call made before it read
    # what the issue expects (agent/research/second_opinion.py)
    assert len(srv.requests) == 1 and "expects" in srv.requests[0]["body"]["messages"][0]["content"]
