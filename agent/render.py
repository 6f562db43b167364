"""The renderings of a run's Result: result.json, patch.diff, report.md and the logs. Written once, never read back."""
from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from agent.markdown_safe import fence_untrusted, quote_untrusted
from agent.judge.proof import before_after, regression_runs, root_cause_prose, what_changes
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
        "cause": result.cause.to_dict() if result.cause else None,   # env_broken: kind, failing line, words
        "repo": result.repo,
        "ref": result.ref,
        "strategy": result.strategy,
        "sandbox": result.sandbox,
        "report": to_json(result.report),
        "root_cause": result.root_cause or None,      # one paragraph (`/crashfix explain` reads it back)
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


def evidence_lines(result: Result) -> list[str]:
    """The evidence as Markdown list items: frames, debugger, history, reproduction, with their sources."""
    return [f"- {quote_untrusted(fact.text.splitlines()[0])} _(source: {quote_untrusted(fact.source, 120)})_"
            for fact in result.facts(*EVIDENCE_KINDS)]


def best_unvalidated(result: Result):
    """A run without a validated patch: the applied candidate that went farthest (most clean tries of
    the reproduction, then the one whose tests ran), None when none applied or one validated."""
    tried = [v for v in result.verdicts if v.applied] if result.best is None else []
    return max(tried, key=lambda v: (v.clean_runs, v.tests is not None), default=None)


def agent_root_cause(result: Result) -> str | None:
    """The research agent's last stated root cause (its `conclude`), None when it stated none."""
    said = [f.text for f in result.evidence if f.kind == "agent:root_cause"]
    return said[-1] if said else None


def _unvalidated(result: Result) -> dict | None:
    v = best_unvalidated(result)
    return None if v is None else {"what": "the candidate that went farthest; NOT validated", "reason": v.reason,
                                   "description": v.candidate.description, "diff": v.candidate.diff,
                                   "reproduction_clean": v.to_dict()["reproduction_clean"]}


def _agent_claim(result: Result) -> dict | None:
    text = agent_root_cause(result)
    return None if text is None else {"what": "the research agent's conclusion; crashfix did not check it",
                                      "text": text}


def report_markdown(result: Result) -> str:
    """report.md: the outcome, the root cause in words, then `report_sections` (with the run's own error
    text: this file stays local), then the before/after, the regression test's runs and what the code does now."""
    lines = [f"## crashfix: {result.status.replace('_', ' ')}" + (
        ": a validated patch that may hide the crash rather than fix it" if result.status == "speculative" else ""), ""]
    if result.report is None:
        return "\n".join(lines + [result.error or "no crash report found", ""])
    proof = [s for s in (before_after(result), regression_runs(result), what_changes(result)) if s]
    prose = root_cause_prose(result)          # the PR's proof (agent/judge/proof.py), each part only with its data
    sections = report_sections(result, raw_error=True)
    if prose and sections.startswith(ROOT_CAUSE):           # the prose opens the root cause, as in the PR
        sections, prose = ROOT_CAUSE + prose + "\n\n" + sections[len(ROOT_CAUSE):], ""
    return "\n".join(lines + ([prose, ""] if prose else [])) + "\n" + sections + "".join(
        "\n" + "\n".join(s) + "\n" for s in proof)


ROOT_CAUSE = "### Root cause\n\n"


