"""Sorting a recipe's shell lines: which install the project, which run its tests, which need root."""
from __future__ import annotations

import re
import shlex

INSTALL = re.compile(r"(^|[\s;&(])(?:python[\d.]*\s+-m\s+)?(?:uv\s+)?pip3?\s+install\b")
TEST = re.compile(r"(^|[\s;&/])(?:py\.test|pytest|tox|nox|make\s+(?:test|check)\b|"
                  r"python[\d.]*\s+-m\s+(?:pytest|unittest)|python[\d.]*\s+(?:setup\.py\s+test|runtests\.py|-m\s+nose)|nosetests)"
                  r"|^(?:python[\d.]*\s+-m\s+)?coverage3?\s+run\b.*\s-m\s+(?:pytest|unittest|nose|twisted\.trial)\b")
# what runs a test suite itself (not through tox, nox or make): pytest, unittest, nose, trial, a test script
RUNS_TESTS = re.compile(r"(^|[\s;&/(])(?:py\.test|pytest|nosetests|trial|zope-testrunner|green)(\s|$)|"
                        r"-m\s+(?:pytest|unittest|nose|twisted\.trial|green)\b|setup\.py\s+test\b|"
                        r"(^|[\s/])(?:run_?tests?|test\w*|\w*tests?)\.py\b|(^|[\s/])run_?tests\b")
SYSTEM = re.compile(r"^(?:sudo\s+)?(?:apt-get|apt|apk|yum|dnf|brew|choco)\b")
APT_INSTALL = re.compile(r"^(?:sudo\s+)?apt(?:-get)?\s+(?:-\S+\s+)*install\s+(.*)$")
UPGRADE_TOOLS = re.compile(r"install\s+(?:-\S+\s+)*(?:--upgrade|-U)\s+(?:pip|setuptools|wheel|\s)+$")
UNUSABLE = re.compile(r"\$\{\{|^\s*(?:poetry|pipenv|conda|mamba|uv\s+sync|pdm|hatch|source|\.)\b|"
                      r"(?:^|\s)--user(?:\s|$)|\$\{?GITHUB_(?:OUTPUT|ENV|STEP_SUMMARY|PATH)\b")
# a project manager running a command in its own venv: here the sandbox's venv is that venv
LAUNCHER = re.compile(r"^(?:poetry|pipenv|pdm|hatch|uv)\s+run\s+(?!-)(.+)$")
# a `tox -e ${{ matrix.env }}` / `nox -s "${{ matrix.session }}" -- ${{ matrix.posargs }}`: the runner stays, the expressions go
CI_EXPR_ARG = re.compile(r"\s+(-[esf]|--env|--sessions?|--factors?)[\s=]+['\"]?((?:[\w.-]*\$\{\{[^}]*\}\})+[\w.-]*)['\"]?"
                        r"|\s+--(?:\s+\S*\$\{\{[^}]*\}\}\S*)+\s*$")


def _ci_expr(m: re.Match) -> str:
    """`-e ${{ env.PY }}-mypy` keeps its literal factors (`-e mypy`: still a mypy run); `-e ${{ x }}` goes."""
    if not m.group(1):
        return ""
    literal = "-".join(f for f in re.sub(r"\$\{\{[^}]*\}\}", "-", m.group(2)).split("-") if f)
    return f" -e {literal}" if literal and m.group(1) in ("-e", "--env", "-f", "--factors", "--factor") else \
        f" -s {literal}" if literal else ""


def logical_lines(script: str) -> list[str]:
    """A shell script's commands: continuation lines joined, comments and blanks dropped, `&&` split."""
    joined = re.sub(r"\s*\\\n\s*", " ", script)
    out, pending = [], ""
    for line in joined.splitlines():
        line = line.strip()
        if not line or line.startswith("#") and not pending:
            continue
        line = f"{pending} {line}" if pending else line
        if line.count("(") > line.count(")"):          # a `$(` ... `)` spanning lines is one command
            pending = line
            continue
        pending = ""
        out += [part.strip() for part in line.split("&&") if part.strip()]
    return out + ([pending] if pending else [])


COVERAGE_RUN = re.compile(r"^(?:(python[\d.]*(?:\s+-[A-Za-z]+)*)\s+-m\s+)?coverage3?\s+run\s+(.*)$")
COVERAGE_VALUE = {"--rcfile", "--source", "--include", "--omit", "--concurrency", "--context", "--data-file",
                  "--debug"}


def unwrap_coverage(cmd: str) -> str:
    """`coverage run [options] -m pytest ARGS` as `python -m pytest ARGS` (and `coverage run
    [options] script.py` as `python script.py`): the runner is what the baseline needs; a coverage
    wrapper's rc files and data paths (`--rcfile ../.tox-coveragerc`) need not exist here."""
    parts = []
    for part in re.split(r"(\s*&&\s*|\s*;\s*)", cmd):
        m = COVERAGE_RUN.match(part.strip())
        if not m:
            parts.append(part)
            continue
        python = m.group(1) or "python"                  # `python -OO -m coverage run` keeps its -OO
        words = re.findall(r"""(?:[^\s'"]+|'[^']*'|"[^"]*")+""", m.group(2))
        i = 0
        while i < len(words) and words[i].startswith("-") and words[i] != "-m":
            i += 2 if words[i] in COVERAGE_VALUE else 1
        if i < len(words) and words[i] == "-m":
            parts.append(" ".join([python, "-m"] + words[i + 1:]))
        elif i < len(words):
            parts.append(" ".join([python] + words[i:]))
        else:
            parts.append(part)
    return "".join(parts)


