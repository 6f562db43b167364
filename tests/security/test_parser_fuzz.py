"""A bounded fuzz test of every parser of issue text: inputs up to GitHub's 65,536-character body,
built from adversarial shapes (runs of blanks, `_ZN` prefixes, repeated `#0 0x` lines, nested
brackets...), each parsed in a child that must answer within a generous deadline."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent.reports.guarded import GuardedParser
from parse_targets import every_parser

BODY = 65536
LIMIT = 8.0
HEADS = ["", "Traceback (most recent call last):\n  File \"a.py\", line 1, in f\n", "==1==ERROR: AddressSanitizer: ",
         "    #0 0x1 in f", "#0  f (", "_ZN", "_RNv", "Check failed: ", "[1:2:FATAL:a.cc(1)] Check failed: ",
         "abort: CSA_ASSERT failed: ", "E   ", "thread 'main' panicked at '", "Subject: [syzbot] ", "```\n",
         "BUG: KASAN: slab-out-of-bounds in f\nCall Trace:\n", "[   12.345] ", "Abort message: '", "# Fatal error in ",
         "+ Exception Group Traceback (most recent call last):\n", "ExceptionCode: c0000005 (", "/crashfix fix ",
         "$ python -c '", ">>> ", "panic: x\n\ngoroutine 1 [running]:\n"]
PIECES = [" ", "\t", " \n", "a", "1a", "E", "Aa", "Error", "[", "[a:1]", "[[]]", "(", "( ", "(a", ":", "a:", ".c", "c.",
          "_", "#0 0x1 in f\n", "#0 0x", "0x", "<", ">", "\"", "'", "`", "```", "$ ", "> ", " vs. ", "=", "\\", "/", "a/",
          "1", "?", " in ", " at ", "-", "+", "|", "~", "\n"]
shapes = st.builds(lambda head, piece, n, tail: head + (piece * (n // len(piece) + 1))[:n] + tail,
                   st.sampled_from(HEADS), st.sampled_from(PIECES), st.integers(1000, BODY - 200),
                   st.sampled_from(["", "!", "\n", "E", "]", ")", "17h0123456789abcdefE"]))
mixes = st.lists(st.tuples(st.sampled_from(HEADS + PIECES), st.integers(1, 4000)), min_size=1, max_size=12).map(
    lambda parts: "".join(p * k for p, k in parts)[:BODY])


# The whole grid (each head, each piece repeated to a full body) takes ~11 min: bench/bench_parser_grid.py.


@pytest.fixture(scope="module")
def guarded():
    with GuardedParser(timeout=LIMIT, fn=every_parser) as p:
        yield p


def _within_deadline(guarded, text):
    done, _ = guarded.call(text)
    assert done, f"a {len(text)}-character input ran past {LIMIT}s: {text[:80]!r}...{text[-40:]!r}"


@settings(deadline=None, max_examples=40, derandomize=True, suppress_health_check=list(HealthCheck))
@given(text=shapes)
def test_every_parser_finishes_on_repeated_shapes(guarded, text):
    _within_deadline(guarded, text)


@settings(deadline=None, max_examples=25, derandomize=True, suppress_health_check=list(HealthCheck))
@given(text=mixes | st.text(max_size=BODY))
def test_every_parser_finishes_on_mixed_shapes(guarded, text):
    _within_deadline(guarded, text)
