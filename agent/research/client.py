"""A thin wrapper over `openai` chat.completions with tools: retries, budgets, usage and cost.

Any OpenAI-compatible endpoint works (OpenAI, vLLM, Ollama, llama.cpp's server, the scripted
replay model in agent/research/scripted.py). The client's own retries are off (``max_retries=0``): this
module decides what is retried (429, 5xx, connection errors and timeouts, with capped
exponential backoff and jitter, honouring Retry-After) and what ends the run at once (401/403,
400/404/422, context length) -- as an :class:`LLMError` whose message says why. A context-length
error is not retried here: the agent loop trims the conversation and asks again (agent/research/context_window.py).
"""
from __future__ import annotations

import json
import logging
import os
import random
import threading
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from agent.limits import LLM_HTTP_TIMEOUT, LLM_RETRY_AFTER_CAP
from agent.redact import redact
from sandbox import variables

log = logging.getLogger(__name__)

ENV_BASE_URL = "CRASHFIX_LLM_BASE_URL"
ENV_MODEL = "CRASHFIX_LLM_MODEL"
ENV_API_KEY = "CRASHFIX_LLM_API_KEY"
ENV_PRICES = "CRASHFIX_LLM_PRICES"          # path of a JSON or YAML price table

# USD per million tokens (input, output). Override or extend with CRASHFIX_LLM_PRICES.
DEFAULT_PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o": (2.50, 10.00),
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "o4-mini": (1.10, 4.40),
}


# errors ----------------------------------------------------------------------------------

class LLMError(Exception):
    """Root of the model-access failures; the message is the reason the run gives."""


class LLMAuthError(LLMError):
    """401/403: the key is wrong or lacks access. Never retried."""


class LLMBadRequest(LLMError):
    """400/404/422: the request itself is wrong (unknown model, bad parameters). Never retried."""


class LLMContextLength(LLMBadRequest):
    """The conversation no longer fits the model's context window. Not retried here; the agent
    loop trims harder and asks once more (agent/research/loop.py)."""


class LLMUnavailable(LLMError):
    """Retries on 429/5xx/connection errors ran out."""


class LimitsExceeded(LLMError):
    """A budget (steps, tokens, dollars, wall time) is spent."""

    def __init__(self, kind: str, reason: str):
        super().__init__(reason)
        self.kind, self.reason = kind, reason


# prices ----------------------------------------------------------------------------------

def load_prices(path: str | Path | None = None) -> dict[str, tuple[float, float]]:
    """The default table, extended by a JSON/YAML file ({model: {input: $/Mtok, output: $/Mtok}}
    or {model: [input, output]}) named by ``path`` or $CRASHFIX_LLM_PRICES."""
    prices = dict(DEFAULT_PRICES)
    path = path or variables.value("LLM_PRICES")
    if not path:
        return prices
    text = Path(path).read_text()
    if str(path).endswith((".yml", ".yaml")):
        import yaml
        data = yaml.safe_load(text) or {}
    else:
        data = json.loads(text)
    for model, value in data.items():
        if isinstance(value, dict):
            prices[model] = (float(value.get("input", 0)), float(value.get("output", 0)))
        else:
            prices[model] = (float(value[0]), float(value[1]))
    return prices


def price_of(model: str, prices: dict[str, tuple[float, float]]) -> tuple[float, float] | None:
    if model in prices:
        return prices[model]
    base = model.rsplit("/", 1)[-1]            # "openai/gpt-4o" -> "gpt-4o"
    return prices.get(base)


# budgets and the ledger ----------------------------------------------------------------------

@dataclass
class Budget:
    """Limits of one scope (a run; or, passed in by the caller, a repo or an installation).
    None: no limit."""
    steps: int | None = None           # model calls
    tokens: int | None = None          # prompt + completion
    usd: float | None = None
    seconds: float | None = None       # wall time since the ledger started


@dataclass
class CallRecord:
    trajectory: int
    step: int
    model: str
    prompt_tokens: int
    completion_tokens: int
    usd: float
    seconds: float
    attempts: int
    finish_reason: str | None = None
    phase: str = ""                    # what the call served (Ledger.phase): research, expectation, review...


