"""Context trimming (agent/research/context_window.py) on its own, and in the agent loop against the scripted model
told its context limit: it answers OpenAI's 400 context_length_exceeded to longer requests."""
from __future__ import annotations

import json

import pytest

from agent.research.context_window import (
    ContextConfigError,
    check_pairing,
    context_window,
    estimate_tokens,
    fit,
    limit_from_error,
)

BIG = 3000          # characters printed by one `run` call


def big_output(i: int) -> dict:
    return {"content": f"look at output {i}",
            "tool_calls": [{"name": "run", "arguments": {"command": f"python3 -c \"print('{i % 10}' * {BIG})\""}}]}


def conversation(turns: int, size: int = 5000) -> list[dict]:
    msgs = [{"role": "system", "content": "phase: ANALYSIS " + "s" * 500},
            {"role": "user", "content": "the task " + "t" * 2000}]
    for i in range(turns):
        calls = [{"id": f"c{i}a", "type": "function", "function": {"name": "search_code", "arguments": "{}"}},
                 {"id": f"c{i}b", "type": "function", "function": {"name": "view", "arguments": "{}"}}]
        msgs.append({"role": "assistant", "content": f"turn {i}", "tool_calls": calls})
        msgs += [{"role": "tool", "tool_call_id": f"c{i}a", "content": "x" * size},
                 {"role": "tool", "tool_call_id": f"c{i}b", "content": "short"}]
        if i == 2:
            msgs.append({"role": "user", "content": "You did not call a tool."})
    return msgs


def test_fit_stubs_old_tool_outputs_and_keeps_the_head_the_last_turns_and_the_pairing():
    msgs = conversation(10)
    original = json.dumps(msgs)
    assert fit(msgs, estimate_tokens(msgs)).stubbed == 0              # it fits: nothing changes
    trim = fit(msgs, 8000, keep_turns=3)
    assert json.dumps(msgs) == original                                # the caller's list is untouched
    out = trim.messages
    assert len(out) == len(msgs) and [m["role"] for m in out] == [m["role"] for m in msgs]
    assert out[:2] == msgs[:2] and out[-9:] == msgs[-9:]               # head and the last 3 turns whole
    assert trim.estimate <= 8000 < estimate_tokens(msgs) and trim.before == estimate_tokens(msgs)
    stubs = [m["content"] for m in out if m["role"] == "tool" and m["content"].startswith("[output of")]
    assert stubs[0] == "[output of search_code elided: 5 kB; re-run the tool if needed]"
    assert trim.stubbed == len(stubs) and 0 < len(stubs) <= 7
    first_kept = next(i for i, m in enumerate(out) if m["role"] == "tool" and m["content"] == "x" * 5000)
    assert all(m["content"].startswith("[output") for m in out[2:first_kept] if m["role"] == "tool"
               and len(m["content"]) > 5)                                # oldest first
    assert check_pairing(out) == [] and check_pairing(msgs) == []
    assert check_pairing(msgs[:3] + msgs[4:]) != []                     # the checker does catch a lost pair


def test_fit_hard_keeps_one_turn_and_cuts_long_texts_but_never_the_head():
    msgs = conversation(6)
    msgs[4 * 3 + 3]["content"] = "y" * 9000                             # a long old user message
    trim = fit(msgs, 1000, hard=True)
    assert trim.messages[:2] == msgs[:2] and trim.messages[-3:] == msgs[-3:]
    assert trim.stubbed == 5 and trim.cut == 1 and trim.estimate > 1000  # the head alone is over: said so
    assert check_pairing(trim.messages) == []


def test_the_window_is_configured_per_model(monkeypatch):
    monkeypatch.delenv("CRASHFIX_LLM_CONTEXT_TOKENS", raising=False)
    assert context_window("some-local-model") == 128_000 and context_window("openai/o4-mini") == 200_000
    assert context_window("gpt-4o", 5000) == 5000
    monkeypatch.setenv("CRASHFIX_LLM_CONTEXT_TOKENS", "llama3=8192, 32_000")
    assert context_window("llama3") == 8192 and context_window("ollama/llama3") == 8192
    assert context_window("gpt-4o") == 32_000
    monkeypatch.setenv("CRASHFIX_LLM_CONTEXT_TOKENS", "llama3=lots")
    with pytest.raises(ContextConfigError, match="'llama3=lots' is not a token count"):
        context_window("llama3")


def test_the_limit_is_read_from_openais_error_text():
    text = ("This model's maximum context length is 8192 tokens. However, your messages resulted in "
            "8227 tokens. Please reduce the length of the messages.")
    assert limit_from_error(text) == (8192, 8227) and limit_from_error("context window exceeded") is None


def requests_fit(srv, limit: int) -> list[int]:
    """Sizes of the accepted requests; each one's tool pairing is checked."""
    sizes = []
    for r in srv.requests:
        msgs = r["body"]["messages"]
        assert check_pairing(msgs) == [], check_pairing(msgs)
        if len(json.dumps(msgs, ensure_ascii=False)) <= limit:
            sizes.append(len(json.dumps(msgs, ensure_ascii=False)))
    return sizes


