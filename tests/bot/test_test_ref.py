"""`/crashfix test REF` on a tag or a branch of the repository: the run's clone holds it (real git),
and a name the repository lacks is said as such, not blamed on crashfix's host."""
from __future__ import annotations

import subprocess

import pytest

from agent.run import Result, Run, RunConfig
from bot.conversation.failures import REF_MISSING, SANDBOX, for_result
from bot.github.push import clone
from sandbox import RefMissing, prepare_source


def git(*args, cwd):
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=cwd, check=True,
                          capture_output=True, text=True).stdout.strip()


@pytest.fixture
def remote(tmp_path):
    """A repository with a tag on an older commit and a branch of its own, cloned by URL."""
    src = tmp_path / "src"
    src.mkdir()
    git("init", "-q", "-b", "main", cwd=src)
    (src / "app.py").write_text("v = 1\n")
    git("add", "-A", cwd=src)
    git("commit", "-qm", "one", cwd=src)
    git("tag", "1.0.12", cwd=src)
    git("checkout", "-qb", "release-2", cwd=src)
    (src / "app.py").write_text("v = 2\n")
    git("commit", "-qam", "two", cwd=src)
    git("checkout", "-q", "main", cwd=src)
    (src / "app.py").write_text("v = 3\n")
    git("commit", "-qam", "three", cwd=src)
    return f"file://{src}"


@pytest.mark.parametrize("ref, text", [("1.0.12", "v = 1\n"), ("release-2", "v = 2\n")])
def test_a_tag_or_a_branch_reaches_the_run(remote, tmp_path, ref, text):
    checkout = clone(remote, tmp_path / "checkout", None, ref=ref)
    out = prepare_source(str(checkout), ref, tmp_path / "run")
    assert (out / "app.py").read_text() == text


def test_the_default_clone_stays_without_tags(remote, tmp_path):
    checkout = clone(remote, tmp_path / "checkout", None)
    with pytest.raises(RefMissing):
        prepare_source(str(checkout), "1.0.12", tmp_path / "run")


def test_a_missing_ref_is_bad_input_said_plainly(remote, tmp_path):
    checkout = clone(remote, tmp_path / "checkout", None, ref="9.9.9")
    with pytest.raises(RefMissing, match="no branch, tag or commit '9.9.9'"):
        prepare_source(str(checkout), "9.9.9", tmp_path / "run")
    run = Run(RunConfig(repo=".", report_text="", out=tmp_path))
    run.fail("error", "RefMissing: no branch, tag or commit '9.9.9' in the repository", "bad_input")
    failure = for_result(Result.of(run))
    assert failure is REF_MISSING and failure is not SANDBOX and "host" not in failure.text()
