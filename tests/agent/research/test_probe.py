"""The endpoint probe against real local servers: refused, hung, 401, no /models route, the scripted model."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from agent.research.endpoint import probe_endpoint
from agent.research.scripted import ScriptedServer
from endpoints import hanging, refusing, unauthorized


def test_a_refused_connection_is_named_at_once():
    with refusing() as url:
        found = probe_endpoint("m", url, None)
    assert not found.ok and found.detail == f"{url}: cannot connect (Connection refused)"
    assert found.seconds < 2


def test_a_hung_endpoint_is_named_after_the_timeout_not_after_retries():
    with hanging() as url:
        start = time.monotonic()
        found = probe_endpoint("m", url, None, timeout=1.5)
        took = time.monotonic() - start
    assert not found.ok and found.detail == f"{url}: no answer within 1.5 s"
    assert 1.4 < took < 4


def test_refused_credentials_are_named_and_the_key_is_not_shown():
    with unauthorized() as url:
        found = probe_endpoint("m", url, "sk-test-probe-SECRET-0123456789")
    assert not found.ok and "refused the credentials (401)" in found.detail
    assert "SECRET" not in found.detail


def test_the_scripted_model_server_passes_and_a_model_it_does_not_serve_fails():
    with ScriptedServer({"model": "scripted-probe", "analysis": []}) as srv:
        good = probe_endpoint("scripted-probe", srv.base_url, None)
        wrong = probe_endpoint("gpt-unknown", srv.base_url, None)
        calls = len(srv.requests)
    assert good.ok and "model scripted-probe listed" in good.detail
    assert not wrong.ok and "does not serve model 'gpt-unknown' (it serves: scripted-probe)" in wrong.detail
    assert calls == 0                          # /models only: no chat call was spent


class _ChatOnly(BaseHTTPRequestHandler):
    """A server with no /models route (some local servers): the probe asks one 1-token completion."""
    bodies: list[dict] = []

    def log_message(self, fmt, *args):
        pass

    def _send(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self._send(404, {"error": {"message": "not found"}})

    def do_POST(self):
        self.bodies.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
        self._send(200, {"id": "x", "object": "chat.completion", "created": 0, "model": "local",
                         "choices": [{"index": 0, "finish_reason": "length",
                                      "message": {"role": "assistant", "content": "p"}}]})


def test_a_server_without_a_models_route_is_asked_one_token():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _ChatOnly)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        found = probe_endpoint("local", f"http://127.0.0.1:{httpd.server_address[1]}/v1", None)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert found.ok and "answered a 1-token request for model local" in found.detail
    assert _ChatOnly.bodies[-1]["max_tokens"] == 1 and _ChatOnly.bodies[-1]["model"] == "local"
