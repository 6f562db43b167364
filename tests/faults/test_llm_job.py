"""The LLM endpoint failing under a whole job: a worker runs a real fix job whose strategy is `llm`
(the templates do not run, so only the model could fix the crash) against the scripted model
answering 429 every time, or hanging past the client's timeout. The client backs off, the job
ends in a clear state (its result names LLMUnavailable and the cause; the one status comment says
in plain words that the model endpoint failed), and nothing is half-written on GitHub: no branch, no PR, no duplicate comment.

Real parts: the pipeline (parse, reproduce, the research agent) in the local sandbox on the tiny
repo, the openai client over HTTP to agent/research/scripted.py, PyGithub over HTTP to the fake GitHub,
token-checked git, SQLite. Only the client's retry policy and timeout are shortened (from 6 tries
and 120 s) so that the test takes seconds."""
from __future__ import annotations

import time


from agent.research import loop as agent_loop
from agent.research import strategy as research_agent
from agent.research.client import LLM, RetryPolicy
from agent.research.scripted import ScriptedServer
from github_fakes import assert_valid_github_requests

CONFIG = ("test_cmd: python -m pytest -q\nsetup_cmd: 'true'\nprotected_paths: ['.github/**', 'tests/**']\n"
          "strategies: [llm]\n")
POLICY = RetryPolicy(attempts=3, base=0.2, cap=0.5, retry_after_cap=0.4)
TURNS = {"model": "scripted-faults",
         "analysis": [{"content": "look", "tool_calls": [{"name": "view", "arguments": {"path": "shop.py"}}]}]}


def _run_job(world, monkeypatch, errors: list[dict], timeout: float):
    """One fix job through the worker with the model answering `errors` (then normally)."""
    def quick(*args, **kwargs):                 # the agent's client, with a short policy and timeout
        kwargs["retry"] = kwargs.get("retry") or POLICY
        kwargs.setdefault("timeout", timeout)
        return LLM(*args, **kwargs)
    monkeypatch.setattr(agent_loop, "LLM", quick)
    monkeypatch.setattr(research_agent, "LLM", quick)      # the run's one client (agent and rung 5 share it)
    world.add_repo()
    world.fake.files[("Codertocat/Hello-World", ".github/crashfix.yml")] = CONFIG
    with ScriptedServer({**TURNS, "errors": errors}) as srv:
        monkeypatch.setenv("CRASHFIX_LLM_MODEL", "scripted-faults")
        monkeypatch.setenv("CRASHFIX_LLM_BASE_URL", srv.base_url)
        monkeypatch.setenv("CRASHFIX_LLM_API_KEY", "sk-faults-0000")
        from agent.pipeline import execute
        job_id = world.label(1)
        started = time.monotonic()
        world.worker(pipeline=execute, queue=world.queue).run(job_id)
        took = time.monotonic() - started
        requests = [r["time"] for r in srv.requests]
    return world.job(job_id), requests, took


def _assert_clear_and_nothing_half_written(world, job, tmp_path, cause: str) -> None:
    import json
    result = json.loads(job["result"])
    assert job["state"] == "done" and result["status"] == "error", job
    assert "LLMUnavailable" in result["error"] and cause in result["error"], result["error"]
    comments = list(world.fake.comments.values())
    board = [c for c in comments if "crashfix:status" in c["body"]]
    assert len(comments) == len(board) == 1, [c["body"][:80] for c in comments]
    assert "`error`" in board[0]["body"] and "The research agent's model endpoint failed." in board[0]["body"]
    assert "LLMUnavailable" not in board[0]["body"], board[0]["body"]      # the error's text: the job page's
    assert not world.fake.pulls and world.branches() == ["main"], "no PR, no branch"
    assert_valid_github_requests(world.fake.recorded, tmp_path, "--github-app")


def test_429_every_time_backs_off_then_the_job_says_the_model_was_unavailable(world, tmp_path, monkeypatch):
    errors = [{"status": 429, "headers": {"Retry-After": "30"}, "message": "Rate limit reached"}] * 60
    job, requests, took = _run_job(world, monkeypatch, errors, timeout=5.0)
    assert 3 <= len(requests) <= 9, "each trajectory tries at most 3 times, and the first to give up stops the rest"
    first = sorted(requests)[:3]
    assert took >= 0.8 and first[-1] - first[0] < took, "Retry-After honoured up to the cap, between tries"
    print(f"429 job: {took:.1f} s")
    _assert_clear_and_nothing_half_written(world, job, tmp_path, "429")


def test_a_hung_endpoint_times_out_then_the_job_says_the_model_was_unavailable(world, tmp_path, monkeypatch):
    job, requests, took = _run_job(world, monkeypatch, [{"delay": 2}] * 60, timeout=0.5)
    assert 3 <= len(requests) <= 9
    assert took < 30, f"the client gave up on each hung call after its timeout ({took:.1f} s)"
    _assert_clear_and_nothing_half_written(world, job, tmp_path, "Timeout")
