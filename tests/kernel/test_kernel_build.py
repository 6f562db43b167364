"""Config handling and cache keys of sandbox.kernel.build, and kconfig.options_for, on small real trees."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from agent.kernel.kconfig import options_for
from sandbox.kernel.build import KernelBuildError, open_tree
from sandbox.kernel.config import HARNESS, is_full_config, merge_fragments


def _git_tree(path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text)
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    subprocess.run(["git", "-C", str(path), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(path), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c"],
                   check=True)
    return path


def test_merge_fragments_last_wins_and_drops_what_the_harness_sets():
    merged = merge_fragments(["CONFIG_A=y\nCONFIG_B=m\n# a comment\n", "CONFIG_B=y\nCONFIG_PROC_FS=y\n"])
    assert merged.splitlines() == ["CONFIG_A=y", "CONFIG_B=y"]
    assert "CONFIG_PROC_FS=y" in HARNESS
    assert merge_fragments(["CONFIG_KASAN=y"]) == ""


def test_cache_key_depends_on_commit_and_config_only(tmp_path):
    repo = _git_tree(tmp_path / "k", {"Makefile": "all:\n", "Kconfig": "# empty\n"})
    a = open_tree(repo, fragments=["CONFIG_X=y"], cache=tmp_path / "c")
    b = open_tree(repo, fragments=["CONFIG_X=y\nCONFIG_PROC_FS=y"], cache=tmp_path / "c")
    c = open_tree(repo, fragments=["CONFIG_Y=y"], cache=tmp_path / "c")
    assert a.root == b.root != c.root
    assert a.root.parent == tmp_path / "c" / "builds"
    full = "# Automatically generated file; DO NOT EDIT.\nCONFIG_X=y\n"
    assert is_full_config(full) and not is_full_config("CONFIG_X=y\n")
    assert open_tree(repo, config=full, cache=tmp_path / "c").base_config == full


def test_not_a_kernel_tree_is_a_clear_error(tmp_path):
    repo = _git_tree(tmp_path / "r", {"README": "no kernel\n"})
    with pytest.raises(KernelBuildError, match="does not look like a Linux kernel tree"):
        open_tree(repo)
    with pytest.raises(KernelBuildError, match="rev-parse"):
        open_tree(_git_tree(tmp_path / "k", {"Makefile": "", "Kconfig": ""}), "no-such-ref")


def test_checkout_apply_and_revert(tmp_path):
    repo = _git_tree(tmp_path / "k", {"Makefile": "all:\n", "Kconfig": "# empty\n", "drv/a.c": "int a;\n"})
    tree = open_tree(repo, cache=tmp_path / "c")
    with tree.lock():
        tree.checkout()
        diff = "--- a/drv/a.c\n+++ b/drv/a.c\n@@ -1 +1 @@\n-int a;\n+int a = 1;\n"
        tree.apply(diff)
        assert tree.read("drv/a.c") == "int a = 1;\n"
        with pytest.raises(KernelBuildError, match="does not apply"):
            tree.apply(diff)
        tree.revert()
        assert tree.read("drv/a.c") == "int a;\n"
        tree.checkout()                        # cached: same checkout, still clean
        assert (tree.src / ".git").exists() and tree.read("drv/a.c") == "int a;\n"
        # a commit left on the checkout (as the mail step makes) is undone, the build dir kept
        (tree.out / "kept.o").parent.mkdir(parents=True, exist_ok=True)
        (tree.out / "kept.o").write_text("object")
        tree.apply(diff)
        subprocess.run(["git", "-C", str(tree.src), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "x"],
                       check=True)
        tree.checkout()
        head = subprocess.run(["git", "-C", str(tree.src), "rev-parse", "HEAD"], capture_output=True, text=True)
        assert head.stdout.strip() == tree.commit and tree.read("drv/a.c") == "int a;\n"
        assert (tree.out / "kept.o").exists()


def test_options_for_follows_objects_and_directories(tmp_path):
    files = {
        "drivers/Makefile": "obj-$(CONFIG_FOO_BUS)\t+= foo/\nobj-y += misc/\n",
        "drivers/foo/Makefile": "obj-$(CONFIG_FOO) += foo.o\nfoo-y := core.o \\\n\tio.o\n",
        "drivers/misc/Makefile": "obj-$(CONFIG_DEMO)\t\t+= demo.o # the demo\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert options_for(tmp_path, ["drivers/foo/io.c"]) == ["CONFIG_FOO=y", "CONFIG_FOO_BUS=y"]
    assert options_for(tmp_path, ["drivers/misc/demo.c", "include/x.h"]) == ["CONFIG_DEMO=y"]
    assert options_for(tmp_path, ["drivers/misc/other.c"]) == []


def test_a_link_torn_by_a_killed_build_is_removed_so_make_relinks(tmp_path):
    """A build killed while linking left a 0-byte vmlinux: every later incremental build failed."""
    from sandbox.kernel.build import KernelTree
    tree = KernelTree(tmp_path / "repo", "0" * 40, tmp_path / "entry", None, ())
    tree.bzimage.parent.mkdir(parents=True)
    tree.vmlinux.write_bytes(b"")
    tree.bzimage.write_bytes(b"\x7fELF kernel image")
    tree._drop_torn_link()
    assert not tree.vmlinux.exists()
    assert tree.bzimage.read_bytes() == b"\x7fELF kernel image"


def _crash(title, frames=(), alloc=()):
    from agent.reports.model import CrashReport, Frame
    return CrashReport("kernel", "x", title, frames=[Frame("f", p) for p in frames],
                       alloc_frames=[Frame("a", p) for p in alloc])


def test_a_crash_brings_its_sanitizer_its_loop_device_and_its_objects_owner(tmp_path):
    """From syzbot's mails: UBSAN reports need UBSAN's check, images are mounted through a loop device,
    a use-after-free's stack may lie in mm/ while its allocation stack names the owner's file."""
    from agent.kernel.kconfig import options_for_crash
    src = _git_tree(tmp_path / "t", {
        "fs/Makefile": "obj-$(CONFIG_FOO_FS) += foo/\n",
        "fs/foo/Makefile": "obj-$(CONFIG_FOO_FS) += foo.o\nfoo-y := super.o\n",
        "fs/foo/super.c": "",
        "mm/Makefile": "obj-$(CONFIG_SLUB) += slub.o\n",
        "mm/kasan/Makefile": "obj-$(CONFIG_KASAN_SW_TAGS) += init.o\n",
    })
    ubsan = _crash("UBSAN: shift-out-of-bounds in foo_fill_super", ["fs/foo/super.c", "mm/kasan/init.c"])
    assert options_for_crash(src, ubsan) == ["CONFIG_FOO_FS=y", "CONFIG_UBSAN=y", "CONFIG_UBSAN_SHIFT=y"]
    uaf = _crash("KASAN: use-after-free Read in lru_add_fn", ["mm/slub.c"], alloc=["mm/slub.c", "fs/foo/super.c"])
    console = "[   31.2] loop0: detected capacity change from 0 to 64\n"
    assert options_for_crash(src, uaf, [console]) == ["CONFIG_SLUB=y", "CONFIG_FOO_FS=y", "CONFIG_BLK_DEV_LOOP=y"]
    assert "CONFIG_BLK_DEV_LOOP=y" in options_for_crash(src, uaf, ['int fd = open("/dev/loop0", O_RDWR);'])
    assert "CONFIG_BLK_DEV_LOOP=y" not in options_for_crash(src, uaf, ["a plain console line"])
