"""tox.ini understood, not pasted into a shell: the envlist (with `{a,b}-c` products), one test
environment chosen for the sandbox's Python, its `deps` (`-r file` kept), `extras`, `usedevelop`/
`skip_install`, `changedir`, `setenv`, factor-conditional lines (`py27,py36: dep`,
`{py27,py36}-std: cmd`, `!py2: dep`) filtered for that environment, and `commands` with tox's
substitutions done (`{posargs:tests}`, `{toxinidir}`, `{envpython}`, `{[testenv]deps}`, `{env:X:d}`).
The result runs in the prepared sandbox directly: `tox` itself would install again, online."""
from __future__ import annotations

import configparser
import itertools
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from agent.python.environment.commands import INSTALL, RUNS_TESTS, editable, unwrap_coverage

FACTOR_LINE = re.compile(r"^([\w{}.!,-]+):\s+(.+)$")          # tox's own rule: `factors: value`
NOT_TESTS = re.compile(r"^(?:flake8|pylint|mypy|black|isort|ruff|pre-commit|sphinx|check-manifest|twine|"
                       r"codecov|coveralls|pyroma|bandit|doc8|rst-lint|safety)\b|^coverage\s+(?:report|combine|erase|"
                       r"html|xml|json)\b|^(?:python[\d.]*\s+-m\s+)?(?:pip|build)\b|^(?:rm|mkdir|echo|cp|mv|ls)\b")
NOT_TEST_ENVS = re.compile(r"^(?:flake8|lint\w*|pylint|mypy\w*|doc\w*|black|isort|pep8|style|format|typing|types|"
                           r"coverage|cov|codecov|coveralls|report|clean|build|release|packaging|manifest|"
                           r"pre-commit|readme|bandit|ruff|check|checkqa|qa|dist|sdist|spell\w*|bench\w*|"
                           r"pyright|typecheck|audit|changelog|towncrier|publish|upload|linkcheck|mutmut|"
                           r"codspeed|dev|venv|fmt|autoformat|requirements|pip-compile|lock)$")
# tox's own work folder as changedir (`changedir = .tox`, `{toxworkdir}`): it ran the tests away from
# the tree so they imported the installed package; the editable install here needs no such detour
TOX_WORKDIR = re.compile(r"^(?:\.tox|/tmp/tox)(?:/|$)")
SITE_PACKAGES = re.compile(r"\{(?:envsitepackagesdir|env_site_packages_dir)\}/([\w.-]+)")


@dataclass
class ToxEnv:
    """What one tox environment installs and runs, substituted for the sandbox."""
    name: str
    deps: list[str] = field(default_factory=list)         # requirement lines, `-r file` included
    extras: list[str] = field(default_factory=list)
    install_self: bool = True
    changedir: str | None = None
    commands: list[str] = field(default_factory=list)     # test commands, substituted
    setenv: dict[str, str] = field(default_factory=dict)
    dropped: list[str] = field(default_factory=list)      # commands left out (lint, coverage report, ...)
    installs: list[str] = field(default_factory=list)     # `pip install` lines of its commands (run at set-up)
    said: list[str] = field(default_factory=list)         # how its commands were adapted here
    make_dir: bool = False                                # changedir is not in the tree: created first

    def runs_tests(self) -> bool:
        """Whether its commands run a test suite (pytest, unittest, a test script), not only docs or lint."""
        return any(RUNS_TESTS.search(c) for c in self.commands)

    def test_cmd(self) -> str | None:
        if not self.commands:
            return None
        joined = " && ".join(self.commands)
        if not self.changedir:
            return joined
        return ("mkdir -p " + shlex.quote(self.changedir) + " && " if self.make_dir else "") + \
            f"cd {shlex.quote(self.changedir)} && {joined}"

    def install(self) -> list[str]:
        out = [f"pip install -e .{'[' + ','.join(self.extras) + ']' if self.extras else ''}"] if self.install_self else []
        reqs, names = [], []
        for dep in self.deps:
            if re.match(r"^-[rc]\s*\S", dep):
                reqs.append(re.sub(r"^-([rc])\s*", r"-\1 ", dep))
            elif re.match(r"^-e\s*\.?$|^\.$", dep):
                continue                                  # the project itself: installed above
            elif not dep.startswith("-"):
                names.append(dep)
        out += [f"pip install {r}" for r in reqs]
        if names:
            out.append("pip install " + " ".join("'" + n.replace("'", "") + "'" for n in names))
        return out + [i for i in self.installs if i not in out]


