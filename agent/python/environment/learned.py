"""Recipes a model found (the environment's last rung, agent/python/setup_agent.py), kept in the environment cache
so that the next run of the same repository sets up from them at once.

One small JSON file per repository (`<CRASHFIX_ENV_CACHE>/recipes/<hash of its name>.json`): the
install commands, the test command, the Python it ran on, the model and the date. Only a recipe
crashfix itself verified (a fresh set-up from it gave a sane baseline) is kept; one that no longer
does is dropped. The cache turned off (`CRASHFIX_ENV_CACHE_MAX=0`) keeps and reads none.
Security: the recipe is run only in a sandbox of the same repository, as the cache's tars are."""
from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import time
from pathlib import Path

from sandbox.docker import envcache

log = logging.getLogger(__name__)
FOLDER = "recipes"


def _path(repo: str) -> Path:
    return envcache.cache_dir() / FOLDER / (hashlib.sha256(repo.encode()).hexdigest()[:32] + ".json")


def enabled() -> bool:
    try:
        return envcache.limit() > 0
    except ValueError:
        return False


def remember(repo: str, recipe: dict) -> str | None:
    """Keep ``recipe`` ({install, test_cmd, python, model}) for ``repo``; the note that says so, or None."""
    if not enabled() or not repo:
        return None
    path = _path(repo)
    data = {"format": "crashfix-recipe/1", "repo": repo, "kept": time.strftime("%Y-%m-%d", time.gmtime()),
            **{k: recipe.get(k) for k in ("install", "test_cmd", "python", "model")}}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w") as fh:
            json.dump(data, fh, indent=1)
        os.replace(tmp, path)
    except OSError as exc:
        log.warning("the set-up recipe for %s is not kept: %s", repo, exc)
        return f"the model's recipe is not kept in the environment cache ({exc})"
    return f"the model's recipe is kept in the environment cache ({path.parent}) for the next run of this repository"


def recall(repo: str) -> dict | None:
    """The recipe kept for ``repo``, or None (none kept, unreadable, or the cache is off)."""
    if not enabled() or not repo:
        return None
    try:
        data = json.loads(_path(repo).read_text())
    except (OSError, ValueError):
        return None
    ok = isinstance(data, dict) and data.get("repo") == repo and isinstance(data.get("install"), list) \
        and all(isinstance(c, str) for c in data["install"]) and isinstance(data.get("test_cmd"), str)
    return data if ok else None


def forget(repo: str) -> None:
    if repo:
        _path(repo).unlink(missing_ok=True)
