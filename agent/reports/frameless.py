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
from agent.reports.model import CrashReport, Frame

_MAX_LINES = 2000
_LINE = re.compile(
    r"^[\s>*_`\"']*"
    r"(?:Caused by: |Exception in thread \"[^\"]*\" |FATAL EXCEPTION: ?\S* |Fatal Exception: |(?:Crash: )?Error: )?"
    r"((?:[A-Za-z_][\w$]*\.)*[A-Z][\w$]*(?:Error|Exception|Exit|Interrupt))"
    r"(?:(?::|：)[ \t]*(.*))?$")
# a native crash the shell or the program announced, no frame: `Segmentation fault (core dumped)` ending
# a line (after the program's own output), `A signal 11 (Segmentation fault) was received.`
_SEGV = re.compile(r"(?:^|[\s:>$])Segmentation fault(?: \(core dumped\))?\.?\s*`*$|signal 11 \(Segmentation fault\)")
# a sanitizer report cut to its last line: `SUMMARY: AddressSanitizer: heap-use-after-free src/t.c:735 in f`
_SUMMARY = re.compile(r"SUMMARY: (?:Address|Memory|Thread|Leak|UndefinedBehavior)Sanitizer: ([\w-]+) "
                      r"(\S+?):(\d+)(?::\d+)? in ([\w:~<>$.]+)\s*$")
# the same line quoted inside a sentence: `I get the error 'AttributeError: ...'`, ```` ```RuntimeError: ...``` ````,
# `**KeyError: 'x'**`: right after the quote mark, with its message
_QUOTED = re.compile(r"(?:`|\*\*|\"|'|‘)((?:[A-Za-z_][\w$]*\.)*[A-Z][\w$]*(?:Error|Exception))(?::|：)[ \t]*(\S.*)$")
_JVM_ROOTS = ("java", "javax", "kotlin", "kotlinx", "android", "androidx", "dalvik", "scala", "com", "org", "net",
              "io")
_NOT_EXCEPTIONS = ("Error", "Exception", "BaseException")      # the words themselves: a heading, not a crash


def parse_frameless(text: str) -> CrashReport | None:
    lines = text.split("\n", _MAX_LINES)[:_MAX_LINES]
    return _summary_line(lines) or _exception_line(lines) or _segfault_line(lines)


def _summary_line(lines: list[str]) -> CrashReport | None:
    for line in lines:
        if "SUMMARY: " not in line or len(line) > 4000:
            continue
        m = _SUMMARY.search(line.rstrip())
        if m is None:
            continue
        typ, file, func = m.group(1), m.group(2), re.sub(r"\.(?:constprop|part|isra|cold)(?:\.\d+)*$", "", m.group(4))
        frame = Frame(function=func, file=file, line=int(m.group(3)))
        base = file.replace("\\", "/").rsplit("/", 1)[-1]
        return CrashReport(kind="sanitizer", type=typ, title=f"{typ} in {func}", message=line.strip()[:500],
                           frames=[frame], guilty=frame, signature=f"sanitizer:{typ}:{func}:{base}",
                           extra={"frameless": True})
    return None


def _segfault_line(lines: list[str]) -> CrashReport | None:
    for line in lines:
        if "egmentation fault" in line and len(line) <= 4000 and _SEGV.search(line.rstrip()):
            return CrashReport(kind="gdb", type="SIGSEGV", title="SIGSEGV: Segmentation fault",
                               message=line.strip()[:500], signature="", extra={"frameless": True})
    return None


def _exception_line(lines: list[str]) -> CrashReport | None:
    for line in lines:
        if len(line) > 4000:
            continue
        quoted = None
        m = _LINE.match(line.rstrip())
        if m is None:
            m = quoted = _QUOTED.search(line.rstrip())
        if m is None or m.group(1) in _NOT_EXCEPTIONS or m.group(1).startswith(BUILD_TOOL):
            continue
        message = m.group(2) or ""
        if quoted is not None:          # the message ends where its quote closes
            opener = line[quoted.start():quoted.start(1)]
            close = "`" if opener == "`" else "**" if opener == "**" else "’" if opener == "‘" else opener
            if close in ("`", "**"):
                message = message.split(close, 1)[0]
            elif (k := message.rfind(close)) != -1:
                message = message[:k]
        name, message = m.group(1), message.strip().rstrip("`*").strip()
        quote = line.lstrip(" \t>*_`")[:1]
        if quote in "\"'" and quote and message.endswith(quote) and message.count(quote) % 2:
            message = message[:-1].rstrip()         # the quote the line was wrapped in
        root = name.split(".", 1)[0]
        jvm = "." in name and root in _JVM_ROOTS
        if not jvm and not message:
            continue                    # a bare Python name is a word in a sentence, not a crash line
        short = name.rsplit(".", 1)[-1]
        return CrashReport(kind="jvm" if jvm else "python", type=name, title=f"{short}: {message}"[:200].rstrip(": "),
                           message=message[:500], signature="", extra={"frameless": True})
    return None
