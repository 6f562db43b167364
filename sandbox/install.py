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


# when each Python came out: the build tools of an older cut-off do not run on it (setuptools of 2019
# calls `HTMLParser().unescape`, gone in 3.9), so they are taken as of this date at the earliest
PYTHON_RELEASED = {"3.6": "2016-12-23", "3.7": "2018-06-27", "3.8": "2019-10-14", "3.9": "2020-10-05",
                   "3.10": "2021-10-04", "3.11": "2022-10-24", "3.12": "2023-10-02", "3.13": "2024-10-07",
                   "3.14": "2025-10-07"}
BUILD_TOOLS = ("setuptools", "wheel")


@dataclass
class Installer:
    """How `pip install` runs in one sandbox, found by asking it once."""
    tool: str                            # "uv" | "pip"
    cutoff: bool                         # whether the tool can refuse uploads after a date
    notes: list[str] = field(default_factory=list)
    python: str | None = None            # the sandbox's Python ("3.9")
    uv: str = "uv"                       # the image's uv by its path: a recipe's `pip install hatch` brings a venv uv

    def build_floor(self, as_of: str | None) -> str | None:
        """The date the build tools (setuptools, wheel) are cut off at instead of ``as_of`` when
        ``as_of`` predates the sandbox's Python (uv only: `--exclude-newer-package`); else None."""
        released = PYTHON_RELEASED.get(self.python or "")
        if self.tool != "uv" or not as_of or not released or as_of[:10] >= released:
            return None
        return f"{released}T00:00:00Z"

    def command(self, cmd: str, as_of: str | None, constraints: bool) -> str:
        """``cmd`` with every `pip install` run by the tool, under the cut-off and constraints."""
        if self.tool == "uv":
            floor = self.build_floor(as_of)
            cmd = PIP_INSTALL.sub(self.uv + " pip install" + "".join(f" --exclude-newer-package {t}={floor}" for t in BUILD_TOOLS
                                                             if floor), cmd)
            cmd = upgrade_named(cmd)
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


UPGRADE = re.compile(r"(?<=pip install) --upgrade(?= )")
NAMED = re.compile(r"""'([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]']*\])?\s*(?:[<>=!~][^']*)?'|(?<!\S)([A-Za-z0-9][A-Za-z0-9._-]*)(?!\S)""")


def _hide_substitutions(cmd: str) -> tuple[str, list[str]]:
    """``cmd`` with each `$(...)` (balanced) replaced by a placeholder, and the substitutions."""
    subs, out, i = [], [], 0
    while i < len(cmd):
        if cmd.startswith("$(", i):
            depth, j = 0, i + 1
            while j < len(cmd):
                depth += {"(": 1, ")": -1}.get(cmd[j], 0)
                if depth == 0:
                    break
                j += 1
            subs.append(cmd[i:j + 1])
            out.append(f"\x00{len(subs) - 1}\x00")
            i = j + 1
        else:
            out.append(cmd[i])
            i += 1
    return "".join(out), subs


def upgrade_named(cmd: str) -> str:
    """`uv pip install --upgrade X` upgrades every installed package, pip's only the named ones (and what
    they need): under uv the flag becomes `--upgrade-package NAME` for each requirement the command names,
    so an upgrade under today's packages (a retry) never drags the project's other dependencies along."""
    if not UPGRADE.search(cmd):
        return cmd
    skel, subs = _hide_substitutions(cmd)
    out = []
    for part in re.split(r"(\|\||&&|;)", skel):
        if UPGRADE.search(part):
            head, _, rest = part.partition(" --upgrade ")
            bare = re.sub(r"\x00\d+\x00", " ", rest)
            names = [a or b for a, b in NAMED.findall(bare) if (a or b)]
            part = head + "".join(f" --upgrade-package {n}" for n in dict.fromkeys(names)) + " " + rest
        out.append(part)
    return re.sub(r"\x00(\d+)\x00", lambda m: subs[int(m.group(1))], "".join(out))


def find_installer(box, timeout: float = 60) -> Installer:
    """uv when the sandbox has it (crashfix's images do), else pip, with or without a date cut-off."""
    res = box.run("command -v uv && uv --version && python -c \"import sys; print('%d.%d' % sys.version_info[:2])\"",
                  timeout=timeout)
    if res.ok:
        lines = res.output.strip().splitlines()
        python = lines[-1].strip() if len(lines) > 1 and re.fullmatch(r"\d+\.\d+", lines[-1].strip()) else None
        path = lines[0].strip() if lines and lines[0].startswith("/") and " " not in lines[0].strip() else "uv"
        lines = lines[1:] if path != "uv" else lines
        return Installer("uv", True, [f"installer: {lines[0].strip()} (upload-date cut-off: --exclude-newer)"], python,
                         uv=path)
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