def _expand(text: str) -> list[str]:
    """`py{27,36}-{std,ext}` -> py27-std, py27-ext, py36-std, py36-ext (tox's generative names)."""
    parts = re.split(r"(\{[^{}]*\})", text)
    choices = [[c.strip() for c in p[1:-1].split(",")] if p.startswith("{") else [p] for p in parts]
    return ["".join(combo) for combo in itertools.product(*choices)]


def envlist(parser: configparser.RawConfigParser) -> list[str]:
    raw = parser.get("tox", "envlist", fallback="") or parser.get("tox", "env_list", fallback="")
    out: list[str] = []
    # commas inside braces belong to the product, not the list
    for item in re.split(r",(?![^{]*\})|\n", raw):
        item = item.strip()
        if item and not item.startswith("#"):
            out += [e for e in _expand(item) if e not in out]
    out += [s.split(":", 1)[1] for s in parser.sections() if s.startswith("testenv:") and "{" not in s
            and s.split(":", 1)[1] not in out]
    return out


def _matches(condition: str, factors: set[str]) -> bool:
    """`py27,py36`, `{py27,py36}-std`, `!py2`, `py3-!django`: any alternative whose factors all hold."""
    for alternative in (a for part in re.split(r",(?![^{]*\})", condition) for a in _expand(part)):
        wanted = [f for f in alternative.strip().split("-") if f]
        if wanted and all((f[1:] not in factors) if f.startswith("!") else (f in factors) for f in wanted):
            return True
    return False


def filtered(value: str, factors: set[str]) -> list[str]:
    """A multi-line value's lines for these factors: continuation lines joined, comments dropped,
    factor prefixes checked and removed (never left for a shell)."""
    out = []
    for line in re.sub(r"\s*\\\n\s*", " ", value).splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = FACTOR_LINE.match(line)
        if m:
            if not _matches(m.group(1), factors):
                continue
            line = m.group(2).strip()
        out.append(line)
    return out


