"""Recipes a repository already has: CI workflows, tox, nox, a devcontainer, Makefile targets.
Each reader returns a `Finding` (or None); their commands run only inside the sandbox."""
from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from agent.python.environment.commands import RUNS_TESTS, logical_lines, sort_lines, unwrap_coverage
from agent.python.environment.model import Finding, read
from agent.python.environment.versions import pick_version
from agent.python.environment import makefile as mk, noxfile, toxini

PY_IN_IMAGE = re.compile(r"python:(?:\d+-)?(3\.\d{1,2})")


def _put_lines(found: Finding, lines: list[str], repo: Path | None = None, python: str | None = None) -> None:
    sorted_ = sort_lines(lines)
    for key in ("install", "system_packages"):
        if sorted_[key]:
            found.values[key] = sorted_[key]
    if sorted_["test_cmd"]:
        found.values["test_cmd"] = sorted_["test_cmd"]
        # the first line that runs the tests (a job may run `tox -e mypy` before `tox -e tests`)
        for line in sorted_["tests"] if repo is not None else []:
            if runs_tests(repo, line, python):
                found.values["test_cmd"] = unwrap_coverage(line)
                break
    if sorted_["skipped"]:
        found.notes.append(f"{found.origin}: not run here: " + "; ".join(f"`{s}`" for s in sorted_["skipped"][:5]))


def _matrix_values(job: dict, key: str) -> list[str]:
    matrix = ((job.get("strategy") or {}).get("matrix") or {})
    values = matrix.get(key) if isinstance(matrix, dict) else None
    return [str(v) for v in values] if isinstance(values, list) else []


def _setup_python_version(job: dict, repo: Path) -> str | None:
    for step in job.get("steps") or []:
        if not isinstance(step, dict) or "setup-python" not in str(step.get("uses", "")):
            continue
        with_ = step.get("with") or {}
        raw = with_.get("python-version")
        if raw is None and with_.get("python-version-file"):
            raw = read(repo, str(with_["python-version-file"]))
        if raw is None:
            continue
        if isinstance(raw, float):
            raw = f"{raw:.2f}".rstrip("0") if raw != 3.1 else "3.10"
        text = str(raw)
        m = re.fullmatch(r"\$\{\{\s*matrix\.([\w-]+)\s*\}\}", text.strip())
        candidates = _matrix_values(job, m.group(1)) if m else re.findall(r"3\.\d{1,2}", text)
        version = pick_version([c for c in candidates if re.match(r"3\.\d", c)])
        if version:
            return version
    return None


def _job_lines(job: dict, matrix_python: str | None, repo: Path | None = None) -> list[str]:
    """The job's `run:` commands; a `make TARGET` as that target's lines (`make_lines`)."""
    lines: list[str] = []
    for step in job.get("steps") or []:
        if isinstance(step, dict) and isinstance(step.get("run"), str):
            run = step["run"]
            if matrix_python:
                run = re.sub(r"\$\{\{\s*matrix\.python(?:-version)?\s*\}\}", matrix_python, run)
            for line in logical_lines(run):
                made = make_lines(repo, line) if repo is not None else None
                lines += [line] if made is None else made
    return lines


def runs_tests(repo: Path, cmd: str, python: str | None = None) -> bool:
    """Whether a recipe's test command runs the test suite: a `tox -e docs`, `nox -s lint` or a tox
    environment whose commands build docs does not."""
    ran = toxini.recipe_env(cmd)
    if ran is None:
        return True
    tool, wanted = ran
    # `tox -e isort,flake8` (a lint job listed before the tests): every environment named is not a test one
    if wanted and all(toxini.NOT_TEST_ENVS.match(w) or toxini.NOT_TEST_ENVS.match(re.split(r"[-_(]", w)[0])
                      for w in wanted.split(",") if w.strip()):
        return False
    found = tox(repo, python, wanted) if tool == "tox" else nox(repo, wanted)
    cmd = found.values.get("test_cmd") if found else None
    return bool(cmd and RUNS_TESTS.search(cmd)) if found is not None or tool == "nox" else True


