"""An issue's text as GitHub shows it: HTML comments and the elements GitHub drops with their content
(`<script>`, `<style>`, `<template>`) removed, so that nothing a reader cannot see is parsed or run.

Security: issue text is untrusted; a fenced block inside `<!-- -->` is invisible on GitHub, so a
maintainer who labels the issue never saw it. Fenced code blocks (GitHub shows them verbatim,
a `<!--` inside included) are kept as they are; anywhere else a hidden part is cut, an unclosed
one to the end of the text (cutting too much only loses what crashfix would have run). Linear time.
"""
from __future__ import annotations

import re

_OPENER = re.compile(r"[ ]{0,3}(`{3,}|~{3,})([^\n]*)")
_HIDDEN = (("<!--", "-->"), ("<script", "</script>"), ("<style", "</style>"), ("<template", "</template>"))


def visible(text: str) -> str:
    """`text` without what GitHub does not render (see the module docstring)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lower = text.lower()
    out: list[str] = []
    i, n = 0, len(text)
    marks = {"<": -1, "```": -1, "~~~": -1}     # the next of each mark at or after i (found once each)
    while i < n:
        for mark, at in marks.items():
            if at < i:
                found = (lower if mark == "<" else text).find(mark, i)
                marks[mark] = n if found == -1 else found
        # lines before the one holding the next mark open no fence and hide nothing: kept whole
        k = text.rfind("\n", i, min(marks.values()))
        if k != -1:
            out.append(text[i:k + 1])
            i = k + 1
            if i >= n:
                break
        end = text.find("\n", i)
        end = n if end < 0 else end + 1
        fence = _fence_end(text, i, end)
        if fence is not None:
            out.append(text[i:fence])
            i = fence
            continue
        cut = _first_hidden(lower, i, end)
        if cut is None:
            out.append(text[i:end])
            i = end
            continue
        start, closer = cut
        out.append(text[i:start])
        stop = lower.find(closer, start + 4)
        i = n if stop < 0 else stop + len(closer)
    return "".join(out)


def _fence_end(text: str, start: int, end: int) -> int | None:
    """Where the fenced block opened by the line text[start:end] ends (after its closing line, or the
    text's end when unclosed, as GitHub renders it); None when the line opens none."""
    m = _OPENER.match(text, start, end)
    if not m or (m.group(1)[0] == "`" and "`" in m.group(2)):
        return None
    mark = m.group(1)
    i = end
    while i < len(text):
        line_end = text.find("\n", i)
        line_end = len(text) if line_end < 0 else line_end + 1
        line = text[i:line_end].strip(" \t\n")
        if len(text[i:line_end]) - len(text[i:line_end].lstrip(" ")) <= 3 and len(line) >= len(mark) \
                and line == mark[0] * len(line):
            return line_end
        i = line_end
    return len(text)


def _first_hidden(lower: str, start: int, end: int) -> tuple[int, str] | None:
    """The first hidden part that opens on the line lower[start:end]: (its offset, its closer)."""
    found = [(at, closer) for opener, closer in _HIDDEN if (at := lower.find(opener, start, end)) >= 0
             and (opener == "<!--" or _tag_ends(lower, at + len(opener)))]
    return min(found) if found else None


def _tag_ends(lower: str, at: int) -> bool:
    """`<script` is the element only when the name ends there (not `<scripts>`)."""
    return at >= len(lower) or lower[at] in " \t\n/>"
