"""The gdb tool on a real program compiled with ASan in the C sandbox image: breakpoints, stepping,
values, the sanitizer stop, breakpoints across edits and rebuilds, batch mode, refusals."""
from __future__ import annotations

import re

import pytest

import agent.families  # noqa: F401  (the native family registers its gdb tool)
from agent.memory import Memory
from agent.reports.model import CrashReport
from agent.research.tools import ToolContext, analysis_toolbox, synthesis_toolbox

PROG = """#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int scale(int x)
{
    int y = x * 2;
    return y;
}

char *dup(const char *s)
{
    char *d = malloc(strlen(s));
    strcpy(d, s);
    return d;
}

int main(int argc, char **argv)
{
    int total = 0;
    for (int i = 0; i < 3; i++)
        total += scale(i);
    printf("total %d\\n", total);
    char *d = dup(argc > 1 ? argv[1] : "hello");
    puts(d);
    free(d);
    return 0;
}
"""
BUILD = "gcc -g -O0 -fsanitize=address -fno-omit-frame-pointer src/prog.c -o prog"
REPORT = CrashReport("sanitizer", "heap-buffer-overflow", "heap-buffer-overflow in dup")


def test_native_reports_get_gdb_and_python_reports_pdb():
    native = analysis_toolbox(REPORT).tools
    assert "gdb" in native and "pdb" not in native and "gdb" in synthesis_toolbox(REPORT).tools
    python = analysis_toolbox(CrashReport("python", "KeyError", "KeyError in f")).tools
    assert "pdb" in python and "gdb" not in python
    kernel = analysis_toolbox(CrashReport("kernel", "KASAN", "KASAN: use-after-free in f")).tools
    assert "pdb" not in kernel and "gdb" not in kernel


@pytest.fixture(scope="module")
def c_image(docker_engine):
    from sandbox.docker.images import ensure_image
    return ensure_image("c", log=lambda m: print(m, flush=True))


@pytest.fixture
def ctx(c_image, docker_limits, tmp_path):
    from sandbox import open_sandbox
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "prog.c").write_text(PROG)
    sb = open_sandbox("docker", tmp_path, image=c_image, install=False, limits=docker_limits)
    try:
        assert sb.run(BUILD, timeout=120).ok
        c = ToolContext(sb=sb, source=tmp_path, memory=Memory(), report=REPORT, repro_cmd="./prog", timeout=60)
        c.state["build_cmd"] = BUILD
        yield c
    finally:
        st = c.state.get("gdb")
        if st is not None:
            st.close()
        sb.close()


def gdb(ctx, **args):
    return analysis_toolbox(REPORT).call(ctx, "gdb", args)


@pytest.mark.docker
def test_break_run_print_step_finish_and_the_sanitizer_stop(ctx):
    first = gdb(ctx, command="break src/prog.c:8 if x == 2")
    assert first.ok and "gdb started on: ./prog" in first.text and "Breakpoint" in first.text
    hit = gdb(ctx, command="run")
    assert "scale (x=2) at src/prog.c:8" in hit.text
    assert "--- current frame: src/prog.c:8 in scale()" in hit.text and "->    8     return y;" in hit.text
    assert gdb(ctx, command="print y").text.strip().endswith("= 4")
    assert "y = 4" in gdb(ctx, command="info locals").text
    bt = gdb(ctx, command="bt")
    assert "#0  scale (x=2)" in bt.text and "in main (" in bt.text
    fin = gdb(ctx, command="finish")
    assert "Value returned is" in fin.text and "= 4" in fin.text and "current frame: src/prog.c:22 in main()" in fin.text
    gdb(ctx, command="delete")
    crash = gdb(ctx, command="continue")
    assert "ERROR: AddressSanitizer: heap-buffer-overflow" in crash.text
    assert "the innermost one in the repository" in crash.text and "Shadow byte legend" not in crash.text
    assert "current frame: src/prog.c:14 in dup()" in crash.text and "->   14     strcpy(d, s);" in crash.text
    assert 'd = ' in gdb(ctx, command="info locals").text
    up = gdb(ctx, command="up")
    assert "current frame: src/prog.c:24 in main()" in up.text


