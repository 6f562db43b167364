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
    same = {"gives": "http://x/a", "gives_on_buggy": "URL.from_text('http://x/a')"}      # 18.0.0 added __str__
    assert bench.agrees(same, {"exit": 0, "output": "URL.from_text('http://x/a')\n"}) is True
    assert bench.agrees(same, {"exit": 0, "output": "URL.from_text('http://x/a/')\n"}) is False
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


def _row(confidence, agrees, status="fixed"):
    return {"suite": "s", "case": "c", "status": status, "confidence": confidence, "later_agrees": agrees}


def test_the_figures_count_right_and_wrong_per_level_and_the_precision_of_high():
    rows = [_row("high", True), _row("high", True), _row("high", False), _row("high", None),
            _row("speculative", True), _row("speculative", False), _row("speculative", None),
            _row(None, None, "not_fixed"), _row(None, None, "not_reproduced"), _row(None, None, "env_broken"),
            _row(None, None, "not_fixed")]
    f = bench.figures(rows)
    assert f["levels"]["high"] == {"patches": 4, "right": 2, "wrong": 1, "unknown": 1}
    assert f["levels"]["speculative"] == {"patches": 3, "right": 1, "wrong": 1, "unknown": 1}
    assert f["no_patch"] == {"not_fixed": 2, "not_reproduced": 1, "env_broken": 1, "error": 0}
    assert f["high_precision"] == 2 / 3              # unknown behaviour is left out, not counted right
    assert f["right_high_share"] == 2 / 3            # 2 of the 3 right patches are high
    text = "\n".join(bench.summary(rows))
    assert "precision of high: 67%" in text and "right patches that are high: 67%" in text


def test_the_figures_say_n_a_without_a_high_patch_and_keep_an_unknown_status_or_level():
    f = bench.figures([_row("speculative", True), _row(None, None, "suggested"), _row("low", False)])
    assert f["high_precision"] is None and f["right_high_share"] == 0.0
    assert f["no_patch"]["suggested"] == 1 and f["levels"]["low"]["wrong"] == 1
    assert "precision of high: n/a" in "\n".join(bench.summary([_row("speculative", True)]))


def test_a_results_file_is_resumed_and_a_cut_line_dropped(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(_row("high", True)) + "\n" + '{"suite": "s", "ca')
    assert bench.read_results(path) == [_row("high", True)]
    assert bench.read_results(tmp_path / "missing.jsonl") == []


TRUST30 = ROOT / "eval" / "trust30"


def test_every_trust30_case_is_well_formed():
    """Each case of the real-bugs suite has the issue text (a traceback, no fix), a case.json whose repo
    exists and holds a package, a date for its one-commit repo, and the later release's recorded result."""
    later = json.loads((TRUST30 / "later.json").read_text())
    cases = sorted(p.parent for p in TRUST30.glob("*/case.json"))
    assert len(cases) >= 30
    projects = set()
    for case in cases:
        meta = json.loads((case / "case.json").read_text())
        report = (case / "report.txt").read_text()
        assert "Traceback (most recent call last):" in report, case.name
        assert meta["kind"] in report and "site-packages/" in report, case.name
        assert "diff --git" not in report and "test_" not in report.split("```")[0], case.name
        repo = (case / meta["repo"]).resolve()
        assert repo.is_dir() and (repo / "PKG-INFO").is_file(), case.name
        assert any((repo / f).is_file() for f in ("setup.py", "pyproject.toml", "setup.cfg")), case.name
        assert not any(repo.rglob("__pycache__")), case.name
        assert re.match(r"\d{4}-\d\d-\d\dT", meta["commit_date"]) and not meta["commit_date"].startswith("1970")
        assert meta["test_cmd"].startswith("python -m pytest")
        rec = later[case.name]
        assert rec.get("version") and rec.get("changelog") and ("gives" in rec or "raises" in rec), case.name
        assert rec.get("raises") != meta["kind"], case.name         # the later release does not crash the same way
        projects.add(repo.name.rsplit("-", 1)[0])
    assert len(projects) >= 20


def test_the_table_merges_results_files_the_last_row_of_a_case_winning(tmp_path, capsys):
    row = {**_row(None, None, "not_fixed"), "kind": None, "validated": 0, "meets_expectation": None}
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text(json.dumps(row) + "\n")
    second.write_text(json.dumps({**row, "status": "fixed", "confidence": "high", "later_agrees": True}) + "\n"
                      + json.dumps({**row, "case": "d"}) + "\n")
    assert bench.main(["--table", str(first), str(second)]) == 0
    out = capsys.readouterr().out
    assert "high               1      1      0        0" in out and "(of 2 cases)" in out and "not_fixed 1" in out


def _cand(template, confidence, printed, diff):
    return {"template": template, "validated": True, "confidence": confidence, "diff": diff,
            "script_after": {"exit": 0, "output": printed + "\n"}}


def test_the_models_own_patch_and_the_templates_are_each_judged_against_the_later_release():
    res = {"fix": {"diff": "t1"}, "candidates": [
        _cand("key_get", "speculative", "None", "t1"), _cand("own_error", "speculative", "x", "t2"),
        {"template": "wrong_var", "validated": False, "diff": "t3"},
        _cand("llm", "speculative", "b'abcd'", "m1"), _cand("llm", "high", "b'abcd'", "m2")]}
    later = {"gives": "b'abcd'"}
    model = bench.own_patch(res, later, "llm")
    assert model == {"confidence": "high", "later_agrees": True, "chosen": False, "gives": "b'abcd'"}
    assert bench.own_patch(res, later, None) == {"confidence": "speculative", "later_agrees": False, "chosen": True,
                                                 "gives": "None"}
    assert bench.own_patch({"candidates": res["candidates"][:3]}, later, "llm") is None    # the model made none
    rows = [{"model": model, "template": bench.own_patch(res, later, None)}, {"model": None, "template": None}]
    assert bench.own_figures(rows, "model")["high"] == {"patches": 1, "right": 1, "wrong": 0}
    assert bench.own_figures(rows, "template")["speculative"] == {"patches": 1, "right": 0, "wrong": 1}
