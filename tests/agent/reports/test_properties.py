"""Property-based tests: parse() never raises, and to_json() output is JSON-serialisable."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent.reports import parse, to_json

CORPORA = Path(__file__).resolve().parent / "golden"


def _samples() -> list[str]:
    out = []
    for d in ("kernel", "sanitizer"):
        folder = CORPORA / d
        if folder.is_dir():
            for p in sorted(folder.glob("*.txt"))[:40]:
                out.append(p.read_text(encoding="utf-8", errors="replace")[:20000])
    out.append('Traceback (most recent call last):\n  File "a.py", line 1, in f\n    x()\nKeyError: 1\n')
    out.append("#0  0x1 in main () at a.c:3\nProgram received signal SIGSEGV, Segmentation fault.\n")
    return out


SAMPLES = _samples()
_FRAGMENTS = ["Traceback (most recent call last):", "BUG: KASAN: ", "Call Trace:", "WARNING: CPU: 0",
              "==1==ERROR: AddressSanitizer: ", "#0 0x4 in ", "runtime error: ", " File \"x.py\", line ",
              "[   1.000000][ T1] ", "```", "> ", "<details>", "E   ", "INFO: task ", "RIP: 0010:",
              "Check failed: ", "| ", "  + Exception Group Traceback (most recent call last):", "\n"]

settings.register_profile("reports", deadline=None, max_examples=150,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("reports")


def _check(text: str) -> None:
    rep = parse(text)
    data = to_json(rep)
    assert json.loads(json.dumps(data)) == data          # the round trip: what is written reads back the same
    if rep is not None:
        assert set(["kind", "type", "title", "frames", "guilty", "corrupted"]) <= set(data)


@given(st.text(max_size=3000))
def test_arbitrary_text(text):
    _check(text)


@given(st.lists(st.sampled_from(_FRAGMENTS) | st.text(max_size=40), max_size=60).map("".join))
def test_marker_soup(text):
    _check(text)


@given(st.integers(0, len(SAMPLES) - 1), st.integers(0, 10**9), st.integers(0, 10**9))
def test_slices_of_real_logs(i, a, b):
    s = SAMPLES[i]
    a, b = sorted((a % (len(s) + 1), b % (len(s) + 1)))
    _check(s[a:b])


@given(st.integers(0, len(SAMPLES) - 1), st.randoms(use_true_random=False))
def test_shuffled_real_logs(i, rnd: random.Random):
    lines = SAMPLES[i].split("\n")
    rnd.shuffle(lines)
    _check("\n".join(lines))


@given(st.integers(0, len(SAMPLES) - 1), st.lists(st.tuples(st.integers(0, 10**6), st.text(max_size=30)),
                                                   max_size=10))
def test_garbage_inserted(i, inserts):
    s = SAMPLES[i]
    for pos, junk in inserts:
        p = pos % (len(s) + 1)
        s = s[:p] + junk + s[p:]
    _check(s)


@pytest.mark.parametrize("text", SAMPLES[:60])
def test_real_logs_roundtrip_json(text):
    _check(text)
