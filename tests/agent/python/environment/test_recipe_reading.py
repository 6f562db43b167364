"""Reading recipes as they are written in released projects (tox.ini, noxfile.py, Makefile, CI
workflows): the environment that runs the tests is chosen (never docs/lint/docset), tox and nox become
the commands they run, coverage wrappers and tox's work folder are left out, Makefile targets become
their lines. The snippets are shortened from real sdists; package names are placeholders."""
from __future__ import annotations

from pathlib import Path

from agent.python.environment import resolve
from agent.python.environment.commands import unwrap_coverage
from agent.python.environment.toxini import recipe_env


def tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


DOCSET_WORKFLOW = """
name: Build docset
on: [push]
jobs:
  docset:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v3
      - uses: actions/setup-python@v4
        with:
          python-version: "3.10"
      - run: python -Im pip install tox
      - run: python -Im tox run -e docset
"""

CI_TOX = """
name: CI
on: [push]
jobs:
  tests:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        python-version: ["3.10", "3.11"]
    steps:
      - uses: actions/setup-python@v4
        with:
          python-version: ${{ matrix.python-version }}
      - run: python -Im pip install --upgrade tox tox-gh-actions
      - run: python -Im tox
"""

TOX_DOCSET = """
[tox]
envlist = pre-commit,py3{10,11}-tests,docs,docset

[testenv]
extras =
    tests: tests
commands =
    tests: pytest {posargs:-n auto}

[testenv:docs]
extras = docs
commands = sphinx-build -n -T -W -b html -d {envtmpdir}/doctrees docs docs/_build/html

[testenv:docset]
deps = doc2dash
extras = docs
commands =
    rm -rf pkg.docset docs/_build
    sphinx-build -n -T -W -b html -d {envtmpdir}/doctrees docs docs/_build/html
    doc2dash --index-page index.html docs/_build/html
    tar --exclude='.DS_Store' -cvzf pkg.tgz pkg.docset
"""


def test_a_docs_workflow_is_passed_over_for_the_one_that_tests(tmp_path):
    repo = tree(tmp_path, {".github/workflows/build-docset.yml": DOCSET_WORKFLOW,
                           ".github/workflows/main.yml": CI_TOX, "tox.ini": TOX_DOCSET})
    env = resolve(repo)
    assert env.test_cmd == "pytest -n auto"
    assert "doc2dash" not in " ".join(env.install) and env.install == ["pip install -e .[tests]"]
    assert any("passed over" in s and "docset" in s for s in env.steps)


def test_only_a_docs_workflow_gives_no_docs_command(tmp_path):
    repo = tree(tmp_path, {".github/workflows/build-docset.yml": DOCSET_WORKFLOW, "tox.ini": TOX_DOCSET})
    env = resolve(repo)
    assert env.test_cmd == "pytest -n auto" and "docset" not in env.test_cmd


def test_tox_launched_by_uvx_or_python_flags_is_recognised():
    assert recipe_env("python -Im tox run -e docset") == ("tox", "docset")
    assert recipe_env("uvx --with=tox-uv tox run -e docset") == ("tox", "docset")
    assert recipe_env("uvx --python 3.11 --with tox-uv tox -e py") == ("tox", "py")
    assert recipe_env("pipx run nox -s tests-3.11") == ("nox", "tests-3.11")
    assert recipe_env("python -Im tox") == ("tox", None)
    assert recipe_env("uvx ruff check .") is None


def test_uvx_tox_in_ci_runs_as_the_envs_commands_offline(tmp_path):
    workflow = CI_TOX.replace("python -Im tox\n", "uvx --python 3.11 --with tox-uv tox -e py\n")
    tox_ini = ("[tox]\nenv_list =\n    lint\n    py{py3, 313, 312, 311}\n\n[testenv]\nextras =\n    tests\n"
               "commands =\n    {envpython} -m pytest \\\n      --cov pkg \\\n      {posargs}\n\n"
               "[testenv:lint]\nskip_install = true\ndeps = pre-commit\ncommands = pre-commit run --all-files\n")
    env = resolve(tree(tmp_path, {".github/workflows/test.yml": workflow, "tox.ini": tox_ini}))
    assert env.test_cmd == "python -m pytest --cov pkg"
    assert "pip install -e .[tests]" in env.install


