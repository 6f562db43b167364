"""tox.ini understood, never pasted into a shell; tox/nox recipes become the commands they run;
the install is a union; an explicit install is final; packages the issue names are installed."""
from __future__ import annotations

from pathlib import Path

from agent.python.environment import resolve
from agent.python.environment.apply import install_steps
from agent.python.environment.commands import union
from agent.python.environment.pins import issue_packages
from agent.python.environment.toxini import envlist, filtered, parse, recipe_env

# the shape of a 2016-era project's tox.ini: factor products, deps from a requirements file,
# factor-conditional deps/commands/setenv, changedir, a lint env and a docs env
TOX_2016 = """\
[tox]
envlist = py{27,34,35,36}-{std,ext}, flake8, docs
skip_missing_interpreters = true

[testenv]
usedevelop = true
deps =
    -r{toxinidir}/requirements/test.txt
    ext: pygments>=2.0
    py27: mock
    !py27: tensorflow==1.13.1
changedir = tests
setenv =
    PYTHONHASHSEED = 0
    ext: WITH_EXTENSIONS = 1
commands =
    {py27,py36}-std: py.test {posargs:-q} --tb=short \\
        --strict
    ext: py.test {posargs:-q} -m "not slow"
    - coverage report

[testenv:flake8]
deps = flake8
commands = flake8 src tests

[testenv:docs]
changedir = docs
deps = sphinx
commands = sphinx-build -W -b html . _build
"""

SETUP_PY = "from setuptools import setup\nsetup(name='mdtool', packages=['mdtool'], install_requires=['PyYAML'])\n"

CI_RUNS_TOX = """\
name: tests
on: [push, pull_request]
jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        python-version: ['3.6']
    steps:
      - uses: actions/checkout@v2
      - uses: actions/setup-python@v2
        with:
          python-version: ${{ matrix.python-version }}
      - name: Install tox
        run: |
          python -m pip install --upgrade pip
          pip install tox tox-gh-actions
      - name: Test
        run: tox -e py36-ext
"""


def tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_envlist_products_and_factor_conditions():
    tox = parse(TOX_2016)
    assert envlist(tox.parser)[:4] == ["py27-std", "py27-ext", "py34-std", "py34-ext"]
    assert {"flake8", "docs"} <= set(tox.envs)
    assert filtered("{py27,py36}-std: a\next: b\n!py27: c\npy3-!ext: d\nplain\n", {"py36", "std"}) == ["a", "c", "plain"]
    assert filtered("{py27,py36}-std: a\next: b\n!py27: c\n", {"py27", "ext"}) == ["b"]
    # a URL or a version marker is not a factor condition
    assert filtered("https://example.org/x.tar.gz\nfoo; python_version<'3'\n", {"py36"}) == [
        "https://example.org/x.tar.gz", "foo; python_version<'3'"]


def test_the_env_for_the_python_its_deps_and_commands_substituted():
    tox = parse(TOX_2016)
    assert tox.choose("3.6") == "py36-std"
    env = tox.env("py36-std", "3.6")
    assert env.deps == ["-r requirements/test.txt", "tensorflow==1.13.1"]
    assert env.test_cmd() == "cd tests && py.test -q --tb=short --strict"
    assert env.setenv == {"PYTHONHASHSEED": "0"}
    assert env.dropped == ["coverage report"]
    assert env.install() == ["pip install -e .", "pip install -r requirements/test.txt", "pip install 'tensorflow==1.13.1'"]
    ext = tox.env("py27-ext", "2.7")
    assert ext.test_cmd() == 'cd tests && py.test -q -m "not slow"'
    assert ext.deps == ["-r requirements/test.txt", "pygments>=2.0", "mock"]
    assert ext.setenv == {"PYTHONHASHSEED": "0", "WITH_EXTENSIONS": "1"}
    # lint and docs environments are never the test environment
    assert tox.choose("3.11") not in ("flake8", "docs")