def editable(cmd: str) -> str:
    """`pip install .` / `.[test]` as an editable install: the tests must see the patched tree,
    not a copy in site-packages."""
    if not INSTALL.search(cmd):
        return cmd
    cmd = re.sub(r"(\s)--editable(?:=|\s+)", r"\1-e ", cmd)
    cmd = re.sub(r"^(uv\s+pip\s+install)\s+--system\b", r"\1", cmd)     # the sandbox's venv, not the system Python
    cmd = re.sub(r"^python([\d.]*)\s+-[A-Za-z]*m\s+pip\b", r"python\1 -m pip", cmd)   # `python -Im pip`: plain
    cmd = re.sub(r"""(['"])(\.(?:\[[\w,.-]+\])?)\1""", r"\2", cmd)       # '.[dev]' -> .[dev]
    return re.sub(r"(?<![-\w'\"])(?<!-e )(\.(?:\[[\w,.-]+\])?)(?=\s|$)", r"-e \1", cmd)


def apt_packages(cmd: str) -> list[str]:
    m = APT_INSTALL.match(cmd)
    if not m:
        return []
    try:
        words = shlex.split(m.group(1))
    except ValueError:
        return []
    return [w for w in words if not w.startswith("-")]


def sort_lines(lines: list[str]) -> dict:
    """{install: [...], test_cmd: str, system_packages: [...], skipped: [...]} of recipe lines."""
    install, tests, system, skipped = [], [], [], []
    for line in lines:
        if "${{" in line and TEST.search(line) and re.match(r"^(?:\S*python[\d.]*\s+-\w*m\s+|uvx\s|pipx\s)?.*\b(?:tox|nox)\b", line):
            line = CI_EXPR_ARG.sub(_ci_expr, line)
        launched = LAUNCHER.match(line)
        if launched and TEST.search(launched.group(1)):   # `poetry run pytest -q`: the venv is prepared
            line = launched.group(1)
        if SYSTEM.match(line):
            system += apt_packages(line)
        elif UNUSABLE.search(line):
            skipped.append(line)
        elif INSTALL.search(line):
            if not UPGRADE_TOOLS.search(line):
                install.append(editable(line))
        elif TEST.search(line):
            tests.append(line)
    return {"install": install, "test_cmd": unwrap_coverage(tests[0]) if tests else None, "tests": tests,
            "system_packages": system, "skipped": skipped}


SELF = re.compile(r"^(?:python[\d.]*\s+-m\s+)?pip3?\s+install\s+-e\s+\.(?:\[([\w,.-]+)\])?$")
RUNNERS = re.compile(r"^(?:tox|nox|tox-[\w-]+|virtualenv|build|twine)$", re.I)


def _key(cmd: str) -> tuple[str, ...]:
    """A command as its words (quotes and a leading `python -m` aside): the same install spelt twice."""
    try:
        words = shlex.split(cmd)
    except ValueError:
        words = cmd.split()
    if len(words) > 2 and re.fullmatch(r"python[\d.]*", words[0]) and words[1] == "-m":
        words = words[2:]
    return tuple(words)


def union(*lists: list[str]) -> list[str]:
    """Install commands of several sources as one list: one editable install of the project
    (extras merged, where it first appears), each other command once, and the runners a recipe
    installs for itself (`pip install tox`) left out: their commands run directly."""
    out: list[str] = []
    extras: list[str] = []
    at = None
    for cmd in (c.strip() for lst in lists for c in lst):
        own = SELF.match(cmd)
        if own:
            extras += [e for e in (own.group(1) or "").split(",") if e and e not in extras]
            if at is None:
                at = len(out)
                out.append(cmd)
            continue
        if INSTALL.search(cmd):
            try:
                words = shlex.split(cmd)
            except ValueError:
                words = cmd.split()
            i = next((n for n, w in enumerate(words) if w == "install"), None)
            if i is not None:
                kept = [w for w in words[i + 1:] if w.startswith("-") or not RUNNERS.match(w.strip("'\""))]
                if not [w for w in kept if not w.startswith("-")]:
                    continue                             # `pip install tox` only: nothing for the tests
                if len(kept) != len(words) - i - 1:
                    cmd = shlex.join(words[:i + 1] + kept)
                    if UPGRADE_TOOLS.search(cmd):
                        continue                         # `--upgrade wheel tox` without tox: tools only
        if _key(cmd) not in {_key(c) for c in out}:
            out.append(cmd)
    if at is not None:
        out[at] = "pip install -e ." + (f"[{','.join(extras)}]" if extras else "")
    return out
