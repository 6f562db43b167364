"""Fixtures for the hostile-input tests: small sandboxes and a TCP listener on the host."""
from __future__ import annotations

import socket
import subprocess
import threading

import pytest

from sandbox.base import Limits


@pytest.fixture(scope="session")
def hostile_limits() -> Limits:
    """Small limits so that every hog ends within seconds (CI budget)."""
    return Limits(mem="256m", pids=64, output_limit=200_000, output_max=32 << 20)


class Listener:
    """A TCP server on 0.0.0.0 of the host that counts the connections it accepts."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("0.0.0.0", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.accepted: list[tuple] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, addr = self.sock.accept()
            except OSError:
                continue
            self.accepted.append(addr)
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        self.sock.close()


@pytest.fixture
def listener():
    srv = Listener()
    yield srv
    srv.close()


@pytest.fixture(scope="session")
def host_addresses() -> list[str]:
    """Every IPv4 address of this host (eth0, docker0, bridges)."""
    out = subprocess.run(["ip", "-o", "-4", "addr", "show"], capture_output=True, text=True).stdout
    addrs = [line.split()[3].split("/")[0] for line in out.splitlines() if " inet " in line]
    return [a for a in addrs if not a.startswith("127.")] or ["172.17.0.1"]
