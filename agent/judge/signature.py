"""Is this the reported crash? One rule per report kind, used by reproduction and validation alike.

- python (and any kind without its own rule): the same exception type (last dotted part; for a hang,
  a KeyboardInterrupt report, a stop by Ctrl-C or crashfix's watchdog or alarm; a crashfix stop
  matches no other report) and the report's guilty function somewhere on the new stack;
- sanitizer: the same crash class (the type without its access suffix) and the same guilty function;
- gdb: the same guilty function (a gdb report has no sanitizer type to compare);
- kernel: the same title, with addresses, offsets and numbers taken out (syzkaller's rule).
A report without a guilty function matches on the type (or title) alone.
"""
from __future__ import annotations

from agent.reports.families import family_for
from agent.reports import parse
from agent.reports.kernel import clean_title
from agent.reports.model import CrashReport
from agent.judge.testrun import HUNG, SCRATCH
from sandbox import ExecResult


def base_type(name: str) -> str:
    """`module.KeyError` -> `KeyError`; `heap-use-after-free` stays as it is."""
    return name.rsplit(".", 1)[-1]


def crash_class(report: CrashReport) -> str:
    """The crash type without its access suffix (UBSan's `member access within null pointer` and
    ASan's SEGV on a near-zero address both parse as null-dereference)."""
    return base_type(report.type)


def same_title(a: str, b: str) -> bool:
    return clean_title(a).strip() == clean_title(b).strip()


def is_hang(report: CrashReport) -> bool:
    """A report of a program that never returned: the user pressed Ctrl-C, or a crashfix watchdog
    stopped it. A run shows that crash when something stopped it inside the same repo function."""
    return base_type(report.type) == "KeyboardInterrupt" or HUNG in (report.message or "")


def stopped(got: CrashReport) -> bool:
    """The run was stopped while running: Ctrl-C, or crashfix's alarm (a TimeoutError with its mark)."""
    return base_type(got.type) == "KeyboardInterrupt" or HUNG in (got.message or "")


def same_kind(report: CrashReport, got: CrashReport) -> bool:
    """The same exception type; for a hang, a stop; a crashfix stop is never another reported exception."""
    if is_hang(report):
        return stopped(got)
    if report.extra.get("exception_from") == "unknown":      # a paste cut before any exception was named
        return not stopped(got)
    return base_type(got.type) == base_type(report.type) and HUNG not in (got.message or "")


def _python(want: CrashReport, got: CrashReport) -> bool:
    if not same_kind(want, got):
        return False
    return want.guilty is None or want.guilty.function in {f.function for f in got.frames}


def _place(frame) -> tuple[str, int] | None:
    if frame is None or not frame.file or not frame.line:
        return None
    return frame.file.replace("\\", "/").rsplit("/", 1)[-1], frame.line


def same_place_other_tool(want: CrashReport, got: CrashReport) -> bool:
    """The same source line and function reported by another sanitizer under its own name (UBSan's
    pointer-overflow where ASan reported the heap-buffer-overflow of the same access)."""
    tools = (want.extra or {}).get("tool"), (got.extra or {}).get("tool")
    if None in tools or tools[0] == tools[1] or want.guilty is None or got.guilty is None:
        return False
    return (got.guilty.function == want.guilty.function and _place(want.guilty) is not None
            and _place(want.guilty) == _place(got.guilty))


def _native(want: CrashReport, got: CrashReport) -> bool:
    if want.kind != "gdb" and crash_class(got) != crash_class(want):
        return same_place_other_tool(want, got)
    return want.guilty is None or bool(got.guilty and got.guilty.function == want.guilty.function)


def _kernel(want: CrashReport, got: CrashReport) -> bool:
    return same_title(got.title, want.title)


# the rules by name; which kind follows which is said by its family (agent/families.py `same_crash`)
RULES = {"python": _python, "native": _native, "title": _kernel}


def matches(want: CrashReport, got: CrashReport | None) -> bool:
    """Whether `got` (a crash seen in the sandbox) is the reported crash `want`."""
    return got is not None and RULES[family_for(want.kind).same_crash](want, got)


def same_crash(want: CrashReport, res: ExecResult) -> tuple[bool, CrashReport | None]:
    """Does this command's output show the reported crash? Also the crash it shows, if any."""
    if res.ok:
        return False, None
    got = parse(res.output)
    return matches(want, got), got


def crash_gone(want: CrashReport, res: ExecResult, *, no_exception: str = "") -> bool:
    """After a patch: the reproduction runs clean (exit 0) and prints no crash at all; when the issue
    rules out any exception (`no_exception`: its words, agent/judge/expectations.py rules_out_exceptions),
    its output shows no other exception either (one the code raised on purpose, or caught and printed).
    For a sanitizer report: no sanitizer report of the program's code any more, whatever the exit code
    (a proof-of-concept may exit non-zero by its own choice; its exit code is evidence, shown with the
    run, not the verdict); a report whose frames are all in the reproducer's own code or the C library
    (its `main` passing the NULL the fixed parser now returns to printf) is not the program's."""
    if want.kind == "sanitizer" and not res.timed_out:
        if res.exit_code < 0 or 128 < res.exit_code < 160:
            return False          # killed by a signal the sanitizer did not report (a build without ASan)
        got = parse(res.output)
        return got is None or (not matches(want, got) and not _in_program(got))
    if not res.ok or same_crash(want, res)[0]:
        return False
    return not (no_exception and other_exception(want, res))


def other_exception(want: CrashReport, res: ExecResult) -> CrashReport | None:
    """The exception a run's output shows (a traceback; for a Python report only), or None."""
    if want.kind not in ("python", "") or "Traceback (most recent call last)" not in (res.output or ""):
        return None
    return parse(res.output)


def _in_program(got: CrashReport) -> bool:
    """A crash in the repository's code (a frame in a file outside the scratch folder, where the
    issue's program is compiled), or one that shows no source at all (nothing says it is not)."""
    files = [f.file for f in got.frames if f.file]
    if not files and (got.extra or {}).get("location"):        # UBSan without a stack: its own line
        files = [got.extra["location"]]
    own = [f for f in files if not f.startswith(SCRATCH) and not _libc(f)]
    return bool(own) or not files


def _libc(path: str) -> bool:
    return path.startswith(("/usr/", "/lib/", "../sysdeps/", "../libio/", "./stdio-common/"))
