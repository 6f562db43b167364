"""The research agent's tools on a C program run as a real issue gives it (issue 39), in the local sandbox
with the host's gcc and gdb: a recipe command (`bash -c 'echo ... > input && ./prog input'`) and a report
whose frames name a function and a file but no line (`#0 0x55 in parse_string cJSON.c`)."""
from __future__ import annotations

import shutil

import pytest

import agent.families  # noqa: F401  (the native family registers its gdb tool)
from agent.memory import Memory
from agent.reports import parse
from agent.research.tools.base import ToolContext
from gitrepo import make_repo
from sandbox import open_sandbox

PROG = """#include <stdio.h>
#include <stdlib.h>

int read_at(const char *buf, int n)
{
    return buf[n];
}

int main(int argc, char **argv)
{
    FILE *f = fopen(argv[1], "rb");
    char *buf = malloc(7);
    int n = (int)fread(buf, 1, 7, f);
    printf("%d\\n", read_at(buf, n));
    return 0;
}
"""
# as a reporter pastes it: symbolized without lines, the binary's own path elsewhere
REPORT = """==102538==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000037 at pc 0x55a3 bp 0x7fff sp 0x7fff
READ of size 1 at 0x602000000037 thread T0
    #0 0x55a3fbc9fae5 in read_at prog.c
    #1 0x55a3fbca4049 in main (/home/someone/prog+0x12241a)
SUMMARY: AddressSanitizer: heap-buffer-overflow prog.c in read_at
"""
RECIPE = ("ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 "
          "bash -c 'echo -ne '\"'\"'{\"1\":1,'\"'\"' > input && ./prog input'")
BUILD = "gcc -g -O0 -fsanitize=address -fno-omit-frame-pointer prog.c -o prog"


@pytest.fixture
def ctx(tmp_path):
    if shutil.which("gcc") is None or shutil.which("gdb") is None:
        pytest.skip("no gcc/gdb on this host")
    repo = make_repo(tmp_path / "r", {"prog.c": PROG, ".gitignore": "prog\ninput\n"})
    with open_sandbox("local", repo) as sb:
        assert sb.run(BUILD, timeout=60).ok
        yield ToolContext(sb=sb, source=repo, memory=Memory(), report=parse(REPORT), repro_cmd=RECIPE,
                          test_cmd=None, state={"build_cmd": BUILD})


def test_reproduce_knows_a_sanitizer_report_whose_frames_have_no_line(ctx):
    from agent.research.tools.dynamic import Reproduce
    first = Reproduce()(ctx).text
    assert "the reported crash STILL HAPPENS" in first, first
    ctx.sb.write("prog.c", PROG.replace("return buf[n];", "return n < 7 ? buf[n] : -1;"))
    after = Reproduce()(ctx).text
    assert after.startswith(f"[rebuilt: {BUILD}]") and "GONE" in after, after


def test_gdb_runs_the_recipes_program_with_its_arguments_and_stops_in_the_repository(ctx):
    from agent.native.gdb_tool import Gdb
    batch = Gdb()(ctx, batch=["run", "print n"]).text
    assert "[selected frame #" in batch and "(read_at), the innermost one in the repository]" in batch, batch
    assert "$1 = 7" in batch                  # the input file the recipe wrote was read: 7 bytes
    tool = Gdb()
    assert "Breakpoint" in tool(ctx, command="break read_at").text
    stop = tool(ctx, command="run").text
    assert "read_at (buf=" in stop and "n=7" in stop and "--- current frame: prog.c:" in stop, stop


def test_the_agents_prompts_and_python_tool_say_no_python_of_a_c_tree(tmp_path):
    """The analysis prompt's `python` line and the tool's text: 'the repository importable' is Python's."""
    import json

    from agent.research.inputs import Harness, Investigation
    from agent.research.loop import AgentConfig, ResearchAgent, Trajectory
    from agent.research.tools import analysis_toolbox

    def system_prompt(report_text: str) -> str:
        case = Investigation(report=parse(report_text), issue_text=report_text, source=tmp_path, out=tmp_path / "o",
                             memory=Memory(), repro_cmd="./prog", test_cmd=None, repo="r", timeout=60)
        agent = ResearchAgent(AgentConfig(model="m"), case, Harness(lambda: None, lambda sb: None))
        traj = Trajectory(agent, 1, 0.0, 1)
        traj.start_analysis()
        return traj.messages[0]["content"]

    c = system_prompt(REPORT)
    assert "`python` (a Python script given as a string, e.g. to write an input file; the C/C++ tree is not " \
           "importable)" in c and "the repository importable" not in c
    assert "the repository importable" not in json.dumps(analysis_toolbox(parse(REPORT)).schemas())
    py = system_prompt('Traceback (most recent call last):\n  File "x.py", line 1, in f\n    g()\nKeyError: 1\n')
    assert "`python` (Python code given as a string, the repository importable)" in py
