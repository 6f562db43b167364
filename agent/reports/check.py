"""Crashes announced by a message rather than by a sanitizer: CHECK/DCHECK failures (Chromium,
absl/glog), fatal errors (`F0101 ... file.cc:12] msg`, V8's `# Fatal error in`), assertion
failures (glibc, Chromium, Envoy `panic:`, Rust `panicked at`), V8 CSA aborts and API errors,
Go panics / `fatal error:`, Java (Jazzer) exceptions, Centipede timeouts.

The message comes first; the stack is the next native (or Go / Java) stack, usually the one a
sanitizer prints for the abort that follows. A later sanitizer report of a real memory error
(not ABRT/ILL/TRAP/breakpoint) is the crash instead: see `yields_to`.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field

from agent.reports.frames import first_stack, parse_san_frame
from agent.reports.model import Frame
from agent.reports.scan import Scan, register, scan_of

# Types, lower case: check-failure, dcheck-failure, security-check-failure, security-dcheck-failure,
# fatal-error, assert, runtime-assert, v8-api-error, uncaught-exception, timeout, out-of-memory,
# and Go's runtime errors in their own words ("index out of range", "stack overflow"...).

GATE = re.compile(r"heck failed|CHECK failed|FATAL|Fatal error|Runtime error in|ssert|ASSERT|panic|"
                  r"^F\d{4} |fatal error:|abort: CSA_|V8 error:|Abort message:|Java Exception:|"
                  r"Per-input timeout exceeded|RSS limit exceeded", re.M)

_CHROME_LOG = re.compile(r"\[[^\][:]*+(?::[^\][:]*+)*?:(?:FATAL|ERROR|DCHECK|VERBOSE\d*|INFO|WARNING):([^\][(:]*+)"
                         r"(?:\(\d+\))?[^\][]*+\]\s*(.*)$")
_GOOGLE_FATAL = re.compile(r"^F\d{4}\s+\d\d:\d\d:\d\d\.\d+\s+\d+\s+([^\s:\]]+):\d+\]\s*(.*)$")
_CHECK = re.compile(r"(Security DCHECK|Security CHECK|DCHECK|Debug check|Check|CHECK) failed:?\s*(.*)$")
# `(?:^|\]|\.(?:c|cc|...):\S*)\s*(?:ASSERT(?:ION)? FAIL(?:URE|ED)|panic):\s*(.*)$` (re.I), by index: see assert_message
_ASSERT_KW = re.compile(r"(?:ASSERT(?:ION)? FAIL(?:URE|ED)|panic):", re.I)
_ASSERT_AFTER = re.compile(r"\]|\.(?:c|cc|cpp|cxx|h|hh|hpp|hxx):", re.I)
_ASSERT_GLIBC = re.compile(r":\s*[Aa]ssertion [`'\"]?(.*?)[`'\"]? failed\.?$")
# glibc's assert names its place: `prog: file.c:717: func: Assertion ...` (the function may be C++'s pretty name)
_ASSERT_FILE_PLACE = re.compile(r"(?:^|\s)([\w./+-]+\.(?:c|cc|cpp|cxx|h|hh|hpp)):(\d+): [Aa]ssertion ")
_ASSERT_GLIBC_PLACE = re.compile(r"(?:^|\s)([\w./+-]+\.\w+):(\d+): ([^:\s][^:]*?): [Aa]ssertion ")
# `thread 'main' panicked at '...', src/x.rs:3:9`; also `thread panicked at`, a bare `panicked at` and
# Rust 1.1's `file.rs:729` without a column
_RUST_PANIC = re.compile(r"^(?:thread(?:\s.*)?\s|'[^']*' )?panicked at '(.*?)(?:', \S+:\d+(?::\d+)?)?$")
# Rust >= 1.73: `thread 'main' panicked at src/x.rs:3:9:` and the message on the next line, or on the same
_RUST_PANIC_NEW = re.compile(r"^(?:thread\s.*\s|'[^']*' )?(?:p|P)anicked at (\S+?\.rs):\d+:\d+:?\s*(.*)$")
# `# Fatal error in FILE, line N`: the head here, the place by index (`(.*?)(?:, line \d+)?\s*$` was quadratic)
_V8_HEAD = re.compile(r"#\s*(Fatal|Runtime) error in ")
_LINE_NO = re.compile(r", line \d+")
_CSA = re.compile(r"abort: (CSA_\w++ failed:)")
_CSA_LOC = re.compile(r"\[([^\]]+):\d+\]")
# `Abort message: '[file(line)] msg'`: the head by pattern, the message by index (`(.*?)'?\s*$` and V8's
# `\] V8 error: (.+?)\.?\s*$` were quadratic on a line with a run of blanks inside)
_ANDROID_HEAD = re.compile(r"Abort message: '?\[?(?:FATAL:)?([^\]\s(]+)(?:\(\d+\))?\]\s*")
_V8_API = "] V8 error: "
_JAVA = re.compile(r"^== Java Exception: (.*)$")
_JAVA_FRAME = re.compile(r"^\s*at ([\w$.<>]+)\(([^)]*)\)")
_GO_PANIC = re.compile(r"^(?:panic: ?|(?:\d{4}/\d\d/\d\d \d\d:\d\d:\d\d(?:\.\d+)? )?http: panic serving \S+: |"
                       r"(?=runtime error: ))(.*?)"
                       r"(?: \[recovered\])?$")
_GO_FATAL = re.compile(r"^fatal error: (.*)$")
_GO_OWN = re.compile(r"(?<![\w])(?i:panic): ?((?:runtime error: ?)?(?:assignment to entry in nil map|invalid memory "
                     r"address or (?:\*\*)?nil pointer(?:\*\*)? dereference|index out of range|slice bounds out of "
                     r"range|integer divide by zero)\b.*?)(?: \[recovered\])?$")
_GO_RUNTIME_HEADS = ("panic: runtime error: ", "fatal error: concurrent map ", "fatal error: all goroutines are asleep")
_GO_FRAME = re.compile(r"^([0-9a-zA-Z.\-_\\/()*]+)\([x0-9a-f\s,.{}?]*\)$")
_GO_FUNC = re.compile(r"^[0-9a-zA-Z.\-_\\/()*]+$")
_GO_TYPES = (("runtime error: integer divide by zero", "integer divide by zero"),
             ("runtime error: index out of range", "index out of range"),
             ("runtime error: invalid memory address", "invalid memory address"),
             ("runtime error: makeslice: len out of range", "makeslice: len out of range"),
             ("runtime error: slice bounds out of range", "slice bounds out of range"))

# A sanitizer report after the message that is only the abort the message caused.
_ABORT_ONLY = re.compile(r"Sanitizer: (?:ABRT|ILL|TRAP|breakpoint|illegal-instruction)\b|libFuzzer: deadly signal")
MESSAGE_TYPES = {"check-failure", "dcheck-failure", "security-check-failure", "security-dcheck-failure",
                 "fatal-error", "assert", "runtime-assert", "v8-api-error"}


@dataclass
class Message:
    line: int
    type: str
    message: str
    file: str = ""
    kind: str = "sanitizer"
    head: list[str] = field(default_factory=list)   # ClusterFuzz-style state lines before frames
    complete: bool = False                          # the head is the whole state (no frames)
    inexact: list[int] = field(default_factory=list)  # Go frames whose arguments carry `?` (inexact values)
    pos: int = 0                                    # offset of the message's line in the text
    function: str = ""                              # the function the message names (glibc's assert)
    at_line: int = 0                                # and its line


def basename(path: str) -> str:
    path = path.strip(" .'\"[]").split(":")[0].split("(")[0].replace("\\", "/")
    return path.rsplit("/", 1)[-1]


def clean_condition(s: str) -> str:
    """`a == b (1 vs. 0)` -> `a == b`; drops quoted values after `:`/`=`, the free text after
    `; ` (Chromium's streamed explanation) and trailing dots."""
    s = re.sub(r"^Check failed: ", "", s.strip())
    s = s.split("; ", 1)[0]
    s = _drop_vs(s)
    for m in _QUOTED_VALUE.finditer(s):
        # `cond = 'value'` up to the end of the line (the closing quote ends the line)
        if len(s) > m.end() and s.endswith(m.group(1)) and "\n" not in s[m.end():]:
            s = s[:m.start()]
            break
    return s.strip(" .'\"[]")


_QUOTED_VALUE = re.compile(r"(?<!\s)\s*+[:=]\s*+(['\"])")
_VS = re.compile(r"\svs\.\s")


def _drop_vs(s: str) -> str:
    r"""`failed: a vs. b` and ` (1 vs. 0)` explanations cut off with index arithmetic (the patterns
    `(?<=failed): .*\svs\.\s.*$` and ` \(.*\s+vs\.\s+.*` they replace were quadratic)."""
    k = s.find("failed: ")
    if k != -1 and "\n" not in s[k:] and _VS.search(s, k + 8):
        return s[:k + 6]
    p = s.find(" (")
    v = _VS.search(s, p + 2) if p != -1 else None
    if v is not None and "\n" not in s[p:v.start()]:
        eol = s.find("\n", v.end())
        return s[:p] + (s[eol:] if eol != -1 else "")
    return s


def _head(msg: str, file: str) -> list[str]:
    return [f"{msg} in {file}" if file else msg]


def _check(typ_word: str) -> str:
    w = typ_word.lower()
    if w.startswith("security d"):
        return "security-dcheck-failure"
    if w.startswith("security"):
        return "security-check-failure"
    if w.startswith("debug"):
        return "dcheck-failure"   # V8's `Debug check failed`; Chromium's DCHECK is reported as a CHECK
    return "check-failure"


def match_line(lines: list[str], i: int, golang: bool) -> Message | None:
    line = lines[i].rstrip()
    s = line.strip()
    if "Sanitizer CHECK failed" in line:
        return None
    # Go's runtime's own panic words after any prefix or case (`Panic: runtime error: ...` as a title, a
    # web framework's log `[Macaron] PANIC: assignment to entry in nil map`, `panic:runtime error:...`)
    own = _GO_OWN.search(s) if "anic" in s or "ANIC" in s else None
    if own is not None:
        said = re.sub(r"^runtime error: ?", "runtime error: ", own.group(1).replace("**", ""))
        typ = next((t for needle, t in _GO_TYPES if said.startswith(needle)), "panic")
        return Message(i, typ, said, kind="go")
    # a Go runtime panic or fatal error says so even when no `file.go:` line was pasted
    if golang or s.startswith(_GO_RUNTIME_HEADS):
        m = _GO_PANIC.match(s)
        if m:
            for needle, typ in _GO_TYPES:
                if m.group(1).startswith(needle):
                    return Message(i, typ, m.group(1), kind="go")
            return Message(i, "panic", m.group(1), kind="go")
        m = _GO_FATAL.match(s)
        if m:
            if m.group(1).startswith("stack overflow"):
                return Message(i, "stack overflow", m.group(1), kind="go")
            return Message(i, "fatal-error", m.group(1), kind="go", head=[m.group(1)])
    m = _JAVA.match(s)
    if m:
        return Message(i, "uncaught-exception", m.group(1), kind="java")
    if "Per-input timeout exceeded" in line:
        return Message(i, "timeout", s.lstrip("= "))
    if "RSS limit exceeded" in line:
        return Message(i, "out-of-memory", s.lstrip("= "))
    m = _ANDROID_HEAD.match(s)
    if m:
        body, file, typ = _drop_end(s[m.end():].rstrip(), "'"), basename(m.group(1)), "check-failure"
        cm = _CHECK.search(body)
        if cm:
            typ, body = _check(cm.group(1)), cm.group(2)
        msg = clean_condition(body)
        return Message(i, typ, msg, file, head=_head(msg, file))
    csa = split_csa(s)
    if csa:
        text, files = csa
        head = [text] + ([basename(files[0])] if files else [])
        return Message(i, "assert", text, basename(files[0]) if files else "", head=head, complete=True)
    k = s.find(_V8_API)
    if k != -1 and len(s) > k + len(_V8_API):
        msg = s[k + len(_V8_API):]
        msg = msg if len(msg) == 1 else _drop_end(msg.rstrip(), ".")
        return Message(i, "v8-api-error", msg, head=[msg])
    m = _V8_HEAD.match(s)
    if m:
        return _v8_fatal(lines, i, v8_place(s[m.end():]), runtime=m.group(1) == "Runtime")
    m = _CHECK.search(s)
    if m and ("[" in s or _GOOGLE_FATAL.match(s) or s.startswith(m.group(1))):
        typ = _check(m.group(1))
        cm = _CHROME_LOG.search(s) or _GOOGLE_FATAL.match(s)
        file = basename(cm.group(1)) if cm else ""
        if not file:
            fm = re.search(r"(?<![\w./-])([\w./-]+\.(?:cc|cpp|c|h|mm|rs))[:(]\d+", s)
            file = basename(fm.group(1)) if fm else ""
        msg = clean_condition(m.group(2))
        return Message(i, typ, msg, file, head=_head(msg, file))
    r = s.lstrip(">` \t").rstrip("`") if s.startswith((">", "`")) else s    # quoted, or inline code
    m = _RUST_PANIC.match(r)
    if m:
        return Message(i, "assert", m.group(1), kind="rust", head=[m.group(1)])
    m = _RUST_PANIC_NEW.match(r)
    if m:
        msg = m.group(2).strip() or (lines[i + 1].strip() if i + 1 < len(lines) else "")
        return Message(i, "assert", msg, basename(m.group(1)), kind="rust", head=[msg])
    m = _ASSERT_GLIBC.search(s) if s.endswith((" failed", " failed.")) else None   # else the lazy scans: quadratic
    if m:
        place = _ASSERT_GLIBC_PLACE.search(s[:min(m.start() + 13, 500)])     # it stands at the line's start
        named = place.group(3).split("(")[0].split() if place else []        # `int f(int)`: C++'s pretty name
        if place and named:
            func = named[-1]
            return Message(i, "assert", m.group(1), basename(place.group(1)), head=[m.group(1)],
                           function=func, at_line=int(place.group(2)))
        bare = _ASSERT_FILE_PLACE.search(s[:min(m.start() + 13, 500)])    # `prog: file.c:12: Assertion 'x' failed.`
        if bare:                # a program's own assert macro: the place, no function named
            return Message(i, "assert", m.group(1), basename(bare.group(1)), head=[m.group(1)],
                           at_line=int(bare.group(2)))
        return Message(i, "assert", m.group(1), head=[m.group(1)])
    msg = assert_message(s)
    if msg is not None:
        return Message(i, "assert", msg.strip(), head=[msg.strip()])
    m = _GOOGLE_FATAL.match(s)
    if m:
        msg, file = clean_condition(m.group(2)), basename(m.group(1))
        return Message(i, "fatal-error", msg, file, head=_head(msg, file))
    return None


def assert_message(s: str) -> str | None:
    """The message after `ASSERT FAILED:` / `ASSERTION FAILURE:` / `panic:` (any case) that stands at
    the line's start, after a `]`, or after a `file.c:` and the rest of its word, as the former pattern
    `(?:^|\\]|\\.(?:c|cc|cpp|cxx|h|hh|hpp|hxx):\\S*)\\s*(?:ASSERT(?:ION)? FAIL(?:URE|ED)|panic):\\s*(.*)$` found it.

    By index, in one pass: that pattern's `\\S*` scanned the rest of a word for each `.c:` in it
    (quadratic on `.c:.c:.c:...`). A `.c:` start takes the keyword after the word and its blanks, else
    the last one that starts inside the word; later `.c:` starts in a word that failed fail too."""
    kws = {m.start(): m for m in _ASSERT_KW.finditer(s)}
    if not kws:
        return None
    order = sorted(kws)
    n = len(s)

    def after_blanks(i: int) -> int:
        while i < n and s[i].isspace():
            i += 1
        return i

    def found(k: int) -> str:
        return s[kws[k].end():].lstrip()

    if after_blanks(0) in kws:                       # `^\s*KW:`
        return found(after_blanks(0))
    failed_word_end = -1
    for m in _ASSERT_AFTER.finditer(s):
        if m.group(0) == "]":
            q = after_blanks(m.end())
            if q in kws:
                return found(q)
            continue
        if m.start() < failed_word_end:
            continue
        word_end = m.end()
        while word_end < n and not s[word_end].isspace():
            word_end += 1
        q = after_blanks(word_end)
        if word_end < n and q in kws:
            return found(q)
        last = bisect_left(order, word_end) - 1        # the last keyword starting inside the word
        if last >= 0 and order[last] >= m.end():
            return found(order[last])
        failed_word_end = word_end
    return None


def _drop_end(s: str, ch: str) -> str:
    """`s` (blanks already cut from its end) without one final `ch`: what a lazy `(.*?)` before `ch?\\s*$` took."""
    return s[:-1] if s.endswith(ch) else s


def split_csa(s: str) -> tuple[str, list[str]] | None:
    """`abort: CSA_ASSERT failed: cond [a.cc:12] [b.tq:3]` -> ("CSA_ASSERT failed: cond", [a.cc, b.tq]).

    The trailing `[file:line]` groups are peeled off from the right, one index step at a time
    (a regex with a lazy body before repeated optional blanks was quadratic on a line of blanks)."""
    m = _CSA.match(s)
    if not m:
        return None
    end = len(s)
    files: list[str] = []
    while True:
        while end > m.end() and s[end - 1].isspace():
            end -= 1
        if end <= m.end() or s[end - 1] != "]":
            break
        k = s.rfind("[", m.end(), end - 1)
        loc = _CSA_LOC.fullmatch(s, k, end) if k != -1 else None
        if loc is None:
            break
        files.append(loc.group(1))
        end = k
    files.reverse()
    return (m.group(1) + s[m.end():end]).strip(), files


def v8_place(rest: str) -> str:
    """What the former `(.*?)(?:, line \\d+)?\\s*$` took of the text after `Fatal error in `: the
    text without its trailing blanks and without a final `, line N`."""
    rest = rest.rstrip()
    k = rest.rfind(", line ")
    if k != -1 and _LINE_NO.fullmatch(rest, k):
        return rest[:k]
    return rest


def _v8_fatal(lines: list[str], i: int, place: str, runtime: bool) -> Message:
    file = basename(place) if place.strip() else ""
    typ = "runtime-assert" if runtime else "fatal-error"
    for j in range(i + 1, min(len(lines), i + 6)):
        t = lines[j].strip()
        if not t.startswith("#"):
            break
        body = t.lstrip("#").strip()
        if not body:
            continue
        if body.startswith("Debug check failed:"):
            typ, body = "dcheck-failure", body[len("Debug check failed:"):]
        elif body.startswith("Check failed:"):
            typ, body = "check-failure", body[len("Check failed:"):]
        msg = clean_condition(body)
        return Message(i, typ, msg, file, head=_head(msg, file))
    return Message(i, typ, "", file, head=[file] if file else [])


_ANCHORS = register((" fail", "runtime error: ", "FATAL", "Fatal error", "Runtime error", "panic", "Panicked at", "Panic: runtime error", "PANIC: runtime error",
                     "Panic: assignment to entry", "PANIC: assignment to entry",
                     "http: panic serving", "\nF", "fatal error:", "V8 error:",
                     "Abort message:", "Java Exception:", "exceeded"))


def has_message(text: str, scan: Scan | None = None) -> bool:
    """Whether `text` may hold a message-announced crash (a cheap gate before `find_message`)."""
    return text.startswith("F") or scan_of(text, scan).has(*_ANCHORS)


def find_message(text: str, lines: list[str], end: int | None = None, scan: Scan | None = None) -> Message | None:
    """The first message-announced crash (on a line starting before offset `end` when given).

    Candidate lines come from the one-pass `Scan`; only those lines are matched against the
    formats. `lines` is `text.split("\n")`."""
    golang = ".go:" in text
    candidates = scan_of(text, scan).at(_ANCHORS, end=end)
    if text.startswith("F"):
        candidates.insert(0, 0)
    line_no = counted = 0
    line_end = -1
    for best in candidates:
        if text[best] == "\n":
            best += 1
        if best <= line_end:
            continue
        line_no += text.count("\n", counted, best)
        counted = best
        if line_no >= len(lines):
            return None
        msg = match_line(lines, line_no, golang)
        if msg is not None:
            msg.pos = text.rfind("\n", 0, best) + 1
            return msg
        line_end = text.find("\n", best)
        if line_end == -1:
            return None
    return None


def yields_to(sanitizer_line: str) -> bool:
    """A message crash gives way to a later sanitizer report unless that is just the abort."""
    return not _ABORT_ONLY.search(sanitizer_line)


def message_frames(lines: list[str], msg: Message, stop: int | None = None) -> list[Frame]:
    if msg.kind == "go":
        return _go_frames(lines, msg)
    if msg.kind == "java":
        out = []
        for j in range(msg.line + 1, min(len(lines), msg.line + 400)):
            fm = _JAVA_FRAME.match(lines[j])
            if fm:
                out.append(Frame(function=fm.group(1), file=fm.group(2).split(":")[0] or None))
            elif out and lines[j].strip() and not lines[j].lstrip().startswith(("Caused by", "...")):
                break
        return out
    # Every native stack after the message, in order, until three useful frames are known.
    from agent.reports.frames import is_noise
    out: list[Frame] = []
    j = msg.line + 1
    end = min(len(lines), msg.line + 2000)
    while j < end:
        frames, nxt = first_stack(lines, j)
        if not frames or nxt <= j:
            break
        out += frames
        if sum(1 for f in out if not is_noise(f) and (f.file or f.function != "LLVMFuzzerTestOneInput")) >= 3:
            break
        j = nxt
    return out


def _go_frames(lines: list[str], msg: Message) -> list[Frame]:
    """Go >= 1.18 marks argument values it is unsure of with `?`; such frames are noted in
    `msg.inexact` (their indexes in the result)."""
    start = msg.line + 1
    out: list[Frame] = []
    for j in range(start, min(len(lines), start + 400)):
        s = lines[j].strip()
        fm = _GO_FRAME.match(s)
        at = j + 1                      # the line of its place
        if fm is None and j + 1 < len(lines) and "." in s and lines[j + 1].lstrip().startswith("(") \
                and _GO_FUNC.match(s):
            # its arguments wrapped onto the next line (`pkg/runtime.run.func5` / `(0xc0430b1e20, ...)`)
            s = s + lines[j + 1].strip()
            fm, at = _GO_FRAME.match(s), j + 2
        if fm:
            file = None
            line_no = None
            if at < len(lines):
                loc = re.match(r"^\s*(\S+?\.go):(\d+)", lines[at])
                if loc:
                    file, line_no = loc.group(1), int(loc.group(2))
            if "?" in s[fm.end(1):]:
                msg.inexact.append(len(out))
            out.append(Frame(function=fm.group(1), file=file, line=line_no))
    return out


__all__ = ["Message", "find_message", "match_line", "message_frames", "yields_to", "MESSAGE_TYPES",
           "clean_condition", "parse_san_frame"]
