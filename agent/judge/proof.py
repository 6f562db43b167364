"""The PR's proof, from what the run really recorded: the same command on the base commit and with the
patch, the regression test's run before and after, the root cause in words (what value, from where,
why it breaks), what the code does now and how the other validated candidates differ. Every section
is left out when its data is missing; every value from the run (issue-controlled) is an inert code span.
`result` is an agent.run.Result (not imported: agent.run imports the paths that import this module)."""
from __future__ import annotations

import re

from agent.markdown_safe import quote_untrusted as q

EXCEPTION_LINE = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Warning|Exit|Interrupt|Iteration|Fault))(?::\s?(.*))?$")
RAISED_LINE = re.compile(r"^[A-Za-z_][\w.]*(?::\s.*|:)?$")
PYTEST_SUMMARY = re.compile(r"^=*\s*(\d+ (?:passed|failed|error|errors|skipped|xfailed|xpassed)\b.*?)\s*=*$")
PYTEST_FAILED = re.compile(r"^(?:FAILED|ERROR) \S+")
FRAME_FACT = re.compile(r"^(\S+) at (\S+?):(\d+): (.*)$")


def outcome(output: str, exit_code: int) -> list[str]:
    """What a run showed, in its own lines: pytest's FAILED/ERROR lines and summary; else the exception
    line of a failing script; else the last lines it printed (none: [])."""
    lines = [ln.rstrip() for ln in (output or "").splitlines() if ln.strip()]
    summary = [m.group(1) for ln in lines if (m := PYTEST_SUMMARY.match(ln.strip()))]
    if summary:
        return [ln for ln in lines if PYTEST_FAILED.match(ln)][:2] + summary[-1:]
    if exit_code != 0:
        raised = [ln.strip() for ln in lines if EXCEPTION_LINE.match(ln.strip())]
        if "Traceback (most recent call last):" in output:      # the traceback's own last line: any class name
            tail = lines[max(i for i, ln in enumerate(lines) if "Traceback (most recent call last):" in ln) + 1:]
            raised += [ln for ln in tail if not ln[:1].isspace() and RAISED_LINE.match(ln)]
        if raised:
            return raised[-1:]
    return lines[-3:]


def _said(lines: list[str]) -> str:
    return ", ".join(q(ln, 300) for ln in lines) if lines else "no output"


def base_runs(result):
    """(the issue's script attempt, the reproduction command's attempt) as they ran on the base commit:
    the script is the run the regression test was made from (None when there is no regression test)."""
    rep = result.reproduction
    if rep is None or not rep.reproduced or not rep.command:
        return None, None
    at = next((i for i, a in enumerate(rep.attempts) if a.reproduced and a.command == rep.command), None)
    if at is None:
        return None, None
    script = None
    if rep.regression_test is not None and at > 0:
        prev = rep.attempts[at - 1]
        if prev.reproduced and prev.command != rep.command:
            script = prev
    return script, rep.attempts[at]


def script_command(rep) -> str | None:
    """The issue's own script command, when the regression test took its place as the reproduction command."""
    if rep is None or rep.regression_test is None:
        return None
    at = next((i for i, a in enumerate(rep.attempts) if a.reproduced and a.command == rep.command), None)
    if not at:
        return None
    prev = rep.attempts[at - 1]
    return prev.command if prev.reproduced and prev.command != rep.command else None


def before_after(result) -> list[str]:
    """The same command on the base commit (the crash) and with the patch (its result); [] without both runs."""
    best = result.best
    script, command = base_runs(result)
    if best is None:
        return []
    if script is not None and best.script_after:
        base, after = script, best.script_after
    elif command is not None and result.reproduction.regression_test is None and best.repro_after:
        base, after = command, best.repro_after
    else:
        return []
    return ["### Before and after, on the base commit", "",
            f"The same command, {q(base.command, 300)}, run by crashfix in its sandbox:", "",
            f"- on the base commit: exit {base.exit_code}, {_said(outcome(base.output_tail, base.exit_code))}",
            f"- with the patch: exit {after['exit']}, {_said(outcome(after['output'], after['exit']))}"]


def regression_runs(result) -> list[str]:
    """The regression test's run on the base commit and with the patch, with their outcome lines."""
    best, rep = result.best, result.reproduction
    _, command = base_runs(result)
    if best is None or command is None or rep.regression_test is None or not best.repro_after:
        return []
    before, after = command, best.repro_after
    lines = ["### The regression test, before and after", "",
             f"{q(command.command, 300)} (the new test, as crashfix ran it):", "",
             f"- on the base commit: {'fails' if before.exit_code else 'passes'} (exit {before.exit_code}): "
             f"{_said(outcome(before.output_tail, before.exit_code))}",
             f"- with the patch: {'fails' if after['exit'] else 'passes'} (exit {after['exit']}): "
             f"{_said(outcome(after['output'], after['exit']))}"]
    test = rep.regression_test
    if test.expect_test and best.expected is not None:
        what = test.expectation.words() if test.expectation else "what the issue expects"
        lines.append(f"- its assertion of what the issue expects (the call should {q(what, 200)}), with the patch: "
                     + ("passes" if best.expected else f"fails: {q(best.expected_said, 300)}"))
    return lines


