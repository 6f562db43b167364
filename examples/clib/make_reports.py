"""Write examples/clib/reports/<bug>.txt by building clib with the sanitizers and running each
bug's reproducer: every report holds the real sanitizer (or gdb) output of the buggy code.

    python examples/clib/make_reports.py [BUG...]   # needs gcc with libasan/libubsan, gdb (setup.sh)

Each report is an issue body: what the user did, the reproducer (a C program in a ```c block or a
command line in a ```sh block) and the output in a ``` block. bugs.json lists, per bug, the
function at fault and the kind of fix expected (for the tests and the C templates).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SAN = "-fsanitize=address,undefined -fno-omit-frame-pointer -g -O1"
ASAN_ONLY = "-fsanitize=address -fno-omit-frame-pointer -g -O1"
PLAIN = "-g -O0"

BUGS = {
    "heap-buffer-overflow": {
        "title": "str_dup overflows its copy by one byte",
        "function": "str_dup", "file": "src/strutil.c", "fix": "allocation size strlen(s) + 1",
        "story": "Copying a string with `str_dup` makes AddressSanitizer stop the program.",
        "program": """#include <stdio.h>
#include <stdlib.h>
#include "clib.h"

int main(void)
{
    char *name = str_dup("config");
    printf("%s\\n", name);
    free(name);
    return 0;
}
"""},
    "null-deref": {
        "title": "clibtool len crashes when the key is missing",
        "function": "record_value_len", "file": "src/record.c", "fix": "NULL check on record_find's result",
        "story": "`clibtool get` prints `-` for a missing key, but `clibtool len` with the same "
                 "record and key crashes (built with `-fsanitize=address`).",
        "flags": ASAN_ONLY,
        "command": ["len", "name=ann;age=7", "email"]},
    "gdb-null-deref": {
        "title": "clibtool len segfaults on a missing key (gdb backtrace)",
        "function": "record_value_len", "file": "src/record.c", "fix": "NULL check on record_find's result",
        "story": "Plain debug build, no sanitizers: `clibtool len` segfaults; here is gdb's backtrace.",
        "flags": PLAIN, "gdb": True,
        "command": ["len", "name=ann;age=7", "email"]},
    "use-after-free": {
        "title": "list_remove reads a node after freeing it",
        "function": "list_remove", "file": "src/list.c", "fix": "read n->next before free(n)",
        "story": "Removing an item from a list trips AddressSanitizer.",
        "program": """#include <stdio.h>
#include "clib.h"

int main(void)
{
    list *l = list_new();
    list_push(l, "alpha");
    list_push(l, "beta");
    printf("removed %d\\n", list_remove(l, "beta"));
    list_free(l);
    return 0;
}
"""},
    "arm64-use-after-free": {
        "title": "list_remove use-after-free on arm64",
        "function": "list_remove", "file": "src/list.c", "fix": "read n->next before free(n)",
        "story": "On our arm64 (aarch64) build, removing an item from a list trips AddressSanitizer.",
        "cross": "aarch64-linux-gnu", "program": """#include <stdio.h>
#include "clib.h"

int main(void)
{
    list *l = list_new();
    list_push(l, "alpha");
    list_push(l, "beta");
    printf("removed %d\\n", list_remove(l, "beta"));
    list_free(l);
    return 0;
}
"""},
    "double-free": {
        "title": "sbuf_free after sbuf_reset is a double free",
        "function": "sbuf_free", "file": "src/sbuf.c", "fix": "sbuf_reset clears b->data after free",
        "story": "The docs say a buffer stays usable after `sbuf_reset`; freeing it afterwards aborts.",
        "program": """#include <stdio.h>
#include "clib.h"

int main(void)
{
    sbuf *b = sbuf_new();
    sbuf_append(b, "header");
    printf("%s\\n", sbuf_str(b));
    sbuf_reset(b);
    sbuf_free(b);
    return 0;
}
"""},
    "off-by-one": {
        "title": "clibtool max reads past the end of its numbers",
        "function": "stats_max", "file": "src/stats.c", "fix": "loop bound i < n",
        "story": "`clibtool max` with a few numbers stops with a heap-buffer-overflow.",
        "command": ["max", "3", "9", "4"]},
    "integer-overflow": {
        "title": "ivec_new overflows computing its size for large counts",
        "function": "ivec_new", "file": "src/ivec.c", "fix": "size computed in size_t with an overflow check",
        "story": "A large vector makes UBSan report a signed overflow, then the allocation fails.",
        "program": """#include <stdio.h>
