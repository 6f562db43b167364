"""One Docker set-up and the environment cache: look the prepared environment up before the
sandbox starts, capture a new one after a cold set-up (kept later by the run, `envcache.keep`)."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import docker
import requests

from sandbox.docker import envcache
from sandbox.base import SandboxError
from sandbox.docker.envkey import cache_key, on_reuse
from sandbox.setup import InstallStep

log = logging.getLogger(__name__)


@dataclass
class Reuse:
    key: str
    steps: list[InstallStep]             # what still runs
    home: object | None = None           # the open entry on a hit
    notes: list[str] = field(default_factory=list)

    def after_install(self, box) -> None:
        """A hit: close the entry. A miss: capture the prepared environment for the run to keep."""
        if self.home is not None:
            self.home.close()
            return
        if envcache.limit() <= 0:
            return
        try:
            pending = envcache.Pending(self.key, envcache.pending_file(self.key))
            box.pending_env = pending
            size = box.save_home(pending.path)
        except OSError as e:
            self.notes.append(f"environment cache: cannot capture the prepared environment ({e}): not kept")
            box.pending_env = None
            return
        log.info("environment cache: captured %s (%d bytes), kept if the set-up works", self.key, size)

    def failed(self) -> None:
        """The set-up failed: a reused entry is dropped (the next run sets up cold)."""
        if self.home is not None:
            self.home.close()
            envcache.drop(self.key)
            self.notes.append(f"environment cache: the reused environment {self.key} failed to set up; dropped")


def _image_id(image: str) -> str:
    try:
        return docker.from_env(timeout=30).images.get(image).id
    except (docker.errors.DockerException, requests.RequestException) as e:
        raise SandboxError(f"cannot inspect sandbox image {image!r}: {e}") from e


def plan_reuse(repo_id: str, image: str, repo_dir: Path, steps: list[InstallStep], *, as_of: str | None,
               pins: dict[str, str] | None, env: dict[str, str] | None, notes: list[str]) -> Reuse | None:
    """The cache's plan for this set-up (None when the cache is off)."""
    try:
        if envcache.limit() <= 0:
            return None
    except ValueError as e:
        notes.append(f"environment cache: off ({e})")
        return None
    key = cache_key(repo_id, _image_id(image), steps, repo_dir, as_of=as_of, pins=pins, env=env)
    home = envcache.lookup(key)
    if home is None:
        notes.append(f"environment cache: miss ({key}); setting up cold")
        return Reuse(key, steps, notes=notes)
    run, skipped = on_reuse(steps)
    notes.append(f"environment cache: hit ({key}); skipped " + "; ".join(f"`{s.cmd}`" for s in skipped)
                 + (("; ran again " + "; ".join(f"`{s.cmd}`" for s in run)) if run else ""))
    return Reuse(key, run, home, notes=notes)
