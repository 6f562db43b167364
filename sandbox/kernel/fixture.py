"""The kernel demo fixture: Debian's linux-source-6.1 as a git repo plus the demo driver commit."""
from __future__ import annotations

import fcntl
import logging
import os
import shutil
import subprocess
from pathlib import Path

from sandbox.base import SandboxError
from sandbox import variables

log = logging.getLogger(__name__)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "kernel"
TARBALL = Path("/usr/src/linux-source-6.1.tar.xz")
CACHE = Path(variables.value("KERNEL_CACHE"))
# Fixed identities and dates: the same tarball gives the same commit ids on every machine.
_GIT_ENV = {
    "GIT_AUTHOR_NAME": "Debian kernel team", "GIT_AUTHOR_EMAIL": "debian-kernel@lists.debian.org",
    "GIT_COMMITTER_NAME": "crashfix fixture", "GIT_COMMITTER_EMAIL": "fixture@crashfix.invalid",
    "GIT_AUTHOR_DATE": "2024-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2024-01-01T00:00:00Z",
}


class FixtureError(SandboxError):
    """The fixture cannot be prepared (package missing, patch does not apply)."""


def demo_tree(root: Path | None = None) -> Path:
    """The demo kernel tree (a git repo: pristine 6.1 commit, then the demo driver), prepared once."""
    root = (root or CACHE) / "fixture"
    tree = root / "linux-6.1-demo"
    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (tree / ".git" / "crashfix-fixture-done").exists():
            return tree
        if not TARBALL.exists():
            raise FixtureError(f"{TARBALL} is missing: apt-get install linux-source-6.1 (setup.sh installs it)")
        shutil.rmtree(tree, ignore_errors=True)
        staging = root / "extract"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        log.info("extracting %s", TARBALL)
        _run(["tar", "-xJf", str(TARBALL), "-C", str(staging)])
        (top,) = staging.iterdir()
        top.rename(tree)
        staging.rmdir()
        _git(tree, "init", "-q", "-b", "master")
        _git(tree, "add", "-f", "-A", ".")   # Debian's .gitignore ignores the top level
        _git(tree, "commit", "-q", "-m", "Linux 6.1 (Debian linux-source-6.1)")
        _git(tree, "am", "-q", "--committer-date-is-author-date", str(EXAMPLE / "demo-driver.patch"))
        (tree / ".git" / "crashfix-fixture-done").write_text("ok\n")
        return tree


def _git(tree: Path, *args: str) -> str:
    env = {**os.environ, **_GIT_ENV}
    return _run(["git", "-c", "core.autocrlf=false", "-c", "gc.auto=0", *args], cwd=tree, env=env)


def _run(cmd: list[str], **kw) -> str:
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        raise FixtureError(f"{' '.join(cmd[:4])}… failed: {proc.stderr.strip()[-2000:]}")
    return proc.stdout
