"""Getting a repository into a sandbox: fetch the source, copy it in, install it, snapshot."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

from sandbox import contain, hostgit
from sandbox.base import SandboxError, SetupFailed


def prepare_source(repo: str, ref: str | None, dest: Path) -> Path:
    """Clone ``repo`` (a local path or a URL) into ``dest`` and check out ``ref`` (commit, tag, branch)."""
    dest = Path(dest)

    def git(*args: str, cwd: Path | None = None) -> None:
        hostgit.run(*args, cwd=cwd)

    local = Path(repo)
    if local.is_dir() and not (local / ".git").exists():
        # a plain folder (or a folder inside another repo): copy it and make it a repo of its own
        shutil.copytree(local, dest, symlinks=True, ignore=shutil.ignore_patterns(".git"))
        git("init", "--quiet", cwd=dest)
        git("add", "-A", cwd=dest)
        git("-c", "user.name=crashfix", "-c", "user.email=crashfix@localhost", "commit", "--quiet",
            "--no-verify", "--allow-empty", "-m", "crashfix: snapshot of a folder that was not a git repo",
            cwd=dest)
        return dest
    src = str(local.resolve()) if local.exists() else repo
    git("clone", "--quiet", "--no-hardlinks", src, str(dest))
    if ref:
        git("-c", "advice.detachedHead=false", "checkout", "--quiet", ref, cwd=dest)
    return dest


@dataclass(frozen=True)
class InstallStep:
    cmd: str
    network: bool


def _declares_dependencies(repo: Path) -> bool:
    pyproject = repo / "pyproject.toml"
    if pyproject.exists():
        try:    # security: through contain, so a link to /dev/zero or a host file is not read
            data = tomllib.loads(contain.read_text(repo, "pyproject.toml"))
        except (tomllib.TOMLDecodeError, OSError, SandboxError):
            return True
        project = data.get("project", {})
        if project.get("dependencies") or "dependencies" in project.get("dynamic", []):
            return True
        if data.get("tool", {}).get("poetry", {}).get("dependencies"):
            return True
    setup_py = repo / "setup.py"
    if setup_py.exists() and re.search(r"install_requires\s*=\s*\[\s*[^\]\s]", _repo_text(repo, "setup.py")):
        return True
    return False


def _repo_text(repo: Path, name: str) -> str:
    """security: a file of the clone read through contain ("" when it links out or is no regular file)."""
    try:
        return contain.read_text(repo, name)
    except (OSError, SandboxError):
        return ""


def install_plan(repo: Path, setup_cmd: str | None = None) -> list[InstallStep]:
    """The install commands for the repository at ``repo`` (host path), in order."""
    if setup_cmd:
        return [InstallStep(setup_cmd, network=True)]
    steps: list[InstallStep] = []
    reqs = sorted(p.name for p in repo.glob("requirements*.txt"))
    if (repo / "pyproject.toml").exists() or (repo / "setup.py").exists():
        steps.append(InstallStep("python -m pip install --no-build-isolation --no-deps -e .", False))
        if _declares_dependencies(repo):
            steps.append(InstallStep("python -m pip install -e .", True))
    for r in reqs:
        steps.append(InstallStep(f"python -m pip install -r {r}", True))
    return steps


def run_install(box, steps: list[InstallStep], timeout: float) -> None:
    """Run the steps in ``box``; SetupFailed names the failing command and its last lines."""
    for step in steps:
        res = box.run(step.cmd, timeout=timeout)
        if not res.ok:
            # an offline editable install may fail for want of a build backend: retry online
            missing_backend = any(m in res.output for m in (
                "BackendUnavailable", "No module named", "ModuleNotFoundError",
                "invalid command 'bdist_wheel'"))
            if (not step.network and "--no-build-isolation" in step.cmd and missing_backend
                    and getattr(box, "networked", True)):
                retry = box.run("python -m pip install --no-deps -e .", timeout=timeout)
                if retry.ok:
                    continue
                res = retry
            tail = "\n".join(res.output.strip().splitlines()[-30:])
            why = "timed out" if res.timed_out else f"exit {res.exit_code}"
            raise SetupFailed(f"repository install failed ({why}): `{step.cmd}`\n{tail}")


def make_local_venv() -> Path:
    """A venv (seeing the host's site-packages) in a temporary directory."""
    top = Path(tempfile.mkdtemp(prefix="crashfix-venv-"))
    venv = top / "venv"
    # --without-pip is ~50x faster; the host's pip (visible through the system site-packages)
    # installs into the venv when run by the venv's python, which the shim below does
    proc = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip",
                           str(venv)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        raise SetupFailed(f"cannot create a venv: {proc.stdout[-2000:]}")
    for name in ("pip", "pip3"):
        shim = venv / "bin" / name
        shim.write_text('#!/bin/sh\nexec "$(dirname "$0")/python" -m pip "$@"\n')
        shim.chmod(0o755)
    return venv

