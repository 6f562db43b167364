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
from agent.reports.normalise import norm_message

_MAX_LINES = 2000
_LINE = re.compile(
    r"^[\s>*_`\"']*"
    r"(?:Caused by: |Exception in thread \"[^\"]*\" |FATAL EXCEPTION: ?\S* |Fatal Exception: |(?:Crash: )?Error: |"
    # a few words and a colon before it: `运行报错：AttributeError: ...`, `Error when saving: KeyError: 'x'`
    r"[^:：\n]{1,40}(?::|：)[ \t]*)?"
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
_QUOTED = re.compile(r"(?:`|\*\*|\"|'|‘)[ \t]?((?:[A-Za-z_][\w$]*\.)*[A-Z][\w$]*(?:Error|Exception))(?::|：)[ \t]*(\S.*)$")
_JVM_ROOTS = ("java", "javax", "kotlin", "kotlinx", "android", "androidx", "dalvik", "scala", "com", "org", "net",
              "io")
_NOT_EXCEPTIONS = ("Error", "Exception", "BaseException")      # the words themselves: a heading, not a crash


# a JVM exception's fully qualified name inside a line: a crash dashboard's `**java.lang.RuntimeException**
# in **StartActivity**`, a log's `ERROR [Login] [login] java.lang.IndexOutOfBoundsException: Index 0 ...`,
# a title `java.lang.NullPointerException I Ticking entity`, `异常上报：kotlin.Uninitialized...Exception: ...`;
# the languages' own packages only, whose dotted names no sentence uses
_JVM_IN_LINE = re.compile(r"(?<![\w$./])((?:java|javax|kotlin|kotlinx|android|androidx|dalvik|scala)\."
                          r"(?:[a-z_][\w$]*\.)*[A-Z][\w$]*(?:Exception|Error))(?![\w$])(?:[*`]*(?::|：)[ \t]*(\S.*))?")
# a kernel oops's own first line, alone (a title, a `dmesg` line quoted in prose): the printk's words
_KERNEL_LINE = re.compile(r"(?:BUG: )?(unable to handle (?:page fault|kernel NULL pointer dereference|kernel paging "
                          r"request)|kernel NULL pointer dereference|soft lockup|scheduling while atomic)\b")
# an issue's title that starts with such a line's own words without its `BUG: ` (`kernel NULL pointer
# dereference in m_bpf hook`): the printk's words, whose phrasing no question or request uses
_KERNEL_TITLE = re.compile(r"^[\s>*_`\"']*(?:\[[^\]\n]{1,30}\]\s*)?(kernel NULL pointer dereference|unable to handle "
                           r"(?:page fault|kernel paging request|kernel NULL pointer dereference))\b")
_KERNEL_HEAD = re.compile(r"BUG: (?:unable to handle|kernel NULL|soft lockup|scheduling while)|"
                          r"Unable to handle kernel (?:NULL|paging)")
# a sanitizer's report line without its `==PID==ERROR:` (a title, a log that prefixes every line, a
# summary whose place is a module offset): `AddressSanitizer: heap-use-after-free`
_SAN_LINE = re.compile(r"(?<![\w])(?:Address|Memory|Thread|UndefinedBehavior|Leak|HWAddress)Sanitizer:? "
                       r"(SEGV|[a-z]+(?:-[a-z]+)+)\b")
# a title naming an ASan kind and the sanitizer in words: `heap-use-after-free detected by AddressSanitizer`
_SAN_WORDS = re.compile(r"\b(heap-use-after-free|heap-buffer-overflow|stack-buffer-overflow|global-buffer-overflow|"
                        r"stack-use-after-return|stack-use-after-scope|use-after-poison|double-free)\b.*"
                        r"\b(?:AddressSanitizer|ASan|ASAN)\b")
_SAN_IN = re.compile(r" in ([A-Za-z_][\w:~$]*)\s*$")
# a Go runtime's panic or fatal error alone, its prefix kept (`Panic: assignment to entry in nil map`, a
# title `Fatal error: concurrent map writes`): Go's own messages only
_GO_LINE = re.compile(r"^[\s>*_`\"']*(?:\[[^\]\n]{1,30}\]\s*)?((?i:panic|fatal error|runtime error)):\s*"
                      r"(?:runtime error: )?(assignment to entry in nil map|invalid memory address\b.*|"
                      r"index out of range\b.*|slice bounds out of range\b.*|integer divide by zero|"
                      r"concurrent map (?:writes|read and map write|iteration and map write)|"
                      r"all goroutines are asleep - deadlock!)")
_GO_KINDS = (("invalid memory address", "invalid memory address"), ("index out of range", "index out of range"),
             ("slice bounds out of range", "slice bounds out of range"),
             ("integer divide by zero", "integer divide by zero"))


# CPython's own messages, pasted without the exception's name (a title `'NoneType' object is not
# subscriptable`, `cannot import name fixup`): the line starts with the message, after tags and quotes
_PY_MESSAGES = (
    (re.compile(r"'\w+' object is not (?:subscriptable|callable|iterable)\b"), "TypeError"),
    (re.compile(r"'\w+' object has no attribute '?\w+"), "AttributeError"),
    (re.compile(r"module '[\w.]+' has no attribute '?\w+"), "AttributeError"),
    (re.compile(r"cannot import name '?\w+"), "ImportError"),
    (re.compile(r"No module named '?[\w.]+"), "ModuleNotFoundError"),
)
_PY_WORDS = ("object is not", "has no attribute", "cannot import name", "No module named")
_JVM_LANGS = ("java", "javax", "kotlin", "kotlinx", "android", "androidx", "dalvik", "scala")
# (python's logging default `ERROR:name:` and an `Exception: ` the program printed before it, skipped too)
_PY_LEAD = re.compile(r"^[\s>*_`\"]*(?:\[[^\]\n]{1,20}\]\s*)*`?(?:(?:CRITICAL|ERROR|WARNING):[\w.]+:)?"
                      r"(?:[A-Za-z]*(?:Exception|Error): )?")


def parse_frameless(text: str) -> CrashReport | None:
    lines = text.split("\n", _MAX_LINES)[:_MAX_LINES]
    found = _summary_line(lines) or _exception_line(lines) or _segfault_line(lines)
    if found is not None:
        return found
    # the rules below read a line only where the lines hold their words at all (one `in` each)
    head = "\n".join(lines)
    if ("Exception" in head or "Error" in head) and any(r + "." in head for r in _JVM_LANGS):
        found = _jvm_in_line(lines)
    if found is None and ("anitizer" in head or "ASan" in head or "ASAN" in head):
        found = _sanitizer_line(lines)
    if found is None and ("BUG: " in head or "Unable to handle kernel" in head):
        found = _kernel_line(lines)
    if found is None and lines and len(lines[0]) <= 400 and (m := _KERNEL_TITLE.match(lines[0])):
        kind = "BUG: " + m.group(1)
        found = CrashReport(kind="kernel", type=kind, title=kind, message=lines[0].strip(), signature="",
                            extra={"frameless": True})
    if found is None and ("anic" in head or "ANIC" in head or "atal error" in head or "untime error" in head):
        found = _go_line(lines)
    if found is None and any(w in head for w in _PY_WORDS):
        found = _python_message(lines)
    if found is None:
        found = _later_rules(lines, head)
    return found or _jvm_title(lines)


def _later_rules(lines: list[str], head: str) -> CrashReport | None:
    """Rust's unwrap words, a kernel oops's task line, a JVM program's crash report, a Rust backtrace: each
    read only where the lines hold its words at all (one `in` each)."""
    found = None
    if "::unwrap" in head or "::expect" in head:
        found = _rust_unwrap(lines)
    if found is None and " Comm: " in head:
        found = _kernel_body(lines)
    if found is None and "Crash Report ----" in head:
        found = _jvm_crash_report(lines)
    if found is None and ".rs:" in head and ("panic" in head or "Panic" in head):
        found = _rust_backtrace(lines)
    return found


# a Rust backtrace's frame (`  12: 0x55b5b74ce13c - mylib::run::h1b9289a0d1c2e3f4`, `   6: mylib::run`), pasted
# without its `panicked at` line, in an issue that says it panicked
_RUST_BT_FRAME = re.compile(r"^\s*(?:>\s*)?[0-9]{1,4}:\s+(?:0x[0-9a-f]+ - )?[<\w]")


def _rust_backtrace(lines: list[str]) -> CrashReport | None:
    from agent.reports.panics import rust_frames, rust_guilty

    for i, line in enumerate(lines):
        if len(line) > 4000 or "::" not in line or not _RUST_BT_FRAME.match(line):
            continue
        frames = rust_frames(lines, i)
        if not any((f.file or "").endswith(".rs") for f in frames):
            return None             # a numbered list, not a backtrace with its `at file.rs:N` places
        guilty = rust_guilty(frames)
        return CrashReport(kind="rust", type="panic", title=f"Panic in {guilty.function}" if guilty else
                           "Panic (its message not pasted)", message="", frames=frames, guilty=guilty, signature="",
                           extra={"frameless": True})
    return None


# Rust's own words for an unwrap that failed, pasted or retold without `panicked at` (`called "Option::unwrap"
# on a None Value`, `called `Result::unwrap()` on an `Err` value: ...`), with the place when the line names it
_RUST_UNWRAP = re.compile(r"called [`\"']?(Option|Result)::(unwrap|expect)(?:\(\))?[`\"']? on an? [`\"']?(None|Err)[`\"']? "
                          r"(?i:value)")
_RUST_PLACE = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w.-]+\.rs):(\d+)(?::\d+)?")


