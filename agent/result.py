"""The files a run leaves: result.json, patch.diff, report.md and the validation logs."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from agent.redact import redact_file, redact_obj
from agent.reports import to_json
from agent.run import root_cause

if TYPE_CHECKING:
    from agent.run import Run


def result_dict(run: "Run") -> dict:
    rep, best = run.reproduction, run.best
    return {
        "status": run.status,
        "error": run.error,
        "repo": run.config.repo,
        "ref": run.config.ref,
        "strategy": run.config.strategy,
        "sandbox": run.config.sandbox,
        "report": to_json(run.report),
        "patch": best.candidate.diff if best else None,
        "fix": best.to_dict() if best else None,
        "candidates": [v.to_dict() for v in run.verdicts],
        "reproduction": {
            **(rep.to_dict() if rep else {"reproduced": False, "tries": 0, "crashed": 0, "flaky": False}),
            "after": {"tries": best.tries, "clean": best.clean_runs} if best else None,
        },
        "tests": {
            "command": run.config.test_cmd,
            "before": run.tests_before.counts() if run.tests_before else None,
            "after": best.tests if best else None,
        },
        "debugger": _probe_dict(run),
        "artifacts": run.artifacts,
        "build": run.native.to_dict() if run.native else None,
        "memory": run.memory.to_list(),
        "notes": run.notes,
        "timings": run.timings,
        "cost": run.cost or {"llm_calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "usd": 0.0},
    }


def _probe_dict(run: "Run") -> dict | None:
    p = run.probe
    if p is None:
        return None
    return {"command": p.command, "frame": p.frame, "values": p.values, "locals": p.locals,
            "error": p.error, "transcript": [{"command": c, "output": o} for c, o in p.transcript]}


def write_outputs(run: "Run") -> None:
    out = run.config.out
    out.mkdir(parents=True, exist_ok=True)
    (out / "result.json").write_text(json.dumps(redact_obj(result_dict(run)), indent=2, default=str))
    patch = out / "patch.diff"
    if run.best:
        patch.write_text(run.best.candidate.diff)
    elif patch.exists():
        patch.unlink()
    (out / "report.md").write_text(report_markdown(run))
    logs = out / "logs"
    logs.mkdir(exist_ok=True)
    if run.native and run.native.build:
        (logs / "build.log").write_text(run.native.build.log)
    for i, verdict in enumerate(run.verdicts, 1):
        (logs / f"candidate-{i:02}.log").write_text(
            f"# {verdict.candidate.description}\n# {verdict.reason}\n\n{verdict.candidate.diff}\n"
            + "\n".join(verdict.log))
    if run.reproduction:
        (logs / "reproduction.log").write_text("\n\n".join(
            f"$ {a.command}   # {a.how}, exit {a.exit_code}, reproduced={a.reproduced}\n{a.output_tail}"
            for a in run.reproduction.attempts))
    for path in [out / "patch.diff", out / "report.md", *logs.glob("*.log")]:   # no secret leaves
        redact_file(path)


def report_markdown(run: "Run") -> str:
    r, rep, best = run.report, run.reproduction, run.best
    lines = [f"## crashfix: {run.status.replace('_', ' ')}", ""]
    if r is None:
        return "\n".join(lines + [run.error or "no crash report found", ""])
    lines += ["### Root cause", "", root_cause(run), ""]
    lines += ["### Evidence", ""]
    for fact in run.memory.facts:
        if fact.kind in ("frame", "debugger", "history", "reproduction"):
            lines.append(f"- {fact.text.splitlines()[0]} _(source: {fact.source})_")
    code = run.memory.of("code")
    if code:
        lines += ["", f"Code at the crash ({code[0].source}):", "", f"```{run.language}", code[0].text, "```"]
    lines += ["", "### Validation", ""]
    if rep and rep.command:
        lines.append(f"- Crash reproduced {rep.crashed}/{rep.tries} times with `{rep.command}`"
                     + (" (flaky)" if rep.flaky else "") + ".")
    if best:
        lines.append(f"- With the patch: clean {best.clean_runs}/{best.tries} times.")
        before, after = run.tests_before, best.tests
        if before and after:
            lines.append(f"- Tests (`{run.config.test_cmd}`): before {len(before.passed)} passed, "
                         f"{len(before.failed)} failed; after {after['passed']} passed, {after['failed']} failed.")
        lines += ["", "### Patch", "", "```diff", best.candidate.diff.rstrip(), "```"]
    elif run.error:
        lines.append(f"- {run.error}")
    tried = [v for v in run.verdicts if v is not best]
    if tried:
        lines += ["", "<details><summary>Other candidates tried</summary>", ""]
        lines += [f"- {v.candidate.description}: {v.reason}" for v in tried]
        lines += ["", "</details>"]
    return "\n".join(lines) + "\n"
