"""gdb backtraces (`bt`) and plain `Segmentation fault` reports with a core backtrace.

    Program received signal SIGSEGV, Segmentation fault.
    0x0000555555555131 in crash (p=0x0) at crash.c:3
    #0  0x0000555555555131 in crash (p=0x0) at crash.c:3
    #1  0x000055555555515a in main () at crash.c:8
"""
from __future__ import annotations

import re

from .frames import is_noise
from .model import CrashReport, Frame

_GDB_FRAME = re.compile(
    r"^\s*#(\d+)\s+(?:(0x[0-9a-fA-F]+)\s+in\s+)?([^\s(][^(]*?)\s*(\(.*?\))?\s*"
    r"(?:at\s+(\S+?):(\d+)|from\s+(\S+))?\s*$")
_SIGNAL = re.compile(r"(?:Program|Thread \d+ \"[^\"]*\") received signal (SIG[A-Z]+)|"
                     r"Program terminated with signal (SIG[A-Z]+)")
_PLAIN = re.compile(r"(Segmentation fault|Bus error|Illegal instruction|Aborted|Floating point exception)"
                    r"(?: \(core dumped\))?")
_PLAIN_SIG = {"Segmentation fault": "SIGSEGV", "Bus error": "SIGBUS", "Illegal instruction": "SIGILL",
              "Aborted": "SIGABRT", "Floating point exception": "SIGFPE"}


def parse_gdb_frame(line: str) -> tuple[int, Frame] | None:
    m = _GDB_FRAME.match(line)
    if not m:
        return None
    func = m.group(3).strip()
    if func.startswith("0x") or " " in func and "::" not in func and "operator" not in func:
        return None
    return int(m.group(1)), Frame(function=func, file=m.group(5),
                                  line=int(m.group(6)) if m.group(6) else None, module=m.group(7))


def looks_like_gdb(text: str) -> bool:
    return bool(_SIGNAL.search(text)) or (bool(_PLAIN.search(text)) and "#0 " in text) or \
        bool(re.search(r"^\s*#0\s+(?:0x[0-9a-fA-F]+\s+in\s+)?\S+ \(.*\)(?: at \S+:\d+| from \S+)?\s*$",
                       text, re.M))


def parse_gdb(text: str) -> CrashReport | None:
    if "#0" not in text:
        return None
    lines = text.replace("\r\n", "\n").split("\n")
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
