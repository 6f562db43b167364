"""The research agent on a real kernel tree (Debian's linux-source 6.1): its tools answer within seconds
on the whole tree, its workspace over the checkout, and a whole run driven by a scripted model
(the agent searches, reads, edits; its submit is built and booted by the kernel path)."""
from __future__ import annotations

import json
import time

import pytest

from agent.memory import Memory
from agent.reports import parse
from agent.research.tools import ToolContext, analysis_toolbox, synthesis_toolbox
from agent.research.tools import definitions
from sandbox.kernel.fixture import EXAMPLE
from sandbox.kernel.workspace import NO_COMMANDS, KernelWorkspace

pytestmark = [pytest.mark.slow, pytest.mark.kernel]

REPORT = (EXAMPLE / "report.txt").read_text()
# a syzbot-shaped KASAN report whose stack is in security/keys/big_key.c (the tools' stack files)
KEYS_REPORT = """BUG: KASAN: slab-out-of-bounds in big_key_preparse+0x3c/0x1a0 security/keys/big_key.c:66
Read of size 8 at addr ffff888012345678 by task syz-executor/1234

Call Trace:
 <TASK>
 big_key_preparse+0x3c/0x1a0 security/keys/big_key.c:66
 key_create_or_update+0x42/0x80 security/keys/key.c:840
 __do_sys_add_key+0x10/0x20 security/keys/keyctl.c:134
 </TASK>
"""


def _ctx(tree, report_text=REPORT):
    ws = KernelWorkspace(tree)
    return ToolContext(sb=ws, source=tree, memory=Memory(), report=parse(report_text)), ws


def _timed(box, ctx, name, **args):
    start = time.monotonic()
    obs = box.call(ctx, name, args)
    return obs, time.monotonic() - start


def test_the_agent_tools_answer_within_seconds_on_the_whole_tree(demo_repo):
    """Before: search_code answered a false "no match" (rg honoured the tree's .gitignore, which ignores
    its top level), search_definition ran `ctags -R` over the tree per call (60 s time limit), and
    search_commits without a path searched the whole history."""
    assert definitions.wait(demo_repo, timeout=3600), "the definition index was not built"
    ctx, ws = _ctx(demo_repo, KEYS_REPORT)
    box = analysis_toolbox(ctx.report)
    try:
        found, took = _timed(box, ctx, "search_code", pattern=r"big_key_preparse\(")
        assert found.ok and "security/keys/big_key.c:57:int big_key_preparse(" in found.text, found.text
        assert took < 30, took              # the tree's 75k files out of the page cache (after a build): 12 s
        found, took = _timed(box, ctx, "search_code", pattern=r"key_payload_reserve\(")
        assert found.ok and "security/keys/key.c:" in found.text, found.text
        assert took < 8, took
        d, took = _timed(box, ctx, "search_definition", symbol="big_key_preparse")
        assert d.ok and "security/keys/big_key.c:57" in d.text and "definition index" in d.text, d.text
        assert took < 3, took
        d, took = _timed(box, ctx, "search_definition", symbol="container_of")    # a macro (and a gdb script's function)
        assert d.ok and "include/linux/container_of.h:" in d.text and "scripts/gdb/linux/utils.py" in d.text, d.text
        assert took < 5, took
        d, took = _timed(box, ctx, "search_definition", symbol="key_payload_reserve")
        assert d.ok and "security/keys/key.c" in d.text, d.text
        assert took < 3, took
        c, took = _timed(box, ctx, "search_commits", pattern="big_key_preparse")
        assert c.ok and "files of the crash's stack" in c.text and "security/keys/big_key.c" in c.text, c.text
        assert took < 10, took
        v, took = _timed(box, ctx, "view", path="security/keys/big_key.c", start=57, end=70)
        assert v.ok and "big_key_preparse" in v.text and took < 3
        b, took = _timed(box, ctx, "git_blame", path="security/keys/big_key.c", start=57, end=60)
        assert b.ok and took < 5
    finally:
        ws.close()


def test_the_grep_fallback_answers_while_the_index_is_built(demo_repo):
    start = time.monotonic()
    rows = definitions.grep_definitions(demo_repo, "big_key_preparse")
    assert ("security/keys/big_key.c", 57, "function") in rows
    assert not any(p.endswith(".h") for p, _, _ in rows)       # the header's `extern ...;` is no definition
    assert time.monotonic() - start < 10


