"""A flaky test is no evidence either way (bench/native_real/libmodbus-614: a client/server shell test failed on
the baseline and passed with a wrong patch, which was then rated `high` as "repairs a failing project test").
A test counts as repaired only when it failed on two runs of the unpatched tree; the second run is made once,
when a candidate first claims a repair. Real git repos, the real local sandbox, the real Validator and the
pipeline's own rating (agent/pipeline.py assess)."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.candidates import Candidate
from agent.judge.flaky import CleanRerun
from agent.judge.testrun import run_tests
from agent.judge.validate import Validator
from agent.native.tests import read_results
from agent.pipeline import assess
from agent.reports import parse
from agent.run import Run, RunConfig
from gitrepo import make_repo
from sandbox import open_sandbox

UNITS = '''UNITS = {"k": 1000, "M": 1000 ** 2}


def parse_size(text):
    number, unit = text[:-1], text[-1]
    return int(number) * UNITS[unit]
'''
REPRO = "from units import parse_size\nprint(parse_size('10K'))\n"
TRACE = '''Traceback (most recent call last):
  File "repro.py", line 2, in <module>
    print(parse_size('10K'))
  File "/home/u/units/units.py", line 6, in parse_size
    return int(number) * UNITS[unit]
KeyError: 'K'
'''
# an exception swallowed into a default: only behaviour answers that shape (a failing project test now passing)
SWALLOW = ("--- a/units.py\n+++ b/units.py\n@@ -4,3 +4,6 @@\n def parse_size(text):\n"
           "     number, unit = text[:-1], text[-1]\n-    return int(number) * UNITS[unit]\n+    try:\n"
           "+        return int(number) * UNITS[unit]\n+    except KeyError:\n+        return None\n")
SWALLOW_TOO = SWALLOW.replace("        return None\n", "        return None  # unknown unit\n")
KNOWN = "from units import parse_size\n\n\ndef test_known_unit():\n    assert parse_size('10k') == 10000\n"
# fails on its first run in the whole test session (a marker file outside the tree), passes on every later one
FLAKY = '''import os


def test_server_answers():
    if not os.path.exists({marker!r}):
        open({marker!r}, "w").close()
        assert False, "the server did not answer in time"
'''
# passes on its first two runs, fails on every later one
DECAYS = '''import os


def test_port_free():
    with open({counter!r}, "a") as f:
        f.write("x")
    assert os.path.getsize({counter!r}) <= 2, "the port is still taken"
'''
GENUINE = "from units import parse_size\n\n\ndef test_unknown_unit_gives_none():\n    assert parse_size('10K') is None\n"
PYTEST = "python -m pytest -q tests"


def project(tmp_path: Path, *tests: str) -> Path:
    files = {"units.py": UNITS, "repro.py": REPRO, "tests/test_known.py": KNOWN}
    if "flaky" in tests:
        files["tests/test_flaky.py"] = FLAKY.format(marker=str(tmp_path / "answered"))
    if "decays" in tests:
        files["tests/test_decays.py"] = DECAYS.format(counter=str(tmp_path / "runs"))
    if "genuine" in tests:
        files["tests/test_genuine.py"] = GENUINE
    return make_repo(tmp_path / "units", files)


@pytest.fixture
def sandboxes():
    opened = []
    yield lambda repo: opened.append(open_sandbox("local", repo, install=False)) or opened[-1]
    for sb in opened:
        sb.close()


def validator(sb, test_cmd: str = PYTEST, rerun: CleanRerun | None = None, **options):
    """The run's baseline on the clean tree first (as the pipeline makes it), then the run's validator."""
    baseline = run_tests(sb, test_cmd, timeout=120)
    if options.get("read_results"):
        options["read_results"](baseline)
    if rerun is not None:
        options["rerun"] = rerun
    return Validator(sb, parse(TRACE), "python repro.py", test_cmd, baseline, tries=1, timeout=120, **options)


def rated(tmp_path: Path, v: Validator, *verdicts):
    run = Run(RunConfig(repo=str(tmp_path), report_text=TRACE, out=tmp_path / "out"))
    run.report, run.language, run.files = parse(TRACE), "python", ["units.py", "repro.py"]
    run.test_cmd, run.tests_before = v.test_cmd, v.baseline
    return assess(run, list(verdicts))


def test_a_patch_that_repairs_only_a_flaky_test_is_not_rated_high(tmp_path, sandboxes):
    v = validator(sandboxes(project(tmp_path, "flaky")))
    assert "tests.test_flaky::test_server_answers" in v.baseline.failed          # the flake, on the baseline
    verdict = v.check(Candidate(SWALLOW, "catch KeyError", "t"))
    assert verdict.validated, verdict.reason
    [best] = rated(tmp_path, v, verdict)
    assert best.confidence == "speculative", best.confidence_why       # before: high, "repairs" the flake
    assert verdict.repaired == []
    assert "tests.test_flaky::test_server_answers failed once and passed once on the unpatched tree: flaky, " \
           "not counted as repaired" in verdict.reason
    assert [(d.test, d.why) for d in verdict.discounted] == [("tests.test_flaky::test_server_answers", "flaky_repair")]
    assert any("the unpatched tree's tests, a second time" in entry for entry in verdict.log)
    assert "catches the exception (`except KeyError:`)" in best.confidence_why
    assert "tests.test_flaky::test_server_answers failed once and passed once on the unpatched tree: flaky, not " \
           "counted as repaired" in best.confidence_why
    assert not any("failing before the patch pass with it" in r for r in best.confidence_reasons)
    assert verdict.to_dict()["discounted_tests"] == [{"test": "tests.test_flaky::test_server_answers",
                                                      "why": "flaky_repair"}]


def test_a_test_that_fails_on_both_clean_runs_still_counts_and_the_second_run_is_made_once(tmp_path, sandboxes):
    sb = sandboxes(project(tmp_path, "flaky", "genuine"))
    rerun = CleanRerun()
    v = validator(sb, rerun=rerun)
    first = v.check(Candidate(SWALLOW, "catch KeyError", "t"))
    assert first.validated and first.repaired == ["tests.test_genuine::test_unknown_unit_gives_none"], first.reason
    assert [d.test for d in first.discounted] == ["tests.test_flaky::test_server_answers"]
    [best] = rated(tmp_path, v, first)
    assert best.confidence == "high", best.confidence_why
    assert "the project's own test(s) failing before the patch pass with it: " \
           "tests.test_genuine::test_unknown_unit_gives_none" in best.confidence_why
    assert "test_server_answers failed once and passed once on the unpatched tree" in best.confidence_why
    # another candidate, and another validator of the same run (the research agent's): no third clean run
    again = Validator(sb, parse(TRACE), "python repro.py", PYTEST, v.baseline, tries=1, timeout=120, rerun=rerun)
    second = again.check(Candidate(SWALLOW_TOO, "catch KeyError, commented", "t"))
    assert second.repaired == first.repaired and [d.test for d in second.discounted] == [d.test for d in first.discounted]
    assert not any("a second time" in entry for entry in second.log)


def test_a_test_seen_failing_on_the_clean_tree_neither_rejects_a_patch_nor_lets_it_be_high(tmp_path, sandboxes):
    """It passed on the baseline and fails on the clean tree's second run: failing with a later patch, it is
    flaky, not a break; and the suite can no longer vouch for that patch."""
    v = validator(sandboxes(project(tmp_path, "decays", "genuine")))
    assert "tests.test_decays::test_port_free" in v.baseline.passed
    first = v.check(Candidate(SWALLOW, "catch KeyError", "t"))       # its second run: still passes
    assert first.validated and first.repaired, first.reason
    later = v.check(Candidate(SWALLOW_TOO, "catch KeyError, commented", "t"))   # fails now, as on the clean rerun
    assert later.validated, later.reason
    assert later.broken == [] and [(d.test, d.why) for d in later.discounted] == [
        ("tests.test_decays::test_port_free", "flaky_break")]
    [best] = rated(tmp_path, v, later)
    assert best.confidence == "speculative", best.confidence_why
    assert "tests.test_decays::test_port_free fails with this patch, but it also failed once and passed once on " \
           "the unpatched tree: flaky" in best.confidence_why
    assert not any("no passing one broke" in r for r in best.confidence_reasons)


RUNNER = '''#!/bin/sh
# the suite of a C project's `make check`, as automake prints it
if python -c "from units import parse_size; assert parse_size('10k') == 10000"; then echo "PASS: sizes"; else echo "FAIL: sizes"; s=1; fi
if [ -e {marker} ]; then echo "PASS: unit-tests.sh"; else touch {marker}; echo "FAIL: unit-tests.sh"; s=1; fi
exit ${{s:-0}}
'''


def test_a_runner_read_from_its_output_with_a_rebuild_gets_the_same_rule(tmp_path, sandboxes):
    """libmodbus-614's shape: `make check` prints PASS/FAIL lines; the clean tree is rebuilt before its second run."""
    repo = make_repo(tmp_path / "units", {"units.py": UNITS, "repro.py": REPRO,
                                           "check.sh": RUNNER.format(marker=tmp_path / "answered")})
    v = validator(sandboxes(repo), "sh check.sh", read_results=read_results,
                  build_cmd="python -m compileall -q units.py")
    assert v.baseline.failed == {"unit-tests.sh"}
    verdict = v.check(Candidate(SWALLOW, "catch KeyError", "t"))
    assert verdict.validated and verdict.repaired == [], verdict.reason
    assert "unit-tests.sh failed once and passed once on the unpatched tree" in verdict.reason
    assert any("the unpatched tree's tests, a second time" in e for e in verdict.log)
    [best] = rated(tmp_path, v, verdict)
    assert best.confidence == "speculative", best.confidence_why
