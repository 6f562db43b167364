"""Issue 18, item 1: the App refuses kernel jobs unless its operator sets CRASHFIX_KERNEL_JOBS=enabled.

A labelled issue holding a kernel crash report goes through the webhook, the queue, the Worker, the
real pipeline and the real publisher (to the recording fake API): off, one comment says why and
nothing is built; on, the kernel path runs (here into a fake tree whose make says it ran)."""
from __future__ import annotations

import subprocess

import pytest

from agent.pipeline import execute
from bot.settings import SettingsError, load_settings
from sandbox.kernel.fixture import EXAMPLE

REPORT = (EXAMPLE / "report.txt").read_text()
RAN = "fake-kernel-tree: make tinyconfig ran"


def _fake_kernel(path):
    path.mkdir()
    (path / "Makefile").write_text(f"tinyconfig:\n\t@echo '{RAN}'; exit 1\n")
    (path / "Kconfig").write_text("# fake\n")
    env = {"PATH": "/usr/bin:/bin", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    for cmd in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "c"]):
        subprocess.run(cmd, cwd=path, check=True, env=env)
    return path


def _kernel_job(make_harness, gh, tmp_path, monkeypatch, **settings):
    monkeypatch.setattr("sandbox.kernel.build.CACHE", tmp_path / "cache")
    h = make_harness(**settings)
    h.serve(_fake_kernel(tmp_path / "linux"))
    h.worker.pipeline = execute
    h.api.issues[(gh.REPO, 1)] = {"number": 1, "title": "KASAN in demo_write", "body": REPORT, "state": "open",
                                  "locked": False, "labels": [], "pull_request": False}
    assert h.deliver("issues", "issues.labeled", gh.labeled()).status_code == 202
    (job,) = h.jobs(kind="fix")
    posted = "\n".join(c[3] for c in h.api.named("comment")) + "\n".join(c[3] for c in h.api.named("edit_comment"))
    return job, posted


def test_kernel_jobs_are_off_by_default_and_the_setting_is_checked():
    assert load_settings(env={}).KERNEL_JOBS == "disabled"
    assert load_settings(env={"CRASHFIX_KERNEL_JOBS": "enabled"}).KERNEL_JOBS == "enabled"
    with pytest.raises(SettingsError, match="CRASHFIX_KERNEL_JOBS"):
        load_settings(env={"CRASHFIX_KERNEL_JOBS": "yes"})


def test_off_the_app_refuses_a_kernel_job_with_the_reason(make_harness, gh, tmp_path, monkeypatch):
    job, posted = _kernel_job(make_harness, gh, tmp_path, monkeypatch)
    assert "kernel jobs are not enabled on this crashfix" in posted and "CRASHFIX_KERNEL_JOBS=enabled" in posted
    assert "nothing was built or run" in posted
    assert RAN not in posted and "does not compile" not in posted
    assert "Root cause" not in posted                           # no diagnosis of a crash it never ran
    assert not (tmp_path / "cache").exists()                    # no checkout, no build dir


def test_on_the_app_runs_the_kernel_path(make_harness, gh, tmp_path, monkeypatch):
    job, posted = _kernel_job(make_harness, gh, tmp_path, monkeypatch, KERNEL_JOBS="enabled")
    assert "kernel jobs are not enabled" not in posted
    assert "make tinyconfig failed" in posted and RAN in posted    # the tree's make ran (jailed)


def test_on_the_command_line_the_user_is_the_operator(tmp_path, monkeypatch):
    from bot.cli.main import main
    monkeypatch.setattr("sandbox.kernel.build.CACHE", tmp_path / "cache")
    tree = _fake_kernel(tmp_path / "linux")
    (tmp_path / "issue.txt").write_text(REPORT)
    code = main(["run", "--repo", str(tree), "--report", str(tmp_path / "issue.txt"), "--out", str(tmp_path / "out")])
    result = (tmp_path / "out" / "result.json").read_text()
    # the run ends `error` (the fake tree cannot be configured): exit 2, as `crashfix run --help` says
    assert code == 2 and "make tinyconfig failed" in result and "not enabled" not in result
