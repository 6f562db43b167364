"""The model client against a real HTTP endpoint (the scripted model on 127.0.0.1) through the
real openai client: what is retried, what ends the run at once, and what it costs."""
from __future__ import annotations

import socket

import pytest

from agent.research.client import (
    LLM,
    Budget,
    Ledger,
    LLMAuthError,
    LLMBadRequest,
    LLMContextLength,
    LLMUnavailable,
    RetryPolicy,
    load_prices,
)

HELLO = {"model": "m", "analysis": [{"content": "hi", "tool_calls": [{"name": "view", "arguments": {"path": "x"}}]}]}
MSGS = [{"role": "system", "content": "phase: ANALYSIS"}, {"role": "user", "content": "go"}]


def client(srv, sleeps, **kw):
    return LLM("m", srv.base_url, "sk-secret-key-123", sleep=sleeps.append,
               retry=RetryPolicy(attempts=4, base=0.5, cap=4.0), prices={}, **kw)


def test_500s_then_success_is_retried_with_growing_backoff(served):
    srv = served({**HELLO, "errors": [{"status": 500}, {"status": 503}]})
    sleeps: list[float] = []
    reply = client(srv, sleeps).chat(MSGS, [])
    assert reply.tool_calls[0].name == "view" and reply.tool_calls[0].arguments == '{"path": "x"}'
    assert reply.usage.attempts == 3 and len(srv.requests) == 3
    assert len(sleeps) == 2 and 0.5 * 0.75 <= sleeps[0] <= 0.5 * 1.25 and 1.0 * 0.75 <= sleeps[1] <= 1.25


def test_429_honours_retry_after(served):
    srv = served({**HELLO, "errors": [{"status": 429, "headers": {"Retry-After": "3"}}]})
    sleeps: list[float] = []
    reply = client(srv, sleeps).chat(MSGS, [])
    assert sleeps == [3.0] and reply.usage.attempts == 2


def test_retry_after_is_capped(served):
    srv = served({**HELLO, "errors": [{"status": 429, "headers": {"Retry-After": "9999"}}]})
    sleeps: list[float] = []
    llm = LLM("m", srv.base_url, "k", sleep=sleeps.append, retry=RetryPolicy(retry_after_cap=7.0), prices={})
    llm.chat(MSGS, [])
    assert sleeps == [7.0]


@pytest.mark.parametrize("status,exc", [(401, LLMAuthError), (403, LLMAuthError), (400, LLMBadRequest),
                                        (404, LLMBadRequest)])
def test_auth_and_bad_requests_end_at_once(served, status, exc):
    srv = served({**HELLO, "errors": [{"status": status, "message": "no: sk-secret-key-123 is wrong"}]})
    sleeps: list[float] = []
    with pytest.raises(exc) as info:
        client(srv, sleeps).chat(MSGS, [])
    assert len(srv.requests) == 1 and sleeps == []
    assert str(status) in str(info.value)
    assert "sk-secret-key-123" not in str(info.value) and "[REDACTED]" in str(info.value)


def test_context_length_is_its_own_error(served):
    srv = served({**HELLO, "errors": [{"status": 400, "code": "context_length_exceeded",
                                         "message": "This model's maximum context length is 8192 tokens"}]})
    with pytest.raises(LLMContextLength, match="context window"):
        client(srv, []).chat(MSGS, [])
    assert len(srv.requests) == 1


def test_retries_run_out(served):
    srv = served({**HELLO, "errors": [{"status": 502}] * 10})
    sleeps: list[float] = []
    with pytest.raises(LLMUnavailable, match="4 tries.*502"):
        client(srv, sleeps).chat(MSGS, [])
    assert len(srv.requests) == 4 and len(sleeps) == 3 and max(sleeps) <= 4.0


def test_connection_refused_is_retried_then_unavailable():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    sleeps: list[float] = []
    llm = LLM("m", f"http://127.0.0.1:{port}/v1", "k", sleep=sleeps.append, retry=RetryPolicy(attempts=3), prices={})
    with pytest.raises(LLMUnavailable, match="APIConnectionError"):
        llm.chat(MSGS, [])
    assert len(sleeps) == 2


def test_usage_and_cost_are_recorded_per_call(served):
    srv = served({**HELLO, "usage": {"prompt_tokens": 1000, "completion_tokens": 200}})
    ledger = Ledger()
    llm = LLM("gpt-4o-mini", srv.base_url, "k", ledger=ledger, prices=load_prices())
    llm.chat(MSGS, [], trajectory=2, step=5)
    llm.chat(MSGS, [])
    cost = ledger.to_dict()
    assert cost["llm_calls"] == 2 and cost["prompt_tokens"] == 2000 and cost["completion_tokens"] == 400
    assert cost["usd"] == pytest.approx(2 * (1000 * 0.15 + 200 * 0.60) / 1e6)
    assert cost["per_call"][0]["trajectory"] == 2 and cost["per_call"][0]["step"] == 5


def test_unknown_model_costs_zero_with_a_note_and_prices_load_from_yaml(served, tmp_path):
    srv = served({**HELLO, "usage": {"prompt_tokens": 10, "completion_tokens": 10}})
    ledger = Ledger()
    LLM("my-local-model", srv.base_url, None, ledger=ledger, prices=load_prices()).chat(MSGS, [])
    assert ledger.usd == 0 and "no price known for model 'my-local-model'" in ledger.notes[0]
    table = tmp_path / "prices.yaml"
    table.write_text("my-local-model: {input: 1.0, output: 2.0}\n")
    ledger2 = Ledger()
    LLM("my-local-model", srv.base_url, None, ledger=ledger2, prices=load_prices(table)).chat(MSGS, [])
    assert ledger2.usd == pytest.approx((10 * 1.0 + 10 * 2.0) / 1e6) and not ledger2.notes


def test_parent_ledgers_are_charged_and_checked(served):
    from agent.research.client import LimitsExceeded
    srv = served({**HELLO, "usage": {"prompt_tokens": 10, "completion_tokens": 10}})
    installation = Ledger(Budget(steps=2), name="installation 42")
    run1 = LLM("m", srv.base_url, "k", ledger=Ledger(parents=[installation]), prices={})
    run1.chat(MSGS, [])
    run2 = LLM("m", srv.base_url, "k", ledger=Ledger(parents=[installation]), prices={})
    run2.chat(MSGS, [])
    with pytest.raises(LimitsExceeded, match="installation 42 step budget spent: 2 of 2"):
        run2.chat(MSGS, [])
    assert len(installation.calls) == 2


def test_the_key_goes_to_the_endpoint_as_a_bearer_token(served):
    srv = served(HELLO)
    LLM("m", srv.base_url, "sk-secret-key-123", prices={}).chat(MSGS, [])
    headers = {k.lower(): v for k, v in srv.requests[0]["headers"].items()}
    assert headers["authorization"] == "Bearer sk-secret-key-123"
