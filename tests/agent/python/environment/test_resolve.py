"""The environment resolver on small folders: first hit wins, and every step says where it came from."""
from __future__ import annotations

import subprocess
from pathlib import Path

from agent.python.environment import resolve
from agent.python.environment.pins import commit_date, issue_pins


def tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


WORKFLOW = """
name: ci
on: [push]
jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        python-version: ["3.8", "3.9"]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: ${{ matrix.python-version }}
      - run: sudo apt-get install -y libxml2-dev
      - run: |
          python -m pip install --upgrade pip
          pip install . && pip install -r requirements-test.txt
      - run: pytest -q tests
"""


def test_a_ci_workflow_gives_python_install_and_test_command(tmp_path):
    env = resolve(tree(tmp_path, {".github/workflows/ci.yml": WORKFLOW, "setup.py": "", "tests/test_a.py": ""}))
    assert env.python == "3.9"
    assert env.install == ["pip install -e .", "pip install -r requirements-test.txt"]
    assert env.test_cmd == "pytest -q tests"
    assert env.system_packages == ["libxml2-dev"]
    assert "python 3.9 borrowed from .github/workflows/ci.yml" in env.steps
    assert any(s.startswith("test cmd `pytest -q tests` borrowed from .github/workflows/ci.yml") for s in env.steps)
    assert any("not installed" in s and "libxml2-dev" in s for s in env.steps)


def test_explicit_settings_win_and_the_command_line_wins_over_them(tmp_path):
    tree(tmp_path, {".github/workflows/ci.yml": WORKFLOW,
                    ".github/crashfix.yml": "environment:\n  python: '3.13'\n  install: [make deps]\n"})
    env = resolve(tmp_path)
    assert env.python == "3.13" and env.install == ["make deps"] and env.test_cmd == "pytest -q tests"
    assert "python 3.13 from .github/crashfix.yml" in env.steps
    env = resolve(tmp_path, {"python": "3.9", "test_cmd": "python -m pytest -x"})
    assert env.python == "3.9" and env.test_cmd == "python -m pytest -x"
    assert "python 3.9 from the command line" in env.steps
    # the bot's validated config replaces the tree's own file
    env = resolve(tmp_path, config={"python": "3.11"})
    assert env.python == "3.11" and env.install != ["make deps"]


def test_tox_ini_gives_deps_and_commands(tmp_path):
    tree(tmp_path, {"tox.ini": "[tox]\nenvlist = py38, py39\n\n[testenv]\ndeps =\n    pytest\n    mock>=2\n"
                               "commands = pytest {posargs:tests} -q\nsetenv =\n    MODE=test\n",
                    "setup.py": "from setuptools import setup\nsetup(name='x')\n"})
    env = resolve(tmp_path)
    assert env.python == "3.9"
    assert env.install == ["pip install -e .", "pip install 'pytest' 'mock>=2'"]
    assert env.test_cmd == "pytest tests -q" and env.env == {"MODE": "test"}
    assert all("borrowed from tox.ini" in s for s in env.steps[:3])


def test_devcontainer_gives_python_and_post_create_command(tmp_path):
    tree(tmp_path, {".devcontainer/devcontainer.json": """{
        // a comment
        "image": "mcr.microsoft.com/devcontainers/python:1-3.13-bookworm",
        "postCreateCommand": "pip install -e '.[dev]' && pip install nose",
        "containerEnv": {"APP_ENV": "test"},
    }""", "pyproject.toml": "[project]\nname='x'\nversion='1'\n", "tests/test_x.py": ""})
    env = resolve(tmp_path)
    assert env.python == "3.13"
    assert env.install == ["pip install -e .[dev]", "pip install nose"]
    assert env.env == {"APP_ENV": "test"}
    assert env.test_cmd == "python -m pytest -q"       # detected: the devcontainer runs no tests
    assert "python 3.13 borrowed from .devcontainer/devcontainer.json" in env.steps


def test_noxfile_and_makefile_test_targets(tmp_path):
    tree(tmp_path, {"noxfile.py": "import nox\n@nox.session(python=['3.9'])\ndef tests(session):\n"
                                  "    session.install('-e', '.[test]')\n    session.run('pytest', '-q')\n"})
    env = resolve(tmp_path)
    assert env.install == ["pip install -e .[test]"] and env.test_cmd == "pytest -q" and env.python == "3.9"
    other = tree(tmp_path / "m", {"Makefile": "all:\n\techo hi\n\ntest:\n\tpython -m pytest tests\n"})
    assert resolve(other).test_cmd == "python -m pytest tests"    # the target's lines, not `make`


def test_detection_reads_versions_extras_requirements_and_tests_require(tmp_path):
    tree(tmp_path, {"setup.py": "from setuptools import setup\nsetup(name='old', python_requires='>=3.6, <3.10',\n"
                                "  extras_require={'testing': ['pytest'], 'docs': ['sphinx']},\n"
                                "  tests_require=['nose', 'mock==3.0.5'])\n",
                    "requirements.txt": "click\n", "requirements-docs.txt": "sphinx\n",
                    "requirements/test.txt": "pytest\n", "test_old.py": ""})
    env = resolve(tmp_path)
    assert env.python == "3.9"
    assert env.install == ["pip install -e .[testing]", "pip install -r requirements.txt",
                           "pip install -r requirements/test.txt", "pip install 'nose' 'mock==3.0.5'"]
    assert env.test_cmd == "python -m pytest -q"
    assert "python 3.9 from requires-python >=3.6, <3.10" in env.steps


