"""`crashfix trajectories export`: a real run with the scripted model (local sandbox) exported as chat-format
training data; the conversations intact, tool calls answered, the outcome attached, secrets redacted."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agent.research.trajectories import ExportError, ExportSummary, export, run_examples
from bot.cli.main import main as cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"
PLANTED = "hunter2-operator-only-value-77"          # a secret the run did not know (registered at export)


def crashfix(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.cli.main", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> Path:
    """One run of the shipped scripted model on the bundled example, fixed by the agent."""
    base = tmp_path_factory.mktemp("runs")
    code = cli(["run", "--repo", str(EXAMPLE / "repo"), "--report", str(EXAMPLE / "report.txt"),
                "--test-cmd", "python -m pytest -q", "--sandbox", "local", "--strategy", "llm",
                "--model", f"scripted:{EXAMPLE / 'scripted-model.json'}", "--trajectories", "1",
                "--out", str(base / "job-1")])
    assert code == 0
    traj = base / "job-1" / "trajectories" / "traj-1.json"
    data = json.loads(traj.read_text())
    data["analysis_messages"][1]["content"] += f"\n(operator note: {PLANTED})"
    traj.write_text(json.dumps(data))
    return base


@pytest.mark.slow
def test_export_writes_each_conversation_in_the_chat_format_with_its_outcome(runs, tmp_path):
    out = tmp_path / "train.jsonl"
    done = crashfix("trajectories", "export", "--format", "openai-jsonl", "--out", str(out), str(runs),
                    env={"CRASHFIX_LLM_API_KEY": PLANTED})
    assert done.returncode == 0, done.stderr
    assert "2 conversations (2 of validated trajectories) from 1 trajectories of 1 runs" in done.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    saved = json.loads((runs / "job-1" / "trajectories" / "traj-1.json").read_text())
    assert [e["metadata"]["phase"] for e in lines] == ["analysis", "synthesis"]
    for example, recorded in zip(lines, (saved["analysis_messages"], saved["messages"])):
        messages = example["messages"]
        assert [m["role"] for m in messages[:2]] == ["system", "user"] and messages[-1]["role"] in ("assistant", "tool")
        assert len(messages) <= len(recorded)
        assert all(set(m) <= {"role", "content", "tool_calls", "tool_call_id"} for m in messages)
        # every tool call is answered by the tool message that names its id, in order
        for i, m in enumerate(messages):
            for j, call in enumerate(m.get("tool_calls", [])):
                assert messages[i + 1 + j] == {**messages[i + 1 + j], "role": "tool", "tool_call_id": call["id"]}
                json.loads(call["function"]["arguments"])
        offered = {t["function"]["name"] for t in example["tools"]}
        called = {c["function"]["name"] for m in messages for c in m.get("tool_calls", [])}
        assert called <= offered and all(t["type"] == "function" and "parameters" in t["function"]
                                         for t in example["tools"])
        assert example["metadata"] == {**example["metadata"], "outcome": "fixed", "validated": True,
                                       "chosen": True, "replay": True, "model": "scripted-inventory",
                                       "crash": "AttributeError", "trajectory": 1, "run": "job-1"}
    assert {"conclude", "note"} <= {t["function"]["name"] for t in lines[0]["tools"]}
    assert "submit" in {t["function"]["name"] for t in lines[1]["tools"]}
    last = [m for m in lines[1]["messages"] if m["role"] == "assistant"][-1]
    assert last["tool_calls"][0]["function"]["name"] == "submit"
    assert lines[1]["messages"][-1]["content"].startswith("VALIDATED")
    text = out.read_text()
    assert PLANTED not in text and "[REDACTED]" in lines[0]["messages"][1]["content"]


@pytest.mark.slow
def test_only_validated_drops_the_trajectories_whose_patch_was_rejected(runs, tmp_path):
    rejected = tmp_path / "job-2"
    (rejected / "trajectories").mkdir(parents=True)
    saved = json.loads((runs / "job-1" / "trajectories" / "traj-1.json").read_text())
    saved.update(status="rejected", submissions=[{**saved["submissions"][0], "validated": False}])
    (rejected / "trajectories" / "traj-1.json").write_text(json.dumps(saved))
    (rejected / "result.json").write_text(json.dumps({"status": "not_fixed", "fix": None,
                                                      "report": {"kind": "python", "type": "AttributeError"}}))
    examples = list(run_examples(rejected, ExportSummary()))
    assert [e["metadata"]["validated"] for e in examples] == [False, False]
    assert {e["metadata"]["outcome"] for e in examples} == {"not_fixed"}
    both = io.StringIO()
    assert export([runs, rejected], both).examples == 4
    kept = io.StringIO()
    summary = export([runs, rejected], kept, only_validated=True)
    assert summary.examples == 2 and all(json.loads(l)["metadata"]["run"] == "job-1" for l in kept.getvalue().splitlines())


@pytest.mark.slow
def test_a_broken_trajectory_file_is_skipped_and_named_the_others_exported(runs, tmp_path):
    broken = tmp_path / "job-3" / "trajectories"
    broken.mkdir(parents=True)
    (broken / "traj-1.json").write_text('{"messages": [')
    sink = io.StringIO()
    summary = export([runs, tmp_path / "job-3"], sink)
    assert summary.runs == 2 and summary.examples == 2
    assert len(summary.skipped) == 1 and summary.skipped[0].startswith(str(broken / "traj-1.json"))


def test_bad_input_gets_a_clear_error_and_leaves_no_file(tmp_path):
    with pytest.raises(ExportError, match="unknown format 'csv'"):
        export([tmp_path], io.StringIO(), fmt="csv")
    out = tmp_path / "x.jsonl"
    done = crashfix("trajectories", "export", "--out", str(out), str(tmp_path / "missing"))
    assert done.returncode == 2 and "no such file or folder" in done.stderr
    assert not out.exists() and not list(tmp_path.glob("*.tmp"))
    empty = crashfix("trajectories", "export", str(tmp_path))
    assert empty.returncode == 1 and "0 conversations" in empty.stderr and empty.stdout == ""


def test_every_recorded_conversation_is_exported_and_an_interrupted_turn_is_cut():
    from agent.research.trajectories import conversation, conversations
    call = {"id": "c1", "type": "function", "function": {"name": "run", "arguments": "{}"}}
    repro = [{"role": "system", "content": "You are the agent, phase: REPRODUCTION."}, {"role": "user", "content": "go"},
             {"role": "assistant", "content": "", "tool_calls": [call]},
             {"role": "tool", "tool_call_id": "c1", "content": "exit 1"},
             {"role": "assistant", "content": None, "tool_calls": [{**call, "id": "c2"}]}]     # killed mid-call
    traj = {"reproduction_messages": repro, "analysis_messages": [], "messages": repro[:2]}
    assert conversations(traj) == [repro, repro[:2]]
    example = conversation(repro, None)
    assert example["phase"] == "reproduction" and [m["role"] for m in example["messages"]] == \
        ["system", "user", "assistant", "tool"]
    assert "run" in {t["function"]["name"] for t in example["tools"]}
    assert conversation(repro[:2], None) is None                       # no answer: nothing to learn


def test_the_reproduction_phase_is_exported_with_its_own_tools_and_crashfixs_verdict(tmp_path):
    call = {"id": "c1", "type": "function", "function": {"name": "write_test", "arguments": "{}"}}
    messages = [{"role": "system", "content": "You are crashfix's research agent, phase: REPRODUCTION."},
                {"role": "user", "content": "reproduce"},
                {"role": "assistant", "content": "", "tool_calls": [call]},
                {"role": "tool", "tool_call_id": "c1", "content": "wrote test_repro.py"},
                {"role": "assistant", "content": "done"}]
    for name, status in (("job-1", "reproduced"), ("job-2", "not_reproduced")):
        run = tmp_path / name
        (run / "trajectories").mkdir(parents=True)
        (run / "result.json").write_text(json.dumps({"status": "fixed" if status == "reproduced" else status}))
        (run / "trajectories" / "repro-1.json").write_text(json.dumps({"n": 1, "status": status, "messages": messages}))
    sink = io.StringIO()
    summary = export([tmp_path], sink)
    examples = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert summary.runs == 2 and len(examples) == 2
    meta = {e["metadata"]["run"]: e["metadata"] for e in examples}
    assert meta["job-1"]["phase"] == "reproduction" and meta["job-1"]["validated"] is True
    assert meta["job-2"]["validated"] is False and meta["job-2"]["outcome"] == "not_reproduced"
    tools = {t["function"]["name"] for t in examples[0]["tools"]}
    assert {"write_test", "check_reproducer"} <= tools and "try_patch" not in tools
