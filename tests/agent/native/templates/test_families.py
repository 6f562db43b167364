"""Each C fix family on a small program: the real sanitizer report in, a candidate among the first few
that builds with gcc and runs clean under ASan/UBSan out."""
from __future__ import annotations

from agent.native.templates import generate

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n"
ASAN_ONLY = ["-g", "-O0", "-fno-omit-frame-pointer", "-fsanitize=address"]   # a NULL read is then a SEGV


def fixed_by(cprog, lib, main, crash_type, family, limit=3, **kw):
    prog = cprog(HEAD + lib, HEAD + main, **kw)
    before = prog.run()
    assert before.built and not before.clean, before.output
    ctx, report = prog.context(before.output)
    assert report.type == crash_type, report.type
    cands = generate(ctx)
    i, cand = prog.first_clean(cands, limit)
    assert cand is not None, "\n".join(f"{c.template}: {c.description}\n{c.diff}" for c in cands[:limit])
    families = (family,) if isinstance(family, str) else family
    assert cand.template in [f"c:{f}" for f in families], (cand.template, cand.description, cand.diff)
    prog.apply(cand.diff)
    patched = (prog.root / "lib.c").read_text()
    prog.revert()
    return cand, patched


def test_null_check_returns_the_error_value_of_the_return_type(cprog):
    lib = ("struct item { const char *name; int qty; };\n"
           "static struct item items[] = {{\"nut\", 3}, {\"bolt\", 5}};\n"
           "struct item *find(const char *name)\n{\n    for (int i = 0; i < 2; i++)\n"
           "        if (strcmp(items[i].name, name) == 0)\n            return &items[i];\n    return NULL;\n}\n\n"
           "int qty_of(const char *name)\n{\n    struct item *it = find(name);\n    return it->qty;\n}\n")
    main = "int qty_of(const char *name);\nint main(void)\n{\n    printf(\"%d\\n\", qty_of(\"nut\"));\n" \
           "    return qty_of(\"washer\") == -1 ? 0 : 1;\n}\n"
    cand, patched = fixed_by(cprog, lib, main, "null-dereference", "null_guard", cflags=ASAN_ONLY)
    assert "+    if (it == NULL)\n+        return -1;" in cand.diff


def test_null_check_in_a_pointer_function_returns_null(cprog):
    lib = ("struct node { struct node *next; char *label; };\n"
           "const char *second_label(struct node *n)\n{\n    struct node *s = n->next;\n    return s->label;\n}\n")
    main = ("const char *second_label(void *n);\nstruct node { struct node *next; char *label; };\n"
            "int main(void)\n{\n    struct node one = {NULL, \"one\"};\n"
            "    return second_label(&one) == NULL ? 0 : 1;\n}\n")
    cand, patched = fixed_by(cprog, lib, main, "null-dereference", "null_guard", cflags=ASAN_ONLY)
    assert "return NULL;" in cand.diff


def test_bounds_check_against_the_length_field(cprog):
    lib = ("struct vec { int *items; int count; };\n"
           "int vec_get(const struct vec *v, int i)\n{\n    return v->items[i];\n}\n")
    main = ("struct vec { int *items; int count; };\nint vec_get(const struct vec *v, int i);\n"
            "int main(void)\n{\n    struct vec v = {malloc(3 * sizeof(int)), 3};\n"
            "    for (int i = 0; i < 3; i++) v.items[i] = i;\n"
            "    int r = vec_get(&v, 3);\n    free(v.items);\n    return r == -1 ? 0 : 1;\n}\n")
    cand, patched = fixed_by(cprog, lib, main, "heap-buffer-overflow", "bounds_guard")
    assert "i < 0 || i >= v->count" in cand.diff


def test_loop_bound_off_by_one(cprog):
    lib = "int sum(const int *a, int n)\n{\n    int s = 0;\n    for (int i = 0; i <= n; i++)\n" \
          "        s += a[i];\n    return s;\n}\n"
    main = "int sum(const int *a, int n);\nint main(void)\n{\n    int *a = malloc(4 * sizeof *a);\n" \
           "    for (int i = 0; i < 4; i++) a[i] = i;\n    int s = sum(a, 4);\n    free(a);\n" \
           "    return s == 6 ? 0 : 1;\n}\n"
    cand, patched = fixed_by(cprog, lib, main, "heap-buffer-overflow", "loop_bound", limit=1)
    assert "+    for (int i = 0; i < n; i++)" in cand.diff


