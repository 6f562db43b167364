"""An exception's line pasted without any frame: `KeyError: 'streamingData'`, `RuntimeError: CUDA out
of memory. ...`, `java.lang.IllegalStateException` under an App Center heading, `FATAL EXCEPTION: main
java.lang.RuntimeException: ...` in a title. Read only when no parser found a report.

The line must *be* the exception's line (at its start, after quote marks or markdown emphasis at
most), not a sentence that mentions an exception (`what is a KeyError?`, `raises KeyError when`). A
Python name needs its `: message`; a JVM name may stand alone (crash dashboards print the class).
Such a report has no frame and no place: it stands alone (signature ""), never grouped with another
project's `AttributeError: module 'numpy' has no attribute 'float'`. One pass over the lines, each
matched on its own: linear in the text.
"""
from __future__ import annotations

import re

from agent.reports.jvm import BUILD_TOOL
from agent.reports.model import CrashReport

_MAX_LINES = 2000
_LINE = re.compile(
    r"^[\s>*_`\"']*"
    r"(?:Caused by: |Exception in thread \"[^\"]*\" |FATAL EXCEPTION: ?\S* |Fatal Exception: |(?:Crash: )?Error: )?"
    r"((?:[A-Za-z_][\w$]*\.)*[A-Z][\w$]*(?:Error|Exception|Exit|Interrupt))"
    r"(?:(?::|：)[ \t]*(.*))?$")
_JVM_ROOTS = ("java", "javax", "kotlin", "kotlinx", "android", "androidx", "dalvik", "scala", "com", "org", "net",
              "io")
_NOT_EXCEPTIONS = ("Error", "Exception", "BaseException")      # the words themselves: a heading, not a crash


def parse_frameless(text: str) -> CrashReport | None:
    for line in text.split("\n", _MAX_LINES)[:_MAX_LINES]:
        if len(line) > 4000:
            continue
        m = _LINE.match(line.rstrip())
        if m is None or m.group(1) in _NOT_EXCEPTIONS or m.group(1).startswith(BUILD_TOOL):
            continue
        name, message = m.group(1), (m.group(2) or "").strip().rstrip("`*\"'").strip()
        root = name.split(".", 1)[0]
        jvm = "." in name and root in _JVM_ROOTS
        if not jvm and not message:
            continue                    # a bare Python name is a word in a sentence, not a crash line
        short = name.rsplit(".", 1)[-1]
        return CrashReport(kind="jvm" if jvm else "python", type=name, title=f"{short}: {message}"[:200].rstrip(": "),
                           message=message[:500], signature="", extra={"frameless": True})
    return None
