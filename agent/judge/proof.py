"""The PR's proof, read from what the run really recorded: a run's outcome lines, the issue's script and
the reproduction command as they ran on the base commit, and the root cause in words (what value, from
where, why it breaks). agent/compose/compose.py writes them into the Findings; every value from the run
(issue-controlled) is an inert code span.
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
    raised = f"{crash.type}: {crash.message}" if crash.message and crash.message != crash.type else crash.type
    if not said:
        return ""
    seen = f" (seen under {result.debugger} at the crash)"
    if crash.kind == "sanitizer":      # C: the sanitizer reports the line; an uninitialised value has no value
        unset = ("; a value never set shows whatever bytes its memory held"
                 if "uninitialized" in (crash.type or "") else "")
        return where + "; ".join(said) + f"{seen}{unset}; so the sanitizer reports {q(raised, 300)} at that line."
    return where + "; ".join(said) + f"{seen}; so the line raises {q(raised, 300)}."