def _rust_unwrap(lines: list[str]) -> CrashReport | None:
    for line in lines:
        if len(line) > 4000 or "::" not in line:
            continue
        m = _RUST_UNWRAP.search(line)
        if m is None:
            continue
        said = f"called `{m.group(1)}::{m.group(2)}()` on a{'n' if m.group(3) == 'Err' else ''} `{m.group(3)}` value"
        pm = _RUST_PLACE.search(line)
        frame = Frame(function="", file=pm.group(1), line=int(pm.group(2))) if pm else None
        base = pm.group(1).rsplit("/", 1)[-1] if pm else ""
        # with its place, the signature of a panic whose first line names it (sanitizer.py's `_panic`)
        return CrashReport(kind="rust", type="panic", title=f"Panic: {said}" + (f" in {base}" if base else ""),
                           message=said, frames=[frame] if frame else [], guilty=frame,
                           signature=f"rust:panic:{base}:{norm_message(said)}" if base else "",
                           extra={"frameless": True})
    return None


# the line every kernel oops prints about the task (`CPU: 0 PID: 2708 Comm: bash Not tainted 6.1.0 #1`), its
# head line (`BUG: ...`) not pasted; the kind, where the title or prose names it in words
_KERNEL_TASK = re.compile(r"(?<![\w])CPU: [0-9]+ (?:UID: [0-9]+ )?PID: [0-9]+ Comm: \S{1,64}(?: \S{1,64})?? "
                          r"(?:Not tainted|Tainted: )")
