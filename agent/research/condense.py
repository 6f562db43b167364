"""The issue text condensed for the model's prompts: pytest's banners, `_ _ _` separators and
repeated frames or lines removed; the user's words and the traceback kept."""
from __future__ import annotations

import re

BANNER = re.compile(r"^(?:=+ test session starts =+|platform \w+ -- Python .*|cachedir: .*|rootdir: .*|"
                    r"configfile: .*|plugins: .*|collect(?:ed|ing) \d+ items?.*|collecting \.\.\. .*|"
                    r"=+ (?:FAILURES|ERRORS|short test summary info|warnings summary) =+)\s*$")
TEST_HEADER = re.compile(r"^_{3,} (.+?) _{3,}$")
SEPARATOR = re.compile(r"^\s*(?:_ ){3,}_?\s*$|^\s*_{10,}\s*$")
FRAME = re.compile(r'^\s*File "[^"]+", line \d+, in \S+\s*$')


def _frames_deduped(lines: list[str]) -> list[str]:
    """A frame (its `File ...` line and the code under it) that repeats the one just before it is
    counted, not repeated (recursion)."""
    out: list[str] = []
    repeats, last = 0, None
    i = 0
    while i < len(lines):
        if FRAME.match(lines[i]):
            j = i + 1
            while j < len(lines) and lines[j].startswith("    ") and not FRAME.match(lines[j]):
                j += 1
            block = tuple(lines[i:j])
            if block == last:
                repeats += 1
            else:
                if repeats:
                    out.append(f"  [the frame above repeated {repeats} more times]")
                out.extend(block)
                last, repeats = block, 0
            i = j
            continue
        if repeats:
            out.append(f"  [the frame above repeated {repeats} more times]")
            repeats = 0
        last = None
        out.append(lines[i])
        i += 1
    if repeats:
        out.append(f"  [the frame above repeated {repeats} more times]")
    return out


def _runs_collapsed(lines: list[str]) -> list[str]:
    """Three or more identical lines in a row become one and a count."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and lines[j] == lines[i]:
            j += 1
        out.append(lines[i])
        if j - i >= 3 and lines[i].strip():
            out.append(f"[the line above repeated {j - i - 1} more times]")
        elif j - i == 2:
            out.append(lines[i])
        i = j
    return out


def condense_issue(text: str) -> str:
    lines = [l.rstrip() for l in text.replace("\r\n", "\n").split("\n")]
    lines = [l for l in lines if not BANNER.match(l.strip()) and not SEPARATOR.match(l)]
    lines = [TEST_HEADER.sub(r"--- \1", l) for l in lines]          # `____ test_x ____` names the test
    lines = _runs_collapsed(_frames_deduped(lines))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n"
