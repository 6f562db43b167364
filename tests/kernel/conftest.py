"""Kernel fixtures: the demo tree (Debian's linux-source-6.1 + the demo driver) and its cached build."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from sandbox.kernel.build import open_tree
from sandbox.kernel.fixture import EXAMPLE, TARBALL, demo_tree
from sandbox.kernel.qemu import qemu_available


def _need_tools() -> None:
    if not TARBALL.exists():
        pytest.fail(f"{TARBALL} is missing: ./setup.sh installs linux-source-6.1")
    if not qemu_available() or not shutil.which("make") or not shutil.which("flex"):
        pytest.fail("qemu-system-x86_64, busybox-static, gcc, make or flex is missing: ./setup.sh installs them")


@pytest.fixture(scope="session")
def demo_repo():
    """The demo kernel git repo (made once per machine, ~1.5 min cold)."""
    _need_tools()
    return demo_tree()


@pytest.fixture(scope="session")
def demo_build(demo_repo):
    """The demo tree built with the example fragment: cached, so a full build happens once per machine."""
    tree = open_tree(demo_repo, fragments=[(EXAMPLE / "config.fragment").read_text()])
    with tree.lock():
        tree.checkout()
        tree.configure()
        built = tree.build()
    assert built.ok, built.log
    return tree



@pytest.fixture(scope="session")
def linux61_files(tmp_path_factory):
    """extract(files): only those files of Debian's linux-source 6.1, in a fresh folder (seconds, not a tree)."""
    if not TARBALL.exists():
        pytest.fail(f"{TARBALL} is missing: ./setup.sh installs linux-source-6.1")

    def extract(files: list[str]):
        out = tmp_path_factory.mktemp("linux61")
        subprocess.run(["tar", "-xJf", str(TARBALL), "-C", str(out), "--strip-components=1"]
                       + [f"linux-source-6.1/{f}" for f in files], check=True)
        return out
    return extract
