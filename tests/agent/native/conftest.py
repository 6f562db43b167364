"""Fixtures for the native path: the C sandbox image and copies of the clib example."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CLIB = ROOT / "examples" / "clib"


@pytest.fixture(scope="session")
def c_image(docker_engine) -> str:
    """The C sandbox image (gcc, ASan/UBSan runtimes, gdb, make/CMake/Meson/autotools)."""
    from sandbox.docker.images import ensure_image
    return ensure_image("c", log=lambda m: print(m, flush=True))


@pytest.fixture
def clib_copy(tmp_path) -> Path:
    """A private copy of examples/clib/repo (no build products) that a test may change."""
    dest = tmp_path / "clib"
    shutil.copytree(CLIB / "repo", dest, ignore=shutil.ignore_patterns("build"))
    return dest
