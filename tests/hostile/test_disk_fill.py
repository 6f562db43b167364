"""A repository that writes until the disk is full: stopped at `Limits.disk` (the workspace and
the home) or the /tmp size, the limit named in the result and in a failed install's error, and the
host's disk untouched."""
from __future__ import annotations

import shutil

import pytest

from sandbox import Limits, SetupFailed, open_sandbox

pytestmark = pytest.mark.docker

LIMITS = Limits(mem="512m", disk="128m", tmp_size="64m", pids=64)
MiB = 1 << 20


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    from gitrepo import make_repo
    return make_repo(tmp_path_factory.mktemp("fill") / "r", {"a.txt": "a\n"})


@pytest.fixture(scope="module")
def box(sandbox_image, repo):
    sb = open_sandbox("docker", repo, image=sandbox_image, limits=LIMITS, install=False)
    yield sb
    sb.close()


def _host_mount_type(path: str) -> str:
    best = ("", "")
    for line in open("/proc/mounts"):
        _, mnt, fstype = line.split()[:3]
        if (path + "/").startswith(mnt.rstrip("/") + "/") and len(mnt) > len(best[0]):
            best = (mnt, fstype)
    return best[1]


@pytest.mark.parametrize("where,size,mount", [("fill", 128, "/workspace"),
                                              ("$HOME/fill", 128, "/home/sandbox"),
                                              ("/tmp/fill", 64, "/tmp")])
def test_filling_the_disk_stops_at_the_limit(box, where, size, mount):
    free_before = shutil.disk_usage("/var/lib/docker").free
    res = box.run(f"dd if=/dev/zero of={where} bs=1M count=4096; echo rc=$?", timeout=120)
    free_after = shutil.disk_usage("/var/lib/docker").free
    assert "No space left on device" in res.output and "rc=1" in res.output
    assert res.limits == (f"disk limit {size} MiB reached ({mount} full: writes fail with "
                          "'No space left on device')",)
    assert f"[crashfix: disk limit {size} MiB reached ({mount} full" in res.output
    written = int(box.run(f"stat -c %s {where}").output.strip())
    assert size * MiB - MiB <= written <= size * MiB
    assert free_before - free_after < size * MiB, "the host's disk paid for the sandbox's writes"
    box.run(f"rm -f {where}")
    assert box.run("echo ok > after.txt && cat after.txt").output.strip() == "ok"   # room again


def test_workspace_is_not_on_the_hosts_disk(box):
    path = box.client.volumes.get(box.volumes[0]).attrs["Mountpoint"]
    assert _host_mount_type(path) == "tmpfs"


def test_install_that_fills_the_disk_fails_naming_the_limit(sandbox_image, repo):
    with pytest.raises(SetupFailed) as err:
        open_sandbox("docker", repo, image=sandbox_image, limits=LIMITS,
                     setup_cmd="dd if=/dev/zero of=big bs=1M count=4096")
    assert "disk limit 128 MiB reached (/workspace full" in str(err.value)
