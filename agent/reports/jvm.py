"""JVM stack traces (Java, Kotlin, Scala, Android logcat) as users paste them.

    Exception in thread "main" java.lang.IllegalStateException: bad state
        at com.acme.lib.Parser.parse(Parser.java:42)
        at Main.main(Main.java:5)
    Caused by: java.io.IOException: boom
        at com.acme.lib.Io.read(Io.java:9)
        ... 3 more

The crash is the root of the chain (the last `Caused by:`), its frames completed by the enclosing
trace's (`... N more` are the enclosing trace's last N frames); the wrapper is kept in `extra`. The
guilty frame is the innermost frame outside the JDK, the language runtimes and the frameworks' own
plumbing. Every line is matched on its own (no pattern spans lines): linear in the text.
"""
from __future__ import annotations

import re

from agent.reports.model import CrashReport, Frame

# `Exception in thread "main" pkg.FooException: msg`, a bare `pkg.FooError: msg` line, `Caused by: ...`;
# Android's `E/AndroidRuntime(123): ` or `E AndroidRuntime: ` prefix is taken off first.
_LOGCAT = re.compile(r"^(?:\S+\s+\S+\s+\d+\s+\d+\s+|\S+\s+\S+:\s+)?[EFWID][/ ]\s*AndroidRuntime\s*(?:\(\s*\d+\))?:\s?")
_HEAD = re.compile(r"^(?:Exception in thread \"[^\"]*\" |Caused by: |Suppressed: )?"
                   r"((?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error|Throwable|Failure|Panic|Fault)[\w$]*)"
                   r"(?::\s?(.*))?$")
_FRAME = re.compile(r"^at ([\w$.<>/-]+)\.([\w$<>-]+) ?\(([^()]*)\)")     # `at a.B.m (B.java:4)`: Play Console
# an exception's name anywhere (the title): for frames pasted without their header line
_NAME = re.compile(r"(?<![\w$.])((?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error))(?![\w$])")
# a build tool's own failure (a compile error Maven or Gradle reports with its stack): not a crash
BUILD_TOOL = ("org.apache.maven.", "org.gradle.", "org.codehaus.plexus.")
_MORE = re.compile(r"^\.\.\. (\d+) (?:more|common frames omitted)")
_RUNTIME = ("java.", "javax.", "jdk.", "sun.", "com.sun.", "kotlin.", "kotlinx.coroutines.", "scala.",
            "android.", "androidx.", "com.android.", "dalvik.", "libcore.", "org.junit.", "junit.",
            "org.gradle.", "org.apache.maven.", "worker.org.gradle.", "org.springframework.", "akka.",
            "io.netty.", "reactor.", "org.eclipse.jetty.", "org.apache.catalina.", "org.apache.tomcat.")


def looks_like_jvm(text: str) -> bool:
    return "\tat " in text or "  at " in text or "\n at " in text or "\nat " in text or "AndroidRuntime" in text


def _clean(line: str) -> str:
    s = line.strip()
    m = _LOGCAT.match(s)
    return s[m.end():].strip() if m else s


def _frame(m: re.Match) -> Frame:
    cls, method, where = m.group(1), m.group(2), m.group(3)
    file, _, line = where.partition(":")
    return Frame(function=f"{cls}.{method}", file=file or None, line=int(line) if line.isdigit() else None,
                 module=cls.rsplit(".", 1)[0] if "." in cls else None)


def is_runtime(frame: Frame) -> bool:
    return frame.function.startswith(_RUNTIME) or frame.file in ("Native Method", "Unknown Source")


def _blocks(lines: list[str]) -> list[tuple[str, str, list[Frame], int]]:
    """Each exception of the first trace: (type, message, its own frames innermost first, `... N more`)."""
    out: list[tuple[str, str, list[Frame], int]] = []
    for raw in lines:
        s = _clean(raw)
        if not s:
            continue
        fm = _FRAME.match(s)
        if fm and out:
            out[-1][2].append(_frame(fm))
            continue
        if fm:                          # frames pasted without their exception's line: named later
            out.append(("", "", [_frame(fm)], 0))
            continue
        mm = _MORE.match(s)
        if mm and out:
            t, msg, fr, _ = out[-1]
            out[-1] = (t, msg, fr, int(mm.group(1)))
            continue
        hm = _HEAD.match(s)
        if hm and (not out or s.startswith(("Caused by:", "Suppressed:"))):
            if s.startswith("Suppressed:"):
                continue
            out.append((hm.group(1), (hm.group(2) or "").strip(), [], 0))
        elif out and out[-1][2]:
            break                       # the trace ended (a line that is neither frame nor cause)
    return out


def parse_jvm(text: str) -> CrashReport | None:
    if not looks_like_jvm(text):
        return None
    blocks = [b for b in _blocks(text.split("\n")) if b[2] or b[3]]
    if not blocks:
        return None
    if not blocks[0][0]:
        named = _NAME.search(text)
        if named is None:
            return None                 # frames alone, no exception named anywhere: not a report
        blocks[0] = (named.group(1), "", blocks[0][2], blocks[0][3])
    if any(b[0].startswith(BUILD_TOOL) for b in blocks):
        return None
    typ, message, own, more = blocks[-1]
    frames = list(own)
    if more and len(blocks) > 1:
        frames += blocks[0][2][-more:]          # the enclosing trace's last frames, which it elided
    if not frames:
        return None
    # the program's own innermost frame; none when every frame is the JDK's or a framework's (the
    # crash is still told apart by its top frame)
    guilty = next((f for f in frames if not is_runtime(f)), None)
    where = guilty or frames[0]
    short = typ.rsplit(".", 1)[-1]
    extra: dict = {}
    if len(blocks) > 1:
        extra["wrapper"] = {"type": blocks[0][0], "message": blocks[0][1]}
    return CrashReport(kind="jvm", type=typ, title=f"{short} in {where.function}", message=message,
                       frames=frames, guilty=guilty, signature=f"jvm:{short}:{where.function}", extra=extra)