def test_the_kernel_workspace_edits_beside_the_checkout(demo_repo):
    """The agent's edits are kept aside; the diff is git's with tree paths; a resume's diff applies;
    nothing runs in it; the checkout is never written."""
    ctx, ws = _ctx(demo_repo)
    other = KernelWorkspace(demo_repo)
    box = synthesis_toolbox(ctx.report)
    path = "drivers/misc/crashfix_demo.c"
    before = (demo_repo / path).read_text()
    try:
        e = box.call(ctx, "edit", {"path": path, "old": "\tkfree(msg);\n\tdemo_total += msg->len;\n",
                                   "new": "\tdemo_total += msg->len;\n\tkfree(msg);\n"})
        assert e.ok, e.text
        diff = ws.diff()
        assert diff.startswith(f"diff --git a/{path} b/{path}\n") and f"--- a/{path}\n+++ b/{path}\n" in diff
        assert "-\tkfree(msg);\n \tdemo_total += msg->len;\n+\tkfree(msg);" in diff
        assert (demo_repo / path).read_text() == before
        assert "demo_total += msg->len;\n\tkfree(msg);" in ws.read(path)
        other.apply_patch(diff)
        assert other.diff() == diff
        r = box.call(ctx, "run", {"command": "make"}) if "run" in box.tools else None
        assert r is None or NO_COMMANDS in r.text
        ws.reset()
        assert ws.diff() == "" and ws.read(path) == before
    finally:
        ws.close()
        other.close()


SCRIPT = {
    "model": "scripted-kernel",
    "analysis": [
        {"content": "where is the freed object used?", "tool_calls": [
            {"name": "search_code", "arguments": {"pattern": r"kfree\(msg\)"}},
            {"name": "search_definition", "arguments": {"symbol": "demo_write"}},
            {"name": "search_commits", "arguments": {"pattern": "demo_total"}}]},
        {"tool_calls": [{"name": "view", "arguments": {"path": "drivers/misc/crashfix_demo.c", "start": 19,
                                                        "end": 40}}]},
        {"tool_calls": [{"name": "note", "arguments": {
            "fact": "demo_write frees msg and then reads msg->len", "source": "drivers/misc/crashfix_demo.c:33",
            "kind": "code"}},
            {"name": "conclude", "arguments": {"root_cause": "msg->len is read after kfree(msg)",
                                               "fix": "free msg after its last use"}}]},
    ],
    "synthesis": [
        {"tool_calls": [{"name": "edit", "arguments": {
            "path": "drivers/misc/crashfix_demo.c", "old": "\tkfree(msg);\n\tdemo_total += msg->len;\n",
            "new": "\tdemo_total += msg->len;\n\tkfree(msg);\n"}}]},
        {"tool_calls": [{"name": "submit", "arguments": {"summary": "free msg after its last use in demo_write"}}]},
    ],
}


def test_the_research_agent_drives_a_kernel_run(demo_build, demo_repo, tmp_path):
    """--strategy llm on a kernel report: the agent (a scripted model) searches the tree and its history,
    edits its workspace, submits; the kernel path applies the submit to the cached checkout, rebuilds
    it incrementally and boots it with the reproducer. Before: `research` did nothing on a kernel (the
    run fell back to the C templates, saying so only in a note). KernelPath as the pipeline drives it,
    on the cached demo build (a run_job would make its own cache entry: a second full build)."""
    from agent.kernel.boots import Booter
    from agent.kernel.path import KernelPath
    from agent.path import Steps
    from agent.research.scripted import ScriptedServer
    from agent.run import Run, RunConfig
    from agent.families import kernel_templates
    from sandbox.kernel.qemu import compile_reproducer, make_initramfs
    with ScriptedServer(SCRIPT) as srv:
        cfg = RunConfig(repo=str(demo_repo), report_text=REPORT, out=tmp_path, sandbox="local", strategy="llm",
                        tries=1, timeout=240, kernel_allowed=True, model="scripted-kernel", base_url=srv.base_url,
                        api_key="scripted-replay", replay="test", trajectories=1)
        run = Run(cfg, report=parse(REPORT), model_configured=True)
        job = KernelPath(run, Steps(run), templates=kernel_templates)
        job.tree = demo_build
        initrd = make_initramfs(compile_reproducer((EXAMPLE / "repro.c").read_text(), tmp_path / "work"),
                                tmp_path / "work", runs=1)
        job.booter = Booter(demo_build.bzimage, initrd, tmp_path / "logs", run.report.title, timeout=240)
        try:
            with demo_build.lock():
                error = job.research()
        finally:
            job.close()
    assert error is None, error
    (verdict,) = run.verdicts
    assert verdict.validated, (verdict.reason, verdict.log)
    assert verdict.candidate.template == "llm" and "drivers/misc/crashfix_demo.c" in verdict.candidate.diff
    assert verdict.build_seconds is not None and verdict.build_seconds > 0
    assert verdict.to_dict()["build_seconds"] is not None
    assert any("trajectory 1: validated" in n for n in run.notes), run.notes
    traj = json.loads((tmp_path / "trajectories" / "traj-1.json").read_text())
    seen = {o["tool"]: o["text"] for s in traj["steps"] for o in s["observations"]}
    assert "drivers/misc/crashfix_demo.c:" in seen["search_code"]
    assert "drivers/misc/crashfix_demo.c:19" in seen["search_definition"]
    assert "files of the crash's stack" in seen["search_commits"]
    assert demo_build.read("drivers/misc/crashfix_demo.c") == (demo_repo / "drivers/misc/crashfix_demo.c").read_text()
