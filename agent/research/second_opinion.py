"""The model's two short hooks beside the research agent, each one call in a fresh context:
`expectation` (what the issue says the crashing call should give, for the regression test to
assert) and `review` (does the chosen patch fix the cause or hide the symptom?)."""
from __future__ import annotations

import ast
import json
import logging
import re
from pathlib import Path

from agent.judge.expectations import Expectation
from agent.research.client import LLMAuthError
from agent.research.loop import quote_untrusted as fenced_issue
from agent.markdown_safe import quote_untrusted

log = logging.getLogger(__name__)
PROMPTS = Path(__file__).resolve().parent / "prompts"
ISSUE_CHARS = 12_000


def expectation(llm, issue_text: str, reported: str) -> Expectation | None:
    """The model's reading of what the issue expects, checked like the parser's (a literal, or class
    names); None when it states none, or the answer is not usable."""
    answer = _ask(llm, "expectation_system.md", fenced_issue(issue_text[:ISSUE_CHARS]))
    if not isinstance(answer, dict):
        return None
    quote = " ".join(str(answer.get("quote") or "").split())[:300]
    if answer.get("kind") == "value":
        value = str(answer.get("value") or "").strip()
        try:
            ast.literal_eval(value)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None
        return Expectation("value", value, True, quote=quote, source="model") if value and "\n" not in value else None
    if answer.get("kind") == "raises":
        names = [str(n).rsplit(".", 1)[-1] for n in answer.get("raises") or [] if isinstance(n, str)]
        wanted = tuple(n for n in names if re.fullmatch(r"[A-Z]\w{0,80}", n) and n != reported.rsplit(".", 1)[-1])
        return Expectation("raises", raises=wanted, quote=quote, source="model") if wanted else None
    return None


def review(llm, issue_text: str, chosen, evidence: list[str], others: list) -> str:
    """"" when the model judges that the chosen verdict's patch fixes the cause; its reason when it
    says the patch hides the symptom (then the confidence drops to speculative)."""
    parts = [fenced_issue(issue_text[:ISSUE_CHARS]),
             f"The patch ({chosen.candidate.description}):\n\n```diff\n{chosen.candidate.diff[:8000]}\n```",
             "The evidence:\n" + "\n".join(evidence[:30]),
             f"Validation: {chosen.reason}; the reproduction clean {chosen.clean_runs}/{chosen.tries} times."]
    for v in others[:4]:
        parts.append(f"Another candidate that passed ({v.candidate.description}):\n\n```diff\n{v.candidate.diff[:3000]}\n```")
    answer = _ask(llm, "review_system.md", "\n\n".join(parts))
    if not isinstance(answer, dict) or answer.get("verdict") not in ("cause", "symptom"):
        return ""
    why = quote_untrusted(" ".join(str(answer.get("why") or "").split())[:300]) or "no reason given"
    return why if answer["verdict"] == "symptom" else ""


def _ask(llm, system: str, user: str) -> object:
    """One chat call, its answer's JSON object (None when there is none, or the call failed)."""
    messages = [{"role": "system", "content": (PROMPTS / system).read_text()}, {"role": "user", "content": user}]
    try:
        reply = llm.chat(messages, None, temperature=0.0)
    except LLMAuthError:
        raise                         # the credentials are refused: the run ends, as the agent's would
    except Exception as exc:          # the endpoint or the budget: the run goes on without this opinion
        log.warning("model call for %s failed: %s: %s", system, type(exc).__name__, exc)
        return None
    text = reply.content or ""
    match = re.search(r"\{.*\}", text, re.S)
    try:
        return json.loads(match.group(0)) if match else None
    except ValueError:
        return None