def test_ci_tox_env_from_an_expression_keeps_its_literal_factor(tmp_path):
    workflow = CI_TOX.replace("      - run: python -Im tox\n",
                              "      - run: python -Im tox run -e ${{ env.TOX_PYTHON }}-mypy\n"
                              "      - run: >\n          python -Im\n          tox run\n"
                              "          --installpkg dist/*.whl\n          -e ${{ env.TOX_PYTHON }}-tests\n")
    tox_ini = TOX_DOCSET.replace("envlist = pre-commit,py3{10,11}-tests,docs,docset",
                                 "envlist = py3{10,11}-tests,py3{10,11}-mypy,docset") + \
        "\n[testenv:py3{10,11}-mypy]\ncommands = mypy src\n"
    env = resolve(tree(tmp_path, {".github/workflows/ci.yml": workflow, "tox.ini": tox_ini}))
    assert env.test_cmd == "pytest -n auto"
    assert any("`python -Im tox run --installpkg dist/*.whl -e tests` runs as" in s for s in env.steps)  # not -mypy


TOX_WORKDIR = """
[tox]
envlist = py37,py38,py39,py310,pypy3,coverage-report,packaging

[testenv]
changedir = .tox
deps = -rrequirements.txt
commands = coverage run --parallel --rcfile {toxinidir}/.tox-coveragerc -m pytest -vv --doctest-modules {envsitepackagesdir}/pkg {posargs}

[testenv:coverage-report]
changedir = .tox
deps = coverage
commands = coverage combine --rcfile {toxinidir}/.tox-coveragerc
           coverage report --rcfile {toxinidir}/.tox-coveragerc
"""


def test_tox_workdir_changedir_and_coverage_wrapper_reduce_to_the_runner(tmp_path):
    env = resolve(tree(tmp_path, {"tox.ini": TOX_WORKDIR, "pkg/__init__.py": "", "requirements.txt": "pytest\n"}))
    assert env.test_cmd == "python -m pytest -vv --doctest-modules ./pkg"
    assert any("changedir .tox" in s and "left out" in s for s in env.steps)
    assert any("coverage wrapper left out" in s for s in env.steps)
    src = resolve(tree(tmp_path / "s", {"tox.ini": TOX_WORKDIR, "src/pkg/__init__.py": ""}))
    assert src.test_cmd == "python -m pytest -vv --doctest-modules ./src/pkg"


def test_a_changedir_missing_from_the_tree_is_created():
    from agent.python.environment.toxini import parse
    t = parse("[testenv]\nchangedir = build/t\ncommands = pytest {toxinidir}/tests\n", Path("/nonexistent"))
    assert t.env("py").test_cmd() == "mkdir -p build/t && cd build/t && pytest ../../tests"


def test_tox_commands_that_install_join_the_install(tmp_path):
    tox_ini = "[tox]\nenvlist = py27, py34, py35, py36, py37, pypy, pypy3\n\n[testenv]\ncommands =\n" \
              "    pip install -e .[test]\n    ./run_tests.py\n"
    env = resolve(tree(tmp_path, {"tox.ini": tox_ini, "run_tests.py": "", "setup.py": ""}))
    assert env.test_cmd == "./run_tests.py"
    assert "pip install -e .[test]" in env.install


def test_coverage_wrappers():
    assert unwrap_coverage("coverage run --include=\"pkg/*.py\" -m unittest") == "python -m unittest"
    assert unwrap_coverage("python -m coverage run -m pytest && python -OO -m coverage run -m pytest t.py") == \
        "python -m pytest && python -OO -m pytest t.py"
    assert unwrap_coverage("coverage run --parallel-mode tests.py") == "python tests.py"
    assert unwrap_coverage("coverage report") == "coverage report"