def test_references_skip_install_and_extras():
    text = """[tox]\nenvlist = py38\nskipsdist = True\n[base]\ndeps = requests\n    attrs\n
[testenv]\nextras = test,yaml\ndeps = {[base]deps}\n    pytest\ncommands = {envpython} -m pytest {toxinidir}/tests {posargs}\n"""
    env = parse(text).env("py38", "3.8")
    assert env.deps == ["requests", "attrs", "pytest"] and env.extras == ["test", "yaml"]
    assert not env.install_self                       # skipsdist without usedevelop
    assert env.test_cmd() == "python -m pytest ./tests"
    assert parse("[metadata]\nname = x\n") is None


def test_recipe_env_of_tox_and_nox_lines():
    assert recipe_env("tox -e py36-ext") == ("tox", "py36-ext")
    assert recipe_env("python -m tox") == ("tox", None)
    assert recipe_env("nox -s tests-3.9") == ("nox", "tests-3.9")
    assert recipe_env("pytest -q") is None


def test_a_ci_workflow_that_runs_tox_becomes_the_tox_envs_commands(tmp_path):
    repo = tree(tmp_path, {"tox.ini": TOX_2016, "setup.py": SETUP_PY, ".github/workflows/tests.yml": CI_RUNS_TOX,
                           "requirements/test.txt": "pytest\npytz\n", "mdtool/__init__.py": "",
                           "tests/test_render.py": "def test_x(): pass\n"})
    env = resolve(repo)
    assert env.python == "3.6"
    # the workflow's `tox -e py36-ext`: that environment's commands, in the prepared environment
    assert env.test_cmd == 'cd tests && py.test -q -m "not slow"'
    assert not any("tox" in c.split() for c in env.install)           # `pip install tox tox-gh-actions` is not needed
    assert env.install == ["pip install -e .", "pip install -r requirements/test.txt",
                           "pip install 'pygments>=2.0' 'tensorflow==1.13.1'"]
    assert any("runs as the commands it would run" in s and "py.test" in s for s in env.steps)
    steps = install_steps(env, repo, env.test_cmd)
    # the project installs offline then brings its dependencies (PyYAML) online; deps lines may drop a package
    assert [s.cmd for s in steps][:2] == ["python -m pip install --no-build-isolation --no-deps -e .",
                                          "python -m pip install --no-build-isolation -e ."]
    assert [s.droppable for s in steps if "tensorflow" in s.cmd] == [True]


def test_the_union_merges_extras_and_keeps_each_command_once():
    assert union(["pip install -e .", "pip install tox"], ["pip install -e .[test]", "pip install -r req.txt"],
                 ["pip install -e .[yaml]", "pip install -r req.txt"]) == [
        "pip install -e .[test,yaml]", "pip install -r req.txt"]
    assert union(["pip install -U pytest tox build"]) == ["pip install -U pytest"]


def test_a_ci_pip_install_dash_e_also_gets_the_packaging_files_test_extras(tmp_path):
    ci = CI_RUNS_TOX.replace("pip install tox tox-gh-actions", "pip install -e .").replace("tox -e py36-ext", "pytest -q")
    repo = tree(tmp_path, {".github/workflows/ci.yml": ci, "mdtool/__init__.py": "",
                           "setup.py": SETUP_PY.replace("install_requires", "extras_require={'test': ['pytest']}, install_requires"),
                           "requirements-test.txt": "pytz\n", "tests/test_a.py": ""})
    env = resolve(repo)
    assert env.install == ["pip install -e .[test]", "pip install -r requirements-test.txt"]
    assert any(s.startswith("install completed as a union") for s in env.steps)


def test_an_explicit_install_is_final(tmp_path):
    repo = tree(tmp_path, {"tox.ini": TOX_2016, "setup.py": SETUP_PY, "tests/test_a.py": "",
                           ".git-date": ""})
    env = resolve(repo, {"install": ["pip install -e . && pip install pytest==3.0.7"]},
                  report_text="It crashes with Pygments installed.")
    assert env.explicit_install and env.install == ["pip install -e . && pip install pytest==3.0.7"]
    env.python_used, env.as_of = "3.11", "2017-03-01T00:00:00Z"
    steps = install_steps(env, repo, "python -m pytest -q")
    assert [(s.cmd, s.network) for s in steps] == [("pip install -e . && pip install pytest==3.0.7", True)]
    assert any("not installed: the install is explicit" in s for s in env.steps)
    # the same through crashfix.yml's setup_cmd
    tree(repo, {".github/crashfix.yml": "setup_cmd: make deps\n"})
    env = resolve(repo)
    assert env.explicit_install and env.install == ["make deps"]


