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
    listed = re.findall(r"['\"]([^'\"]+)['\"]", m.group(1)) if m else []
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
        install.append("pip install " + " ".join("'" + r.replace("'", "") + "'" for r in dev))
        where.append("the development dependencies of pyproject.toml")
    extra = tests_require(repo)
    if extra:
        install.append("pip install " + " ".join("'" + r.replace("'", "") + "'" for r in extra))
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
    return Finding("no test file found", values={"test_cmd": "python -m unittest discover"})
