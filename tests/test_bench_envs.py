"""bench/bench_envs.py's own judgement: how a baseline is counted and classified, how an sdist's style
is read, and that its project list holds what the environments issue asks for."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from agent.judge.testrun import TestOutcome
from agent.records import CauseKind, SetupCause

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench_envs", ROOT / "bench" / "bench_envs.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def outcome(output: str, exit_code: int = 1, passed=(), failed=()) -> TestOutcome:
    return TestOutcome(command="python -m pytest -q", exit_code=exit_code, output=output,
                       passed=set(passed), failed=set(failed))


def test_unittest_and_pytest_summaries_are_counted_without_junit():
    unit = outcome("....F\nRan 12 tests in 0.1s\n\nFAILED (failures=1, errors=2, skipped=3)\n")
    assert {k: bench.counts(unit)[k] for k in ("passed", "failed", "skipped")} == {"passed": 6, "failed": 3,
                                                                                   "skipped": 3}
    tox = outcome("py39 run-test: commands[0]\n===== 40 passed, 2 failed, 1 error in 3.21s =====\n")
    assert (bench.counts(tox)["passed"], bench.counts(tox)["failed"]) == (40, 3)


def test_classes_name_what_went_wrong():
    sane = outcome("", 1, passed=[f"t{i}" for i in range(9)], failed=["t9"])
    assert bench.classify(None, sane, bench.counts(sane), None)[0] == "sane"
    mostly = outcome("", 1, passed=["a"], failed=["b", "c"])
    assert bench.classify(None, mostly, bench.counts(mostly), None)[0] == "mostly failing"
    missing = outcome("E   ModuleNotFoundError: No module named 'dateutil.tz'\n", 2, failed=["tests/test_a.py"])
    cause = SetupCause(CauseKind.NO_MODULE_IMPORTS, "E   ModuleNotFoundError: No module named 'dateutil.tz'",
                       "no test module could be imported")
    assert bench.classify(None, missing, bench.counts(missing), cause) == (
        "import error", "No module named 'dateutil' (no test module could be imported)")
    config = outcome("Failed: [pytest] section in setup.cfg files is no longer supported\n", 1)
    assert bench.classify(None, config, bench.counts(config), None)[0] == "runner error"
    empty = outcome("\nRan 0 tests in 0.000s\n\nOK\n", 0)
    assert bench.classify(None, empty, bench.counts(empty), None)[0] == "no tests collected"
    failed = "SetupFailed: repository install failed (exit 1): `pip install x`\n  noise\nerror: no such file\nhint: try"
    assert bench.classify(failed, None, {}, None) == (
        "install failed", "SetupFailed: repository install failed (exit 1): `pip install x` … error: no such file")


def test_style_reads_the_backend_and_the_drivers(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[build-system]\nbuild-backend = "hatchling.build"\n'
                                             '[project.optional-dependencies]\ntests = ["pytest"]\n')
    (tmp_path / "setup.cfg").write_text("[egg_info]\ntag_build =\n")
    (tmp_path / "tox.ini").write_text("[tox]\n")
    (tmp_path / "src").mkdir()
    assert bench.style(tmp_path) == ["pyproject:hatch", "tox", "src-layout", "extras"]


def test_the_project_list_is_wide_and_clean():
    rows = json.loads((ROOT / "bench" / "envs_projects.json").read_text())
    assert len(rows) >= 100
    names = {r["spec"].split("==")[0].lower() for r in rows}
    assert not names & bench.EXCLUDED
    years = {r["released"][:4] for r in rows}
    assert {str(y) for y in range(2015, 2026)} <= years
    styles = {r["style"][0] for r in rows}
    assert {"setup.py", "pyproject:setuptools", "pyproject:flit", "pyproject:hatch", "pyproject:poetry",
            "pyproject:pdm"} <= styles
    assert {"tox", "nox", "Makefile", "requirements", "src-layout", "extras"} <= {t for r in rows for t in r["style"]}