def test_packages_and_extras_the_issue_names(tmp_path):
    own = {"mdtool"}
    text = ("Rendering crashes with Pygments installed (it works without it).\n"
            "To reproduce: `pip install mdtool[yaml] docutils`\n```\n$ pip freeze\nPygments==2.2.0\nsix==1.11.0\n```\n"
            "This happens with the package installed from git (pip install -e git+https://x/y#egg=z).")
    extras, packages = issue_packages(text, own)
    assert extras == ["yaml"] and packages == ["Pygments", "docutils"]
    repo = tree(tmp_path, {"setup.py": SETUP_PY, "mdtool/__init__.py": "", "tests/test_a.py": ""})
    env = resolve(repo, report_text=text)
    assert env.install[0] == "pip install -e .[yaml]"
    assert env.install[-1] == "pip install 'Pygments' 'docutils'" and env.pins["pygments"] == "2.2.0"
    steps = install_steps(env, repo, env.test_cmd)
    assert [s.optional for s in steps if "Pygments" in s.cmd] == [True]


NOXFILE = '''import nox

nox.options.sessions = ["tests", "lint"]


@nox.session(python=["3.8", "3.9", "3.10"])
def tests(session):
    session.install("-e", ".[test]")
    session.install("-r", "requirements-test.txt")
    session.run("pytest", "--tb=short", *session.posargs)


@nox.session
def lint(session):
    session.install("flake8")
    session.run("flake8", "src")
'''


def test_a_ci_workflow_running_nox_becomes_the_sessions_commands(tmp_path):
    ci = ("jobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/setup-python@v4\n"
          "        with:\n          python-version: '3.10'\n      - run: pip install nox\n      - run: nox -s tests\n")
    repo = tree(tmp_path, {"noxfile.py": NOXFILE, ".github/workflows/ci.yml": ci, "requirements-test.txt": "pytest\n",
                           "pyproject.toml": "[project]\nname = 'x'\nversion = '1'\n"
                                             "[project.optional-dependencies]\ntest = ['pytest']\n"})
    env = resolve(repo)
    assert env.test_cmd == "pytest --tb=short" and env.python == "3.10"
    # the `tests` session's installs, not lint's flake8; `pip install nox` is not needed
    assert env.install == ["pip install -e .[test]", "pip install -r requirements-test.txt"]


def test_the_other_tox_environments_are_kept_for_the_fallbacks(tmp_path):
    from agent.python.environment.fallbacks import next_fallback
    from agent.records import CauseKind, SetupCause
    repo = tree(tmp_path, {"tox.ini": TOX_2016.replace("py{27,34,35,36}", "py{27,36}"), "setup.py": SETUP_PY,
                           "requirements/test.txt": "pytest\n", "tests/test_a.py": ""})
    env = resolve(repo)
    assert env.test_cmd == "cd tests && py.test -q --tb=short --strict" and env.python == "3.6"
    # the same Python's other environment first; never flake8 or docs
    assert [a["name"] for a in env.alternatives] == ["py36-ext", "py27-ext"]
    assert env.alternatives[0]["test_cmd"] == 'cd tests && py.test -q -m "not slow"'
    steps = install_steps(env, repo, env.test_cmd)
    rung = next_fallback(env, steps, SetupCause(CauseKind.NO_TESTS, "", "the test command collected no test "
                                            "(`cd tests && py.test -q --tb=short --strict`)"), [], source=repo)
    assert rung.label.startswith("another tox env: `py36-ext`") and rung.test_cmd == env.alternatives[0]["test_cmd"]
    assert any("pygments" in s.cmd for s in rung.steps)
    # a suite whose infrastructure breaks wants another pytest, not another environment
    assert not next_fallback(env, steps, SetupCause(CauseKind.SETUP_ERRORS, "TypeError: x", "every test (3) errored in its "
                                                "set-up with the same error"), [],
                         source=repo, pytest_now=(7, 2)).label.startswith("another tox env")
