"""The model's two short hooks beside the research agent, each one call in a fresh context:
`expectation` (what the issue says the crashing call should give, for the regression test to
assert) and `review` (does the chosen patch fix the cause or hide the symptom, and which of the
validated candidates would the reviewer choose?).

Each is a side question with its own time (RunConfig.side_question_seconds, agent/limits.py): one that gets no
answer in that time raises `Unanswered`, and the run goes on without it (the caller says so)."""
from __future__ import annotations

import ast
import json
import logging
import re
import threading
from dataclasses import dataclass
from pathlib import Path

from agent.judge.expectations import Expectation
from agent.limits import SIDE_QUESTION_SECONDS
from agent.research.client import LLMAuthError
from agent.research.loop import quote_untrusted as fenced_issue
from agent.markdown_safe import quote_untrusted

log = logging.getLogger(__name__)
PROMPTS = Path(__file__).resolve().parent / "prompts"
ISSUE_CHARS = 12_000


class Unanswered(Exception):
    """A side question got no answer within its time; the run goes on without it."""

    def __init__(self, what: str, seconds: float):
        super().__init__(f"the model's side question ({what}) got no answer within {seconds:g} s: skipped")
        self.what, self.seconds = what, seconds


@dataclass(frozen=True)
class Review:
    """The second opinion: `verdict` "cause" or "symptom" for the reviewed (first) candidate ("" when the
    model gave no usable answer); `why` its reason in its own words (untrusted text, quoted); `prefer`
    the index, in [reviewed, *others], of the candidate it would choose (None: it chose none)."""
    verdict: str = ""
    why: str = ""
    prefer: int | None = None

    @property
    def hides(self) -> str:
        """Its reason when it says the reviewed patch hides the symptom, else ""."""
        return self.why if self.verdict == "symptom" else ""


def expectation(llm, issue_text: str, reported: str, *,
                seconds: float = SIDE_QUESTION_SECONDS) -> Expectation | None:
    """The model's reading of what the issue expects, checked like the parser's (a literal, or class
    names); None when it states none, or the answer is not usable."""
    answer = _ask(llm, "expectation_system.md", fenced_issue(issue_text[:ISSUE_CHARS]), seconds=seconds,
                  what="what the issue expects")
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


def review(llm, issue_text: str, chosen, evidence: list[str], others: list, *,
           seconds: float = SIDE_QUESTION_SECONDS) -> Review:
    """The model's review of the chosen verdict's patch (candidate 1), the other validated candidates
    shown beside it (candidates 2..): does it fix the cause, and which one would it choose."""
    shown = [chosen, *others[:4]]
    parts = [fenced_issue(issue_text[:ISSUE_CHARS]),
             f"Candidate 1, the patch under review ({chosen.candidate.description}):\n\n"
             f"```diff\n{chosen.candidate.diff[:8000]}\n```",
             "The evidence:\n" + "\n".join(evidence[:30]),
             f"Validation: {chosen.reason}; the reproduction clean {chosen.clean_runs}/{chosen.tries} times."]
    for n, v in enumerate(shown[1:], 2):
        parts.append(f"Candidate {n}, another patch that passed ({v.candidate.description}):\n\n"
                     f"```diff\n{v.candidate.diff[:3000]}\n```")
    answer = _ask(llm, "review_system.md", "\n\n".join(parts), seconds=seconds, what="the review")
    if not isinstance(answer, dict) or answer.get("verdict") not in ("cause", "symptom"):
        return Review()
    why = quote_untrusted(" ".join(str(answer.get("why") or "").split())[:300]) or "no reason given"
    return Review(answer["verdict"], why, _preferred(answer.get("prefer"), [v.candidate.description for v in shown]))


def _preferred(said: object, descriptions: list[str]) -> int | None:
    """The candidate the reviewer names: its number (1 is the reviewed one) or its exact description
    (case and spacing aside; crashfix's parenthesised suffix may be left out); None when it names none,
    or none that was shown."""
    if isinstance(said, bool):
        return None
    if isinstance(said, (int, float)) or (isinstance(said, str) and said.strip().isdigit()):
        n = int(float(said))
        return n - 1 if 1 <= n <= len(descriptions) else None
    if not isinstance(said, str) or not said.strip():
        return None
    norm = lambda text: " ".join(text.split()).casefold()
    hits = [i for i, d in enumerate(descriptions) if norm(d) == norm(said)]
    if not hits:        # the description without crashfix's suffix ("... (llm, trajectory 1)"): one that begins so
        hits = [i for i, d in enumerate(descriptions) if norm(d).startswith(norm(said) + " (")]
    return hits[0] if len(hits) == 1 else None


def _ask(llm, system: str, user: str, *, seconds: float, what: str) -> object:
    """One chat call, its answer's JSON object (None when there is none, or the call failed);
    `Unanswered` when no answer came within `seconds`."""
    messages = [{"role": "system", "content": (PROMPTS / system).read_text()}, {"role": "user", "content": user}]
    try:
        reply = _within(llm, messages, seconds, what)
    except (LLMAuthError, Unanswered):
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


def _within(llm, messages: list[dict], seconds: float, what: str):
    """`llm.chat` given at most `seconds`: past them, its retries are stopped and `Unanswered` raised (a
    request under way ends at the client's own timeout; its usage is counted if it still answers)."""
    stop, box = threading.Event(), {}

    def call() -> None:
        try:
            box["reply"] = llm.chat(messages, None, temperature=0.0, stop=stop)
        except BaseException as exc:          # handed to the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=call, name="side-question", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        stop.set()
        raise Unanswered(what, seconds)
    if "error" in box:
        raise box["error"]
    return box["reply"]
