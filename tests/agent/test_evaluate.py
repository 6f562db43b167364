"""`crashfix eval --json` counts each case's model calls and the tokens the endpoint reported: a case run
against its own scripted model over real HTTP (the real openai client), the replay labelled."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agent.evaluate import CaseResult, EvalError, case_repo, table

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"
TALKS = {"content": "I will think about it."}           # no tool call: three of these end the trajectory


def crashfix(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.cli.main", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})


def case(suite: Path, name: str, script: dict | None) -> Path:
    folder = suite / name
    folder.mkdir(parents=True)
    (folder / "case.json").write_text(json.dumps({"repo": str(EXAMPLE / "repo"), "test_cmd": "python -m pytest -q",
                                                  "expect": "not_fixed"}))
    (folder / "report.txt").write_text((EXAMPLE / "report.txt").read_text())
    if script is not None:
        (folder / "scripted-model.json").write_text(json.dumps(script))
    return folder


@pytest.mark.slow
def test_eval_json_reports_the_calls_and_tokens_the_endpoint_counted(tmp_path):
    script = {"model": "scripted-talker", "analysis": [TALKS, {**TALKS, "usage": {"prompt_tokens": 5000,
                                                                                   "completion_tokens": 7}}, TALKS],
              "usage": {"prompt_tokens": 900, "completion_tokens": 60}}
    case(tmp_path / "suite", "talker", script)
    out = crashfix("eval", str(tmp_path / "suite"), "--json", "--sandbox", "local", "--strategy", "llm",
                   "--model", "scripted", "--trajectories", "1")
    assert out.returncode == 0, out.stderr[-3000:]
    [row] = json.loads(out.stdout)
    assert row["case"] == "talker" and row["status"] == "not_fixed"
    # the script's three calls, and the one reading what the issue expects (agent/research/second_opinion.py),
    # answered with the scripted server's default usage
    assert (row["llm_calls"], row["prompt_tokens"], row["completion_tokens"]) == (4, 900 + 5000 + 900 + 900, 60 + 7 + 60 + 60)
    assert row["replay"] is True
    assert "REPLAY (scripted model, no real LLM)" in out.stderr


def test_a_scripted_eval_without_a_case_script_or_a_model_is_refused_at_once(tmp_path):
    case(tmp_path / "suite", "bare", None)
    out = crashfix("eval", str(tmp_path / "suite"), "--strategy", "llm", "--model", "scripted")
    assert out.returncode == 2 and "--model scripted: no scripted-model.json in bare" in out.stderr
    none = subprocess.run([sys.executable, "-m", "bot.cli.main", "eval", str(tmp_path / "suite"), "--strategy", "llm"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PATH": os.environ["PATH"], "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)})
    assert none.returncode == 2 and "--strategy llm needs a model" in none.stderr


def test_the_table_shows_calls_and_tokens_and_their_sum():
    rows = [CaseResult("a", "fixed", "fixed", 1.0, 1, "x", None, llm_calls=3, prompt_tokens=100, completion_tokens=5),
            CaseResult("b", "fixed", "not_fixed", 1.0, 0, None, None)]
    text = table(rows).splitlines()
    assert text[0].split()[-3:] == ["calls", "tokens", "rung"]
    assert text[1].split()[-3:] == ["3", "105", "-"] and text[2].split()[-3:] == ["0", "0", "-"]
    assert text[-1] == "model: 3 calls, 100 prompt + 5 completion tokens"


def test_a_case_overlay_is_applied_to_a_copy_of_the_shared_repo_and_dated(tmp_path):
    shared = tmp_path / "vendor" / "lib"
    (shared / "pkg").mkdir(parents=True)
    (shared / "pkg" / "a.py").write_text("A = 1\n")
    (shared / "test_a.py").write_text("old\n")
    case = tmp_path / "case"
    case.mkdir()
    (case / "overlay.diff").write_text("--- a/test_a.py\n+++ b/test_a.py\n@@ -1 +1 @@\n-old\n+new\n")
    meta = {"repo": "../vendor/lib"}
    assert case_repo(tmp_path / "plain", meta, tmp_path / "x") == shared.resolve()      # no overlay: used as is
    repo = case_repo(case, meta, tmp_path / "work")
    assert (repo / "test_a.py").read_text() == "new\n" and (repo / "pkg" / "a.py").read_text() == "A = 1\n"
    assert (shared / "test_a.py").read_text() == "old\n"                                 # the shared repo untouched
    dated = case_repo(case, meta | {"commit_date": "2019-06-14T10:00:00Z"}, tmp_path / "dated")
    log = subprocess.run(["git", "log", "--format=%cI", "-1"], cwd=dated, capture_output=True, text=True).stdout
    assert log.strip() == "2019-06-14T10:00:00+00:00" and (dated / "test_a.py").read_text() == "new\n"
    with pytest.raises(EvalError, match="overlay 'extra.diff'"):
        case_repo(case, meta | {"overlay": "extra.diff"}, tmp_path / "y")
    (shared / "test_a.py").write_text("changed\n")                                     # the patch no longer fits
    with pytest.raises(EvalError, match="overlay.diff does not apply to lib"):
        case_repo(case, meta, tmp_path / "z")
