"""bench/bench_templates.py's own judgement (does the patched code do what the later release does on the
issue's input), and the eval/trust cases it reads: each has its later release recorded, and the croniter
issue's traceback is the vendored 1.0.12's own."""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench_templates", ROOT / "bench" / "bench_templates.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_the_later_release_agrees_only_on_the_same_result():
    assert bench.agrees({"gives": "False"}, {"exit": 0, "output": "False\n"}) is True
    assert bench.agrees({"gives": "False"}, {"exit": 0, "output": "True\n"}) is False
    assert bench.agrees({"gives": "False"}, {"exit": 1, "output": "Traceback...\nValueError: x\n"}) is False
    raised = {"exit": 1, "output": "Traceback (most recent call last):\njsonpatch.InvalidJsonPatch: bad\n"}
    assert bench.agrees({"raises": "InvalidJsonPatch"}, raised) is True
    assert bench.agrees({"raises": "InvalidJsonPatch"}, {"exit": 0, "output": "None\n"}) is False
    assert bench.agrees({"gives_prefix": "(<Statement"}, {"exit": 0, "output": "(<Statement 'S' at 0x7f>,)\n"}) is True
    # not known: no record of the later release's result, or no run of the input with the patch
    assert bench.agrees({"note": "not recorded"}, {"exit": 0, "output": "False\n"}) is None
    assert bench.agrees(None, {"exit": 0, "output": "False\n"}) is None
    assert bench.agrees({"gives": "False"}, None) is None
    assert bench.agrees({"gives": "False"}, {"exit": 0, "output": ""}) is None      # printed nothing
    assert bench.agrees({"gives": "'-1st'"}, {"exit": 0, "output": "\n"}) is False  # printed an empty line


def test_every_trust_case_has_its_later_release_recorded():
    later = json.loads((ROOT / "eval" / "trust" / "later.json").read_text())
    cases = sorted(p.parent.name for p in (ROOT / "eval" / "trust").glob("*/case.json"))
    assert cases and all(c in later and later[c].get("version") for c in cases)
    assert all(any(k in later[c] for k in ("gives", "raises")) for c in cases)


def test_the_croniter_report_is_the_vendored_code_s_traceback():
    """Each repository frame of the issue's traceback names a line of the vendored croniter 1.0.12 that
    holds the code the traceback shows (`crashfix eval eval/trust` reproduces the crash itself, rung 1)."""
    case = ROOT / "eval" / "trust" / "croniter-random-divisor-zero"
    report = (case / "report.txt").read_text()
    repo = (case / json.loads((case / "case.json").read_text())["repo"]).resolve()
    code = (repo / "src" / "croniter" / "croniter.py").read_text().splitlines()
    frames = re.findall(r'site-packages/croniter/croniter\.py", line (\d+), in (\w+)\n    (.+)\n', report)
    assert [f[1] for f in frames] == ["is_valid", "expand", "_expand", "expand", "do"]
    for line, _, shown in frames:
        assert code[int(line) - 1].strip() == shown.strip()
    assert "\nZeroDivisionError: integer modulo by zero\n```\n" in report