def test_python_version_file_classifiers_and_the_traceback(tmp_path):
    a = tree(tmp_path / "a", {".python-version": "3.13.1\n", "setup.py": ""})
    assert resolve(a).python == "3.13"
    b = tree(tmp_path / "b", {"setup.py": "classifiers=['Programming Language :: Python :: 3.8',\n"
                                          "'Programming Language :: Python :: 3.9']\n"})
    assert resolve(b).python == "3.9" and "python 3.9 from the classifiers" in resolve(b).steps
    report = 'File "/usr/lib/python3.9/json/decoder.py", line 3, in decode\n'
    assert resolve(tmp_path / "b", report_text=report).steps[0] == "python 3.9 from the interpreter paths in the report"


def test_no_tests_means_unittest_discover(tmp_path):
    env = resolve(tree(tmp_path, {"app.py": "x = 1\n"}))
    assert env.test_cmd == "python -m unittest discover" and env.install == []
    assert env.python is None


def test_commit_date_and_versions_named_in_the_issue(tmp_path):
    tree(tmp_path, {"setup.py": "setup(name='mypkg')\n", "mypkg/__init__.py": ""})
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "old"], check=True,
                   env={"GIT_COMMITTER_DATE": "2019-05-04T10:00:00+02:00", "PATH": "/usr/bin:/bin"})
    assert commit_date(tmp_path) == "2019-05-04T08:00:00Z"
    env = resolve(tmp_path, report_text="```\nclick==7.0\nmypkg==0.3\nrequests==2.21.0\n```\nwith attrs==19.1.0 too")
    assert env.as_of == "2019-05-04T08:00:00Z"
    assert env.pins == {"click": "7.0", "requests": "2.21.0", "attrs": "19.1.0"}
    assert issue_pins("pip install foo>=1", set()) == {}


def test_recipe_files_that_link_out_of_the_tree_are_not_read(tmp_path):
    outside = tmp_path / "host-secret.ini"
    outside.write_text("[testenv]\ncommands = cat /etc/shadow\n")
    repo = tree(tmp_path / "repo", {"tests/test_a.py": ""})
    (repo / "tox.ini").symlink_to(outside)
    (repo / "noxfile.py").symlink_to("/dev/zero")          # would never end if read
    env = resolve(repo)
    assert env.test_cmd == "python -m pytest -q" and not any("tox.ini" in s for s in env.steps)


def test_the_bots_settings_from_crashfix_yml_are_not_said_to_come_from_the_command_line(tmp_path):
    """The App passes `test_cmd`/`setup_cmd` of `.github/crashfix.yml` as RunConfig flags too: each
    set-up step says it came from the config file, never "from the command line"."""
    from agent.python.environment.apply import prepare
    from agent.python.environment.explicit import normalise
    from agent.run import RunConfig
    src = tree(tmp_path / "repo", {"app.py": "print(1)\n"})
    env = normalise({"test_cmd": "pytest -x tests", "setup_cmd": "pip install -e .", "python": "3.11"})
    cfg = RunConfig(repo=str(src), report_text="", out=tmp_path / "out", test_cmd="pytest -x tests",
                    setup_cmd="pip install -e .", environment=env, sandbox="local")
    resolved = prepare(cfg, src, ["app.py"]).env
    said = "\n".join(resolved.steps)
    assert "`pytest -x tests`" in said and "`pip install -e .`" in said and "crashfix.yml" in said
    assert "command line" not in said
    cli = RunConfig(repo=str(src), report_text="", out=tmp_path / "out2", test_cmd="pytest -q", sandbox="local")
    assert "test cmd `pytest -q` from the command line" in "\n".join(prepare(cli, src, ["app.py"])[0].steps)


def test_ci_matrix_spellings_of_versions_never_crash_the_resolver(tmp_path):
    """Real matrices list `3.12-dev`, free-threaded `3.13t` and PyPy; the resolver read them as ints."""
    from agent.python.environment.versions import minor, pick_version
    assert [minor(v) for v in ("3.12-dev", "3.13t", "3.11.4", "3.9", "pypy-3.9", "pypy3.10", "3.x")] == \
        [12, 13, 11, 9, None, None, None]
    assert pick_version(["pypy-3.9", "3.13t"]) == "3.13"
    assert pick_version(["pypy-3.9", "pypy3.10"]) is None
    workflow = WORKFLOW.replace('["3.8", "3.9"]', '["3.12-dev", "3.13t", "pypy-3.9"]')
    env = resolve(tree(tmp_path, {".github/workflows/ci.yml": workflow, "setup.py": "", "tests/test_a.py": ""}))
    assert env.python in ("3.12", "3.13")
    assert f"python {env.python} borrowed from .github/workflows/ci.yml" in env.steps
