"""CMake, Meson and autotools projects built with the sanitizers in the C image: the crash the
built program prints is found again from the issue's command line, and a fix validates after an
incremental rebuild of the configured tree."""
from __future__ import annotations

import pytest

from agent.native.build import build, detect
from agent.native.reproduce import env_prefix, reproduce
from agent.reports import parse
from agent.candidates import Candidate
from agent.judge.validate import Validator
from gitrepo import make_repo
from sandbox import open_sandbox

pytestmark = pytest.mark.docker

LIB = """#include <stdlib.h>
#include <string.h>
#include "rep.h"

char *repeat(const char *s, int times)
{
    size_t n = strlen(s);
    char *out = malloc(n * times);
    int i;
    out[0] = '\\0';
    for (i = 0; i < times; i++)
        strcat(out, s);
    return out;
}
"""
MAIN = """#include <stdio.h>
#include <stdlib.h>
#include "rep.h"

int main(int argc, char **argv)
{
    char *s;
    if (argc != 3)
        return 2;
    s = repeat(argv[1], atoi(argv[2]));
    puts(s);
    free(s);
    return 0;
}
"""
FIX = """--- a/src/rep.c
+++ b/src/rep.c
@@ -5,7 +5,7 @@
 char *repeat(const char *s, int times)
 {
     size_t n = strlen(s);
-    char *out = malloc(n * times);
+    char *out = malloc(n * times + 1);
     int i;
     out[0] = '\\0';
     for (i = 0; i < times; i++)
"""
COMMON = {"src/rep.c": LIB, "src/main.c": MAIN, "include/rep.h": "char *repeat(const char *s, int times);\n"}
SYSTEMS = {
    "cmake": ({"CMakeLists.txt": "cmake_minimum_required(VERSION 3.13)\nproject(demo C)\n"
               "add_library(rep src/rep.c)\ntarget_include_directories(rep PUBLIC include)\n"
               "add_executable(demo src/main.c)\ntarget_link_libraries(demo rep)\n"
               "enable_testing()\nadd_test(NAME repeat3 COMMAND demo ab 3)\n"}, "./build/demo"),
    "meson": ({"meson.build": "project('demo', 'c')\ninc = include_directories('include')\n"
               "rep = static_library('rep', 'src/rep.c', include_directories: inc)\n"
               "executable('demo', 'src/main.c', include_directories: inc, link_with: rep)\n"}, "./build/demo"),
    "autotools": ({"configure.ac": "AC_INIT([demo], [1.0])\nAM_INIT_AUTOMAKE([foreign subdir-objects])\n"
                   "AC_PROG_CC\nAC_PROG_RANLIB\nAC_CONFIG_FILES([Makefile])\nAC_OUTPUT\n",
                   "Makefile.am": "noinst_LIBRARIES = librep.a\nlibrep_a_SOURCES = src/rep.c\n"
                   "librep_a_CPPFLAGS = -I$(srcdir)/include\nbin_PROGRAMS = demo\ndemo_SOURCES = src/main.c\n"
                   "demo_CPPFLAGS = -I$(srcdir)/include\ndemo_LDADD = librep.a\n"}, "./demo"),
}


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_build_reproduce_and_validate_with_each_build_system(system, c_image, docker_limits, tmp_path):
    files, exe = SYSTEMS[system]
    repo = make_repo(tmp_path / system, {**COMMON, **files})
    names = sorted([*COMMON, *files])
    with open_sandbox("docker", repo, image=c_image, limits=docker_limits) as sb:
        plan = detect(names, sb.read)
        assert plan.system == system
        first = build(sb, plan, timeout=600)
        assert first.ok, first.log
        crash = sb.run(f"{env_prefix()} {exe} ab 3", timeout=60)
        issue = f"`demo` crashes:\n\n```sh\n$ {exe} ab 3\n```\n\n```\n{crash.output}\n```\n"
        want = parse(issue)
        assert want is not None and want.type == "heap-buffer-overflow" and want.guilty.function == "repeat", \
            crash.output
        found = reproduce(sb, want, plan, names, None, tries=2, timeout=60).reproduction
        assert found.reproduced and found.crashed == 2 and found.how == "reproducer command"
        if system == "cmake":                   # the issue names the failing ctest test instead
            named = reproduce(sb, parse(f"```sh\n$ ctest -R repeat3 --output-on-failure\n```\n\n```\n{crash.output}\n```"),
                              plan, names, None, tries=1, timeout=60).reproduction
            assert named.reproduced and "ctest --test-dir build -R repeat3" in named.command
        validator = Validator(sb, want, found.command, None, None, tries=2, timeout=120, build_cmd=plan.rebuild)
        verdict = validator.check(Candidate(description="+1", diff=FIX, files=["src/rep.c"]))
        assert verdict.validated, (verdict.reason, verdict.log)
        assert "rep.c" in verdict.log[0] and "main.c" not in verdict.log[0].replace(exe, "")   # incremental
        # the configured tree survived the reset: the same rebuild works again without configuring
        assert sb.run(plan.rebuild, timeout=300).ok
