"""Getting a repository into a sandbox: fetch the source, copy it in, install it, snapshot."""
from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sandbox import hostgit
from sandbox.base import RefMissing, SetupFailed


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
        try:                              # a branch of the clone's origin is found too (checkout.guess)
            git("-c", "advice.detachedHead=false", "checkout", "--quiet", ref, "--", cwd=dest)
        except hostgit.HostGitError:
            raise RefMissing(f"no branch, tag or commit {ref!r} in the repository") from None
    return dest


@dataclass(frozen=True)
class InstallStep:
    cmd: str
    network: bool
    cutoff: str | None = None          # its own upload-date cut-off (else the run's)
    optional: bool = False             # a failure is noted and set-up goes on (the pytest of an era)
    droppable: bool = False            # several packages: one that cannot install is dropped, said
    backend: bool = False              # the project's build requirements (`build_requires`)


EDITABLE_SELF = re.compile(r"^(?:python[\d.]* -m )?pip3? install -e \.(\[[\w,.-]+\])?$")
OFFLINE_SELF = "python -m pip install --no-build-isolation --no-deps -e ."


def install_plan(repo: Path, setup_cmd: str | None = None) -> list[InstallStep]:
    """The install commands for the repository at ``repo`` (host path), in order."""
    if setup_cmd:
        return [InstallStep(setup_cmd, network=True)]
    commands = ["pip install -e ."] if (repo / "pyproject.toml").exists() or (repo / "setup.py").exists() else []
    return plan_commands(repo, commands + [f"pip install -r {p.name}" for p in sorted(repo.glob("requirements*.txt"))])


def plan_commands(repo: Path, commands: list[str]) -> list[InstallStep]:
    """Install commands as steps. The project's own editable install first runs offline (no
    dependencies, the image's build backend); its dependencies (and extras) then online, always:
    whether a project declares any is not for a regex to guess (`install_requires=read_reqs()`,
    setup.cfg, a dynamic pyproject), and a missing dependency leaves every test unimportable."""
    steps: list[InstallStep] = []
    for cmd in commands:
        own = EDITABLE_SELF.match(cmd.strip())
        if not own:
            steps.append(InstallStep(cmd, network=True))
            continue
        if InstallStep(OFFLINE_SELF, False) not in steps:
            backend = build_requires(repo)
            if backend:             # the offline install builds without isolation: the backend must be here
                steps.append(InstallStep(backend, True, optional=True, backend=True))
            steps.append(InstallStep(OFFLINE_SELF, False))
        steps.append(InstallStep(f"python -m pip install --no-build-isolation -e .{own.group(1) or ''}", True))
    return steps


IMAGE_BACKEND = {"setuptools", "wheel"}       # in every sandbox image already


def build_requires(repo: Path) -> str | None:
    """`pip install` of the project's `[build-system] requires` beyond the image's setuptools/wheel
    (flit_core, hatchling, pdm-backend, poetry-core, setuptools_scm, ...), or None. pyproject.toml
    is read through `contain` (a symlink out of the tree is not followed)."""
    import tomllib
    from sandbox.contain import within
    path = within(repo, "pyproject.toml")
    try:
        if path is None or not path.is_file():
            return None
        requires = tomllib.loads(path.read_text(errors="replace")).get("build-system", {}).get("requires")
    except (OSError, ValueError):
        return None
    if not isinstance(requires, list):
        return None
    from packaging.requirements import InvalidRequirement, Requirement
    wanted = []
    for raw in requires:
        try:
            name = Requirement(str(raw)).name.lower().replace("_", "-")
        except InvalidRequirement:
            continue
        if name not in IMAGE_BACKEND:
            wanted.append(str(raw))
    return "pip install " + " ".join(shlex.quote(r) for r in wanted) if wanted else None


NO_EDITABLE = "has no attribute 'build_editable'"


def _failed(res, cmd: str) -> SetupFailed:
    tail = "\n".join(res.output.strip().splitlines()[-30:])
    why = "timed out" if res.timed_out else f"exit {res.exit_code}"
    return SetupFailed(f"repository install failed ({why}): `{cmd}`\n{tail}")