def workflows(repo: Path) -> Finding | None:
    """The first job of `.github/workflows/*.yml` that runs tests (or sets up Python)."""
    folder = repo / ".github" / "workflows"
    files = sorted(folder.glob("*.y*ml")) if folder.is_dir() else []
    files.sort(key=lambda p: p.name != "copilot-setup-steps.yml")
    first, passed_over = None, []
    for path in files:
        try:
            data = yaml.safe_load(read(repo, str(path.relative_to(repo))) or "")
        except yaml.YAMLError:
            continue
        jobs = data.get("jobs") if isinstance(data, dict) else None
        for job_name, job in (jobs or {}).items() if isinstance(jobs, dict) else []:
            if not isinstance(job, dict):
                continue
            version = _setup_python_version(job, repo)
            found = Finding(str(path.relative_to(repo)), "borrowed from")
            _put_lines(found, _job_lines(job, version, repo), repo, version)
            if version:
                found.values["python"] = version
            cmd = found.values.get("test_cmd")
            if cmd and not runs_tests(repo, cmd, version):
                # a docs/lint job (`tox -e docset`): not the tests; its Python at most
                passed_over.append(f"`{cmd}` ({found.origin}, job {job_name})")
                found = Finding(found.origin, "borrowed from", {"python": version} if version else {})
            if not ({"test_cmd", "python"} & found.values.keys()):
                continue
            if "test_cmd" in found.values:
                env = {**(data.get("env") or {}), **(job.get("env") or {})}
                env = {str(k): str(v) for k, v in env.items() if "${{" not in str(v)}
                if env:
                    found.values["env"] = env
                services = job.get("services")
                if isinstance(services, dict) and services:
                    found.values["services"] = sorted(services)
                first = found
                break
            first = first or found
        if first is not None and "test_cmd" in first.values:
            break
    if first is not None and passed_over:
        first.notes.append("CI jobs that do not run the tests passed over: " + "; ".join(passed_over[:3]))
    return first


def tox(repo: Path, python: str | None = None, wanted: str | None = None) -> Finding | None:
    """tox.ini's test environment for ``python`` (else the envlist's version nearest the default):
    its deps, extras and commands, factor conditions filtered (`agent.python.environment.toxini`)."""
    text = read(repo, "tox.ini")
    parsed = toxini.parse(text, repo) if text is not None else None
    if parsed is None:
        return None
    found = Finding("tox.ini", "borrowed from")
    version = pick_version([f"3.{m}" for e in parsed.envs for m in re.findall(r"(?:^|-)py3(\d{1,2})(?:-|$)", e)])
    if version and python is None:
        found.values["python"] = version
    name = parsed.choose(python or version, wanted)
    env = parsed.env(name, python or version)
    found.values["install"] = env.install()
    if env.test_cmd():
        found.values["test_cmd"] = env.test_cmd()
    if env.setenv:
        found.values["env"] = env.setenv
    found.notes.append(f"tox.ini: environment `{name}`" + (f" (changedir {env.changedir})" if env.changedir else "")
                       + (f"; not run: {'; '.join(f'`{c}`' for c in env.dropped[:3])}" if env.dropped else "")
                       + "".join(f"; {s}" for s in env.said))
    return found if found.values.get("test_cmd") or env.deps else None


def _quote(dep: str) -> str:
    return dep if dep.startswith("-") or re.fullmatch(r"[\w@%+=:,./-]+", dep) else "'" + dep.replace("'", "") + "'"


def nox(repo: Path, wanted: str | None = None) -> Finding | None:
    """noxfile.py's session ``wanted`` (a `nox -s tests`), else its first session that runs tests
    (not docs/lint): the arguments of its `session.install(...)` and `session.run(...)` calls,
    read with `ast` (`agent.python.environment.noxfile`), its `python=` versions."""
    text = read(repo, "noxfile.py")
    found_all = noxfile.sessions(text) if text is not None else None
    if not found_all:
        return None
    session = noxfile.choose(found_all, wanted, toxini.NOT_TEST_ENVS)
    if session is None:
        return None
    found = Finding("noxfile.py", "borrowed from")
    installs = []
    for args in session.installs:
        line = "pip install " + " ".join(_quote(a) for a in args)
        sorted_ = sort_lines([line])["install"]
        installs += sorted_ or [line]
    if installs:
        found.values["install"] = installs
    cmd = session.test_cmd()
    if cmd:
        found.values["test_cmd"] = cmd
    if session.python():
        found.values["python"] = session.python()
    found.notes.append(f"noxfile.py: session `{session.name}`" +
                       (f"; {session.skipped} call{'s' * (session.skipped > 1)} not read (arguments computed at run time)"
                        if session.skipped else ""))
    return found if found.values else None


