"""bench/bench_templates.py's own judgement (does the patched code do what the later release does on the
issue's input), and the eval/trust cases it reads: each has its later release recorded, and the
croniter case's vendored 1.0.12 really crashes on the issue's input."""
from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
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
    # not known: no record of the later release's result, or no run of the issue's input with the patch
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


def test_the_croniter_case_crashes_as_the_issue_says():
    case = ROOT / "eval" / "trust" / "croniter-random-divisor-zero"
    report = (case / "report.txt").read_text()
    script = re.search(r"```python\n(.*?)```", report, re.S).group(1)
    repo = (case / json.loads((case / "case.json").read_text())["repo"]).resolve()
    env = {**os.environ, "PYTHONPATH": str(repo / "src"), "PYTHONDONTWRITEBYTECODE": "1"}
    res = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert res.returncode == 1 and res.stderr.rstrip().endswith("ZeroDivisionError: integer modulo by zero")
    assert 'croniter.py", line 854, in do' in res.stderr and "line 854, in do" in report