def run_install(box, steps: list[InstallStep], timeout: float, *, as_of: str | None = None,
                pins: dict[str, str] | None = None, env: dict[str, str] | None = None,
                fallback=lambda box, step, failure: None) -> list[str]:
    """Run the steps in ``box``, `pip install` by uv (or pip) with dependencies uploaded before
    ``as_of`` and the ``pins`` as constraints. Returns notes on how; SetupFailed names the failing
    command and its last lines, unless ``fallback(box, step, failure)`` returns a note (then the
    set-up goes on: a reused environment's own install, `envreuse.Reuse.keep_own_install`)."""
    if not steps:
        return []
    from sandbox.install import BUILD_TOOLS, find_installer, held, quoted_env, write_constraints
    installer = find_installer(box)
    notes = list(installer.notes)
    if as_of and not installer.cutoff and any(s.network for s in steps):
        notes.append(f"dependencies are today's releases, not those of {as_of}: the installer has no cut-off")
    floor = installer.build_floor(as_of)
    if floor and any(s.network for s in steps):
        notes.append(f"build tools ({', '.join(BUILD_TOOLS)}) as of {floor[:10]}, when Python {installer.python} came "
                     f"out, not {as_of[:10]}: older ones do not run on it")
    constraints = write_constraints(box, pins or {})
    prefix = quoted_env(env or {})
    for step in steps:
        cutoff = step.cutoff or as_of
        cmd = prefix + installer.command(step.cmd, cutoff, constraints)
        res = box.run(cmd, timeout=timeout)
        if res.ok:
            continue
        # an offline editable install may fail for want of a build backend: retry online
        missing_backend = any(m in res.output for m in (
            "BackendUnavailable", "No module named", "ModuleNotFoundError", "invalid command 'bdist_wheel'"))
        # a backend of the cut-off that predates editable installs (PEP 660: poetry-core < 1.0.8):
        # today's release of the same build requirements, said
        if "--no-build-isolation" in step.cmd and NO_EDITABLE in res.output and getattr(box, "networked", True):
            backend = next((s.cmd for s in steps if s.backend), None)
            backend = backend and backend.replace("pip install ", "pip install --upgrade ", 1)
            if backend and box.run(prefix + installer.command(backend, None, constraints), timeout=timeout).ok:
                retry = box.run(cmd, timeout=timeout)
                if retry.ok:
                    notes.append(f"the build backend as of {cutoff} cannot install editable (no `build_editable`): "
                                 f"`{backend}` installed with today's packages")
                    continue
                res = retry
        if "--no-build-isolation" in step.cmd and missing_backend and getattr(box, "networked", True):
            plain = step.cmd.replace("--no-build-isolation ", "")
            retry = box.run(prefix + installer.command(plain, cutoff, constraints), timeout=timeout)
            if retry.ok:
                continue
            res, cmd = retry, plain
        if OWN_EDITABLE.match(step.cmd) and not res.timed_out and getattr(box, "networked", True):
            said = _isolated_editable(box, step, res, prefix, installer, cutoff, constraints, timeout)
            if said:
                notes += [said] if said not in notes else []
                continue
        if cutoff and installer.cutoff and step.network and not res.timed_out:
            again = box.run(prefix + installer.command(held(step.cmd), None, constraints), timeout=timeout)
            if again.ok:
                notes.append(f"`{step.cmd}` found no solution with packages as of {cutoff}; "
                             "installed with today's packages instead" + (
                                 " (the project's own distribution held at its installed version)"
                                 if held(step.cmd) != step.cmd else ""))
                continue
        if step.droppable and not res.timed_out:
            kept = _drop_failing(box, step, res, prefix, installer, cutoff, constraints, timeout, notes)
            if kept:
                continue
        if step.optional:
            notes.append(f"`{step.cmd}` failed (exit {res.exit_code}): " + (
                "the image's own version is used" if "pytest" in step.cmd else "set-up goes on without it"))
            continue
        failure = _failed(res, step.cmd)
        instead = fallback(box, step, failure)
        if instead:
            notes.append(instead)
            continue
        raise failure
    return notes


OWN_EDITABLE = re.compile(r"^python -m pip install --no-build-isolation (?:--no-deps )?-e \.(?:\[[\w,.-]+\])?$")
EDITABLE_BUILD_TOOLS = "2022-09-01T00:00:00Z"     # setuptools 64 (August 2022) builds editable installs (PEP 660)


def _isolated_editable(box, step: InstallStep, res, prefix: str, installer, cutoff, constraints: bool,
                       timeout: float) -> str | None:
    """The project's own editable install failed with the sandbox's build tools (setuptools too old
    for a PEP 639 `license`, a cut-off setuptools without `build_editable`, hatchling without
    `editables`, a broken egg-info): the same install with build isolation, online, its build
    requirements as of the cut-off (setuptools and wheel no older than PEP 660's). The note, or None."""
    isolated = step.cmd.replace("--no-build-isolation ", "")
    floor = max(filter(None, [cutoff, installer.build_floor(cutoff), EDITABLE_BUILD_TOOLS]))
    cmd = installer.command(isolated, cutoff, constraints)
    if installer.tool == "uv" and cutoff and cutoff < floor:
        cmd = re.sub(r"--exclude-newer-package (setuptools|wheel)=\S+ ", "", cmd).replace(
            f"{installer.uv} pip install", f"{installer.uv} pip install " + " ".join(f"--exclude-newer-package {t}={floor}" for t in ("setuptools", "wheel")), 1)
    retry = box.run(prefix + cmd, timeout=timeout)
    if not retry.ok:
        return None
    said = [ln.strip() for ln in res.output.splitlines() if re.search(r"\w(?:Error|Exception)\b: |^\s*error: ", ln)]
    why = (said or [f"exit {res.exit_code}"])[-1][:160]
    return (f"the project's editable install failed with the sandbox's build tools ({why}); installed with build isolation "
            f"instead (`{isolated}`, its build requirements online" + (f", setuptools/wheel as of {floor[:10]}" if
                                                                       installer.tool == "uv" and cutoff and cutoff < floor else "") + ")")


