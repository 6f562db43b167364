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
    RefMissing,
    PatchFailed,
    Session,
)
from sandbox.setup import InstallStep, install_plan, prepare_source, run_install

__all__ = [
    "ExecResult", "Sandbox", "SandboxError", "SandboxDead", "CommandTimeout",
    "ImageMissing", "Limits", "SetupFailed", "RefMissing", "PatchFailed", "Session", "open_sandbox", "prepare_source",
    "InstallStep",
]


def open_sandbox(backend: str, repo_dir: Path, *, image: str | None = None,
                 setup_cmd: str | None = None, install: bool = True,
                 setup_timeout: float = 900, limits: Limits | None = None,
                 steps: list[InstallStep] | None = None, as_of: str | None = None,
                 pins: dict[str, str] | None = None, env: dict[str, str] | None = None,
                 notes: list[str] | None = None, cache: str | None = None,
                 prepared=None, keep_prepared: bool = False) -> Sandbox:
    """A ready sandbox for ``repo_dir``: a fresh copy of it, installed (when ``install``),
    snapshotted. ``backend`` is "docker" or "local" (no isolation!); ``limits`` apply to docker.
    ``steps`` (a resolved environment's, else detected from ``setup_cmd``/the tree) install with
    dependencies uploaded before ``as_of`` and ``pins`` as constraints; ``notes`` receives how.
    ``cache``: the repository's name for the environment cache (docker; `sandbox.docker.envcache`): a
    prepared environment of the same key is reused (only the project's own install and builds run
    again; a reuse that fails is dropped and the set-up runs cold), else the new one is captured in
    ``box.pending_env`` for the caller to `keep`.
    ``keep_prepared`` (docker): copy the ready sandbox's state to the host (``box.prepared``,
    `sandbox.docker.prepared`); ``prepared``: open from such a copy instead of setting up (the run's later
    sandboxes), else, when that fails, set up as asked."""
    repo_dir = Path(repo_dir)
    if not repo_dir.is_dir():
        raise SandboxError(f"repository directory {repo_dir} does not exist")
    if steps is None:
        steps = install_plan(repo_dir, setup_cmd)
    steps = steps if install else []
    notes = notes if notes is not None else []
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
        try:
            notes.extend(run_install(box, steps, setup_timeout, as_of=as_of, pins=pins, env=env))
            box.snapshot()
        except BaseException:
            box.close()
            raise
        return box
    if backend != "docker":
        raise SandboxError(f"unknown sandbox backend {backend!r} (use 'docker' or 'local')")
    from sandbox.docker.images import ensure_image
    if prepared is not None:
        from sandbox.docker.prepared import restore
        try:
            return restore(prepared, limits)
        except (SandboxError, OSError) as e:
            if isinstance(e, (SandboxDead, ImageMissing)):
                raise
            notes.append(f"the run's prepared sandbox could not be copied ({e}); setting up again")
    if image is None:
        image = ensure_image("python")
    reuse = None
    if cache and steps:
        from sandbox.docker.envreuse import plan_reuse
        reuse = plan_reuse(cache, image, repo_dir, steps, as_of=as_of, pins=pins, env=env, notes=notes)
    install_now = dict(as_of=as_of, pins=pins, env=env, networked=any(s.network for s in steps),
                       timeout=setup_timeout, limits=limits, keep_prepared=keep_prepared, notes=notes)
    if reuse is not None and reuse.home is not None:
        try:
            return _docker_set_up(image, repo_dir, reuse.steps, reuse, **install_now)
        except SandboxDead:
            reuse.failed()
            raise
        except SandboxError as e:           # SetupFailed too: the cold set-up opened, so it will again
            reuse.failed(e)
            reuse = reuse.cold(steps)
    return _docker_set_up(image, repo_dir, steps, reuse, **install_now)


def _docker_set_up(image: str, repo_dir: Path, steps: list[InstallStep], reuse, *, as_of, pins, env,
                   networked: bool, timeout: float, limits, keep_prepared: bool, notes: list[str]) -> Sandbox:
    """One DockerSandbox: the tree copied in, the steps run (networked while they run, when any of the
    set-up's steps needs it: a rebuild may still need a build backend), sealed, the environment
    captured for the cache (a miss), snapshotted, and copied to the host (``keep_prepared``)."""
    from sandbox.docker.sandbox import DockerSandbox
    hit = reuse is not None and reuse.home is not None
    box = DockerSandbox(image, limits=limits, network_for_setup=networked and bool(steps),
                        home=reuse.home if hit else None)
    try:
        box.put_tree(repo_dir)
        try:
            notes.extend(run_install(box, steps, timeout, as_of=as_of, pins=pins, env=env,
                                     **({"fallback": reuse.keep_own_install} if hit else {})))
        finally:
            box.seal_network()
        if reuse is not None:
            reuse.after_install(box)
        box.snapshot()
        if keep_prepared:
            from sandbox.docker.prepared import capture
            try:
                box.prepared = capture(box)
            except (SandboxError, OSError) as e:
                if isinstance(e, SandboxDead):
                    raise
                notes.append(
                    f"the prepared sandbox is not copied for the run's later sandboxes ({e}): they set up again")
    except BaseException:
        box.close()
        raise
    return box
