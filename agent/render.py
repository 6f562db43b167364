"""The renderings of a run's Result: result.json, patch.diff, report.md and the logs. Written once, never read back."""
from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from agent.compose.compose import agent_root_cause, best_unvalidated, compose
from agent.compose.outcomes import words as outcome_words
from agent.markdown_safe import fence_untrusted
from agent.redact import redact_file, redact_obj
from agent.reports import to_json
from agent.run import Result

def result_dict(result: Result) -> dict:
    """What result.json holds."""
    rep, best = result.reproduction, result.best
    return {
        "status": result.status,
        "error": result.error,
        "error_kind": result.error_kind,
        "cause": result.cause.to_dict() if result.cause else None,   # env_broken: kind, failing line, words
        "repo": result.repo,
        "ref": result.ref,
        "strategy": result.strategy,
        "sandbox": result.sandbox,
        "report": to_json(result.report),
        "root_cause": result.root_cause or None,      # one paragraph: the crash, the debugger's values, the fix
        "findings": _findings(result),                # the composed words (agent/compose; `/crashfix explain` reads them)
        "patch": result.patch,
        "regression_test": result.regression_test,
        "confidence": best.confidence or None if best else None,     # agent/judge/confidence.py
        "confidence_why": best.confidence_why or None if best else None,
        "expectation": _expectation(result),
        "fix": best.to_dict() if best else None,
        # files a command (the code, the tests, the debugger) changed: put back, not in the patch
        "command_changed": list(best.command_changed) if best else [],
        "candidates": [v.to_dict() for v in result.verdicts],
        "unvalidated": _unvalidated(result),          # no validated patch: the candidate that went farthest
        "agent_root_cause": _agent_claim(result),     # the research agent's conclusion, as it wrote it
        "disputes": disputes(result),                 # the model's replies in words to a rejection, and the judge's answers
        "overfit": result.overfit.to_dict() if result.overfit else None,    # ladder2: agent/python/ladder/overfit.py
        "reproduction": {
            **(rep.to_dict() if rep else {"reproduced": False, "tries": 0, "crashed": 0, "flaky": False}),
            "after": {"tries": best.tries, "clean": best.clean_runs} if best else None,
        },
        "image": result.image,                        # the image the sandboxes came from (resolved)
        "timeout": result.timeout,                    # the per-command timeout used (derived from the baseline)
        "tests": {
            "command": result.test_cmd,               # the command that ran (given, or resolved from the repo)
            "command_given": result.test_cmd_given,   # as given (None: crashfix resolved it)
            "before": result.tests_before.counts() if result.tests_before else None,
            "after": result.tests_after,
        },
        "debugger": _probe_dict(result),
        "artifacts": result.artifacts,
        "build": result.build,
        "memory": [asdict(f) for f in result.evidence],
        "notes": result.notes,
        "timings": result.timings,
        "cost": result.cost,
        "progress": [asdict(p) for p in result.progress],
    }


def _expectation(result: Result) -> dict | None:
    """What the issue expects, as the regression test asserts it (None: it states nothing, or no test asserts it)."""
    test = result.reproduction.regression_test if result.reproduction else None
    return {**test.expectation.to_dict(), "test": test.expect_test} if test and test.expect_test else None


def _probe_dict(result: Result) -> dict | None:
    p = result.probe
    if p is None:
        return None
    return {"command": p.command, "frame": p.frame, "values": p.values, "locals": p.locals,
            "error": p.error, "transcript": [{"command": c, "output": o} for c, o in p.transcript]}


def write_outputs(result: Result, out: Path) -> None:
    """The run folder: result.json, patch.diff (when fixed), report.md, logs/; every file redacted."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "result.json").write_text(json.dumps(redact_obj(result_dict(result)), indent=2, default=str))
    patch = out / "patch.diff"
    if result.patch is not None:
        patch.write_text(result.patch)
    elif patch.exists():
        patch.unlink()
    (out / "report.md").write_text(report_markdown(result))
    logs = out / "logs"
    logs.mkdir(exist_ok=True)
    if result.build_log is not None:
        (logs / "build.log").write_text(result.build_log)
    for i, verdict in enumerate(result.verdicts, 1):
        (logs / f"candidate-{i:02}.log").write_text(
            f"# {verdict.candidate.description}\n# {verdict.reason}\n\n{verdict.candidate.diff}\n"
            + "\n".join(verdict.log))
    if result.reproduction:
        (logs / "reproduction.log").write_text("\n\n".join(
            f"$ {a.command}   # {a.how}, exit {a.exit_code}, reproduced={a.reproduced}\n{a.output_tail}"
            for a in result.reproduction.attempts))
    for path in [out / "patch.diff", out / "report.md", *logs.glob("*.log")]:   # no secret leaves
        redact_file(path)


def report_markdown(result: Result) -> str:
    """report.md: the outcome, then the run's Findings (agent/compose: the same words the PR body and the
    status comment print), then the run's own error text (this file stays local; never posted on GitHub)."""
    head = f"## crashfix: {result.status.replace('_', ' ')}: {outcome_words(result.status)}"
    if result.report is None:
        return "\n".join([head, "", result.error or "no crash report found", ""])
    lines = [head, "", compose(result).markdown()]
    for d in disputes(result):
        lines += ["", "<details><summary>The research agent disputed a rejection; the judge's answer</summary>", "",
                  "The model's words:", "", fence_untrusted(d["claim"]), "", "The judge's answer:", "",
                  fence_untrusted(d["answer"]), "", "</details>"]
    if result.error:
        lines += ["", "<details><summary>Why the run ended</summary>", "", fence_untrusted(result.error), "",
                  "</details>"]
    return "\n".join(lines) + "\n"


def _unvalidated(result: Result) -> dict | None:
    v = best_unvalidated(result)
    return None if v is None else {"what": "the candidate that went farthest; NOT validated", "reason": v.reason,
                                   "description": v.candidate.description, "diff": v.candidate.diff,
                                   "reproduction_clean": v.to_dict()["reproduction_clean"]}


def disputes(result: Result) -> list[dict]:
    """{claim, answer} of each rejection the research agent disputed in words (agent/research/loop.py)."""
    out = []
    for f in result.facts("agent:dispute"):
        try:
            d = json.loads(f.text)
        except ValueError:
            continue
        if isinstance(d, dict) and {"claim", "answer"} <= set(d):
            out.append({"claim": str(d["claim"]), "answer": str(d["answer"])})
    return out


def _agent_claim(result: Result) -> dict | None:
    text = agent_root_cause(result)
    return None if text is None else {"what": "the research agent's conclusion; crashfix did not check it",
                                      "text": text}


def _findings(result: Result) -> dict | None:
    """The summary's words as report.md, the PR and the status comment print them (None without a report)."""
    if result.report is None:
        return None
    f = compose(result)
    return {"crash": f.crash, "why_label": f.why_label, "why": f.why, "missing": f.missing, "change": f.change,
            "now": f.now, "checked": list(f.checked), "confidence": f.confidence}
