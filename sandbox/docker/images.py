"""Build the sandbox images, with or without a registry.

Default (no registry): ``debootstrap`` a Debian minbase root, add user ``sandbox`` (uid 1000)
and a venv, then ``docker import`` it. With a registry: ``docker build`` the Dockerfiles in
``deploy/sandbox/`` (set ``CRASHFIX_IMAGE_SOURCE=dockerfile`` or pass ``source="dockerfile"``).

Images are tagged ``crashfix/sandbox-<kind>:<recipe hash>`` and ``:latest``; a build is skipped
when the hashed tag already exists. The python kind comes in several Python versions: without a
registry each is the Debian release that carries it (`PYTHONS`), with one the official
``python:X.Y-slim`` base; the default one keeps the plain tag, the others are
``crashfix/sandbox-python3.9:<hash>``. `nearest_python` maps a requested version to one available.
"""
from __future__ import annotations

import hashlib
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from sandbox.pythons import (DEFAULT_PYTHON, PYTHONS, WHEELS, available_pythons, nearest_python,
                             suite_packages)

from sandbox.base import ImageMissing
from sandbox import variables

BUILD_SCRIPT_VERSION = "4"
SUITE = "bookworm"
MIRROR = variables.value("DEBIAN_MIRROR")
DEB_CACHE = Path(variables.value("DEB_CACHE"))
DEPLOY_DIR = Path(__file__).resolve().parents[2] / "deploy" / "sandbox"

