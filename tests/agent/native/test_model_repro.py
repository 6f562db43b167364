"""Rung 5 on the C path (issue 39): the model writes the C reproducer, crashfix compiles, runs and
judges it. Here without Docker: the tini test library in a local sandbox, built and checked with the
host's gcc and its sanitizers (the real checker, the real tools); the scripted-model run in the C
image is tests/agent/native/test_model_repro_docker.py."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from agent.memory import Memory
from agent.native.build import BuildPlan, san_flags, sanitizers_for
from agent.native.model_repro import checker, described_for_model, target
from agent.native.reproduce import described_crash
from agent.judge.testrun import SCRATCH
from agent.reports import parse
from agent.research.tools import ToolContext, reproduction_toolbox
from agent.research.tools.c_reproducer import CReproducer
from agent.research.tools.reproducer import CHECK, FOUND
from gitrepo import make_repo
from sandbox import open_sandbox
from tini import HEADER, ISSUE, LIB
from tini_repro import ELSEWHERE, GOOD, NO_COMPILE, NO_CRASH, PROSE

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None or subprocess.run(
    ["gcc", "-fsanitize=address,undefined", "-x", "c", "-", "-o", "/dev/null"], input=b"int main(void){return 0;}",
    capture_output=True).returncode != 0, reason="no gcc with the sanitizers on this machine")


def test_a_crash_described_in_words_with_nothing_to_run_is_taken_only_for_the_model():
    assert parse(PROSE) is None and described_crash(PROSE) is None        # without a model: no report
    report = described_for_model(PROSE)
    assert report is not None and report.extra["described"] and report.extra["named"] == ["tini_value"]
    assert "passing through `tini_value`" in target(report)
    assert described_for_model("It crashes with a segfault sometimes.") is None      # no function named


@pytest.fixture
def ctx(tmp_path):
    repo = make_repo(tmp_path / "tini", {"tini.c": LIB, "tini.h": HEADER})
    sb = open_sandbox("local", repo, install=False)
    built = sb.run(f"gcc {san_flags(('address',))} -c tini.c -o tini.o && ar rcs libtini.a tini.o", timeout=120)
    assert built.ok, built.output
    context = ToolContext(sb=sb, source=repo, memory=Memory())
    yield context
    sb.close()


def check(ctx, box, report, program: str, source: str):
    plan = BuildPlan("make", ["make"], None, flags=san_flags(sanitizers_for(report)))      # as the run builds
    ctx.state[CHECK] = checker(report, plan, ["tini.c", "tini.h"], None, 120)
    assert box.call(ctx, "write_file", {"name": program, "content": source}).ok
    return box.call(ctx, "check_reproducer", {"program": program})


@needs_gcc
@pytest.mark.parametrize("issue", ["prose", "pasted"])
def test_crashfix_refuses_what_does_not_crash_as_reported_and_accepts_what_does(ctx, issue):
    report = described_for_model(PROSE) if issue == "prose" else parse(ISSUE)
    assert sanitizers_for(report) == ("address",)          # the tree is built so (the fixture), as the run does
    box = reproduction_toolbox(report)
    assert {"write_file", "check_reproducer"} <= set(box.tools) and "write_test" not in box.tools
    assert "scratch folder" in box.tools["edit"].description and "C/C++" in box.tools["python"].description

    no = check(ctx, box, report, "a.c", NO_COMPILE)
    assert not no.ok and f"it does not compile: {SCRATCH}/a.c:2:66: error: expected" in no.text, no.text
    clean = check(ctx, box, report, "b.c", NO_CRASH)
    assert not clean.ok and "no crash: it exited 0 and printed no sanitizer report" in clean.text, clean.text
    other = check(ctx, box, report, "c.c", ELSEWHERE)
    assert not other.ok and "a different crash: null-dereference in main (c.c:8), not the reported one" in other.text, other.text
    assert FOUND not in ctx.state

    good = check(ctx, box, report, "d.c", GOOD)
    assert good.ok and good.text.startswith("ACCEPTED: `ASAN_OPTIONS=") and \
        "crashes with heap-buffer-overflow in tini_value (tini.c:10), as reported." in good.text, good.text
    found: CReproducer = ctx.state[FOUND]
    assert found.path == f"{SCRATCH}/d.c" and found.files[f"{SCRATCH}/d.c"] == GOOD
    assert f"{SCRATCH}/d.c" in found.prepare and "libtini.a" in found.prepare and "-fsanitize=address " in found.prepare


@needs_gcc
def test_the_tree_stays_as_it_was_and_files_land_in_the_scratch_folder_only(ctx):
    report = described_for_model(PROSE)
    box = reproduction_toolbox(report)
    ctx.state[CHECK] = lambda *a: pytest.fail("crashfix checked a reproducer on a changed tree")
    for name in ("../tini.c", "sub/x.c", "tini.c/.."):
        refused = box.call(ctx, "write_file", {"name": name, "content": "x"})
        assert not refused.ok and "not a plain file name" in refused.text
    assert not box.call(ctx, "write_file", {"name": ".gitignore", "content": "x"}).ok   # crashfix's own file
    edit = box.call(ctx, "edit", {"path": "tini.c", "old": "int unused;", "new": ""})
    assert not edit.ok and "scratch folder only" in edit.text
    assert not box.call(ctx, "check_reproducer", {"program": "never.c"}).ok           # not written in this phase
    assert box.call(ctx, "write_file", {"name": "r.c", "content": GOOD}).ok
    ctx.sb.run("echo '/* changed */' >> tini.c")
    changed = box.call(ctx, "check_reproducer", {"program": "r.c"})
    assert not changed.ok and "the tree's files were changed (tini.c)" in changed.text
    assert ctx.sb.read("tini.c") == LIB and ctx.sb.read(f"{SCRATCH}/r.c") == GOOD


@pytest.mark.parametrize("model", [{}, {"strategy": "templates", "model": "m", "base_url": "http://127.0.0.1:9"}])
def test_without_a_model_that_may_run_the_words_alone_are_no_report_as_before(tmp_path, model, monkeypatch):
    from agent.pipeline import run_job
    from agent.research.client import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
    for name in (ENV_API_KEY, ENV_BASE_URL, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    from agent.run import RunConfig
    repo = make_repo(tmp_path / "tini", {"tini.c": LIB, "tini.h": HEADER})
    run = run_job(RunConfig(**{"repo": str(repo), "report_text": PROSE, "out": tmp_path / "out", "sandbox": "local",
                               "strategy": "auto", **model}))
    assert run.status == "error" and run.error == "no crash report found in the given text"
