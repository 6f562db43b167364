"""User-space sanitizer reports: ASan, HWASan, MSan, UBSan, TSan, LSan, CFI, libFuzzer deadly
signals and Chromium/absl CHECK failures.

type uses the sanitizers' own words, lower case: `heap-buffer-overflow`, `heap-use-after-free`,
`double-free`, `null-dereference`, `SEGV`, `stack-overflow`, `use-of-uninitialized-value`,
`data-race`, `direct-leak`, `indirect-leak`, `bad-cast`, `integer-overflow`, `check-failure`…
"""
from __future__ import annotations

import re

from agent.reports import check as _check
from agent.reports import panics
from agent.reports.check import basename
from agent.reports.normalise import norm_message
from agent.reports.frames import first_stack, is_noise
from agent.reports.model import Access, CrashReport, Frame
from agent.reports.scan import Scan, register, scan_of

_ERROR_RE = re.compile(
    r"(?:==\d+==\s*)?ERROR:\s*(AddressSanitizer|HWAddressSanitizer|MemorySanitizer|LeakSanitizer|"
    r"ThreadSanitizer|UndefinedBehaviorSanitizer|libFuzzer):?\s*(.*)$")
# a banner pasted without its `==PID==ERROR:` head: the tool's name opens the line
_BARE_RE = re.compile(r"^\s*(?:==\d+==\s*)?(AddressSanitizer|HWAddressSanitizer|MemorySanitizer|ThreadSanitizer):\s*"
                      r"([\w-]+ on (?:address|unknown address)\b.*)$")
_WARNING_RE = re.compile(r"WARNING:\s*(ThreadSanitizer|MemorySanitizer|AddressSanitizer):\s*(.*)$")
_UBSAN_RE = re.compile(r"(?:^|\s)(\S+?):(\d+):(\d+): runtime error: (.*)$")
_ACCESS_RE = re.compile(r"\b(READ|WRITE) of size (\d+) at (0x[0-9a-fA-F]+)")
_SIG_ACCESS_RE = re.compile(r"The signal is caused by a (READ|WRITE|UNKNOWN) memory access")
_UNKNOWN_ADDR = re.compile(r"on unknown address (0x[0-9a-fA-F]+|\(nil\))")
_LEAK_RE = re.compile(r"^(Direct|Indirect) leak of (\d+) byte")


_LABEL = {"check-failure": "CHECK failure", "dcheck-failure": "DCHECK failure",
          "security-check-failure": "Security CHECK failure", "security-dcheck-failure": "Security DCHECK failure",
          "fatal-error": "Fatal error", "assert": "Assertion failure", "runtime-assert": "Runtime assertion",
          "v8-api-error": "V8 API error", "uncaught-exception": "Uncaught exception"}

_UBSAN_TYPES = (
    ("member access within null pointer", "null-dereference"), ("member call on null pointer", "null-dereference"),
    ("control flow integrity check", "bad-cast"),
    ("downcast of", "bad-cast"), ("upcast of", "bad-cast"), ("member call on", "bad-cast"),
    ("member access within", "bad-cast"),
    ("implicit conversion", "implicit-conversion"),
    ("not a valid value for type 'bool'", "invalid-bool-value"),
    ("not a valid value for type", "invalid-enum-value"),
    ("pointer index expression", "pointer-overflow"), ("applying non-zero offset", "pointer-overflow"),
    ("applying zero offset", "pointer-overflow"), ("addition of unsigned offset", "pointer-overflow"),
    ("subtraction of unsigned offset", "pointer-overflow"),
    ("null pointer passed as argument", "invalid-null-argument"),
    ("null pointer returned from function declared to never return null", "invalid-null-return"),
    ("null pointer", "null-dereference"),
    ("signed integer overflow", "integer-overflow"), ("unsigned integer overflow", "integer-overflow"),
    ("negation of", "integer-overflow"),
    ("shift exponent", "invalid-shift"), ("left shift of", "invalid-shift"),
    ("division by zero", "divide-by-zero"),
    ("out of bounds for type", "index-out-of-bounds"),
    ("misaligned address", "misaligned-address"),
    ("is outside the range of representable values", "float-cast-overflow"),
    ("execution reached an unreachable program point", "unreachable-code"),
    ("execution reached the end of a value-returning function", "no-return-value"),
    ("vla bound", "non-positive-vla-bound-value"),
    ("returns nonnull", "invalid-null-return"), ("null pointer passed as argument", "invalid-null-argument"),
    ("call to function", "bad-function-cast"),
    ("which is not a valid", "invalid-value"),
)


