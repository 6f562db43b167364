"""Crash reports pasted into GitHub issues: code fences, `<details>` blocks, quoted mail
(`> `), syzbot's report mails; and the reproducer snippets that come with them."""
from __future__ import annotations

import html
import re

from agent.reports.fences import fenced_blocks

_DETAILS = re.compile(r"</?(?:details|summary)[^>]*>", re.I)
_REPRO_LANGS = {"python", "py", "c", "cpp", "c++", "sh", "bash", "shell", "console", "zsh", "go", "rust",
                "js", "javascript", "java", "syz"}
_CRASH_HINTS = ("Traceback (most recent call last)", "Call Trace", "ERROR: AddressSanitizer", "runtime error:",
                "Sanitizer", "Program received signal", "Segmentation fault", "BUG:", "WARNING:", "Kernel panic",
                "general protection fault", "\nE   ", "INFO: task", "INFO: rcu")

SYZBOT_SUBJECT = re.compile(r"^(?:Subject:\s*)?(?:Re:\s*)?\[syzbot\](?:\s*\[[^\]]*\])*\s*(.+?)\s*$", re.M)
_SYZBOT_FIELDS = {
    "head_commit": re.compile(r"^HEAD commit:\s*(.+?)\s*$", re.M),
    "git_tree": re.compile(r"^git tree:\s*(.+?)\s*$", re.M),
    "console_output": re.compile(r"^console output:\s*(\S+)", re.M),
    "kernel_config": re.compile(r"^kernel config:\s*(\S+)", re.M),
    "dashboard_link": re.compile(r"^dashboard link:\s*(\S+)", re.M),
    "compiler": re.compile(r"^compiler:\s*(.+?)\s*$", re.M),
    "syz_repro": re.compile(r"^syz repro:\s*(\S+)", re.M),
    "c_reproducer": re.compile(r"^C reproducer:\s*(\S+)", re.M),
    "reported_by": re.compile(r"Reported-by:\s*(syzbot\+[\w.+-]+@[\w.-]+)"),
}


def unquote(text: str) -> str:
    """Strip mail quoting (`> `, `>> `) when most non-empty lines are quoted."""
    lines = text.split("\n")
    quoted = [ln for ln in lines if ln.lstrip().startswith(">")]
    nonempty = [ln for ln in lines if ln.strip()]
    if not nonempty or len(quoted) < max(3, len(nonempty) // 3):
        return text
    out = []
    for ln in lines:
        s = ln.lstrip()
        while s.startswith(">"):
            s = s[1:]
            if s.startswith(" "):
                s = s[1:]
            s2 = s.lstrip()
            if s2.startswith(">"):
                s = s2
        out.append(s if ln.lstrip().startswith(">") else ln)
    return "\n".join(out)


def looks_like_crash(text: str) -> bool:
    return any(h in text for h in _CRASH_HINTS)


def split_issue(text: str) -> tuple[list[str], list[str]]:
    """Return (candidate crash texts, reproducer snippets) of an issue body.

    Code blocks that hold a crash are candidates; other code blocks in a programming or shell
    language are reproducers. The whole (de-quoted, de-HTML'd) text is always the last candidate."""
    text = unquote(text)
    if "<details" in text.lower() or "&gt;" in text:
        text = _DETAILS.sub("\n", text)
        if "&lt;" in text or "&gt;" in text or "&amp;" in text:
            text = html.unescape(text)
    crashes: list[str] = []
    repros: list[str] = []
    if "```" in text or "~~~" in text:
        for blk in fenced_blocks(text):
            lang = blk.lang.lower()
            body = blk.body
            if not lang and is_c_program(body):      # an untagged fence holding a C/C++ program
                repros.append(body.rstrip("\n"))
            elif looks_like_crash(body) and lang not in ("python", "py", "c", "cpp", "c++", "go", "rust") \
                    or lang in ("pytb", "traceback", "log", "text", "txt", "console-output") and looks_like_crash(body):
                crashes.append(body)
            elif lang in _REPRO_LANGS or (not lang and re.search(r"^[^\S\n]*(\$ |python3? |gcc |clang |\./)", body, re.M)):
                if looks_like_crash(body) and TB_MARK in body:
                    crashes.append(body)
                else:
                    repros.append(body.rstrip("\n"))
    crashes.append(text)
    return crashes, repros


TB_MARK = "Traceback (most recent call last)"
_C_INCLUDE = re.compile(r"^[ \t]*#[ \t]*include[ \t]*[<\"]", re.M)
_C_MAIN = re.compile(r"^[ \t]*(?:int|void)\s+main\s*\(|\bint\s+LLVMFuzzerTestOneInput\s*\(", re.M)
_SAN_OUTPUT = re.compile(r"^==\d+==|^\s*#\d+ 0x[0-9a-f]+ in ", re.M)


def is_c_program(body: str) -> bool:
    """A C/C++ program recognised by its content (an `#include` line and a `main` definition, or a
    libFuzzer target's `LLVMFuzzerTestOneInput`), and not a sanitizer's output that quotes one."""
    return bool(_C_INCLUDE.search(body) and _C_MAIN.search(body) and not _SAN_OUTPUT.search(body))


def syzbot_facts(text: str) -> dict:
    facts: dict = {}
    m = SYZBOT_SUBJECT.search(text)
    if m:
        facts["title"] = m.group(1)
    for key, rx in _SYZBOT_FIELDS.items():
        mm = rx.search(text)
        if mm:
            facts[key] = mm.group(1)
    return facts
