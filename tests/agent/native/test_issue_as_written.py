"""A reproducer from a C crash issue as reporters write it (issue 39): an untagged fence holding the
program, recipes in prose and shell lines, inputs given inline; the sanitizer chosen by the report,
the same line under another sanitizer's name, and "crash gone" meaning the sanitizer report is gone."""
from __future__ import annotations

import base64
import subprocess

from agent.judge.signature import crash_gone, same_crash
from agent.native.build import detect, sanitizers_for
from agent.native.recipe import chain, decode_input, recipes
from agent.reports import parse
from bot.commands import parse_command
from sandbox import ExecResult

ASAN = """==4242==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000011 at pc 0x55d0 bp 0x7ffd sp 0x7ffd
READ of size 1 at 0x602000000011 thread T0
    #0 0x55d0c1 in ini_scan /src/tini/tini.c:41:12
    #1 0x55d0c2 in ini_parse /src/tini/tini.c:88:9
    #2 0x55d0c3 in main /src/tini/example.c:20:5
SUMMARY: AddressSanitizer: heap-buffer-overflow /src/tini/tini.c:41:12 in ini_scan
"""

ISSUE = f"""Parsing a one-byte file crashes.

```
#include <stdio.h>
#include "tini.h"

int main(int argc, char **argv) {{
    ini_t *ini = ini_load(argv[1]);
    printf("%s\\n", ini_get(ini, "a"));
    return 0;
}}
```

To reproduce: `dd if=/dev/zero of=poc.ini bs=1 count=1`, then `./example poc.ini`.

```
{ASAN}```
"""


def test_an_untagged_fence_holding_a_c_program_is_the_reproducer():
    rep = parse(ISSUE)
    assert rep.type == "heap-buffer-overflow" and rep.guilty.function == "ini_scan"
    assert any("int main(int argc" in s for s in rep.reproducers)
    assert not any("AddressSanitizer" in s for s in rep.reproducers)


def test_a_prose_recipe_gives_its_setup_then_the_run():
    found = recipes(ISSUE, [])
    assert [(r.setup, r.run) for r in found] == [(["dd if=/dev/zero of=poc.ini bs=1 count=1"], "./example poc.ini")]


def test_source_paths_named_in_the_prose_are_not_commands():
    found = recipes("The bug is in `src/tini.c` (`src/tini.c:41`); `./build/tinicat x.ini` crashes.", [])
    assert [r.run for r in found] == ["./build/tinicat x.ini"]


def test_shell_lines_with_pipes_and_printf_inputs():
    snippet = "$ make\n$ printf '\\x7b\\x22' > crash.json\n$ ./jsontool crash.json\nSegmentation fault\n"
    got = recipes("", [snippet])
    assert [(r.setup, r.run) for r in got] == [(["printf '\\x7b\\x22' > crash.json"], "./jsontool crash.json")]
    piped = recipes("", ["echo '[[[' | ./build/jsonparse -"])
    assert [r.run for r in piped] == ["echo '[[[' | ./build/jsonparse -"]


def test_an_inline_hex_dump_is_written_to_the_file_the_command_reads():
    issue = ("Run `./example crash.bin` on this file:\n\n```\n"
             "00000000: 5b7b 2261 223a  [{\"a\":\n```\n")
    (rec,) = recipes(issue, [])
    assert rec.run == "./example crash.bin"
    enc = base64.b64encode(b'[{"a":').decode()
    assert rec.setup == [f"printf %s {enc} | base64 -d > crash.bin"]
    assert decode_input("00000000  5b 7b 22  |[{\"|\n00000003\n") == b'[{"'
    assert decode_input(base64.b64encode(b"\x00\xffhello world").decode()) == b"\x00\xffhello world"
    assert recipes(issue, [], exists=lambda p: p == "crash.bin")[0].setup == []     # the tree has it


