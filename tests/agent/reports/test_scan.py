"""The one-pass anchor scan: the Aho-Corasick pass and the str.find fallback agree, on ASCII,
non-ASCII and unencodable text, and parse() gives the same answers either way."""
from __future__ import annotations

from pathlib import Path

import pytest

import agent.reports  # noqa: F401  (registers every family's anchors)
from agent.reports import parse, scan

CORPORA = Path(__file__).resolve().parent / "golden"


def _fallback(monkeypatch):
    monkeypatch.setattr(scan, "_ac", None)
    monkeypatch.setattr(scan, "_MATCHER", None)


TEXTS = [
    "plain text, nothing here",
    "[ 1.0] BUG: KASAN: use-after-free in f+0x1/0x2\nRead of size 1\nCall Trace:\n g+0x1/0x2\n",
    "é ünïcode first, then BUG: and panic: and Traceback (most recent call last):\n",
    "a lone surrogate \ud800 then WARNING: and ==1==ERROR: AddressSanitizer: heap-use-after-free",
    "overlapping: Kernel panic - not syncing: Fatal error\nF0101 12:00:00.000 1 a.cc:3] x\n",
]


@pytest.mark.parametrize("text", TEXTS)
def test_fallback_finds_the_same_anchors(text, monkeypatch):
    fast = scan.Scan(text)
    _fallback(monkeypatch)
    slow = scan.Scan(text)
    assert fast._at == slow._at
    for pos in fast.at(scan._ANCHORS):
        assert any(text.startswith(a, pos) for a in scan._ANCHORS)


def test_positions_are_character_offsets_in_non_ascii_text():
    text = "ééé BUG: x\nπ panic: y"
    s = scan.Scan(text)
    assert s.first("BUG") == text.index("BUG") and s.first("panic") == text.index("panic")
    assert s.at(["BUG", "panic"], end=text.index("panic")) == [text.index("BUG")]
    assert s.has("BUG") and not s.has("syzbot") and s.first("syzbot") == -1


def test_an_unregistered_anchor_is_a_programming_error():
    with pytest.raises(KeyError):
        scan.Scan("x").has("never registered anchor")


def test_parse_is_the_same_without_the_fast_scanner(monkeypatch):
    files = sorted((CORPORA / "sanitizer").glob("*.txt"))[:25] + \
        sorted((CORPORA / "kernel").glob("*.txt"))[:25]
    texts = [f.read_text(errors="replace") for f in files]
    fast = [parse(t) for t in texts]
    _fallback(monkeypatch)
    slow = [parse(t) for t in texts]
    assert [(r.kind, r.type, r.title) if r else None for r in fast] == \
        [(r.kind, r.type, r.title) if r else None for r in slow]
