"""The driver and the run types: the path table, the Result a run hands the bot, its progress events,
and the one home of the protected-path and same-crash decisions. Real git repos, the local sandbox."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from agent.families import FAMILIES, KERNEL, NATIVE, PYTHON, path_for
from agent.path import CrashPath, Steps
from agent.kernel.path import KernelPath
from agent.native.path import NativePath
from agent.python.path import PythonPath
from agent.pipeline import execute, run_job
from agent.judge.protect import Patterns, guard, is_protected_default, matches
from agent.compose.compose import compose
from agent.render import report_markdown
from agent.reports import parse
from agent.run import PHASES, STATUSES, Result, Run, RunConfig
from agent.judge.signature import matches as same
from gitrepo import make_repo

ROOT = Path(__file__).resolve().parents[2]

APP = 'def total(prices):\n    return sum(p["price"] for p in prices)\n\n\nif __name__ == "__main__":\n' \
      '    print(total([{"price": 1}, {}]))\n'
TRACE = ('Traceback (most recent call last):\n  File "app.py", line 6, in <module>\n'
         '    print(total([{"price": 1}, {}]))\n  File "app.py", line 2, in total\n'
         '    return sum(p["price"] for p in prices)\n  File "app.py", line 2, in <genexpr>\n'
         '    return sum(p["price"] for p in prices)\nKeyError: \'price\'\n')


def test_one_table_picks_the_path_by_report_kind(tmp_path):
    fixed = {k: f.path for k, f in FAMILIES.items() if f.fixes}
    assert fixed == {"python": PythonPath, "sanitizer": NativePath, "gdb": NativePath, "kernel": KernelPath,
                     "cdb": PythonPath}
    run = Run(RunConfig(repo=".", report_text=TRACE, out=tmp_path), report=parse(TRACE))
    paths = [f.open(run, Steps(run)) for f in (PYTHON, NATIVE, KERNEL)]
    paths.append(path_for(run.report, run, Steps(run)))
    try:
        assert all(isinstance(p, CrashPath) for p in paths)             # each implements the whole protocol
        assert [type(p) for p in paths] == [PythonPath, NativePath, KernelPath, PythonPath]
        assert [p.research_agent for p in paths] == [True, True, True, True]     # the kernel too (issue 38)
    finally:
        for p in paths:
            p.close()


def test_text_without_a_crash_is_bad_input_and_the_folder_says_so(tmp_path):
    seen = []
    result = execute(RunConfig(repo=".", report_text="it broke, please help", out=tmp_path), seen.append)
    assert isinstance(result, Result) and result.status == "error" and result.error_kind == "bad_input"
    assert result.error == "no crash report found in the given text" and not result.reproduced
    assert [e.phase for e in seen] == ["parse"] and seen == result.progress
    written = json.loads((tmp_path / "result.json").read_text())
    assert written["error_kind"] == "bad_input" and written["progress"] == [{"phase": "parse", "text": "parse…"}]
    assert (tmp_path / "report.md").read_text() == report_markdown(result)


@pytest.fixture
def app_repo(tmp_path):
    return make_repo(tmp_path / "repo", {"app.py": APP})


def test_a_python_run_moves_through_the_phases_in_order(app_repo, tmp_path):
    texts: list[str] = []
    run = run_job(RunConfig(repo=str(app_repo), report_text=TRACE, out=tmp_path / "out", sandbox="local",
                                 strategy="templates", tries=2), lambda event: texts.append(event.text))
    result = run.result
    # the script the traceback names reproduced it, and became a regression test (the ladder, agent/python/ladder)
    assert result.reproduced and result.reproduction.regression_test is not None
    assert result.reproduction.command.endswith(result.reproduction.regression_test.path.rsplit("/", 1)[-1])
    phases = list(dict.fromkeys(e.phase for e in result.progress))
    assert phases[:5] == ["parse", "prepare", "reproduce", "analyse", "candidates"], phases
    assert all(p in PHASES for p in phases) and result.status in STATUSES
    assert texts == [e.text for e in result.progress]                 # the text interface sees the same
    assert [e.text for e in result.progress if e.phase == "reproduce"] == ["tests_before…", "reproduce…"]   # the resolved test command (unittest) runs first
    assert result.root_cause.startswith("`KeyError: 'price'` in `<genexpr>` at `app.py:2`. Under pdb")
    assert {f.kind for f in result.facts("frame", "reproduction", "debugger")} == {"frame", "reproduction", "debugger"}
    assert result.debugger == "pdb" and result.language == "python"
    if result.patched:
        assert result.patch and result.best.validated and result.error is None and result.error_kind is None
        assert "validate" in phases and result.tests_after["passed"] == 0     # the repo has no test
        # so the patch cannot be more than speculative, and says why (agent/judge/confidence.py)
        assert result.status == "speculative" and "this project has no tests" in result.best.confidence_why
    else:
        assert result.status == "not_fixed" and result.patch is None
    md = (tmp_path / "out" / "report.md").read_text()
    assert md == report_markdown(result) and compose(result).crash in md and compose(result).why in md
    # the config is as given (frozen, never rewritten); what the set-up resolved is the run's and the result's
    assert run.config.test_cmd is None and result.test_cmd_given is None
    assert result.test_cmd == run.test_cmd and "unittest" in result.test_cmd and result.timeout == run.timeout
    written = json.loads((tmp_path / "out" / "result.json").read_text())
    assert written["tests"]["command"] == result.test_cmd and written["tests"]["command_given"] is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.config.test_cmd = "python -m pytest"          # type: ignore[misc]


@pytest.mark.parametrize("pattern, path, hit", [
    ("docs/", "docs/a/b.md", True), ("*.lock", "sub/poetry.lock", True), ("migrations", "app/migrations/1.py", True),
    ("src/*.py", "src/a/b.py", False), ("src/**/*.py", "src/a/b.py", True), ("/setup.py", "./setup.py", True),
    ("[!a]*.cfg", "b.cfg", True), ("[!a]*.cfg", "a.cfg", False),
])
def test_one_glob_dialect_for_protected_paths(pattern, path, hit):
    assert matches([pattern], path) is hit
    assert Patterns((pattern,))(path) is hit


def test_tests_and_ci_are_always_protected():
    protected = guard(Patterns(("docs/",)))
    assert all(protected(p) for p in ("tests/x.py", "conftest.py", "pkg/test_a.py", ".github/workflows/ci.yml",
                                       "./.ci/run.sh", "docs/index.md"))
    assert not protected("src/app.py") and not is_protected_default("src/app.py")


def test_the_same_crash_is_decided_per_report_kind():
    py = parse(TRACE)
    other_function = parse(TRACE.replace("in total", "in grand_total").replace("in <genexpr>", "in grand_total"))
    assert same(py, py) and not same(py, other_function) and not same(py, None)
    asan = ("==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010\n"
            "READ of size 4 at 0x602000000010 thread T0\n    #0 0x4011 in list_pop src/list.c:42\n"
            "    #1 0x4022 in main tests/t.c:9\n")
    native = parse(asan)
    assert native.kind == "sanitizer" and same(native, native)
    moved = parse(asan.replace("list_pop src/list.c:42", "list_push src/list.c:30"))
    assert not same(native, moved)          # the sanitizer rule: the same guilty function, not any frame


def test_errors_cross_with_their_kind(app_repo, tmp_path):
    broken = execute(RunConfig(repo=str(app_repo), report_text=TRACE, out=tmp_path / "a", sandbox="nowhere"))
    assert broken.status == "error" and broken.error_kind == "sandbox" and not broken.sandbox_lost
    assert broken.error.startswith("SandboxError: unknown sandbox backend 'nowhere'")
    text = (ROOT / "examples" / "kernel" / "report.txt").read_text()
    refused = execute(RunConfig(repo=str(tmp_path / "no-tree"), out=tmp_path / "b", report_text=text))
    assert refused.error_kind == "bad_input" and "kernel jobs are not enabled" in refused.error
    assert refused.report is None                           # nothing ran: no root cause of the claims
    kernel = execute(RunConfig(repo=str(tmp_path / "no-tree"), out=tmp_path / "c", report_text=text,
                               kernel_allowed=True))
    assert kernel.report.kind == "kernel" and kernel.error_kind == "bad_input"
    assert "needs a local git checkout of the kernel tree" in kernel.error
    assert [e.phase for e in kernel.progress] == ["parse", "parse"]          # "parse…", "parsed: …"


def test_may_the_research_agent_run_is_decided_once_per_run(app_repo, tmp_path, monkeypatch):
    """`configured` (the config's endpoint, else the environment's) is asked once, when the run starts;
    every phase reads the answer from the run (`Run.may_research`)."""
    import agent.pipeline
    import agent.research.strategy
    asked = []

    def configured(cfg):
        asked.append(cfg.strategy)
        return False
    monkeypatch.setattr(agent.pipeline, "configured", configured)
    monkeypatch.setattr(agent.research.strategy, "configured", configured)
    run = run_job(RunConfig(repo=str(app_repo), report_text=TRACE, out=tmp_path / "out", sandbox="local",
                            strategy="auto", tries=1), lambda event: None)
    assert asked == ["auto"] and not run.model_configured and not run.may_research
    assert run.result.reproduced         # the run went through every phase that asks (prepare, expectation, rung 5)
    assert Run(RunConfig(repo=".", report_text="", out=tmp_path), model_configured=True).may_research
    assert not Run(RunConfig(repo=".", report_text="", out=tmp_path, strategy="templates"),
                   model_configured=True).may_research
