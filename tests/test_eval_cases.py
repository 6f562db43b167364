"""Keep the dev benchmark (eval/dev/) and the bundled example (examples/inventory/) honest.

For every case, in a temporary copy of its repo/:
  * the case's test command fails (for expect=not_reproduced: passes, and the reproducer in the
    report does not crash),
  * after `git apply fix.diff` the test command passes entirely,
  * report.txt holds a traceback (or pytest failure) of the kind case.json states, the buggy
    test run shows that same kind, and the report's paths are a user's checkout, not eval/.
Tests run with this interpreter and PYTHONPATH=repo/src (or repo/), never by installing.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEV = ROOT / "eval" / "dev"
EXAMPLE = ROOT / "examples" / "inventory"

CASES = sorted(p.parent for p in DEV.glob("*/case.json"))
ALL = CASES + [EXAMPLE]

KEYS = {"test_cmd", "kind", "expect", "bug", "fix_class"}
EXPECTS = {"fixed", "speculative", "not_reproduced", "not_fixed"}
FIX_CLASSES = {"keyerror-get", "none-guard", "index-guard", "zero-divisor-guard", "comparison-operator",
               "arithmetic-operator", "off-by-one", "wrong-variable", "missing-return", "swapped-arguments",
               "recursion-base-case", "exception-too-narrow", "none"}

# what the final exception line of a traceback (or pytest's E-line / summary) must show
KIND_PATTERNS = {
    "KeyError": r"\bKeyError: ",
    "AttributeError-None": r"\bAttributeError: 'NoneType' object has no attribute ",
    "TypeError-None": r"\bTypeError: .*NoneType",
    "TypeError": r"\bTypeError: ",
    "IndexError": r"\bIndexError: ",
    "ValueError": r"\bValueError: ",
    "ZeroDivisionError": r"\bZeroDivisionError: ",
    "RecursionError": r"\bRecursionError: maximum recursion depth exceeded",
    "wrong-output": r"(^E\s+(AssertionError: )?assert |AssertionError: assert )",
}
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", "*.egg-info", "build")


def _meta(case: Path) -> dict:
    return json.loads((case / "case.json").read_text())


def _ids(paths):
    return [p.name if p != EXAMPLE else "example-inventory" for p in paths]


def _copy(case: Path, tmp_path: Path) -> Path:
    work = tmp_path / "repo"
    shutil.copytree(case / "repo", work, ignore=IGNORE)
    return work


def _env(work: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))}
    src = work / "src"
    env["PYTHONPATH"] = str(src if src.is_dir() else work)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"   # the case repos need no plugins; saves start-up time
    return env


def _run_tests(case: Path, work: Path) -> subprocess.CompletedProcess:
    argv = _meta(case)["test_cmd"].split()
    assert argv[0] == "python"
    argv = [sys.executable, *argv[1:], "-p", "no:cacheprovider"]
    return subprocess.run(argv, cwd=work, env=_env(work), capture_output=True, text=True, timeout=300)


def test_enough_cases_of_every_sort():
    metas = {c.name: _meta(c) for c in CASES}
    assert len(metas) >= 32
    kinds = [m["kind"] for m in metas.values()]
    expects = [m["expect"] for m in metas.values()]
    assert kinds.count("wrong-output") >= 8
    assert "not_reproduced" in expects and expects.count("not_fixed") >= 3
    for kind in ("KeyError", "AttributeError-None", "TypeError-None", "IndexError", "ZeroDivisionError",
                 "RecursionError"):
        assert kind in kinds, kind
    fixed_classes = {m["fix_class"] for m in metas.values() if m["expect"] in ("fixed", "speculative")}
    assert FIX_CLASSES - {"none"} <= fixed_classes


@pytest.mark.parametrize("case", ALL, ids=_ids(ALL))
def test_case_layout(case):
    meta = _meta(case)
    assert set(meta) == KEYS
    assert meta["expect"] in EXPECTS
    assert meta["kind"] in KIND_PATTERNS
    assert meta["fix_class"] in FIX_CLASSES
    assert (meta["fix_class"] == "none") == (meta["expect"] not in ("fixed", "speculative"))
    assert meta["bug"].strip() and "\n" not in meta["bug"]
    repo = case / "repo"
    pyproject = (repo / "pyproject.toml").read_text()
    assert 'requires = ["setuptools>=61"]' in pyproject and "setuptools.build_meta" in pyproject
    assert re.search(r"^packages = \[", pyproject, re.M)  # found explicitly, not by discovery
    sources = [p for p in repo.rglob("*.py") if "tests" not in p.parts]
    assert 2 <= len(sources) <= 6, sources
    assert list((repo / "tests").glob("test_*.py"))
    diff = (case / "fix.diff").read_text()
    assert diff.startswith("diff --git a/") and "\n+++ b/" in diff


@pytest.mark.parametrize("case", ALL, ids=_ids(ALL))
def test_report_shows_the_stated_crash(case):
    meta, report = _meta(case), (case / "report.txt").read_text()
    assert re.search(KIND_PATTERNS[meta["kind"]], report, re.M), meta["kind"]
    if meta["kind"] != "wrong-output":
        assert "Traceback (most recent call last):" in report or re.search(r"^\S+\.py:\d+: in ", report, re.M) \
            or re.search(r"^E\s+\w+(Error|Exception)", report, re.M)
    # the paths are a user's checkout, to be mapped by suffix, never the benchmark's own paths
    assert "eval/dev" not in report and "examples/inventory" not in report and str(ROOT) not in report


@pytest.mark.parametrize("case", ALL, ids=_ids(ALL))
def test_buggy_then_fixed(case, tmp_path):
    meta = _meta(case)
    work = _copy(case, tmp_path)
    res = _run_tests(case, work)
    out = res.stdout + res.stderr
    if meta["expect"] == "not_reproduced":
        assert res.returncode == 0, out
        snippets = re.findall(r"```python\n(.*?)```", (case / "report.txt").read_text(), re.S)
        assert snippets, "a not_reproduced report must carry its reproducer"
        for i, code in enumerate(snippets):
            script = work / f"_repro_{i}.py"
            script.write_text(code)
            rep = subprocess.run([sys.executable, script.name], cwd=work, env=_env(work),
                                 capture_output=True, text=True, timeout=60)
            assert rep.returncode == 0 and "Traceback" not in rep.stderr, rep.stderr
    else:
        assert res.returncode == 1, out
        assert re.search(r"\b\d+ passed\b", out), "a case needs passing tests as well as the failing one"
        assert re.search(KIND_PATTERNS[meta["kind"]], out, re.M), out
    subprocess.run(["git", "init", "-q"], cwd=work, check=True)
    subprocess.run(["git", "apply", "--check", str(case / "fix.diff")], cwd=work, check=True)
    subprocess.run(["git", "apply", str(case / "fix.diff")], cwd=work, check=True)
    res = _run_tests(case, work)
    assert res.returncode == 0, res.stdout + res.stderr
    assert " passed" in res.stdout and "failed" not in res.stdout


def test_example_suite_has_one_failure_among_its_tests(tmp_path):
    # how long it takes is measured by bench/, not asserted here
    work = _copy(EXAMPLE, tmp_path)
    res = _run_tests(EXAMPLE, work)
    assert re.search(r"1 failed, (9|1\d) passed", res.stdout), res.stdout