class Ledger:
    """Usage and cost of one scope, thread-safe; ``parents`` (per-repo / per-installation totals
    kept by the caller) are charged too and their budgets checked as well."""

    def __init__(self, budget: Budget | None = None, *, name: str = "run",
                 parents: list["Ledger"] | None = None, clock: Callable[[], float] = time.monotonic):
        self.budget, self.name, self.parents, self.clock = budget or Budget(), name, parents or [], clock
        self.started = clock()
        self.calls: list[CallRecord] = []
        self.notes: list[str] = []
        self.pending = 0                  # calls under way (reserved by acquire), counted as steps
        self.current_phase = "research"   # what calls serve now; `phase()` names another for a while
        self._lock = threading.Lock()

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        """Calls made inside are counted under ``name`` in `to_dict()["by_phase"]` (the cost of each phase)."""
        before, self.current_phase = self.current_phase, name
        try:
            yield
        finally:
            self.current_phase = before

    @property
    def prompt_tokens(self) -> int:
        return sum(c.prompt_tokens for c in self.calls)

    @property
    def completion_tokens(self) -> int:
        return sum(c.completion_tokens for c in self.calls)

    @property
    def usd(self) -> float:
        return sum(c.usd for c in self.calls)

    def note(self, text: str) -> None:
        with self._lock:
            if text not in self.notes:
                self.notes.append(text)

    def record(self, call: CallRecord, *, reserved: bool = False) -> None:
        if not call.phase:
            call.phase = self.current_phase
        with self._lock:
            self.calls.append(call)
            if reserved:
                self.pending = max(self.pending - 1, 0)
        for parent in self.parents:
            parent.record(call, reserved=reserved)

    def acquire(self) -> None:
        """Check every budget and reserve one step (so parallel trajectories never exceed the step
        budget; tokens and dollars are known only after a call, so parallel calls may overshoot
        those by the calls already under way)."""
        with self._lock:
            self._check_locked()
            self.pending += 1
        try:
            for i, parent in enumerate(self.parents):
                parent.acquire()
        except LimitsExceeded:
            for parent in self.parents[:i]:
                parent.release()
            self.release(parents=False)
            raise

    def release(self, *, parents: bool = True) -> None:
        with self._lock:
            self.pending = max(self.pending - 1, 0)
        if parents:
            for parent in self.parents:
                parent.release()

    def check(self) -> None:
        """Raise LimitsExceeded when any budget of this scope or a parent's is spent."""
        with self._lock:
            self._check_locked()
        for parent in self.parents:
            parent.check()

    def _check_locked(self) -> None:
        b = self.budget
        steps, tokens = len(self.calls) + self.pending, self.prompt_tokens + self.completion_tokens
        usd, elapsed = self.usd, self.clock() - self.started
        if b.steps is not None and steps >= b.steps:
            raise LimitsExceeded("steps", f"{self.name} step budget spent: {steps} of {b.steps} model calls")
        if b.tokens is not None and tokens >= b.tokens:
            raise LimitsExceeded("tokens", f"{self.name} token budget spent: {tokens} of {b.tokens} tokens")
        if b.usd is not None and usd >= b.usd:
            raise LimitsExceeded("usd", f"{self.name} cost budget spent: ${usd:.4f} of ${b.usd:.4f}")
        if b.seconds is not None and elapsed >= b.seconds:
            raise LimitsExceeded("seconds", f"{self.name} time budget spent: {elapsed:.1f} s of {b.seconds:g} s")

    def to_dict(self) -> dict:
        with self._lock:
            calls = list(self.calls)
        return {"llm_calls": len(calls), "prompt_tokens": sum(c.prompt_tokens for c in calls),
                "completion_tokens": sum(c.completion_tokens for c in calls),
                "usd": round(sum(c.usd for c in calls), 6),
                "by_phase": by_phase(calls), "per_call": [asdict(c) for c in calls], "notes": list(self.notes)}