def test_a_long_trajectory_is_trimmed_to_the_window_and_goes_on(scripted, make_agent, tmp_path, h):
    """12 outputs of 3 kB against a model with a 34 000-character window: untrimmed, the conversation
    would be refused from about the 9th call on; trimmed, every request fits, the analysis concludes and
    the fix is made (validation is test_agent_e2e's business: no install here, to stay fast). The window
    leaves room for the tools' schemas and the last 4 turns kept whole."""
    limit = 34_000
    script = h.lru_script()
    script["analysis"] = [big_output(i) for i in range(12)] + script["analysis"][-1:]
    script["synthesis"] = script["synthesis"][:1]                         # the edit
    script["context_chars"] = limit
    srv = scripted(script)
    outcome = make_agent(srv, install=False, context_tokens=limit // 4).run()
    assert outcome.error is None
    assert len(requests_fit(srv, limit)) == len(srv.requests) == 13 + 4  # none refused; 1 edit + 3 texts
    t = h.read_traj(tmp_path / "out")
    assert len(json.dumps(t["analysis_messages"])) > limit               # the full record is kept
    assert t["context"] and all(c["estimate"] <= c["budget"] for c in t["context"])
    last = srv.requests[12]["body"]["messages"]                           # the analysis' last request
    stubs = [m["content"] for m in last if m["role"] == "tool" and m["content"].startswith("[output of run elided")]
    assert len(stubs) >= 6 and "3 kB; re-run the tool if needed" in stubs[0]
    assert last[-1]["content"].startswith("[exit 0") and last[-1]["content"].count("1") >= BIG   # the newest: whole
    assert t["status"] == "no_patch" and "+        self._data.move_to_end(key)" in t["workspace_diff"]
    assert "root_cause" in json.dumps(t["memory"])                        # concluded with its memory


def test_a_context_length_error_is_answered_by_trimming_hard_once(scripted, make_agent, tmp_path, h):
    """The configured window (128k by default) is wrong for this endpoint: the first refused request
    is trimmed hard under the limit the error names and retried; later calls stay under it."""
    limit = 30_000
    script = {"model": "scripted-lrucache", "analysis": [big_output(i) for i in range(14)], "synthesis": [],
              "context_chars": limit}
    srv = scripted(script)
    outcome = make_agent(srv, install=False, analysis_steps=14).run()
    assert outcome.error is None
    t = h.read_traj(tmp_path / "out")
    assert t["phase"] == "synthesis" and t["status"] == "no_patch"          # it went on to the end
    refused = [r for r in srv.requests if len(json.dumps(r["body"]["messages"], ensure_ascii=False)) > limit]
    assert len(refused) == 1 and len(srv.requests) == 14 + 1 + 3            # one retry; 3 synthesis replies
    hard = [c for c in t["context"] if c["hard"]]
    assert len(hard) == 1 and hard[0]["budget"] < limit // 4
    requests_fit(srv, limit)                                                 # pairing valid in every request


def test_a_conversation_that_cannot_fit_ends_only_its_trajectory(scripted, make_agent, tmp_path, h):
    srv = scripted({"model": "scripted-lrucache", "analysis": [big_output(0)], "synthesis": [],
                    "context_chars": 2000})                                 # the task alone is longer
    outcome = make_agent(srv, install=False, trajectories=2, parallel=False).run()
    assert outcome.error is None and outcome.limits is None                 # the run was not stopped…
    for n in (1, 2):                                                        # …so trajectory 2 ran too
        t = h.read_traj(tmp_path / "out", n)
        assert t["status"] == "error" and "does not fit the model's context window, even trimmed hard" \
            in t["reason"] and "maximum context length is 500 tokens" in t["reason"]
    assert len(srv.requests) == 4                                           # each: one try, one hard retry


def test_a_bad_window_setting_stops_the_run_before_any_call(scripted, make_agent, tmp_path, monkeypatch):
    monkeypatch.setenv("CRASHFIX_LLM_CONTEXT_TOKENS", "12k")
    srv = scripted({"model": "scripted-lrucache", "analysis": [big_output(0)], "synthesis": []})
    outcome = make_agent(srv, install=False).run()
    assert "CRASHFIX_LLM_CONTEXT_TOKENS: '12k' is not a token count" in outcome.error
    assert srv.requests == [] and not outcome.trajectories


def test_a_run_config_window_reaches_the_agent(tmp_path):
    from agent.run import RunConfig
    from agent.research.strategy import agent_config
    cfg = RunConfig(repo="x", report_text="", out=tmp_path, model="local-llama", base_url="http://127.0.0.1:1/v1",
                    context_tokens=9000)
    assert agent_config(cfg).context_tokens == 9000
    assert context_window("local-llama", agent_config(cfg).context_tokens) == 9000
