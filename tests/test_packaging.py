"""`pip install crashfix` (a wheel built from the checkout) holds everything the code reads at run time
(issue 27): every module, every data file of the packages (prompts, templates, the dashboard's static
files), the files beside them it opens (deploy/app-manifest.json, deploy/sandbox/*.Dockerfile), and a
requirement for every third-party module it imports. The slow test installs the wheel in a fresh venv
outside the checkout and runs `crashfix --help` and `crashfix doctor` there."""
from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("agent", "bot", "sandbox")
# imported, but needed by no `pip install crashfix` run: psycopg is the `postgres` extra (bot/db.py
# imports it only for a postgresql:// URL); pytest runs inside the sandbox (agent/judge/watchdog_plugin.py)
OPTIONAL = {"psycopg": "postgres", "pytest": None}


def _tracked(*paths: str) -> list[str]:
    out = subprocess.run(["git", "ls-files", "--", *paths], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.split()


def runtime_files() -> list[str]:
    """Every file of the packages, and the files outside them the code opens by path."""
    from bot.cli.app_create import MANIFEST
    from sandbox.docker.images import DEPLOY_DIR
    beside = [str(MANIFEST.relative_to(ROOT))] + [str(p.relative_to(ROOT)) for p in DEPLOY_DIR.glob("*.Dockerfile")]
    assert beside[1:], f"no Dockerfile in {DEPLOY_DIR}"
    return _tracked(*PACKAGES) + beside


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from the files git tracks (a copy: building in the checkout would leave build/ there)."""
    src = tmp_path_factory.mktemp("src")
    for name in _tracked("pyproject.toml", "README.md", *PACKAGES, "deploy", "examples"):
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                           "-w", str(out), str(src)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return next(out.glob("crashfix-*.whl"))


def test_the_wheel_holds_every_runtime_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = runtime_files()
    missing = [f for f in wanted if f not in names]
    assert not missing, f"not in the wheel: {missing}"
    assert any(n.startswith("agent/research/prompts/") for n in wanted)          # the list is not empty by mistake
    entry = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert re.search(r"^crashfix = bot\.cli\.main:main$", entry, re.M), entry


def test_the_wheel_holds_the_bundled_examples(wheel):
    """`crashfix simulate --example inventory` needs no checkout: every file git tracks in examples/ is in the
    wheel, beside the packages, where bot/cli/examples.py looks."""
    from bot.cli.examples import EXAMPLES_DIR
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = [f for f in _tracked("examples") if not f.endswith(".gitignore")]
    assert EXAMPLES_DIR == ROOT / "examples"
    assert "examples/inventory/report.txt" in wanted and "examples/clib/repo/Makefile" in wanted
    missing = [f for f in wanted if f not in names]
    assert not missing, f"not in the wheel: {missing}"
    assert not [n for n in names if n.startswith("examples/") and ("__pycache__" in n or n.endswith(".pyc"))]


def _imports() -> dict[str, str]:
    """Top-level module -> the first file importing it, for every third-party import of the packages."""
    found: dict[str, str] = {}
    for name in _tracked(*PACKAGES):
        if not name.endswith(".py"):
            continue
        for node in ast.walk(ast.parse((ROOT / name).read_text(encoding="utf-8"))):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else []
            for mod in mods:
                top = mod.split(".")[0]
                if top not in PACKAGES and top not in sys.stdlib_module_names:
                    found.setdefault(top, name)
    return found


def _requires(wheel: Path) -> tuple[set[str], set[str]]:
    """(required distributions, all distributions incl. extras), normalised names, from the wheel's METADATA."""
    meta = zipfile.ZipFile(wheel).read("crashfix-0.1.0.dist-info/METADATA").decode()
    norm = lambda n: re.sub(r"[-_.]+", "-", n).lower()
    required, every = set(), set()
    for line in re.findall(r"^Requires-Dist: (.+)$", meta, re.M):
        name = norm(re.match(r"[A-Za-z0-9._-]+", line).group())
        every.add(name)
        if "extra ==" not in line:
            required.add(name)
    return required, every


def _dependencies_of(names: set[str]) -> set[str]:
    """``names`` and everything they require as installed here (extras asked for, like pyjwt[crypto], followed)."""
    from packaging.requirements import Requirement
    norm = lambda n: re.sub(r"[-_.]+", "-", n).lower()
    seen: set[tuple[str, str]] = set()
    todo = [(name, "") for name in names]
    while todo:
        name, extra = todo.pop()
        if (name, extra) in seen:
            continue
        seen.add((name, extra))
        try:
            reqs = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for text in reqs:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": extra}):
                todo += [(norm(req.name), "")] + [(norm(req.name), x) for x in req.extras]
    return {name for name, _ in seen}


def test_every_third_party_import_is_a_requirement(wheel):
    """What `pip install crashfix` installs (the requirements and theirs) provides every module imported."""
    norm = lambda n: re.sub(r"[-_.]+", "-", n).lower()
    required, every = _requires(wheel)
    installed = _dependencies_of(required)
    providers = importlib.metadata.packages_distributions()
    missing = []
    for module, where in sorted(_imports().items()):
        dists = {norm(d) for d in providers.get(module, [])}
        if module in OPTIONAL:
            extra = OPTIONAL[module]
            assert extra is None or module in every, f"{module} ({where}) is not in the {extra} extra"
            continue
        if not dists & installed:
            missing.append(f"{module} (imported by {where}; provided by {sorted(dists) or 'nothing installed'})")
    assert not missing, "imported, but `pip install crashfix` does not install it: " + "; ".join(missing)


@pytest.mark.slow
def test_the_wheel_installs_in_a_fresh_venv_and_runs(wheel, tmp_path):
    """Outside the checkout, with only the wheel and its requirements: --help and doctor answer."""
    # no PYTHONPATH: a checkout on it (with its crashfix.egg-info) would count as crashfix installed already
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120, env=env)
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", str(wheel)], capture_output=True, text=True,
                         timeout=600, env=env, cwd=tmp_path)
    assert pip.returncode == 0, pip.stderr[-3000:]
    crashfix = str(venv / "bin" / "crashfix")
    helped = subprocess.run([crashfix, "--help"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0, helped.stderr
    assert "simulate" in helped.stdout and "backlog" in helped.stdout
    where = subprocess.run([str(venv / "bin" / "python"), "-c", "import bot; print(bot.__file__)"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=60)
    assert where.stdout.startswith(str(venv)), where.stdout + where.stderr      # the installed copy, not the checkout
    example = subprocess.run([str(venv / "bin" / "python"), "-c", "from bot.cli.examples import find; "
                              "e = find('inventory'); print(e.repo); print(e.issue.read_text()[:200])"],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert example.stdout.startswith(str(venv)) and "stockroom fulfil" in example.stdout, example.stdout + example.stderr
    doctor = subprocess.run([crashfix, "doctor"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert doctor.returncode in (0, 1), doctor.stderr
    assert "Traceback" not in doctor.stdout + doctor.stderr, doctor.stderr
    assert re.search(r"^\[(ok  |FAIL)\] docker engine", doctor.stdout, re.M), doctor.stdout
    assert re.search(r"^\[(ok  |FAIL)\] git", doctor.stdout, re.M), doctor.stdout
