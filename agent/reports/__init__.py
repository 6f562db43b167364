"""Crash-report parsers: text in, CrashReport out. Pure standard library.

    parse(text)   -> CrashReport | None
    to_json(rep)  -> dict | None   (JSON-ready)
"""
from __future__ import annotations

import re
from dataclasses import asdict

from .cdb import looks_like_cdb, parse_cdb
from .gdb import looks_like_gdb, parse_gdb
from .kernel import find_first_oops, parse_kernel
from .markdown import split_issue, syzbot_facts
from .model import Access, CrashReport, Frame
from .python import TB_HEAD, parse_python
from .sanitizer import MARKERS as _SAN_MARKERS
from .check import _ANCHORS as _MSG_ANCHORS
from .sanitizer import locate as _san_locate
from .sanitizer import parse_sanitizer

__all__ = ["parse", "to_json", "CrashReport", "Frame", "Access"]

MAX_INPUT = 8 * 1024 * 1024


def _kernelish(text: str) -> bool:
    """Kernel headers such as `WARNING:` also occur in ordinary logs: ask for kernel evidence."""
    return ("Call Trace" in text or "Call trace:" in text or "RIP:" in text or "Kernel panic" in text
            or "syzbot" in text or "Hardware name:" in text or "Modules linked in" in text
            or "] " in text and "[" in text and _has_console_stamp(text) or "KASAN" in text or "KMSAN" in text
            or "KCSAN" in text or "backtrace:" in text or "PC is at" in text
            or "runtime stack:" in text or "\ngoroutine " in text)


def _has_console_stamp(text: str) -> bool:
    return re.search(r"^\S*\[ *\d+\.\d+\]", text[:200000], re.M) is not None


def _has_message(text: str) -> bool:
    return any(a in text for a in _MSG_ANCHORS) or text.startswith("F")


def _parse_one(text: str) -> CrashReport | None:
    has_tb = "Error" in text or "(most recent call last)" in text or "\nE   " in text
    has_san = "anitizer" in text or "runtime error:" in text or "ERROR: libFuzzer" in text \
        or _has_message(text)
    # Sanitizer report vs gdb: take whichever appears first.
    candidates = []
    if has_san:
        lines = text.split("\n")
        i, msg = _san_locate(text, lines)
        if msg is not None:
            i = msg.line
        if i is not None:
            candidates.append((sum(len(l) + 1 for l in lines[:i]), "san"))
    if "#0" in text and looks_like_gdb(text):
        m = re.search(r"(?:received signal|Segmentation fault|^\s*#0\s)", text, re.M)
        candidates.append((m.start() if m else len(text), "gdb"))
    if looks_like_cdb(text):
        m = re.search(r"ExceptionCode:|^\([0-9a-f]+\.[0-9a-f]+\):", text, re.M)
        candidates.append((m.start() if m else len(text), "cdb"))
    kernelish = _kernelish(text)
    if candidates and kernelish:
        # A whole kernel report before a user-space one (LKL: a kernel inside a fuzz target,
        # whose panic then aborts the process) is the crash; a corrupted one is not trusted
        # here (a fuzzer's log quoting a crash title).
        found = find_first_oops(text)
        if found is not None:
            candidates.append((found[1], "kernel"))
    # At the same position a user-space report wins (Go's `panic:` is also a gVisor oops header).
    for _, which in sorted(candidates, key=lambda c: (c[0], c[1] == "kernel")):
        rep = _PARSERS[which](text)
        if rep is not None and not (which == "kernel" and rep.corrupted):
            return rep
    if has_tb:
        rep = parse_python(text)
        if rep is not None:
            return rep
    if kernelish:
        rep = parse_kernel(text)
        if rep is not None:
            return rep
    return None


_PARSERS = {"san": parse_sanitizer, "gdb": parse_gdb, "cdb": parse_cdb, "kernel": parse_kernel}


def parse(text: str) -> CrashReport | None:
    """Parse the first crash in `text` (a raw log, an issue body, a syzbot mail...)."""
    if not isinstance(text, str) or not text.strip():
        return None
    text = text[:MAX_INPUT]
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if "\x00" in text:
        text = text.replace("\x00", "")
    facts = syzbot_facts(text) if "syzbot" in text else {}
    crashes, repros = split_issue(text) if ("```" in text or "~~~" in text or "<details" in text
                                            or "\n>" in text or text.startswith(">")) else ([text], [])
    rep = None
    for candidate in crashes:
        rep = _parse_one(candidate)
        if rep is not None:
            break
    if rep is None:
        return None
    if facts:
        rep.extra["syzbot"] = facts
        if facts.get("title") and rep.kind == "kernel":
            rep.extra["parsed_title"] = rep.title
            rep.title = facts["title"]
            rep.signature = "kernel:" + rep.title
        for key in ("c_reproducer", "syz_repro"):
            if facts.get(key):
                repros.append(facts[key])
    rep.reproducers = list(dict.fromkeys(rep.reproducers + repros))
    return rep


def _frame(f: Frame | None) -> dict | None:
    if f is None:
        return None
    return {"function": f.function, "file": f.file, "line": f.line, "module": f.module, "code": f.code,
            "in_repo": f.in_repo}


def to_json(report: CrashReport | None) -> dict | None:
    if report is None:
        return None
    extra = {k: v for k, v in report.extra.items() if k != "report"}
    return {
        "kind": report.kind,
        "type": report.type,
        "title": report.title,
        "message": report.message,
        "frames": [_frame(f) for f in report.frames],
        "guilty": _frame(report.guilty),
        "corrupted": bool(report.corrupted),
        "signature": report.signature,
        "reproducers": list(report.reproducers),
        "access": asdict(report.access) if report.access else None,
        "alloc_frames": [_frame(f) for f in report.alloc_frames],
        "free_frames": [_frame(f) for f in report.free_frames],
        "extra": _jsonable(extra),
    }


def _jsonable(v):
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    return str(v)
