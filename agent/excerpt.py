"""The part of a test or program output that shows the failure: pytest's FAILURES/ERRORS section
(or the last traceback) and the summary at the end, not the last N characters -- a tail can be all
deprecation warnings."""
from __future__ import annotations

import re

SECTION = re.compile(r"^=+ (?:FAILURES|ERRORS) =+$", re.M)
SECTION_END = re.compile(r"^=+ (?:warnings summary|short test summary info|captured \w+ \w+|"
                         r"[^=]*\b(?:passed|failed|errors?|no tests ran)\b[^=]* in [\d.]+s.*) =+$", re.M)
SUMMARY = re.compile(r"^=+ short test summary info =+$", re.M)
TRACEBACK = "Traceback (most recent call last):"


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    head, tail = text[: limit * 2 // 3], text[-(limit // 3):]
    return f"{head}\n[... {len(text) - len(head) - len(tail)} characters cut ...]\n{tail}"


def _summary(text: str, limit: int) -> str:
    """pytest's short test summary and result line, else the last lines."""
    m = SUMMARY.search(text)
    part = text[m.start():] if m else text[-limit:]
    return part[-limit:]


WARNING_LINE = re.compile(r"^\S.*:\d+: [A-Z]\w*Warning: ")
WARNINGS_SECTION = re.compile(r"^=+ warnings summary =+\n[\s\S]*?(?=^=+ |\Z)", re.M)


def drop_warnings(text: str) -> str:
    """`text` without Python's warning lines (`file.py:12: DeprecationWarning: ...` and the source line
    printed under each) and pytest's warnings summary, saying how many lines went."""
    out, dropped, under = [], 0, False
    for line in text.splitlines(keepends=True):
        if WARNING_LINE.match(line):
            dropped, under = dropped + 1, True
            continue
        if under and line.startswith("  ") and not line.lstrip().startswith("File "):
            dropped += 1
            continue
        under = False
        out.append(line)
    kept = "".join(out)
    section = WARNINGS_SECTION.search(kept)
    if section:
        dropped += section.group(0).count("\n")
        kept = kept[:section.start()] + kept[section.end():]
    return f"[{dropped} lines of warnings dropped]\n{kept}" if dropped else text


def failure_excerpt(text: str, limit: int = 4000) -> str:
    """At most about `limit` characters of `text`, chosen to show the failure (warnings dropped)."""
    text = drop_warnings(text)
    if len(text) <= limit:
        return text
    summary = _summary(text, min(1200, limit // 3))
    room = max(limit - len(summary) - 40, limit // 3)
    m = SECTION.search(text)
    if m:
        end = SECTION_END.search(text, m.end())
        failure = text[m.start(): end.start() if end else len(text)]
    else:
        at = text.rfind(TRACEBACK)
        if at < 0:
            return _cut(text, limit)
        failure, summary = text[at:], ""         # the traceback runs to the end: it holds the end
    cut_note = f"[{len(text)} characters of output; the failure part shown]\n"
    return cut_note + _cut(failure.rstrip(), room) + (f"\n[...]\n{summary.strip()}" if summary else "")
