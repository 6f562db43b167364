"""Windows debugger output: cdb / WinDbg `!analyze -v` and `k`/`kb` stacks.

    (14a8.c04): Access violation - code c0000005 (!!! second chance !!!)
    ...
       ExceptionCode: c0000005 (Access violation)
    Attempt to read from address 0000000000000000
    ...
    ChildEBP RetAddr
    002df7e4 00fd1423 ConsoleApplication2!crash+0x1e
    002df7e4 00fd1433 ConsoleApplication2!ggg+0x1f [c:\\src\\app.cpp @ 12]

type is the exception's name in lower-case words (`access-violation`, `stack-overflow`,
`integer-divide-by-zero`...); the access (read/write/execute and address) comes from
`Attempt to ... address`. Frames come from the debugger's own `k` stack (`ChildEBP RetAddr`,
`Child-SP RetAddr Call Site`) when the log holds one, else from `!analyze`'s STACK_TEXT.
"""
from __future__ import annotations

import re

from agent.reports.frames import is_noise
from agent.reports.model import Access, CrashReport, Frame
from agent.reports.scan import Scan, register, scan_of

_EXC_CODE = re.compile(r"ExceptionCode:\s*([0-9a-fA-F]{8})\s*\(([^)]*)\)")
_FIRST_LINE = re.compile(r"^\([0-9a-f]+\.[0-9a-f]+\):\s*(.+?)\s+-\s+code\s+([0-9a-fA-F]{8})", re.M)
_ATTEMPT = re.compile(r"Attempt to (read|write|execute)\b[^\n]*?address\s+(?:0x)?([0-9a-fA-F`]+)")
_STACK_HEAD = re.compile(r"^\s*(?:ChildEBP\s+RetAddr|Child-SP\s+RetAddr|STACK_TEXT:)", re.M)
# `002df7e4 00fd1423 [args...] [: ] module!func+0x1e [file @ line]`
_FRAME = re.compile(r"^\s*(?:[0-9a-fA-F`]{8,17}\s+){2,6}(?::\s+)?([\w.$@-]+)!([^\s+]+?)(?:\+0x[0-9a-fA-F]+)?"
                    r"(?:\s+\[(.+?)\s+@\s+(\d+)\])?\s*$")
_NAMES = {"c0000005": "access-violation", "c00000fd": "stack-overflow", "c0000094": "integer-divide-by-zero",
          "c000001d": "illegal-instruction", "80000003": "breakpoint", "c0000409": "stack-buffer-overrun",
          "c0000374": "heap-corruption", "c0000095": "integer-overflow", "c000008e": "float-divide-by-zero"}


_ANCHORS = register(("RetAddr", "STACK_TEXT:"))


def looks_like_cdb(text: str, scan: Scan | None = None) -> bool:
    return scan_of(text, scan).has(*_ANCHORS) and (
        "ExceptionCode:" in text or _FIRST_LINE.search(text) is not None)


def _type(text: str) -> str:
    m = _EXC_CODE.search(text) or _FIRST_LINE.search(text)
    if not m:
        return "exception"
    code, name = (m.group(1), m.group(2)) if m.re is _EXC_CODE else (m.group(2), m.group(1))
    known = _NAMES.get(code.lower())
    if known:
        return known
    words = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return words or f"exception-{code.lower()}"


def _stacks(lines: list[str]) -> list[tuple[str, list[Frame]]]:
    out = []
    i = 0
    while i < len(lines):
        if _STACK_HEAD.match(lines[i]):
            head = lines[i].strip()
            frames = []
            j = i + 1
            while j < len(lines):
                m = _FRAME.match(lines[j])
                if m:
                    frames.append(Frame(function=m.group(2), module=m.group(1), file=m.group(3),
                                        line=int(m.group(4)) if m.group(4) else None))
                elif lines[j].strip() and frames:
                    # STACK_TEXT lines wrapped by a console: one frame is lost, the rest still parse
                    if not re.match(r"^[\w+]+$", lines[j].strip()):
                        break
                j += 1
            if frames:
                out.append((head, frames))
            i = j
        else:
            i += 1
    return out


def parse_cdb(text: str) -> CrashReport | None:
    if not looks_like_cdb(text):
        return None
    lines = text.replace("\r\n", "\n").split("\n")
    stacks = _stacks(lines)
    if not stacks:
        return None
    own = [frames for head, frames in stacks if not head.startswith("STACK_TEXT")]
    frames = own[0] if own else stacks[0][1]
    typ = _type(text)
    access = None
    am = _ATTEMPT.search(text)
    if am:
        access = Access(op=am.group(1), address="0x" + am.group(2).replace("`", ""))
    guilty = next((f for f in frames if not is_noise(f)), frames[0])
    where = f"{guilty.module}!{guilty.function}" if guilty.module else guilty.function
    title = f"{typ} {access.op.upper()} in {guilty.function}" if access else f"{typ} in {guilty.function}"
    message = ""
    fl = _FIRST_LINE.search(text)
    if fl:
        message = fl.group(0).strip()
    return CrashReport(kind="cdb", type=typ, title=title, message=message, frames=frames, guilty=guilty,
                       access=access, signature=f"cdb:{typ}:{where}", extra={"tool": "cdb"})
