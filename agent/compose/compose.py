"""A run's Result into its Findings: each sentence written once, from the run's typed records, each
value from the run quoted inert, and no sandbox path (a scratch file is named by its role).
`result` is an agent.run.Result (not imported: agent.run imports agent.compose.outcomes)."""
from __future__ import annotations

import re

from agent.compose.findings import Findings, Section
from agent.judge.behaviour import Suite, behaviour
from agent.judge.proof import FRAME_FACT, base_runs, root_cause_prose
from agent.compose.words import command_words, judged, said, scrub
from agent.markdown_safe import fence_untrusted, quote_untrusted as q

MAX_FRAMES, MAX_CLOSE = 6, 5
# the details' titles (the bot leaves some out where it frames them itself)
EVIDENCE, REASONS, OTHERS, RAN, PATCH = ("Evidence: the project's frames and what the debugger saw",
                                         "Why this confidence, fact by fact", "Other candidates",
                                         "What crashfix ran", "The patch")


def crash_name(report, site: str = "") -> str:
    """The crash's one name: its exception and the guilty frame (where the crash is fixed), and where
    (`site`: the crashing line in the project's files, once mapped; "" before)."""
    if report is None:
        return ""
    said = f"{report.type}: {report.message}" if report.message else report.type
    g = report.guilty
    where = f" in {q(g.function, 120)}" if g and g.function else ""
    at = f" ({q(site, 200)})" if site else ""
    return q(scrub(said), 300) + where + at


def compose(result) -> Findings:
    """The Findings of a finished run (one with no crash report: its status only)."""
    if result.report is None:
        return Findings(status=result.status)
    label, why = _why(result)
    best = result.best
    return Findings(
        status=result.status, crash=crash_name(result.report, _site(result)), why_label=label, why=why,
        missing="" if result.reproduced else _missing(result),
        change=_change(best) if best else "", now=_now(result) if best else "",
        checked=tuple(_checked(result)), confidence=_confidence(best) if best else "",
        details=tuple(s for s in _details(result) if s is not None))


def _site(result) -> str:
    """The guilty frame's line in the project's files, from the frames mapped onto them ("" when none is)."""
    g = result.report.guilty
    for fact in result.facts("frame"):
        m = FRAME_FACT.match(fact.text.splitlines()[0])
        if m and g is not None and m.group(1) == g.function:
            return f"{m.group(2)}:{m.group(3)}"
    return ""


def _why(result) -> tuple[str, str]:
    """How it crashed in one sentence, and how far that is established."""
    if not result.reproduced:
        return "", ""
    prose = root_cause_prose(result)
    if prose:
        return ("Root cause" if result.status == "fixed" and not speculative(result) else "Why it crashed"), scrub(prose)
    seen = _seen(result)
    if seen:
        return "Why it crashed", seen
    claim = agent_root_cause(result)
    if claim:
        first = re.split(r"(?<=[.!?])\s", claim.strip(), maxsplit=1)[0]
        return "The research agent's explanation (crashfix did not check it)", q(first, 400)
    return "", ""


def _seen(result) -> str:
    """The debugger's values at the crashing line, when no sentence of where they came from could be made."""
    p = result.probe
    if p is None or p.error or not p.values:
        return ""
    shown = [(k, v) for k, v in p.values.items() if not str(v).startswith("***")][:4]
    return (f"Under {result.debugger}, at the crashing line: " + ", ".join(f"{q(k, 80)} = {q(scrub(v), 200)}"
                                                                         for k, v in shown) + ".") if shown else ""


def speculative(result) -> bool:
    """The chosen patch was judged speculative (agent/judge/confidence.py): it may hide the crash (the run's
    status says "speculative"; a Result read back from an older run says it by the patch's confidence)."""
    return result.status == "speculative" or bool(result.best and result.best.confidence == "speculative")


def agent_root_cause(result) -> str | None:
    """The research agent's last stated explanation (its `conclude`), None when it stated none."""
    said_ = [f.text for f in result.evidence if f.kind == "agent:root_cause"]
    return said_[-1] if said_ else None


def _change(best) -> str:
    c = best.candidate
    files = ", ".join(q(f, 200) for f in c.files[:5])
    return (q(c.description, 300) if c.description else "the diff below") + (f" ({files})" if files else "") + "."


