"""The failure part of long outputs survives the cut; noise (warnings) does not push it out."""
from agent.excerpt import failure_excerpt

WARN = "".join(f"src/x.py:{i}: DeprecationWarning: old api\n  warnings.warn(...)\n" for i in range(512))
PYTEST = ("============================= test session starts ==============================\n"
          "collected 40 items\n\ntests/test_a.py ....F...\n\n"
          "=================================== FAILURES ===================================\n"
          "________________________________ test_pop _________________________________\n"
          "    def test_pop():\n>       assert pop([]) == 1\nE       IndexError: pop from empty list\n\n"
          "tests/test_a.py:7: IndexError\n"
          "=============================== warnings summary ===============================\n" + WARN +
          "=========================== short test summary info ============================\n"
          "FAILED tests/test_a.py::test_pop - IndexError: pop from empty list\n"
          "================== 1 failed, 39 passed, 512 warnings in 1.20s ==================\n")


def test_the_failures_section_and_the_summary_are_kept_warnings_dropped():
    out = failure_excerpt(PYTEST, 3000)
    assert len(out) < 3200 and "E       IndexError: pop from empty list" in out and "tests/test_a.py:7" in out
    assert "FAILED tests/test_a.py::test_pop" in out and "1 failed, 39 passed" in out
    assert "DeprecationWarning" not in out
    assert "DeprecationWarning" in PYTEST[-3000:] and "E       IndexError" not in PYTEST[-3000:]   # a tail would not


def test_a_program_traceback_is_kept_over_earlier_noise():
    text = "noise line\n" * 800 + "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n" \
           "    main()\nKeyError: 'sku'\n" + "cleanup log\n" * 10
    out = failure_excerpt(text, 1000)
    assert out.count("noise line") == 0 and "KeyError: 'sku'" in out and "Traceback" in out


def test_short_output_is_unchanged_and_plain_long_output_keeps_head_and_tail():
    assert failure_excerpt("ok\n", 100) == "ok\n"
    out = failure_excerpt("a" * 5000 + "THE END", 1000)
    assert out.endswith("THE END") and "characters cut" in out and len(out) < 1100
