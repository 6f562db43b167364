"""The native path's pure parts: build detection, what an issue gives to run, gdb expressions,
and which sanitizer outputs count as the reported crash."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.native.arch import CROSS, report_arch, runs_on
from agent.native.build import SAN_FLAGS, detect
from agent.native.probe import expressions, gdb_argv
from agent.native.reproduce import c_programs, env_prefix, sanitizer_env, shell_commands
from agent.judge.signature import same_crash
from agent.native.tests import read_results
from agent.reports import parse
from agent.judge.testrun import TestOutcome as Outcome
from sandbox import ExecResult

ROOT = Path(__file__).resolve().parents[3]
CLIB = ROOT / "examples" / "clib"


def plan_for(files: dict[str, str], **kw):
    return detect(sorted(files), lambda p: files[p], **kw)


def test_make_gets_the_sanitizers_through_cc_and_its_check_target():
    plan = plan_for({"Makefile": "all:\n\tcc x.c\ncheck: all\n\t./t\n", "x.c": ""})
    assert plan.system == "make"
    assert "CC='gcc " + SAN_FLAGS + "'" in plan.rebuild
    assert plan.test_cmd.startswith("make check ")
    assert plan_for({"Makefile": "all:\n\tcc x.c\n"}).test_cmd is None       # no check/test target


def test_cmake_and_meson_build_out_of_tree_and_test_with_their_runners():
    cm = plan_for({"CMakeLists.txt": "", "src/a.c": ""})
    assert cm.system == "cmake" and cm.out_dir == "build"
    assert "-DCMAKE_C_FLAGS=" in cm.steps[0] and cm.rebuild == "cmake --build build -j2"
    assert cm.test_cmd.startswith("ctest --test-dir build")
    ms = plan_for({"meson.build": "", "build/keep.txt": ""})          # the repo has a build/ folder
    assert ms.system == "meson" and ms.out_dir == ".crashfix-build"
    assert "-Db_sanitize=address,undefined" in ms.steps[0] and ms.rebuild.startswith("ninja -C .crashfix-build")


def test_autotools_generates_configure_when_missing():
    plan = plan_for({"configure.ac": "", "Makefile.am": "", "autogen.sh": ""})
    assert plan.system == "autotools" and plan.steps[0] == "sh ./autogen.sh"
    assert "sh ./configure" in plan.steps[1] and plan.rebuild == "make -j2" and plan.test_cmd == "make check"
    assert plan_for({"configure.ac": ""}).steps[0] == "autoreconf -fi"


def test_a_configured_build_command_wins_and_no_build_system_is_none():
    plan = plan_for({"Makefile": "all:\n"}, build_cmd="./build.sh --fast", test_cmd="./run-tests")
    assert plan.system == "custom" and plan.test_cmd == "./run-tests"
    assert "sh -c './build.sh --fast'" in plan.rebuild and "CFLAGS=" in plan.rebuild
    assert plan_for({"README.md": "", "main.c": ""}) is None


def test_the_issue_gives_programs_and_command_lines_not_build_lines():
    rep = parse((CLIB / "reports" / "use-after-free.txt").read_text())
    assert c_programs(rep) == [(0, "c")]
    sh = "make CFLAGS='-g'\ncc -g repro.c -o repro\nASAN_OPTIONS=x=1 ./build/tool len 'a=1;b' c\n"
    assert shell_commands(sh) == ["./build/tool len 'a=1;b' c"]
    assert shell_commands("$ make\n$ ./prog --flag\noutput line\n") == ["./prog --flag"]


def test_leak_detection_only_for_leak_reports():
    uaf = parse((CLIB / "reports" / "use-after-free.txt").read_text())
    assert "detect_leaks=0" in sanitizer_env(uaf)["ASAN_OPTIONS"]
    assert "halt_on_error=1" in env_prefix(uaf) and "print_stacktrace=1" in sanitizer_env(uaf)["UBSAN_OPTIONS"]
    leak = parse("==1==ERROR: LeakSanitizer: detected memory leaks\n\nDirect leak of 8 byte(s) in 1 object(s)"
                 " allocated from:\n    #0 0x4 in malloc\n    #1 0x5 in make_it /src/a.c:3\n")
    assert "detect_leaks=1" in sanitizer_env(leak)["ASAN_OPTIONS"]


@pytest.mark.parametrize("bug", ["heap-buffer-overflow", "null-deref", "use-after-free", "double-free",
                                 "off-by-one", "integer-overflow"])
def test_each_report_matches_itself_and_not_another_bug(bug):
    want = parse((CLIB / "reports" / f"{bug}.txt").read_text())
    own = (CLIB / "reports" / f"{bug}.txt").read_text().split("Output:", 1)[1]
    assert same_crash(want, ExecResult(1, own))[0]
    assert not same_crash(want, ExecResult(0, own))[0]            # exit 0: not a crash
    other = "off-by-one" if bug != "off-by-one" else "use-after-free"
    text = (CLIB / "reports" / f"{other}.txt").read_text().split("Output:", 1)[1]
    assert not same_crash(want, ExecResult(1, text))[0]


def test_same_type_in_another_function_is_another_crash():
    want = parse((CLIB / "reports" / "heap-buffer-overflow.txt").read_text())      # str_dup
    other = (CLIB / "reports" / "off-by-one.txt").read_text()                       # stats_max, same type
    assert parse(other).type == want.type
    assert not same_crash(want, ExecResult(1, other))[0]


def test_ubsan_null_member_access_is_the_asan_segv_of_the_same_line():
    want = parse((CLIB / "reports" / "null-deref.txt").read_text())                # built with ASan alone
    ubsan = ("src/record.c:78:13: runtime error: member access within null pointer of type 'const struct field'\n"
             "    #0 0x55 in record_value_len src/record.c:78\n    #1 0x56 in main src/main.c:55\n")
    assert same_crash(want, ExecResult(1, ubsan))[0]


def test_gdb_gets_the_program_and_only_side_effect_free_expressions():
    argv = gdb_argv("ASAN_OPTIONS=a=1 ./build/clibtool max 3 9", None)
    assert argv[argv.index("--args") + 1:] == ["./build/clibtool", "max", "3", "9"]
    assert any(a.startswith("ASAN_OPTIONS=") and "abort_on_error=1" in a for a in argv)
    assert gdb_argv("make check", None) is None and gdb_argv("a && b", None) is None
    assert expressions("    strcpy(copy, s); /* n + 1 */") == ["copy", "s"]
    assert expressions("        if (v[i] > best)") == ["v", "v[i]", "best"]
    assert expressions("    return f->vlen;") == ["f", "f->vlen"]


def test_a_gdb_report_is_matched_by_its_guilty_function_under_the_sanitizers():
    want = parse((CLIB / "reports" / "gdb-null-deref.txt").read_text())
    assert want.kind == "gdb" and want.type == "SIGSEGV"
    assert shell_commands(want.reproducers[0]) == ["./build/clibtool len 'name=ann;age=7' email"]
    asan = (CLIB / "reports" / "null-deref.txt").read_text()
    assert same_crash(want, ExecResult(1, asan))[0]
    other = (CLIB / "reports" / "off-by-one.txt").read_text()
    assert not same_crash(want, ExecResult(1, other))[0]


def test_the_reported_architecture_decides_a_cross_build_run_under_qemu():
    assert report_arch((CLIB / "reports" / "arm64-use-after-free.txt").read_text()) == "aarch64"
    assert report_arch((CLIB / "reports" / "use-after-free.txt").read_text()) is None
    assert report_arch("fine on x86_64, crashes on arm64") is None        # both named: the host's own
    assert report_arch("crash on our rv64gc board (riscv64)") == "riscv64"
    arm = CROSS["aarch64"]
    make = plan_for({"Makefile": "all:\n\tcc x.c\ncheck: all\n"}, cross=arm)
    assert "CC='aarch64-linux-gnu-gcc " + SAN_FLAGS + "'" in make.rebuild
    assert make.test_cmd is None                             # the target's tests cannot exec here
    assert plan_for({"Makefile": "all:\n"}, cross=arm, test_cmd="./qemu-tests.sh").test_cmd == "./qemu-tests.sh"
    cmake = plan_for({"CMakeLists.txt": ""}, cross=arm)
    assert "-DCMAKE_C_COMPILER=aarch64-linux-gnu-gcc" in cmake.steps[0] and cmake.test_cmd is None
    assert "--host=aarch64-linux-gnu" in plan_for({"configure": ""}, cross=arm).steps[1]
    assert plan_for({"meson.build": ""}, cross=arm) is None
    assert runs_on("./build/tool max 1", arm) == "qemu-aarch64 -L /usr/aarch64-linux-gnu ./build/tool max 1"
    assert runs_on("make check", arm) == "make check" and runs_on("./x", None) == "./x"


@pytest.mark.parametrize("runner", ["ctest", "meson"])
def test_per_test_results_of_ctest_and_meson_runs(runner):
    # real outputs: one passing and one failing test (ctest 3.25, meson 1.0 in the C image)
    text = (Path(__file__).parent / "data" / f"{runner}.out").read_text()
    out = read_results(Outcome(command=runner, exit_code=1, output=text))
    assert out.passed == {"unit_ok"} and out.failed == {"unit_bad"}


def test_automake_style_lines_and_pytest_results_left_alone():
    out = read_results(Outcome("make check", 1, "PASS: build/test_a\nSKIP: t/b\nFAIL: build/test_c\n"))
    assert out.passed == {"build/test_a"} and out.failed == {"build/test_c"} and out.skipped == 1
    seen = Outcome("pytest", 0, "PASS: x\n", passed={"tests/test_a.py::test_a"})
    assert read_results(seen).passed == {"tests/test_a.py::test_a"}
