"""Any text parses to a result or "no crash found" (issue 36, bad input): every parser entry point
(tests/support/parse_targets.py) and the reproduction ladder's readers of issue code answer, never raise,
on text Python's own parser cannot read: code nested deeper than `ast.parse` can (it raised
MemoryError or RecursionError), a lone UTF-16 surrogate (JSON's `"\\ud800"`: UnicodeEncodeError) and a
NUL. Each body is run in the guarded parser's child, as triage and the backlog run them."""
from __future__ import annotations

import pytest

from agent.python.ladder.callsite import known_values
from agent.python.ladder.snippets import extract
from agent.reports.guarded import GuardedParser
from parse_targets import ENTRY_POINTS, run_entry

BODY = 65536


def _fill(head: str, piece: str, tail: str = "") -> str:
    n = BODY - len(head) - len(tail)
    return head + (piece * (n // len(piece) + 1))[:n] + tail


BODIES = [
    ("a unary minus nested past the parser's stack", _fill("```python\nx = ", "-", "1\n```\n")),
    ("a lone surrogate in a snippet", "```python\nimport shop\nshop.load('\ud800')\n```\n"),
    ("a lone surrogate in a traceback", 'Traceback (most recent call last):\n  File "/a/shop/b.py", line 3, in f\n'
                                        "    x = g('\ud800')\nKeyError: '\ud800'\n"),
    ("a NUL in a snippet", "```python\nimport shop\x00\nshop.load()\n```\n"),
]


@pytest.fixture(scope="module")
def guarded():
    with GuardedParser(timeout=30, fn=run_entry) as p:
        yield p


@pytest.mark.parametrize("name,body", BODIES, ids=[b[0] for b in BODIES])
def test_every_parser_answers_text_pythons_parser_cannot_read(guarded, name, body):
    for entry, _ in ENTRY_POINTS:
        done, answer = guarded.call((entry, body))       # ParserFailed when the entry point raised
        assert done and answer == "ok", entry


def test_the_snippet_readers_skip_what_does_not_parse_and_keep_the_rest():
    deep = "```python\nx = a" + "[0]" * 100_000 + "\n```\n"            # RecursionError in ast.parse
    kept = "```python\nimport shop\nshop.load('a')\n```\n"
    assert "import shop\nshop.load('a')\n" in [s.text for s in extract(deep + kept)]
    assert known_values("x = " + "-" * 100_000 + "1\nname = 'cfg'\nbad = '\ud800'\n").keys() == {"name"}
