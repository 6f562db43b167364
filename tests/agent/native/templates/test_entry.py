"""Checks at a function's entry (issue 39: cJSON #839's and libexif #247's fixes), with the real gcc and
ASan: a NULL parameter joined to the function's own entry check, and an unsigned length checked before
it is decremented; the first candidate that runs clean is that one."""
from __future__ import annotations

from agent.native.templates import generate

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n"
ASAN_ONLY = ["-g", "-O0", "-fno-omit-frame-pointer", "-fsanitize=address"]
REC = "typedef struct { char *name; size_t cap; int frozen; } rec;\n"


def first_clean(cprog, lib, main, crash_type):
    prog = cprog(HEAD + lib, HEAD + main, cflags=ASAN_ONLY)
    before = prog.run()
    assert before.built and not before.clean, before.output
    ctx, report = prog.context(before.output)
    assert report.type == crash_type, report.type
    cands = generate(ctx)
    i, cand = prog.first_clean(cands, 3)
    assert cand is not None, "\n".join(f"{c.template}: {c.description}\n{c.diff}" for c in cands[:3])
    prog.apply(cand.diff)
    patched = (prog.root / "lib.c").read_text()
    prog.revert()
    return cand, patched


def test_a_null_parameter_is_joined_to_the_api_functions_own_entry_check(cprog):
    """`rec_set_name(r, NULL)` crashes in strlen(name); the function already refuses a NULL or frozen
    record at its entry: the maintainers' fix adds `name == NULL` to that check."""
    lib = REC + ("char *rec_set_name(rec *r, const char *name)\n{\n    size_t n;\n"
                 "    if (r == NULL || r->frozen)\n    {\n        return NULL;\n    }\n"
                 "    n = strlen(name);\n    if (n >= r->cap)\n        return NULL;\n"
                 "    memcpy(r->name, name, n + 1);\n    return r->name;\n}\n")
    main = REC + ("char *rec_set_name(rec *r, const char *name);\nint main(void)\n{\n    char buf[8];\n"
                  "    rec r = {buf, sizeof buf, 0};\n    return rec_set_name(&r, NULL) == NULL ? 0 : 1;\n}\n")
    cand, _ = first_clean(cprog, lib, main, "null-dereference")
    assert cand.template == "c:entry_guard", (cand.template, cand.diff)
    assert "+    if (r == NULL || r->frozen || name == NULL)" in cand.diff, cand.diff


def test_an_entry_check_that_itself_dereferences_a_null_parameter_tests_it_first(cprog):
    """`if (r->frozen)` crashes on a NULL record: `r == NULL ||` goes in front of it (cJSON #803's
    `(object == NULL) ||`), not behind it, where it would come too late."""
    lib = REC + ("char *rec_set_name(rec *r, const char *name)\n{\n    if (r->frozen)\n        return NULL;\n"
                 "    if (strlen(name) >= r->cap)\n        return NULL;\n    strcpy(r->name, name);\n    return r->name;\n}\n")
    main = REC + ("char *rec_set_name(rec *r, const char *name);\n"
                  "int main(void)\n{\n    return rec_set_name(NULL, \"x\") == NULL ? 0 : 1;\n}\n")
    cand, patched = first_clean(cprog, lib, main, "null-dereference")
    assert cand.template == "c:entry_guard", (cand.template, cand.diff)
    assert "    if (r == NULL || r->frozen)\n        return NULL;\n" in patched, cand.diff


def test_an_unsigned_length_decremented_unchecked_is_checked_first(cprog):
    """maxlen == 0: `maxlen--` wraps and strncpy writes past the buffer (libexif #247's shape)."""
    lib = ("char *tag_value(int tag, char *val, unsigned int maxlen)\n{\n    if (!val)\n        return NULL;\n"
           "    memset(val, 0, maxlen);\n    maxlen--;\n    switch (tag) {\n    case 1:\n"
           "        strncpy(val, \"Normal\", maxlen);\n        break;\n    default:\n"
           "        snprintf(val, maxlen, \"%i\", tag);\n        break;\n    }\n    return val;\n}\n")
    main = ("char *tag_value(int tag, char *val, unsigned int maxlen);\nint main(void)\n{\n"
            "    char *v = malloc(1);\n    char *r = tag_value(1, v, 0);\n    free(v);\n    return r == NULL ? 0 : 1;\n}\n")
    cand, patched = first_clean(cprog, lib, main, "heap-buffer-overflow")
    assert cand.template == "c:length_underflow", (cand.template, cand.diff)
    assert "        return NULL;\n    if (maxlen < 1)\n        return NULL;\n    memset(val, 0, maxlen);" in patched, cand.diff


def test_a_callee_result_dropped_before_the_crash_is_tested_as_the_file_tests_it(cprog):
    """field_kind() ignores skip_name()'s -1 (no ':' in the input) and reads one past the end;
    count_fields() tests it: the same test, and the function's error value."""
    lib = ("typedef struct { const char *buf; size_t len; size_t pos; } cursor;\n\n"
           "static int skip_name(cursor *c)\n{\n    while (c->pos < c->len && c->buf[c->pos] != ':')\n"
           "        c->pos++;\n    if (c->pos >= c->len)\n        return -1;\n    c->pos++;\n    return 0;\n}\n\n"
           "int count_fields(cursor *c)\n{\n    if (skip_name(c) < 0)\n        return -1;\n"
           "    return c->buf[c->pos] == ' ' ? 2 : 1;\n}\n\n"
           "int field_kind(cursor *c)\n{\n    skip_name(c);\n    return c->buf[c->pos] == '\"' ? 1 : 0;\n}\n")
    main = ("typedef struct { const char *buf; size_t len; size_t pos; } cursor;\nint field_kind(cursor *c);\n"
            "int main(void)\n{\n    char *b = malloc(3);\n    memcpy(b, \"abc\", 3);\n    cursor c = {b, 3, 0};\n"
            "    int r = field_kind(&c);\n    free(b);\n    return r == -1 ? 0 : 1;\n}\n")
    prog = cprog(HEAD + lib, HEAD + main, cflags=ASAN_ONLY)
    before = prog.run()
    assert before.built and not before.clean, before.output
    ctx, report = prog.context(before.output)
    assert report.type == "heap-buffer-overflow", report.type
    ours = [c for c in generate(ctx) if c.template == "c:check_result"]
    i, cand = prog.first_clean(ours, 1)
    assert cand is not None, [c.diff for c in ours]
    assert "-    skip_name(c);\n+    if (skip_name(c) < 0)\n+        return -1;" in cand.diff, cand.diff


def test_a_loop_that_counts_an_unsigned_length_down_gets_no_underflow_check(cprog):
    """`while (n--)` stops at zero by itself: refusing n == 0 would change a working call."""
    lib = ("void copy_back(char *dst, const char *src, unsigned int n)\n{\n    while (n--)\n"
           "        dst[n] = src[n];\n}\n")
    main = ("void copy_back(char *dst, const char *src, unsigned int n);\nint main(void)\n{\n"
            "    char *d = malloc(2);\n    copy_back(d, \"abc\", 3);\n    free(d);\n    return 0;\n}\n")
    prog = cprog(HEAD + lib, HEAD + main, cflags=ASAN_ONLY)
    before = prog.run()
    assert "heap-buffer-overflow" in before.output, before.output
    ctx, _ = prog.context(before.output)
    cands = generate(ctx)
    assert cands and not [c for c in cands if c.template == "c:length_underflow"], [c.template for c in cands]
