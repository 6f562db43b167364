"""A scripted OpenAI-compatible model served over HTTP on 127.0.0.1: a REPLAY, not a model.

It answers ``POST /v1/chat/completions`` the way a real model does (``choices[0].message.tool_calls``,
``usage``), from a JSON script of turns, so the whole research agent -- the real ``openai`` client,
retries, tools, sandbox, validation -- runs offline. Used by the tests and by
``crashfix run --strategy llm --model scripted:PATH``.

Script (JSON)::

    {"description": "...", "model": "scripted-inventory",
     "errors": [{"status": 500}, {"status": 429, "headers": {"Retry-After": "1"}},    # served first, in order
                {"delay": 5}],                # no status: answer the turn only after 5 s (a hung endpoint)
     "usage": {"prompt_tokens": 900, "completion_tokens": 60},                       # optional, per call
     "context_chars": 40000,     # optional: messages longer than this (as JSON) get OpenAI's 400
                                 # context_length_exceeded, 4 characters counted as a token
     "reproduction": [turn, ...],   # optional: the reproduction phase (rung 5), when the ladder found none
     "setup": [turn, ...],          # optional: the set-up phase (the set-up's last fallback)
     "analysis":  [turn, ...],
     "synthesis": [turn, ...],
     "expectation": [turn], "review": [turn]}    # optional: agent/research/second_opinion.py's one-call hooks

    turn = {"content": "thinking out loud",
            "tool_calls": [{"name": "pdb", "arguments": {"command": "b src/x.py:12"}},
                           {"name": "view", "arguments_raw": "{not json"}],           # malformed on purpose
            "usage": {...}}

Which turn: the phase is read from the system message ("phase: ANALYSIS" / "phase: SYNTHESIS"), the
turn index is the number of assistant messages already in the conversation -- so parallel
trajectories each walk the script from the start, and a retried request gets the same turn again.
Past the end of a phase's turns the model answers with text and no tool call.
"""
from __future__ import annotations

import argparse
import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPLAY_LABEL = "REPLAY (scripted model, no real LLM)"


def load_script(path: str | Path) -> dict:
    script = json.loads(Path(path).read_text())
    if not isinstance(script, dict) or not any(k in script for k in ("analysis", "synthesis", "setup", "turns")):
        raise ValueError(f"{path}: a script needs 'analysis', 'synthesis' and/or 'setup' turn lists")
    return script


def _phase(messages: list[dict]) -> str:
    system = " ".join(str(m.get("content", "")) for m in messages if m.get("role") == "system")
    for phase in ("synthesis", "reproduction", "setup", "expectation", "review"):
        if f"phase: {phase.upper()}" in system:
            return phase
    return "analysis"


def _approx_tokens(obj) -> int:
    return max(1, len(json.dumps(obj, default=str)) // 4)


def _context_error(messages: list[dict], limit: int | None) -> dict | None:
    """OpenAI's answer to messages over the context window (the body of its 400), or None."""
    size = len(json.dumps(messages, ensure_ascii=False))
    if not limit or size <= limit:
        return None
    return {"error": {"message": f"This model's maximum context length is {limit // 4} tokens. However, your "
                                 f"messages resulted in {size // 4} tokens. Please reduce the length of the messages.",
                      "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}}


class ScriptedModel:
    """The script's logic, separate from HTTP."""

    def __init__(self, script: dict):
        self.script = script
        self.errors = list(script.get("errors", []))
        self.requests: list[dict] = []
        self._lock = threading.Lock()

    def answer(self, body: dict, headers: dict) -> tuple[int, dict, dict]:
        with self._lock:
            self.requests.append({"body": body, "headers": headers, "time": time.time()})
            error = self.errors.pop(0) if self.errors else None
        if error and "status" not in error and error.get("delay"):
            time.sleep(float(error["delay"]))       # hangs, then answers normally (the client may have gone)
            error = None
        if error:
            status = int(error.get("status", 500))
            payload = error.get("body") or {"error": {"message": error.get("message", f"scripted error {status}"),
                                                      "type": "scripted_error", "code": error.get("code")}}
            return status, payload, dict(error.get("headers", {}))
        messages = body.get("messages", [])
        too_long = _context_error(messages, self.script.get("context_chars"))
        if too_long:
            return 400, too_long, {}
        phase = _phase(messages)
        turns = self.script.get(phase, self.script.get("turns", []))
        index = sum(1 for m in messages if m.get("role") == "assistant")
        if index < len(turns):
            turn = turns[index]
        else:
            turn = {"content": f"(the script has no more {phase} turns)"}
        calls = []
        for i, call in enumerate(turn.get("tool_calls", [])):
            args = call["arguments_raw"] if "arguments_raw" in call else json.dumps(call.get("arguments", {}))
            calls.append({"id": call.get("id") or f"call_{phase[:2]}{index}_{i}_{uuid.uuid4().hex[:6]}",
                          "type": "function", "function": {"name": call["name"], "arguments": args}})
        message = {"role": "assistant", "content": turn.get("content")}
        if calls:
            message["tool_calls"] = calls
        usage = dict(turn.get("usage") or self.script.get("usage") or
                     {"prompt_tokens": _approx_tokens(messages), "completion_tokens": _approx_tokens(turn)})
        usage["total_tokens"] = usage.get("prompt_tokens", 0) + usage.get("completion_tokens", 0)
        return 200, {
            "id": f"chatcmpl-{uuid.uuid4().hex[:12]}", "object": "chat.completion", "created": int(time.time()),
            "model": self.script.get("model", body.get("model", "scripted")),
            "choices": [{"index": 0, "message": message, "logprobs": None,
                         "finish_reason": "tool_calls" if calls else "stop"}],
            "usage": usage,
        }, {}


class _Handler(BaseHTTPRequestHandler):
    server_version = "crashfix-scripted/1"

    def log_message(self, fmt, *args):       # quiet
        pass

    def _send(self, status: int, payload: dict, headers: dict | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, str(v))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path.rstrip("/").endswith("/models"):
            model = self.server.model.script.get("model", "scripted")
            self._send(200, {"object": "list", "data": [{"id": model, "object": "model", "owned_by": "crashfix"}]})
        else:
            self._send(404, {"error": {"message": "not found"}})

    def do_POST(self):
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send(404, {"error": {"message": f"no route {self.path}"}})
            return
        try:
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
        except (ValueError, OSError):
            self._send(400, {"error": {"message": "the request body is not JSON"}})
            return
        status, payload, headers = self.server.model.answer(body, dict(self.headers))
        self._send(status, payload, headers)


class ScriptedServer:
    """``with ScriptedServer(script) as srv: LLM(model, base_url=srv.base_url)``."""

    def __init__(self, script: dict | str | Path, host: str = "127.0.0.1", port: int = 0):
        self.model = ScriptedModel(script if isinstance(script, dict) else load_script(script))
        self.httpd = ThreadingHTTPServer((host, port), _Handler)
        self.httpd.daemon_threads = True
        self.httpd.model = self.model
        self.thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    @property
    def requests(self) -> list[dict]:
        return self.model.requests

    def start(self) -> "ScriptedServer":
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                       name="scripted-model", daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agent.research.scripted", description="serve a scripted model (a replay)")
    ap.add_argument("script", type=Path)
    ap.add_argument("--port", type=int, default=8765)
    args = ap.parse_args(argv)
    srv = ScriptedServer(args.script, port=args.port)
    print(f"{REPLAY_LABEL}: serving {args.script} at {srv.base_url}", flush=True)
    try:
        srv.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.httpd.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