_KERNEL_WORDS = (("soft lockup", "BUG: soft lockup"), ("null pointer dereference", "BUG: kernel NULL pointer dereference"),
                 ("page fault", "BUG: unable to handle page fault"),
                 ("paging request", "BUG: unable to handle kernel paging request"),
                 ("general protection fault", "general protection fault"),
                 ("scheduling while atomic", "BUG: scheduling while atomic"),
                 ("hung task", "INFO: task hung"), ("kernel panic", "kernel panic"))


def _kernel_body(lines: list[str]) -> CrashReport | None:
    for i, line in enumerate(lines):
        if len(line) > 4000 or " Comm: " not in line or not _KERNEL_TASK.search(line):
            continue
        title = lines[0][:400].lower()
        said = "\n".join(ln[:400] for ln in lines[1:i]).lower()
        kind = next((k for w, k in _KERNEL_WORDS if w in title), None)
        source = "title" if kind else "prose"
        kind = kind or next((k for w, k in _KERNEL_WORDS if w in said), None)
        # no message: the task line is one machine's, no evidence two reports are one crash; where the
        # kind was read (the report's own head line was not pasted): extra["exception_from"]
        return CrashReport(kind="kernel", type=kind or "UNKNOWN", title=kind or "kernel oops (its first line not pasted)",
                           message="", signature="", extra={"frameless": True, "headless": True,
                                                            "task_line": line.strip()[:500],
                                                            "exception_from": source if kind else "not pasted"})
    return None


# a JVM program's own crash report, cut before its exception (`---- Minecraft Crash Report ----`, then
# `Description: Ticking entity`): a crash of some Throwable; "not pasted", not the "unknown" of a cut
# traceback, whose frames say which crash it is (agent/judge/signature.py): here no frame does
_CRASH_REPORT = re.compile(r"^[\s>`]*---- ([A-Z][\w ]{0,40}) Crash Report ----\s*$")


def _jvm_crash_report(lines: list[str]) -> CrashReport | None:
    for i, line in enumerate(lines):
        if len(line) > 400 or "Crash Report ----" not in line or not (m := _CRASH_REPORT.match(line)):
            continue
        what = next((ln.split(":", 1)[1].strip() for ln in lines[i + 1:i + 12] if ln.startswith("Description:")), "")
        title = f"{m.group(1)} crash report" + (f": {what}" if what else "")
        # no message: the description (`Ticking entity`) is the game's phase, shared by unrelated crashes
        return CrashReport(kind="jvm", type="Throwable", title=title[:200], message="", signature="",
                           extra={"frameless": True, "exception_from": "not pasted", "description": what[:500]})
    return None


