"""The bot's voice (docs/voice.md): the same composed words in report.md, the PR body and the status
comment; one screen before the details; no sandbox path; no "fixed" or "root cause" that was not
established."""
from __future__ import annotations

import dataclasses
import re

from agent.compose.compose import compose
from agent.compose.findings import MAX_SUMMARY_LINES
from agent.memory import Fact
from agent.render import report_markdown
from bot.conversation.checklist import Trigger, final
from bot.conversation.publish import check_summary, pr_body
from bot.conversation.question import question
from tests.agent.test_proof import _run

SANDBOX_PATH = re.compile(r"/home/sandbox|crashfix-scratch")
CLAIMS = re.compile(r"\bfixe[sd]\b|root cause", re.I)


def _texts(result) -> dict[str, str]:
    return {"report.md": report_markdown(result), "pr": pr_body(result, 7),
            "comment": final(Trigger("`/crashfix explain`", 3, opens_pr=False), result, None)}


def _high(tmp_path):
    result = _run(tmp_path)
    best = dataclasses.replace(result.best, confidence="high", confidence_why="the guard the code uses elsewhere")
    return dataclasses.replace(result, status="fixed", best=best,
                               verdicts=[best if v is result.best else v for v in result.verdicts])


def test_report_md_the_pr_body_and_the_status_comment_say_the_same_words(tmp_path):
    for result in (_run(tmp_path), _high(tmp_path)):
        f, texts = compose(result), _texts(result)
        parts = [ln for ln in f.summary_lines() if ln.strip()] + [s.body.strip() for s in f.details]
        assert len(parts) > 10
        for name, text in texts.items():
            for part in parts:
                assert part in text, (name, part)


def test_the_pr_body_fits_one_screen_before_its_details(tmp_path):
    body = pr_body(_run(tmp_path), 7)
    head = body.split("<details>", 1)[0]
    assert len([ln for ln in head.splitlines() if ln.strip()]) <= MAX_SUMMARY_LINES
    for part in ("**Crash:** `TypeError: bad operand type for abs(): 'str'` in `ordinal`", "**Why it crashed:**",
                 "**The change:**", "**What the code does now:** On the issue's input", "**How it was checked:**",
                 "The regression test `tests/", "**Confidence:** speculative"):
        assert part in head, part
    for folded in ("```diff", "<summary>The patch</summary>", "<summary>Other candidates</summary>",
                   "<summary>What crashfix ran</summary>"):
        assert folded in body and folded not in head, folded


def test_no_sandbox_path_anywhere_a_human_reads(tmp_path):
    result = _run(tmp_path)
    texts = {**_texts(result), "check run": check_summary(result)}
    assert SANDBOX_PATH.search(result.reproduction.command)            # the run itself used one
    for name, text in texts.items():
        assert not SANDBOX_PATH.search(text), (name, SANDBOX_PATH.search(text))
    lost = dataclasses.replace(result, status="not_reproduced", best=None, verdicts=[],
                               reproduction=dataclasses.replace(result.reproduction, crashed=0))
    asked = question(lost, "octo")
    assert "the issue's snippet" in asked and not SANDBOX_PATH.search(asked)


def test_no_fixed_and_no_root_cause_for_a_speculative_patch(tmp_path):
    result = dataclasses.replace(_run(tmp_path), status="speculative")     # validated, rated speculative
    for name, text in _texts(result).items():
        summary = text.split("<details>", 1)[0]
        assert not CLAIMS.search(summary), (name, CLAIMS.search(summary))
    assert "possible fix" in pr_body(result, 7) and "Fixes #7" not in pr_body(result, 7)
    high = _high(tmp_path)                                # judged high over a crash the sandbox showed
    assert "**Root cause:**" in pr_body(high, 7) and "Fixes #7" in pr_body(high, 7)


def test_the_research_agents_account_is_named_as_its_own(tmp_path):
    result = _run(tmp_path, probe=False)
    result.evidence.append(Fact("agent:root_cause", "The count is a string because ordinal() is given str(num). "
                                "More words.", "agent"))
    f = compose(result)
    assert f.why_label == "The research agent's explanation (crashfix did not check it)"
    assert f.why == "`The count is a string because ordinal() is given str(num).`"


def test_pdbs_own_errors_are_not_values(tmp_path):
    result = _run(tmp_path)
    result.probe.values["item.quantity"] = "*** AttributeError: 'NoneType' object has no attribute 'quantity'"
    for name, text in _texts(result).items():
        assert "***" not in text, name


def test_the_crash_has_one_name_the_guilty_frame(tmp_path):
    result = _run(tmp_path)
    name = f"in `{result.report.guilty.function}`"
    for text in _texts(result).values():
        assert f"**Crash:** `TypeError: bad operand type for abs(): 'str'` {name}" in text


def test_the_confidence_reads_as_words_and_stays_inert(tmp_path):
    result = _run(tmp_path)
    best = dataclasses.replace(result.best, confidence="high", confidence_why=(
        "High: the crash is gone, no test broke, and `fulfil`'s docstring says items are skipped; "
        "@octo-org/admins <img src=x> #12"), confidence_reasons=("the patch's `continue` does that",))
    f = compose(dataclasses.replace(result, best=best, status="fixed"))
    assert f.confidence.startswith("high: the crash is gone, no test broke, and `fulfil`'s docstring")
    assert "``" not in f.confidence and "High:" not in f.confidence          # no paragraph in one code span
    assert "`@octo-org/admins` `<img` `src=x>` `#12`" in f.confidence          # what is not plain prose: quoted
    assert "- the patch's `continue` does that" in f.details[1].body           # one fact a line


def test_the_status_comment_fits_one_screen_before_its_details(tmp_path):
    from bot.conversation.checklist import STEPS
    for result in (_run(tmp_path), dataclasses.replace(_run(tmp_path), best=None, status="not_fixed")):
        comment = final(Trigger("`/crashfix fix`", 3), result, None, {"pr": None, "reason": "no patch"})
        head = comment.split("<details>", 1)[0]
        assert len([ln for ln in head.splitlines() if ln.strip()]) <= MAX_SUMMARY_LINES + len(STEPS) + 2
        assert "**Crash:**" in head and "<summary>What crashfix ran</summary>" in comment


def test_a_ladder_script_is_named_as_the_issues_reproduction_not_its_snippet():
    """A rung-1 script may run the issue's command line (no snippet in the issue): 'snippet' would be untrue."""
    from agent.compose.words import scrub
    assert scrub("python /home/sandbox/.crashfix-scratch/rung1_0.py") == "python <the issue's reproduction, as a script>"
    assert scrub("python /home/sandbox/.crashfix-scratch/snippet.py") == "python <the issue's snippet>"


def test_a_frame_with_no_file_or_line_is_named_by_its_function_alone(tmp_path):
    # a pasted report whose frame names only a function (`in main` of a stripped binary), not mapped onto the tree
    from agent.reports.model import Frame
    result = _run(tmp_path)
    bare = Frame(function="main")
    result = dataclasses.replace(result, report=dataclasses.replace(result.report, frames=[bare], guilty=bare),
                                 evidence=[f for f in result.evidence if f.kind != "frame"])
    for name, text in _texts(result).items():
        assert "at None" not in text and "None:None" not in text, name
    assert "- `main`" in report_markdown(result)
