"""Every git command crashfix runs on the host, deaf to the config files around it (one home).

A planted ``~/.gitconfig`` (``core.fsmonitor`` runs a command in every later git; ``url.insteadOf``
sends every later token elsewhere) or ``/etc/gitconfig`` must change nothing: host git reads no
global or system config (``GIT_CONFIG_GLOBAL=/dev/null``, ``GIT_CONFIG_NOSYSTEM=1``), inherits no
config through the environment, and runs with `HARDENING` on its command line (exported by git to
the git processes it starts). Secrets (the installation token) go in ``config`` of `env`, which
puts them in ``GIT_CONFIG_COUNT`` entries of the environment, never in argv.
"""
from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from pathlib import Path

from sandbox.base import SandboxError

HARDENING: tuple[tuple[str, str], ...] = (
    ("core.fsmonitor", "false"),          # no command run on every status/diff
    ("core.hooksPath", "/dev/null"),      # no hooks
    ("credential.helper", ""),            # no stored credentials handed to any host
    ("core.attributesFile", "/dev/null"),
    ("core.excludesFile", "/dev/null"),
    ("protocol.ext.allow", "never"),      # no `ext::` remote runs a command
)


class HostGitError(SandboxError):
    """A host git command failed; the message holds the command and git's last output."""


def argv(*args: str) -> list[str]:
    """``git -c k=v ... args`` with `HARDENING` in front."""
    out = ["git"]
    for key, value in HARDENING:
        out += ["-c", f"{key}={value}"]
    return out + list(args)


def env(config: Mapping[str, str] | None = None, extra: Mapping[str, str] | None = None,
        base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a host git: ``base`` (default: this process's) without any git config
    it carried, no global or system config file, no prompts, ``config`` as ``GIT_CONFIG_COUNT``
    entries (0, 1, ... in order), then ``extra``."""
    out = {k: v for k, v in (os.environ if base is None else base).items()
           if not k.startswith("GIT_CONFIG")}
    out.update({"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
                "GIT_ASKPASS": "", "SSH_ASKPASS": "", "GCM_INTERACTIVE": "never"})
    for i, (key, value) in enumerate((config or {}).items()):
        out[f"GIT_CONFIG_KEY_{i}"], out[f"GIT_CONFIG_VALUE_{i}"] = key, value
    if config:
        out["GIT_CONFIG_COUNT"] = str(len(config))
    out.update(extra or {})
    return out


def run(*args: str, cwd: Path | str | None, config: Mapping[str, str] | None = None,
        extra: Mapping[str, str] | None = None, input: str | None = None, timeout: float = 600,
        check: bool = True) -> subprocess.CompletedProcess:
    """Run ``git args`` hardened in ``cwd``; stdout and stderr as text. With ``check``, a non-zero
    exit raises HostGitError (git's stderr, last 2000 characters)."""
    try:
        # the repository is cwd's own: git never looks for one in the folders above it
        ceiling = {"GIT_CEILING_DIRECTORIES": str(Path(cwd).resolve().parent)} if cwd else {}
        proc = subprocess.run(argv(*args), cwd=cwd, env=env(config, {**ceiling, **(extra or {})}), input=input,
                              stdin=None if input is not None else subprocess.DEVNULL,
                              capture_output=True, text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        raise HostGitError(f"git {_shown(args)} timed out after {timeout:g} s") from None
    if check and proc.returncode != 0:
        raise HostGitError(f"git {_shown(args)} failed (exit {proc.returncode}): "
                           f"{(proc.stderr or proc.stdout).strip()[-2000:]}")
    return proc


def _shown(args: tuple[str, ...]) -> str:
    text = " ".join(args)
    return text if len(text) <= 300 else text[:300] + "..."


def output(*args: str, cwd: Path | str | None, **kw) -> str:
    """`run` with ``check``, its stdout."""
    return run(*args, cwd=cwd, **kw).stdout
