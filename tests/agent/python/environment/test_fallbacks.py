"""The set-up fallbacks' order (pure): missing modules, an older pytest (twice at most), another
recipe after a failed set-up, the nearest older Python; nothing when the install is explicit."""
from __future__ import annotations

from pathlib import Path

from agent.python.environment import era
from agent.python.environment.model import Environment
from agent.python.environment.fallbacks import FallbackKind, next_fallback, older_python, pytest_version
from agent.python.environment.verify import distribution, own_packages
from agent.records import CauseKind, SetupCause, import_check, setup_failed
from sandbox.setup import InstallStep

STEPS = [InstallStep("python -m pip install --no-build-isolation --no-deps -e .", False),
         InstallStep("python -m pip install --no-build-isolation -e .", True),
         InstallStep("pip install 'pytest>=7.2.0'", True, cutoff="2022-10-25T23:59:59Z", optional=True)]
EVERY_TEST = ("every test (3) errored in its set-up with the same error (the suite's own infrastructure does not "
              "run on this pytest)")
GET_MARKER = SetupCause(CauseKind.SETUP_ERRORS, "AttributeError: 'Function' object has no attribute 'get_marker'", EVERY_TEST)
SETUP_ERROR = SetupCause(CauseKind.SETUP_ERRORS, "TypeError: __init__() got an unexpected keyword argument 'fspath'", EVERY_TEST)
STOPPED = "the test runner stopped before any test ran (`python -m pytest -q`, exit 4)"


def fall_back(env, causes, **kw):
    tried, steps, out = [], STEPS, []
    for cause in causes:
        fallback = next_fallback(env, steps, cause, tried, **kw)
        if fallback is None:
            out.append(None)
            break
        tried.append(fallback)
        steps = fallback.steps
        out.append(fallback)
    return out


def test_the_suites_infrastructure_breaking_falls_back_to_pytest_then_python():
    env = Environment(as_of="2018-11-30T10:00:00Z", python_used="3.11")
    first, second, third = fall_back(env, [SETUP_ERROR, SetupCause(CauseKind.RUNNER_STOPPED, "TypeError: required field "
                                                               "\"lineno\" missing from alias", STOPPED), SETUP_ERROR],
                                 pytest_now=(7, 2), older="3.9")
    assert first.label.startswith("older pytest: `pip install 'pytest<7.2'` as of 2018-11-30")
    assert [s.cmd for s in first.steps][-1] == era.runner_install("pytest<7.2") and first.steps[-1].cutoff == env.as_of
    assert not any(">=7.2.0" in s.cmd for s in first.steps)          # the era floor is replaced, not stacked
    assert second.python == "3.9" and second.steps == first.steps   # the old pytest cannot run on 3.11
    assert third.label.startswith("older pytest (again)")


def test_missing_modules_are_installed_by_their_distribution():
    env = Environment()
    fallback = next_fallback(env, STEPS, SetupCause(CauseKind.NO_MODULE_IMPORTS, "ModuleNotFoundError: No module named 'yaml'",
                                            "no test module could be imported"), [], missing=["bs4"])
    assert fallback.label.startswith("missing modules installed: `pip install 'beautifulsoup4' 'PyYAML'`")
    assert fallback.steps[-1].droppable and fallback.steps[-1].optional     # a name that is no package's: noted, not fatal
    # after a failed set-up, what setup.py imports comes first
    fallback = next_fallback(env, STEPS, setup_failed("repository install failed: ... No module named 'numpy'"), [])
    assert fallback.steps[0].cmd == "pip install 'numpy'"
    assert distribution("google.protobuf") == "protobuf" and distribution("_private") is None


def test_a_failed_recipe_falls_back_to_the_packaging_files_then_an_older_python(tmp_path):
    env = Environment(fallback=["pip install -e .[test]"], python_used="3.11")
    tried = fall_back(env, [setup_failed("repository install failed (exit 1): `make deps`")] * 3, source=tmp_path, older="3.9")
    assert tried[0].label.startswith("another recipe") and [s.cmd for s in tried[0].steps] == [
        "python -m pip install --no-build-isolation --no-deps -e .", "python -m pip install --no-build-isolation -e .[test]",
        "pip install 'pytest>=7.2.0'"]                   # the pytest of the era stays
    assert tried[1].python == "3.9" and tried[2] is None


def test_an_explicit_install_has_no_fallback():
    env = Environment(explicit_install=True, install=["make deps"])
    assert next_fallback(env, STEPS, GET_MARKER, [], pytest_now=(7, 2), older="3.9", missing=["yaml"]) is None


