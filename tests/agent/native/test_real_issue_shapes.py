"""Shapes of real C crash issues (bench/native_real, issue 39): a libFuzzer target with no main in an
untagged fence, the reporter's terminal session (`$ echo … > input`, `$ ./fuzzer input`) pasted in the
fence of the sanitizer's output, a library built as a versioned shared object (libx.so -> libx.so.1),
and a report whose frames name no line (`in parse_string cJSON.c`)."""
from __future__ import annotations

import shutil

import pytest

from agent.native.recipe import recipes
from agent.native.reproduce import FUZZ_DRIVER, c_programs, program_source, reproduce, shell_snippets
from agent.reports import parse

ISSUE = """With the following fuzz target:

```
#include <stdint.h>
#include <stdlib.h>
#include "tj.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tj_scan((const char *)data, size);
  return 0;
}
```

And this input (with no trailing newline) we get:

```
$  echo -ne '{"a":' > input
$ ./fuzzer input

=================================================================
==102538==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000037 at pc 0x55a3 bp 0x7fff sp 0x7fff
READ of size 1 at 0x602000000037 thread T0
    #0 0x55a3fbc9fae5 in tj_scan tj.c
    #1 0x55a3fbc9d444 in LLVMFuzzerTestOneInput (/home/me/fuzzer2+0x11e444)
```
"""

# A small library written for this test (not a real project): the scan reads one byte past the
# input when the input ends right after a ':'.
TJ_C = """#include <stddef.h>
#include "tj.h"
int tj_scan(const char *s, size_t n) {
    size_t i = 0;
    while (i < n && s[i] != ':') i++;
    if (i < n) i++;
    return s[i] == ' ';
}
"""
TJ_H = """#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
int tj_scan(const char *s, size_t n);
#ifdef __cplusplus
}
#endif
"""
MAKEFILE = """all: libtj.so.1
libtj.so.1: tj.c tj.h
\t$(CC) $(CFLAGS) -fPIC -shared -Wl,-soname,libtj.so.1 -o $@ tj.c
\tln -sf libtj.so.1 libtj.so
"""


def test_a_fuzz_target_in_an_untagged_fence_is_a_program_with_a_driver():
    rep = parse(ISSUE)
    assert rep.guilty.function == "tj_scan"
    assert c_programs(rep) == [(0, "cpp")]            # `extern "C"`: compiled as C++
    src = program_source(rep, 0)
    assert src.endswith(FUZZ_DRIVER) and "int main(int argc" in src


def test_the_commands_of_a_pasted_terminal_session_are_a_recipe():
    rep = parse(ISSUE)
    found = recipes(ISSUE, shell_snippets(rep))
    assert [(r.setup, r.run) for r in found] == [(["echo -ne '{\"a\":' > input"], "./fuzzer input")]


@pytest.mark.skipif(shutil.which("g++") is None or shutil.which("make") is None, reason="no g++/make on this host")
def test_the_fuzz_target_runs_on_the_sessions_input_against_a_versioned_shared_library(tmp_path):
    """The local sandbox and the host's compilers: `./fuzzer input` is the issue's target compiled
    against libtj.so (a link to libtj.so.1), run on the file the session wrote."""
    from agent.native.build import detect
    from gitrepo import make_repo
    from sandbox import open_sandbox
    repo = make_repo(tmp_path / "r", {"tj.c": TJ_C, "tj.h": TJ_H,
                                      "Makefile": MAKEFILE, ".gitignore": "*.so*\n"})
    rep = parse(ISSUE)
    files = ["Makefile", "tj.c", "tj.h"]
    plan = detect(files, lambda p: MAKEFILE)
    with open_sandbox("local", repo) as sb:
        assert sb.run("make CFLAGS='-fsanitize=address -g -O1'", timeout=120).ok
        found = reproduce(sb, rep, plan, files, None, tries=1, text=ISSUE)
    rep_ = found.reproduction
    assert rep_.reproduced, [(a.how, a.command, a.output_tail[-700:]) for a in rep_.attempts]
    assert rep_.how == "reproducer program" and "libtj.so" in found.prepare_cmd
    assert rep_.observed.guilty.function == "tj_scan" and rep_.observed.guilty.line == 7


def test_frames_without_a_line_take_the_sites_of_the_reproduced_crash():
    """`in tj_scan tj.c` maps to no line; the reproduced crash's own frame (tj.c:7) is the site."""
    from types import SimpleNamespace

    from agent.memory import Memory
    from agent.native.path import NativePath
    rep = parse(ISSUE)
    observed = parse("==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6020 at pc 0x1 bp 0x2 sp 0x3\n"
                     "READ of size 1 at 0x6020 thread T0\n"
                     "    #0 0x55d0c1 in tj_scan /home/sandbox/workspace/tj.c:7:14\n"
                     "    #1 0x55d0c2 in LLVMFuzzerTestOneInput /home/sandbox/.crashfix-scratch/repro_0.cpp:8:3\n")
    run = SimpleNamespace(report=rep, files=["tj.c", "tj.h"], repo_paths={}, sites=[], memory=Memory(), notes=[])
    path = NativePath.__new__(NativePath)
    path.run = run
    path._sites_from(observed)
    assert [(s.path, s.line, s.function) for s in run.sites] == [("tj.c", 7, "tj_scan")]
    assert "reproduced crash's frames" in run.notes[-1]


def test_a_cmake_candidate_rebuilds_the_library_the_program_links_as_a_cmake_target():
    """CMake names `build/libcjson.so` target `cjson`: a candidate builds that target (cJSON's whole
    build relinks 19 test programs per candidate); the tests' command then builds the rest."""
    from agent.native.build import detect
    plan = detect(["CMakeLists.txt", "cJSON.c"], lambda p: "project(cJSON C)\n")
    assert plan.system == "cmake" and plan.out_dir == "build"
    assert plan.rebuild_only(["build/libcjson.so"]) == f"{plan.rebuild} --target cjson"
    assert plan.rebuild_only(["build/libcjson.so", "build/tests/parse_string"]) == f"{plan.rebuild} --target cjson parse_string"
    assert plan.rebuild_only(["libcjson.so"]) is None             # not a product of the build folder


def test_a_program_named_by_its_source_and_an_input_in_the_prose_are_a_recipe():
    """yajl's issue 250, as its reporter wrote it: the example's source named, the input after `crash input:`."""
    import base64
    text = ("reproduce step:\n\t1. compile with asan\n\t2. example/parse_config.c\n\t3. crash input: \"{\"a\\\\\\n\"\n"
            "\t    #1 0x5555 in context_push ./yajl/src/yajl_tree.c:117\n")
    found = recipes(text, [], lambda p: p in {"example/parse_config.c", "src/yajl_tree.c"})
    assert [r.run for r in found] == ["./example/parse_config < crashfix-input", "./example/parse_config crashfix-input"]
    enc = found[0].setup[0].split()[2]
    assert base64.b64decode(enc) == b'{"a\\\n'           # the C escapes read as such
    assert recipes("example/parse_config.c crashes on bad JSON", [], lambda p: True) == []
