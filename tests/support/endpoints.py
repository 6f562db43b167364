"""Broken LLM endpoints on 127.0.0.1, real sockets: one that refuses, one that hangs, one that answers 401."""
from __future__ import annotations

import json
import socket
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Iterator


@contextmanager
def refusing() -> Iterator[str]:
    """A base URL whose port nobody listens on (connection refused)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    yield f"http://127.0.0.1:{port}/v1"


@contextmanager
def hanging() -> Iterator[str]:
    """A base URL that accepts the connection and never answers."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    finally:
        sock.close()


class _Unauthorized(BaseHTTPRequestHandler):
    def log_message(self, fmt, *args):
        pass

    def _refuse(self):
        data = json.dumps({"error": {"message": "Incorrect API key provided", "type": "invalid_request_error",
                                     "code": "invalid_api_key"}}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = _refuse


@contextmanager
def unauthorized() -> Iterator[str]:
    """A base URL that answers every request 401, as OpenAI does for a wrong key."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Unauthorized)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    finally:
        httpd.shutdown()
        httpd.server_close()
