"""A pasted terminal session without `$` prompts (bench/native_shapes, issue 39): the reporter's
commands are the lines before the crash's output starts (mruby#3995, libiec61850#165), and csh/zsh's
`% ` prompt before a program run by its path (quickjs#287)."""
from __future__ import annotations

from agent.native.recipe import recipes

FENCE = "```\n{}\n```\n"


def runs(text: str) -> list[str]:
    return [r.run for r in recipes(text, [])]


def test_the_first_line_of_a_pasted_report_is_the_command_that_crashed():
    text = "# Use after free\n\n" + FENCE.format(
        "./bin/mruby use_after_free.rb \n\n=================================================================\n"
        "==24954==ERROR: AddressSanitizer: heap-use-after-free on address 0x62500002a900 at pc 0x4a387d\n"
        "READ of size 16 at 0x62500002a900 thread T0\n    #0 0x4a387c  (/tmp/mruby/bin/mruby+0x4a387c)")
    assert runs(text) == ["./bin/mruby use_after_free.rb"]


def test_the_build_lines_before_the_run_and_its_output_after_are_left_out():
    text = "Below are commands used.\n\n" + FENCE.format(
        "git clone https://github.com/mz-automation/libiec61850\ncd libiec61850/\nmkdir build ; cd build\n"
        "AFL_USE_ASAN=1 make\ncd examples/server_example_61400_25\n./server_example_61400_25 1.1.1.1\n"
        "Starting server failed! Exit.\n=================================================================\n"
        "==19068==ERROR: AddressSanitizer: heap-use-after-free on address 0x61c00000f880\n"
        "READ of size 8 at 0x61c00000f880 thread T1")
    assert runs(text) == ["./server_example_61400_25 1.1.1.1"]


def test_an_output_fence_with_no_crash_in_it_gives_no_command():
    # the lines of a log are not commands when nothing says where the typed part ends
    assert runs(FENCE.format("./configure done\nsrc/x.c:3: warning: unused\nbuild/tool ran")) == []


def test_a_percent_prompt_before_a_program_path_is_a_typed_command():
    text = "Tried it on macos and linux.\n\n" + FENCE.format(
        "% ./qjs --std ./poc.js\n...\nInternalError: stack overflow")
    assert runs(text) == ["./qjs --std ./poc.js"]
    assert runs(FENCE.format("% of time spent\n%  50.0 main")) == []


def test_an_untagged_fence_of_build_lines_then_a_named_test_runs_that_test():
    # CGNS#978: `cmake … \` over lines, then `ctest -R test_back_comp`, in a fence with no language
    text = "Build with AddressSanitizer and run the test:\n\n" + FENCE.format(
        'cmake -DCMAKE_BUILD_TYPE=Debug \\\n      -DCMAKE_C_FLAGS="-g -O1 -fsanitize=address" \\\n'
        "      -DCGNS_ENABLE_TESTS=ON ...\nctest -R test_back_comp")
    assert runs(text) == ["ctest -R test_back_comp"]
    # a line of output among them: not a fence of shell lines
    assert runs(FENCE.format("make\nBuild finished fine\nctest -R t")) == []


def test_a_home_folder_prompt_is_a_prompt():
    # osquery#953 (`~ $ osqueryi`), dragonfly#4854 (`~/Desktop/dragonfly/build$ ./interpreter_test`)
    assert runs(FENCE.format("~/Desktop/dragonfly/build$ ./interpreter_test \n[==========] Running 16 tests")) \
        == ["./interpreter_test"]
    assert runs(FENCE.format("~ $ ./osqueryi\nConnected to a transient in-memory database.")) == ["./osqueryi"]
    assert runs(FENCE.format("~/notes.txt is where I keep it")) == []