def test_allocation_for_a_string_copy_gets_room_for_the_nul(cprog):
    lib = "char *dup(const char *s)\n{\n    char *d = malloc(strlen(s));\n    strcpy(d, s);\n    return d;\n}\n"
    main = "char *dup(const char *s);\nint main(void)\n{\n    char *d = dup(\"hello\");\n    puts(d);\n" \
           "    free(d);\n    return 0;\n}\n"
    cand, patched = fixed_by(cprog, lib, main, "heap-buffer-overflow", "alloc_size", limit=1)
    assert "malloc(strlen(s) + 1)" in cand.diff


def test_allocation_of_elements_not_bytes(cprog):
    lib = "long *squares(int n)\n{\n    long *v = malloc(n);\n    for (int i = 0; i < n; i++)\n" \
          "        v[i] = (long)i * i;\n    return v;\n}\n"
    main = "long *squares(int n);\nint main(void)\n{\n    long *v = squares(5);\n    int ok = v[4] == 16;\n" \
           "    free(v);\n    return ok ? 0 : 1;\n}\n"
    cand, patched = fixed_by(cprog, lib, main, "heap-buffer-overflow", "alloc_size", limit=2)
    assert "malloc(n * sizeof *v)" in cand.diff


def test_sizeof_the_pointer_instead_of_the_object(cprog):
    lib = "struct rec { long a, b, c, d; };\nstruct rec *rec_new(void)\n{\n" \
          "    struct rec *r = malloc(sizeof(r));\n    r->d = 4;\n    return r;\n}\n"
    main = "void *rec_new(void);\nint main(void)\n{\n    void *r = rec_new();\n    free(r);\n    return 0;\n}\n"
    cand, patched = fixed_by(cprog, lib, main, "heap-buffer-overflow", "alloc_size", limit=2)
    assert "malloc(sizeof *r)" in cand.diff


def test_signed_overflow_in_a_size_is_refused(cprog):
    lib = "int *table(int count)\n{\n    int bytes = count * (int)sizeof(int);\n" \
          "    return malloc((size_t)bytes);\n}\n"
    main = "int *table(int count);\nint main(void)\n{\n    free(table(4));\n" \
           "    return table(600000000) == NULL ? 0 : 1;\n}\n"
    cand, patched = fixed_by(cprog, lib, main, "integer-overflow", "size_overflow", limit=1)
    assert "count > INT_MAX / ((int)sizeof(int))" in cand.diff and "+#include <limits.h>" in cand.diff


def test_use_after_free_moves_the_free_after_the_last_use(cprog):
    lib = "struct node { struct node *next; int v; };\n" \
          "int pop_value(struct node **head)\n{\n    struct node *n = *head;\n    free(n);\n" \
          "    *head = n->next;\n    return 1;\n}\n"
    main = "struct node { struct node *next; int v; };\nint pop_value(struct node **head);\n" \
           "int main(void)\n{\n    struct node *n = calloc(1, sizeof *n);\n    pop_value(&n);\n" \
           "    return n == NULL ? 0 : 1;\n}\n"
    cand, patched = fixed_by(cprog, lib, main, "heap-use-after-free", "free_later", limit=1)
    assert "    *head = n->next;\n    free(n);\n    return 1;" in patched


def test_use_after_free_in_a_return_keeps_the_value_first(cprog):
    lib = "struct box { int v; };\nint unbox(struct box *b)\n{\n    free(b);\n    return b->v + 1;\n}\n"
    main = "struct box { int v; };\nint unbox(struct box *b);\nint main(void)\n{\n" \
           "    struct box *b = malloc(sizeof *b);\n    b->v = 41;\n    return unbox(b) == 42 ? 0 : 1;\n}\n"
    cand, patched = fixed_by(cprog, lib, main, "heap-use-after-free", "free_later", limit=1)
    assert "int result = b->v + 1;" in cand.diff and "return result;" in cand.diff


