"""What comes out of a sandbox is data on the host: a workspace diff that names an absolute path,
`/proc/self/cwd/.gitconfig` or `../x` (a fake `git` in the sandbox can print any diff) makes the
research tools read, write or delete nothing outside their own mirror; and the containment helper
refuses every way out of a root."""
from __future__ import annotations

import os
import tempfile
import uuid
from pathlib import Path

import pytest

from agent.memory import Memory
from agent.research.tools import ToolContext, analysis_toolbox
from gitrepo import make_repo
from sandbox import SandboxError, contain, open_sandbox

PLANTED = "[core]\n\tfsmonitor = touch /tmp/crashfix-planted-marker\n"


class HostileOutput:
    """A real local sandbox whose diff and reads say what a fake `git` in it would say."""

    def __init__(self, sb, diff: str):
        self.sb, self.hostile = sb, diff

    def __getattr__(self, name):
        return getattr(self.sb, name)

    def diff(self) -> str:
        return self.hostile

    def read(self, path: str) -> str:
        return PLANTED


def _added(path: str) -> str:
    return f"diff --git a/x b/x\nnew file mode 100644\n--- /dev/null\n+++ b/{path}\n@@ -0,0 +1 @@\n+x\n"


def _deleted(path: str) -> str:
    return f"diff --git a/x b/x\ndeleted file mode 100644\n--- a/{path}\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"


@pytest.fixture
def host(tmp_path, monkeypatch):
    """Host files an attacker would like gone or written; the process's cwd is a scratch folder, so
    `/proc/self/cwd/.gitconfig` names a file of the test's own."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    victims = {"abs": tmp_path / "victim-abs.txt", "quoted": tmp_path / "victim-quoted.txt",
               "up": Path(tempfile.gettempdir()) / f"crashfix-victim-{uuid.uuid4().hex}.txt"}
    for v in victims.values():
        v.write_text("keep me\n")
    yield {"cwd": cwd, "victims": victims, "planted": tmp_path / "planted.txt"}
    victims["up"].unlink(missing_ok=True)
    Path(tempfile.gettempdir(), victims["up"].name + ".new").unlink(missing_ok=True)


def test_a_hostile_workspace_diff_leaves_the_host_untouched(tmp_path, host):
    victims = host["victims"]
    quoted = "".join(f"\\{ord(c):03o}" if c == "/" else c for c in str(victims["quoted"]))
    diff = "".join([
        _deleted(str(victims["abs"])),                                 # --- a//tmp/...: absolute
        f'diff --git a/q b/q\n--- "a/{quoted}"\n+++ /dev/null\n',    # the same, C-quoted
        _deleted(f"../{victims['up'].name}"),                          # out of the mirror with ..
        _added("/proc/self/cwd/.gitconfig"),                           # the worker's ~/.gitconfig
        _added(str(host["planted"])),
        _added(f"../{victims['up'].name}.new"),
        _added("src/ok.py"),                                           # an honest path still works
    ])
    repo = make_repo(tmp_path / "repo", {"src/app.py": "def app():\n    return 1\n"})
    sb = open_sandbox("local", repo, install=False)
    try:
        ctx = ToolContext(sb=HostileOutput(sb, diff), source=repo, memory=Memory())
        for name, args in [("search_code", {"pattern": "fsmonitor"}), ("search_definition", {"symbol": "app"}),
                           ("search_code", {"pattern": "app"})]:
            obs = analysis_toolbox().call(ctx, name, args)
            assert obs.ok, obs.text
        assert "src/ok.py:2:\tfsmonitor" in analysis_toolbox().call(ctx, "search_code", {"pattern": "fsmonitor"}).text
    finally:
        sb.close()
    for v in victims.values():
        assert v.read_text() == "keep me\n", v
    assert not (host["cwd"] / ".gitconfig").exists()
    assert not host["planted"].exists()
    assert not Path(tempfile.gettempdir(), victims["up"].name + ".new").exists()


@pytest.mark.parametrize("path", ["/etc/passwd", "../x", "a/../../x", "", "a\0b", "/proc/self/cwd/.gitconfig"])
def test_inside_refuses_absolute_and_parent_paths(tmp_path, path):
    with pytest.raises(contain.PathEscapes) as err:
        contain.inside(tmp_path, path)
    assert isinstance(err.value, SandboxError) and isinstance(err.value, ValueError)
    assert contain.within(tmp_path, path) is None


def tree(tmp_path: Path, files: dict[str, str], links: dict[str, str]) -> tuple[Path, Path]:
    """(root, outside): files at "in/x" go under root, at "out/x" outside; links are made in root
    ("@out" in a target stands for the outside folder, "@root" for the root)."""
    root, outside = tmp_path / "root", tmp_path / "outside"
    for name, text in files.items():
        where, _, rel = name.partition("/")
        path = (root if where == "in" else outside) / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for name, target in links.items():
        os.symlink(target.replace("@out", str(outside)).replace("@root", str(root)), root / name)
    return root, outside


def test_inside_refuses_a_symlink_that_leaves_the_root_and_keeps_one_that_stays(tmp_path):
    root, outside = tree(tmp_path, {"out/secret": "s3cr3t\n", "in/pkg/mod.py": "x = 1\n"},
                         {"out": "@out", "creds": "@out/secret", "alias": "pkg"})
    for path in ("out", "out/secret", "creds", "alias/../out/secret"):
        with pytest.raises(contain.PathEscapes):
            contain.inside(root, path)
    assert contain.inside(root, "alias/mod.py") == (root / "pkg" / "mod.py").resolve()
    assert contain.read_text(root, "alias/mod.py") == "x = 1\n"
    with pytest.raises(contain.PathEscapes):
        contain.read_text(root, "creds")
    # removing an entry never goes through it: the link goes, its target stays
    contain.entry(root, "creds").unlink()
    assert (outside / "secret").read_text() == "s3cr3t\n" and not (root / "creds").is_symlink()
    with pytest.raises(contain.PathEscapes):
        contain.entry(root, "out/secret")


def test_files_never_walk_through_a_link(tmp_path):
    root, outside = tree(tmp_path, {"out/leak.py": "LEAK = 1\n", "in/a/b.py": "b = 1\n", "in/z.py": "z = 1\n",
                                    "in/.git/HEAD": "ref\n"},
                         {"dir": "@out", "leak.py": "@out/leak.py", "inner": "a", "a/loop": "@root"})
    assert list(contain.files(root, lambda name: name == ".git")) == ["a/b.py", "z.py"]
    assert dict(contain.entries(root))["dir"] == f"link -> {outside}"
