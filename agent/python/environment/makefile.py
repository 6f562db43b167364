"""A Makefile's targets read, never run as `make`: a target's recipe lines with the Makefile's
variables substituted (`$(BINDIR)/pytest`, `${tests}`), `@`/`-` prefixes removed, `$(MAKE) other`
followed, and a virtualenv's `bin/` prefix left out (the sandbox's venv is on PATH). The lines are
then sorted: installs (run at set-up), test commands (the suite), and the rest (lint, docs, clean)
left out and said. The lines a target's file prerequisites would run (`.venv/pyvenv.cfg: ...`, a
venv built online) are not followed: the sandbox is prepared by the resolver."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.python.environment.commands import INSTALL, LAUNCHER, RUNS_TESTS, editable, unwrap_coverage
from agent.python.environment.toxini import recipe_env

ASSIGN = re.compile(r"^(?:export\s+|override\s+)?([A-Za-z_][\w.]*)\s*(?:[:?+!]?=|::=)\s*(.*)$")
RULE = re.compile(r"^([^\s:=#][^:=#]*?)\s*::?(?!=)\s*([^=;]*?)(?:;\s*(.*))?$")
DEFAULTS = {"MAKE": "make", "PYTHON": "python", "PYTHON3": "python3", "PY": "python", "PIP": "pip",
            "PYTEST": "pytest", "PWD": ".", "CURDIR": ".", "SHELL": "/bin/sh"}
VENV_BIN = re.compile(r"(^|&&\s*|;\s*|\(\s*)(?:\.{0,2}/)?(?:[\w.-]+/)+bin/(?=[\w.-]+)")
NOT_TESTS = re.compile(r"^(?:flake8|pylint|mypy|black|isort|ruff|pre-commit|sphinx|check-manifest|twine|"
                       r"codecov|coveralls|pyroma|bandit|doc8|rst-lint|safety|stubtest|pyright|flit|"
                       r"python[\d.]*\s+-m\s+(?:build|twine|flake8|mypy|black|isort|ruff|pylint|sphinx))\b|"
                       r"^coverage\s+(?:report|combine|erase|html|xml|json)\b|"
                       r"^(?:rm|mkdir|echo|cp|mv|ls|find|touch|printf|true|cat|open|xdg-open|curl|wget|git)\b|"
                       r"^python[\d.]*\s+-m\s+venv\b|^(?:virtualenv|uv\s+venv)\b")
TEST_TARGETS = ("test", "tests", "check", "test-all", "testall", "unittest", "unittests")


@dataclass
class Makefile:
    variables: dict[str, str] = field(default_factory=dict)
    targets: dict[str, list[str]] = field(default_factory=dict)      # target -> its recipe lines (raw)


def parse(text: str) -> Makefile:
    mk = Makefile()
    text = re.sub(r"\\\n\s*", " ", text)
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("\t"):
            if current is not None and line.strip() and not line.strip().startswith("#"):
                current.append(line.strip())
            continue
        stripped = line.split("#", 1)[0].rstrip() if not line.lstrip().startswith("\t") else line
        if not stripped.strip():
            continue
        current = None
        m = ASSIGN.match(stripped.strip())
        if m and not RULE.match(stripped.strip()) or m and "=" in stripped.split(":", 1)[0]:
            mk.variables.setdefault(m.group(1), m.group(2).strip())
            continue
        r = RULE.match(stripped.strip())
        if r and not stripped.startswith((" ", "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "include", "-include")):
            lines: list[str] = []
            for name in r.group(1).split():
                if name not in mk.targets:
                    mk.targets[name] = lines
            if r.group(3):
                lines.append(r.group(3).strip())
            current = lines
    return mk


def _expand(mk: Makefile, text: str, depth: int = 0) -> str:
    def var(m: re.Match) -> str:
        name = m.group(1) or m.group(2)
        if name in mk.variables and depth < 8:
            return _expand(mk, mk.variables[name], depth + 1)
        return DEFAULTS.get(name, "")
    text = text.replace("$$", "\0")
    text = re.sub(r"\$\(([A-Za-z_][\w.]*)\)|\$\{([A-Za-z_][\w.]*)\}", var, text)
    return text.replace("\0", "$")


@dataclass
class Target:
    name: str
    install: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)

    def test_cmd(self) -> str | None:
        # make runs each recipe line in its own shell: a `cd` stays inside its line (the last line
        # stays bare: the runner's own options are appended to it)
        last = len(self.tests) - 1
        return " && ".join(f"({t})" if n < last and re.search(r"(^|\s)cd\s", t) else t
                           for n, t in enumerate(self.tests)) or None

    def scripts(self) -> list[str]:
        """The Python scripts its test lines run (`cd test && python testall.py` -> test/testall.py)."""
        out = []
        for line in self.tests:
            where = ""
            for part in re.split(r"\s*(?:&&|;)\s*", line):
                cd = re.match(r"^cd\s+(\S+)$", part)
                if cd:
                    where = cd.group(1).rstrip("/") + "/"
                run = re.match(r"^(?:\w+=\S+\s+)*python[\d.]*\s+(?:-\w+\s+)*([\w./-]+\.py)\b", part)
                if run:
                    out.append(where + run.group(1))
        return out


def target(mk: Makefile, name: str, depth: int = 0) -> Target | None:
    """The commands of target ``name`` (None when the Makefile has no such target)."""
    if name not in mk.targets:
        return None
    out = Target(name)
    for raw in mk.targets[name]:
        line = _expand(mk, raw.lstrip("@-+ ").strip())
        line = re.sub(r"^@|^-", "", line).strip()
        line = VENV_BIN.sub(r"\1", line)
        sub = re.match(r"^(?:make|\$\(MAKE\))\s+(?:-\S+\s+)*([\w.-]+)\s*$", line)
        if sub and depth < 3:
            inner = target(mk, sub.group(1), depth + 1)
            if inner is not None:
                out.install += inner.install
                out.tests += inner.tests
                out.dropped += inner.dropped
                continue
        if not line:
            continue
        if INSTALL.search(line) and not re.search(r"install\s+(?:-\S+\s+)*(?:--upgrade|-U)\s+(?:pip|setuptools|wheel|\s)+$", line):
            out.install.append(re.sub(r"^python[\d.]*\s+-m\s+", "", editable(line)))
        elif INSTALL.search(line) or NOT_TESTS.search(line):
            out.dropped.append(line)
        else:
            out.tests.append(unwrap_coverage(line))
    out.tests = [m.group(1) if (m := LAUNCHER.match(t)) else t for t in out.tests]
    if not any(RUNS_TESTS.search(t) or recipe_env(t) for t in out.tests):
        out.dropped += out.tests
        out.tests = []
    return out


def test_target(mk: Makefile) -> Target | None:
    """The first of `test`, `tests`, `check`, ... whose lines run a test suite."""
    for name in TEST_TARGETS:
        t = target(mk, name)
        if t is not None and t.tests:
            return t
    return None
