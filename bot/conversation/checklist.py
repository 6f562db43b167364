"""The run part of the status comment, as words that are true: a checklist that ticks only the steps
that happened, the outcome named as it is (agent/compose/outcomes.py), and what a maintainer can do.

Pure: (trigger, what is known) in, Markdown out. The first line is the run's headline (it stays in
"Earlier runs" when a later run replaces the section).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent.compose.outcomes import words as outcome_words
from agent.markdown_safe import fence_untrusted, quote_untrusted
from agent.compose.compose import compose
from agent.compose.words import command_words
from agent.run import PATCHED, Result
from bot.conversation.failures import Failure

STEPS = (("parse", "Parse the crash report"), ("prepare", "Set up the project in a sandbox"),
         ("reproduce", "Reproduce the crash"), ("investigate", "Investigate the cause (frames, debugger, history)"),
         ("validate", "Validate candidate patches"), ("publish", "Open a pull request"))
KEYS = [k for k, _ in STEPS]
CLASS_PREFIX = re.compile(r"^\w+(?:Error|Exception): ")      # the run's own error class: the job page's


@dataclass(frozen=True)
class Trigger:
    """What started the run (`what`, Markdown), its job, the job's dashboard page (or None), and
    whether the run may open a pull request (`explain` never does)."""
    what: str
    job: int
    page: str | None = None
    opens_pr: bool = True
    revision: str = ""                  # which text of the issue the run reads (a sentence), or ""

    def headline(self, state: str) -> str:
        """The headline (the first line: it stays in "Earlier runs"), then which issue text it read."""
        job = f"[job {self.job}]({self.page})" if self.page else f"job {self.job}"
        return f"**{self.what}** · {job}: {state}" + (f"\n\n{self.revision}" if self.revision else "")


def _line(key: str, mark: str, detail: str = "") -> str:
    label = dict(STEPS)[key]
    box, suffix = {"done": ("[x]", ""), "failed": ("[ ]", " ❌"), "running": ("[ ]", " ⏳"),
                   "todo": ("[ ]", "")}[mark]
    return f"- {box} {label}{suffix}" + (f": {detail}" if detail else "")


def _steps(trigger: Trigger) -> list[str]:
    return KEYS if trigger.opens_pr else KEYS[:-1]


def live(trigger: Trigger, reached: str, details: dict[str, str], now: str = "") -> str:
    """A running run: every step before `reached` happened (the pipeline stops at a step that fails);
    ``now``: the current line in words (bot/conversation/progress_words.py comment_line), under the checklist."""
    at = KEYS.index(reached)
    lines = [trigger.headline("running…"), ""]
    for i, key in enumerate(_steps(trigger)):
        lines.append(_line(key, "done" if i < at else "running" if i == at else "todo", details.get(key, "")))
    if now:
        lines += ["", f"**Now:** {now}"]
    return "\n".join(lines) + "\n"


def stopped(trigger: Trigger, reached: str | None, details: dict[str, str], failure: Failure, *,
            again: str = "", cancelled: bool = False) -> str:
    """A run that stopped at `reached` without a result: an error at the job's edge, a lost sandbox
    (`again`: what happens next), or a cancel (nothing failed: the step it was at stays unticked)."""
    at = KEYS.index(reached) if reached else -1            # -1: it stopped before its first step
    state = "cancelled" if cancelled else "`error`: " + ("the sandbox was lost, trying again" if again
                                                       else outcome_words("error"))
    lines = [trigger.headline(state), ""]
    for i, key in enumerate(_steps(trigger)):
        mark = "done" if i < at else "failed" if i == at and not cancelled else "todo"
        lines.append(_line(key, mark, details.get(key, "") if i < at else ""))
    lines += ["", f"**What happened:** {failure.what}"]
    lines += ["", again] if again else (["", f"**What you can do:** {failure.action}"] if failure.action else [])
    return "\n".join(lines) + "\n"


def final(trigger: Trigger, result: Result, failure: Failure | None, published: dict | None = None, *,
          asked: str = "") -> str:
    """A finished run: the checklist from the Result (and the publish step from `published`), the
    outcome, what happened and what to do, the diagnosis when there is no pull request."""
    pr = (published or {}).get("pr")
    lines = [trigger.headline(outcome(result, trigger, published)), ""]
    lines += [_line(key, mark, detail) for key, mark, detail in _final_steps(trigger, result, published)]
    if failure is not None:
        lines += ["", f"**What happened:** {failure.what}"]
        if failure.action:
            lines += ["", f"**What you can do:** {failure.action}"]
        line = result.cause.line if result.status == "env_broken" and result.cause is not None else ""
        if line:
            lines += ["", f"**The failing line:** {quote_untrusted(line, 300)}"]
        if result.error_kind == "build" and result.error:
            lines += ["", "<details><summary>The build's output</summary>", "",
                      fenced(CLASS_PREFIX.sub("", result.error)[-4000:]), "", "</details>"]
    lines += attachment_lines(result)
    if result.status == "not_reproduced" and asked:
        lines += ["", asked]
    lines += environment_block(result)
    if pr:
        lines += ["", f"The patch, its validation and the commands are in the pull request #{pr}."]
    elif result.report is not None:
        diagnosis = compose(result).markdown()         # the words report.md and a PR body print
        if failure is not None:
            diagnosis = f"<details><summary>What crashfix read in the report</summary>\n\n{diagnosis}\n\n</details>"
        lines += ["", diagnosis]
        setup = [n for n in result.notes if n.startswith("environment: ")]   # other notes may hold error text
        if setup:
            lines += ["", "<details><summary>How the project was set up</summary>", ""]
            lines += [f"- {quote_untrusted(n)}" for n in setup[:30]] + ["", "</details>"]
    lines += ["", f"<sub>{cost_text(result)}</sub>"]
    return "\n".join(lines) + "\n"


def attachment_lines(result: Result) -> list[str]:
    """One line per issue attachment the run could not use (bot/github/attachments.py): the link, and why."""
    bad = list(dict.fromkeys((i.source, i.problem) for i in result.inputs if i.path is None and i.problem))
    return ["", *(f"**Attachment not used:** {quote_untrusted(link, 300)} {quote_untrusted(why, 200)}"
                  for link, why in bad)] if bad else []


def environment_block(result: Result) -> list[str]:
    """When a model found the set-up (agent/python/environment/model_setup.py) and crashfix's fresh
    set-up from it gave a sane baseline: the recipe, a proposal, as an `environment:` block for
    `.github/crashfix.yml`, in a fence its text cannot close (the commands are a model's words)."""
    env = result.artifacts.get("environment") if isinstance(result.artifacts, dict) else None
    if not isinstance(env, dict) or env.get("source") != "model" or not env.get("test_cmd"):
        return []
    import yaml
    block = {k: v for k, v in (("python", env.get("python")), ("install", list(env.get("install") or [])),
                                ("test_cmd", env.get("test_cmd"))) if v}
    text = yaml.safe_dump({"environment": block}, sort_keys=False, default_flow_style=False, width=1000)
    how = (f"crashfix's own set-up did not give a sane baseline; a model ({quote_untrusted(env.get('model'), 80)}) "
           "found this recipe, and crashfix's fresh set-up from it did. It was used for this run only: it is a "
           "proposal, and later runs use it only once a maintainer commits it")
    return ["", f"**Set-up found by a model:** {how}. Review it, then add it to `.github/crashfix.yml` "
                "to make it the project's set-up:", "", fence_untrusted(text.rstrip(), "yaml")]


def standing(trigger: Trigger, result: Result, published: dict | None) -> str | None:
    """The issue's standing result when this run is one (a fix with a pull request), else None: the
    top of the status comment keeps it while later commands (`test`, `explain`, a failed retry) report
    under it."""
    pr = (published or {}).get("pr")
    if not (trigger.opens_pr and result.status in PATCHED and pr):
        return None
    job = f"[job {trigger.job}]({trigger.page})" if trigger.page else f"job {trigger.job}"
    return f"`{result.status}`: pull request #{pr} ({trigger.what} · {job})"


def outcome(result: Result, trigger: Trigger, published: dict | None) -> str:
    """The headline's state: the status as it is, in plain words; `explain` never claims a fix."""
    status = result.status
    if status in PATCHED and not trigger.opens_pr:
        return ("diagnosis: the crash reproduced and a patch passed validation" + (
            ", though it may hide the crash rather than fix it" if status == "speculative" else "")
            + " (`/crashfix explain` opens no pull request)")
    words = f"`{status}`: {outcome_words(status)}"
    if status in PATCHED:
        pr, reason = (published or {}).get("pr"), (published or {}).get("reason")
        words += f"; pull request #{pr}" if pr else f"; no pull request ({reason})" if reason else ""
    return words


def _final_steps(trigger: Trigger, result: Result, published: dict | None) -> list[tuple[str, str, str]]:
    status, rep = result.status, result.reproduction
    done: dict[str, tuple[str, str]] = {"parse": ("done", _parsed(result)) if result.report
                                        else ("failed", "no crash report found")}
    if result.report is not None:
        if status == "env_broken":
            done["prepare"] = ("failed", "see below")
        elif rep is not None:
            done["prepare"] = ("done", "")
    if result.reproduced:
        done["reproduce"] = ("done", f"{rep.crashed} of {rep.tries} runs crashed with {command_words(result, rep.command)}"
                                     + (" (flaky)" if rep.flaky else ""))
        if result.verdicts or status in (*PATCHED, "not_fixed"):
            done["investigate"] = ("done", "")
    elif status == "not_reproduced":
        done["reproduce"] = ("failed", f"did not crash in {len(rep.attempts) if rep else 0} attempt(s)")
    if result.verdicts:
        good = sum(1 for v in result.verdicts if v.validated)
        done["validate"] = ("done" if good else "failed", f"{good} of {len(result.verdicts)} candidate(s) passed")
    elif status == "not_fixed":
        done["validate"] = ("failed", "no candidate patch to try")
    if trigger.opens_pr and status in PATCHED:
        pr = (published or {}).get("pr")
        if pr:
            verb = "updated" if published.get("updated") else "opened"
            done["publish"] = ("done", f"{verb} #{pr}")
        else:
            done["publish"] = ("failed", (published or {}).get("reason") or "not published")
    steps, failed_seen = [], False
    for key in _steps(trigger):
        mark, detail = done.get(key, ("todo", ""))
        if mark == "todo" and status == "error" and not failed_seen:
            mark = "failed"                       # the step the run stopped at
        failed_seen = failed_seen or mark == "failed"
        steps.append((key, mark, detail))
    return steps


def _parsed(result: Result) -> str:
    r = result.report
    return f"a {r.kind} crash, {quote_untrusted(r.type, 80)}"


def fenced(text: str) -> str:
    """Untrusted output as a fenced code block that it cannot close (GitHub renders nothing inside)."""
    return fence_untrusted(text)


def cost_text(result: Result) -> str:
    cost = result.cost
    tokens = (cost.get("prompt_tokens") or 0) + (cost.get("completion_tokens") or 0)
    return (f"{cost.get('llm_calls', 0)} LLM calls, {tokens:,} tokens, ${cost.get('usd', 0.0):.2f}; "
            f"{result.seconds:.0f} s of sandbox and validation time.")