def test_double_free_clears_the_field_where_it_was_first_freed(cprog):
    lib = "struct buf { char *data; };\nvoid buf_reset(struct buf *b)\n{\n    free(b->data);\n}\n" \
          "void buf_free(struct buf *b)\n{\n    free(b->data);\n    free(b);\n}\n"
    main = "struct buf { char *data; };\nvoid buf_reset(struct buf *b);\nvoid buf_free(struct buf *b);\n" \
           "int main(void)\n{\n    struct buf *b = malloc(sizeof *b);\n    b->data = strdup(\"x\");\n" \
           "    buf_reset(b);\n    buf_free(b);\n    return 0;\n}\n"
    cand, patched = fixed_by(cprog, lib, main, "double-free", "null_after_free", limit=1)
    assert "buf_reset" in cand.description and "+    b->data = NULL;" in cand.diff


def test_double_free_in_one_function_drops_the_duplicate(cprog):
    lib = "int consume(char *p)\n{\n    int n = (int)strlen(p);\n    free(p);\n    if (n > 3)\n" \
          "        return n;\n    free(p);\n    return 0;\n}\n"
    main = "int consume(char *p);\nint main(void)\n{\n    return consume(strdup(\"ab\"));\n}\n"
    cand, patched = fixed_by(cprog, lib, main, "double-free", ("drop_free", "null_after_free"), limit=2)
    assert patched.count("free(p);") == 1 or "    free(p);\n    p = NULL;\n" in patched


def test_missing_initialisation_found_by_valgrind(cprog):
    """No sanitizer for uninitialised reads in gcc: valgrind's memcheck is the detector here."""
    import shutil
    import pytest
    if not shutil.which("valgrind"):
        pytest.skip("valgrind is not installed (./setup.sh installs it)")
    lib = "int count_positive(const int *v, int n)\n{\n    int total;\n    for (int i = 0; i < n; i++)\n" \
          "        if (v[i] > 0)\n            total++;\n    return total;\n}\n"
    main = "int count_positive(const int *v, int n);\nint main(void)\n{\n    int v[] = {1, -2, 3};\n" \
           "    if (count_positive(v, 3) == 2)\n        return 0;\n    return 1;\n}\n"
    prog = cprog(HEAD + lib, HEAD + main, cflags=["-g", "-O0"],
                 run_under=["valgrind", "-q", "--error-exitcode=9", "--exit-on-first-error=yes"])
    before = prog.run()
    assert before.code == 9 and "uninitialised" in before.output
    # valgrind's report is not a sanitizer report: the type and site are what the pipeline would pass on
    from agent.repair_context import RepairContext, Site
    ctx = RepairContext("use-of-uninitialized-value", "", [Site("lib.c", 9, "count_positive", 0)],
                        lambda p: (prog.root / p).read_text(), ["lib.c"])
    i, cand = prog.first_clean(generate(ctx), 1)
    assert cand is not None and cand.template == "c:init" and "int total = 0;" in cand.diff


def test_a_free_is_not_dropped_without_an_earlier_free_in_sight(cprog):
    """Dropping the crashing free when the first free happened elsewhere would only leak."""
    lib = "struct buf { char *data; };\nvoid buf_reset(struct buf *b)\n{\n    free(b->data);\n}\n" \
          "void buf_free(struct buf *b)\n{\n    free(b->data);\n    free(b);\n}\n"
    main = "struct buf { char *data; };\nvoid buf_reset(struct buf *b);\nvoid buf_free(struct buf *b);\n" \
           "int main(void)\n{\n    struct buf *b = malloc(sizeof *b);\n    b->data = strdup(\"x\");\n" \
           "    buf_reset(b);\n    buf_free(b);\n    return 0;\n}\n"
    prog = cprog(HEAD + lib, HEAD + main)
    ctx, _ = prog.context()
    cands = generate(ctx)
    assert cands and not [c for c in cands if c.template == "c:drop_free"]


def family_fix(cprog, lib, main, family, **kw):
    """The best-ranked candidate of `family` builds and runs clean (the other families aside)."""
    prog = cprog(HEAD + lib, HEAD + main, **kw)
    before = prog.run()
    assert before.built and not before.clean, before.output
    ctx, _ = prog.context(before.output)
    ours = [c for c in generate(ctx) if c.template == f"c:{family}"]
    assert ours, f"no {family} candidate"
    i, cand = prog.first_clean(ours, 1)
    assert cand is not None, ours[0].diff
    return cand


