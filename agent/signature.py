"""Is this the reported crash? One rule per report kind, used by reproduction and validation alike.

- python (and any kind without its own rule): the same exception type (last dotted part) and the
  report's guilty function somewhere on the new stack;
- sanitizer: the same crash class (the type without its access suffix) and the same guilty function;
- gdb: the same guilty function (a gdb report has no sanitizer type to compare);
- kernel: the same title, with addresses, offsets and numbers taken out (syzkaller's rule).
A report without a guilty function matches on the type (or title) alone.
"""
from __future__ import annotations

from agent.reports import parse
from agent.reports.kernel import clean_title
from agent.reports.model import CrashReport
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


def _python(want: CrashReport, got: CrashReport) -> bool:
    if base_type(got.type) != base_type(want.type):
        return False
    return want.guilty is None or want.guilty.function in {f.function for f in got.frames}


def _native(want: CrashReport, got: CrashReport) -> bool:
    if want.kind != "gdb" and crash_class(got) != crash_class(want):
        return False
    return want.guilty is None or bool(got.guilty and got.guilty.function == want.guilty.function)


def _kernel(want: CrashReport, got: CrashReport) -> bool:
    return same_title(got.title, want.title)


RULES = {"python": _python, "sanitizer": _native, "gdb": _native, "kernel": _kernel}


def matches(want: CrashReport, got: CrashReport | None) -> bool:
    """Whether `got` (a crash seen in the sandbox) is the reported crash `want`."""
    return got is not None and RULES.get(want.kind, _python)(want, got)


def same_crash(want: CrashReport, res: ExecResult) -> tuple[bool, CrashReport | None]:
    """Does this command's output show the reported crash? Also the crash it shows, if any."""
    if res.ok:
        return False, None
    got = parse(res.output)
    return matches(want, got), got


def crash_gone(want: CrashReport, res: ExecResult) -> bool:
    """After a patch: the reproduction runs clean (exit 0) and prints no crash at all."""
    return res.ok and not same_crash(want, res)[0]
