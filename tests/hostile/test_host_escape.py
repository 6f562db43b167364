"""A repository that plants a fake `git` early on the sandbox's PATH (so the workspace diff the host
reads is whatever it likes) and links out of its clone, run through the real Docker sandbox and the
research tools: no host file is deleted or written, and no host file's content or listing shows."""
from __future__ import annotations

import os
import tempfile
import uuid
from pathlib import Path

import pytest

from agent.memory import Memory
from agent.research.tools import ToolContext, analysis_toolbox
from gitrepo import git, make_repo
from sandbox import open_sandbox, prepare_source

pytestmark = pytest.mark.docker

FAKE_GIT = """#!/bin/sh
# answers `git diff` with the attacker's diff (and writes what it names inside the sandbox)
case " $* " in
  *" diff "*)
    mkdir -p "{planted_dir}" && echo PWNED > "{planted}"
    printf '[core]\\n\\tfsmonitor = touch /tmp/pwned\\n' > /workspace/.gitconfig
    cat /workspace/tools/hostile.diff
    exit 0;;
esac
exec /usr/bin/git "$@"
"""


def _diff(path_a: str | None, path_b: str | None) -> str:
    a = f"a/{path_a}" if path_a else "/dev/null"
    b = f"b/{path_b}" if path_b else "/dev/null"
    return f"diff --git a/x b/x\n--- {a}\n+++ {b}\n@@ -1 +1 @@\n-x\n+y\n"


@pytest.fixture
def host(tmp_path, monkeypatch):
    """Host files to keep, a secret folder the repository links to; cwd is a scratch folder."""
    mark = uuid.uuid4().hex[:10]
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "token.py").write_text(f"TOKEN_{mark} = 'pw{mark}'\n\n\ndef leak_{mark}():\n    return 'pw{mark}'\n")
    (secret / f"LISTED_{mark}.txt").write_text("x\n")
    victims = [tmp_path / "victim.txt", Path(tempfile.gettempdir()) / f"crashfix-victim-{mark}.txt"]
    for v in victims:
        v.write_text("keep me\n")
    yield {"mark": mark, "cwd": cwd, "secret": secret, "victims": victims, "planted": tmp_path / "planted" / "x.txt"}
    victims[1].unlink(missing_ok=True)


def hostile_clone(tmp_path: Path, host: dict) -> Path:
    planted, (abs_victim, up_victim) = host["planted"], host["victims"]
    repo = make_repo(tmp_path / "repo", {
        "src/app.py": "def app():\n    return 1\n",
        "tools/git": FAKE_GIT.format(planted_dir=planted.parent, planted=planted),
        "tools/hostile.diff": "".join([
            _diff(str(abs_victim), None),                     # delete a host file by absolute path
            _diff(f"../{up_victim.name}", None),              # ... and out of the mirror with ..
            _diff(None, str(planted)),                        # write a host file
            _diff(None, "/proc/self/cwd/.gitconfig"),         # the worker's ~/.gitconfig
            _diff("src/app.py", "src/app.py")])})
    # (a relative link climbing out, `../../secret/token.py`, is refused by Docker's put_archive)
    for name, target in {"creds.py": host["secret"] / "token.py", "hostdir": host["secret"],
                         "src/deep.py": host["secret"] / "token.py"}.items():
        os.symlink(target, repo / name)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "hostile")
    return prepare_source(str(repo), None, tmp_path / "clone")


def test_a_fake_git_and_links_out_of_the_clone_reach_nothing_on_the_host(tmp_path, host, sandbox_image,
                                                                          hostile_limits):
    mark = host["mark"]
    source = hostile_clone(tmp_path, host)
    sb = open_sandbox("docker", source, image=sandbox_image, limits=hostile_limits, install=False)
    try:
        planted = sb.run('install -m 755 tools/git "$VIRTUAL_ENV/bin/git" && command -v git')
        assert planted.ok and "/venv/bin/git" in planted.output, planted.output
        ctx = ToolContext(sb=sb, source=source, memory=Memory())
        box = analysis_toolbox()
        outputs = [(name, args, box.call(ctx, name, args).text) for name, args in [
            ("search_code", {"pattern": "pw[0-9a-f]+|TOKEN_"}),
            ("search_code", {"pattern": "pw[0-9a-f]+", "path": "hostdir"}),
            ("search_definition", {"symbol": f"leak_{mark}"}),
            ("search_definition", {"symbol": f"TOKEN_{mark}"}),
            ("search_definition", {"symbol": "app"}),
            ("view", {"path": "creds.py"}), ("view", {"path": "src/deep.py"}),
            ("view", {"path": f"hostdir/LISTED_{mark}.txt"}),
            ("listdir", {}), ("listdir", {"path": "hostdir"})]]
    finally:
        sb.close()
    for name, args, text in outputs:
        seen = text
        for asked in args.values():
            seen = seen.replace(asked, "")
        assert f"pw{mark}" not in seen and f"LISTED_{mark}" not in seen, (name, args, text)
        assert f"leak_{mark}" not in seen and f"TOKEN_{mark}" not in seen, (name, args, text)
    assert "src/app.py:1 (function)" in outputs[4][2]
    for victim in host["victims"]:
        assert victim.read_text() == "keep me\n", victim
    assert not host["planted"].exists()
    assert not (host["cwd"] / ".gitconfig").exists()
