"""Choosing one Python version among several a repository names (a CI matrix, classifiers, a specifier)."""
from __future__ import annotations

import re

from sandbox.pythons import DEFAULT_PYTHON

KNOWN = [f"3.{m}" for m in range(6, 15)]


CPYTHON = re.compile(r"\s*3\.(\d{1,2})(?!\d)")


def minor(version: str) -> int | None:
    """3.X's X, for CI matrix spellings too (`3.12-dev`, `3.13t`, `3.11.4`); None for what is not
    CPython 3 (`pypy-3.9`, `pypy3.10`, `3.x`, `nightly`): the sandbox images are CPython's."""
    m = CPYTHON.match(str(version))
    return int(m.group(1)) if m else None


def pick_version(versions: list[str]) -> str | None:
    """The default when listed, else the listed version closest to it (the newer on a tie)."""
    listed = sorted({f"3.{m}" for m in map(minor, versions) if m is not None}, key=minor)
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
