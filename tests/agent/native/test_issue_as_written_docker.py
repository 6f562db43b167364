"""A real-shaped C crash issue in the C image (issue 39): a small INI-parser library whose Makefile
links with its own `LD = gcc` and builds with an old `-Wall -Werror`, the reporter's ASan report as
pasted, the proof-of-concept in an untagged fence that needs the library's header and library, and a
prose recipe (`dd …`, then the program on the file). The fix makes the parse fail, and the PoC then
exits 1 by its own choice: the crash is gone all the same."""
from __future__ import annotations

import pytest

from agent.candidates import Candidate
from agent.judge.validate import Validator
from agent.native.build import build, detect, sanitizers_for, without_werror
from agent.native.path import WERROR
from agent.native.probe import probe
from agent.native.reproduce import reproduce
from agent.repair_context import Site
from agent.reports import parse
from gitrepo import make_repo
from sandbox import open_sandbox

pytestmark = pytest.mark.docker

LIB = """#include <stdlib.h>
#include <string.h>
#include "tini.h"

/* the value after '=' on a line: scans for the line's end */
int tini_value(const char *buf, size_t len, char *out, size_t cap)
{
    size_t i = 0, n = 0;
    int unused;
    while (buf[i] != '=')
        i++;
    i++;
    while (i < len && buf[i] != '\\n' && n + 1 < cap)
        out[n++] = buf[i++];
    out[n] = '\\0';
    return 0;
}
"""
HEADER = "#include <stddef.h>\nint tini_value(const char *buf, size_t len, char *out, size_t cap);\n"
MAKEFILE = ("CC = gcc\nLD = gcc\nCFLAGS = -Wall -Werror -g\n\nall: libtini.a tinicat\n\n"
            "libtini.a: tini.o\n\tar rcs $@ $^\n\n"
            "tinicat: tinicat.o libtini.a\n\t$(LD) -o $@ tinicat.o libtini.a\n\n"
            "%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n")
TOOL = """#include <stdio.h>
#include <stdlib.h>
#include "tini.h"

int main(int argc, char **argv)
{
    char buf[256], out[64];
    FILE *f = fopen(argv[1], "rb");
    size_t len = fread(buf, 1, sizeof buf, f);
    char *copy = malloc(len);
    fclose(f);
    for (size_t i = 0; i < len; i++) copy[i] = buf[i];
    if (tini_value(copy, len, out, sizeof out) != 0) { free(copy); return 1; }
    puts(out);
    free(copy);
    return 0;
}
"""
FIX = """--- a/tini.c
+++ b/tini.c
@@ -7,8 +7,10 @@
 {
     size_t i = 0, n = 0;
     int unused;
-    while (buf[i] != '=')
+    while (i < len && buf[i] != '=')
         i++;
+    if (i == len)
+        return -1;
     i++;
     while (i < len && buf[i] != '\\n' && n + 1 < cap)
         out[n++] = buf[i++];
"""
ISSUE = """heap-buffer-overflow in tini_value on a file without '='

Build the library, then `dd if=/dev/zero of=poc.ini bs=1 count=1` and `./tinicat poc.ini`. The same with
this program (link it with libtini.a):

```
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "tini.h"

int main(void)
{
    char out[16];
    char *buf = malloc(3);
    memcpy(buf, "abc", 3);
    int rc = tini_value(buf, 3, out, sizeof out);
    free(buf);
    printf("rc=%d\\n", rc);
    return rc != 0;
}
```

```
=================================================================
==31337==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000013 at pc 0x5612 bp 0x7ffc sp 0x7ffc
READ of size 1 at 0x602000000013 thread T0
    #0 0x561234 in tini_value /home/me/tini/tini.c:10
    #1 0x561235 in main /home/me/tini/poc.c:11
    #2 0x7f0000 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x21b96)

0x602000000013 is located 0 bytes to the right of 3-byte region [0x602000000010,0x602000000013)
SUMMARY: AddressSanitizer: heap-buffer-overflow /home/me/tini/tini.c:10 in tini_value
```
"""


def test_a_c_issue_as_written_reproduces_and_a_fix_that_makes_the_poc_exit_1_validates(c_image, docker_limits, tmp_path):
    files = {"tini.c": LIB, "tini.h": HEADER, "Makefile": MAKEFILE, "tinicat.c": TOOL}
    repo = make_repo(tmp_path / "tini", files)
    want = parse(ISSUE)
    assert want.type == "heap-buffer-overflow" and want.guilty.function == "tini_value"
    with open_sandbox("docker", repo, image=c_image, limits=docker_limits) as sb:
        plan = detect(sorted(files), sb.read, sanitizers=sanitizers_for(want))
        assert "-fsanitize=address " in plan.rebuild and "LD='gcc -fsanitize=address" in plan.rebuild
        first = build(sb, plan, timeout=300)
        assert not first.ok and WERROR.search(first.log), first.log        # today's gcc: unused variable
        plan = without_werror(plan)
        again = build(sb, plan, timeout=300)
        assert again.ok, again.log                  # -Werror dropped, and `$(LD)` links the ASan runtime
        found = reproduce(sb, want, plan, sorted(files), None, tries=1, timeout=60, text=ISSUE)
        rep = found.reproduction
        assert rep.reproduced and rep.how == "reproducer program", [(a.how, a.command, a.output[-300:]) for a in rep.attempts]
        report_only = parse("```\n" + ISSUE.split("```\n")[-2])           # the pasted report, no program
        assert report_only.reproducers == [] and report_only.guilty.function == "tini_value"
        recipe = reproduce(sb, report_only, plan, sorted(files), None, tries=1, timeout=60, text=ISSUE)
        assert recipe.reproduction.reproduced and recipe.reproduction.how == "reproducer recipe", \
            [(a.how, a.command, a.output[-300:]) for a in recipe.reproduction.attempts]
        seen = probe(sb, recipe.reproduction.command, Site("tini.c", 10, "tini_value", 0),
                     "    while (buf[i] != '=')", report_only, timeout=120)      # gdb after the recipe's set-up
        assert seen.error is None and seen.values.get("buf", "").endswith('""'), (seen.error, seen.values)  # the dd file
        validator = Validator(sb, want, rep.command, None, None, tries=1, timeout=120,
                              build_cmd=f"{plan.rebuild} && {found.prepare_cmd}")
        verdict = validator.check(Candidate(description="bound the scan", diff=FIX, files=["tini.c"]))
        assert verdict.validated, (verdict.reason, verdict.log)
        assert verdict.repro_after["exit"] == 1 and "the reproducer itself exits 1" in verdict.reason