#include "clib.h"

int main(void)
{
    ivec *v = ivec_new(600000000);
    printf("%s\\n", v ? "allocated" : "out of memory");
    ivec_free(v);
    return 0;
}
"""},
}

ENV = {"ASAN_OPTIONS": "detect_leaks=0", "UBSAN_OPTIONS": "print_stacktrace=1"}


def _run(cmd: list[str], cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env={**os.environ, **(env or {})}, capture_output=True, text=True,
                          timeout=300)


def _cc(bug: dict) -> str:
    return f"{bug['cross']}-gcc" if bug.get("cross") else "cc"


def _build(tree: Path, flags: str, cc: str) -> None:
    _run(["make", "clean"], tree)
    res = _run(["make", "-j2", f"CC={cc}", f"CFLAGS={flags}", f"LDFLAGS={flags}"], tree)
    if res.returncode != 0:
        sys.exit(f"clib does not build:\n{res.stdout}{res.stderr}")


def _report(name: str, bug: dict, tree: Path, flags: str) -> str:
    if "program" in bug:
        (tree / "repro.c").write_text(bug["program"])
        res = _run([_cc(bug), *flags.split(), "-Iinclude", "repro.c", "build/libclib.a", "-o", "repro"], tree)
        if res.returncode != 0:
            sys.exit(f"{name}: reproducer does not build:\n{res.stderr}")
        run = ["./repro"]
        shown = f"```c\n{bug['program']}```\n\nBuilt and run with\n\n```sh\n" \
                f"make CC={_cc(bug)} CFLAGS='{flags}' LDFLAGS='{flags}'\n" \
                f"{_cc(bug)} {flags} -Iinclude repro.c build/libclib.a -o repro\n./repro\n```"
    else:
        run = ["./build/clibtool", *bug["command"]]
        quoted = " ".join(a if a.replace("-", "").isalnum() else f"'{a}'" for a in bug["command"])
        shown = f"```sh\nmake CFLAGS='{flags}' LDFLAGS='{flags}'\n./build/clibtool {quoted}\n```"
    if bug.get("gdb"):
        run = ["gdb", "-q", "-nx", "-batch", "-ex", "run", "-ex", "bt", "--args", *run]
        shown = shown.replace("\n./build/clibtool", "\ngdb -batch -ex run -ex bt --args ./build/clibtool")
    if bug.get("cross"):                 # the target's binaries, run here under qemu user mode
        arch = bug["cross"].split("-")[0]
        run = [f"qemu-{arch}", "-L", f"/usr/{bug['cross']}", *run]
    res = _run(run, tree, ENV)
    out = (res.stdout + res.stderr).strip("\n")
    if "Sanitizer" not in out and "runtime error" not in out and "received signal" not in out:
        sys.exit(f"{name}: the reproducer did not crash:\n{out}")
    return (f"### {bug['title']}\n\n{bug['story']} clib from git main, Debian 12, gcc 12.\n\n"
            f"{shown}\n\nOutput:\n\n```\n{out}\n```\n")


def main() -> None:
    out_dir = HERE / "reports"
    out_dir.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "clib"
        shutil.copytree(HERE / "repo", tree)
        built = None
        for name, bug in BUGS.items():
            if sys.argv[1:] and name not in sys.argv[1:]:
                continue
            flags = bug.get("flags", SAN)
            if built != (flags, _cc(bug)):
                _build(tree, flags, _cc(bug))
                built = (flags, _cc(bug))
            (out_dir / f"{name}.txt").write_text(_report(name, bug, tree, flags))
            print(f"wrote reports/{name}.txt")
    meta = {name: {k: bug[k] for k in ("title", "function", "file", "fix")} for name, bug in BUGS.items()}
    (HERE / "bugs.json").write_text(json.dumps(meta, indent=2) + "\n")


if __name__ == "__main__":
    main()
