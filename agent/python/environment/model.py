"""The resolved environment of a repository, and the partial findings it is merged from."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sandbox import SandboxError, contain

FIELDS = ("python", "image", "install", "test_cmd", "env", "system_packages", "services")


@dataclass
class Finding:
    """What one source says (any field may be missing), and where it was read."""
    origin: str                          # ".github/workflows/ci.yml", ".python-version", ...
    verb: str = "from"                   # "from" (read) or "borrowed from" (a recipe run as written)
    values: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    role: str = ""                       # "packaging": the packaging files' own install (always in the union)


@dataclass
class Environment:
    """How a repository is set up and tested in the sandbox; `steps` says where each part came from."""
    python: str | None = None            # the version asked for (None: the image's default)
    python_used: str | None = None       # the sandbox image's version, once an image is chosen
    image: str | None = None             # a full override (explicit `image:`)
    install: list[str] = field(default_factory=list)
    test_cmd: str | None = None
    env: dict[str, str] = field(default_factory=dict)
    system_packages: list[str] = field(default_factory=list)
    services: list[str] = field(default_factory=list)
    as_of: str | None = None             # dependency cut-off: the commit's date (ISO 8601, UTC)
    pins: dict[str, str] = field(default_factory=dict)   # versions named in the issue: package -> version
    steps: list[str] = field(default_factory=list)
    explicit_python: bool = False        # `--python` or crashfix.yml: the set-up fallbacks keep it
    explicit_install: bool = False       # `--setup-cmd`, `setup_cmd` or `environment.install`: run as given, nothing added
    packages: list[str] = field(default_factory=list)    # packages the issue names ("with Pygments installed")
    fallback: list[str] = field(default_factory=list)    # the packaging files' own install, when a recipe's differs
    alternatives: list[dict] = field(default_factory=list)   # other tox environments: {name, install, test_cmd}
    removed: object = None               # what the suite uses that a pytest release removed (era.Removed)

    def to_dict(self) -> dict:
        return {"python": self.python, "python_used": self.python_used, "image": self.image,
                "install": self.install, "test_cmd": self.test_cmd, "env": self.env,
                "system_packages": self.system_packages, "services": self.services,
                "as_of": self.as_of, "pins": self.pins, "steps": self.steps,
                "explicit_install": self.explicit_install, "packages": self.packages}


def read(repo: Path, name: str) -> str | None:
    """A file of the checkout, read through `sandbox.contain` (None when missing, not a regular
    file, or leading out of the tree: a repository may link `tox.ini` to /dev/zero or a host file)."""
    try:
        return contain.read_text(repo, name)
    except (OSError, SandboxError):
        return None
