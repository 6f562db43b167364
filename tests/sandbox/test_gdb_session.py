"""gdb driven to its prompt inside the container (python image: gdb on python3 itself)."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.docker


def test_gdb_catches_a_crash(sandbox_image, docker_limits):
    from sandbox.docker.sandbox import DockerSandbox
    with DockerSandbox(sandbox_image, limits=docker_limits) as sb:
        s = sb.session(["gdb", "-q", "-nx", "--args", "python3", "-c", "import os; os.abort()"],
                       "(gdb) ", timeout=30)
        s.send("set disable-randomization off")   # personality() is not allowed in containers
        s.send("set pagination off")
        out = s.send("run", timeout=60)
        assert "SIGABRT" in out
        assert "abort" in s.send("bt 5", timeout=30)
        s.send("kill")
        s.send("quit")
        assert not s.alive
