"""What the agent loop asks a model through (`Model`), and the scripted model run in-process.

Two implementations: `agent.research.client.LLM` (an OpenAI-compatible endpoint over HTTP, with its
retries) and `ScriptedLLM` here, which answers from a script (agent/research/scripted.py's format) without
any HTTP -- as mini-swe-agent's `DeterministicModel` is passed to its agent. The HTTP scripted
server stays for the CLI replay (`--model scripted:FILE`) and the end-to-end test of the wire.
"""
from __future__ import annotations

import json
import threading
import time
from typing import Protocol

from agent.research.client import (
    CallRecord,
    Ledger,
    LLMAuthError,
    LLMBadRequest,
    LLMContextLength,
    LLMUnavailable,
    Reply,
    ToolCall,
    load_prices,
    price_of,
)
from agent.research.scripted import ScriptedModel


class Model(Protocol):
    """One chat call with tools: budget checked before (``ledger.acquire``), usage recorded after."""
    model: str
    ledger: Ledger

    def chat(self, messages: list[dict], tools: list[dict] | None = None, *, temperature: float | None = None,
             seed: int | None = None, trajectory: int = 0, step: int = 0,
             stop: threading.Event | None = None) -> Reply: ...


class ScriptedLLM:
    """The scripted model in-process: the same script, turns and errors as the HTTP server, answered
    by a direct call. An error turn becomes the exception `LLM` would raise after its retries (no
    retries here: retrying is the HTTP client's behaviour and is tested on it)."""

    def __init__(self, script: dict | ScriptedModel, *, ledger: Ledger | None = None,
                 prices: dict | None = None, model: str | None = None):
        self.script = script if isinstance(script, ScriptedModel) else ScriptedModel(script)
        self.model = model or self.script.script.get("model", "scripted")
        self.ledger = ledger or Ledger()
        self.prices = load_prices() if prices is None else prices

    @property
    def requests(self) -> list[dict]:
        return self.script.requests

    def chat(self, messages: list[dict], tools: list[dict] | None = None, *, temperature: float | None = None,
             seed: int | None = None, trajectory: int = 0, step: int = 0,
             stop: threading.Event | None = None) -> Reply:
        self.ledger.acquire()
        try:
            return self._chat(messages, tools, trajectory, step)
        except BaseException:
            self.ledger.release()
            raise

    def _chat(self, messages: list[dict], tools: list[dict] | None, trajectory: int, step: int) -> Reply:
        start = time.monotonic()
        body = json.loads(json.dumps({"model": self.model, "messages": messages, "tools": tools or []},
                                     default=str))           # a snapshot, as the wire would carry it
        status, payload, _ = self.script.answer(body, {})
        if status != 200:
            raise _error(status, payload)
        choice, usage = payload["choices"][0], payload.get("usage") or {}
        pt, ct = int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0))
        price = price_of(self.model, self.prices)
        usd = (pt * price[0] + ct * price[1]) / 1_000_000 if price else 0.0
        record = CallRecord(trajectory, step, self.model, pt, ct, round(usd, 8),
                            round(time.monotonic() - start, 3), 1, choice["finish_reason"])
        msg = choice["message"]
        calls = [ToolCall(c["id"], c["function"]["name"], c["function"]["arguments"])
                 for c in msg.get("tool_calls") or []]
        reply = Reply.of(msg.get("content") or "", calls, choice["finish_reason"], record)
        self.ledger.record(record, reserved=True)
        return reply


def _error(status: int, payload: dict) -> Exception:
    inner = payload.get("error", {}) if isinstance(payload, dict) else {}
    text = str(inner.get("message", payload))[:500] if isinstance(inner, dict) else str(inner)[:500]
    if status in (401, 403):
        return LLMAuthError(f"the endpoint refused the credentials ({status}): {text}")
    if status == 400 and isinstance(inner, dict) and inner.get("code") == "context_length_exceeded":
        return LLMContextLength(f"the conversation exceeds the model's context window (400): {text}")
    if status == 429 or status >= 500:
        return LLMUnavailable(f"the scripted model answered {status}: {text}")
    return LLMBadRequest(f"the endpoint rejected the request ({status}): {text}")
