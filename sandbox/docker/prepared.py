"""The run's prepared state, copied: the first sandbox's /home/sandbox (the venv) and /workspace (the
tree after set-up, at its snapshot) as tars on the host, from which the run's later sandboxes (the
research agent's) open with nothing installed again: the tree is at the same path, so the venv's
editable install of the project holds as it is. Owned by the first sandbox (removed when it closes)."""
from __future__ import annotations

import logging
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sandbox.base import WORKSPACE, SandboxError

log = logging.getLogger(__name__)


@dataclass
class Prepared:
    folder: Path
    image: str
    base: str                        # the snapshot commit in the workspace's git
    size: int                        # bytes on the host (both tars)

    @property
    def home(self) -> Path:
        return self.folder / "home.tar"

    @property
    def workspace(self) -> Path:
        return self.folder / "workspace.tar"

    def discard(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def capture(box) -> Prepared:
    """Copy a DockerSandbox just set up (and snapshotted) to the host; each volume bounded by its size
    (`DockerSandbox.save_tree`). Raises SandboxError (CaptureRefused) when it cannot."""
    folder = Path(tempfile.mkdtemp(prefix="crashfix-prepared-"))
    try:
        size = box.save_home(folder / "home.tar")
        size += box.save_tree(WORKSPACE, folder / "workspace.tar", box._sizes[WORKSPACE])
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    log.info("prepared state of %s copied (%d bytes)", box.name, size)
    return Prepared(folder, box.image, box._base, size)


def restore(prepared: Prepared, limits=None):
    """A new DockerSandbox in the prepared state: its home and workspace from the tars, the same
    snapshot, no network, nothing installed."""
    from sandbox.docker.sandbox import DockerSandbox
    with prepared.home.open("rb") as home:
        box = DockerSandbox(prepared.image, limits=limits, network_for_setup=False, home=home)
    try:
        with prepared.workspace.open("rb") as ws:
            box.api.put_archive(box.container.id, WORKSPACE, ws)
        box._base = prepared.base
        head = box.git("rev-parse HEAD", "snapshot").strip().splitlines()[-1]
        if head != prepared.base:
            raise SandboxError(f"the restored workspace is at {head}, not the snapshot {prepared.base}")
    except BaseException:
        box.close()
        raise
    return box