def test_the_sanitizer_settings_reach_every_command_of_a_chain(tmp_path):
    prog = tmp_path / "prog"
    prog.write_text("#!/bin/sh\necho $ASAN_OPTIONS/$UBSAN_OPTIONS\n")
    prog.chmod(0o755)
    script = "printf 'x' > f && cat f | ./prog"
    cmd = chain({"ASAN_OPTIONS": "halt_on_error=1", "UBSAN_OPTIONS": "print_stacktrace=1"}, script)
    out = subprocess.run(cmd, shell=True, cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "halt_on_error=1/print_stacktrace=1"


def test_the_app_command_and_the_cli_take_a_reproducer_command():
    cmd = parse_command("/crashfix fix --repro-cmd `./example poc.ini`")
    assert (cmd.name, cmd.arg) == ("fix", "./example poc.ini")
    assert parse_command("/crashfix fix --repro-cmd").name == "invalid"
    assert parse_command("/crashfix retry").arg == ""
    help_text = subprocess.run(["python", "-m", "bot.cli.main", "run", "--help"], capture_output=True, text=True).stdout
    assert "--repro-cmd" in help_text


def test_the_sanitizer_of_the_report_alone():
    asan, ubsan = parse(ASAN), parse("x.c:3:5: runtime error: signed integer overflow: 1 + 2147483647\n")
    assert sanitizers_for(asan) == ("address",) and sanitizers_for(ubsan) == ("undefined",)
    plan = detect(["Makefile", "x.c"], lambda p: "all:\n\tcc x.c\n", sanitizers=("address",))
    assert "-fsanitize=address " in plan.rebuild and "undefined" not in plan.rebuild


def test_a_makefile_that_links_with_its_own_ld_gets_the_sanitizers_there_too():
    plan = detect(["Makefile", "x.c"], lambda p: "CC = gcc\nLD = gcc\nall: x\nx: x.o\n\t$(LD) -o x x.o\n")
    assert "LD='gcc -fsanitize=address,undefined" in plan.rebuild
    plain = detect(["Makefile", "x.c"], lambda p: "all:\n\tcc x.c\n")
    assert " LD=" not in plain.rebuild


def test_ubsan_at_the_reported_line_is_the_asan_crash_there():
    want = parse(ASAN)
    ub = ("/src/tini/tini.c:41:12: runtime error: pointer index expression with base 0x602000000010 overflowed\n"
          "    #0 0x55d0c1 in ini_scan /src/tini/tini.c:41:12\n    #1 0x55d0c2 in ini_parse /src/tini/tini.c:88\n")
    assert same_crash(want, ExecResult(1, ub))[0]
    elsewhere = ub.replace("tini.c:41:12", "tini.c:60:3")
    assert not same_crash(want, ExecResult(1, elsewhere))[0]


def test_crash_gone_is_the_sanitizer_report_gone_not_the_exit_code():
    want = parse(ASAN)
    assert crash_gone(want, ExecResult(1, "(null)\nerror: cannot parse poc.ini\n"))
    assert not crash_gone(want, ExecResult(139, ""))           # a signal no sanitizer reported
    in_poc = ("/home/sandbox/.crashfix-scratch/repro_0.c:6:5: runtime error: null pointer passed as argument 1, "
              "which is declared to never be null\n")
    assert parse(in_poc).type == "invalid-null-argument"
    assert crash_gone(want, ExecResult(1, in_poc))
    assert not crash_gone(want, ExecResult(1, ASAN))
    other = ASAN.replace("ini_scan", "ini_next").replace("tini.c:41:12", "tini.c:70:2")
    assert not crash_gone(want, ExecResult(1, other))       # a new crash in the project's code


def test_a_program_that_does_not_compile_is_named_in_the_question_to_the_reporter():
    from agent.native.reproduce import NO_BUILD
    from agent.records import Attempt, Reproduction
    from agent.run import Result
    from bot.conversation.question import question
    rep = Reproduction()
    rep.attempts.append(Attempt("reproducer program", "gcc repro_0.c", False, 1,
                                NO_BUILD + "repro_0.c:5:5: error: unknown type name 'ini_t'\n", rung=1))
    result = Result(status="not_reproduced", error=None, error_kind=None, repo="tini", ref=None, strategy="templates",
                    sandbox="docker", test_cmd=None, report=parse(ASAN), reproduction=rep, patch=None,
                    root_cause="", language="c")
    text = question(result, "someone", ISSUE)
    assert "does not compile alone" in text and "unknown type name 'ini_t'" in text
    assert "holds none that crashfix could run" not in text and "Python version" not in text


def test_the_research_tools_speak_c_on_a_c_tree():
    import json

    import agent.families  # noqa: F401  (registers the native family's tool texts)
    from agent.research.tools import analysis_toolbox, synthesis_toolbox
    c = json.dumps(synthesis_toolbox(parse(ASAN)).schemas() + analysis_toolbox(parse(ASAN)).schemas())
    assert "pytest" not in c and "Python files must still parse" not in c and "rebuild" in c
    py = parse('Traceback (most recent call last):\n  File "x.py", line 1, in f\n    g()\nKeyError: 1\n')
    assert "Python files must still parse" in json.dumps(synthesis_toolbox(py).schemas())


def test_reproduce_and_run_tests_run_the_edited_program_not_the_old_binary(tmp_path):
    """The local sandbox and the host's gcc: after an edit the tools rebuild before they run."""
    import shutil

    import pytest
    if shutil.which("gcc") is None or shutil.which("make") is None:
        pytest.skip("no gcc/make on this host")
    from agent.memory import Memory
    from agent.research.tools.base import ToolContext
    from agent.research.tools.dynamic import Reproduce
    from agent.research.tools.workspace import RunTests
    from gitrepo import make_repo
    from sandbox import open_sandbox
    repo = make_repo(tmp_path / "r", {"Makefile": "prog: prog.c\n\tgcc -o prog prog.c\n",
                                      "prog.c": "int main(void) { return 3; }\n", ".gitignore": "prog\n"})
    with open_sandbox("local", repo) as sb:
        assert sb.run("make", timeout=60).ok
        ctx = ToolContext(sb=sb, source=repo, memory=Memory(), report=parse(ASAN), repro_cmd="./prog",
                          test_cmd="./prog", state={"build_cmd": "make"})
        first = Reproduce()(ctx).text
        assert not first.startswith("[rebuilt")            # nothing changed since the build
        sb.write("prog.c", "int main(void) { return 0; }\n")
        after = Reproduce()(ctx).text
        assert after.startswith("[rebuilt: make]") and "GONE" in after, after
        sb.write("prog.c", "int main(void) { return 4; }\n")
        tests = RunTests()(ctx).text
        assert tests.startswith("[rebuilt: make]"), tests
        assert sb.run("./prog", timeout=10).exit_code == 4


def test_an_unfixed_run_keeps_the_farthest_candidate_and_the_agents_root_cause_as_what_they_are():
    from agent.candidates import Candidate
    from agent.judge.validate import Verdict
    from agent.memory import Fact
    from agent.records import Reproduction
    from agent.render import report_markdown, result_dict
    from agent.run import Result
    near = Verdict(Candidate("--- a/tini.c\n+++ b/tini.c\n@@ -1 +1 @@\n-a\n+b\n", "bound the scan", "llm"),
                   applied=True, reason="breaks 1 test(s) that passed before: t_empty", clean_runs=3, runs=3, tries=3)
    early = Verdict(Candidate("--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+c\n", "+1 byte", "off-by-one"),
                    applied=True, reason="crash still happens", clean_runs=0, runs=1, tries=3)
    result = Result(status="not_fixed", error="no candidate validated", error_kind=None, repo="tini", ref=None,
                    strategy="llm", sandbox="docker", test_cmd="make check", report=parse(ASAN),
                    reproduction=Reproduction(), patch=None, root_cause="", language="c",
                    verdicts=[early, near], evidence=[Fact("agent:root_cause", "the scan ignores len", "analysis")])
    data = result_dict(result)
    assert data["patch"] is None and data["unvalidated"]["diff"] == near.candidate.diff
    assert "NOT validated" in data["unvalidated"]["what"] and data["agent_root_cause"]["text"] == "the scan ignores len"
    assert [c["reproduction_clean"] for c in data["candidates"]] == ["0/1", "3/3"]    # the tries that ran
    md = report_markdown(result)
    assert "The candidate that went farthest (not validated)" in md and "+b" in md
    assert "The research agent's explanation (crashfix did not check it)" in md and "the scan ignores len" in md


def test_a_candidate_rebuilds_only_what_the_reproduction_needs():
    from agent.native.reproduce import needed_goals
    from agent.native.state import NativeState
    makefile = "CC = gcc\nall: libtini.a tinicat tests\nlibtini.a: tini.o\n\tar rcs $@ $^\ntinicat: tinicat.o libtini.a\n" \
               "tests: t1 t2 t3\n%.o: %.c\n"
    plan = detect(["Makefile", "tini.c"], lambda p: makefile)
    state = NativeState(plan, prepare_cmd="gcc -g -I. /s/repro_0.c libtini.a -o /s/repro_0 -lm")
    state.rebuild_only = plan.rebuild_only(needed_goals("A=1 /s/repro_0", state.prepare_cmd))
    assert state.rebuild_cmd.startswith(plan.make + " libtini.a && gcc")
    assert plan.rebuild_only(needed_goals("A=1 bash -c 'dd of=f && ./tinicat f'", None)).endswith(" tinicat")
    assert plan.rebuild_only(["not_a_target"]) is None          # unknown: the whole build, as before


def test_dropping_werror_keeps_the_plan_and_wraps_every_compiler():
    from agent.native.build import NO_WERROR, without_werror
    plan = detect(["Makefile", "x.c"], lambda p: "CC = gcc\nLD = gcc\nCFLAGS = -Werror\nall: x\nx: x.o\n\t$(LD) -o x x.o\n")
    wrapped = without_werror(plan)
    assert wrapped.steps[0].startswith("mkdir -p") and NO_WERROR in wrapped.steps[0]
    assert wrapped.rebuild.count(f"'{NO_WERROR} g") == 3            # CC, CXX and LD
    assert wrapped.targets == plan.targets and wrapped.rebuild_only(["x"]).startswith(f"make -j2 CC='{NO_WERROR} gcc")
    cmake = without_werror(detect(["CMakeLists.txt"], lambda p: ""))
    assert f"-DCMAKE_C_COMPILER_LAUNCHER={NO_WERROR}" in cmake.steps[1]


def test_the_werror_wrapper_drops_only_werror(tmp_path):
    from agent.native.build import NO_WERROR_SCRIPT
    wrapper = tmp_path / "cc"
    wrapper.write_text(NO_WERROR_SCRIPT)
    wrapper.chmod(0o755)
    out = subprocess.run([str(wrapper), "echo", "-Wall", "-Werror", "-Werror=format", "-g", "a b.c"],
                         capture_output=True, text=True, check=True).stdout
    assert out == "-Wall -g a b.c\n"
