"""pdb probing and test-result reading against real processes (local sandbox)."""
import pytest

from agent.python.probe import expressions, probe
from agent.judge.testrun import run_tests
from sandbox.local import LocalSandbox
from gitrepo import make_repo

APP = """\
def total(prices, key):
    count = len(prices)
    return sum(p[key] for p in prices) / count


def report(rows):
    return total(rows, "price")
"""
TESTS = """\
from app import report


def test_report_averages():
    assert report([{"price": 2}, {"price": 4}]) == 3


def test_report_empty():
    assert report([]) == 0


def test_ok():
    assert True
"""


@pytest.fixture
def sb(tmp_path):
    repo = make_repo(tmp_path / "repo", {"app.py": APP, "tests/test_app.py": TESTS})
    box = LocalSandbox(repo, env={"PYTHONPATH": str(repo)})
    box.snapshot()
    yield box
    box.close()


def test_run_tests_reads_passed_and_failed_tests(sb):
    out = run_tests(sb, "python -m pytest -q", timeout=60)
    assert out.exit_code == 1
    assert out.passed == {"tests.test_app::test_report_averages", "tests.test_app::test_ok"}
    assert out.failed == {"tests.test_app::test_report_empty"}
    assert sb.diff() == ""                      # the junit file stays out of the workspace diff


def test_run_tests_with_selection_runs_only_those(sb):
    out = run_tests(sb, "python -m pytest -q", timeout=60, tests=["tests/test_app.py::test_ok"])
    assert out.ok and out.passed == {"tests.test_app::test_ok"} and not out.failed


def test_probe_stops_at_the_guilty_line_under_pytest(sb):
    seen = probe(sb, "python -m pytest -q tests/test_app.py::test_report_empty", "app.py", 3,
                 "    return sum(p[key] for p in prices) / count")
    assert seen.error is None, seen.transcript
    assert seen.values["count"] == "0"
    assert seen.values["prices"] == "[]"
    assert "'key', 'price'" in seen.locals


def test_probe_of_a_script_uses_post_mortem(sb):
    sb.write("run.py", "from app import report\nreport([])\n")
    seen = probe(sb, "python run.py", "app.py", 3, "    return sum(p[key] for p in prices) / count")
    assert seen.error is None, seen.transcript
    assert seen.values["count"] == "0"


def test_probe_reports_a_frame_that_is_not_on_the_stack(sb):
    sb.write("run.py", "from app import report\nreport([])\n")
    seen = probe(sb, "python run.py", "elsewhere.py", 9, "x = 1")
    assert seen.error and "not on the stack" in seen.error


def test_expressions_are_names_attributes_and_subscripts_without_calls():
    assert set(expressions("    if self.items[i] > limit(x):")) == {"self.items[i]", "self.items", "i", "x"}
    assert expressions("else:") == []


def test_a_recipe_that_runs_pytest_twice_reads_both_reports_and_runs_the_second_after_a_failing_first(sb):
    # natsort 5.1.0's tox commands: the doctests, then the suite, joined by `&&`
    (sb.root / "doc_app.py").write_text('def f():\n    """\n    >>> f()\n    2\n    """\n    return 1\n')
    out = run_tests(sb, "export X=1; python -m pytest -q --doctest-modules doc_app.py && python -m pytest -q tests",
                    timeout=60)
    assert out.exit_code == 1
    assert out.failed == {"doc_app::doc_app.f", "tests.test_app::test_report_empty"}
    assert out.passed == {"tests.test_app::test_report_averages", "tests.test_app::test_ok"}
    # every part passing: exit 0; a part that collects nothing does not fail the chain
    ok = run_tests(sb, "python -m pytest -q tests -k ok && python -m pytest -q tests -k nothing_matches", timeout=60)
    assert ok.exit_code == 0 and ok.passed == {"tests.test_app::test_ok"}
    assert "junit" not in sb.diff()                   # the reports stay out of the workspace


def test_split_chain_keeps_quotes_and_substitutions_whole():
    from agent.judge.testrun import pytest_chain, split_chain
    assert split_chain("a && b 'c && d' && $(e && f) g") == ["a", "b 'c && d'", "$(e && f) g"]
    assert pytest_chain("pytest a && flake8") is None and pytest_chain("pytest a") is None
    assert pytest_chain("pytest a && python -m pytest b") == ["pytest a", "python -m pytest b"]


def test_a_plugin_that_reads_pytests_cache_runs_with_the_cache_in_the_scratch_folder(sb):
    # pytest-isort / pytest-flakes of their day read `config.cache` at start-up: with crashfix's
    # `-p no:cacheprovider` every run died with INTERNALERROR (dictdiffer 0.9.0, natsort 5.1.0)
    (sb.root / "cache_reader.py").write_text("def pytest_sessionstart(session):\n"
                                             "    session.config._seen = session.config.cache.get('k', {})\n")
    out = run_tests(sb, "python -m pytest -q -p cache_reader tests", timeout=60)
    assert "INTERNALERROR" not in out.output and "-o cache_dir=" in out.command
    assert out.passed == {"tests.test_app::test_report_averages", "tests.test_app::test_ok"}
    assert sb.pytest_cache_dir                             # later runs in this sandbox keep it
    assert "-o cache_dir=" in run_tests(sb, "python -m pytest -q tests", timeout=60).command
    assert "pytest-cache" not in sb.diff() and ".pytest_cache" not in sb.diff()