def _now(result) -> str:
    best = result.best
    seen = behaviour(best.script_after, best.repro_after)
    text = scrub(seen.line()) if seen else ""
    text = (text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")) if text else ""
    test = result.reproduction.regression_test if result.reproduction else None
    if test is not None and test.expect_test and best.expected is not None:
        what = test.expectation.words() if test.expectation else "what the issue expects"
        text += (" " if text else "") + (f"The issue expects the call to {q(what, 200)}: "
                                         + ("it does." if best.expected else f"it does not ({q(best.expected_said, 300)})."))
    return text


def _checked(result) -> list[str]:
    rep, best = result.reproduction, result.best
    lines = []
    if rep is not None and rep.reproduced:
        who = " (a reproducer the model wrote; crashfix checked it)" if rep.rung == 5 and rep.regression_test is None else ""
        line = (f"On the base commit, {command_words(result, rep.command)}{who} crashed {rep.crashed} of {rep.tries} times"
                + (" (flaky)" if rep.flaky else ""))
        lines.append(line + (f"; with the patch, it ran clean {best.clean_runs} of {best.tries} times." if best else "."))
    script, command = base_runs(result)
    if best is not None and script is not None and best.script_after:
        lines.append(f"The issue's snippet on the base commit: {said(script.output_tail, script.exit_code)}; with "
                     f"the patch: {said(best.script_after['output'], best.script_after['exit'])}.")
    if best is not None and command is not None and rep.regression_test is not None and best.repro_after:
        after = best.repro_after
        lines.append(f"The regression test {q(rep.regression_test.path, 200)} "
                     f"{'fails' if command.exit_code else 'passes'} on the base commit "
                     f"({said(command.output_tail, command.exit_code)}) and {'fails' if after['exit'] else 'passes'} "
                     f"with the patch ({said(after['output'], after['exit'])}).")
    if best is not None:
        lines.append(_suite(result))
        if best.broken:
            lines.append(f"Tests that broke: {', '.join(q(t, 200) for t in best.broken[:10])}.")
        if result.overfit and result.overfit.sentence():
            lines.append(scrub(result.overfit.sentence()))
    return lines


def _suite(result) -> str:
    before, after, cmd = result.tests_before, result.tests_after, result.test_cmd
    where = f"The project's tests ({q(scrub(cmd), 200)})" if cmd else "The project's tests"
    if not cmd:
        weak = Suite(command=None).weak()
        return weak[:1].upper() + weak[1:] + "."
    if before is None or after is None:
        return f"{where} were not run."
    if not before.counted:
        return (f"{where}: no test result could be counted before the patch (this project has no tests, or its "
                "runner's results were not read): validation only shows the crash is gone.")
    if not before.per_test:
        return (f"{where}: the runner says it ran {before.ran} before the patch (exit {before.exit_code}) and "
                f"{after.get('ran')} with it (exit {after.get('exit_code')}); no per-test results.")
    return (f"{where}: {len(before.passed)} passed, {len(before.failed)} failed before the patch; "
            f"{after['passed']} passed, {after['failed']} failed with it.")


def _confidence(best) -> str:
    word = best.confidence or "not rated"
    why = re.sub(r"^(?:high|speculative):\s*", "", best.confidence_why or "", flags=re.I).rstrip(".")
    return f"{word}" + (f": {judged(why)}" if why else "") + "."


def _details(result) -> list[Section | None]:
    best = result.best
    return [_evidence(result),
            Section(REASONS, "\n".join(f"- {judged(r)}" for r in best.confidence_reasons[:12]))
            if best and best.confidence_reasons else None,
            _others(result), _claim(result), _farthest(result), _ran(result), _kernel(result),
            Section("Files put back", command_changed_line(best.command_changed)) if best and best.command_changed
            else None,
            Section(PATCH, fence_untrusted(best.candidate.diff, "diff")) if best else None]


def _evidence(result) -> Section | None:
    r = result.report
    mapped = [f.text.splitlines()[0] for f in result.facts("frame")]      # the frames mapped onto the project's files
    frames = mapped or [f.function + (f" at {f.file}" + (f":{f.line}" if f.line else "") if f.file else "")
                        + (f": {f.code}" if f.code else "")
                        for f in ([f for f in r.frames if f.in_repo] or ([r.guilty] if r.guilty else []))]
    lines = [f"- {q(scrub(f), 300)}" for f in frames[:MAX_FRAMES]]
    if len(frames) > MAX_FRAMES:
        lines.append(f"- … {len(frames) - MAX_FRAMES} more of the project's frames")
    for fact in result.facts("debugger"):
        text = fact.text.splitlines()[0]
        if "***" not in text:                # pdb's own error for a name it could not evaluate: not a value
            lines.append(f"- {result.debugger} saw: {q(scrub(text), 300)}")
    blame = [f for f in result.facts("history") if "last changed by" in f.text]
    lines += [f"- {q(f.text.splitlines()[0], 300)}" for f in blame[:1]]
    code = result.facts("code")
    if code:
        lines += ["", f"Code at the crash ({q(code[0].source, 200)}):", "", fence_untrusted(code[0].text, result.language or "")]
    return Section(EVIDENCE, "\n".join(lines)) if lines else None


def close(result) -> list:
    """The candidates that came close, not chosen: validated ones, then applied ones that ran clean at least once."""
    others = [v for v in result.verdicts if v is not result.best]
    near = [v for v in others if v.validated] + [v for v in others if not v.validated and v.applied and v.clean_runs]
    return near[:MAX_CLOSE]


def _others(result) -> Section | None:
    near, rest = close(result), len(result.tried)
    lines = []
    for v in near:
        seen = behaviour(v.script_after, v.repro_after)
        how = f"validated, {v.confidence or 'not rated'}" if v.validated else f"not validated: {q(v.reason, 200)}"
        lines.append(f"- {q(v.candidate.description, 200)} ({how})" + (f"; {scrub(seen.line())}" if seen and v.validated else ""))
    if result.overfit is not None and result.overfit.disagree and len(near) and near[0].validated:
        lines.append(f"- where the validated ones disagree: {q(scrub(result.overfit.example), 400)}")
    if rest > len(near):
        lines.append(f"- {rest - len(near)} other candidate(s) did not come close (each in the run's logs).")
    return Section(OTHERS, "\n".join(lines)) if lines else None


def _claim(result) -> Section | None:
    claim = agent_root_cause(result)
    if not claim or result.best is not None:
        return None
    return Section("The research agent's explanation (crashfix did not check it)", fence_untrusted(scrub(claim)))


def best_unvalidated(result):
    """A run without a validated patch: the applied candidate that went farthest (most clean tries of
    the reproduction, then the one whose tests ran), None when none applied or one validated."""
    tried = [v for v in result.verdicts if v.applied] if result.best is None else []
    return max(tried, key=lambda v: (v.clean_runs, v.tests is not None), default=None)


def _farthest(result) -> Section | None:
    v = best_unvalidated(result)
    if v is None:
        return None
    return Section("The candidate that went farthest (not validated)",
                   f"{q(v.candidate.description, 200)}: {q(scrub(v.reason), 300)} (reproduction clean "
                   f"{v.to_dict()['reproduction_clean']} of the tries run)\n\n" + fence_untrusted(v.candidate.diff, "diff"))


def _ran(result) -> Section | None:
    rep = result.reproduction
    if rep is None or not rep.attempts:
        return None
    lines = []
    for a in rep.attempts:
        why = f"; {q(scrub(a.why), 200)}" if a.why else ""
        lines.append(f"- {q(a.how, 120)}: {command_words(result, a.command)} exited {a.exit_code}"
                     f"{' (the crash)' if a.reproduced else ''}{why}")
    return Section(RAN, "\n".join(lines))


def _kernel(result) -> Section | None:
    dropped = (result.artifacts.get("kernel") or {}).get("options_dropped") if isinstance(result.artifacts, dict) else None
    if not dropped:
        return None
    return Section("Kernel config", "Asked for but dropped by `make olddefconfig` (unmet dependencies), so the kernel "
                   "was built without them: " + ", ".join(q(o, 80) for o in dropped)
                   + ". A `--kernel-config` that sets them (syzbot's own config) may be needed.")


def _missing(result) -> str:
    rep = result.reproduction
    if result.status == "not_reproduced":
        tried = len(rep.attempts) if rep else 0
        return (f"crashfix could not make this crash happen in its sandbox ({tried} attempt(s), in the details), so "
                "nothing here is confirmed: it is what the report claims, mapped onto this repository.")
    return ("the run stopped before the crash was reproduced, so nothing here is confirmed: it is what the "
            "report claims, mapped onto this repository.")


def command_changed_line(paths) -> str:
    """The note naming files a command changed while crashfix worked (put back; not in the patch)."""
    shown = ", ".join(q(p, 200) for p in list(paths)[:10]) + (" …" if len(paths) > 10 else "")
    return (f"Not in this patch: {shown} changed while the issue's code, the tests or a command ran; crashfix "
            "put it back and did not count it as part of the fix.")
