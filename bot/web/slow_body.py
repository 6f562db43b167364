"""Request bodies must keep arriving: a WSGI middleware that reads the whole body before the app
runs and drops a client that sends it too slowly (issue 18, item 7: eight slow uploads held every
gunicorn thread and signed deliveries timed out).

The rule: after a grace period, the body must have arrived at MIN_RATE bytes a second on average.
One watchdog thread per process checks the bodies being read and shuts the read side of a late
client's socket, so the blocked read returns at once whatever gunicorn does inside it; the
client gets 408. Only under gunicorn (it hands the socket over as `gunicorn.socket`); a buffering
proxy in front (deploy/: nginx) is the first line, this is the second.

Size (issue 22): a body announced over `max_body` gets 413 before a byte of it is read; a chunked
one gets 413 as soon as it passes `max_body` while it streams. Bodies over LARGE (real webhook
deliveries are far smaller) share a per-process budget of `large_budget` bytes in flight; one that
does not fit gets 503 with Retry-After before it is read, so eight 24 MB uploads cannot take the
memory of eight. The headers' own deadline is bot/web/slow_headers.py's; the app running ends it.
"""
from __future__ import annotations

import io
import logging
import socket
import threading
import time
from dataclasses import dataclass

from bot.web import slow_headers

log = logging.getLogger(__name__)
CHUNK = 64 * 1024
LARGE = 1024 * 1024


@dataclass
class _Read:
    sock: socket.socket
    started: float
    got: int = 0
    cut: bool = False


class SlowBodyGuard:
    """`SlowBodyGuard(app, max_body, grace, min_rate)`; bodies over `max_body` are left to the app (413)."""

    def __init__(self, app, max_body: int, grace: float = 1.0, min_rate: float = 64 * 1024, tick: float = 0.1,
                 large_budget: int | None = None):
        self.app, self.max_body, self.grace, self.min_rate, self.tick = app, max_body, grace, min_rate, tick
        self.large_budget = max_body + LARGE if large_budget is None else large_budget
        self._large = 0                                   # bytes of large bodies being read now
        self._reads: dict[int, _Read] = {}
        self._lock = threading.Lock()
        self._watchdog: threading.Thread | None = None

    def late(self, r: _Read, now: float) -> bool:
        return now - r.started > self.grace + r.got / self.min_rate

    def _watch(self) -> None:
        while True:
            time.sleep(self.tick)
            now = time.monotonic()
            with self._lock:
                late = [r for r in self._reads.values() if not r.cut and self.late(r, now)]
                for r in late:
                    r.cut = True
            for r in late:
                try:
                    r.sock.shutdown(socket.SHUT_RD)       # the blocked recv returns b"" now
                except OSError:
                    pass

    def _start(self) -> None:
        with self._lock:
            if self._watchdog is None or not self._watchdog.is_alive():
                self._watchdog = threading.Thread(target=self._watch, name="slow-body-watchdog", daemon=True)
                self._watchdog.start()

    def _refuse(self, start_response, status: str, message: str, extra: list | None = None):
        start_response(status, [("Content-Type", "application/json"), ("Connection", "close"), *(extra or [])])
        return [('{"error": "%s"}' % message).encode()]

    def _reserve(self, size: int) -> bool:
        with self._lock:
            if self._large + size > self.large_budget:
                return False
            self._large += size
            return True

    def _release(self, size: int) -> None:
        with self._lock:
            self._large -= size

    def __call__(self, environ, start_response):
        sock = environ.get("gunicorn.socket")
        slow_headers.arrived(sock)                           # the headers are in: their deadline ends
        length = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if length.isdigit() and int(length) > self.max_body:
            log.warning("refused a %s-byte request body from %s unread (limit %d)", length,
                        environ.get("REMOTE_ADDR"), self.max_body)
            return self._refuse(start_response, "413 Request Entity Too Large", "the request body is too large")
        if sock is None or not (chunked or (length.isdigit() and 0 < int(length) <= self.max_body)):
            return self.app(environ, start_response)
        want = self.max_body + 1 if chunked else int(length)
        reserved = min(want, self.max_body) if want > LARGE else 0
        if reserved and not self._reserve(reserved):
            log.warning("refused a large request body from %s unread: %d bytes of large bodies in flight",
                        environ.get("REMOTE_ADDR"), self._large)
            return self._refuse(start_response, "503 Service Unavailable", "too many large request bodies now",
                                [("Retry-After", "30")])
        try:
            return self._read(environ, start_response, sock, length, chunked, want)
        finally:
            if reserved:
                self._release(reserved)

    def _read(self, environ, start_response, sock, length: str, chunked: bool, want: int):
        self._start()
        read = _Read(sock, time.monotonic())
        key = id(read)
        body = bytearray()
        with self._lock:
            self._reads[key] = read
        try:
            while len(body) < want:
                try:
                    chunk = environ["wsgi.input"].read(min(CHUNK, want - len(body)))
                except Exception:  # noqa: BLE001 - a cut socket: gunicorn's NoMoreData, OSError…
                    chunk = b""
                if not chunk:
                    break
                body += chunk
                read.got = len(body)
        finally:
            with self._lock:
                self._reads.pop(key, None)
        if chunked and len(body) > self.max_body:
            log.warning("refused a chunked request body from %s past %d bytes", environ.get("REMOTE_ADDR"),
                        self.max_body)
            return self._refuse(start_response, "413 Request Entity Too Large", "the request body is too large")
        if read.cut or (not chunked and len(body) < want):
            log.warning("dropped a request body from %s: %d of %s bytes after %.1f s (too slow or cut short)",
                        environ.get("REMOTE_ADDR"), len(body), length or "chunked", time.monotonic() - read.started)
            return self._refuse(start_response, "408 Request Timeout", "the request body arrived too slowly")
        environ["wsgi.input"] = io.BytesIO(bytes(body))
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        return self.app(environ, start_response)
