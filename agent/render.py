"""The renderings of a run's Result: result.json, patch.diff, report.md and the logs. Written once, never read back."""
from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from agent.markdown_safe import quote_untrusted
from agent.redact import redact_file, redact_obj
from agent.reports import to_json
from agent.run import Result

EVIDENCE_KINDS = ("frame", "debugger", "history", "reproduction")


def result_dict(result: Result) -> dict:
    """What result.json holds."""
    rep, best = result.reproduction, result.best
    return {
        "status": result.status,
        "error": result.error,
        "error_kind": result.error_kind,
        "repo": result.repo,
        "ref": result.ref,
        "strategy": result.strategy,
        "sandbox": result.sandbox,
        "report": to_json(result.report),
        "patch": result.patch,
        "regression_test": result.regression_test,
        "fix": best.to_dict() if best else None,
        "candidates": [v.to_dict() for v in result.verdicts],
        "overfit": result.overfit.to_dict() if result.overfit else None,    # ladder2: agent/ladder/overfit.py
        "reproduction": {
            **(rep.to_dict() if rep else {"reproduced": False, "tries": 0, "crashed": 0, "flaky": False}),
            "after": {"tries": best.tries, "clean": best.clean_runs} if best else None,
        },
        "tests": {
            "command": result.test_cmd,
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


def evidence_lines(result: Result) -> list[str]:
    """The evidence as Markdown list items: frames, debugger, history, reproduction, with their sources."""
    return [f"- {quote_untrusted(fact.text.splitlines()[0])} _(source: {fact.source})_"
            for fact in result.facts(*EVIDENCE_KINDS)]


def report_markdown(result: Result) -> str:
    """report.md: the status, root cause, evidence, validation, patch and the other candidates."""
    r, rep, best = result.report, result.reproduction, result.best
    lines = [f"## crashfix: {result.status.replace('_', ' ')}", ""]
    if r is None:
        return "\n".join(lines + [result.error or "no crash report found", ""])
    lines += ["### Root cause", "", result.root_cause, ""]
    lines += ["### Evidence", ""] + evidence_lines(result)
    code = result.facts("code")
    if code:
        lines += ["", f"Code at the crash ({code[0].source}):", "", f"```{result.language}", code[0].text, "```"]
    lines += ["", "### Validation", ""]
    if rep and rep.command:
        lines.append(f"- Crash reproduced {rep.crashed}/{rep.tries} times with `{rep.command}`"
                     + (" (flaky)" if rep.flaky else "") + ".")
    if best:
        lines.append(f"- With the patch: clean {best.clean_runs}/{best.tries} times.")
        if result.overfit and result.overfit.sentence():                 # ladder2: the overfitting guard
            lines.append(f"- {result.overfit.sentence()}")
        before, after = result.tests_before, result.tests_after
        if before and after:
            lines.append(f"- Tests (`{result.test_cmd}`): before {len(before.passed)} passed, "
                         f"{len(before.failed)} failed; after {after['passed']} passed, {after['failed']} failed.")
        lines += ["", "### Patch", "", "```diff", best.candidate.diff.rstrip(), "```"]
    elif result.error:
        lines.append(f"- {result.error}")
    if result.tried:
        lines += ["", "<details><summary>Other candidates tried</summary>", ""]
        lines += [f"- {v.candidate.description}: {v.reason}" for v in result.tried]
        lines += ["", "</details>"]
    return "\n".join(lines) + "\n"
