"""Detection when no recipe says: the Python version, the dependencies, the test command."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from agent.python.environment.locks import dev_requirements
from agent.python.environment.model import Finding, read
from agent.python.environment.versions import pick_version, satisfying

TEST_EXTRAS = ("test", "tests", "testing", "dev")
INTERPRETER = re.compile(r"[/\\]python(3\.\d{1,2})[/\\]")
SKIP_REQS = re.compile(r"doc|lint|typing|mypy|release|publish", re.I)


def _text(path: Path) -> str:
    return read(path.parent, path.name) or ""


def _pyproject(repo: Path) -> dict:
    try:
        return tomllib.loads(_text(repo / "pyproject.toml"))
    except tomllib.TOMLDecodeError:
        return {}


def python_version(repo: Path, report_text: str = "") -> Finding | None:
    pinned = re.match(r"\s*(?:python-|cpython-)?(3\.\d{1,2})", _text(repo / ".python-version"))
    if pinned:
        return Finding(".python-version", values={"python": pinned.group(1)})
    seen = pick_version(INTERPRETER.findall(report_text))
    if seen:
        return Finding("the interpreter paths in the report", values={"python": seen})
    spec = (_pyproject(repo).get("project") or {}).get("requires-python")
    setup = _text(repo / "setup.py") + _text(repo / "setup.cfg")
    if not spec:
        m = re.search(r"python_requires\s*=\s*['\"]?([^'\"\n]+)", setup)
        spec = m.group(1) if m else None
    if spec and satisfying(spec):
        return Finding(f"requires-python {spec.strip()}", values={"python": satisfying(spec)})
    classifiers = re.findall(r"Programming Language :: Python :: (3\.\d{1,2})", setup + _text(repo / "pyproject.toml"))
    version = pick_version(classifiers)
    if version:
        return Finding("the classifiers", values={"python": version})
    return None


# CPython releases: a tree that names no Python was tested on the newest one of its day (pyflakes 1.6,
# of 2017, reads Python 3.11's AST wrong in 418 of its tests)
RELEASED = {"3.6": "2016-12-23", "3.7": "2018-06-27", "3.8": "2019-10-14", "3.9": "2020-10-05", "3.10": "2021-10-04",
            "3.11": "2022-10-24", "3.12": "2023-10-02", "3.13": "2024-10-07", "3.14": "2025-10-07"}


def era_python(as_of: str | None) -> Finding | None:
    """The newest Python released before the commit's date, when that is older than the default one;
    the last source for the Python (the tree, the report and its recipes name none)."""
    from sandbox.pythons import DEFAULT_PYTHON
    from agent.python.environment.versions import minor
    if not as_of:
        return None
    before = [v for v, day in RELEASED.items() if day <= as_of[:10]]
    if not before or minor(before[-1]) >= minor(DEFAULT_PYTHON):
        return None
    return Finding(f"the newest release before the commit's date {as_of[:10]} (nothing in the tree names one)",
                   values={"python": before[-1]})


def _extras(repo: Path) -> list[str]:
    data = _pyproject(repo)
    declared = set((data.get("project") or {}).get("optional-dependencies") or {})
    declared |= set(((data.get("tool") or {}).get("poetry") or {}).get("extras") or {})
    setup = _text(repo / "setup.py") + _text(repo / "setup.cfg")
    declared |= set(re.findall(r"['\"]?(\w+)['\"]?\s*[:=]\s*\[", _block(setup, "extras_require")))
    declared |= set(re.findall(r"^\s*(\w+)\s*=", _cfg_section(setup, "options.extras_require"), re.M))
    return [e for e in TEST_EXTRAS if e in declared]


def _block(text: str, name: str) -> str:
    m = re.search(rf"{name}\s*=\s*\{{", text)
    if not m:
        return ""
    depth, i = 1, m.end()
    while i < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return text[m.end():i]


def _cfg_section(text: str, name: str) -> str:
    m = re.search(rf"^\[{re.escape(name)}\]\n((?:(?!\[).*\n?)*)", text, re.M)
    return m.group(1) if m else ""


def tests_require(repo: Path) -> list[str]:
    setup = _text(repo / "setup.py")
    m = re.search(r"tests_require\s*=\s*\[([^\]]*)\]", setup)
    # each string by its own quote: `'pytest==5.4.3;python_version<="3.5"'` (dictdiffer 0.9.0) is one requirement
    listed = [a or b for a, b in re.findall(r"'([^'\n]+)'|\"([^\"\n]+)\"", m.group(1))] if m else []
    cfg = re.search(r"^tests_require\s*=\s*((?:\n?[ \t]+.*|.*)(?:\n[ \t]+.*)*)", _text(repo / "setup.cfg"), re.M)
    if cfg:
        listed += [w.strip() for w in re.split(r"[\n;]", cfg.group(1)) if w.strip()]
    return listed


def dependencies(repo: Path) -> Finding | None:
    found = Finding("the repository's packaging files", role="packaging")
    install, where = [], []
    if (repo / "pyproject.toml").exists() or (repo / "setup.py").exists() or (repo / "setup.cfg").exists():
        extras = _extras(repo)
        install.append("pip install -e ." + (f"[{','.join(extras)}]" if extras else ""))
        where.append("setup.py/pyproject" + (f" extras {', '.join(extras)}" if extras else ""))
    reqs = sorted(p for p in repo.glob("requirements*.txt") if not SKIP_REQS.search(p.name))
    reqs += sorted(p for p in repo.glob("requirements/*.txt") if not SKIP_REQS.search(p.name))
    install += [f"pip install -r {p.relative_to(repo)}" for p in reqs]
    where += [str(p.relative_to(repo)) for p in reqs]
    dev = dev_requirements(repo)
    if dev:
        install.append("pip install " + " ".join("'" + r.replace("'", '"') + "'" for r in dev))
        where.append("the development dependencies of pyproject.toml")
    extra = tests_require(repo)
    if extra:
        install.append("pip install " + " ".join("'" + r.replace("'", '"') + "'" for r in extra))
        where.append("tests_require")
    if not install:
        return None
    found.origin = ", ".join(where)
    found.values["install"] = install
    return found


def test_command(repo: Path, files: list[str]) -> Finding:
    configured = [name for name, marker in (("pytest.ini", ""), ("pyproject.toml", "[tool.pytest"),
                                            ("setup.cfg", "[tool:pytest]"), ("tox.ini", "[pytest]"))
                  if (repo / name).exists() and marker in _text(repo / name)]
    if configured:
        return Finding(f"the pytest configuration in {configured[0]}", values={"test_cmd": "python -m pytest -q"})
    tests = [f for f in files if re.search(r"(^|/)(test_[^/]*|[^/]*_test)\.py$", f)]
    if tests:
        return Finding(f"{len(tests)} test file(s) such as {tests[0]}", values={"test_cmd": "python -m pytest -q"})
    missed = missed_suite(files)
    if missed:
        folders, globs, modules = missed
        return Finding(f"{len(modules)} test module(s) in {', '.join(folders)} such as {modules[0]}, which neither "
                       "`unittest discover` nor pytest's default pattern collects",
                       values={"test_cmd": f"python -m pytest -q -o 'python_files={' '.join(globs)}' {' '.join(folders)}"})
    inside = package_suite(repo, files)
    if inside:
        return Finding(f"the test module(s) {', '.join(inside)} inside the package, which neither "
                       "`unittest discover` nor pytest's default pattern collects",
                       values={"test_cmd": "python -m pytest -q " + " ".join(inside)})
    return Finding("no test file found", values={"test_cmd": "python -m unittest discover"})


# a package's own `tests.py`/`test.py` (webencodings): a suite when it holds a test that takes no
# argument or a TestCase; Jinja2's `jinja2/tests.py` holds template tests `def test_odd(value)`
_SUITE_LINE = re.compile(r"^(?:def test\w*\(\s*\)|class Test\w*\b|class \w+\([\w.]*TestCase\))", re.M)


def package_suite(repo: Path, files: list[str]) -> list[str]:
    found = []
    for f in sorted(files):
        if f.rsplit("/", 1)[-1] in ("tests.py", "test.py") and "/" in f and not TEST_FOLDER.match(f):
            if _SUITE_LINE.search(_text(repo / f)):
                found.append(f)
    return found


# test module names that unittest's `test*.py` and pytest's `test_*.py`/`*_test.py` miss
MISSED_GLOBS = ("test*.py", "Test*.py", "*_tests.py", "*Tests.py", "*Test.py", "tests.py")
TEST_FOLDER = re.compile(r"^(?:(?:src|lib)/)?(?:[\w.-]+/)?(tests?|testing|unittests?)/")


def missed_suite(files: list[str]) -> tuple[list[str], list[str], list[str]] | None:
    """(folders, globs, modules) of a suite that the default patterns miss: modules of a `test`/`tests`
    folder named `api_tests.py`, `TestDelta.py`, `test.py` (nose and hand-written runners collected
    them; pytest collects their TestCase classes and `test_` functions once told the file names)."""
    from fnmatch import fnmatchcase
    modules, folders, globs = [], [], []
    for f in sorted(files):
        m = TEST_FOLDER.match(f)
        name = f.rsplit("/", 1)[-1]
        if not m or not f.endswith(".py") or name in ("__init__.py", "conftest.py", "setup.py"):
            continue
        matched = [g for g in MISSED_GLOBS if fnmatchcase(name, g)]
        if not matched:
            continue
        modules.append(f)
        folders += [m.group(0).rstrip("/")] if m.group(0).rstrip("/") not in folders else []
        globs += [g for g in matched[:1] if g not in globs]
    return (folders, globs, modules) if modules else None
