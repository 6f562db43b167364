"""Lines of a real issue's fences that are not commands (bench/native_shapes, issue 39): a program's
output (`Machine : Ubuntu 16.04.3 LTS`, a date, `radare2 5.7.3 …`), a debugger opening a core, a
compiler named with its version, and what is typed at an interactive program's own prompt."""
from __future__ import annotations

from agent.native.recipe import classify, recipes


def runs(snippet: str) -> list[str]:
    return [r.run for r in recipes("", [snippet])]


def test_the_output_of_a_program_in_an_environment_fence_is_not_a_command():
    # libiec61850#165 and radare2#20354: what `uname`, `gcc -v`, `date` and `r2 -v` printed
    env = ("Machine : Ubuntu 16.04.3 LTS\ngcc version 5.4.0 20160609 (Ubuntu 5.4.0-6ubuntu1~16.04.11)\n")
    assert runs(env) == []
    sh = ("Sat Jun 25 11:13:09 AM CST 2022\nradare2 5.7.3 28346 @ linux-x86-64 git.5.6.6-689-gf369ff2de\n"
          "commit: f369ff2de3c807681ec76df450ee6d4af5e04ce0 build: 2022-06-24__10:39:32\n")
    assert runs(sh) == []


def test_commands_that_look_alike_still_run():
    assert runs("./server_example 1.1.1.1") == ["./server_example 1.1.1.1"]      # an address, not a version
    assert runs("jq . input.json") == ["jq . input.json"]
    assert classify("Rscript -e 'x' data.csv", loose=True) == "run"                  # an option: typed


def test_a_debugger_on_a_core_and_a_versioned_compiler_are_not_the_reproducer():
    # fac#20: `gdb ~/bin/fac` then `(gdb) core-file core`; keystone#70: the reporter's driver compiled
    assert classify("spacey@masonjari$ gdb ~/bin/fac", loose=True) is None
    keystone = ("$ clang-3.8 -fsanitize=address -o keystone-replay keystone-replay.c -lkeystone\n"
                "$ echo -n > empty\n$ ./keystone-replay ./empty\n")
    assert runs(keystone) == ["./keystone-replay ./empty"]
    assert classify("gdb --args ./prog f", loose=True) == "run"


def test_what_is_typed_at_the_program_s_own_prompt_is_not_a_shell_command():
    # quickjs-ng#1122: qjs started, then a call typed at its `qjs > ` prompt
    fence = ('wget https://github.com/stan-dev/stanc3/releases/download/nightly/stanc.js\n'
             './qjs --include ./stanc.js \nqjs > stanc("model_name","data{}")\n')
    assert runs(fence) == ["./qjs --include ./stanc.js"]
    assert runs("tool > out.txt") == ["tool > out.txt"]        # no program of that name ran before: a redirect
