"""Kernel runs refuse bad input early with a clear error and keep what they wrote (no kernel build needed)."""
from __future__ import annotations

import json
import subprocess

from agent.pipeline import run_job
from agent.run import RunConfig
from sandbox.kernel.fixture import EXAMPLE

REPORT = (EXAMPLE / "report.txt").read_text()


def _repo(path, files):
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text)
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    subprocess.run(["git", "-C", str(path), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(path), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c"], check=True)
    return path


def _run(repo, out, text=REPORT, **kw):
    return run_job(RunConfig(repo=str(repo), report_text=text, out=out, sandbox="local", kernel_allowed=True, **kw))


def test_not_a_kernel_tree(tmp_path):
    run = _run(_repo(tmp_path / "r", {"README": "hello\n"}), tmp_path / "out")
    assert run.status == "error" and "does not look like a Linux kernel tree" in run.error
    assert json.loads((tmp_path / "out" / "result.json").read_text())["status"] == "error"


def test_not_a_git_checkout(tmp_path):
    (tmp_path / "plain").mkdir()
    run = _run(tmp_path / "plain", tmp_path / "out")
    assert run.status == "error" and "local git checkout" in run.error


def test_report_without_a_c_reproducer(tmp_path):
    text = REPORT.split("Reproducer:")[0]
    run = _run(_repo(tmp_path / "k", {"Makefile": "", "Kconfig": ""}), tmp_path / "out", text)
    assert run.report.kind == "kernel"
    assert run.status == "error" and "no C reproducer" in run.error


def test_unreadable_kernel_config(tmp_path):
    run = _run(_repo(tmp_path / "k", {"Makefile": "", "Kconfig": ""}), tmp_path / "out",
               kernel_config=str(tmp_path / "missing.config"))
    assert run.status == "error" and "cannot read the kernel config" in run.error