@pytest.mark.docker
def test_breakpoints_move_with_edits_and_the_program_is_rebuilt(ctx):
    assert gdb(ctx, command="break src/prog.c:8").ok
    extra = re.search(r"Breakpoint (\d+) at", gdb(ctx, command="break dup").text).group(1)
    assert gdb(ctx, command=f"delete {extra}").ok          # forgotten: not set again after the restart
    assert "current frame: src/prog.c:8 in scale()" in gdb(ctx, command="run").text
    edit = synthesis_toolbox(REPORT).call(ctx, "edit", {"path": "src/prog.c", "old": "    int y = x * 2;\n",
                                                        "new": "    int y = x * 2;\n    y += 1;\n"})
    assert edit.ok, edit.text
    again = gdb(ctx, command="run")
    assert "[breakpoints moved: src/prog.c:8 -> src/prog.c:9]" in again.text
    assert "[restarting gdb: the code was edited]" in again.text and f"[rebuilt: {BUILD}]" in again.text
    assert "(gdb) break src/prog.c:9" in again.text and "break dup" not in again.text
    assert "current frame: src/prog.c:9 in scale()" in again.text
    assert gdb(ctx, command="print y").text.strip().endswith("= 1")      # the rebuilt code: 0 * 2 + 1


@pytest.mark.docker
def test_batch_mode_and_bad_requests(ctx):
    out = gdb(ctx, batch=["break dup", "run", "info args", "bt"])
    assert out.ok and "[exit 0" in out.text
    assert 's = 0x' in out.text and '"hello"' in out.text and "in main (" in out.text
    crash = gdb(ctx, batch=["run", "bt 12"])
    assert "heap-buffer-overflow" in crash.text and "dup (s=" in crash.text
    at = gdb(ctx, batch=["run", "info args"])           # the sanitizer's stop: the repository's frame, not Die's
    assert "the innermost one in the repository" in at.text and "(dup)" in at.text, at.text
    assert re.search(r"\ns = 0x[0-9a-f]+ \"hello\"", at.text), at.text
    assert not gdb(ctx, command="commands 1").ok
    assert not gdb(ctx).ok and not gdb(ctx, command="run", batch=["run"]).ok
    bad = gdb(ctx, command="run", target="make check && ./prog")
    assert not bad.ok and "can only debug a program" in bad.text


@pytest.mark.docker
def test_long_output_is_cut_to_the_budget(ctx):
    ctx.sb.write("loud.c", '#include <stdio.h>\nint main(void){for(int i=0;i<20000;i++)printf("line %d\\n",i);'
                           'return 0;}\n')
    assert ctx.sb.run("gcc -g loud.c -o loud", timeout=60).ok
    ctx.max_output = 3000
    out = gdb(ctx, command="run", target="./loud")
    assert out.ok and "cut to fit the context" in out.text and len(out.text) < 5000
    assert "exited normally" in out.text


def test_gdb_breakpoints_are_saved_with_the_trajectory_and_set_again_on_resume(tmp_path):
    from agent.research.loop import AgentConfig, ResearchAgent, Trajectory
    from agent.research.inputs import Harness, Investigation
    from agent.native.gdb_tool import GdbState, gdb_state
    agent = ResearchAgent(AgentConfig(model="none", base_url="http://127.0.0.1:9"),
                          Investigation(report=REPORT, issue_text="", source=tmp_path, out=tmp_path, memory=Memory(),
                                        repro_cmd="./prog"),
                          Harness(sandbox_factory=lambda: None, validator_factory=lambda sb: None))
    (tmp_path / "trajectories").mkdir()
    first = Trajectory(agent, 1, 0.0, 0)
    first.ctx = ToolContext(sb=None, source=tmp_path, memory=first.memory, report=REPORT)
    first.ctx.state["gdb"] = GdbState(breakpoints=[["src/prog.c:8", "x == 2"], ["dup", None]])
    first.status = "stopped"
    first.save()
    again = Trajectory(agent, 1, 0.0, 0)
    again.ctx = ToolContext(sb=None, source=tmp_path, memory=again.memory, report=REPORT)
    again._restore(again._load(), sb=object())
    st = gdb_state(again.ctx)
    assert st.breakpoints == [["src/prog.c:8", "x == 2"], ["dup", None]] and st.stale == "the run was resumed"