class Tox:
    """A parsed tox.ini (None from `parse` when it is no tox configuration)."""

    def __init__(self, parser: configparser.RawConfigParser, base: str, tree: Path | None = None):
        self.parser, self.base, self.tree = parser, base, tree
        self.envs = envlist(parser)

    def _in_tree(self, name: str) -> str:
        """`{envsitepackagesdir}/pkg` of a tox run is the tree's `pkg` (or `src/pkg`) here: the
        project is installed editable, site-packages holds no copy of it."""
        if self.tree is not None and not (self.tree / name).exists() and (self.tree / "src" / name).exists():
            return f"src/{name}"
        return name

    def _section(self, name: str) -> str | None:
        for s in (f"testenv:{name}", f"tox:testenv:{name}"):
            if self.parser.has_section(s):
                return s
        for s in self.parser.sections():                 # [testenv:py{27,36}-std]
            if s.startswith("testenv:") and "{" in s and name in _expand(s.split(":", 1)[1]):
                return s
        return None

    def raw(self, name: str, key: str) -> str | None:
        section = self._section(name)
        if section and self.parser.has_option(section, key):
            return self.parser.get(section, key)
        if self.parser.has_section(self.base) and self.parser.has_option(self.base, key):
            return self.parser.get(self.base, key)
        return None

    def _ref(self, text: str) -> str:
        """`{[section]key}` references (tox allows them in any value)."""
        return re.sub(r"\{\[([^\]]+)\]([\w-]+)\}",
                      lambda m: self.parser.get(m.group(1), m.group(2), fallback=""), text)

    def env(self, name: str, python: str | None = None) -> ToxEnv:
        factors = set(name.split("-"))
        if python:
            factors.add("py" + python.replace(".", ""))
        get = lambda key: self._ref(self.raw(name, key) or "")  # noqa: E731
        env = ToxEnv(name)
        env.deps = [re.sub(r"^(-[rc])\s*", r"\1 ", _substitute(d, python, ".")).replace(" ./", " ")
                    for d in filtered(get("deps"), factors)]
        env.extras = [e.strip() for line in filtered(get("extras"), factors) for e in line.split(",") if e.strip()]
        skip = get("skip_install").strip().lower() == "true" or \
            self.parser.get("tox", "skipsdist", fallback="").strip().lower() == "true" and \
            get("usedevelop").strip().lower() != "true"
        env.install_self = not skip
        changedir = get("changedir").strip()
        if changedir:
            env.changedir = _substitute(changedir, python, ".").removeprefix("./").rstrip("/") or None
            if env.changedir in (".", "./"):
                env.changedir = None
            elif env.changedir and TOX_WORKDIR.match(env.changedir):
                env.said.append(f"changedir {env.changedir} (tox's work folder) left out: the tests run from the tree")
                env.changedir = None
            elif env.changedir and self.tree is not None and not (self.tree / env.changedir).is_dir():
                env.said.append(f"changedir {env.changedir} is created first (tox creates it)")
                env.make_dir = True
        # commands run in changedir: the tox.ini's folder is as many `..` above it
        root = "/".join([".."] * len(env.changedir.split("/"))) if env.changedir else "."
        for line in filtered(get("setenv"), factors):
            if "=" in line and not line.startswith("file|"):
                key, value = line.split("=", 1)
                value = _substitute(value.strip(), python, ".")
                if "{" not in value:
                    env.setenv[key.strip()] = value
        for line in filtered(get("commands"), factors):
            line = SITE_PACKAGES.sub(lambda m: "{toxinidir}/" + self._in_tree(m.group(1)), line)
            cmd = _substitute(line.lstrip("-").strip(), python, root)
            if INSTALL.search(cmd) and re.match(r"^(?:python[\d.]*\s+-m\s+)?pip3?\s+install\s", cmd):
                env.installs.append(re.sub(r"^python[\d.]*\s+-m\s+", "", editable(cmd)).replace(" ./", " "))
                continue
            if unwrap_coverage(cmd) != cmd:
                env.said.append(f"`{cmd}` runs as `{unwrap_coverage(cmd)}` (the coverage wrapper left out)")
                cmd = unwrap_coverage(cmd)
            if "{" in cmd or NOT_TESTS.search(cmd):
                env.dropped.append(cmd)
            else:
                env.commands.append(cmd)
        return env

    def choose(self, python: str | None, wanted: str | None = None) -> str:
        """The environment to run: ``wanted`` (a `tox -e X` of a recipe) when tox.ini has it, else the
        first test environment for ``python`` (`py311`, `py311-std`), else the first test
        environment, else plain `testenv`."""
        names = [n for n in self.envs if not NOT_TEST_ENVS.match(n.split("-")[0]) and not NOT_TEST_ENVS.match(n)]
        if wanted and (wanted in self.envs or self._section(wanted)):
            return wanted
        if wanted:                                       # `-e tests` of `-e ${{ env.PY }}-tests`: its factors
            having = [n for n in self.envs if set(wanted.split("-")) <= set(n.split("-"))]
            py = "py" + python.replace(".", "") if python else None
            if having:
                return next((n for n in having if py in n.split("-")), having[0])
        if python:
            py = "py" + python.replace(".", "")
            for n in names:
                if py in n.split("-"):
                    return n
            for n in names:                              # py3 and python factors: any 3.x
                if re.search(r"(^|-)py3?(-|$)|(^|-)python(-|$)", n):
                    return n
        generic = [n for n in names if not re.search(r"(^|-)py\d+", n)]
        return (generic or names or ["py"])[0]


