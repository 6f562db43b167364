"""The kernel loop for real: the demo kernel built (cached), booted under QEMU, reproduced, patched,
rebuilt, booted clean; and the bad inputs (no boot, no reproduction, a reproducer that does not build)."""
from __future__ import annotations

import json
import subprocess

import pytest

from agent.pipeline import run_job
from agent.run import RunConfig
from agent.candidates import Candidate
from sandbox.kernel.fixture import EXAMPLE
from sandbox.kernel.qemu import SENTINEL

pytestmark = [pytest.mark.slow, pytest.mark.kernel]

REPORT = (EXAMPLE / "report.txt").read_text()
NOOP_REPRO = "#include <stdio.h>\nint main(void) { puts(\"nothing to see\"); return 0; }\n"
ISSUE = "https://github.com/example/linux/issues/7"


def _with_repro(source: str) -> str:
    """The demo report with its reproducer replaced."""
    head, _, rest = REPORT.partition("```c\n")
    return head + "```c\n" + source + "```\n" + rest.partition("```\n")[2]


def _run(repo, out, text=REPORT, **kw):
    cfg = RunConfig(repo=str(repo), report_text=text, out=out, sandbox="local", strategy="templates",
                    tries=2, want_valid=1, timeout=240, issue_url=ISSUE, kernel_allowed=True, **kw)
    return run_job(cfg)


def test_demo_fixed_end_to_end_with_a_mail(demo_build, demo_repo, tmp_path):
    run = _run(demo_repo, tmp_path)
    assert run.status == "fixed", (run.error, [v.reason for v in run.verdicts])
    best = run.best
    assert best.validated and best.clean_runs == best.tries == 2
    assert "drivers/misc/crashfix_demo.c" in best.candidate.diff and best.candidate.template.startswith(("c:", "kernel:"))
    logs = tmp_path / "logs"
    first = (logs / "console-reproduce-01.log").read_text()
    assert "BUG: KASAN: use-after-free in demo_write" in first and SENTINEL not in first
    clean = sorted(logs.glob("console-candidate-*-boot-*.log"))[-1].read_text()
    assert SENTINEL in clean and "KASAN" not in clean.split("Run /init")[-1]
    assert "drivers/misc/crashfix_demo.c:33" in (logs / "console-symbolized.log").read_text()
    (mail,) = tmp_path.glob("0001-*.patch")
    text = mail.read_text()
    assert "Subject: [PATCH] misc: crashfix_demo: fix use-after-free in demo_write()" in text
    driver = subprocess.run(["git", "log", "-1", "--format=%h", "--abbrev=12"], cwd=demo_repo,
                            capture_output=True, text=True).stdout.strip()       # the demo driver's commit
    assert f'Fixes: {driver} ("misc: add crashfix_demo, a /proc file that counts what is written to it")' in text
    assert f"Closes: {ISSUE}" in text
    check = subprocess.run(["git", "apply", "--check", str(mail)], cwd=demo_repo, capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    result = json.loads((tmp_path / "result.json").read_text())
    assert result["artifacts"]["mail"] == mail.name and result["reproduction"]["reproduced"]
    assert any(f"last changed by {driver}" in f["text"] for f in result["memory"])
    # beyond "no crash": the reproducer's calls beside the unpatched kernel's, and the KUnit answer
    said = result["fix"]["behaviour"]["said"]
    assert said.startswith("process 1: the unpatched kernel crashed inside call 2; with the patch it returns: write = "), said
    assert result["fix"]["build_seconds"] > 0
    report = (tmp_path / "report.md").read_text()
    assert f"on the reproducer, beside the unpatched kernel: {said}" in report and "no KUnit tests for drivers/misc" in report


def test_validation_rejects_a_candidate_that_does_not_build_or_crashes_anew(demo_build, demo_repo, tmp_path):
    """Hand-written candidates through the same KernelPath.validate the pipeline uses."""
    from agent.kernel.boots import Booter
    from agent.path import Steps
    from agent.kernel.path import KernelPath
    from agent.native import templates as c_templates
    from agent.reports import parse
    from agent.run import Run
    from sandbox.kernel.qemu import compile_reproducer, make_initramfs
    run = Run(RunConfig(repo=str(demo_repo), report_text=REPORT, out=tmp_path, tries=1, kernel_allowed=True), report=parse(REPORT))
    assert run.report is not None
    job = KernelPath(run, Steps(run), templates=c_templates.generate)
    job.tree = demo_build
    initrd = make_initramfs(compile_reproducer((EXAMPLE / "repro.c").read_text(), tmp_path / "work"),
                            tmp_path / "work", runs=1)
    job.booter = Booter(demo_build.bzimage, initrd, tmp_path / "logs", run.report.title, timeout=240)
    with demo_build.lock():
        broken = Candidate(_edit(demo_build, "\t}\n\tkfree(msg);\n", "\t}\n\tkfree(msg)\n"), "drop a semicolon")
        v = job.validate(broken, 1)
        assert v.applied and not v.validated and v.reason == "the patched kernel does not build"
        assert "error" in "\n".join(v.log)
        null = Candidate(_edit(demo_build, "\t}\n\tkfree(msg);\n", "\t}\n\tkfree(msg);\n\tmsg = NULL;\n"), "clear msg")
        v = job.validate(null, 2)
        assert not v.validated and v.reason.startswith("boot 1: another crash"), v.reason
        assert demo_build.read("drivers/misc/crashfix_demo.c") == (demo_repo / "drivers/misc/crashfix_demo.c").read_text()


def _edit(tree, old: str, new: str) -> str:
    path = "drivers/misc/crashfix_demo.c"
    before = tree.read(path)
    after = before.replace(old, new, 1)
    assert after != before
    tmp = tree.root / "edit.tmp"
    tmp.write_text(after)
    diff = subprocess.run(["git", "diff", "--no-index", "--", str(tree.src / path), str(tmp)],
                          capture_output=True, text=True).stdout
    tmp.unlink()
    return diff.replace(f"a{tree.src / path}", f"a/{path}").replace(f"b{tmp}", f"b/{path}")


def test_crash_that_does_not_reproduce_in_10_boots(demo_build, demo_repo, tmp_path):
    run = _run(demo_repo, tmp_path, _with_repro(NOOP_REPRO))
    assert run.status == "not_reproduced", run.error
    assert run.reproduction.tries == 10 and "did not reproduce in 10 boots" in run.error
    consoles = sorted((tmp_path / "logs").glob("console-reproduce-*.log"))
    assert len(consoles) == 10 and all("nothing to see" in c.read_text() for c in consoles)
    assert json.loads((tmp_path / "result.json").read_text())["status"] == "not_reproduced"


def test_kernel_that_does_not_boot_is_an_error_with_its_console(demo_build, demo_repo, tmp_path):
    run = _run(demo_repo, tmp_path, kernel_cmdline="rdinit=/no/such/init")
    assert run.status == "error" and "the kernel did not boot" in run.error, run.error
    console = (tmp_path / "logs" / "console-reproduce-01.log").read_text()
    assert "Kernel panic" in console and "/no/such/init" in console


def test_reproducer_that_does_not_build_is_an_error_before_any_build(tmp_path, demo_repo):
    run = _run(demo_repo, tmp_path, _with_repro("int main(void) { return nope; }\n"))
    assert run.status == "error" and "does not compile" in run.error
    assert "nope" in (tmp_path / "logs" / "reproducer-build.log").read_text()
    assert "build" not in run.timings
