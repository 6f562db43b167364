"""Request headers must arrive at once: a gunicorn worker (gthread) whose threads give a
connection HEADER_SECONDS, from its first byte, to finish its request line and headers (issue 22:
clients trickling their headers held every thread and signed deliveries waited past GitHub's 10 s).

gunicorn waits up to 5 s for a connection's first byte in a pool thread (here FIRST_BYTE, then
its poller waits without a thread), and then reads the headers in the thread with a blocking
socket and no deadline. `HeaderGuardedWorker.handle` starts a deadline
before the parse; the app's first middleware (bot/web/slow_body.py) calls `arrived(sock)` when the
headers are in, and the watchdog shuts a late socket, so the blocked read returns at once and
the thread is free. GitHub sends its headers in one packet; a buffering proxy (deploy/) is the
first line, this is the second.
"""
from __future__ import annotations

import logging
import socket
import threading
import time

from gunicorn.workers.gthread import ThreadWorker, _DEFER

log = logging.getLogger(__name__)
HEADER_SECONDS = 1.0                # from the first byte to the end of the headers
FIRST_BYTE = 0.5                    # a thread waits this long for a first byte, then the poller does
TICK = 0.1

_pending: dict[int, tuple[socket.socket, float]] = {}    # fileno -> (socket, deadline)
_lock = threading.Lock()
_watchdog: threading.Thread | None = None


def _watch() -> None:
    while True:
        time.sleep(TICK)
        now = time.monotonic()
        with _lock:
            late = [(fd, sock) for fd, (sock, deadline) in _pending.items() if now > deadline]
            for fd, _ in late:
                _pending.pop(fd, None)
        for _, sock in late:
            log.warning("dropped a connection whose request headers took over %.0f s", HEADER_SECONDS)
            try:
                sock.shutdown(socket.SHUT_RDWR)           # the blocked recv returns b"" now
            except OSError:
                pass


def start(sock: socket.socket, seconds: float = HEADER_SECONDS) -> None:
    """The headers on `sock` must be in within `seconds`."""
    global _watchdog
    with _lock:
        _pending[sock.fileno()] = (sock, time.monotonic() + seconds)
        if _watchdog is None or not _watchdog.is_alive():
            _watchdog = threading.Thread(target=_watch, name="slow-header-watchdog", daemon=True)
            _watchdog.start()


def arrived(sock: socket.socket | None) -> None:
    """The headers on `sock` are in (the app runs): no deadline for them any more."""
    if sock is None:
        return
    try:
        fd = sock.fileno()
    except OSError:
        return
    with _lock:
        _pending.pop(fd, None)


class HeaderGuardedWorker(ThreadWorker):
    """gunicorn's gthread worker with a deadline on each request's headers (`worker_class`)."""

    def handle(self, conn):
        if not conn.initialized and not conn.data_ready and not conn.wait_for_data(FIRST_BYTE):
            return _DEFER               # no first byte yet: the poller waits for it, not a thread
        sock = conn.sock
        start(sock)
        try:
            return super().handle(conn)
        finally:
            arrived(sock)
