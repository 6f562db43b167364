"""Symlinks in a repository never read host files: a real git clone holding links to a host
credentials file and a host folder shows neither their content nor the folder's listing through any
research tool (search_code, search_definition with tree-sitter and ctags, view, listdir), nor in the
pipeline's file list."""
from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest

from agent.memory import Memory
from agent.path import repo_files
from agent.research.tools import ToolContext, analysis_toolbox
from gitrepo import git, make_repo
from sandbox import open_sandbox, prepare_source


def hostile_repo(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A repository with links out of itself, and the host secrets they point at."""
    mark = uuid.uuid4().hex[:10]
    secrets = {"content": f"SECRET_VALUE_{mark}", "function": f"secret_fn_{mark}", "name": f"NAMEONLY_{mark}",
               "c": f"c_secret_{mark}", "password": f"pw{mark}"}
    host = tmp_path / "host"
    host.mkdir()
    (host / "credentials.py").write_text(f"{secrets['content']} = '{secrets['password']}'\n\n\n"
                                         f"def {secrets['function']}():\n    return '{secrets['password']}'\n")
    (host / "creds.c").write_text(f"int {secrets['c']}(void) {{ return {secrets['password']}; }}\n")
    (host / f"{secrets['name']}.txt").write_text("only the name is secret\n")
    repo = make_repo(tmp_path / "repo", {"src/app.py": "def app():\n    return 1\n", "README.md": "app\n"})
    links = {"creds.py": host / "credentials.py", "creds": host / "credentials.py", "native.c": host / "creds.c",
             "hostdir": host, "src/up.py": Path("../../host/credentials.py"), "pkg": Path("src")}
    for name, target in links.items():
        os.symlink(target, repo / name)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "links")
    return repo, secrets


@pytest.fixture
def clone(tmp_path):
    repo, secrets = hostile_repo(tmp_path)
    dest = prepare_source(str(repo), None, tmp_path / "clone")
    assert (dest / "hostdir").is_symlink() and (dest / "creds.py").read_text().startswith(secrets["content"])
    return dest, secrets


def research_outputs(ctx: ToolContext, secrets: dict[str, str]) -> list[tuple[str, dict, str]]:
    calls = [("search_code", {"pattern": secrets["content"]}),
             ("search_code", {"pattern": "pw[0-9a-f]+|secret"}),
             ("search_code", {"pattern": "pw[0-9a-f]+", "path": "hostdir"}),
             ("search_code", {"pattern": "pw[0-9a-f]+", "path": "creds.py"}),
             ("search_code", {"pattern": "pw[0-9a-f]+", "path": "pkg/up.py"}),
             ("search_definition", {"symbol": secrets["function"]}),
             ("search_definition", {"symbol": secrets["content"]}),
             ("search_definition", {"symbol": secrets["c"]}),
             ("search_definition", {"symbol": "app"}),
             ("view", {"path": "creds.py"}), ("view", {"path": "src/up.py"}),
             ("view", {"path": f"hostdir/{secrets['name']}.txt"}),
             ("listdir", {}), ("listdir", {"path": "hostdir"}), ("listdir", {"path": "pkg"})]
    box = analysis_toolbox()
    return [(name, args, box.call(ctx, name, args).text) for name, args in calls]


def check_nothing_leaks(outputs, secrets):
    for name, args, text in outputs:
        seen = text
        for asked in args.values():               # the tool may repeat what it was asked
            seen = seen.replace(asked, "")
        for secret in secrets.values():
            assert secret not in seen, (name, args, text)
    shown = {(name, tuple(args.items())): text for name, args, text in outputs}
    assert "src/app.py:1 (function)" in shown[("search_definition", (("symbol", "app"),))]
    top = shown[("listdir", ())]
    assert "hostdir (link -> " in top and "src/" in top and "  app.py" in top
    assert "leads out of the repository" in shown[("listdir", (("path", "hostdir"),))]
    assert "leads out of the repository" in shown[("view", (("path", "creds.py"),))]
    assert "app.py" in shown[("listdir", (("path", "pkg"),))]          # a link inside the repo is fine


def test_links_out_of_a_clone_show_nothing_of_the_host_local(clone):
    source, secrets = clone
    sb = open_sandbox("local", source, install=False)
    try:
        check_nothing_leaks(research_outputs(ToolContext(sb=sb, source=source, memory=Memory()), secrets), secrets)
    finally:
        sb.close()


def test_the_pipeline_file_list_does_not_walk_through_links(clone):
    source, secrets = clone
    files = repo_files(source)
    assert files == ["README.md", "src/app.py"]
    assert not any(secrets["name"] in f for f in files)


def test_kernel_frame_paths_from_an_issue_stay_in_the_tree(tmp_path):
    """Kconfig options are read from the tree's Makefiles for the report's frame paths (issue text):
    an absolute path ends (it once walked up from "/" for ever) and a Makefile linking out of the
    tree is not read."""
    import subprocess
    import sys
    tree = tmp_path / "linux"
    (tree / "fs").mkdir(parents=True)
    (tree / "fs" / "Makefile").write_text("obj-$(CONFIG_EXT4_FS) += inode.o\n")
    (tmp_path / "host.mk").write_text("obj-$(CONFIG_HOST_SECRET) += leak.o\n")
    (tree / "drivers").mkdir()
    os.symlink(tmp_path / "host.mk", tree / "drivers" / "Makefile")
    code = ("import sys; from pathlib import Path; from agent.kernel.kconfig import options_for; "
            "print(options_for(Path(sys.argv[1]), ['/etc/x.c', '../../x.c', 'fs/inode.c', 'drivers/leak.c']))")
    out = subprocess.run([sys.executable, "-c", code, str(tree)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['CONFIG_EXT4_FS=y']"