NOXFILE = '''
from pathlib import Path
from tempfile import TemporaryDirectory
import os

import nox

ROOT = Path(__file__).parent
PYPROJECT = ROOT / "pyproject.toml"
DOCS = ROOT / "docs"
PACKAGE = ROOT / "pkg"

nox.options.sessions = []


def session(default=True, **kwargs):
    def _session(fn):
        if default:
            nox.options.sessions.append(kwargs.get("name", fn.__name__))
        return nox.session(**kwargs)(fn)

    return _session


@session(python=["3.8", "3.9", "3.10", "3.11", "3.12", "pypy3"])
def tests(session):
    session.install("-r", ROOT / "test-requirements.txt")

    if session.posargs and session.posargs[0] == "coverage":
        if len(session.posargs) > 1 and session.posargs[1] == "github":
            github = os.environ["GITHUB_STEP_SUMMARY"]
        else:
            github = None

        session.install("coverage[toml]")
        session.run("coverage", "run", "-m", "pytest", PACKAGE)
        if github is None:
            session.run("coverage", "report")
    else:
        session.run("pytest", *session.posargs, PACKAGE)


@session()
def audit(session):
    session.install("pip-audit", ROOT)
    session.run("python", "-m", "pip_audit")


@session(tags=["docs"])
def docs(session, builder):
    session.install("-r", DOCS / "requirements.txt")
    with TemporaryDirectory() as tmpdir_str:
        session.run("python", "-m", "sphinx", "-b", builder, DOCS, tmpdir_str)
'''

NOX_CI = """
name: CI
on: [push]
jobs:
  list:
    runs-on: ubuntu-latest
    outputs:
      noxenvs: ${{ steps.noxenvs-matrix.outputs.noxenvs }}
    steps:
      - uses: actions/checkout@v3
      - id: noxenvs-matrix
        run: |
          echo >>$GITHUB_OUTPUT noxenvs=$(
            nox --list-sessions |
            grep '^* ' |
            cut -d ' ' -f 2- |
            jq --raw-input --slurp 'split("\\n") | map(select(. != ""))'
          )
  ci:
    needs: list
    runs-on: ubuntu-latest
    strategy:
      matrix:
        noxenv: ${{ fromJson(needs.list.outputs.noxenvs) }}
        posargs: [""]
    steps:
      - uses: actions/setup-python@v4
        with:
          python-version: |
            3.8
            3.11
      - name: Run nox
        run: nox -s "${{ matrix.noxenv }}" -- ${{ matrix.posargs }}
"""


def test_noxfile_sessions_read_with_ast_and_ci_plumbing_never_pasted(tmp_path):
    env = resolve(tree(tmp_path, {"noxfile.py": NOXFILE, ".github/workflows/ci.yml": NOX_CI,
                                  "test-requirements.txt": "pytest\n", "pkg/__init__.py": ""}))
    assert env.test_cmd == "pytest pkg"
    assert env.install[0] == "pip install -r test-requirements.txt" and "coverage" not in " ".join(env.install)
    assert "GITHUB_OUTPUT" not in (env.test_cmd or "")


def test_noxfile_alone(tmp_path):
    env = resolve(tree(tmp_path, {"noxfile.py": NOXFILE, "pkg/__init__.py": ""}))
    assert env.test_cmd == "pytest pkg" and env.python == "3.11"


MAKE_VENV = """.PHONY: build
BINDIR = $(PWD)/.state/env/bin

.state/env/pyvenv.cfg: requirements/dev.txt
\trm -rf .state/env
\tpython -m venv .state/env

\t# install/upgrade general requirements
\t$(BINDIR)/python -m pip install --upgrade pip setuptools wheel

\t# install various types of requirements
\t$(BINDIR)/python -m pip install -r requirements/dev.txt

test: .state/env/pyvenv.cfg
\t$(BINDIR)/python -m pip install .
\t$(BINDIR)/pytest
\t$(BINDIR)/python -m tests.lib

lint: .state/env/pyvenv.cfg
\t$(BINDIR)/black --check bin setup.py src tests
\t$(BINDIR)/mypy src

.PHONY: build test lint reformat
"""