def _requirements(cmd: str) -> list[str]:
    words = shlex.split(cmd)
    at = words.index("install") + 1 if "install" in words else len(words)
    return [w for w in words[at:] if not w.startswith("-")]


ERROR_LINE = re.compile(r"error|×|╰─▶|because|no matching|could not|failed|no solution|not found|unsatisfiable", re.I)


def _failure(output: str) -> str:
    """The lines of an install's output that say what failed (not `Collecting six`, `Requirement already satisfied`)."""
    return "\n".join(ln for ln in output.splitlines() if ERROR_LINE.search(ln)
                     and not re.match(r"^\s*(?:Requirement already satisfied|Collecting|Downloading|Using cached)", ln))


def _named_in(requirement: str, output: str) -> bool:
    name = re.split(r"[\[<>=!~;@ ]", requirement, maxsplit=1)[0]
    norm = re.sub(r"[-_.]+", "[-_.]", re.escape(name).replace("\\-", "-").replace("\\.", "."))
    return bool(re.search(rf"(?<![\w.-]){norm}(?![\w])", output, re.I))


REQ_FILE_STEP = re.compile(r"^((?:python[\d.]* -m )?pip3? install -r )'?([\w./-]+\.(?:txt|in|pip))'?$")


def _drop_from_file(box, m: re.Match, original: str, output: str, notes: list[str]) -> str | None:
    """`pip install -r FILE` whose failure names one of FILE's requirements: the same install from
    a copy without it (in the ignored `.crashfix/` folder; the file's own `-r` paths kept working)."""
    path = m.group(2)
    try:
        lines = box.read(path).splitlines()
    except Exception:      # noqa: BLE001 - a sandbox read error: nothing to drop
        return None
    folder = path.rsplit("/", 1)[0] + "/" if "/" in path else ""
    failure = _failure(output)
    failing = next((ln for ln in lines if re.match(r"^[A-Za-z0-9]", ln.strip()) and not ln.strip().lower().startswith("pytest")
                    and _named_in(ln.strip(), failure)), None)
    dropped = [failing] if failing is not None else [
        ln for ln in lines if re.match(r"^\s*-r\s*\S*(?:lint|docs?|typing|mypy|format|style|pre-?commit)\w*\.(?:txt|in)\s*$", ln, re.I)]
    if not dropped:
        return None
    if failing is None:        # no line is named (two included files pin pytest apart): the linting/docs files go
        failing = " ".join(ln.strip() for ln in dropped)
    kept = []
    for ln in lines:
        if any(ln is d for d in dropped):
            continue
        ref = re.match(r"^(\s*-[rc]\s*)(?!/|https?:)(\S+)(.*)$", ln)
        kept.append(f"{ref.group(1)}../{folder}{ref.group(2)}{ref.group(3)}" if ref else ln)
    copy = ".crashfix/" + re.sub(r"[^\w.-]", "_", path.removeprefix(".crashfix/"))
    box.write(".crashfix/.gitignore", "*\n")
    box.write(copy, "\n".join(kept) + "\n")
    last = next((ln.strip() for ln in failure.splitlines()[::-1] if _named_in(failing.strip(), ln)), "") \
        or (failure.strip().splitlines() or [""])[-1].strip()
    notes.append(f"`{failing.strip()}` failed to install and was dropped from {path} (`{original}`): {last[:200]}")
    return m.group(1) + copy


def _drop_failing(box, step: InstallStep, res, prefix: str, installer, cutoff, constraints: bool,
                  timeout: float, notes: list[str]) -> bool:
    """The step without the package its failure names (up to 3, never pytest), retried; said in
    ``notes``. True when what is left installed (or nothing is left)."""
    cmd = step.cmd
    for _ in range(3):
        m = REQ_FILE_STEP.match(cmd)
        if m:
            cmd = _drop_from_file(box, m, step.cmd, res.output, notes)
            if cmd is None:
                return False
            res = box.run(prefix + installer.command(cmd, cutoff, constraints), timeout=timeout)
            if res.ok:
                return True
            continue
        reqs = _requirements(cmd)
        failure = _failure(res.output)
        failing = next((r for r in reqs if not r.lower().startswith("pytest") and _named_in(r, failure)), None)
        if failing is None:
            return False
        last = next((ln.strip() for ln in failure.splitlines()[::-1] if _named_in(failing, ln)), "")
        if len(reqs) == 1:
            notes.append(f"`{failing}` failed to install and was dropped (`{step.cmd}` skipped): {last[:200]}")
            return True
        words = shlex.split(cmd)
        cmd = shlex.join([w for w in words if w != failing])
        notes.append(f"`{failing}` failed to install and was dropped from `{step.cmd}`: {last[:200]}")
        res = box.run(prefix + installer.command(cmd, cutoff, constraints), timeout=timeout)
        if res.ok:
            return True
    return False


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

