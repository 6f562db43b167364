"""Issue text is parsed in linear time, and under a deadline in a child process: the attacker's
shapes for the two catastrophic patterns (`_LEGACY`, `_CSA`) finish, and a parse that does run
too long is killed and said to be too slow while the worker goes on."""
from __future__ import annotations

import time

from agent.reports.check import split_csa
from agent.reports.demangle import _legacy, demangle
from agent.reports.guarded import GuardedParser
from parse_targets import every_parser

LIMIT = 8.0      # seconds of a child's time per input: generous; the fixed parsers take milliseconds


def _finishes(fn, arg, limit=LIMIT):
    with GuardedParser(timeout=limit, fn=fn) as p:
        done, value = p.call(arg)
    assert done, f"{getattr(fn, '__name__', fn)} ran past {limit}s"
    return value


def test_legacy_rust_symbol_with_a_long_run_after_the_prefix_finishes():
    # `((?:\d+[^\d][^E]*?)+)17h...` tried 2^n splits of "1a1a1a..."
    assert _finishes(_legacy, "_ZN" + "1a" * 15000 + "E") is None
    assert _finishes(_legacy, "_ZN1" + "a" * 30000) is None
    assert _finishes(demangle, "_ZN" + "1a" * 2000 + "E").startswith("_ZN")


def test_legacy_symbols_still_demangle_with_an_e_inside_a_name():
    assert demangle("_ZN4core9panicking5panic17h0123456789abcdefE") == "core::panicking::panic"
    # the former pattern refused a part holding an `E` after its first letter
    assert demangle("_ZN6MyEnum3get17h0123456789abcdefE") == "MyEnum::get"
    assert demangle("_ZN3foo17h0123456789abcdefX") == "_ZN3foo17h0123456789abcdefX"


def test_csa_abort_on_a_line_of_blanks_finishes():
    line = "abort: CSA_ASSERT failed: " + " " * 60000 + "!"
    text, files = _finishes(split_csa, line)
    assert text.startswith("CSA_ASSERT failed:") and text.endswith(" !") and files == []
    _finishes(every_parser, line)
    _finishes(every_parser, "abort: CSA_ASSERT failed: x" + " \t" * 30000 + "[a.cc:1]")


def test_csa_locations_are_peeled_from_the_right():
    assert split_csa("abort: CSA_ASSERT failed: IsFoo(x) [src/a.cc:12] [b.tq:3]  ") == \
        ("CSA_ASSERT failed: IsFoo(x)", ["src/a.cc", "b.tq"])
    assert split_csa("abort: CSA_DCHECK failed: a[1] < b") == ("CSA_DCHECK failed: a[1] < b", [])
    assert split_csa("no abort here") is None


def test_other_shapes_that_were_quadratic_finish():
    for text in ("Traceback (most recent call last):\n" + "E" * 65000 + "!",       # exception-name pattern
                 "Check failed: " + ".c" * 32000,                                  # file-name pattern
                 "Check failed: x" + " ( " * 21000 + "vs",                         # clean_condition
                 "[1:2:FATAL:a.cc(1)] Check failed: " + "[a:" * 21000,             # chromium log prefix
                 "==1==ERROR: AddressSanitizer: SEGV\n    #0 0x1 in f" + " " * 65000 + "!"):   # frame tails
        _finishes(every_parser, text)


def test_a_parse_past_its_deadline_is_killed_and_the_next_one_runs():
    with GuardedParser(timeout=0.5, fn=time.sleep) as p:
        t0 = time.monotonic()
        assert p.call(60) == (False, None)
        assert time.monotonic() - t0 < 10 and p.killed == 1
        assert p.call(0) == (True, None)            # a fresh child serves the next text


def test_guarded_parse_returns_the_report_as_data():
    body = 'Traceback (most recent call last):\n  File "a.py", line 3, in f\n    g()\nKeyError: \'x\'\n'
    with GuardedParser(timeout=LIMIT) as p:
        out = p.parse(body)
    assert not out.too_slow and out.report.type == "KeyError" and out.report.guilty.function == "f"



def test_the_deadline_counts_the_parse_not_the_childs_start_up():
    # the child imports a module that takes 1.5 s to load (a loaded machine spawning and importing):
    # a 0.3 s deadline is the parse's, so the text is still parsed, not called "too slow"
    import slow_import                       # tests/support: sleeps at import, in the child too
    with GuardedParser(timeout=0.3, fn=slow_import.echo) as p:
        assert p.call("x") == (True, "x") and p.killed == 0