def _jsonc(text: str) -> dict | None:
    text = re.sub(r"^\s*//.*$", "", text, flags=re.M)
    text = re.sub(r",(\s*[}\]])", r"\1", text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None


def devcontainer(repo: Path) -> Finding | None:
    path = next((p for p in (repo / ".devcontainer" / "devcontainer.json", repo / ".devcontainer.json")
                 if p.is_file()), None)
    data = _jsonc(read(repo, str(path.relative_to(repo))) or "") if path else None
    if data is None:
        return None
    found = Finding(str(path.relative_to(repo)), "borrowed from")
    m = PY_IN_IMAGE.search(str(data.get("image", "")))
    feature = next((v for k, v in (data.get("features") or {}).items() if "features/python" in k), None)
    if isinstance(feature, dict) and re.fullmatch(r"3\.\d{1,2}", str(feature.get("version", ""))):
        found.values["python"] = str(feature["version"])
    elif m:
        found.values["python"] = m.group(1)
    lines: list[str] = []
    for key in ("onCreateCommand", "updateContentCommand", "postCreateCommand"):
        cmd = data.get(key)
        cmds = cmd if isinstance(cmd, list) and all(isinstance(c, str) for c in cmd) and cmd and " " in cmd[0] else \
            [" ".join(cmd)] if isinstance(cmd, list) else list(cmd.values()) if isinstance(cmd, dict) else [cmd]
        for c in cmds:
            if isinstance(c, str):
                lines += logical_lines(c)
            elif isinstance(c, list):
                lines.append(" ".join(map(str, c)))
    _put_lines(found, lines)
    env = {**(data.get("containerEnv") or {}), **(data.get("remoteEnv") or {})}
    env = {str(k): str(v) for k, v in env.items() if "${" not in str(v)}
    if env:
        found.values["env"] = env
    return found if found.values else None


def makefile(repo: Path) -> Finding | None:
    """The Makefile's `test` (or `tests`, `check`, ...) target when its lines run a test suite: those
    lines as the test command (make itself may be missing, and a target's venv prerequisite would
    install online), its `pip install` lines as the install (`agent.python.environment.makefile`)."""
    text = read(repo, "Makefile")
    t = mk.test_target(mk.parse(text)) if text is not None else None
    if t is None:
        return None
    old = [path for path in t.scripts() if not _parses(read(repo, path))]
    if old:                                          # a Python 2 `testall.py`: not for this sandbox
        return Finding("Makefile", "from", notes=[f"Makefile: target `{t.name}` not used: "
                                                  f"{', '.join(old)} is not Python 3 code"])
    found = Finding("Makefile", "borrowed from", {"test_cmd": t.test_cmd()})
    if t.install:
        found.values["install"] = t.install
    found.notes.append(f"Makefile: target `{t.name}` runs as its lines" +
                       (f"; not run: {'; '.join(f'`{c}`' for c in t.dropped[:3])}" if t.dropped else ""))
    return found


def _parses(text: str | None) -> bool:
    """Whether a script the recipe runs is Python 3 code (a missing script is not judged here)."""
    import ast
    if text is None:
        return True
    try:
        ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def make_lines(repo: Path, line: str) -> list[str] | None:
    """A recipe's `make TARGET` as the target's lines (its installs, then its test commands joined),
    None when the Makefile has no such target; [] when the target runs no tests."""
    m = re.match(r"^make\s+(?:-\S+\s+)*([\w.-]+)\s*$", line.strip())
    text = read(repo, "Makefile") if m else None
    t = mk.target(mk.parse(text), m.group(1)) if text is not None else None
    if t is None:
        return None
    return t.install + ([t.test_cmd()] if t.tests else [])


READERS = (devcontainer, workflows, tox, nox, makefile)
