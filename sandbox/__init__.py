"""Sandboxes: where untrusted repository code runs (Docker, local processes, QEMU)."""
from __future__ import annotations

import shutil
from pathlib import Path

from sandbox.base import (
    ExecResult,
    Sandbox,
    SandboxError,
    SandboxDead,
    CommandTimeout,
    ImageMissing,
    Limits,
    SetupFailed,
    PatchFailed,
    Session,
)
from sandbox.setup import InstallStep, install_plan, prepare_source, run_install

__all__ = [
    "ExecResult", "Sandbox", "SandboxError", "SandboxDead", "CommandTimeout",
    "ImageMissing", "Limits", "SetupFailed", "PatchFailed", "Session", "open_sandbox", "prepare_source",
    "InstallStep",
]


def open_sandbox(backend: str, repo_dir: Path, *, image: str | None = None,
                 setup_cmd: str | None = None, install: bool = True,
                 setup_timeout: float = 900, limits: Limits | None = None,
                 steps: list[InstallStep] | None = None, as_of: str | None = None,
                 pins: dict[str, str] | None = None, env: dict[str, str] | None = None,
                 notes: list[str] | None = None, cache: str | None = None) -> Sandbox:
    """A ready sandbox for ``repo_dir``: a fresh copy of it, installed (when ``install``),
    snapshotted. ``backend`` is "docker" or "local" (no isolation!); ``limits`` apply to docker.
    ``steps`` (a resolved environment's, else detected from ``setup_cmd``/the tree) install with
    dependencies uploaded before ``as_of`` and ``pins`` as constraints; ``notes`` receives how.
    ``cache``: the repository's name for the environment cache (docker; `sandbox.docker.envcache`): a
    prepared environment of the same key is reused (only the project's own install and builds run
    again), else the new one is captured in ``box.pending_env`` for the caller to `keep`."""
    repo_dir = Path(repo_dir)
    if not repo_dir.is_dir():
        raise SandboxError(f"repository directory {repo_dir} does not exist")
    if steps is None:
        steps = install_plan(repo_dir, setup_cmd)
    steps = steps if install else []
    notes = notes if notes is not None else []
    reuse = None
    if backend == "local":
        from sandbox.local import LocalSandbox, make_workspace
        from sandbox.setup import make_local_venv
        ws = make_workspace(repo_dir)
        try:
            venv = make_local_venv()
        except BaseException:
            shutil.rmtree(ws.parent, ignore_errors=True)
            raise
        box = LocalSandbox(ws, venv=venv, owns_workspace=True,
                           **({"output_limit": limits.output_limit} if limits else {}))
    elif backend == "docker":
        from sandbox.docker.sandbox import DockerSandbox
        from sandbox.docker.images import ensure_image
        if image is None:
            image = ensure_image("python")
        networked = any(s.network for s in steps)
        if cache and steps:
            from sandbox.docker.envreuse import plan_reuse
            reuse = plan_reuse(cache, image, repo_dir, steps, as_of=as_of, pins=pins, env=env, notes=notes)
            steps = reuse.steps
            networked = networked and bool(steps)     # a rebuild may still need a build backend
        box = DockerSandbox(image, limits=limits, network_for_setup=networked,
                            home=reuse.home if reuse else None)
        try:
            box.put_tree(repo_dir)
        except BaseException:
            box.close()
            raise
    else:
        raise SandboxError(f"unknown sandbox backend {backend!r} (use 'docker' or 'local')")
    try:
        try:
            notes.extend(run_install(box, steps, setup_timeout, as_of=as_of, pins=pins, env=env))
        finally:
            if backend == "docker":
                box.seal_network()
        if reuse is not None:
            reuse.after_install(box)
        box.snapshot()
    except BaseException:
        if reuse is not None:
            reuse.failed()
        box.close()
        raise
    return box