def test_makefile_test_target_becomes_its_lines_without_the_venv(tmp_path):
    env = resolve(tree(tmp_path, {"Makefile": MAKE_VENV, "tests/test_a.py": ""}))
    assert env.test_cmd == "pytest && python -m tests.lib"
    assert "pip install -e ." in env.install and not any("venv" in c for c in env.install)


MAKE_CHECK = """.PHONY: requirements
requirements:
\tpython3 -m pip install -r requirements/development.txt
\tpython3 -m pip install --editable .

.PHONY: check
check:
\truff format --check .
\truff check pkg tests
\tstubtest pkg.more

.PHONY: coverage
coverage:
\tcoverage run --include="pkg/*.py" -m unittest
\tcoverage report --show-missing --fail-under=99

.PHONY: test
test:
\tpython3 -m unittest -v ${tests}
"""

MAKE_CI = """
name: Python package
on: [push]
jobs:
  build:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        python-version: ["3.9", "3.11"]
    steps:
      - uses: actions/setup-python@v5
        with:
          python-version: ${{ matrix.python-version }}
      - run: make requirements
      - run: make check
      - run: make coverage
"""


def test_ci_make_targets_read_through_the_makefile(tmp_path):
    env = resolve(tree(tmp_path, {"Makefile": MAKE_CHECK, ".github/workflows/python-app.yml": MAKE_CI,
                                  "requirements/development.txt": "coverage\n"}))
    assert env.test_cmd == "python -m unittest"             # `make check` runs ruff/stubtest: not the tests
    assert "pip install -r requirements/development.txt" in env.install and "pip install -e ." in env.install
    alone = resolve(tree(tmp_path / "m", {"Makefile": MAKE_CHECK}))
    assert alone.test_cmd == "python3 -m unittest -v"


def test_makefile_script_suite_and_silent_lines(tmp_path):
    env = resolve(tree(tmp_path, {"Makefile": ".PHONY: clean docs\n\ntest:\n\t@nosetests -s\n\nbench:\n"
                                              "\t@python tests/bench.py\n", "tests/test_x.py": ""}))
    assert env.test_cmd == "nosetests -s"
    script = resolve(tree(tmp_path / "s", {"Makefile": "test:\n\tcd test && python testall.py\n",
                                           "test/testall.py": "import sys\n", "test/test_one.py": ""}))
    assert script.test_cmd == "cd test && python testall.py"     # the last line bare: options append to it
    two = resolve(tree(tmp_path / "t", {"Makefile": "test:\n\tcd tests; PYTHONPATH=.. py.test\n\tpython -m doctest README\n"}))
    assert two.test_cmd == "(cd tests; PYTHONPATH=.. py.test) && python -m doctest README"


def test_a_python2_suite_script_is_not_used(tmp_path):
    env = resolve(tree(tmp_path, {"Makefile": "test:\n\tcd test && python testall.py\n",
                                  "test/testall.py": 'print "-- test with Python %s" % ver\n',
                                  "test/test_one.py": "def test_a():\n    pass\n"}))
    assert env.test_cmd == "python -m pytest -q"
    assert any("test/testall.py is not Python 3 code" in s for s in env.steps)


def test_the_python_image_has_make():
    from sandbox.docker.images import PACKAGES
    assert "make" in PACKAGES["python"] and PACKAGES["c"].count("make") == 1


def test_ci_installs_of_runners_and_tools_only_are_left_out():
    from agent.python.environment.commands import sort_lines, union
    ci = sort_lines(["python -Im pip install --upgrade wheel tox", "uv pip install --system tox-uv",
                     "python -Im pip install -r requirements.txt"])["install"]
    assert union(ci, ["pip install -e .[tests]"]) == ["python -m pip install -r requirements.txt",
                                                      "pip install -e .[tests]"]
