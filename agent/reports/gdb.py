"""gdb backtraces (`bt`) and plain `Segmentation fault` reports with a core backtrace.

    Program received signal SIGSEGV, Segmentation fault.
    0x0000555555555131 in crash (p=0x0) at crash.c:3
    #0  0x0000555555555131 in crash (p=0x0) at crash.c:3
    #1  0x000055555555515a in main () at crash.c:8
"""
from __future__ import annotations

import re
from typing import Iterator

from agent.reports.frames import is_noise
from agent.reports.model import CrashReport, Frame
from agent.reports.scan import Scan, register, scan_of

_GDB_HEAD = re.compile(r"\s*#(\d+)\s+(?:(0x[0-9a-fA-F]+)\s+in\s+)?(?=[^\s(])")
_GDB_AT = re.compile(r"(\S+):(\d+)")
_SIGNAL = re.compile(r"(?:Program|Thread \d+ \"[^\"]*\") received signal (SIG[A-Z]+)|"
                     r"Program terminated with signal (SIG[A-Z]+)")
_PLAIN = re.compile(r"(Segmentation fault|Bus error|Illegal instruction|Aborted|Floating point exception)"
                    r"(?: \(core dumped\))?")
_PLAIN_SIG = {"Segmentation fault": "SIGSEGV", "Bus error": "SIGBUS", "Illegal instruction": "SIGILL",
              "Aborted": "SIGABRT", "Floating point exception": "SIGFPE"}


def parse_gdb_frame(line: str) -> tuple[int, Frame] | None:
    """`#N  [0xADDR in ]func [(args)] [at file:line | from lib]`, read with indexes from both ends
    (a pattern with a lazy function name before optional blanks was quadratic on a line of blanks)."""
    m = _GDB_HEAD.match(line)
    if not m:
        return None
    rest = line[m.end():].rstrip()
    file = lineno = module = None
    cut = rest.rfind(" ")
    cut = max(cut, rest.rfind("\t"))
    if cut > 0:
        last, words = rest[cut + 1:], rest[:cut].rstrip()
        at = _GDB_AT.fullmatch(last)
        if words.endswith(("at", "from")) and words[:-4 if words.endswith("from") else -2][-1:].isspace():
            if words.endswith("from"):
                module, rest = last, words[:-4].rstrip()
            elif at:
                file, lineno, rest = at.group(1), int(at.group(2)), words[:-2].rstrip()
    paren = rest.find("(")
    if paren != -1:
        if not rest.endswith(")"):
            return None
        rest = rest[:paren]
    func = rest.strip()
    if not func or func.startswith("0x") or " " in func and "::" not in func and "operator" not in func:
        return None
    return int(m.group(1)), Frame(function=func, file=file, line=lineno, module=module)


_SIGNAL_ANCHORS = register(("received signal", "terminated with signal"))
_PLAIN_ANCHORS = register(tuple(_PLAIN_SIG))
_FRAME0_ANCHORS = register(("#0",))
_GDB_FRAME0 = re.compile(r"^\s*#0\s+(?:0x[0-9a-fA-F]+\s+in\s+)?\S+ \(.*\)(?: at \S+:\d+| from \S+)?\s*$")


def _line_at(text: str, pos: int) -> tuple[int, str]:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return start, text[start:end if end != -1 else len(text)]


def _lines_at(text: str, positions) -> Iterator[tuple[int, str]]:
    """(start, line) of each line holding one of `positions` (sorted), each line once: a line holding
    the anchor thousands of times is read once, not once per occurrence (that was quadratic)."""
    end = -1
    for pos in positions:
        if pos <= end:
            continue
        start, line = _line_at(text, pos)
        end = start + len(line)
        yield start, line


