"""One pass over a text that finds every anchor the parsers look for.

Each parser module registers the substrings that can start its kind of crash (kernel oops
headers, CHECK/assert/panic messages, sanitizer banners, traceback heads...) with `register`.
`Scan(text)` then finds all of them in one Aho-Corasick pass (`ahocorasick_rs`, in Rust: about
2-3 ms per MB however many anchors there are) and answers "is X in the text" and "where are the
candidate lines" from that one pass, instead of one `str.find` scan per anchor and per question.
The parsers then read only the lines around the candidates (bounded parsing).

Without `ahocorasick_rs` (or for text it cannot take: lone surrogates) the same answers come
from `str.find`, one scan per anchor: correct, several times slower.
"""
from __future__ import annotations

from heapq import merge

try:
    import ahocorasick_rs as _ac
except ImportError:  # pragma: no cover - the dependency is declared; this keeps parsing alive without it
    _ac = None

_ANCHORS: list[str] = []
_INDEX: dict[str, int] = {}
_MATCHER = None


def register(anchors) -> tuple[str, ...]:
    """Add `anchors` to what every Scan looks for; returns them as a tuple."""
    global _MATCHER
    anchors = tuple(anchors)
    for a in anchors:
        if a and a not in _INDEX:
            _INDEX[a] = len(_ANCHORS)
            _ANCHORS.append(a)
            _MATCHER = None
    return anchors


def _matchers():
    """(for str, for ASCII bytes): the bytes one is faster, and an ASCII text's byte offsets
    are its character offsets."""
    global _MATCHER
    if _MATCHER is None and _ac is not None:
        _MATCHER = (_ac.AhoCorasick(_ANCHORS),
                    _ac.BytesAhoCorasick([a.encode() for a in _ANCHORS]) if all(a.isascii() for a in _ANCHORS)
                    else None)
    return _MATCHER


def _find_all(text: str) -> list[list[int]]:
    """Start offsets of every (possibly overlapping) occurrence of each anchor, by anchor index."""
    found: list[list[int]] = [[] for _ in _ANCHORS]
    m = _matchers()
    if m is not None:
        try:
            if m[1] is not None and text.isascii():
                hits = m[1].find_matches_as_indexes(text.encode("ascii"), overlapping=True)
            else:
                hits = m[0].find_matches_as_indexes(text, overlapping=True)
            for idx, start, _end in hits:
                found[idx].append(start)
            return found
        except (UnicodeError, ValueError):
            found = [[] for _ in _ANCHORS]
    for idx, a in enumerate(_ANCHORS):
        p = text.find(a)
        while p != -1:
            found[idx].append(p)
            p = text.find(a, p + 1)
    return found


class Scan:
    """Where each registered anchor occurs in one text."""

    __slots__ = ("text", "_at")

    def __init__(self, text: str):
        self.text = text
        self._at = _find_all(text)

    def _lists(self, anchors) -> list[list[int]]:
        out = []
        for a in anchors:
            i = _INDEX.get(a)
            if i is None:
                raise KeyError(f"anchor {a!r} is not registered")
            if i < len(self._at) and self._at[i]:
                out.append(self._at[i])
        return out

    def has(self, *anchors: str) -> bool:
        return bool(self._lists(anchors))

    def first(self, *anchors: str) -> int:
        """The first offset of any of `anchors`, -1 when none occurs."""
        firsts = [lst[0] for lst in self._lists(anchors)]
        return min(firsts) if firsts else -1

    def at(self, anchors, end: int | None = None) -> list[int]:
        """Sorted offsets of every occurrence of `anchors` (before `end` when given)."""
        lists = self._lists(anchors)
        out = list(merge(*lists)) if len(lists) > 1 else list(lists[0]) if lists else []
        if end is not None:
            from bisect import bisect_left
            out = out[:bisect_left(out, end)]
        return out


def scan_of(text: str, scan: Scan | None) -> Scan:
    """`scan` when it was made for this very text, else a new one."""
    return scan if scan is not None and scan.text is text else Scan(text)
