"""The parser templates (issue 39) on small parsers crashed with the real gcc and ASan: a scanning loop's
bound, an off-by-one length comparison, a callee's error returned instead of a `break`; each candidate
must build and run clean with LeakSanitizer on (leak-free)."""
from __future__ import annotations

from agent.native.templates import generate

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n"
ASAN_ONLY = ["-g", "-O0", "-fno-omit-frame-pointer", "-fsanitize=address"]


def family_fixes(cprog, lib, main, family, crash_type=None):
    """The first candidate of `family`: it exists, builds and runs clean (leaks included)."""
    prog = cprog(HEAD + lib, HEAD + main, cflags=ASAN_ONLY)
    before = prog.run()
    assert before.built and not before.clean, before.output
    ctx, report = prog.context(before.output)
    if crash_type:
        assert report.type == crash_type, report.type
    cands = [c for c in generate(ctx) if c.template == f"c:{family}"]
    assert cands, [c.template for c in generate(ctx)]
    i, cand = prog.first_clean(cands, 3)
    assert cand is not None, "\n".join(f"{c.description}\n{c.diff}" for c in cands[:3])
    return cand


def test_a_scanning_loop_gets_its_bound_and_the_end_of_input_is_an_error(cprog):
    lib = ("int key_len(const char *buf, int len)\n{\n    int i = 0;\n    while (buf[i] != '=')\n        i++;\n"
           "    return i;\n}\n")
    main = ("int key_len(const char *buf, int len);\nint main(void)\n{\n    char *b = malloc(3);\n"
            "    memcpy(b, \"abc\", 3);\n    int r = key_len(b, 3);\n    free(b);\n    return r == -1 ? 0 : 1;\n}\n")
    cand = family_fixes(cprog, lib, main, "scan_bound", "heap-buffer-overflow")
    assert "while (i < len && buf[i] != '=')" in cand.diff and "if (i >= len)" in cand.diff


def test_a_zero_length_test_that_misses_negative_lengths(cprog):
    lib = "int last(const int *v, int len)\n{\n    if (len == 0)\n        return 0;\n    return v[len - 1];\n}\n"
    main = ("int last(const int *v, int len);\nint main(void)\n{\n    int *v = calloc(4, sizeof *v);\n"
            "    int r = last(v, -1);\n    free(v);\n    return r;\n}\n")
    cand = family_fixes(cprog, lib, main, "compare_edge", "heap-buffer-overflow")
    assert "+    if (len <= 0)" in cand.diff


def test_a_callee_error_is_returned_where_the_caller_only_breaks(cprog):
    lib = ("static int read_digit(const char *s, int *out)\n{\n    if (*s < '0' || *s > '9')\n        return -1;\n"
           "    *out = *s - '0';\n    return 0;\n}\n\n"
           "int weigh(const char **items, int n)\n{\n    int weights[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};\n"
           "    int total = 0, d = -1, i;\n    for (i = 0; i < n; i++) {\n"
           "        if (read_digit(items[i], &d) < 0)\n            break;\n        total += d;\n    }\n"
           "    return total + weights[d];\n}\n")
    main = ("int weigh(const char **items, int n);\nint main(void)\n{\n    const char *items[] = {\"x\"};\n"
            "    return weigh(items, 1) == -1 ? 0 : 1;\n}\n")
    cand = family_fixes(cprog, lib, main, "propagate")
    assert "-            break;\n+            return -1;" in cand.diff


def test_a_read_guarded_elsewhere_by_the_files_own_check_gets_that_check(cprog):
    """The file reads `at(b)[0]` after `cannot_read(b, 0) ||` in one place and without it at the crash:
    the same check, joined the same way, in front of the crash line's failing condition."""
    lib = ("typedef struct { const char *s; int n; int off; } buf_t;\n"
           "#define cannot_read(b, k) ((b)->off + (k) >= (b)->n)\n#define at(b) ((b)->s + (b)->off)\n\n"
           "static int key(buf_t *b)\n{\n    if (at(b)[0] != '\"')\n        return -1;\n    b->off++;\n    return 0;\n}\n\n"
           "int pair(buf_t *b)\n{\n    if (key(b) != 0)\n        return -1;\n"
           "    if (cannot_read(b, 0) || (at(b)[0] != ':'))\n        return -1;\n    return 1;\n}\n")
    main = ("typedef struct { const char *s; int n; int off; } buf_t;\nint pair(buf_t *b);\nint main(void)\n{\n"
            "    char *s = malloc(2);\n    memcpy(s, \"ab\", 2);\n    buf_t b = {s, 2, 2};\n    int r = pair(&b);\n"
            "    free(s);\n    return r == -1 ? 0 : 1;\n}\n")
    cand = family_fixes(cprog, lib, main, "own_guard", "heap-buffer-overflow")
    assert "+    if (cannot_read(b, 0) || (at(b)[0] != '\"'))" in cand.diff, cand.diff