def report_sections(result: Result, *, raw_error: bool = False) -> str:
    """The diagnosis: "Root cause" only over a crash the sandbox showed, else "What the report says"
    and what is missing; the evidence, the reproduction attempts, the validation, the patch and the
    other candidates. `raw_error` adds the run's error text (never posted on GitHub: bot/conversation/failures.py)."""
    r, rep, best = result.report, result.reproduction, result.best
    if r is None:
        return ""
    if result.reproduced:
        lines = ["### Root cause", "", result.root_cause, ""]
    else:
        lines = ["### What the report says", "", result.root_cause, "", "### What is missing", "",
                 _missing(result), ""]
    lines += ["### Evidence", ""] + (evidence_lines(result) or ["- (none recorded)"])
    code = result.facts("code")
    if code:
        lines += ["", f"Code at the crash ({quote_untrusted(code[0].source, 200)}):", "",
                  fence_untrusted(code[0].text, result.language or "")]
    dropped = (result.artifacts.get("kernel") or {}).get("options_dropped")
    if dropped:                          # kernel: options the stack needs that the built kernel lacks
        lines += ["", "### Kernel config", "", "- Asked for but dropped by `make olddefconfig` (unmet dependencies), "
                  "so the kernel was built without them: " + ", ".join(quote_untrusted(o, 80) for o in dropped)
                  + ". A `--kernel-config` that sets them (syzbot's own config) may be needed."]
    if rep and rep.attempts and not rep.reproduced:
        lines += ["", "### What crashfix ran", ""] + attempt_lines(rep)
    if result.reproduced or result.verdicts:
        lines += ["", "### Validation", ""]
    if rep and rep.command and rep.reproduced:
        lines.append(f"- Crash reproduced {rep.crashed}/{rep.tries} times with {quote_untrusted(rep.command)}"
                     + (" (flaky)" if rep.flaky else "") + ".")
    if best:
        lines.append(f"- With the patch: clean {best.clean_runs}/{best.tries} times.")
        if result.overfit and result.overfit.sentence():                 # ladder2: the overfitting guard
            lines.append(f"- {result.overfit.sentence()}")
        before, after = result.tests_before, result.tests_after
        if before and after and not before.counted:
            lines.append(f"- Tests ({quote_untrusted(result.test_cmd, 200)}): no test result could be counted before "
                         f"the patch (this project has no tests, or its runner's results were not read): validation "
                         f"only shows the crash is gone.")
        elif before and after and not before.per_test:
            lines.append(f"- Tests ({quote_untrusted(result.test_cmd, 200)}): the runner says it ran {before.ran} test(s) "
                         f"before the patch (exit {before.exit_code}) and {after.get('ran')} with it (exit "
                         f"{after.get('exit_code')}); no per-test results.")
        elif before and after:
            lines.append(f"- Tests ({quote_untrusted(result.test_cmd, 200)}): before {len(before.passed)} passed, "
                         f"{len(before.failed)} failed; after {after['passed']} passed, {after['failed']} failed.")
        if _speculative(result):
            lines += ["", "### Suggested patch (speculative)", "", quote_untrusted(best.confidence_why)]
        else:
            lines += ["", "### Patch", ""] + ([quote_untrusted(best.confidence_why)] if best.confidence_why else [])
        lines += ["", "How sure crashfix is, fact by fact:", ""] + [f"- {quote_untrusted(r, 400)}"
                                                                  for r in best.confidence_reasons[:12]]
        lines += ["", fence_untrusted(best.candidate.diff, "diff")]
        if best.command_changed:
            lines += ["", command_changed_line(best.command_changed)]
    elif result.reproduced and not result.verdicts:
        lines.append("- No candidate patch was tried.")
    claim, farthest = agent_root_cause(result), best_unvalidated(result)
    if claim and not best:
        lines += ["", "### The research agent's root cause (its claim, not validated)", "", fence_untrusted(claim)]
    if farthest is not None:
        lines += ["", "### The candidate that went farthest (NOT validated)", "",
                  f"{quote_untrusted(farthest.candidate.description, 200)}: {quote_untrusted(farthest.reason, 300)} "
                  f"(reproduction clean {farthest.to_dict()['reproduction_clean']} of the tries run)", "",
                  fence_untrusted(farthest.candidate.diff, "diff")]
    if raw_error and result.error:
        lines += ["", "### Why the run ended", "", fence_untrusted(result.error)]
    if result.tried:
        lines += ["", "<details><summary>Other candidates tried</summary>", ""]
        lines += [f"- {quote_untrusted(v.candidate.description, 200)}: {quote_untrusted(v.reason, 200)}"
                  for v in result.tried]
        lines += ["", "</details>"]
    return "\n".join(lines) + "\n"


def command_changed_line(paths) -> str:
    """The note naming files a command changed while crashfix worked (put back; not in the patch)."""
    shown = ", ".join(quote_untrusted(p, 200) for p in list(paths)[:10]) + (" …" if len(paths) > 10 else "")
    return (f"Not in this patch: {shown} changed while the issue's code, the tests or a command ran; crashfix "
            "put it back and did not count it as part of the fix.")


def _speculative(result: Result) -> bool:
    return bool(result.best and result.best.confidence == "speculative")


def _missing(result: Result) -> str:
    rep = result.reproduction
    if result.status == "not_reproduced":
        tried = len(rep.attempts) if rep else 0
        return (f"crashfix could not make this crash happen in its sandbox ({tried} attempt(s), below), so "
                "nothing above is confirmed: it is what the report claims, mapped onto this repository.")
    return ("The run stopped before the crash was reproduced, so nothing above is confirmed: it is what the "
            "report claims, mapped onto this repository.")


def attempt_lines(rep) -> list[str]:
    """One Markdown item per reproduction attempt: how, the command (quoted inert), the exit code, why not."""
    lines = []
    for a in rep.attempts:
        why = f"; {quote_untrusted(a.why, 200)}" if a.why else ""
        lines.append(f"- {quote_untrusted(a.how, 120)}: {quote_untrusted(a.command, 200)} exited {a.exit_code}"
                     f"{why}")
    return lines
