"""Request headers must arrive at once: a gunicorn worker (gthread) whose threads give a
connection HEADER_SECONDS, from its first byte, to finish its request line and headers (issue 22:
clients trickling their headers held every thread and signed deliveries waited past GitHub's 10 s).

gunicorn waits for a connection's first byte off-thread, but then reads the headers in a pool
thread with a blocking socket and no deadline. `HeaderGuardedWorker.handle` starts a deadline
before the parse; the app's first middleware (bot/slow_body.py) calls `arrived(sock)` when the
headers are in, and the watchdog shuts a late socket, so the blocked read returns at once and
the thread is free. GitHub sends its headers in one packet; a buffering proxy (deploy/) is the
first line, this is the second.
"""
from __future__ import annotations

import logging
import socket
import threading
import time

from gunicorn.workers.gthread import DEFAULT_WORKER_DATA_TIMEOUT, ThreadWorker, _DEFER

log = logging.getLogger(__name__)
HEADER_SECONDS = 2.0
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
        if not conn.initialized and not conn.data_ready \
                and not conn.wait_for_data(DEFAULT_WORKER_DATA_TIMEOUT):
            return _DEFER                                  # no first byte yet: back to the poller
        sock = conn.sock
        start(sock)
        try:
            return super().handle(conn)
        finally:
            arrived(sock)
