"""MemorySanitizer for an MSan report (issue 39): clang with -fsanitize=memory for every build
system and for the issue's program, MSAN_OPTIONS with the other sanitizers' settings, and a fall
back to ASan + UBSan, said in one line, where MSan cannot be had (a cross build: gcc only)."""
from __future__ import annotations

from agent.native.arch import CROSS
from agent.native.build import (MSAN, SANITIZERS, compiler, detect, sanitizers_for, usable_sanitizers,
                                without_werror)
from agent.native.reproduce import sanitizer_env
from agent.reports import parse
from tcfg import ISSUE_COMMAND

MSAN_CC = "clang -fsanitize=memory -fsanitize-memory-track-origins"


def test_an_msan_report_chooses_memorysanitizer():
    report = parse(ISSUE_COMMAND)
    assert report.type == "use-of-uninitialized-value" and report.guilty.function == "tcfg_area"
    assert report.guilty.line == 9
    assert sanitizers_for(report) == MSAN == ("memory",)


def test_every_build_system_compiles_an_msan_build_with_clang():
    read = {"Makefile": "all: x\n\nx: x.c\n\t$(LD) -o $@ $<\nLD = gcc\n"}.get
    make = detect(["Makefile", "x.c"], read, sanitizers=MSAN)
    assert f"CC='{MSAN_CC} " in make.rebuild and "CXX='clang++ -fsanitize=memory" in make.rebuild
    assert f"LD='{MSAN_CC} " in make.rebuild          # the Makefile's own `LD = gcc` links the MSan runtime
    cmake = detect(["CMakeLists.txt"], read, sanitizers=MSAN)
    assert "-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++" in cmake.steps[0]
    assert "-fsanitize=memory -fsanitize-memory-track-origins" in cmake.steps[0]
    meson = detect(["meson.build"], read, sanitizers=MSAN)
    assert meson.steps[0].startswith("CC=clang CXX=clang++ meson setup") and "-Db_sanitize=memory " in meson.steps[0]
    auto = detect(["configure"], read, sanitizers=MSAN)
    assert f"CC='{MSAN_CC} " in auto.steps[1]
    custom = detect(["x.c"], read, build_cmd="make", sanitizers=MSAN)
    assert custom.rebuild.startswith(f"CC='{MSAN_CC} ")
    # the issue's program is compiled with the plan's flags: clang too
    assert {compiler("c", None, p.flags) for p in (make, cmake, meson, auto, custom)} == {"clang"}
    # -Werror dropped: the wrapper goes before clang as before gcc
    assert "CC='/home/sandbox/.crashfix-scratch/cc-no-werror clang -fsanitize=memory" in without_werror(make).rebuild
    assert without_werror(meson).steps[-2].endswith("-Dwerror=false")


def test_the_compiler_follows_the_flags():
    assert compiler("c", None, "-fsanitize=memory -g") == "clang"
    assert compiler("c++", None, "-fsanitize=memory -g") == "clang++"
    assert compiler("c", None, "-fsanitize=address -g") == "gcc"
    assert compiler("c") == "gcc"


def test_the_sanitizer_env_sets_msan_options():
    env = sanitizer_env(parse(ISSUE_COMMAND))
    assert "halt_on_error=1" in env["MSAN_OPTIONS"] and "print_summary=1" in env["MSAN_OPTIONS"]
    assert "abort_on_error=1" in sanitizer_env(None, abort=True)["MSAN_OPTIONS"]    # gdb stops at the report


def test_a_cross_build_falls_back_to_asan_and_ubsan_and_says_so():
    cross = CROSS["aarch64"]
    got, note = usable_sanitizers(None, MSAN, cross)         # nothing runs: the cross compilers are gcc
    assert got == SANITIZERS
    assert note.startswith("MemorySanitizer (the report's sanitizer) is not available: the aarch64-linux-gnu cross")
    assert "built with ASan + UBSan instead" in note and "\n" not in note
    assert usable_sanitizers(None, ("address",), cross) == (("address",), None)
