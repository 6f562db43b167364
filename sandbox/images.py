"""Build the sandbox images, with or without a registry.

Default (no registry): ``debootstrap`` a Debian minbase root, add user ``sandbox`` (uid 1000)
and a venv, then ``docker import`` it. With a registry: ``docker build`` the Dockerfiles in
``deploy/sandbox/`` (set ``CRASHFIX_IMAGE_SOURCE=dockerfile`` or pass ``source="dockerfile"``).

Images are tagged ``crashfix/sandbox-<kind>:<recipe hash>`` and ``:latest``; a build is skipped
when the hashed tag already exists.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from sandbox.base import ImageMissing

BUILD_SCRIPT_VERSION = "4"
SUITE = "bookworm"
MIRROR = os.environ.get("CRASHFIX_DEBIAN_MIRROR", "http://deb.debian.org/debian")
DEB_CACHE = Path(os.environ.get("CRASHFIX_DEB_CACHE", "/var/cache/crashfix/debs"))
DEPLOY_DIR = Path(__file__).resolve().parent.parent / "deploy" / "sandbox"

PACKAGES = {
    "python": ["python3", "python3-venv", "python3-pip", "python3-pytest", "python3-setuptools",
               "python3-wheel", "git", "gdb", "libboost-regex1.74.0", "ca-certificates"],
}
PACKAGES["c"] = PACKAGES["python"] + ["gcc", "g++", "clang", "make", "cmake", "libc6-dbg",
                                      "pkg-config", "libasan8", "libubsan1", "meson", "ninja-build",
                                      "autoconf", "automake", "libtool", "file",
                                      # aarch64 reports: cross compiler + ASan/UBSan runtimes, qemu user mode
                                      "gcc-aarch64-linux-gnu", "libc6-dev-arm64-cross", "libasan8-arm64-cross",
                                      "libubsan1-arm64-cross", "qemu-user"]
# not a sandbox: the base of the bot's own image where no registry is reachable
# (docker build --build-arg BASE=crashfix/sandbox-base:latest .; see docs/deploy.md)
PACKAGES["base"] = ["python3", "python3-pip", "python3-venv", "git", "ca-certificates"]

ENV = {"PYTHONDONTWRITEBYTECODE": "1", "PIP_NO_INPUT": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
       "LANG": "C.UTF-8", "HOME": "/home/sandbox", "VIRTUAL_ENV": "/home/sandbox/venv",
       "PATH": "/home/sandbox/venv/bin:/usr/local/bin:/usr/bin:/bin"}

# run with chroot inside the debootstrapped root
_CHROOT_SCRIPT = """set -e
useradd --uid 1000 --user-group --create-home --shell /bin/bash sandbox
mkdir -p /workspace && chown 1000:1000 /workspace
# no pip inside the venv: /home/sandbox is copied into a fresh volume per sandbox, so keep it
# tiny (25 MB with pip: +3 s to create, +3 s to remove); a shim runs the system pip with the
# venv's python, which installs into the venv
su sandbox -c 'python3 -m venv --system-site-packages --without-pip /home/sandbox/venv'
for n in pip pip3; do
  printf '#!/bin/sh\nexec "$(dirname "$0")/python" -m pip "$@"\n' > /home/sandbox/venv/bin/$n
  chmod 755 /home/sandbox/venv/bin/$n; chown 1000:1000 /home/sandbox/venv/bin/$n
