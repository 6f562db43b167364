"""A catastrophe detector for the parsers of issue text (issue 22: "linear-time parsing, audit every
pattern"): each body below is a 65,536-character issue body (GitHub's limit) built to hit one pattern
that was quadratic or worse, and every parser entry point (tests/support/parse_targets.py: the ones
triage, the pipeline and the web hooks call) must finish it within `LIMIT` seconds, each entry point
in its own call to a child process.

The fixed parsers take well under half a second on each body; `LIMIT` is generous so that a loaded
machine does not fail the test, while a super-linear pattern (seconds to hours on these bodies) does.
Whole grid and figures: bench/bench_parser_grid.py."""
from __future__ import annotations

import pytest

from agent.reports.guarded import GuardedParser
from parse_targets import ENTRY_POINTS, run_entry

BODY = 65536
LIMIT = 5.0


def _fill(head: str, piece: str, tail: str = "") -> str:
    n = BODY - len(head) - len(tail)
    return head + (piece * (n // len(piece) + 1))[:n] + tail


# (what it attacks, body): each was slower than LIMIT before the rewrite named in the comment
BODIES = [
    # check.py: `^#\s*Fatal error in (.*?)(?:, line \d+)?\s*$` (V8), a lazy group before `\s*$`
    ("v8 fatal error over blanks", _fill("# Fatal error in ", " \t", "!")),
    # fences (markdown.split_issue, snippets.extract, python prose): `(`{3,}|~{3,})...\n(.*?)^\1`
    ("a line of backticks after an open fence", _fill("```\n", "`", "\n")),
    ("unclosed fences with an info string", _fill("", "```x\n")),
    # snippets `^\s*>>> `, expectations `^\s*expected`, mail `^\s*Reported-by:`: `^\s*` crossed lines
    ("blank lines", _fill("Traceback (most recent call last):\n", "\n", "x")),
    ("blank lines with spaces", _fill("Reported-by: x\n", " \n", "x")),
    # check.py: Android's `(.*?)'?\s*$`, V8's `(.+?)\.?\s*$`, `\.c:\S*\s*(?:ASSERT...|panic):`, glibc's lazy scans
    ("an Android abort message with blanks inside", _fill("Abort message: '[a.cc(1)] x", " ", "x")),
    ("a V8 API error with blanks inside", _fill("# ] V8 error: x", " ", "x")),
    ("file suffixes before a panic", _fill("", ".c:", " panic")),
    ("glibc assertions", _fill("", ": Assertion x fail")),
    # markdown: `^\s*(\$ |python3? |...)` over a fenced block of blank lines; snippets: `\s*\\\n\s*` on blanks
    ("a fenced block of blank lines", _fill("```\n", "\n", "\n```\n")),
    ("a shell block of blanks", _fill("```sh\n", " ", "\n```\n")),
    # expectations: `\s*(?:is|was)?\s*[:=]?\s*(?:\n\s*)?` before a backtick (cubic)
    ("an expectation cue before blanks", _fill("I expect", " \n", "x")),
    ("expected before blanks", _fill("expected", " ", "x")),
    # expectations (issue 34): a class name in prose after a wish, `>>>` sessions after a cue, "should give an error"
    ("a wish before a long dotted name", _fill("I'd expect a ", "A.", "x")),
    ("wishes before prompts", _fill("", "expected\n>>> f()\n")),
    ("a raise list that never ends", _fill("should raise A", ", `A")),
    ("error cues without an error", _fill("", "should give a proper ")),
    # expectations: "the text back unchanged" reads the snippet's argument from every fenced block
    ("unchanged cues over many snippets", _fill("I'd expect it unchanged\n", "```\nx = 'a'\nprint(f(x))\n```\n")),
    ("an unchanged cue before an unclosed fence", _fill("should be a no-op\n```\n", "(")),
    ("unchanged cue words that never end", _fill("", "should give back the text back ")),
    # the reporter's fix: "change `x` to `y`" cues without their code, hunks of one line each
    ("change cues without code", _fill("", "changing line 1 ")),
    ("a diff of many hunks", _fill("```diff\n", "@@ -1 +1 @@\n-    y = x.a\n+    y = x.b\n", "\n```\n")),
    # kernel mail: `.+<[^>]+>` tried each `<` of a line
    ("Reported-by and a line of <", _fill("Reported-by: a", "<", "\n")),
    # gdb: each `#0` of a line re-read (and matched) its whole line
    ("gdb frame heads on one line", _fill("#0  f (", "#0)", "\n")),
    # kernel titles: `([a-zA-Z][a-zA-Z0-9_.]+)\+0x...` tried each letter of a long symbol (clean_title)
    ("a kernel warning at a long symbol", _fill("WARNING: CPU: 0 PID: 1 at ", "g.", "\nCall Trace:\n")),
    # python: exception-group separators `^\s*\+[-+]*\s*(?:\d+|\.\.\.)?.*-{3,}\s*$` (cubic)
    ("exception group separator of dashes",
     _fill("  + Exception Group Traceback (most recent call last):\n  |   File \"a.py\", line 1, in <module>\n"
           "  | ExceptionGroup: eg (1 sub-exception)\n  +-+", "-", "x\n")),
    # python: the SyntaxError pattern scanned every later line for each `File` line
    ("File lines before a SyntaxError",
     _fill("SyntaxError: x\n", '  File "a.py", line 1\n    x = (\n    ^\n\n\n\n\n\n\n\n\n\n')),
]


@pytest.fixture(scope="module")
def guarded():
    with GuardedParser(timeout=LIMIT, fn=run_entry) as p:
        yield p


@pytest.mark.parametrize("name,body", BODIES, ids=[b[0] for b in BODIES])
def test_every_parser_finishes_a_hostile_body(guarded, name, body):
    assert len(body) == BODY
    slow = [entry for entry, _ in ENTRY_POINTS if not guarded.call((entry, body))[0]]
    assert not slow, f"{', '.join(slow)} ran past {LIMIT}s on {name!r}: {body[:60]!r}...{body[-30:]!r}"
