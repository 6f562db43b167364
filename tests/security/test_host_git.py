"""A planted global git config (what a sandbox escape would write to the worker's ~/.gitconfig)
changes none of crashfix's host git calls: `core.fsmonitor` and a global hooks folder run nothing,
and `url.insteadOf` redirects neither a clone nor the installation token of a push."""
from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from agent import history
from agent.memory import Memory
from agent.research.tools import ToolContext, analysis_toolbox
from bot.github import push as gitpush
from github_fakes import GitHTTPServer
from gitrepo import commit, git, make_repo
from sandbox import hostgit, prepare_source

TOKEN = "ghs_" + "t" * 36


@pytest.fixture
def plant(tmp_path, monkeypatch):
    """plant(redirects) writes HOME/.gitconfig (and XDG's) with an fsmonitor command, a global
    hooks folder and ``url.<to>.insteadOf = <from>`` for each (from, to); returns the marker file
    that any of the commands would create. Only call it after the test's own git set-up."""
    marker = Path("/tmp") / f"crashfix-fsmonitor-{uuid.uuid4().hex}"
    home = tmp_path / "home"
    hooks = home / "hooks"
    hooks.mkdir(parents=True)
    for hook in ("post-checkout", "pre-push", "post-commit", "reference-transaction"):
        (hooks / hook).write_text(f"#!/bin/sh\necho {hook} >> {marker}\n")
        (hooks / hook).chmod(0o755)

    def planted(redirects: dict[str, str] = {}) -> Path:
        text = (f'[core]\n\tfsmonitor = "echo fsmonitor >> {marker}; false"\n\thooksPath = {hooks}\n'
                + "".join(f'[url "{to}"]\n\tinsteadOf = {frm}\n' for frm, to in redirects.items()))
        (home / ".gitconfig").write_text(text)
        (home / ".config" / "git").mkdir(parents=True, exist_ok=True)
        (home / ".config" / "git" / "config").write_text(text)
        monkeypatch.setenv("HOME", str(home))
        monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
        return marker

    yield planted
    marker.unlink(missing_ok=True)


def test_the_planted_config_is_live_for_plain_git(tmp_path, plant):
    """The attack is real: an unhardened git in the same environment runs the planted command."""
    import subprocess
    repo = make_repo(tmp_path / "r", {"a.py": "a = 1\n"})
    marker = plant()
    subprocess.run(["git", "status", "--short"], cwd=repo, capture_output=True)
    assert marker.exists()
    marker.unlink()
    hostgit.run("status", "--short", cwd=repo)
    assert not marker.exists()


def test_prepare_source_clones_what_it_was_given(tmp_path, plant):
    real = make_repo(tmp_path / "real", {"app.py": "REAL = 1\n"})
    evil = make_repo(tmp_path / "evil", {"app.py": "EVIL = 1\n"})
    marker = plant({str(real.resolve()): str(evil.resolve())})
    tag = git(real, "rev-parse", "HEAD").strip()
    dest = prepare_source(str(real), tag, tmp_path / "clone")
    assert (dest / "app.py").read_text() == "REAL = 1\n"
    folder = tmp_path / "plain"
    folder.mkdir()
    (folder / "b.py").write_text("b = 1\n")
    prepare_source(str(folder), None, tmp_path / "snap")              # a plain folder: init, add, commit
    assert not marker.exists(), marker.read_text()


def test_history_and_the_research_git_tools_run_nothing_planted(tmp_path, plant):
    repo = make_repo(tmp_path / "r", {"app.py": "def f(d):\n    return d.get('k')\n"}, "add f")
    bad = commit(repo, {"app.py": "def f(d):\n    return d['k']\n"}, "speed up f")
    marker = plant()
    assert history.blame_line(repo, "app.py", 2).sha == bad
    assert [c.subject for c in history.line_history(repo, "app.py", 2, 2)] == ["speed up f", "add f"]
    assert [c.subject for c in history.pickaxe(repo, "d['k']")] == ["speed up f"]
    ctx = ToolContext(sb=None, source=repo, memory=Memory())
    box = analysis_toolbox()
    for name, args, expect in [("git_blame", {"path": "app.py", "start": 2}, bad[:8]),
                               ("search_commits", {"pattern": "d\\['k'\\]"}, "speed up f"),
                               ("git_show", {"rev": "HEAD"}, "speed up f")]:
        obs = box.call(ctx, name, args)
        assert obs.ok and expect in obs.text, (name, obs.text)
    assert not marker.exists(), marker.read_text()


def test_clone_and_push_keep_the_token_on_the_real_server(tmp_path, plant):
    upstream = make_repo(tmp_path / "upstream", {"app.py": "REAL = 1\n"})
    with GitHTTPServer(tmp_path / "git", TOKEN) as real, GitHTTPServer(tmp_path / "evil", TOKEN) as evil:
        real.bare("octo/app", source=upstream)
        evil.bare("octo/app", source=make_repo(tmp_path / "other", {"app.py": "EVIL = 1\n"}))
        url = f"{real.base}/octo/app.git"
        marker = plant({real.base: evil.base})
        clone = gitpush.clone(url, tmp_path / "checkout", TOKEN)
        assert (clone / "app.py").read_text() == "REAL = 1\n"
        (clone / "app.py").write_text("FIXED = 1\n")
        hostgit.run("add", "app.py", cwd=clone)
        hostgit.run("commit", "-q", "-m", "fix", cwd=clone,
                    extra={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                           "GIT_COMMITTER_EMAIL": "t@t"})
        sha = gitpush.push(clone, url, "crashfix/issue-1", TOKEN)
        assert real.seen and all(ok for _, _, ok in real.seen)
        assert evil.seen == []                                      # the token never went there
        pushed = git(real.root / "octo/app.git", "rev-parse", "refs/heads/crashfix/issue-1").strip()
        assert pushed == sha
    assert not marker.exists(), marker.read_text()
    assert TOKEN not in (clone / ".git" / "config").read_text()


def test_the_token_stays_out_of_argv_and_only_in_the_environment(tmp_path):
    env = gitpush.push_env(TOKEN, base={"PATH": "/usr/bin", "GIT_CONFIG_PARAMETERS": "'core.fsmonitor'='x'",
                                        "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.fsmonitor",
                                        "GIT_CONFIG_VALUE_0": "x"})
    assert env["GIT_CONFIG_COUNT"] == "1" and env["GIT_CONFIG_KEY_0"] == "http.extraHeader"
    assert env["GIT_CONFIG_VALUE_0"] == gitpush.auth_header(TOKEN)
    assert env["GIT_CONFIG_GLOBAL"] == "/dev/null" and env["GIT_CONFIG_NOSYSTEM"] == "1"
    assert "GIT_CONFIG_PARAMETERS" not in env
    argv = hostgit.argv("push", "x")
    assert "core.fsmonitor=false" in argv and "core.hooksPath=/dev/null" in argv
    assert not any(TOKEN in a for a in argv)
