"""Installing with a dependency cut-off: the commit's date as uv's `--exclude-newer` (pip's
`--uploaded-prior-to` where uv is missing), the issue's versions as constraints."""
from __future__ import annotations

import logging
import re
import shlex
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

PIP_INSTALL = re.compile(r"(?<![\w/-])(?:(?:\S*/)?python[\d.]*\s+-m\s+)?(?:uv\s+)?pip3?\s+install\b")
CONSTRAINTS = ".crashfix/constraints.txt"
# the distributions installed from a folder (the project's own editable install), each as `name==version`
# (computed in the sandbox): an install that holds them cannot replace the tree's own code with PyPI's copy
OWN = ("$(python -c \"import importlib.metadata as m; print(' '.join(sorted({str(d.metadata['Name']) + '==' + d.version "
       "for d in m.distributions() if d.metadata['Name'] and 'dir_info' in (d.read_text('direct_url.json') or '')})))\")")


def held(cmd: str) -> str:
    """A single `pip install` command with the project's own distributions held where they are
    (other commands as they are)."""
    if not PIP_INSTALL.match(cmd.strip()) or re.search(r"&&|\|\||;|\|", cmd) or OWN in cmd \
            or any(w in ("-e", "--editable") or w.startswith((".", "/")) for w in cmd.split()):
        return cmd                               # another command, or one that installs a folder (the project)
    return f"{cmd} {OWN}"


@dataclass
class Installer:
    """How `pip install` runs in one sandbox, found by asking it once."""
    tool: str                            # "uv" | "pip"
    cutoff: bool                         # whether the tool can refuse uploads after a date
    notes: list[str] = field(default_factory=list)

    def command(self, cmd: str, as_of: str | None, constraints: bool) -> str:
        """``cmd`` with every `pip install` run by the tool, under the cut-off and constraints."""
        if self.tool == "uv":
            cmd = PIP_INSTALL.sub("uv pip install", cmd)
            # the system's CA store (the host's bundle is mounted there): TLS-intercepting proxies
            env = ["UV_SYSTEM_CERTS=1"] + ([f"UV_EXCLUDE_NEWER={as_of}"] if as_of else []) + \
                  ([f"UV_CONSTRAINT={CONSTRAINTS}"] if constraints else [])
        else:
            cmd = PIP_INSTALL.sub("python -m pip install", cmd)
            env = ([f"PIP_UPLOADED_PRIOR_TO={as_of}"] if as_of and self.cutoff else []) + \
                  ([f"PIP_CONSTRAINT={CONSTRAINTS}"] if constraints else [])
        if not env or not PIP_INSTALL.search(cmd):
            return cmd
        return "export " + " ".join(env) + "; " + cmd


def find_installer(box, timeout: float = 60) -> Installer:
    """uv when the sandbox has it (crashfix's images do), else pip, with or without a date cut-off."""
    res = box.run("command -v uv >/dev/null && uv --version", timeout=timeout)
    if res.ok:
        return Installer("uv", True, [f"installer: {res.output.strip()} (upload-date cut-off: --exclude-newer)"])
    res = box.run("python -m pip --version; python -m pip install --help | grep -c -- --uploaded-prior-to", timeout=timeout)
    lines = res.output.strip().splitlines()
    version = lines[0].split(" from ")[0] if lines else "pip"
    cutoff = bool(lines) and lines[-1].strip().isdigit() and int(lines[-1]) > 0
    note = (f"installer: {version} (upload-date cut-off: --uploaded-prior-to)" if cutoff else
            f"installer: {version}, which has no upload-date cut-off (pip 26 has --uploaded-prior-to)")
    return Installer("pip", cutoff, [note])


def write_constraints(box, pins: dict[str, str]) -> bool:
    if not pins:
        return False
    box.write(CONSTRAINTS, "".join(f"{name}=={version}\n" for name, version in sorted(pins.items())))
    return True


def quoted_env(env: dict[str, str]) -> str:
    """`export K=V ...; ` for the repository's environment variables, or ''."""
    return ("export " + " ".join(f"{k}={shlex.quote(v)}" for k, v in sorted(env.items()) if re.fullmatch(r"[A-Za-z_]\w*", k))
            + "; ") if env else ""