def python_message(line: str) -> tuple[str, str] | None:
    """(the exception, the message) of a line that starts with one of CPython's own messages, after tags
    and quotes (`[BUG] 'NoneType' object has no attribute 'span'`)."""
    if len(line) > 4000 or not any(w in line for w in _PY_WORDS):
        return None
    rest = line[_PY_LEAD.match(line).end():].rstrip().rstrip("`*\"").rstrip()
    return next(((name, rest) for pattern, name in _PY_MESSAGES if pattern.match(rest)), None)


def _python_message(lines: list[str]) -> CrashReport | None:
    for line in lines:
        found = python_message(line)
        if found is not None:
            name, rest = found
            return CrashReport(kind="python", type=name, title=f"{name}: {rest}"[:200], message=rest[:500],
                               signature="", extra={"frameless": True, "exception_from": "message"})
    return None


# java.lang's own exceptions by their simple names, in the title (`NullPointerException while Ticking
# entity`): no other language names its errors so
_JAVA_SIMPLE = re.compile(r"(?<![\w.$])(NullPointerException|ClassCastException|(?:Array)?IndexOutOfBoundsException|"
                          r"IllegalStateException|IllegalArgumentException|ConcurrentModificationException|"
                          r"NumberFormatException|UnsupportedOperationException|StackOverflowError|OutOfMemoryError|"
                          r"NoClassDefFoundError|ClassNotFoundException|NoSuchMethodError|NoSuchFieldError)(?![\w$])")


def _jvm_title(lines: list[str]) -> CrashReport | None:
    m = _JAVA_SIMPLE.search(lines[0]) if lines and len(lines[0]) <= 400 else None
    if m is None:
        return None
    name = m.group(1)
    return CrashReport(kind="jvm", type=name, title=name, message="", signature="", extra={"frameless": True})


def _jvm_in_line(lines: list[str]) -> CrashReport | None:
    for line in lines:
        if len(line) > 4000 or ("Exception" not in line and "Error" not in line):
            continue
        m = _JVM_IN_LINE.search(line.rstrip())
        if m is None:
            continue
        name, message = m.group(1), (m.group(2) or "").strip().strip("`*").strip()
        short = name.rsplit(".", 1)[-1]
        return CrashReport(kind="jvm", type=name, title=f"{short}: {message}"[:200].rstrip(": "),
                           message=message[:500], signature="", extra={"frameless": True})
    return None


def _sanitizer_line(lines: list[str]) -> CrashReport | None:
    for line in lines:
        if len(line) > 4000 or ("anitizer" not in line and "ASan" not in line and "ASAN" not in line):
            continue
        m = _SAN_LINE.search(line) or _SAN_WORDS.search(line)
        if m is None:
            continue
        typ = m.group(1)
        fm = _SAN_IN.search(line.rstrip().rstrip("`*"))
        func = fm.group(1) if fm and not fm.group(1).startswith("_") else None
        frame = Frame(function=func) if func else None
        return CrashReport(kind="sanitizer", type=typ, title=f"{typ} in {func}" if func else typ,
                           message=line.strip()[:500], frames=[frame] if frame else [], guilty=frame,
                           signature="", extra={"frameless": True})
    return None


def _kernel_line(lines: list[str]) -> CrashReport | None:
    for line in lines:
        if len(line) > 4000 or not _KERNEL_HEAD.search(line):
            continue
        m = _KERNEL_LINE.search(line)
        if m is None:
            continue
        kind = "BUG: " + m.group(1)
        return CrashReport(kind="kernel", type=kind, title=kind, message=line.strip()[:500], signature="",
                           extra={"frameless": True})
    return None


def _go_line(lines: list[str]) -> CrashReport | None:
    for line in lines:
        if len(line) > 4000:
            continue
        m = _GO_LINE.match(line.rstrip())
        if m is None:
            continue
        message = m.group(2).rstrip("`*").strip()
        fatal = m.group(1).lower() == "fatal error"
        typ = "fatal-error" if fatal else next((t for k, t in _GO_KINDS if message.startswith(k)), "panic")
        return CrashReport(kind="go", type=typ, title=("fatal error: " if fatal else "Panic: ") + message,
                           message=message[:500], signature="", extra={"frameless": True})
    return None


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
            opener = line[quoted.start():quoted.start(1)].rstrip(" \t")
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
