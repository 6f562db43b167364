"""Fenced code blocks of a markdown text, found in linear time.

`fenced_blocks(text)` yields exactly the matches that the former pattern

    ^[ \\t]*(`{3,}|~{3,})[ \\t]*([\\w+#.-]*)[^\\n]*\\n(.*?)^[ \\t]*\\1[ \\t]*$      (re.M | re.S)

gave with `finditer`, without its cost: each unclosed opening line made the pattern scan to the
end of the text, once per fence length it could backtrack to (a body of 65,536 backticks or of
`` ``` `` lines took seconds). Here the text is split into lines once, each closing line is indexed
by its fence, and an opening line looks up its first closer with a bisection.

Same rules as the pattern: an opening line is blanks, a run of at least three backticks or tildes
and anything up to a newline; its block ends at the first later line that is blanks, the same
fence and blanks; when no such line exists, the pattern backtracked to a shorter fence (the run's
rest then counts as the info string, so the language is empty), down to three; an opening line
without any closer opens nothing (its lines may open blocks of their own).
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Iterator


@dataclass(frozen=True)
class Block:
    start: int          # offset of the opening line
    end: int            # offset just after the closing fence line's last blank (before its newline)
    fence: str          # the fence the block was closed with ("```", "~~~~"...)
    lang: str           # the info string's first word (`python` in "```python title"), may be ""
    body_start: int
    body_end: int
    text: str

    @property
    def body(self) -> str:
        return self.text[self.body_start:self.body_end]

    @property
    def whole(self) -> str:
        return self.text[self.start:self.end]


def _lang(rest: str) -> str:
    """`[ \\t]*([\\w+#.-]*)` on the info string (`re` reads \\w on str as alphanumeric or `_`)."""
    rest = rest.lstrip(" \t")
    n = 0
    for ch in rest:
        if not (ch.isalnum() or ch in "_+#.-"):
            break
        n += 1
    return rest[:n]


def _run(stripped: str) -> tuple[str, int]:
    """(fence character, run length) at the start of `stripped`; run 0 when it opens no fence."""
    if not stripped or stripped[0] not in "`~":
        return "", 0
    c = stripped[0]
    n = len(stripped) - len(stripped.lstrip(c))
    return c, n


def fenced_blocks(text: str) -> Iterator[Block]:
    """The fenced blocks of `text`, in order, as the former pattern's `finditer` found them."""
    if "```" not in text and "~~~" not in text:
        return
    starts: list[int] = []           # offset of each line
    pos = 0
    n = len(text)
    while True:
        starts.append(pos)
        nl = text.find("\n", pos)
        if nl < 0:
            break
        pos = nl + 1
    count = len(starts)

    def line_end(i: int) -> int:      # offset of the line's newline (or the text's end)
        return starts[i + 1] - 1 if i + 1 < count else n

    closers: dict[tuple[str, int], list[int]] = {}   # (char, length) -> lines that are exactly that fence
    for i in range(count):
        core = text[starts[i]:line_end(i)].strip(" \t")
        if len(core) >= 3 and core[0] in "`~" and core == core[0] * len(core):
            closers.setdefault((core[0], len(core)), []).append(i)
    lengths = {c: sorted(k for ch, k in closers if ch == c) for c in "`~"}   # ascending

    i = 0
    while i < count - 1:            # an opening line needs a newline after it
        a, b = starts[i], line_end(i)
        stripped = text[a:b].lstrip(" \t")
        c, run = _run(stripped)
        found = None
        if run >= 3:
            ks = lengths[c]
            for x in range(bisect_right(ks, run) - 1, -1, -1):     # the longest fence first
                k = ks[x]
                lst = closers[(c, k)]
                at = bisect_right(lst, i)
                if at < len(lst):
                    found = (k, lst[at])
                    break
        if found is None:
            i += 1
            continue
        k, j = found
        lang = _lang(stripped[k:]) if k == run else ""
        end = line_end(j)               # `[ \t]*$` takes the closing line's trailing blanks too
        yield Block(start=a, end=end, fence=c * k, lang=lang, body_start=starts[i + 1], body_end=starts[j],
                    text=text)
        i = j + 1


def without_blocks(text: str, blocks=None, sep: str = "") -> str:
    """`text` with each fenced block (opening line to closing fence) replaced by `sep`."""
    out, at = [], 0
    for blk in (fenced_blocks(text) if blocks is None else blocks):
        out.append(text[at:blk.start])
        out.append(sep)
        at = blk.end
    out.append(text[at:])
    return "".join(out)
