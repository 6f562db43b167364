"""Choosing one Python version among several a repository names (a CI matrix, classifiers, a specifier)."""
from __future__ import annotations

import re

from sandbox.pythons import DEFAULT_PYTHON

KNOWN = [f"3.{m}" for m in range(6, 15)]


def minor(version: str) -> int:
    return int(version.split(".")[1])


def pick_version(versions: list[str]) -> str | None:
    """The default when listed, else the listed version closest to it (the newer on a tie)."""
    listed = sorted({".".join(v.split(".")[:2]) for v in versions if re.match(r"3\.\d{1,2}", v)}, key=minor)
    if not listed:
        return None
    return min(listed, key=lambda v: (abs(minor(v) - minor(DEFAULT_PYTHON)), -minor(v)))


def satisfying(spec: str) -> str | None:
    """The version closest to the default that a `requires-python` specifier allows."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    try:
        allowed = SpecifierSet(spec.replace(" ", ""))
    except InvalidSpecifier:
        return None
    return pick_version([v for v in KNOWN if allowed.contains(f"{v}.0", prereleases=True)
                         or allowed.contains(f"{v}.99", prereleases=True)])