def _ubsan_type(msg: str) -> str:
    for needle, typ in _UBSAN_TYPES:
        if needle in msg:
            return typ
    return "undefined-behavior"


def _frames_after(lines: list[str], i: int) -> tuple[list[Frame], int]:
    return first_stack(lines, i)


def _guilty(frames: list[Frame]) -> Frame | None:
    for fr in frames:
        if not is_noise(fr):
            return fr
    return frames[0] if frames else None


def _section(lines: list[str], i: int, stop_at: tuple[str, ...]) -> list[Frame]:
    for j in range(i, min(len(lines), i + 400)):
        if any(s in lines[j] for s in stop_at):
            return first_stack(lines, j + 1)[0]
    return []


def _signature(typ: str, guilty: Frame | None, message: str = "") -> str:
    if guilty is None:       # no frame: the message tells it apart, else it stands alone (never one generic key)
        said = norm_message(message)
        return f"sanitizer:{typ}:?:{said}" if said else ""
    base = (guilty.file or "").replace("\\", "/").rsplit("/", 1)[-1]
    return f"sanitizer:{typ}:{guilty.function}:{base}"


def _build(typ: str, message: str, frames: list[Frame], access: Access | None = None,
           alloc: list[Frame] | None = None, free: list[Frame] | None = None,
           extra: dict | None = None, kind: str = "sanitizer") -> CrashReport:
    guilty = _guilty(frames)
    where = guilty.function if guilty else "unknown"
    title = f"{typ} in {where}"
    if access is not None and access.size:
        title = f"{typ} {access.op.upper()} {access.size} in {where}"
    return CrashReport(kind=kind, type=typ, title=title, message=message, frames=frames, guilty=guilty,
                       signature=_signature(typ, guilty, message), access=access, alloc_frames=alloc or [],
                       free_frames=free or [], extra=extra or {})


_STARTS = register(("Sanitizer", "runtime error:", "ERROR: libFuzzer"))


def _san_start(text: str, lines: list[str], scan: Scan) -> tuple[int, int] | None:
    """(line, offset) of the first sanitizer banner (`ERROR: AddressSanitizer: ...`, a UBSan
    `file:1:2: runtime error: ...`, `ERROR: libFuzzer: ...`)."""
    line_no = counted = 0
    line_end = -1
    for pos in scan.at(_STARTS):
        if pos <= line_end:
            continue
        line_no += text.count("\n", counted, pos)
        counted = pos
        line_end = text.find("\n", pos)
        if line_end == -1:
            line_end = len(text)
        line = lines[line_no]
        if ("Sanitizer" in line and (_ERROR_RE.search(line) or _WARNING_RE.search(line) or _BARE_RE.match(line))
                or "runtime error:" in line and _UBSAN_RE.search(line) or "ERROR: libFuzzer" in line):
            return line_no, text.rfind("\n", 0, pos) + 1
    return None


def locate(text: str, lines: list[str], scan: Scan | None = None) -> tuple[int | None, int | None,
                                                                           "_check.Message | None"]:
    """(line of the sanitizer report, its offset, message crash that takes precedence over it
    if any). `lines` is `text.split("\n")`."""
    scan = scan_of(text, scan)
    found = _san_start(text, lines, scan)
    start, offset = found if found else (None, None)
    msg = _check.find_message(text, lines, end=offset, scan=scan)
    if msg is not None and start is not None and _check.yields_to(lines[start]):
        msg = None
    return start, offset, msg