def _substitute(cmd: str, python: str | None, root: str = ".") -> str:
    cmd = re.sub(r"\{posargs(?::([^}]*))?\}", lambda m: m.group(1) or "", cmd)
    cmd = re.sub(r"\[\]", "", cmd) if re.search(r"(^|\s)\[\](\s|$)", cmd) else cmd   # tox 2's `[]` posargs
    cmd = re.sub(r"\{env:(\w+)(?::([^}]*))?\}", lambda m: m.group(2) if m.group(2) is not None else f"${m.group(1)}", cmd)
    cmd = re.sub(r"\{toxinidir\}(/?)", lambda m: root + m.group(1), cmd)
    cmd = re.sub(r"\{envpython\}", "python", cmd)
    cmd = re.sub(r"\{envbindir\}/", "", cmd)
    cmd = re.sub(r"\{envsitepackagesdir\}", "$(python -c 'import sysconfig; print(sysconfig.get_paths()[\"purelib\"])')", cmd)
    cmd = re.sub(r"\{(?:envtmpdir|envdir|toxworkdir|temp_dir|work_dir)\}", "/tmp/tox", cmd)
    cmd = cmd.replace("{/}", "/").replace("{:}", ":")
    return re.sub(r"\s+", " ", cmd).strip()


def parse(text: str, tree: Path | None = None) -> Tox | None:
    """``tree``: the checkout the tox.ini belongs to (its folders decide `changedir` and `src/`)."""
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        return None
    base = next((s for s in ("testenv", "tox:testenv") if parser.has_section(s)), None)
    if base is None and not parser.has_section("tox") and not any(s.startswith("testenv:") for s in parser.sections()):
        return None
    return Tox(parser, base or "testenv", tree)


LAUNCHER_VALUE = {"--with", "--from", "--python", "-p", "--with-requirements", "--spec", "--index-url"}


def recipe_env(cmd: str) -> tuple[str, str | None] | None:
    """(tool, the `-e`/`-s` environment it names) when ``cmd`` runs tox or nox, else None: `tox -e
    py37`, `python -Im tox run -e docs`, `uvx --with tox-uv tox -e py`, `pipx run nox -s tests`."""
    try:
        words = shlex.split(cmd.strip())
    except ValueError:
        words = cmd.split()
    i = 0
    if len(words) > 1 and re.fullmatch(r"python[\d.]*|py", words[0]) and re.fullmatch(r"-[A-Za-z]*m", words[1]):
        i = 2
    elif words[:1] == ["uvx"] or words[:2] in (["uv", "run"], ["pipx", "run"]) or words[:3] == ["uv", "tool", "run"]:
        i = 1 + (words[1] in ("run", "tool")) + (words[1:3] == ["tool", "run"])
        while i < len(words) and words[i].startswith("-"):
            i += 2 if words[i] in LAUNCHER_VALUE else 1
    if i >= len(words) or words[i] not in ("tox", "nox"):
        return None
    tool, rest = words[i], words[i + 1:]
    if rest and rest[0] in ("run", "r", "run-parallel", "p"):
        rest = rest[1:]
    wanted = None
    for n, w in enumerate(rest):
        key, _, value = w.partition("=")
        if key in ("-e", "--env", "-s", "--session", "--sessions"):
            wanted = value or (rest[n + 1] if n + 1 < len(rest) else None)
            break
    wanted = wanted.split(",")[0] if wanted else None
    return tool, (wanted if wanted and "{" not in wanted and "$" not in wanted else None)
