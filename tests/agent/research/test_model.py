"""The in-process scripted model answers through the `Model` protocol the way the HTTP client does:
the same turns, usage charged to its ledger, the same errors, no HTTP."""
from __future__ import annotations

import re

import pytest

from agent.research.client import (
    Budget,
    Ledger,
    LimitsExceeded,
    LLMAuthError,
    LLMContextLength,
    LLMUnavailable,
)
from agent.research.model import ScriptedLLM

MSGS = [{"role": "system", "content": "phase: ANALYSIS"}, {"role": "user", "content": "go"}]
TURN = {"content": "look", "tool_calls": [{"name": "view", "arguments": {"path": "x.py"}}],
        "usage": {"prompt_tokens": 100, "completion_tokens": 10}}


def test_a_turn_becomes_a_reply_with_tool_calls_and_charged_usage():
    ledger = Ledger(Budget(steps=1))
    llm = ScriptedLLM({"model": "m", "analysis": [TURN]}, ledger=ledger, prices={"m": (1.0, 2.0)})
    reply = llm.chat(MSGS, [], trajectory=2, step=1)
    assert [(c.name, c.arguments) for c in reply.tool_calls] == [("view", '{"path": "x.py"}')]
    assert reply.message["tool_calls"][0]["function"]["name"] == "view" and reply.finish_reason == "tool_calls"
    assert (reply.usage.prompt_tokens, reply.usage.trajectory) == (100, 2)
    assert ledger.usd == pytest.approx((100 * 1.0 + 10 * 2.0) / 1e6) and len(llm.requests) == 1
    with pytest.raises(LimitsExceeded, match="step budget spent: 1 of 1"):
        llm.chat(MSGS, [])
    assert len(llm.requests) == 1                     # the budget stopped it before the model was asked


@pytest.mark.parametrize("error, exc, words", [
    ({"status": 401, "message": "bad key"}, LLMAuthError, "refused the credentials (401): bad key"),
    ({"status": 503}, LLMUnavailable, "answered 503"),
])
def test_scripted_errors_raise_what_the_http_client_raises(error, exc, words):
    ledger = Ledger()
    llm = ScriptedLLM({"model": "m", "analysis": [TURN], "errors": [error]}, ledger=ledger)
    with pytest.raises(exc, match=re.escape(words)):
        llm.chat(MSGS, [])
    assert ledger.pending == 0 and not ledger.calls     # the reserved step was given back
    assert llm.chat(MSGS, []).tool_calls               # the next call gets the turn


def test_context_length_names_the_limit():
    llm = ScriptedLLM({"model": "m", "analysis": [TURN], "context_chars": 100})
    with pytest.raises(LLMContextLength, match="maximum context length is 25 tokens"):
        llm.chat(MSGS + [{"role": "user", "content": "x" * 200}], [])