PACKAGES = {
    "python": ["python3", "python3-venv", "python3-pip", "python3-pytest", "python3-setuptools",
               "python3-wheel", "git", "gdb", "libboost-regex1.74.0", "ca-certificates",
               "make",                       # a Makefile's `make test` (its recipe runs the suite)
               # a C compiler and Python's headers: a project's own C extension (simplejson's
               # _speedups) and sdist-only dependencies of its era are built at set-up
               "gcc", "g++", "python3-dev",
               "locales"],                   # en_US.UTF-8 generated: suites and doctests set it (natsort)
}
PACKAGES["c"] = PACKAGES["python"] + ["clang", "cmake", "libc6-dbg",
                                      "pkg-config", "libasan8", "libubsan1", "meson", "ninja-build",
                                      "autoconf", "automake", "libtool", "file",
                                      "libclang-rt-14-dev",   # clang's MSan runtime: an MSan report is built with it
                                      # a yacc grammar and a lex scanner a patch touched are regenerated
                                      # by the build (jq's parser.y, lexer.l); a reproducer's `xxd -r -p`
                                      "bison", "flex", "xxd",
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
if [ -f /etc/locale.gen ]; then sed -i 's/^# *\\(en_US.UTF-8 UTF-8\\)/\\1/' /etc/locale.gen && locale-gen >/dev/null; fi
rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /usr/share/doc /usr/share/man /usr/share/locale
"""


def _suite(kind: str, python: str | None) -> str:
    return PYTHONS[python] if kind == "python" and python else SUITE


def _packages(kind: str, python: str | None) -> list[str]:
    return suite_packages(PACKAGES[kind], _suite(kind, python))


def _wheels(kind: str, python: str | None) -> list[str]:
    """Wheels added on top of Debian's packages: uv (dependency cut-off by date) in every python
    image; a newer pip and setuptools where Debian's cannot do editable pyproject installs."""
    return WHEELS.get(python or DEFAULT_PYTHON, []) if kind == "python" else []


def _check_python(kind: str, python: str | None) -> str | None:
    if python in (None, DEFAULT_PYTHON) or kind != "python":
        if python not in (None, DEFAULT_PYTHON):
            raise ValueError(f"image kind {kind!r} has Python {DEFAULT_PYTHON} only")
        return None
    if python not in PYTHONS:
        raise ValueError(f"no sandbox image for Python {python}; available: {', '.join(PYTHONS)} "
                         "(sandbox.pythons.nearest_python maps a version to one of them)")
    return python


def recipe_hash(kind: str, python: str | None = None) -> str:
    python = _check_python(kind, python)
    recipe = "\n".join([_suite(kind, python), " ".join(sorted(_packages(kind, python))),
                        BUILD_SCRIPT_VERSION, _CHROOT_SCRIPT, repr(sorted(ENV.items()))]
                       + ([" ".join(_wheels(kind, python))] if _wheels(kind, python) else []))
    return hashlib.sha256(recipe.encode()).hexdigest()[:16]


def image_tag(kind: str = "python", python: str | None = None) -> str:
    if kind not in PACKAGES:
        raise ValueError(f"unknown image kind {kind!r}; known: {', '.join(PACKAGES)}")
    python = _check_python(kind, python)
    name = f"{kind}{python}" if python else kind
    return f"crashfix/sandbox-{name}:{recipe_hash(kind, python)}"


def build_command(kind: str = "python", python: str | None = None) -> str:
    """The shell command a person runs to build the image (quoted in ImageMissing messages)."""
    if not python:
        return f"crashfix images --kind {kind}"
    return f"python -c 'from sandbox.docker.images import ensure_image; ensure_image(\"{kind}\", python=\"{python}\")'"


def build_hint(kind: str = "python") -> str:
    """What this machine needs to build the image, then the command (`crashfix doctor`'s fix line)."""
    cmd = build_command(kind)
    if image_source() == "dockerfile":
        return f"{cmd}  (docker build of deploy/sandbox/{kind}.Dockerfile; needs a registry)"
    first = [] if shutil.which("debootstrap") else ["apt-get install debootstrap"]
    root = "" if os.geteuid() == 0 else "as root: "
    return (", then ".join(first + [f"{root}{cmd}"]) + " (debootstrap + docker import, no registry; a few minutes) "
            f"- or, where a registry is reachable: CRASHFIX_IMAGE_SOURCE=dockerfile {cmd}")


def _client():
    from sandbox.docker.engine import connect
    return connect(timeout=30)


def _exists(tag: str) -> bool:
    import docker
    try:
        _client().images.get(tag)
        return True
    except docker.errors.ImageNotFound:
        return False


HEARTBEAT = 15.0          # seconds of a build step without a new stage before "still ..." is said


def stage_of(line: str) -> str | None:
    """debootstrap's stage in an output line ("I: Retrieving libc6 2.36" -> "Retrieving"), else None."""
    m = re.match(r"I: (Retrieving|Validating|Resolving|Checking|Found|Extracting|Installing|Unpacking|Configuring"
                 r"|Base system installed)", line)
    return m.group(1) if m else None


def _sh(argv: list[str], log, heartbeat: float = HEARTBEAT, **kw) -> None:
    """Run one build step; its output streamed to ``log`` as one line per debootstrap stage (the first
    line of each) and, when a step is long, "still running: ..., N s so far" every ``heartbeat`` s."""
    log("$ " + " ".join(argv))
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    lines: queue.Queue = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout] + [lines.put(None)], daemon=True)
    reader.start()
    tail: list[str] = []
    stage, last_said, latest = None, start, ""
    while True:
        try:
            line = lines.get(timeout=1.0)
        except queue.Empty:
            line = ""
        if line is None:
            break
        if line:
            line = line.rstrip("\n")
            tail = (tail + [line])[-60:]
            latest = line.strip() or latest
            now = stage_of(line)
            if now and now != stage:
                stage, last_said = now, time.monotonic()
                log(f"  {line.strip()[:160]}  ({int(time.monotonic() - start)} s)")
        if time.monotonic() - last_said >= heartbeat:
            last_said = time.monotonic()
            log(f"  still running {os.path.basename(argv[0])}: {int(last_said - start)} s so far"
                + (f"; last: {latest[:120]}" if latest else ""))
    proc.wait()
    if proc.returncode != 0:
        raise ImageMissing(f"image build step failed (exit {proc.returncode}): {' '.join(argv)}\n"
                           + "\n".join(tail)[-3000:])


