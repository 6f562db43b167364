"""Recipes a repository already has: CI workflows, tox, nox, a devcontainer, Makefile targets.
Each reader returns a `Finding` (or None); their commands run only inside the sandbox."""
from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from agent.python.environment.commands import logical_lines, sort_lines
from agent.python.environment.model import Finding, read
from agent.python.environment.versions import pick_version
from agent.python.environment import toxini

PY_IN_IMAGE = re.compile(r"python:(?:\d+-)?(3\.\d{1,2})")


def _put_lines(found: Finding, lines: list[str]) -> None:
    sorted_ = sort_lines(lines)
    for key in ("install", "system_packages"):
        if sorted_[key]:
            found.values[key] = sorted_[key]
    if sorted_["test_cmd"]:
        found.values["test_cmd"] = sorted_["test_cmd"]
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


def _job_lines(job: dict, matrix_python: str | None) -> list[str]:
    lines: list[str] = []
    for step in job.get("steps") or []:
        if isinstance(step, dict) and isinstance(step.get("run"), str):
            run = step["run"]
            if matrix_python:
                run = re.sub(r"\$\{\{\s*matrix\.python(?:-version)?\s*\}\}", matrix_python, run)
            lines += logical_lines(run)
    return lines


def workflows(repo: Path) -> Finding | None:
    """The first job of `.github/workflows/*.yml` that runs tests (or sets up Python)."""
    folder = repo / ".github" / "workflows"
    files = sorted(folder.glob("*.y*ml")) if folder.is_dir() else []
    files.sort(key=lambda p: p.name != "copilot-setup-steps.yml")
    for path in files:
        try:
            data = yaml.safe_load(read(repo, str(path.relative_to(repo))) or "")
        except yaml.YAMLError:
            continue
        jobs = data.get("jobs") if isinstance(data, dict) else None
        for job in (jobs or {}).values() if isinstance(jobs, dict) else []:
            if not isinstance(job, dict):
                continue
            version = _setup_python_version(job, repo)
            found = Finding(str(path.relative_to(repo)), "borrowed from")
            _put_lines(found, _job_lines(job, version))
            if version:
                found.values["python"] = version
            if not ({"test_cmd", "python"} & found.values.keys()):
                continue
            env = {**(data.get("env") or {}), **(job.get("env") or {})}
            env = {str(k): str(v) for k, v in env.items() if "${{" not in str(v)}
            if env:
                found.values["env"] = env
            services = job.get("services")
            if isinstance(services, dict) and services:
                found.values["services"] = sorted(services)
            return found
    return None


def tox(repo: Path, python: str | None = None, wanted: str | None = None) -> Finding | None:
    """tox.ini's test environment for ``python`` (else the envlist's version nearest the default):
    its deps, extras and commands, factor conditions filtered (`agent.python.environment.toxini`)."""
    text = read(repo, "tox.ini")
    parsed = toxini.parse(text) if text is not None else None
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
                       + (f"; not run: {'; '.join(f'`{c}`' for c in env.dropped[:3])}" if env.dropped else ""))
    return found if found.values.get("test_cmd") or env.deps else None


def _quote(dep: str) -> str:
    return dep if dep.startswith("-") else "'" + dep.replace("'", "") + "'"


NOX_INSTALL = re.compile(r"session\.install\(([^)]*)\)")
NOX_RUN = re.compile(r"session\.run\(([^)]*)\)")


def _nox_session(text: str, wanted: str | None) -> str:
    """The source of one session function (``wanted``, else the first whose `session.run` runs
    tests), read with `ast` (never executed); the whole file when it does not parse."""
    import ast
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return text
    sessions = [n for n in tree.body if isinstance(n, ast.FunctionDef) and any(
        "session" in ast.unparse(d) for d in n.decorator_list)]
    for fn in sessions:
        if fn.name == wanted or wanted and re.match(rf"{re.escape(fn.name)}(?:-|$)", wanted):
            return ast.get_source_segment(text, fn) or text
    for fn in sessions:
        body = ast.get_source_segment(text, fn) or ""
        if any(sort_lines([" ".join(re.findall(r"['\"]([^'\"]+)['\"]", m.group(1)))])["test_cmd"]
               for m in NOX_RUN.finditer(body)):
            return body
    return text


def nox(repo: Path, wanted: str | None = None) -> Finding | None:
    """Simple noxfiles: the string arguments of `session.install(...)` and `session.run(...)` of the
    session ``wanted`` (a `nox -s tests`), else of the first session that runs tests."""
    whole = read(repo, "noxfile.py")
    if whole is None:
        return None
    text = _nox_session(whole, wanted)
    found = Finding("noxfile.py", "borrowed from")
    installs = []
    for m in NOX_INSTALL.finditer(text):
        args = re.findall(r"['\"]([^'\"]+)['\"]", m.group(1))
        if args:
            installs.append("pip install " + " ".join(_quote(a) for a in args))
    if installs:
        found.values["install"] = [sort_lines([i])["install"][0] if sort_lines([i])["install"] else i for i in installs]
    for m in NOX_RUN.finditer(text):
        args = re.findall(r"['\"]([^'\"]+)['\"]", m.group(1))
        if args and sort_lines([" ".join(args)])["test_cmd"]:
            found.values["test_cmd"] = " ".join(args)
            break
    versions = re.search(r"python\s*=\s*\[?([^\]\n)]*)", whole)
    version = pick_version(re.findall(r"3\.\d{1,2}", versions.group(1))) if versions else None
    if version:
        found.values["python"] = version
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
    """`make test` (or `make check`) when the Makefile has that target and it runs Python tests."""
    text = read(repo, "Makefile")
    if text is None:
        return None
    for target in ("test", "check", "tests"):
        m = re.search(rf"^{target}\s*:[^\n]*\n((?:\t[^\n]*\n?)*)", text, re.M)
        if m and re.search(r"pytest|unittest|tox|nose", m.group(1)):
            return Finding("Makefile", "borrowed from", {"test_cmd": f"make {target}"})
    return None


READERS = (devcontainer, workflows, tox, nox, makefile)
