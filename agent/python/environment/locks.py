"""Lock files as constraints: the versions `uv.lock` or `poetry.lock` holds for registry packages
constrain the install (as `uv sync` / `poetry install` would pick them), and the development
dependencies the project declares (poetry groups, `[dependency-groups]`, uv's dev-dependencies)
are installed with them."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from agent.python.environment.model import read
from agent.python.environment.pins import _norm

LOCKS = ("uv.lock", "poetry.lock")
DEV_GROUPS = ("dev", "test", "tests", "testing")


def locked(repo: Path, own: set[str]) -> tuple[str, dict[str, str], str | None] | None:
    """(the lock file, package -> version, a note) for the first lock file present; packages
    from git, paths or URLs, locked at more than one version (per Python), or the repository's
    own, are left out."""
    for name in LOCKS:
        text = read(repo, name)
        if text is None:
            continue
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            return name, {}, f"{name} is not valid TOML ({e}): not used"
        versions: dict[str, set[str]] = {}
        for pkg in data.get("package") or []:
            if not isinstance(pkg, dict) or "name" not in pkg or "version" not in pkg:
                continue
            source = pkg.get("source") or {}
            registry = "registry" in source if name == "uv.lock" else source.get("type") in (None, "legacy")
            if registry and _norm(str(pkg["name"])) not in own:
                versions.setdefault(_norm(str(pkg["name"])), set()).add(str(pkg["version"]))
        pins = {n: next(iter(v)) for n, v in sorted(versions.items()) if len(v) == 1}
        forked = sorted(n for n, v in versions.items() if len(v) > 1)
        return name, pins, (f"{name}: not pinned (locked at several versions): {', '.join(forked[:5])}"
                            if forked else None)
    return None


def _requirement(name: str, spec) -> str | None:
    if name.lower() == "python" or (isinstance(spec, dict) and not ({"version"} >= set(spec) - {"extras", "optional", "markers", "python"})):
        return None                      # path, git or url dependencies: not from the registry
    extras = spec.get("extras") if isinstance(spec, dict) else None
    return name + (f"[{','.join(extras)}]" if extras else "")


def dev_requirements(repo: Path) -> list[str]:
    """The development and test dependencies pyproject.toml declares (versions come from the lock)."""
    try:
        data = tomllib.loads(read(repo, "pyproject.toml") or "")
    except tomllib.TOMLDecodeError:
        return []
    tool = data.get("tool") or {}
    poetry = tool.get("poetry") or {}
    tables = [poetry.get("dev-dependencies") or {}]
    tables += [(g or {}).get("dependencies") or {} for n, g in (poetry.get("group") or {}).items() if n in DEV_GROUPS]
    out = [r for table in tables if isinstance(table, dict) for n, s in table.items() if (r := _requirement(n, s))]
    lists = [(data.get("dependency-groups") or {}).get(g) or [] for g in DEV_GROUPS]
    lists.append((tool.get("uv") or {}).get("dev-dependencies") or [])
    out += [r for items in lists for r in items if isinstance(r, str) and re.match(r"^[A-Za-z0-9]", r)]
    return list(dict.fromkeys(out))