def root_cause_prose(result) -> str:
    """What value, from where, why it breaks: the debugger's values at the crashing line, where those
    names came from (the code), and the exception the line raised; "" without a probe at the crash."""
    probe, rep = result.probe, result.reproduction
    if probe is None or probe.error or not probe.values or rep is None or not rep.reproduced:
        return ""
    frames = result.facts("frame")
    m = FRAME_FACT.match(frames[0].text.splitlines()[0]) if frames else None
    where = (f"At {q(f'{m.group(2)}:{m.group(3)}', 200)} in {q(m.group(1) + '()', 120)}, {q(m.group(4), 200)}, "
             if m else "At the crashing line, ")
    origins = {o.name: o for o in getattr(probe, "origins", [])}
    said = []
    # a value the debugger could not evaluate (`*** AttributeError: ...`) is the crash itself, said below
    shown = [(n, v) for n, v in probe.values.items() if not str(v).startswith("***")]
    for name, value in shown[:3]:
        text = f"{q(name, 80)} is {q(value, 200)}"
        o = origins.get(name)
        if o is not None and o.how == "assigned":
            text += f" (last assigned at line {o.line}: {q(o.code, 200)})"
        elif o is not None and o.how == "parameter":
            caller = getattr(probe, "caller", "")
            text += " (a parameter" + (f", passed by {q(caller, 200)})" if caller else ")")
        said.append(text)
    crash = rep.observed or result.report
    raised = f"{crash.type}: {crash.message}" if crash.message else crash.type
    if not said:
        return ""
    return (where + "; ".join(said) + f" (seen under {result.debugger} at the crash); so the line raises "
            f"{q(raised, 300)}.")


def _standing(result, verdict):
    guard = result.overfit
    if guard is None or guard.skipped:
        return None
    return next((s for s in guard.standings if s.description == verdict.candidate.description), None)


def _behaviour(result, verdict) -> list[str]:
    """What one validated candidate does: on the issue's input, against the issue's expectation, and on
    the inputs generated around the failing call (each only when the run has it)."""
    out = []
    if verdict.script_after:
        s = verdict.script_after
        out.append(f"on the issue's input it gives exit {s['exit']}, {_said(outcome(s['output'], s['exit']))}")
    test = result.reproduction.regression_test if result.reproduction else None
    if test is not None and test.expect_test and verdict.expected is not None:
        what = test.expectation.words() if test.expectation else "what the issue expects"
        out.append(f"the issue expects the call to {q(what, 200)}: "
                   + ("it does" if verdict.expected else f"it does not ({q(verdict.expected_said, 300)})"))
    st, guard = _standing(result, verdict), result.overfit
    if st is not None:
        fn = q(guard.function or "the function", 120)
        if st.crashes:
            out.append(f"on {st.crashes} of {guard.inputs} inputs generated around {fn} it still raises "
                       f"(e.g. {q(st.example, 200)})")
        if st.changed:
            out.append(f"on {st.changed} of {guard.inputs} inputs where the unpatched {fn} returned, it answers "
                       f"differently" + ("" if st.crashes else f" (e.g. {q(st.example, 200)})"))
        elif not st.crashes:
            out.append(f"on the {guard.inputs} inputs generated around {fn}, wherever the unpatched code returned, "
                       "it returns the same")
    return out


def what_changes(result) -> list[str]:
    """What the code does now, for which inputs it behaves differently; the other validated candidates
    and how they differ, by behaviour. [] when the run recorded none of it."""
    best = result.best
    if best is None:
        return []
    lines = []
    mine = _behaviour(result, best)
    if mine:
        lines += ["### What the code does now", "", f"With this patch, {'; '.join(mine)}."]
    guard = result.overfit
    if guard is not None and guard.skipped:
        lines += ["", f"It was not compared with the unpatched code on other inputs: {q(guard.skipped, 300)}."]
    others = [v for v in result.verdicts if v.validated and v is not best]
    if others:
        lines += ["", f"{len(others)} other candidate(s) also passed validation; how they behave:"]
        for v in others[:5]:
            how = _behaviour(result, v)
            lines.append(f"- {q(v.candidate.description, 200)} ({v.confidence or 'not rated'}): "
                         + ("; ".join(how) if how else "crashfix recorded nothing of its behaviour beyond validation"))
        if guard is not None and guard.disagree:
            lines.append(f"- where they disagree: {q(guard.example, 400)}")
    return lines
