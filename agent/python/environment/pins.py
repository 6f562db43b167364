"""Dependencies as of the commit: its date (the upload cut-off), the versions the issue names, and
a pytest of that era that still runs on the sandbox's Python."""
from __future__ import annotations

import re
from pathlib import Path

from agent.python.environment.model import read
from sandbox import SandboxError, hostgit

FREEZE_LINE = re.compile(r"(?<![\w.=<>~!-])([A-Za-z][A-Za-z0-9._-]*)==(\d[\w.+!-]*)(?![\w.])")
# the oldest pytest that runs on each Python, and the day (UTC) PyPI holds it (checked with uv
# --exclude-newer: 7.2.0 is not there on 2022-10-24, 6.2.5 not on 2021-08-29): a 2019 tree on Python 3.11
# gets pytest 7.2 (the first for 3.11), not 4.6 (which fails to collect there)
PYTEST_FLOOR = {"3.8": ("5.2.0", "2019-10-04"), "3.9": ("6.1.0", "2020-09-26"), "3.10": ("6.2.5", "2021-08-30"),
                "3.11": ("7.2.0", "2022-10-25"), "3.12": ("7.4.0", "2023-06-23"),
                "3.13": ("8.2.2", "2024-06-04"), "3.14": ("8.4.0", "2025-06-02")}


def commit_date(source: Path) -> str | None:
    """The checked-out commit's date in UTC (ISO 8601); None outside git and for crashfix's own
    snapshot of a plain folder (its date is today's)."""
    try:
        proc = hostgit.run("log", "-1", "--format=%cd %s", "--date=format-local:%Y-%m-%dT%H:%M:%SZ",
                           cwd=source, extra={"TZ": "UTC"}, timeout=30, check=False)
    except (OSError, SandboxError):
        return None
    date, _, subject = proc.stdout.strip().partition(" ")
    if proc.returncode != 0 or subject.startswith("crashfix: snapshot") or \
            not re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:]{8}Z", date):
        return None
    return date


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def own_names(source: Path, files: list[str]) -> set[str]:
    """The repository's own distribution and top-level package names (never pinned from the issue)."""
    names = {_norm(f.split("/")[0]) for f in files if "/" in f}
    names |= {_norm(f.split("/")[1]) for f in files if f.startswith("src/") and f.count("/") >= 2}
    for name in ("pyproject.toml", "setup.py", "setup.cfg"):
        text = read(source, name) or ""
        names |= {_norm(n) for n in re.findall(r"^\s*name\s*=\s*['\"]?([\w.-]+)", text, re.M)}
        names |= {_norm(n) for n in re.findall(r"\bname\s*=\s*['\"]([\w.-]+)['\"]", text)}
    return names


def issue_pins(report_text: str, own: set[str]) -> dict[str, str]:
    """`package==version` named in the issue (a `pip freeze` block, a sentence), the repo's own left out."""
    pins: dict[str, str] = {}
    for name, version in FREEZE_LINE.findall(report_text):
        if _norm(name) not in own and _norm(name) not in ("pip", "setuptools", "wheel"):
            pins.setdefault(_norm(name), version)
    return pins


def pins_pytest(install: list[str], pins: dict[str, str]) -> bool:
    """Whether the repository (or the issue) already says which pytest."""
    return "pytest" in pins or any(re.search(r"pytest\s*(==|<|~=)", cmd) for cmd in install)


def pytest_step(python: str, as_of: str | None) -> tuple[str, str] | None:
    """(requirement, cut-off) for a pytest of the commit's era that runs on ``python``; None
    when the image's own pytest will do (no floor for that Python, or no commit date)."""
    floor = PYTEST_FLOOR.get(python)
    if floor is None or as_of is None:
        return None
    version, released = floor
    cutoff = max(as_of, f"{released}T23:59:59Z")
    return f"pytest>={version}", cutoff


NAMED = re.compile(r"\b(?:with|having|when|if|once|after)\s+`?([A-Za-z][A-Za-z0-9._-]*(?:\[[\w,.-]+\])?)`?"
                   r"\s+(?:is\s+|was\s+|also\s+|being\s+)?installed\b", re.I)
PIP_LINE = re.compile(r"(?:^|[`$>\s])pip3?\s+install\s+([^\n`]+)", re.M)
EXTRA = re.compile(r"(?<![\w.-])([A-Za-z][A-Za-z0-9._-]*)\[([\w,.-]+)\]")
NOT_NAMES = {"it", "this", "that", "these", "those", "them", "everything", "nothing", "all", "both", "the",
             "a", "an", "package", "packages", "dependencies", "deps", "version", "extras", "extra", "one",
             "something", "anything", "none", "only", "just", "python", "pip", "setuptools", "wheel", "and", "or",
             "not", "is", "was", "pytest", "tox", "nox", "crashfix", "are", "were", "which", "what", "its", "my", "our", "your", "their", "requirements"}


def issue_packages(report_text: str, own: set[str]) -> tuple[list[str], list[str]]:
    """(the project's own extras the issue names, other packages it says are installed): `pkg[extra]`,
    "with Pygments installed", a `pip install X` line. Names only (issue text is untrusted: no URL,
    path or option is taken); `pkg==version` lines stay constraints (`issue_pins`)."""
    extras: list[str] = []
    packages: list[str] = []

    def take(word: str) -> None:
        word = word.strip().strip("'\"`,;.")
        m = re.fullmatch(r"([A-Za-z][A-Za-z0-9._-]*)(?:\[([\w,.-]+)\])?(?:[=<>~!]=?[\w.*+!-]+)?", word)
        if not m or m.group(1).lower() in NOT_NAMES:
            return
        name, extra = m.group(1), m.group(2)
        if _norm(name) in own:
            extras.extend(e for e in (extra or "").split(",") if e and e not in extras)
        elif _norm(name) not in {_norm(p) for p in packages} and len(packages) < 5:
            packages.append(name + (f"[{extra}]" if extra else ""))

    for m in NAMED.finditer(report_text):
        take(m.group(1))
    for m in PIP_LINE.finditer(report_text):
        for word in m.group(1).split():
            if word.startswith("-"):
                if word in ("-e", "-r", "-c", "--editable", "--requirement", "--constraint"):
                    break                                # a path follows: not a package name
                continue
            if "/" in word or ":" in word or word in (".", ".."):
                continue
            take(word)
    for m in EXTRA.finditer(report_text):
        if _norm(m.group(1)) in own:
            take(m.group(0))
    return extras, packages
