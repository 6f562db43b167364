"""One Docker set-up and the environment cache: look the prepared environment up before the
sandbox starts, capture a new one after a cold set-up (kept later by the run, `envcache.keep`)."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import docker
import requests

from sandbox.docker import envcache
from sandbox.base import SandboxError, SetupFailed
from sandbox.docker.envkey import cache_key, on_reuse
from sandbox.setup import OFFLINE_SELF, InstallStep

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
            size = box.save_home(pending.path, bound=envcache.limit())
        except OSError as e:    # CaptureRefused too: over the cache's bound, a sparse file
            self.notes.append(f"environment cache: the prepared environment is not kept ({e})")
            if box.pending_env is not None:
                box.pending_env.discard()
            box.pending_env = None
            return
        log.info("environment cache: captured %s (%d bytes), kept if the set-up works", self.key, size)

    def keep_own_install(self, box, step: InstallStep, failure: SetupFailed) -> str | None:
        """On a hit, the project's offline re-install failed (e.g. the environment's setuptools of
        the commit's era has no PEP 660 `build_editable`, or does not import on this Python): the
        editable install the cold set-up made still points at /workspace, where the new checkout
        is, so it is used as it is. A note, or None when there is no such install (the reuse fails)."""
        if self.home is None or step.cmd != OFFLINE_SELF:
            return None
        res = box.run(EDITABLE_AT_WORKSPACE, timeout=60)
        if not res.ok:
            return None
        last = [l for l in str(failure).splitlines() if l.strip()][-1].strip()[:200]
        return (f"environment cache: the project's re-install `{OFFLINE_SELF}` failed on the prepared "
                f"environment ({last}); its editable install from the cold set-up (at /workspace) is used")

    def failed(self, why: BaseException | None = None) -> None:
        """The set-up failed: a reused entry is dropped (the next run sets up cold). With ``why``, the
        caller sets up cold at once (`cold`): one note says both."""
        if self.home is not None:
            self.home.close()
            envcache.drop(self.key)
            said = f"environment cache: the reused environment {self.key} failed to set up"
            if why is not None:
                lines = [l for l in str(why).splitlines() if l.strip()]
                said += f" ({lines[0][:200] if lines else type(why).__name__}{' … ' + lines[-1].strip()[:200] if len(lines) > 1 else ''})"
            self.notes.append(said + ("; dropped; setting up cold instead" if why is not None else "; dropped"))

    def cold(self, steps: list[InstallStep]) -> "Reuse":
        """The plan after a failed reuse: every step runs, the new environment is captured."""
        return Reuse(self.key, steps, notes=self.notes)


# the venv holds an editable install of a project at /workspace (a .pth, an egg-link, a PEP 660 finder)
EDITABLE_AT_WORKSPACE = (
    "site=$(python -c 'import sysconfig; print(sysconfig.get_paths()[\"purelib\"])') && "
    "grep -qs -l /workspace \"$site\"/*.pth \"$site\"/*.egg-link \"$site\"/__editable__*finder.py")


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
