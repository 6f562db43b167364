"""The report's free and allocation stacks lead the C templates to the buggy free or allocation in
another file than the crash: real gcc + ASan programs of two files, the real report parsed."""
from __future__ import annotations

from pathlib import Path

from agent.reports import parse
from agent.repair_context import Site, frame_sites
from agent.native.templates import generate

CLIB = Path(__file__).resolve().parents[4] / "examples" / "clib"

ITEM = "struct item { char *name; int refs; };\n"

CLEAR_LIB = """#include <stdlib.h>
#include <string.h>
""" + ITEM + """
struct item *item_new(const char *name)
{
    struct item *it = calloc(1, sizeof *it);
    it->name = strdup(name);
    return it;
}

/* Forget the name; the item stays usable. */
void item_clear(struct item *it)
{
    free(it->name);
    it->refs = 0;
}
"""

CLEAR_MAIN = """#include <stdlib.h>
""" + ITEM + """struct item *item_new(const char *name);
void item_clear(struct item *it);

static void item_destroy(struct item *it)
{
    free(it->name);
    free(it);
}

int main(void)
{
    struct item *it = item_new("x");
    item_clear(it);
    item_destroy(it);
    return 0;
}
"""

SIZE_LIB = """#include <stdlib.h>
#include <string.h>

char *name_buffer(const char *name)
{
    size_t n = strlen(name);
    char *out = malloc(n);
    return out;
}
"""

SIZE_MAIN = """#include <stdio.h>
#include <stdlib.h>

char *name_buffer(const char *name);

static void fill(char *dst, const char *src)
{
    size_t i;
    for (i = 0; src[i]; i++)
        dst[i] = src[i];
    dst[i] = 0;
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "crashfix";
    char *buf = name_buffer(name);
    fill(buf, name);
    puts(buf);
    free(buf);
    return 0;
}
"""


def with_stacks(ctx, report, files):
    ctx.free_sites = frame_sites(report.free_frames, files)
    ctx.alloc_sites = frame_sites(report.alloc_frames, files)
    return ctx


def test_the_reports_free_and_allocation_stacks_map_to_repo_sites():
    report = parse((CLIB / "reports" / "double-free.txt").read_text())
    files = ["Makefile", "src/sbuf.c", "src/list.c", "include/clib.h", "tests/test_sbuf.c"]
    assert frame_sites(report.free_frames, files) == [Site("src/sbuf.c", 54, "sbuf_reset", 0)]
    assert frame_sites(report.alloc_frames, files) == [Site("src/sbuf.c", 21, "reserve", 0),
                                                       Site("src/sbuf.c", 32, "sbuf_append", 1)]
    assert frame_sites(report.free_frames, ["src/list.c"]) == []


def test_a_double_free_whose_first_free_is_in_another_file_is_fixed_there_first(cprog):
    prog = cprog(CLEAR_LIB, CLEAR_MAIN)
    ctx, report = prog.context()
    assert report.type == "double-free" and ctx.sites[0].path == "main.c"
    without = generate(ctx)
    assert all(c.files == ("main.c",) for c in without)      # the crash stack alone never reaches lib.c

    cands = generate(with_stacks(ctx, report, ["lib.c", "main.c"]))
    first = cands[0]
    assert first.files == ("lib.c",) and "+    it->name = NULL;" in first.diff, first.diff
    assert "item_clear" in first.description and first.template == "c:null_after_free"
    assert not any(c.files == ("lib.c",) and c.template == "c:alloc_size" for c in cands)   # not a size bug
    index, clean = prog.first_clean(cands, 1)
    assert index == 0, "the first candidate does not run clean"


def test_a_short_allocation_in_another_file_is_sized_there_first(cprog):
    prog = cprog(SIZE_LIB, SIZE_MAIN)
    ctx, report = prog.context()
    assert report.type == "heap-buffer-overflow" and ctx.sites[0].function == "fill"
    assert not any(c.files == ("lib.c",) for c in generate(ctx))

    cands = generate(with_stacks(ctx, report, ["lib.c", "main.c"]))
    first = cands[0]
    assert first.files == ("lib.c",) and "malloc(n + 1)" in first.diff, [c.description for c in cands[:5]]
    assert first.template == "c:alloc_size"
    index, clean = prog.first_clean(cands, 1)
    assert index == 0