def by_phase(calls: list[CallRecord]) -> dict[str, dict]:
    """{phase: {llm_calls, prompt_tokens, completion_tokens, usd}}, phases in the order first seen."""
    out: dict[str, dict] = {}
    for c in calls:
        row = out.setdefault(c.phase or "research", {"llm_calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "usd": 0.0})
        row["llm_calls"] += 1
        row["prompt_tokens"] += c.prompt_tokens
        row["completion_tokens"] += c.completion_tokens
        row["usd"] = round(row["usd"] + c.usd, 6)
    return out


# the client -------------------------------------------------------------------------------

@dataclass
class ToolCall:
    id: str
    name: str
    arguments: str                     # raw JSON text, as the model wrote it


@dataclass
class Reply:
    content: str
    tool_calls: list[ToolCall]
    finish_reason: str | None
    usage: CallRecord
    message: dict = field(default_factory=dict)    # the assistant message to append to the history

    @classmethod
    def of(cls, content: str, calls: list[ToolCall], finish_reason: str | None, usage: CallRecord) -> "Reply":
        """A reply with its assistant message built the way the chat-completions API shapes it."""
        message: dict[str, Any] = {"role": "assistant", "content": content}
        if calls:
            message["tool_calls"] = [{"id": c.id, "type": "function",
                                      "function": {"name": c.name, "arguments": c.arguments}} for c in calls]
        return cls(content, calls, finish_reason, usage, message)


@dataclass
class RetryPolicy:
    attempts: int = 6                   # tries in all, the first included
    base: float = 1.0                   # seconds before the first retry
    cap: float = 30.0                   # no single wait longer than this
    retry_after_cap: float = LLM_RETRY_AFTER_CAP      # a server's Retry-After is honoured up to this


class LLM:
    """Chat completions with tools against an OpenAI-compatible endpoint (one `agent.research.model.Model`)."""

    def __init__(self, model: str, base_url: str | None = None, api_key: str | None = None, *,
                 ledger: Ledger | None = None, prices: dict[str, tuple[float, float]] | None = None,
                 retry: RetryPolicy | None = None, timeout: float = LLM_HTTP_TIMEOUT,
                 sleep: Callable[[float], None] = time.sleep, http_client=None):
        from openai import OpenAI
        self.model, self.base_url = model, base_url
        self._key = api_key or "not-needed"       # local servers accept any key; openai wants one
        self.ledger = ledger or Ledger()
        self.prices = load_prices() if prices is None else prices
        self.retry, self.sleep = retry or RetryPolicy(), sleep
        self._tls = threading.local()
        self.client = OpenAI(api_key=self._key, base_url=base_url, timeout=timeout, max_retries=0,
                             http_client=http_client)
        if price_of(model, self.prices) is None:
            self.ledger.note(f"no price known for model {model!r}: its cost is counted as $0")

    def redact(self, text: str) -> str:
        return redact(text, self._key)

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float:
        price = price_of(self.model, self.prices)
        if price is None:
            return 0.0
        return (prompt_tokens * price[0] + completion_tokens * price[1]) / 1_000_000

    def chat(self, messages: list[dict], tools: list[dict] | None = None, *, temperature: float | None = None,
             seed: int | None = None, trajectory: int = 0, step: int = 0,
             stop: threading.Event | None = None) -> Reply:
        """One model call (budget checked first, usage recorded after)."""
        self.ledger.acquire()
        try:
            return self._chat(messages, tools, temperature, seed, trajectory, step, stop)
        except BaseException:
            if not getattr(self._tls, "recorded", False):
                self.ledger.release()
            raise
        finally:
            self._tls.recorded = False

    def _chat(self, messages, tools, temperature, seed, trajectory, step, stop) -> Reply:
        kwargs: dict[str, Any] = {"model": self.model, "messages": messages}
        if tools:
            kwargs["tools"] = tools
        if temperature is not None:
            kwargs["temperature"] = temperature
        if seed is not None:
            kwargs["seed"] = seed
        start = time.monotonic()
        resp, attempts = self._with_retries(kwargs, stop)
        seconds = time.monotonic() - start
        choice = resp.choices[0] if resp.choices else None
        if choice is None:
            raise LLMBadRequest("the endpoint answered with no choices")
        usage = resp.usage
        pt = int(getattr(usage, "prompt_tokens", 0) or 0) if usage else 0
        ct = int(getattr(usage, "completion_tokens", 0) or 0) if usage else 0
        if usage is None:
            self.ledger.note("the endpoint reported no token usage for some calls: counted as 0")
        record = CallRecord(trajectory, step, self.model, pt, ct, round(self.cost(pt, ct), 8),
                            round(seconds, 3), attempts, choice.finish_reason)
        self.ledger.record(record, reserved=True)
        self._tls.recorded = True
        msg = choice.message
        calls = [ToolCall(tc.id or f"call_{step}_{i}", tc.function.name or "", tc.function.arguments or "")
                 for i, tc in enumerate(msg.tool_calls or []) if getattr(tc, "function", None)]
        return Reply.of(msg.content or "", calls, choice.finish_reason, record)

    def _with_retries(self, kwargs: dict, stop: threading.Event | None):
        import openai
        policy, last = self.retry, ""
        for attempt in range(1, policy.attempts + 1):
            try:
                return self.client.chat.completions.create(**kwargs), attempt
            except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
                raise LLMAuthError(self.redact(f"the endpoint refused the credentials "
                                               f"({exc.status_code}): {_message(exc)}")) from None
            except openai.BadRequestError as exc:
                text = _message(exc)
                if _is_context_length(exc, text):
                    raise LLMContextLength(self.redact(f"the conversation exceeds the model's context "
                                                       f"window (400): {text}")) from None
                raise LLMBadRequest(self.redact(f"the endpoint rejected the request (400): {text}")) from None
            except openai.APIStatusError as exc:
                code = exc.status_code
                if code != 429 and code < 500 and code not in (408, 409):
                    raise LLMBadRequest(self.redact(f"the endpoint rejected the request ({code}): "
                                                    f"{_message(exc)}")) from None
                last = f"{code}: {_message(exc)}"
                wait = self._backoff(attempt, exc.response.headers if exc.response is not None else None)
            except openai.APIConnectionError as exc:       # includes APITimeoutError
                last = f"{type(exc).__name__}: {exc}"
                wait = self._backoff(attempt, None)
            if attempt == policy.attempts:
                break
            log.warning("model call failed (%s); retry %d/%d in %.1f s", self.redact(last), attempt,
                        policy.attempts - 1, wait)
            if stop is not None and stop.is_set():
                break
            self.sleep(wait)
        raise LLMUnavailable(self.redact(f"the endpoint kept failing after {policy.attempts} tries "
                                         f"(last: {last})"))

    def _backoff(self, attempt: int, headers) -> float:
        p = self.retry
        if headers is not None:
            after = _retry_after(headers)
            if after is not None and after >= 0:
                return min(after, p.retry_after_cap)
        wait = min(p.base * 2 ** (attempt - 1), p.cap)
        return wait * (0.75 + 0.5 * random.random()) if wait < p.cap else p.cap * (0.75 + 0.25 * random.random())


def _retry_after(headers) -> float | None:
    for name, divisor in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return float(value) / divisor
        except ValueError:
            import email.utils
            parsed = email.utils.parsedate_tz(value)
            if parsed:
                return max(email.utils.mktime_tz(parsed) - time.time(), 0.0)
    return None


def _message(exc) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])[:500]
        if isinstance(inner, str):
            return inner[:500]
    return str(getattr(exc, "message", exc))[:500]


def _is_context_length(exc, text: str) -> bool:
    code = str(getattr(exc, "code", "") or "")
    low = text.lower()
    return code == "context_length_exceeded" or "context length" in low or "context window" in low \
        or "maximum context" in low or "too many tokens" in low


def settings_from_env() -> dict[str, str | None]:
    return {"model": os.environ.get(ENV_MODEL), "base_url": os.environ.get(ENV_BASE_URL),
            "api_key": os.environ.get(ENV_API_KEY)}