def _from_message(lines: list[str], msg: "_check.Message") -> CrashReport:
    frames = _check.message_frames(lines, msg)
    if msg.function and all(is_noise(f) for f in frames):
        # glibc's assert names the function that asserted: the caller of the runtime's frames above (the
        # pasted stack stops in raise/abort/__assert_fail, or there is none)
        frames = [*frames, Frame(function=msg.function, file=msg.file or None, line=msg.at_line or None)]
    extra = {"file": msg.file or None, "state_head": list(msg.head), "state_complete": msg.complete}
    if msg.inexact:
        extra["inexact_args"] = list(msg.inexact)
    if msg.kind in ("go", "rust"):
        return _panic(lines, msg, frames, extra)
    rep = _build(msg.type, msg.message, frames, extra=extra, kind=msg.kind)
    label = _LABEL.get(msg.type, msg.type[:1].upper() + msg.type[1:])
    where = rep.guilty.function if rep.guilty else (msg.file or "unknown")
    rep.title = f"{label}: {msg.message[:80]} in {where}" if msg.message else f"{label} in {where}"
    return rep


def _panic(lines: list[str], msg: "_check.Message", frames: list[Frame], extra: dict) -> CrashReport:
    """A Go or Rust panic: the program's own innermost frame is the guilty one (for a Rust panic without
    a backtrace, the place its first line names); the signature is the kind, the type and that place."""
    typ = msg.type
    if msg.kind == "rust":
        typ = "panic"
        frames = panics.rust_frames(lines, msg.line + 1) or frames
        guilty = panics.rust_guilty(frames) or panics.rust_place(lines[msg.line])
    else:
        guilty = panics.go_guilty(frames)
    where = (guilty.function or basename(guilty.file or "")) if guilty else (msg.file or "unknown")
    label = "Panic" if msg.kind == "rust" else _LABEL.get(typ, typ[:1].upper() + typ[1:])
    title = f"{label}: {msg.message[:80]} in {where}" if msg.message else f"{label} in {where}"
    place = f"{where}:{basename(guilty.file or '')}" if guilty and guilty.function else \
        f"{where}:{norm_message(msg.message)}"
    return CrashReport(kind=msg.kind, type=typ, title=title, message=msg.message, frames=frames, guilty=guilty,
                       signature=f"{msg.kind}:{typ}:{place}", extra=extra)


