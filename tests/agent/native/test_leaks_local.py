"""LeakSanitizer's real output read by allocation stack, and the comparison with the unpatched build
(gcc + ASan on this host, the local sandbox)."""
from __future__ import annotations

import shutil

import pytest

from agent.native.leaks import leak_check, parse_leaks, with_leaks
from sandbox import open_sandbox

PROGRAM = """#include <stdlib.h>
#include <string.h>

static char *keep(size_t n) { char *p = malloc(n); memset(p, 1, n); return p; }
static char *other(void) { char *p = malloc(8); memset(p, 2, 8); return p; }

int main(int argc, char **argv)
{
    char *a = keep(argc > 1 ? (size_t)atoi(argv[1]) : 16);
    char *b = argc > 2 ? other() : NULL;
    a = b = NULL;
    return 0;
}
"""
RUN = "ASAN_OPTIONS=halt_on_error=1:detect_leaks=0 ./leaky"


@pytest.fixture
def leaky(tmp_path):
    if not shutil.which("gcc"):
        pytest.skip("gcc is not installed (./setup.sh installs it)")
    (tmp_path / "leaky.c").write_text(PROGRAM)
    with open_sandbox("local", tmp_path) as sb:
        built = sb.run("gcc -fsanitize=address -fno-omit-frame-pointer -g -O0 leaky.c -o leaky", timeout=120)
        assert built.ok, built.output
        yield sb


def test_leaks_are_read_by_allocation_stack_and_the_exit_code_is_the_programs(leaky):
    cmd = with_leaks(RUN)
    assert "detect_leaks=1" in cmd and "detect_leaks=0" not in cmd and cmd.startswith("LSAN_OPTIONS=exitcode=0 ")
    res = leaky.run(cmd + " 16 x", timeout=60)
    assert res.exit_code == 0
    leaks = parse_leaks(res.output)
    assert sorted((leak.size, leak.stack[:2]) for leak in leaks) == [(8, ("other",)), (16, ("keep",))]
    assert all(leak.kind == "Direct" and leak.where.startswith(leak.stack[0] + " (") for leak in leaks)
    assert parse_leaks(leaky.run(RUN + " 16 x", timeout=60).output) == []     # detect_leaks=0: nothing


def test_only_what_the_unpatched_build_did_not_leak_rejects(leaky):
    check = leak_check(leaky, [RUN + " 16", None], timeout=60)
    assert len(check.commands) == 1 and sum(check.baseline.values()) == 16
    same, _, _ = check.measure(leaky, timeout=60)
    assert check.added(same) is None                          # the same leak as before: not the patch's
    check.commands = [with_leaks(RUN + " 24 x")]
    more, log, _ = check.measure(leaky, timeout=60)
    reason = check.added(more)
    assert reason.startswith("the patch leaks 8 bytes allocated in keep (") or \
        reason.startswith("the patch leaks 8 bytes allocated in other (")
    assert "keep" in reason and "other" in reason and "leak check" in log


LIB = """#include <stdlib.h>
#include <string.h>
struct item { char *text; };
struct item *item_create(const char *s) { struct item *it = malloc(sizeof *it); it->text = strdup(s); return it; }
int item_set(struct item *it, const char *s) { if (!s) return -1; strcpy(it->text, s); return 0; }
"""
# the fragment, completed outside the tree: it creates an item and never deletes it
POC = """struct item; struct item *item_create(const char *s); int item_set(struct item *it, const char *s);
int main(void) { struct item *it = item_create("apple"); item_set(it, 0); return 0; }
"""


def test_an_object_the_reproducer_kept_is_its_own_leak_unless_the_patch_names_its_allocation(tmp_path):
    if not shutil.which("gcc"):
        pytest.skip("gcc is not installed (./setup.sh installs it)")
    tree, outside = tmp_path / "tree", tmp_path / "scratch"
    tree.mkdir(), outside.mkdir()
    (tree / "item.c").write_text(LIB)
    (outside / "poc.c").write_text(POC)
    with open_sandbox("local", tree) as sb:
        built = sb.run(f"gcc -fsanitize=address -fno-omit-frame-pointer -g -O0 item.c {outside}/poc.c -o {outside}/poc",
                       timeout=120)
        assert built.ok, built.output
        check = leak_check(sb, [f"ASAN_OPTIONS=detect_leaks=0 {outside}/poc", None], timeout=60)
        check.baseline.clear()           # as when the unpatched reproduction stopped at its crash
        guard = "--- a/item.c\n+++ b/item.c\n@@ -5 +5 @@\n-int item_set(struct item *it, const char *s) { ...\n+  if (!s) ...\n"
        reason, aside, _, _ = check.judge(sb, timeout=60, diff=guard)
        assert reason is None and "item_create" in aside and "main (" in aside and "never freed" in aside
        # a patch that names a function of the allocation stack may be what leaks it: counted
        in_alloc = guard.replace("item_set", "item_create")
        reason, aside, _, _ = check.judge(sb, timeout=60, diff=in_alloc)
        assert reason and reason.startswith("the patch leaks") and not aside
