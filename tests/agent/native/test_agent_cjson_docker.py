"""The research agent on a real C project (issue 39): cJSON 1.7.15 (Debian bookworm's source, before the
fix of cJSON #800) with the issue as its reporter wrote it, the scripted model over HTTP, the C image and
the real Validator with its leak check. The model's first fix returns early after the comma and leaks the
parsed items; it disputes the rejection in words and the judge answers with its evidence (the reported
heap-buffer-overflow is gone, the leak is what rejects it); the maintainers' `goto fail` then validates.
A second run stops after the leaky fix: not fixed, and result.json and report.md keep its diff and the
agent's root cause, each named as what it is."""
from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from agent.pipeline import run_job
from agent.research.scripted import ScriptedServer
from agent.run import PATCHED, RunConfig

pytestmark = pytest.mark.docker

ROOT = Path(__file__).resolve().parents[3]
CASE = ROOT / "bench" / "native_real" / "cjson-800"

AFTER_COMMA = "            current_item = new_item;\n        }\n\n        /* parse the name of the child */\n"
LEAKY = ("            current_item = new_item;\n        }\n\n        if (cannot_access_at_index(input_buffer, 1))\n"
         "        {\n            return false; /* nothing after the comma */\n        }\n\n"
         "        /* parse the name of the child */\n")
ROOT_CAUSE = ("parse_object skips the comma and calls parse_string although nothing follows it: parse_string "
              "reads one byte past the end of the input")
DISPUTE = "The heap-buffer-overflow is gone with this patch; a leak is not the reported crash."


def script(fixes: bool) -> dict:
    synthesis = [
        {"content": "Stop after a trailing comma.", "tool_calls": [{"name": "edit", "arguments": {
            "path": "cJSON.c", "old": AFTER_COMMA, "new": LEAKY}}]},
        {"content": "Check it.", "tool_calls": [{"name": "reproduce", "arguments": {}}]},
        {"content": "Submit.", "tool_calls": [{"name": "submit", "arguments": {
            "summary": "parse_object: fail when nothing follows a comma"}}]},
        {"content": DISPUTE},
    ]
    if fixes:
        synthesis += [
            {"content": "The items parsed so far must be freed: go to fail.", "tool_calls": [{"name": "edit", "arguments": {
                "path": "cJSON.c", "old": "            return false; /* nothing after the comma */\n",
                "new": "            goto fail; /* nothing after the comma */\n"}}]},
            {"content": "Check it again.", "tool_calls": [{"name": "reproduce", "arguments": {}}]},
            {"content": "Submit.", "tool_calls": [{"name": "submit", "arguments": {
                "summary": "parse_object: fail (freeing the items) when nothing follows a comma"}}]},
        ]
    return {"description": "Scripted turns for cJSON #800 (issue 39). A REPLAY for tests, not a model.",
            "model": "scripted-cjson",
            "analysis": [
                {"content": "Reproduce first.", "tool_calls": [{"name": "reproduce", "arguments": {}}]},
                {"content": "Where does it stop?", "tool_calls": [{"name": "gdb", "arguments": {"batch": ["run", "bt 3"]}}]},
                {"content": "Done.", "tool_calls": [{"name": "conclude", "arguments": {
                    "root_cause": ROOT_CAUSE, "fix": "fail in parse_object when nothing follows the comma"}}]},
            ],
            "synthesis": synthesis}


