"""Lock files: uv.lock and poetry.lock versions become the install's constraints (the issue's
versions win), and the development dependencies pyproject.toml declares are installed."""
from __future__ import annotations

import pytest
from gitrepo import make_repo

from agent.python.environment import resolve
from agent.python.environment.apply import install_steps
from agent.python.environment.locks import dev_requirements, locked
from sandbox import open_sandbox

UV_LOCK = '''version = 1
requires-python = ">=3.9"

[[package]]
name = "tally"
version = "0.1.0"
source = { editable = "." }
dependencies = [{ name = "attrs" }]

[[package]]
name = "attrs"
version = "23.1.0"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "pytest"
version = "7.4.0"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "numpy"
version = "1.24.4"
source = { registry = "https://pypi.org/simple" }
resolution-markers = ["python_full_version < '3.10'"]

[[package]]
name = "numpy"
version = "1.26.4"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "vendored"
version = "0.1"
source = { git = "https://example.org/v.git" }
'''
POETRY_LOCK = '''[[package]]
name = "Click"
version = "7.1.2"
description = ""
optional = false
python-versions = "*"

[[package]]
name = "local-thing"
version = "0.0.1"
description = ""
optional = false
python-versions = "*"

[package.source]
type = "directory"
url = "../local-thing"
'''
PYPROJECT_POETRY = '''[tool.poetry]
name = "greeter"
version = "0.1.0"

[tool.poetry.dependencies]
python = "^3.8"
click = "^7.0"

[tool.poetry.group.dev.dependencies]
pytest = "^6.0"
mock = { version = "^4.0" }
helper = { path = "../helper" }

[tool.poetry.group.docs.dependencies]
sphinx = "*"

[build-system]
requires = ["poetry-core"]
build-backend = "poetry.core.masonry.api"
'''


def test_uv_lock_pins_registry_packages_once_and_leaves_the_project_and_forks_out(tmp_path):
    (tmp_path / "uv.lock").write_text(UV_LOCK)
    name, pins, note = locked(tmp_path, {"tally"})
    assert name == "uv.lock" and pins == {"attrs": "23.1.0", "pytest": "7.4.0"}
    assert note == "uv.lock: not pinned (locked at several versions): numpy"


def test_poetry_lock_and_its_dev_group_reach_the_environment(tmp_path):
    repo = make_repo(tmp_path / "r", {"poetry.lock": POETRY_LOCK, "pyproject.toml": PYPROJECT_POETRY,
                                  "greeter/__init__.py": "", "tests/test_g.py": "def test_g():\n    pass\n"})
    assert dev_requirements(repo) == ["pytest", "mock"]
    env = resolve(repo, report_text="I run click==8.0.0 and it breaks")
    assert env.pins == {"click": "8.0.0"}                 # the version wins over the lock's
    assert "pip install 'pytest' 'mock'" in env.install
    assert "versions locked in poetry.lock constrain the install (1 package)" in env.steps
    env = resolve(repo)
    assert env.pins == {"click": "7.1.2"}


def test_dependency_groups_and_uv_dev_dependencies(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\nversion = "1"\n[dependency-groups]\n'
                                              'test = ["pytest>=7", {include-group = "lint"}]\nlint = ["ruff"]\n'
                                              '[tool.uv]\ndev-dependencies = ["hypothesis"]\n')
    assert dev_requirements(tmp_path) == ["pytest>=7", "hypothesis"]
    (tmp_path / "pyproject.toml").write_text("not = [toml")
    assert dev_requirements(tmp_path) == []
    (tmp_path / "uv.lock").write_text("[[package]\n")
    assert locked(tmp_path, set())[2].startswith("uv.lock is not valid TOML")


@pytest.mark.docker
def test_a_uv_lock_decides_the_version_installed_in_the_sandbox(sandbox_image, docker_limits, tmp_path):
    lock = UV_LOCK.replace('version = "23.1.0"', 'version = "22.2.0"')
    repo = make_repo(tmp_path / "r", {"uv.lock": lock, "greet/__init__.py": "",
                                  "pyproject.toml": '[build-system]\nrequires = ["setuptools"]\nbuild-backend = '
                                                    '"setuptools.build_meta"\n[project]\nname = "greet"\nversion = "1"\n'
                                                    'dependencies = ["attrs"]\n'})
    env = resolve(repo)
    env.python_used = "3.11"
    with open_sandbox("docker", repo, image=sandbox_image, limits=docker_limits, pins=env.pins, as_of=env.as_of,
                      steps=install_steps(env, repo, env.test_cmd)) as box:
        out = box.run("python -c 'import attrs; print(attrs.__version__)'", timeout=60).output.strip()
    assert out == "22.2.0"
