"""The resolver's parts: nearest Python, make goals, install rewriting, recipe lines."""
from __future__ import annotations

import pytest

from agent.python.environment.commands import editable, logical_lines, sort_lines
from agent.python.environment.explicit import normalise
from agent.python.environment.pins import pytest_step
from agent.native.build import detect
from agent.native.make_goals import build_goals
from sandbox.install import Installer
from sandbox.pythons import PYTHONS, REGISTRY_PYTHONS, nearest_python


@pytest.mark.parametrize("asked, used, said", [
    (None, "3.11", False), ("3.9", "3.9", False), ("3.10", "3.11", True), ("3.12", "3.13", True),
    ("3.7", "3.9", True), ("3.14", "3.13", True), ("3.13.2", "3.13", False)])
def test_a_requested_python_maps_to_the_nearest_image_and_says_so(asked, used, said):
    got, note = nearest_python(asked, list(PYTHONS))
    assert got == used and bool(note) == said
    if said:
        assert note.startswith(f"Python {asked} requested, {used} used")
    assert nearest_python("3.10", REGISTRY_PYTHONS) == ("3.10", None)
    with pytest.raises(ValueError):
        nearest_python("2.7", list(PYTHONS))


MAKE_RUNS_TESTS = ("CC ?= cc\nLIB = libx.a\nTESTS = test_x\n\nall: $(LIB) $(TESTS)\n\t./test_x\n\n"
                   "$(LIB): x.o\n\tar rcs $@ $^\n\ntest_x: test_x.c $(LIB)\n\t$(CC) -o $@ $^\n")


@pytest.mark.parametrize("makefile, goals", [
    (MAKE_RUNS_TESTS, ["libx.a", "test_x"]),
    ("all: prog check\nprog: p.c\n\tcc -o prog p.c\ncheck: prog\n\t./prog --selftest\n", ["prog"]),
    ("all: prog\nprog: p.c\n\tcc -o prog p.c\n", None),                      # a pure build: plain make
    ("all:\n\tcc -o t t.c\n\t./t\n", None),                                  # compiles and runs in one recipe
    (".DEFAULT_GOAL := build\nbuild: a.o\ntest: build\n\t./a\n", None),
])
def test_make_goals_that_only_compile(makefile, goals):
    assert build_goals(makefile) == goals


def test_a_default_goal_that_runs_tests_is_the_test_command_and_not_the_build():
    plan = detect(["Makefile", "x.c"], lambda name: MAKE_RUNS_TESTS)
    assert plan.steps[0].endswith(" libx.a test_x")
    assert plan.test_cmd.startswith("make CC=")
    plain = detect(["Makefile"], lambda name: "all: prog\nprog: p.c\n\tcc p.c\ntest: prog\n\t./prog\n")
    assert plain.steps[0].endswith("-O1'") and plain.test_cmd.startswith("make test ")


def test_installs_go_through_uv_with_the_cut_off_and_constraints():
    uv = Installer("uv", True)
    assert uv.command("python3 -m pip install -r r.txt", "2019-01-01T00:00:00Z", True) == (
        "export UV_SYSTEM_CERTS=1 UV_EXCLUDE_NEWER=2019-01-01T00:00:00Z UV_CONSTRAINT=.crashfix/constraints.txt; "
        "uv pip install -r r.txt")
    assert uv.command("make deps", "2019-01-01T00:00:00Z", False) == "make deps"
    old_pip = Installer("pip", False)
    assert old_pip.command("pip install x", "2019-01-01T00:00:00Z", False) == "python -m pip install x"
    assert Installer("pip", True).command("pip3 install x", "2019", False) == (
        "export PIP_UPLOADED_PRIOR_TO=2019; python -m pip install x")


def test_recipe_lines_are_sorted_into_install_test_and_system():
    lines = logical_lines("python -m pip install -U pip wheel\npip install . \\\n  nose\n"
                          "sudo apt-get install -y libpq-dev\npoetry install\n# comment\npytest -x && coverage report\n")
    got = sort_lines(lines)
    assert got["install"] == ["pip install -e . nose"] and got["test_cmd"] == "pytest -x"
    assert got["system_packages"] == ["libpq-dev"] and got["skipped"] == ["poetry install"]
    assert editable("pip install '.[test]'") == "pip install -e .[test]"


def test_explicit_keys_and_the_pytest_of_an_era():
    assert normalise({"python": "3.10", "setup_cmd": "make dev", "environment": {"python": "3.9", "env": {"A": "1"}}}) == {
        "python": "3.9", "install": ["make dev"], "env": {"A": "1"}}
    assert pytest_step("3.11", "2019-06-01T00:00:00Z") == ("pytest>=7.2.0", "2022-10-25T23:59:59Z")
    assert pytest_step("3.9", "2024-01-01T00:00:00Z") == ("pytest>=6.1.0", "2024-01-01T00:00:00Z")
    assert pytest_step("3.11", None) is None


def test_the_timeout_follows_the_baselines_own_time():
    from agent.python.environment.timeouts import derived_timeout
    from agent.judge.testrun import TestOutcome
    quick = TestOutcome("pytest", 1, "", duration=2.5)
    assert derived_timeout(quick, 300) == 20.0
    assert derived_timeout(TestOutcome("pytest", 1, "", duration=20), 300) == 100
    assert derived_timeout(TestOutcome("pytest", 1, "", duration=200), 300) == 300
    assert derived_timeout(TestOutcome("pytest", 1, "", timed_out=True, duration=300), 300) == 300
    assert derived_timeout(None, 300) == 300
