"""Issue 39's bad input: an inline input too large to write is said in one line (it was noted on the
recipe and dropped, and the run then said the issue held no input)."""
from __future__ import annotations

import base64

from agent.native.build import compiler_error
from agent.native.cannot_run import cannot_run, programs
from agent.native.recipe import MAX_INPUT, recipes, unused_inputs

BIG = base64.b64encode(bytes(range(256)) * (MAX_INPUT // 256 + 1)).decode()
ISSUE_BIG = f"Run `./tcfgarea crash.bin` on this file:\n\n```base64\n{BIG}\n```\n"
LINE = (f"the issue's inline input for `crash.bin` is {MAX_INPUT + 256} bytes, more than the 1 MiB crashfix writes "
        "into the sandbox: not written; give the command that makes the file with `--repro-cmd`")


def test_an_inline_input_too_large_is_one_line_and_not_written():
    (rec,) = recipes(ISSUE_BIG, [])
    assert rec.run == "./tcfgarea crash.bin" and rec.setup == []
    assert unused_inputs(ISSUE_BIG, []) == [LINE]
    small = "Run `./tcfgarea crash.bin` on this file:\n\n```base64\n" + base64.b64encode(b"w=3 and a little more").decode() + "\n```\n"
    assert unused_inputs(small, []) == [] and recipes(small, [])[0].setup
    assert unused_inputs(ISSUE_BIG, [], exists=lambda p: p == "crash.bin") == []     # the tree has the file


def test_a_recipe_whose_program_cannot_run_is_one_line():
    env = "ASAN_OPTIONS=halt_on_error=1 MSAN_OPTIONS=halt_on_error=1"
    cmd = f"printf %s eA== | base64 -d > poc && {env} ./fuzz_parse poc"
    assert programs(cmd) == ["printf", "base64", "./fuzz_parse"]
    line = cannot_run(cmd, 127, "sh: 1: ./fuzz_parse: not found\n")
    assert line == ("the reproducer's program `./fuzz_parse` is neither in the tree nor made by its build, so its command "
                    "could not run; give the command that builds and runs it with `--repro-cmd` (or the build with "
                    "`--build-cmd`)")
    assert cannot_run(cmd, 127, "bash: line 1: ./fuzz_parse: No such file or directory\n") == line
    assert "`./fuzz_parse` is not an executable file" in cannot_run(cmd, 126, "sh: 1: ./fuzz_parse: Permission denied")
    assert "`xmllint` is not installed in the sandbox image" in cannot_run("xmllint --html poc", 127,
                                                                           "sh: 1: xmllint: not found")
    assert cannot_run(cmd, 1, "sh: 1: ./fuzz_parse: not found") is None          # it ran: its own exit code
    assert cannot_run(cmd, 127, "poc: not found") is None                        # the input, not the program


def test_the_compilers_first_error_after_werror_was_dropped_is_the_failing_line():
    log = ("tini.c:9:9: error: unused variable 'unused' [-Werror=unused-variable]\n"
           "# -Werror dropped, built again:\n"
           "other.c: In function 'tini_other':\nother.c:3:12: error: 'undeclared_name' undeclared (first use)\n"
           "make: *** [Makefile:14: other.o] Error 1\n")
    assert compiler_error(log, "# -Werror dropped, built again:") == \
        "other.c:3:12: error: 'undeclared_name' undeclared (first use)"
    assert compiler_error(log).startswith("tini.c:9:9: error: unused variable")
    assert compiler_error("make: *** [all] Error 2\n") is None