done
su sandbox -c 'git config --global --add safe.directory "*"'
rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /usr/share/doc /usr/share/man /usr/share/locale
"""


def recipe_hash(kind: str) -> str:
    recipe = "\n".join([SUITE, " ".join(sorted(PACKAGES[kind])), BUILD_SCRIPT_VERSION,
                        _CHROOT_SCRIPT, repr(sorted(ENV.items()))])
    return hashlib.sha256(recipe.encode()).hexdigest()[:16]


def image_tag(kind: str = "python") -> str:
    if kind not in PACKAGES:
        raise ValueError(f"unknown image kind {kind!r}; known: {', '.join(PACKAGES)}")
    return f"crashfix/sandbox-{kind}:{recipe_hash(kind)}"


def build_command(kind: str = "python") -> str:
    """The shell command a person runs to build the image (quoted in ImageMissing messages)."""
    return f"python -c 'from sandbox.images import ensure_image; ensure_image(\"{kind}\")'"


def _client():
    from sandbox.docker_io import connect  # SandboxError naming the engine when it is down
    return connect(timeout=30)


def _exists(tag: str) -> bool:
    import docker
    try:
        _client().images.get(tag)
        return True
    except docker.errors.ImageNotFound:
        return False


def _sh(argv: list[str], log, **kw) -> None:
    log("$ " + " ".join(argv))
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if proc.returncode != 0:
        raise ImageMissing(f"image build step failed (exit {proc.returncode}): {' '.join(argv)}\n"
                           f"{proc.stdout[-3000:]}")


def _build_debootstrap(kind: str, tag: str, log) -> None:
    if not shutil.which("debootstrap"):
        raise ImageMissing(f"cannot build {tag}: debootstrap is not installed "
                           "(apt-get install debootstrap) and no registry build was requested")
    DEB_CACHE.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"crashfix-rootfs-{kind}-", dir="/var/tmp"))
    root = tmp / "root"
    try:
        _sh(["debootstrap", "--variant=minbase", f"--cache-dir={DEB_CACHE}",
             "--include=" + ",".join(PACKAGES[kind]), SUITE, str(root), MIRROR], log)
        _sh(["chroot", str(root), "/bin/bash", "-c", _CHROOT_SCRIPT], log)
        changes = ["USER sandbox", "WORKDIR /workspace"]
        changes += [f"ENV {k}={v}" for k, v in ENV.items()]
        argv = ["docker", "import"]
        for c in changes:
            argv += ["--change", c]
        # tar the root from the host: keeps ownership and device nodes
        log(f"$ tar -C {root} -c . | docker import ... {tag}")
        tar = subprocess.Popen(["tar", "--numeric-owner", "-C", str(root), "-c", "."],
                               stdout=subprocess.PIPE)
        imp = subprocess.run(argv + ["-", tag], stdin=tar.stdout, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        tar.stdout.close()
        tar.wait()
        if imp.returncode != 0 or tar.returncode != 0:
            raise ImageMissing(f"docker import of {tag} failed: {imp.stdout[-2000:]}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _build_dockerfile(kind: str, tag: str, log) -> None:
    dockerfile = DEPLOY_DIR / f"{kind}.Dockerfile"
    if not dockerfile.exists():
        raise ImageMissing(f"no Dockerfile for image kind {kind!r} at {dockerfile}")
    _sh(["docker", "build", "-f", str(dockerfile), "-t", tag, str(DEPLOY_DIR)], log)


def ensure_image(kind: str = "python", *, rebuild: bool = False, log=print,
                 source: str | None = None) -> str:
    """Return the image tag for ``kind``, building it first when it is missing (or ``rebuild``)."""
    tag = image_tag(kind)
    latest = tag.rsplit(":", 1)[0] + ":latest"
    if not rebuild and _exists(tag):
        return tag
    source = source or os.environ.get("CRASHFIX_IMAGE_SOURCE", "debootstrap")
    log(f"building {tag} from {source} (one-off; a few minutes on a cold .deb cache)")
    if source == "dockerfile":
        _build_dockerfile(kind, tag, log)
    else:
        _build_debootstrap(kind, tag, log)
    _sh(["docker", "tag", tag, latest], log)
    return tag


def image_status() -> list[tuple[str, str, bool]]:
    """(kind, tag, present) for every image kind, for a doctor command."""
    return [(kind, image_tag(kind), _exists(image_tag(kind))) for kind in PACKAGES if kind != "base"]


if __name__ == "__main__":  # python -m sandbox.images [kind...]
    import sys
    for k in sys.argv[1:] or ["python"]:
        print(ensure_image(k))
