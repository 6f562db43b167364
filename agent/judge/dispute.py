"""The judge's answer when the research agent disputes a rejection in words: the evidence the verdict
rests on, read from the verdict's typed fields (the step that rejected it, the try that still failed,
the tests it broke), never a second opinion. The verdict does not change: the answer shows what the
commands printed and which rule read it, so the model can see whether its objection holds."""
from __future__ import annotations

from agent.excerpt import failure_excerpt
from agent.judge.signature import _in_program, matches
from agent.judge.validate import Verdict
from agent.reports import parse
from agent.reports.model import CrashReport, Frame

REPORT_LINES = 12          # of the crash report the failing try printed


def answer(verdict: Verdict, report: CrashReport) -> str:
    """The judge's evidence for one rejected submit, as the tool-less reply's answer."""
    lines = ["The judge's answer: the verdict stands on this evidence (what the commands printed, read by "
             "the rule below; your words do not change it, a changed patch can).",
             f"- the reported crash: {crash_words(report)}",
             f"- the rule: {rule(report)}"]
    lines += _steps(verdict, report)
    lines.append(f"- rejected because: {verdict.reason}")
    lines.append("Your edits are still in the workspace. If the evidence shows a real problem, change the patch "
                 "and `submit` again.")
    return "\n".join(lines)


def crash_words(report: CrashReport) -> str:
    """`heap-buffer-overflow in parse_string (cJSON.c:1234)`."""
    g = report.guilty
    return report.type + (f" in {g.function}{_where(g)}" if g is not None else "")


def rule(report: CrashReport) -> str:
    if report.kind == "sanitizer":
        return ("the crash is gone when no try prints a sanitizer report of the repository's code, whatever the "
                "reproducer's exit code (its exit code is evidence, not the verdict); a report whose frames are "
                "all in the reproducer's own code or the C library does not count; a report of the same crash "
                "class in the same function (or the same line under another sanitizer's name) is the reported "
                "crash; a run killed by a signal no sanitizer reported is a crash too; then no test that passed "
                "before may fail")
    if report.kind == "kernel":
        return "every boot runs the reproducer with no crash of the same title"
    return ("the crash is gone when every try exits 0 and prints no crash; then no test that passed before "
            "may fail")


def _where(frame: Frame) -> str:
    if not frame.file:
        return ""
    name = frame.file.replace("\\", "/").rsplit("/", 1)[-1]
    return f" ({name}:{frame.line})" if frame.line else f" ({name})"


def _steps(v: Verdict, report: CrashReport) -> list[str]:
    if v.failed_at in ("gate", "apply"):
        return ["- the patch was not run."]
    if not v.failed_at:            # a verdict of another validator (a kernel's boots): its own log
        return [f"- the last check's output:\n{_indent(failure_excerpt(v.log[-1], 2000))}"] if v.log else []
    lines = []
    if v.build_seconds is not None:
        lines.append("- the rebuild with the patch: " + (
            f"failed; its errors:\n{_indent(failure_excerpt(v.log[-1], 1500))}" if v.failed_at == "build"
            else f"done ({v.build_seconds:.1f} s)"))
        if v.failed_at == "build":
            return lines
    if v.failed_at == "reproduce" and v.failed_run is not None:
        lines.append(f"- the reproduction: {v.clean_runs} clean tr{'y' if v.clean_runs == 1 else 'ies'} of "
                     f"{v.runs} run ({v.tries} asked); try {v.failed_run['try']} exited {v.failed_run['exit']}"
                     + (" (timed out)" if v.failed_run.get("timed_out") else "")
                     + f" and {seen(report, v.failed_run['output'])}")
        shown = _report_lines(v.failed_run["output"])
        if shown:
            lines.append(_indent(shown))
        return lines
    if v.runs and v.clean_runs == v.runs:
        last = v.repro_after or {}
        gone = "no sanitizer report of the repository's code" if report.kind == "sanitizer" else "no crash"
        lines.append(f"- the reported crash is gone: {v.clean_runs} of {v.runs} tries show {gone}"
                     + (f"; the reproducer itself exited {last['exit']} (evidence, not the verdict)"
                        if last.get("exit") else "")
                     + (f"; the last try {seen(report, last.get('output', ''))}" if parse(last.get("output") or "")
                        else ""))
    if v.failed_at == "tests":
        broken = f"tests that passed before and fail now: {', '.join(v.broken[:10])}" if v.broken else \
            "the test command timed out" if (v.tests or {}).get("timed_out") else "the test command failed"
        lines.append(f"- {broken}; the tests' failure part:\n{_indent(failure_excerpt(v.log[-1], 2000))}")
    elif v.failed_at in ("leaks", "script"):
        check = "the leak check" if v.failed_at == "leaks" else "the issue's own script"
        lines.append(f"- {check} printed:\n{_indent(failure_excerpt(v.log[-1], 2000))}")
    return lines


def seen(report: CrashReport, output: str) -> str:
    """What one run's output shows, judged by the rule: the reported crash, another one (where), none."""
    got = parse(output or "")
    if got is None:
        return "printed no crash report"
    what = crash_words(got)
    if matches(report, got):
        return f"printed the reported crash: {what}"
    if report.kind != "sanitizer":
        return f"printed another crash: {what}"
    if not _in_program(got):
        return f"printed {what}, in the reproducer's own code or the C library (not the repository's: not counted)"
    return f"printed {what}: not the reported crash, but a new crash in the repository's code"


def _report_lines(output: str) -> str:
    """The crash in a run's output: a sanitizer's header and top frames, else the failure part."""
    lines = (output or "").splitlines()
    start = next((i for i, ln in enumerate(lines) if "ERROR: " in ln or "runtime error:" in ln), None)
    if start is not None:
        return "\n".join(lines[start:start + REPORT_LINES])
    return failure_excerpt(output or "", 1500).strip()


def _indent(text: str) -> str:
    return "\n".join("    " + ln for ln in text.splitlines())
