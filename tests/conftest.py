"""Shared fixtures: only the Docker engine and the sandbox image live here."""
from __future__ import annotations

import os
import shutil
import subprocess
import time

import pytest


def _ping() -> bool:
    try:
        import docker
        docker.DockerClient(base_url="unix:///var/run/docker.sock", timeout=5).ping()
        return True
    except Exception:  # noqa: BLE001
        return False


@pytest.fixture(scope="session")
def docker_engine():
    """A live Docker engine: start dockerd when it is installed but not running.

    Skips only when Docker is not installed at all."""
    if not shutil.which("dockerd") and not shutil.which("docker"):
        pytest.skip("Docker is not installed")
    if not _ping():
        if not shutil.which("dockerd"):
            pytest.fail("docker CLI present but the engine is unreachable and dockerd is not installed")
        log = open("/tmp/dockerd.log", "ab")
        subprocess.Popen(["dockerd"], stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + 60
        while not _ping():
            if time.monotonic() > deadline:
                pytest.fail("dockerd did not answer a ping within 60 s; see /tmp/dockerd.log")
            time.sleep(0.5)
    return "unix:///var/run/docker.sock"


@pytest.fixture(scope="session")
def sandbox_image(docker_engine) -> str:
    """The python sandbox image (built once with debootstrap when missing)."""
    from sandbox.images import ensure_image
    return ensure_image("python", log=lambda m: print(m, flush=True))


@pytest.fixture(scope="session")
def docker_limits():
    from sandbox.docker import Limits
    return Limits(mem=os.environ.get("CRASHFIX_TEST_MEM", "512m"))
