"""The Docker sandbox's writable space: its tmpfs volumes and the tar archives put into them."""
from __future__ import annotations

import io
import tarfile
import time
from pathlib import Path

import docker


def create_tmpfs_volumes(client: docker.DockerClient, names: list[str], size: int) -> None:
    """Named volumes that are tmpfs mounts of ``size`` bytes, owned by uid 1000.

    tmpfs, not the engine's disk: its size is enforced on every storage driver (overlay2 on ext4
    has no ``--storage-opt size``) and a full one costs the host no disk; its pages count against
    the memory limit of the container that writes them."""
    opts = f"size={size},uid=1000,gid=1000,mode=0755"
    for name in names:
        client.volumes.create(name, driver="local", labels={"crashfix.sandbox": "1"},
                              driver_opts={"type": "tmpfs", "device": "tmpfs", "o": opts})


def image_tar(client: docker.DockerClient, image_id: str, path: str) -> bytes:
    """The contents of ``path`` in an image, as a tar (from a container that never starts)."""
    tmp = client.containers.create(image_id, command=["true"], network_mode="none")
    try:
        stream, _ = tmp.get_archive(path.rstrip("/") + "/.")
        return b"".join(stream)
    finally:
        tmp.remove(force=True)


def _owned(ti: tarfile.TarInfo) -> tarfile.TarInfo:
    ti.uid = ti.gid = 1000
    ti.uname = ti.gname = "sandbox"
    return ti


def tree_tar(host_dir: Path) -> bytes:
    """A host directory's children as a tar, owned by uid 1000."""
    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w") as tf:
        for child in sorted(host_dir.iterdir()):
            tf.add(child, arcname=child.name, filter=_owned)
    return tar.getvalue()


def file_tar(rel: str, data: bytes) -> bytes:
    """One file at ``rel`` (with its parent folders) as a tar, owned by uid 1000."""
    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w") as tf:
        parts = rel.split("/")
        for i in range(1, len(parts)):
            d = tarfile.TarInfo("/".join(parts[:i]))
            d.type, d.mode, d.uid, d.gid = tarfile.DIRTYPE, 0o755, 1000, 1000
            tf.addfile(d)
        info = tarfile.TarInfo(rel)
        info.size, info.mode, info.uid, info.gid = len(data), 0o644, 1000, 1000
        info.mtime = int(time.time())
        tf.addfile(info, io.BytesIO(data))
    return tar.getvalue()