def gdb_start(text: str, scan: Scan | None = None) -> int | None:
    """Where a gdb report starts (its signal line, a plain `Segmentation fault` line or its
    `#0` frame), None when the text holds none. Only lines holding an anchor are read."""
    scan = scan_of(text, scan)
    if not scan.has(*_FRAME0_ANCHORS):
        # no backtrace: gdb's own stop line after `Program received signal` is frame #0
        for start, line in _lines_at(text, scan.at(_SIGNAL_ANCHORS)):
            if _SIGNAL.search(line) and stop_frame(text[start:start + 4000].split("\n"), 0) is not None:
                return start
        return None
    sig = None
    for start, line in _lines_at(text, scan.at(_SIGNAL_ANCHORS)):
        if _SIGNAL.search(line):
            sig = start
            break
    frame0 = None
    for start, line in _lines_at(text, scan.at(_FRAME0_ANCHORS)):
        if _GDB_FRAME0.match(line):
            frame0 = start
            break
    plain = scan.first(*_PLAIN_ANCHORS)
    if sig is None and frame0 is None and (plain == -1 or not scan.has("#0")):
        return None
    found = [p for p in (sig, frame0, plain if plain != -1 else None) if p is not None]
    if sig is None and frame0 is None:
        # `Segmentation fault` with a `#0 ` frame somewhere: the report starts at the message
        return min(found) if "#0 " in text else None
    return min(found)


def looks_like_gdb(text: str, scan: Scan | None = None) -> bool:
    return gdb_start(text, scan) is not None


def stop_frame(lines: list[str], i: int) -> Frame | None:
    """The frame gdb prints where the program stopped, after the signal line `lines[i]`:
    `0x... in parse (p=0x0) at src/p.c:40` (its arguments may wrap onto the next lines)."""
    j = i + 1
    while j < len(lines) and j <= i + 2 and not lines[j].strip():
        j += 1
    if j >= len(lines):
        return None
    line = lines[j].strip()
    k = j + 1
    while line.count("(") > line.count(")") and k < len(lines) and k <= j + 3 and len(line) < 2000:
        line += " " + lines[k].strip()
        k += 1
    parsed = parse_gdb_frame("#0  " + line)
    return parsed[1] if parsed else None


def parse_gdb(text: str) -> CrashReport | None:
    lines = text.replace("\r\n", "\n").split("\n")
    if "#0" not in text:
        return _stop_only(lines)
    signal = None
    message = ""
    for ln in lines:
        m = _SIGNAL.search(ln)
        if m:
            signal = m.group(1) or m.group(2)
            message = ln.strip()
            break
    if signal is None:
        for ln in lines:
            m = _PLAIN.search(ln)
            if m:
                signal = _PLAIN_SIG[m.group(1)]
                message = ln.strip()
                break
    frames: list[Frame] = []
    for ln in lines:
        parsed = parse_gdb_frame(ln)
        if not parsed:
            if frames and ln.strip() and not ln.strip().startswith(("#", "Backtrace", "(gdb)")):
                if not ln.startswith((" ", "\t")):
                    break
            continue
        num, fr = parsed
        if num == 0 and frames:
            break
        if num == 0 or frames:
            frames.append(fr)
    if not frames:
        return None
    typ = signal or "crash"
    guilty = next((f for f in frames if not is_noise(f)), frames[0])
    base = (guilty.file or "").rsplit("/", 1)[-1]
    return CrashReport(kind="gdb", type=typ, title=f"{typ} in {guilty.function}", message=message,
                       frames=frames, guilty=guilty, signature=f"gdb:{typ}:{guilty.function}:{base}")


def _stop_only(lines: list[str]) -> CrashReport | None:
    """`Program received signal SIGSEGV` and the stop line, no `bt`: one frame."""
    for i, ln in enumerate(lines[:20000]):
        m = _SIGNAL.search(ln)
        if m is None:
            continue
        frame = stop_frame(lines, i)
        if frame is None:
            return None
        typ = m.group(1) or m.group(2)
        base = (frame.file or "").rsplit("/", 1)[-1]
        return CrashReport(kind="gdb", type=typ, title=f"{typ} in {frame.function}", message=ln.strip(),
                           frames=[frame], guilty=frame, signature=f"gdb:{typ}:{frame.function}:{base}")
    return None
