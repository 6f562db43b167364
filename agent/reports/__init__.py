"""Crash-report parsers: text in, CrashReport out.

    parse(text)   -> CrashReport | None
    to_json(rep)  -> dict | None   (JSON-ready)

One pass (`scan.Scan`) finds every anchor any family looks for; each family then parses only
around its candidate lines.
"""
from __future__ import annotations

import re
from dataclasses import asdict

from agent.reports.cdb import looks_like_cdb, parse_cdb
from agent.reports.check import has_message
from agent.reports.frameless import parse_frameless
from agent.reports.gdb import gdb_start, parse_gdb
from agent.reports.jvm import parse_jvm
from agent.reports.kernel import find_first_oops, parse_kernel
from agent.reports.markdown import split_issue, syzbot_facts
from agent.reports.model import Access, CrashReport, Frame
from agent.reports.normalise import norm_message
from agent.reports.python import parse_cut, parse_python
from agent.reports.repo import prefer_repo
from agent.reports.sanitizer import locate as _san_locate
from agent.reports.sanitizer import parse_sanitizer
from agent.reports.scan import Scan, register
from agent.reports.visible import visible

__all__ = ["parse", "parse_issue", "to_json", "CrashReport", "Frame", "Access"]

MAX_INPUT = 8 * 1024 * 1024

_KERNEL_EVIDENCE = register(("Call Trace", "Call trace:", "RIP:", "Kernel panic", "syzbot", "Hardware name:",
                             "Modules linked in", "KASAN", "KMSAN", "KCSAN", "backtrace:", "PC is at",
                             "runtime stack:", "\ngoroutine "))
_TRACEBACK = register(("Error", "(most recent call last)", "\nE   "))
_SANITIZER = register(("anitizer", "runtime error:", "ERROR: libFuzzer"))
_JVM = register(("\tat ", "  at ", "\n at ", "\nat ", "AndroidRuntime"))
_PLACELESS = re.compile(r":unknown:")
_TITLE_FUNCTION = re.compile(r" in ([A-Za-z_][\w.]*)")
_MARKDOWN = register(("```", "~~~", "<details", "\n>"))


def _kernelish(text: str, scan: Scan) -> bool:
    """Kernel headers such as `WARNING:` also occur in ordinary logs: ask for kernel evidence."""
    return scan.has(*_KERNEL_EVIDENCE) or ("] " in text and "[" in text and _has_console_stamp(text))


def _has_console_stamp(text: str) -> bool:
    return re.search(r"^\S*\[ *\d+\.\d+\]", text[:200000], re.M) is not None


def _parse_one(text: str, scan: Scan) -> CrashReport | None:
    has_tb = scan.has(*_TRACEBACK)
    has_san = scan.has(*_SANITIZER) or has_message(text, scan)
    # Sanitizer report vs gdb: take whichever appears first.
    candidates = []
    lines = located = None
    if has_san:
        lines = text.split("\n")
        located = _san_locate(text, lines, scan)
        _, offset, msg = located
        if msg is not None:
            offset = msg.pos
        if offset is not None:
            candidates.append((offset, "san"))
    gdb_at = gdb_start(text, scan)
    if gdb_at is not None:
        candidates.append((gdb_at, "gdb"))
    if looks_like_cdb(text, scan):
        m = re.search(r"ExceptionCode:|^\([0-9a-f]+\.[0-9a-f]+\):", text, re.M)
        candidates.append((m.start() if m else len(text), "cdb"))
    kernelish = _kernelish(text, scan)
    if candidates and kernelish:
        # A whole kernel report before a user-space one (LKL: a kernel inside a fuzz target,
        # whose panic then aborts the process) is the crash; a corrupted one is not trusted
        # here (a fuzzer's log quoting a crash title).
        found = find_first_oops(text, scan)
        if found is not None:
            candidates.append((found[1], "kernel"))
    # At the same position a user-space report wins (Go's `panic:` is also a gVisor oops header).
    for _, which in sorted(candidates, key=lambda c: (c[0], c[1] == "kernel")):
        rep = parse_sanitizer(text, scan, lines, located) if which == "san" else \
            parse_kernel(text, scan, later=False) if which == "kernel" else _PARSERS[which](text)
        if rep is not None and not (which == "kernel" and rep.corrupted):
            return rep
    if scan.has(*_JVM):
        rep = parse_jvm(text)
        if rep is not None:
            return rep
    if has_tb:
        rep = parse_python(text)
        if rep is not None:
            return rep
    if kernelish:
        rep = parse_kernel(text, scan)
        if rep is not None:
            return rep
    return None


_PARSERS = {"san": parse_sanitizer, "gdb": parse_gdb, "cdb": parse_cdb, "kernel": parse_kernel}


