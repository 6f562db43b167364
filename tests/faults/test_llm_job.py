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
        requests = list(srv.requests)
    return world.job(job_id), requests, took


def _tries(requests: list[dict]) -> dict[tuple, list[float]]:
    """The times of each model call's tries: a call is its prompt's kind (the expectation, the agent)
    and its trajectory's seed; the client's retries repeat the same request."""
    calls: dict[tuple, list[float]] = {}
    for r in requests:
        body = r["body"]
        calls.setdefault((body["messages"][0]["content"][:60], body.get("seed")), []).append(r["time"])
    return {k: sorted(v) for k, v in calls.items()}


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
    tries = _tries(requests)
    assert len(tries) >= 2 and all(len(t) <= 3 for t in tries.values()), tries     # the policy's 3 tries at most
    assert max(len(t) for t in tries.values()) == 3, tries                           # and a call that gave up used them
    gaps = [b - a for t in tries.values() for a, b in zip(t, t[1:])]
    # between one call's tries the client waited the server's Retry-After (30 s), honoured up to the cap (0.4 s)
    assert gaps and all(POLICY.retry_after_cap - 0.02 <= g < 5 for g in gaps), gaps
    print(f"429 job: {took:.1f} s")
    _assert_clear_and_nothing_half_written(world, job, tmp_path, "429")


def test_a_hung_endpoint_times_out_then_the_job_says_the_model_was_unavailable(world, tmp_path, monkeypatch):
    job, requests, took = _run_job(world, monkeypatch, [{"delay": 2}] * 60, timeout=0.5)
    tries = _tries(requests)
    assert len(tries) >= 2 and all(1 <= len(t) <= 3 for t in tries.values()), tries
    assert took < 30, f"the client gave up on each hung call after its timeout ({took:.1f} s)"
    _assert_clear_and_nothing_half_written(world, job, tmp_path, "Timeout")
