"""What a prepared environment is keyed by, and which install steps still run when it is reused.

The key: the repository (as crashfix was asked for it, never the clone's `git remote`), the
sandbox image (its Python), the install steps, the dependency declarations they read
(requirements and lock files, the dependency tables of pyproject.toml, setup.py/setup.cfg), what
the steps execute from the tree (every file a step's command names, and an in-tree build
backend's folder), the commit-date bucket (a month), the issue's pins and the environment
variables. On reuse, the steps that only install dependencies are skipped; the project's own
editable install (offline, no dependencies) runs again against the new checkout, and so does
every other command (a build in the tree): the checkout is fresh at the new commit.

When set-up runs code of the tree (issue 35, E26: it installs the project itself, which runs its
setup.py or build backend and whatever they import or exec; it runs a file of the tree; a
requirement file installs a folder of the tree), the key also covers the content of EVERY file of
the tree but the `.git`, test and documentation folders (`tree_digest`): a module `setup.py`
execs, a build hook, a script a script sources are all in it. Two trees whose executed set-up
code differs never share an environment; the same tree (a retry, another issue at the same
commit, a change to tests or docs only) still hits. When set-up installs named packages and
requirement files only, the key is the declarations as above: code changes keep hitting."""
from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import shlex
import time
import tomllib
from pathlib import Path

from sandbox import contain
from sandbox.base import SandboxError
from sandbox.install import PIP_INSTALL
from sandbox.setup import OFFLINE_SELF, InstallStep

DECLARATIONS = ("setup.py", "setup.cfg", "uv.lock", "poetry.lock", "Pipfile", "Pipfile.lock", "pdm.lock")
REQUIREMENT_FILE = re.compile(r"(?:^|\s)(?:-r|-c|--requirement|--constraint)[= ]?\s*(\S+)")
# arguments after `pip install` that name the tree (the project itself, a folder or file of it)
LOCAL_ARG = re.compile(r"""^['"]?(?:\.|\./|/workspace|[\w.-]+/)""")
SELF_ARG = re.compile(r"""^['"]?(?:\.|\./|/workspace/?)(?:\[[\w,.\s-]*\])?['"]?$""")


def _read(repo: Path, name: str) -> str:
    try:    # security: a link out of the tree or to /dev/zero is not read
        return contain.read_text(repo, name)
    except (OSError, SandboxError):
        return ""