def parse(text: str, repo: str | None = None) -> CrashReport | None:
    """Parse the first crash in `text` (a raw log, an issue body, a syzbot mail...). `repo`
    (`owner/name`, where the issue was filed): the guilty frame is its code's where the frames show
    it (agent/reports/repo.py)."""
    if not isinstance(text, str) or not text or text.isspace():
        return None
    text = text[:MAX_INPUT]
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if "\x00" in text:
        text = text.replace("\x00", "")
    scan = Scan(text)
    facts = syzbot_facts(text) if scan.has("syzbot") else {}
    crashes, repros = split_issue(text) if (scan.has(*_MARKDOWN) or text.startswith(">")) else ([text], [])
    rep = None
    for candidate in crashes:
        rep = _parse_one(candidate, scan if candidate is text else Scan(candidate))
        if rep is not None:
            break
    if rep is None and scan.has(*_TRACEBACK):
        # A traceback cut before its exception line: the exception from the title or the prose.
        for candidate in crashes:
            rep = parse_cut(candidate, text)
            if rep is not None:
                break
    if rep is None:
        # an exception's line alone, no frame anywhere: a crash that stands alone
        rep = parse_frameless(text)
    if rep is None:
        return None
    if facts:
        rep.extra["syzbot"] = facts
        if facts.get("title") and rep.kind == "kernel":
            rep.extra["parsed_title"] = rep.title
            # "(3)": syzbot's count of the bugs it filed under that title, not the crash's: the console shows none
            rep.title = re.sub(r" \(\d+\)$", "", facts["title"])
            rep.signature = "kernel:" + rep.title
        for key in ("c_reproducer", "syz_repro"):
            if facts.get(key):
                repros.append(facts[key])
    rep.reproducers = list(dict.fromkeys(rep.reproducers + repros))
    if rep.kind == "kernel" and rep.guilty is None and (not rep.corrupted or facts.get("title")):
        # a title names its function by syzkaller's rule (`KASAN: use-after-free Read in f`): the
        # guilty frame where the stack was not pasted or not read (syzbot's own title even when the
        # pasted report is cut)
        m = _TITLE_FUNCTION.search(rep.title or "")
        if m and m.group(1) != "corrupted":
            rep.guilty = Frame(function=m.group(1))
    if rep.kind == "kernel" and rep.corrupted and rep.signature and not facts.get("title"):
        # a corrupted report's title (`BUG: soft lockup in corrupted`) names no function: two
        # machines' soft lockups are not one crash because of it; its first line tells them apart
        # (the same report pasted twice still groups)
        rep.signature += ":" + norm_message(rep.message, limit=200)
    if rep.kind in ("go", "rust") and _PLACELESS.search(rep.signature):
        # a Go or Rust panic with no place of its own (`panic: runtime error: index out of range`
        # alone, Rust's `libcore/result.rs`): the same generic message in two issues, perhaps of two
        # projects, is no evidence of one crash; a singleton, never a group
        rep.signature = ""
    rep = prefer_repo(rep, repo)
    if repo:
        rep.signature = _in_repo(rep, repo)
    return rep


_PLACE_UNKNOWN = re.compile(r"^[^:]+:[^:]+:\?:")       # `python:KeyError:?:...`, `sanitizer:SEGV:?:...`
_LETTERS = re.compile(r"[A-Za-z]{3,}")


def _in_repo(rep: CrashReport, repo: str) -> str:
    """A report that names no place of its own (no frame: a pasted exception line, a title) is
    one crash with another only in the same repository and by the same exception and message (the
    title-level signature): `KeyError: 'streamingData'` twice in one project's issues, never in two
    projects'. A message without words (`KeyError: 0`, none) keeps it a singleton, and so does a Go
    or Rust runtime message (`index out of range`: every program's)."""
    sig = rep.signature
    if sig and not _PLACE_UNKNOWN.match(sig):
        return sig
    said = norm_message(rep.message, limit=120)
    if rep.kind in ("go", "rust") or not _LETTERS.search(said):
        return ""
    short = (rep.type or "").rsplit(".", 1)[-1]
    return f"{rep.kind}:{short}:?:{said}@{repo.strip('/').lower()}"


def parse_issue(text: str, repo: str | None = None) -> CrashReport | None:
    """An issue's crash as GitHub shows the issue (agent/reports/visible.py: a traceback inside an HTML
    comment is not there): what triage labels is what a fix run reads. `repo`: the issue's
    repository (`owner/name`), which names the project's own frames."""
    return parse(visible(text), repo) if isinstance(text, str) else None


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
        # where the exception's type and message were read: the traceback, or (a cut paste) the
        # issue's title or prose; None for reports that are not Python tracebacks
        "exception_from": report.extra.get("exception_from", "traceback") if report.kind == "python" else None,
    }


def _jsonable(v):
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    return str(v)