def test_versions_and_packages():
    assert pytest_version("pytest 7.2.1\n") == (7, 2)
    assert pytest_version("This is pytest version 3.5.1, imported from /x/pytest.py") == (3, 5)
    assert older_python("3.11", ["3.9", "3.11", "3.13"]) == "3.9" and older_python("3.9", ["3.9", "3.11"]) is None
    assert own_packages(["src/mdtool/__init__.py", "tests/__init__.py", "docs/conf.py", "lib2/__init__.py"]) == [
        "lib2", "mdtool"]


def test_a_network_or_empty_baseline_does_not_change_the_python():
    env = Environment(python_used="3.11")
    for cause in (SetupCause(CauseKind.NETWORK, "x", "the test command reached for the network"),
                  SetupCause(CauseKind.NO_TESTS, "", "the test command collected no test (`python -m pytest -q`)")):
        assert next_fallback(env, STEPS, cause, [], older="3.9") is None


def test_the_build_backend_step_stays_optional_not_droppable(tmp_path):
    """`planned` makes plain package lists droppable; the backend step stays optional (a failure
    is noted, the editable install's own retry goes on)."""
    from agent.python.environment.apply import planned
    (tmp_path / "pyproject.toml").write_text('[build-system]\nrequires = ["hatchling"]\n')
    steps = planned(Environment(), tmp_path, ["pip install -e ."])
    assert steps[0].cmd == "pip install hatchling" and steps[0].optional and steps[0].backend
    assert not steps[0].droppable


def test_a_second_missing_module_fallback_installs_only_what_the_first_did_not():
    # marshmallow 3.0.0's tests import simplejson; with it installed they stop at `import pytz` (conftest)
    env = Environment()
    first = next_fallback(env, STEPS, import_check(["simplejson"]), [], missing=["simplejson"])
    assert first.label.startswith("missing modules installed: `pip install 'simplejson'`")
    cause = SetupCause(CauseKind.RUNNER_STOPPED, "ModuleNotFoundError: No module named 'pytz'", STOPPED)
    second = next_fallback(env, first.steps, cause, [first], pytest_now=(7, 2))
    assert second.label.startswith("missing modules installed (again")
    assert [s.cmd for s in second.steps][-2:] == ["pip install 'simplejson'", "pip install 'pytz'"]
    # the same module named once more: nothing new to install, the import check falls back no further
    assert next_fallback(env, second.steps, import_check(["pytz"]), [first, second],
                     missing=["pytz"]) is None


def test_the_fallbacks_follow_the_causes_kind_whatever_its_words_say():
    """Decisions read the kind: the same cause in other words gives the same fallbacks (the words are for
    people and may be reworded freely)."""
    env = Environment(as_of="2018-11-30T10:00:00Z", python_used="3.11", fallback=["pip install -e .[test]"])
    causes = [GET_MARKER, SETUP_ERROR, setup_failed("repository install failed (exit 1): `make deps`"),
              SetupCause(CauseKind.RUNNER_STOPPED, "TypeError: x", STOPPED),
              SetupCause(CauseKind.NO_MODULE_IMPORTS, "ModuleNotFoundError: No module named 'yaml'", "no test module"),
              SetupCause(CauseKind.COLLECTION_ERRORS, "TypeError: y", "no test ran: ..."),
              SetupCause(CauseKind.NETWORK, "OSError: Name or service not known", "the test command reached for it")]
    for cause in causes:
        reworded = SetupCause(cause.kind, cause.line, "Die Testumgebung ist kaputt.", cause.output)
        said, again = (fall_back(env, [c] * 3, pytest_now=(7, 2), older="3.9", source=Path("/nonexistent"))
                       for c in (cause, reworded))
        assert [r and r.label for r in said] == [r and r.label for r in again], cause.kind
        assert [r and r.kind for r in said] == [r and r.kind for r in again]
    # and the kinds decide: every test failing the same way asks for an older pytest, a network error does not
    assert fall_back(env, [SetupCause(CauseKind.SETUP_ERRORS, "TypeError: z", "no words at all")],
                 pytest_now=(7, 2))[0].kind is FallbackKind.OLDER_PYTEST
    assert fall_back(env, [SetupCause(CauseKind.NETWORK, "TypeError: z", "every test (3) errored in its set-up")],
                 pytest_now=(7, 2), older="3.9") == [None]


def test_the_last_pytest_before_a_removal_is_tried_once():
    # the old code read the kind out of the label (`pytest before 4.1: ...`.split(":")[0]), which never
    # equals "pytest before": the same fallback came back until all six were spent
    env = Environment(as_of="2019-07-15T00:00:00Z", python_used="3.9")
    first = next_fallback(env, STEPS, GET_MARKER, [])
    assert first.kind is FallbackKind.PYTEST_BEFORE and first.label.startswith("pytest before 4.1")
    again = next_fallback(env, first.steps, GET_MARKER, [first], pytest_now=(4, 0))
    assert again is None or again.kind is not FallbackKind.PYTEST_BEFORE
