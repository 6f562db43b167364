"""A repository that plants a fake `git` (and git config that runs commands) during its install:
crashfix's own snapshot/diff/reset/apply still use the real git, and nothing planted runs."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sandbox import open_sandbox

HOSTILE_DIFF = "diff --git a/x b//etc/passwd\\n--- a/x\\n+++ b//proc/self/cwd/.gitconfig\\n"

# the install step: a `git` first on the repository's PATH (the venv's bin) that leaves a marker
# and prints a hostile diff, a ~/.gitconfig and a .git/config whose fsmonitor leaves a marker too
PLANT = (
    'bin=$(dirname "$(command -v python)"); '
    'printf "#!/bin/sh\\ntouch %s/FAKE_GIT_RAN\\nprintf \'' + HOSTILE_DIFF + '\'\\n" "$PWD" > "$bin/git"; '
    'chmod +x "$bin/git"; '
    'printf "#!/bin/sh\\ntouch %s/FSMONITOR_RAN\\n" "$PWD" > .git/fsmon.sh; chmod +x .git/fsmon.sh; '
    '/usr/bin/git config core.fsmonitor "$PWD/.git/fsmon.sh"; '
    '{ [ "$HOME_PLANT" = 1 ] && printf "[core]\\n\\tfsmonitor = $PWD/.git/fsmon.sh\\n" > "$HOME/.gitconfig"; true; }'
)


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "r"
    root.mkdir()
    (root / "app.py").write_text("def f():\n    return 1\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(git + ["add", "-A"], cwd=root, check=True)
    subprocess.run(git + ["commit", "-qm", "init"], cwd=root, check=True)
    return root


def _check_real_git(sb) -> None:
    # the planted git is what the repository's own commands get...
    assert "diff --git" in sb.run("git --version").output
    assert sb.run("test -e FAKE_GIT_RAN").exit_code == 0
    sb.run("rm -f FAKE_GIT_RAN FSMONITOR_RAN")
    # ...but crashfix's snapshot (taken after the install), diff, reset and apply are git's own
    sb.write("app.py", "def f():\n    return 2\n")
    diff = sb.diff()
    assert "-    return 1\n+    return 2" in diff
    assert "/etc/passwd" not in diff and ".gitconfig" not in diff
    sb.reset()
    assert sb.read("app.py") == "def f():\n    return 1\n"
    sb.apply_patch(diff)
    assert sb.read("app.py") == "def f():\n    return 2\n"
    sb.reset()
    assert sb.run("test -e FAKE_GIT_RAN || test -e FSMONITOR_RAN").exit_code == 1, \
        "a planted git or git config ran inside crashfix's own git commands"


@pytest.mark.docker
def test_docker_uses_the_real_git(tmp_path, sandbox_image, docker_limits):
    sb = open_sandbox("docker", _repo(tmp_path), image=sandbox_image, limits=docker_limits,
                      setup_cmd=f"HOME_PLANT=1; {PLANT}")
    try:
        _check_real_git(sb)
    finally:
        sb.close()


def test_local_uses_the_real_git(tmp_path):
    sb = open_sandbox("local", _repo(tmp_path), setup_cmd=PLANT)   # never touch this host's ~
    try:
        _check_real_git(sb)
    finally:
        sb.close()