def parse_sanitizer(text: str, scan: Scan | None = None, lines: list[str] | None = None,
                    located: tuple | None = None) -> CrashReport | None:
    """`lines` and `located`, when given, are the caller's `text.split("\n")` and
    `locate(text, lines)`, to save doing them again."""
    if "\r" in text and "\r\n" in text:
        text, lines, located = text.replace("\r\n", "\n"), None, None
    if lines is None:
        lines, located = text.split("\n"), None
    start, _, msg = located or locate(text, lines, scan)
    if msg is not None:
        return _from_message(lines, msg)
    if start is None:
        return None
    line = lines[start]
    m = _ERROR_RE.search(line) or _WARNING_RE.search(line) or _BARE_RE.match(line)
    if ("Check failed:" in line or "CHECK failed:" in line) and not m:
        cond = re.split(r"(?:Check|CHECK) failed:\s*", line, maxsplit=1)[-1].strip()
        fm = re.search(r"(?<![\w./-])([\w./-]+\.(?:cc|cpp|c|h|mm|rs))[:(]\d+", line)
        frames, _ = first_stack(lines, start + 1)
        typ = "security-dcheck-failure" if "Security DCHECK failed" in line else "check-failure"
        rep = _build(typ, cond, frames, extra={"file": fm.group(1) if fm else None})
        rep.title = f"CHECK failure: {cond[:80]} in {rep.guilty.function if rep.guilty else 'unknown'}"
        return rep
    if not m:
        um = _UBSAN_RE.search(line)
        msg = um.group(4).strip()
        typ = _ubsan_type(msg)
        frames, _ = first_stack(lines, start + 1)
        access = None
        if typ == "null-dereference":
            op = "write" if "store to" in msg else "read" if ("load of" in msg or "member access" in msg) else None
            if op:
                access = Access(op=op)
        rep = _build(typ, msg, frames, access=access,
                     extra={"tool": "UndefinedBehaviorSanitizer", "location": f"{um.group(1)}:{um.group(2)}"})
        return rep
    tool, rest = m.group(1), m.group(2).strip()
    frames, after = first_stack(lines, start + 1)
    access = None
    alloc: list[Frame] = []
    free: list[Frame] = []
    extra: dict = {"tool": tool}
    if tool == "LeakSanitizer" or (tool == "AddressSanitizer" and "detected memory leaks" in rest):
        typ = "leak"
        for j in range(start + 1, len(lines)):
            lm = _LEAK_RE.match(lines[j].strip())
            if lm:
                typ = f"{lm.group(1).lower()}-leak"
                frames, _ = first_stack(lines, j + 1)
                rest = lines[j].strip()
                break
        rep = _build(typ, rest, frames, extra=extra)
        rep.alloc_frames = frames
        return rep
    if tool == "libFuzzer":
        word = rest.split()[0].rstrip(":") if rest else "crash"
        typ = {"deadly": "deadly-signal", "out-of-memory": "out-of-memory", "timeout": "timeout",
               "fuzz": "fuzz-target-exited"}.get(word, word.lower())
        if word == "fuzz" and "overwrites its const input" in rest:
            typ = "overwrites-const-input"          # its SUMMARY line's name for it
        return _build(typ, rest, frames, extra=extra)
    if tool == "ThreadSanitizer":
        typ = rest.split(" (")[0].strip().replace(" ", "-").lower() or "data-race"
        other, _ = first_stack(lines, after)
        rep = _build(typ, rest, frames, extra=extra)
        rep.free_frames = other  # the racing access, when shown
        return rep
    if tool == "MemorySanitizer":
        typ = rest.split()[0].rstrip(":") if rest else "use-of-uninitialized-value"
        if typ == "requested":                      # "requested allocation size ... exceeds maximum"
            typ = "allocation-size-too-big"
        alloc = _section(lines, after, ("Uninitialized value was created", "was created by"))
        return _build(typ, rest, frames, alloc=alloc, extra=extra)
    # AddressSanitizer / HWAddressSanitizer
    word = rest.split()[0].rstrip(":") if rest else "unknown-crash"
    message = rest
    am = None
    for j in range(start, min(len(lines), start + 6)):
        am = _ACCESS_RE.search(lines[j])
        if am:
            break
    if am:
        access = Access(op=am.group(1).lower(), size=int(am.group(2)), address=am.group(3))
    typ = word
    if word in ("SEGV", "BUS", "ILL", "FPE", "ABRT", "TRAP") or word == "unknown-crash" and "on unknown" in rest:
        addr_m = _UNKNOWN_ADDR.search(rest)
        sig = None
        for j in range(start, min(len(lines), start + 6)):
            sig = _SIG_ACCESS_RE.search(lines[j])
            if sig:
                break
        op = sig.group(1).lower() if sig and sig.group(1) != "UNKNOWN" else None
        addr = addr_m.group(1) if addr_m else None
        if op:
            access = Access(op=op, address=addr)
        if word == "SEGV":
            try:
                null = addr is not None and (addr == "(nil)" or int(addr, 16) < 4096)
            except ValueError:
                null = False
            typ = "null-dereference" if null else "SEGV"
            extra["address"] = addr
    elif word == "stack-overflow":
        typ = "stack-overflow"
    elif word in ("attempting", "attempting double-free"):
        typ = "double-free" if "double-free" in rest else "bad-free"
    elif word == "requested" or "allocation-size-too-big" in rest:
        typ = "allocation-size-too-big"
    elif "out of memory" in rest or "allocator is out of memory" in rest:
        typ = "out-of-memory"
    if typ in ("heap-use-after-free", "heap-buffer-overflow", "double-free", "bad-free", "use-after-poison",
               "container-overflow", "tag-mismatch") or "freed by thread" in text:
        free = _section(lines, after, ("freed by thread",))
        alloc = _section(lines, after, ("previously allocated by thread", "allocated by thread"))
    return _build(typ, message, frames, access=access, alloc=alloc, free=free, extra=extra)