def _add_wheels(root: Path, wheels: list[str], log) -> None:
    """Download ``wheels`` (name==version) on the host and install them into the root's system
    Python from the local files (the chroot has no network)."""
    if not wheels:
        return
    where = root / "tmp" / "crashfix-wheels"
    where.mkdir(parents=True)
    _sh([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
         "--platform", "manylinux_2_17_x86_64", "--platform", "any", "-d", str(where), *wheels], log)
    _sh(["chroot", str(root), "/usr/bin/env", "PIP_BREAK_SYSTEM_PACKAGES=1", "python3", "-m", "pip",
         "install", "--no-index", "--no-deps", "--no-cache-dir", "--find-links", "/tmp/crashfix-wheels",
         *wheels], log)
    shutil.rmtree(where)


def _build_debootstrap(kind: str, tag: str, log, python: str | None = None) -> None:
    if not shutil.which("debootstrap"):
        raise ImageMissing(f"cannot build {tag}: debootstrap is not installed "
                           "(apt-get install debootstrap) and no registry build was requested")
    DEB_CACHE.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"crashfix-rootfs-{kind}-", dir="/var/tmp"))
    root = tmp / "root"
    try:
        _sh(["debootstrap", "--variant=minbase", f"--cache-dir={DEB_CACHE}",
             "--include=" + ",".join(_packages(kind, python)), _suite(kind, python), str(root), MIRROR], log)
        _add_wheels(root, _wheels(kind, python), log)
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


def _build_dockerfile(kind: str, tag: str, log, python: str | None = None) -> None:
    dockerfile = DEPLOY_DIR / f"{kind}.Dockerfile"
    if not dockerfile.exists():
        raise ImageMissing(f"no Dockerfile for image kind {kind!r} at {dockerfile}")
    args = ["--build-arg", f"PYTHON={python}"] if python else []
    _sh(["docker", "build", "-f", str(dockerfile), *args, "-t", tag, str(DEPLOY_DIR)], log)


def image_source() -> str:
    """"debootstrap" (no registry, the default) or "dockerfile" ($CRASHFIX_IMAGE_SOURCE)."""
    return variables.value("IMAGE_SOURCE")


def python_image(requested: str | None, *, log=print) -> tuple[str, str, str | None]:
    """(tag, version used, note) of the python image nearest to ``requested``; the note says when
    the version differs ("Python 3.10 requested, 3.11 used")."""
    used, note = nearest_python(requested, available_pythons(image_source()))
    if image_source() == "dockerfile" and used != DEFAULT_PYTHON:
        recipe = (DEPLOY_DIR / "python.Dockerfile").read_text() + used
        tag = f"crashfix/sandbox-python{used}:{hashlib.sha256(recipe.encode()).hexdigest()[:16]}"
        if not _exists(tag):
            log(f"building {tag} from python:{used}-slim")
            _build_dockerfile("python", tag, log, used)
        return tag, used, note
    return ensure_image("python", python=used if used != DEFAULT_PYTHON else None, log=log), used, note


def ensure_image(kind: str = "python", *, rebuild: bool = False, log=print,
                 source: str | None = None, python: str | None = None) -> str:
    """Return the image tag for ``kind`` (and ``python``), building it first when it is missing
    (or ``rebuild``)."""
    tag = image_tag(kind, python)
    latest = tag.rsplit(":", 1)[0] + ":latest"
    if not rebuild and _exists(tag):
        return tag
    source = source or image_source()
    log(f"building {tag} from {source} (one-off; a few minutes on a cold .deb cache)")
    if source == "dockerfile":
        _build_dockerfile(kind, tag, log, python)
    else:
        _build_debootstrap(kind, tag, log, _check_python(kind, python))
    _sh(["docker", "tag", tag, latest], log)
    return tag


def image_status() -> list[tuple[str, str, bool]]:
    """(kind, tag, present) for every image kind, for a doctor command."""
    return [(kind, image_tag(kind), _exists(image_tag(kind))) for kind in PACKAGES if kind != "base"]


if __name__ == "__main__":  # python -m sandbox.docker.images [kind | python3.X ...]
    for k in sys.argv[1:] or ["python"]:
        print(ensure_image("python", python=k[6:]) if k.startswith("python3") else ensure_image(k))