def test_widening_a_size_product_to_size_t(cprog):
    lib = "#include <stdint.h>\nlong long cells(int rows, int cols)\n{\n    int n = rows * cols;\n    return n;\n}\n"
    main = "long long cells(int rows, int cols);\nint main(void)\n{\n" \
           "    return cells(70000, 70000) == 4900000000LL ? 0 : 1;\n}\n"
    cand = family_fix(cprog, lib, main, "widen")
    assert "size_t n = (size_t)rows * cols;" in cand.diff


def test_null_check_in_the_caller_when_the_callee_dereferences_its_parameter(cprog):
    lib = "int length(const char *s)\n{\n    return (int)strlen(s);\n}\n" \
          "int total(const char *a, const char *b)\n{\n    int n = length(a);\n    n += length(b);\n    return n;\n}\n"
    main = "int total(const char *a, const char *b);\nint main(void)\n{\n" \
           "    return total(\"ab\", NULL) == -1 ? 0 : 1;\n}\n"
    cand = family_fix(cprog, lib, main, "null_guard_caller", cflags=ASAN_ONLY)
    assert "if (b == NULL)" in cand.diff and "total()" in cand.description


def test_loop_reading_the_next_element_stops_one_earlier(cprog):
    lib = "int rises(const int *v, int n)\n{\n    int r = 0;\n    for (int i = 0; i < n; i++)\n" \
          "        if (v[i + 1] > v[i])\n            r++;\n    return r;\n}\n"
    main = "int rises(const int *v, int n);\nint main(void)\n{\n    int *v = malloc(3 * sizeof *v);\n" \
           "    v[0] = 1; v[1] = 2; v[2] = 3;\n    int r = rises(v, 3);\n    free(v);\n    return r == 2 ? 0 : 1;\n}\n"
    cand = family_fix(cprog, lib, main, "loop_bound")
    assert "i + 1 < n" in cand.diff


def test_countdown_loop_starts_at_the_last_element(cprog):
    lib = "int last_negative(const int *v, int n)\n{\n    for (int i = n; i >= 0; i--)\n" \
          "        if (v[i] < 0)\n            return i;\n    return -1;\n}\n"
    main = "int last_negative(const int *v, int n);\nint main(void)\n{\n    int *v = malloc(3 * sizeof *v);\n" \
           "    v[0] = -1; v[1] = 2; v[2] = 3;\n    int r = last_negative(v, 3);\n    free(v);\n" \
           "    return r == 0 ? 0 : 1;\n}\n"
    cand = family_fix(cprog, lib, main, "loop_bound")
    assert "int i = n - 1;" in cand.diff


def test_calloc_and_memset_zero_a_heap_object(cprog):
    import shutil
    import pytest
    if not shutil.which("valgrind"):
        pytest.skip("valgrind is not installed (./setup.sh installs it)")
    lib = "struct counter { int hits; int misses; };\nstruct counter *counter_new(void)\n{\n" \
          "    struct counter *c = malloc(sizeof *c);\n    return c;\n}\n" \
          "int counter_bump(struct counter *c)\n{\n    if (c->hits > 100)\n        return 0;\n" \
          "    c->hits++;\n    return 1;\n}\n"
    main = "void *counter_new(void);\nint counter_bump(void *c);\nint main(void)\n{\n    void *c = counter_new();\n" \
           "    int r = counter_bump(c);\n    free(c);\n    return r == 1 ? 0 : 1;\n}\n"
    run_under = ["valgrind", "-q", "--error-exitcode=9", "--exit-on-first-error=yes"]
    from agent.repair_context import RepairContext, Site
    for family, expect in (("calloc", "calloc(1, sizeof *c)"), ("memset", "memset(c, 0, sizeof *c);")):
        prog = cprog(HEAD + lib, HEAD + main, cflags=["-g", "-O0"], run_under=run_under)
        assert prog.run().code == 9
        ctx = RepairContext("use-of-uninitialized-value", "", [Site("lib.c", 12, "counter_bump", 0)],
                            lambda p: (prog.root / p).read_text(), ["lib.c"])
        ours = [c for c in generate(ctx) if c.template == f"c:{family}"]
        i, cand = prog.first_clean(ours, 1)
        assert cand is not None and expect in cand.diff
        shutil.rmtree(prog.root / ".git")