def _pyproject_deps(text: str) -> str:
    """The parts of pyproject.toml that decide what is installed (not its version or tool config)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return text
    project, tool = data.get("project", {}), data.get("tool", {})
    poetry = tool.get("poetry", {})
    return json.dumps({"build": data.get("build-system"), "deps": project.get("dependencies"),
                       "extras": project.get("optional-dependencies"), "python": project.get("requires-python"),
                       "dynamic": project.get("dynamic"), "groups": data.get("dependency-groups"),
                       "poetry": [poetry.get(k) for k in ("dependencies", "dev-dependencies", "group")]},
                      sort_keys=True, default=str)


def declarations(repo: Path, steps: list[InstallStep]) -> dict[str, str]:
    """The dependency declarations of the tree: file name -> the text that matters."""
    names = set(DECLARATIONS) | {p.name for p in repo.glob("requirements*.txt")} | \
        {f"requirements/{p.name}" for p in repo.glob("requirements/*.txt")}
    for step in steps:
        names |= {m.group(1).strip("'\"") for m in REQUIREMENT_FILE.finditer(step.cmd)}
    out = {name: _read(repo, name) for name in sorted(names)}
    out["pyproject.toml"] = _pyproject_deps(_read(repo, "pyproject.toml"))
    return {k: v for k, v in out.items() if v}


def _digest(repo: Path, name: str) -> str:
    """The sha256 of a regular file of the tree ("" for anything else: a link out, a device)."""
    try:
        full = contain.inside(repo, name)
        fd = os.open(full, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except (OSError, SandboxError):
        return ""
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            return ""
        h = hashlib.sha256()
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def executed(repo: Path, steps: list[InstallStep]) -> dict[str, str]:
    """What the steps run from the tree: every word of a command that names a file in it (a script,
    `setup.py`, a Makefile…), and the .py files of an in-tree build backend (pyproject's
    `backend-path`): name -> its digest."""
    names: set[str] = set()
    for step in steps:
        try:
            words = shlex.split(step.cmd)
        except ValueError:
            words = step.cmd.split()
        for word in words:
            for part in re.split(r"[=,;&|<>()]", word):
                part = part.strip("'\"").removeprefix("/workspace/").removeprefix("./")
                if part and not part.startswith(("-", "/")) and ".." not in part.split("/") \
                        and contain.within(repo, part) is not None and (repo / part).is_file():
                    names.add(part)
    try:
        backend = tomllib.loads(_read(repo, "pyproject.toml") or "").get("build-system", {}).get("backend-path") or []
    except tomllib.TOMLDecodeError:
        backend = []
    for folder in backend if isinstance(backend, list) else []:
        folder = str(folder).strip("/").removeprefix("./")
        if folder and ".." not in folder.split("/") and (repo / folder).is_dir():
            names |= {str(p.relative_to(repo)) for p in sorted((repo / folder).glob("*.py"))[:50]}
    out = {name: _digest(repo, name) for name in sorted(names)}
    return {k: v for k, v in out.items() if v}


NOT_SET_UP_CODE = frozenset({".git", "tests", "test", "testing", "docs", "doc"})   # folders left out of tree_digest
PLAIN_REQUIREMENT_LINE = re.compile(r"^\s*(#.*)?$|^\s*[A-Za-z0-9][\w.-]*(\[[\w,.\s-]*\])?\s*([<>=!~;@].*)?$")


def _requirements_run_tree_code(text: str) -> bool:
    """A requirement file that installs a folder or file of the tree (`-e .`, `./sub`, `file:`), or
    names another requirement file, or a URL (`@ file:…`): conservatively, tree code may run."""
    for line in text.splitlines():
        line = line.split(" #", 1)[0].strip()
        if not line or line.startswith("#") or re.match(r"^--?(i|index-url|extra-index-url|hash|pre|"
                                                        r"only-binary|no-binary|prefer-binary)\b", line):
            continue
        if not PLAIN_REQUIREMENT_LINE.match(line) or "file:" in line:
            return True
    return False


def runs_tree_code(repo: Path, steps: list[InstallStep]) -> bool:
    """Whether set-up may run code of the tree: a step that installs the project itself (or a folder
    of it), builds, or runs a file of the tree; a requirement file a step reads that installs part
    of the tree."""
    for step in steps:
        if step.cmd == OFFLINE_SELF or not _installs_dependencies_only(step.cmd):
            return True
        if any(SELF_ARG.match(w) for w in step.cmd.split()):
            return True
        for m in REQUIREMENT_FILE.finditer(step.cmd):
            if _requirements_run_tree_code(_read(repo, m.group(1).strip("'\""))):
                return True
    return False


def tree_digest(repo: Path) -> str:
    """The sha256 over every regular file of the tree (its path and content) but the `.git`, test and
    documentation folders; links are walked by name (their target text), never followed."""
    h = hashlib.sha256()
    for name in contain.files(repo, lambda d: d.lower() in NOT_SET_UP_CODE):
        h.update(name.encode() + b"\0" + _digest(repo, name).encode() + b"\n")
    for dirpath, dirnames, filenames in os.walk(repo):
        dirnames[:] = sorted(d for d in dirnames if d.lower() not in NOT_SET_UP_CODE)
        for n in sorted(dirnames + filenames):
            full = os.path.join(dirpath, n)
            if os.path.islink(full):
                h.update(b"link " + os.path.relpath(full, repo).encode() + b"\0" + os.readlink(full).encode() + b"\n")
    return h.hexdigest()


def date_bucket(as_of: str | None) -> str:
    """The month of the dependency cut-off (today's month without one)."""
    return (as_of or time.strftime("%Y-%m", time.gmtime()))[:7]


def cache_key(repo_id: str, image_id: str, steps: list[InstallStep], repo: Path, *, as_of: str | None,
              pins: dict[str, str] | None, env: dict[str, str] | None) -> str:
    """A short, stable name for the prepared environment (see the module docstring)."""
    blob = json.dumps({"repo": repo_id, "image": image_id, "steps": [[s.cmd, s.network, s.cutoff, s.optional] for s in steps],
                       "files": declarations(repo, steps), "executed": executed(repo, steps),
                       "tree": tree_digest(repo) if runs_tree_code(repo, steps) else None,
                       "month": date_bucket(as_of),
                       "pins": sorted((pins or {}).items()), "env": sorted((env or {}).items())}, sort_keys=True)
    parts = [p for p in repo_id.removesuffix(".git").split("/") if p]
    name = parts[-2] if len(parts) > 1 and parts[-1] in ("repo", "checkout", "src") else (parts or [""])[-1]
    slug = re.sub(r"[^A-Za-z0-9]+", "-", name)[:24].strip("-")
    return f"{slug or 'repo'}-{hashlib.sha256(blob.encode()).hexdigest()[:20]}"


def _installs_dependencies_only(cmd: str) -> bool:
    """A command made only of `pip install`s of named packages, requirement files and the project
itself (which `OFFLINE_SELF` reinstalls)."""
    for part in re.split(r"&&|;|\n", cmd):
        part = part.strip()
        m = PIP_INSTALL.search(part)
        if not part or (m and m.start() == 0 and not _local_args(part[m.end():])):
            continue
        if part.startswith("export ") and "$(" not in part and "`" not in part:
            continue
        return False
    return True


def _local_args(args: str) -> bool:
    try:
        words = shlex.split(args)
    except ValueError:
        return True
    skip_next = False
    for w in words:
        if skip_next:
            skip_next = False
            continue
        if w in ("-r", "-c", "--requirement", "--constraint", "-i", "--index-url", "--extra-index-url", "-f", "--find-links"):
            skip_next = True
            continue
        if not w.startswith("-") and LOCAL_ARG.match(w) and not SELF_ARG.match(w) \
                and not re.match(r"^[\w.-]+(\[.*\])?[<>=!~]", w):
            return True
    return False


def on_reuse(steps: list[InstallStep]) -> tuple[list[InstallStep], list[InstallStep]]:
    """(the steps that still run, the steps skipped) when a prepared environment is reused."""
    run, skipped = [], []
    for step in steps:
        if step.cmd == OFFLINE_SELF or not _installs_dependencies_only(step.cmd):
            run.append(step)
            continue
        skipped.append(step)
        if any(SELF_ARG.match(w) for w in step.cmd.split()) and InstallStep(OFFLINE_SELF, False) not in run:
            run.insert(0, InstallStep(OFFLINE_SELF, False))     # the project itself, at the new checkout
    return run, skipped
