"""Which Python versions the sandbox images carry, and the nearest one to a requested version."""
from __future__ import annotations

import re

DEFAULT_PYTHON = "3.11"
# without a registry: the Debian release whose python3 is that version
PYTHONS = {"3.9": "bullseye", "3.11": "bookworm", "3.13": "trixie"}
# with a registry: the official python:X.Y-slim bases
REGISTRY_PYTHONS = ["3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.14"]
# Debian package names that differ between releases (the bookworm name -> the release's)
RENAMED = {"bullseye": {"libasan8": "libasan6"}, "trixie": {"libboost-regex1.74.0": "libboost-regex1.83.0"}}
UV = "uv==0.13.9"
# wheels installed on top (pinned: they are part of the image recipe). Bullseye's pip 20.3 and
# setuptools 52 cannot install a pyproject project in editable mode; setuptools 69 can and still
# vendors its own packaging and importlib-metadata (Debian's are too old for later releases)
WHEELS = {"3.9": [UV, "pip==26.0.1", "setuptools==69.5.1", "wheel==0.45.1"], "3.11": [UV], "3.13": [UV]}


def suite_packages(packages: list[str], suite: str) -> list[str]:
    renamed = RENAMED.get(suite, {})
    return [renamed.get(p, p) for p in packages]


def available_pythons(source: str = "debootstrap") -> list[str]:
    return list(REGISTRY_PYTHONS if source == "dockerfile" else PYTHONS)


def _minor(version: str) -> int:
    m = re.fullmatch(r"3\.(\d{1,2})(?:\.\d+)?", version.strip())
    if not m:
        raise ValueError(f"not a Python 3 version: {version!r} (expected e.g. 3.11)")
    return int(m.group(1))


def nearest_python(requested: str | None, available: list[str]) -> tuple[str, str | None]:
    """(version used, note). No request: the default. A tie goes to the newer version."""
    if not requested:
        return DEFAULT_PYTHON, None
    want = _minor(requested)
    used = min(available, key=lambda v: (abs(_minor(v) - want), -_minor(v)))
    short = f"3.{want}"
    return used, (None if used == short else f"Python {short} requested, {used} used (the nearest sandbox image)")
