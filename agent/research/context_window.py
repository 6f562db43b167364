"""Keeping a conversation inside the model's context window.

The estimate is cheap (about four characters a token, counted over the JSON the endpoint gets);
it is only a guide -- the endpoint's own context-length error is the authority, and the loop
answers it by trimming harder once (``fit(..., hard=True)`` under the limit the error names).

The policy (``fit``): the system prompt and the task (issue report and noted facts) stay whole,
and so do the last ``keep_turns`` turns (an assistant message and the tool/user messages that
answer it). Older tool outputs, oldest first, become a one-line stub until the conversation fits;
every assistant tool_call keeps its tool message, so the OpenAI pairing stays valid. Trimming
hard also keeps only the last turn whole and cuts long older assistant and user texts. Messages
are never dropped. The caller keeps the full conversation; ``fit`` returns a trimmed copy.

The window: ``AgentConfig.context_tokens``, else ``$CRASHFIX_LLM_CONTEXT_TOKENS`` (``128000``, or
per model: ``gpt-4o=128000,llama3=8192,32000`` -- a bare number is the default for other models),
else the table below, else 128k.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

from sandbox import variables

ENV_CONTEXT = "CRASHFIX_LLM_CONTEXT_TOKENS"
DEFAULT_WINDOW = 128_000
WINDOWS = {"gpt-4o": 128_000, "gpt-4o-mini": 128_000, "gpt-4.1": 1_047_576, "gpt-4.1-mini": 1_047_576,
           "gpt-4.1-nano": 1_047_576, "o4-mini": 200_000}
REPLY_RESERVE = 0.15           # share of the window left for the model's answer and the estimate's error
KEEP_TURNS = 4                 # the last turns kept whole
STUB_OVER = 300                # tool outputs shorter than this are not worth a stub
TEXT_CUT = 1500                # hard trimming: older assistant/user texts cut to this many characters
CHARS_PER_TOKEN = 4


class ContextConfigError(ValueError):
    """$CRASHFIX_LLM_CONTEXT_TOKENS cannot be read."""


def estimate_tokens(obj) -> int:
    """A cheap token estimate of a message, a list of messages or tool schemas."""
    return len(json.dumps(obj, default=str, ensure_ascii=False)) // CHARS_PER_TOKEN + 1


def parse_windows(text: str) -> dict[str, int]:
    """``"128000"`` or ``"gpt-4o=128000,llama3=8192,32000"`` -> {model: tokens, "": default}."""
    out: dict[str, int] = {}
    for item in (p.strip() for p in text.split(",")):
        if not item:
            continue
        model, _, value = item.rpartition("=")
        try:
            tokens = int(value.strip().replace("_", ""))
        except ValueError:
            raise ContextConfigError(f"{ENV_CONTEXT}: {item!r} is not a token count "
                                     f"(use 128000 or model=tokens, comma separated)") from None
        if tokens < 1000:
            raise ContextConfigError(f"{ENV_CONTEXT}: {item!r}: a context window under 1000 tokens is no use")
        out[model.strip()] = tokens
    return out


def context_window(model: str, configured: int | None = None) -> int:
    """The window of ``model`` in tokens: configured, else the environment's, else the table's."""
    if configured:
        return configured
    env = parse_windows(variables.value("LLM_CONTEXT_TOKENS") or "")
    base = model.rsplit("/", 1)[-1]
    for table in (env, WINDOWS):
        for name in (model, base):
            if name in table:
                return table[name]
        if "" in table:
            return table[""]
    return DEFAULT_WINDOW


def limit_from_error(text: str) -> tuple[int, int] | None:
    """(the model's limit, the request's size) in tokens from an error like OpenAI's "maximum context
    length is 8192 tokens. However, your messages resulted in 8227 tokens", if it says so."""
    limit = re.search(r"context length is (\d+)", text)
    size = re.search(r"(?:resulted in|requested) (\d+) tokens", text)
    if limit and size:
        return int(limit.group(1)), int(size.group(1))
    return None


@dataclass
class Trim:
    messages: list[dict]
    estimate: int                 # tokens, after trimming
    before: int                   # tokens, before
    stubbed: int = 0              # tool outputs replaced by a stub
    cut: int = 0                  # texts shortened (hard trimming)

    def to_dict(self) -> dict:
        return {"estimate": self.estimate, "before": self.before, "stubbed": self.stubbed, "cut": self.cut}


def _turn_starts(messages: list[dict]) -> list[int]:
    return [i for i, m in enumerate(messages) if m.get("role") == "assistant"]


def _tool_names(messages: list[dict]) -> dict[str, str]:
    names = {}
    for m in messages:
        for call in m.get("tool_calls") or []:
            names[call.get("id", "")] = (call.get("function") or {}).get("name", "tool")
    return names


def stub(tool: str, content: str) -> str:
    size = len(content.encode())
    shown = f"{size / 1000:.0f} kB" if size >= 1000 else f"{size} bytes"
    return f"[output of {tool} elided: {shown}; re-run the tool if needed]"


def fit(messages: list[dict], budget: int, *, keep_turns: int = KEEP_TURNS, hard: bool = False) -> Trim:
    """A copy of ``messages`` estimated at no more than ``budget`` tokens if the policy can get there
    (see the module's doc); ``estimate`` says where it ended."""
    before = estimate_tokens(messages)
    out = [dict(m) for m in messages]
    trim = Trim(out, before, before)
    if before <= budget and not hard:
        return trim
    starts = _turn_starts(out)
    keep = 1 if hard else keep_turns
    protected_from = starts[-keep] if len(starts) >= keep > 0 else len(out)
    head = 2 if len(out) >= 2 and out[1].get("role") == "user" else 1     # system prompt + task
    names = _tool_names(out)
    total = before
    for i in range(head, protected_from):
        if total <= budget:
            break
        m = out[i]
        content = m.get("content")
        if m.get("role") != "tool" or not isinstance(content, str) or len(content) <= STUB_OVER:
            continue
        m["content"] = stub(names.get(m.get("tool_call_id", ""), "a tool"), content)
        total -= (len(content) - len(m["content"])) // CHARS_PER_TOKEN
        trim.stubbed += 1
    if hard:
        for i in range(head, protected_from):
            if total <= budget:
                break
            m = out[i]
            content = m.get("content")
            if m.get("role") in ("assistant", "user") and isinstance(content, str) and len(content) > TEXT_CUT:
                m["content"] = content[:TEXT_CUT] + f"\n[... {len(content) - TEXT_CUT} characters elided]"
                total -= (len(content) - len(m["content"])) // CHARS_PER_TOKEN
                trim.cut += 1
    trim.estimate = estimate_tokens(out)
    return trim


def check_pairing(messages: list[dict]) -> list[str]:
    """What breaks the OpenAI chat format's tool pairing (empty: valid): every assistant tool_call
    answered by a tool message before the next assistant message, and no tool message without one."""
    problems, open_ids = [], set()
    for i, m in enumerate(messages):
        role = m.get("role")
        if role == "assistant":
            if open_ids:
                problems.append(f"message {i}: tool_call(s) {sorted(open_ids)} have no tool message")
            open_ids = {c.get("id") for c in m.get("tool_calls") or []}
        elif role == "tool":
            if m.get("tool_call_id") not in open_ids:
                problems.append(f"message {i}: tool message for unknown call {m.get('tool_call_id')!r}")
            open_ids.discard(m.get("tool_call_id"))
    if open_ids:
        problems.append(f"end: tool_call(s) {sorted(open_ids)} have no tool message")
    return problems