@pytest.fixture
def cjson(tmp_path) -> Path:
    """cJSON 1.7.15 before the fix, assembled by the bench from the Debian source cache (not downloaded here)."""
    spec = importlib.util.spec_from_file_location("bench_native_real", ROOT / "bench" / "bench_native_real.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    case = json.loads((CASE / "case.json").read_text())
    dsc = bench.CACHE / f"{case['debian']['package']}_{case['debian']['version']}.dsc"
    if not dsc.exists() or shutil.which("dpkg-source") is None:
        pytest.skip(f"no {dsc.name} in the bench's Debian cache (python bench/bench_native_real.py cjson-800 fetches it)")
    return bench.buggy_tree(case, tmp_path)


def run_agent(tree: Path, out: Path, c_image: str, fixes: bool):
    srv = ScriptedServer(script(fixes)).start()
    try:
        return run_job(RunConfig(repo=str(tree), report_text=(CASE / "issue.md").read_text(), out=out,
                                 strategy="llm", sandbox="docker", image=c_image, model="scripted-cjson",
                                 base_url=srv.base_url, api_key="scripted", trajectories=1, replay="cjson-script"))
    finally:
        srv.stop()


def tool_texts(out: Path) -> list[tuple[str, str]]:
    traj = json.loads((out / "trajectories" / "traj-1.json").read_text())
    return [(o["tool"], o["text"]) for s in traj["steps"] for o in s["observations"]]


def test_the_agent_on_cjson_rebuilds_disputes_a_leak_rejection_and_its_goto_fail_validates(cjson, c_image, tmp_path):
    out = tmp_path / "out"
    run = run_agent(cjson, out, c_image, fixes=True)
    assert run.status in PATCHED, (run.status, run.error, run.notes)
    result = json.loads((out / "result.json").read_text())
    assert "+            goto fail; /* nothing after the comma */" in result["patch"]
    seen = tool_texts(out)
    reproduces = [text for tool, text in seen if tool == "reproduce"]
    assert "STILL HAPPENS" in reproduces[0]
    assert reproduces[1].startswith("[rebuilt: ") and "GONE" in reproduces[1], reproduces[1]
    assert reproduces[2].startswith("[rebuilt: ") and "GONE" in reproduces[2], reproduces[2]
    gdb = next(text for tool, text in seen if tool == "gdb")
    assert "the innermost one in the repository" in gdb and "parse_string" in gdb, gdb
    traj = json.loads((out / "trajectories" / "traj-1.json").read_text())
    first, second = traj["submissions"]
    assert not first["validated"] and "leak" in first["reason"] and second["validated"]
    said = first["dispute"]["answer"]
    assert first["dispute"]["claim"] == DISPUTE
    assert "- the reported crash: heap-buffer-overflow in parse_string" in said
    assert "- the reported crash is gone: 3 of 3 tries show no sanitizer report of the repository's code" in said
    assert "- the leak check printed:" in said and "parse_object" in said
    assert f"- rejected because: {first['reason']}" in said
    judged = [text for tool, text in seen if tool == "judge"]
    assert judged == [said]                                  # answered once, as the model's next message
    # kept where a person reads the run: result.json and report.md (was: the trajectory only)
    assert result["disputes"] == [{"claim": DISPUTE, "answer": said}]
    md = (out / "report.md").read_text()
    assert "The research agent disputed a rejection; the judge's answer" in md
    assert DISPUTE in md and "- the leak check printed:" in md


def test_an_unfixed_agent_run_on_cjson_keeps_its_diff_and_root_cause_named_as_what_they_are(cjson, c_image, tmp_path):
    out = tmp_path / "out"
    run = run_agent(cjson, out, c_image, fixes=False)
    assert run.status == "not_fixed", (run.status, run.error, run.notes)
    result = json.loads((out / "result.json").read_text())
    assert result["patch"] is None and not (out / "patch.diff").exists()
    kept = result["unvalidated"]
    assert kept["what"] == "the candidate that went farthest; NOT validated"
    assert "+            return false; /* nothing after the comma */" in kept["diff"]
    assert "leak" in kept["reason"] and kept["reproduction_clean"] == "3/3"
    assert result["agent_root_cause"] == {"what": "the research agent's conclusion; crashfix did not check it",
                                          "text": ROOT_CAUSE}
    md = (out / "report.md").read_text()
    assert "The candidate that went farthest (not validated)" in md and "return false; /* nothing after" in md
    assert "The research agent's explanation (crashfix did not check it)" in md and "reads one byte past" in md
    assert "(reproduction clean 3/3 of the tries run)" in md
    traj = json.loads((out / "trajectories" / "traj-1.json").read_text())
    assert traj["submissions"][0]["dispute"]["claim"] == DISPUTE        # answered, then the model stopped
    assert traj["status"] == "no_patch" and "without a tool call" in traj["reason"]
    reproduces = [text for tool, text in tool_texts(out) if tool == "reproduce"]
    assert "STILL HAPPENS" in reproduces[0] and "GONE" in reproduces[1]
