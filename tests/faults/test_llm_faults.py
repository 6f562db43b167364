"""The LLM endpoint failing: answering 429 again and again, or hanging past the client's timeout.
The real openai client against the scripted model on 127.0.0.1 (agent/research/scripted.py): retried with
backoff (Retry-After honoured up to its cap), then a clear LLMUnavailable naming the cause."""
from __future__ import annotations

import time

import pytest

from agent.research.client import LLM, LLMUnavailable, RetryPolicy
from agent.research.scripted import ScriptedServer

HELLO = {"model": "m", "analysis": [{"content": "hi", "tool_calls": [{"name": "view", "arguments": {"path": "x"}}]}]}
MSGS = [{"role": "system", "content": "phase: ANALYSIS"}, {"role": "user", "content": "go"}]


def llm(srv, sleeps, attempts=3, timeout=30.0):
    return LLM("m", srv.base_url, "sk-test-key-0000", sleep=sleeps.append, prices={}, timeout=timeout,
               retry=RetryPolicy(attempts=attempts, base=0.2, cap=1.0, retry_after_cap=2.0))


def test_a_hung_endpoint_times_out_and_the_retry_succeeds():
    with ScriptedServer({**HELLO, "errors": [{"delay": 3}]}) as srv:
        sleeps: list[float] = []
        client = llm(srv, sleeps, timeout=0.5)
        started = time.monotonic()
        reply = client.chat(MSGS, [])
        took = time.monotonic() - started
    assert reply.tool_calls and reply.tool_calls[0].name == "view"
    assert len(srv.model.requests) == 2 and len(sleeps) == 1
    assert took < 2.5, f"the client gave up on the hung call after its timeout, not after 3 s ({took:.1f} s)"


def test_an_endpoint_that_always_hangs_ends_with_a_clear_timeout():
    with ScriptedServer({**HELLO, "errors": [{"delay": 2}] * 3}) as srv:
        sleeps: list[float] = []
        with pytest.raises(LLMUnavailable, match="(?i)timeout|timed out"):
            llm(srv, sleeps, timeout=0.3).chat(MSGS, [])
    assert len(srv.model.requests) == 3 and len(sleeps) == 2


def test_429_every_time_backs_off_honouring_retry_after_then_gives_up():
    errors = [{"status": 429, "headers": {"Retry-After": "60"}, "message": "Rate limit reached"}] * 4
    with ScriptedServer({**HELLO, "errors": errors}) as srv:
        sleeps: list[float] = []
        with pytest.raises(LLMUnavailable, match="429|RateLimit"):
            llm(srv, sleeps, attempts=4).chat(MSGS, [])
    assert len(srv.model.requests) == 4
    assert sleeps == [2.0, 2.0, 2.0], "Retry-After (60 s) honoured up to the cap, each time"
