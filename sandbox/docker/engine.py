"""Engine plumbing for the Docker backend: the engine connection, the raw upgraded exec stream,
interactive sessions, and the client side of the in-container command server (``sandbox/docker/server.py``)."""
from __future__ import annotations


import json
import os
import secrets
import select
import signal
import socket
import threading
import time
from pathlib import Path

import docker
import requests

from sandbox.base import SandboxDead, SandboxError
from sandbox.session import OWN_ENV, FrameReader, PromptSession

def server_source() -> str:
    return (Path(__file__).resolve().parent / "server.py").read_text()


def reaped(argv: list[str], env: dict[str, str]) -> list[str]:
    """``argv`` under the server's ``reap`` mode, run as root with `OWN_ENV` only (nothing of the
    container's or the repository's environment reaches a root process): the program runs as the
    sandbox user with ``env``, and what it starts (``setsid`` children included) is killed when it
    ends (security: nothing outlives its command; sandbox/docker/server.py)."""
    return own_argv(["/usr/bin/python3", "-I", "-c", server_source(), "reap", json.dumps(env), *argv])


def own_argv(argv: list[str]) -> list[str]:
    """``argv`` (absolute program path) under ``env -i`` with `OWN_ENV`: none of the container's
    variables (its PATH starts with the repository's venv) reach crashfix's own programs."""
    return ["/usr/bin/env", "-i", *(f"{k}={v}" for k, v in OWN_ENV.items()), *argv]


def connect(base_url: str | None = None, timeout: float = 30.0) -> docker.DockerClient:
    """A client whose engine answered a ping; SandboxError naming the engine otherwise."""
    url = base_url or os.environ.get("DOCKER_HOST") or "unix:///var/run/docker.sock"
    try:
        client = docker.DockerClient(base_url=url, timeout=timeout)
        client.ping()
        return client
    except (docker.errors.DockerException, requests.RequestException, OSError) as e:
        raise SandboxError(f"Docker engine unreachable at {url}: {e}. Is dockerd running "
                           f"(systemctl start docker, or dockerd &)?") from e


class _ExecConn:
    """Starts an exec with an HTTP upgrade on a raw socket we own.

    docker-py's ``exec_start(socket=True)`` hands back the socket under http.client's buffered
    reader, so bytes that arrived together with the 101 response can be lost; here every byte
    after the headers goes to the frame reader.
    """

    def __init__(self, api, base_url: str, exec_id: str, timeout: float):
        body = json.dumps({"Detach": False, "Tty": False}).encode()
        path = f"/v{api._version}/exec/{exec_id}/start"
        if base_url.startswith("unix://"):
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.sock.settimeout(timeout)
            self.sock.connect(base_url[len("unix://"):])
        elif base_url.startswith("tcp://") or base_url.startswith("http://"):
            host, _, port = base_url.split("://", 1)[1].rstrip("/").partition(":")
            self.sock = socket.create_connection((host, int(port or 2375)), timeout=timeout)
        else:  # ssh, tls, npipe: let docker-py do it (tiny race on the first bytes)
            s = api.exec_start(exec_id, socket=True)
            self.sock = getattr(s, "_sock", s)
            self.reader = FrameReader(self.sock)
            return
        self.sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: docker\r\nContent-Type: application/json\r\n"
            f"Connection: Upgrade\r\nUpgrade: tcp\r\nContent-Length: {len(body)}\r\n\r\n".encode()
            + body)
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise SandboxDead(f"engine closed the exec stream: {head[:200]!r}")
            head += chunk
        head, _, rest = head.partition(b"\r\n\r\n")
        status = head.split(b"\r\n", 1)[0]
        if b" 101 " not in status and b" 200 " not in status:
            raise SandboxDead(f"exec start failed: {head.decode(errors='replace')} {rest[:300]!r}")
        self.reader = FrameReader(self.sock)
        self.reader.buf += rest

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def _kill_tree(pid: int) -> None:
    """SIGKILL ``pid`` and its descendants (host pids; the engine runs on this host)."""
    children: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = Path(f"/proc/{d}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(d))
    todo, seen = [pid], []
    while todo:
        p = todo.pop()
        seen.append(p)
        todo.extend(children.get(p, []))
    for p in seen:
        try:
            os.kill(p, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass



class DockerSession(PromptSession):
    def __init__(self, box, argv: list[str], prompt: str, cwd: str):
        super().__init__(prompt)
        self.box = box
        self.exec_id = box._exec_create(reaped(argv, {**box.cmd_env, "PYTHONUNBUFFERED": "1"}), cwd=cwd, stdin=True)
        self.conn = box._exec_conn(self.exec_id, timeout=box.limits.api_timeout)

    def _recv(self, timeout: float):
        return self.conn.reader.read(timeout)

    def _send_bytes(self, data: bytes) -> None:
        self.conn.sock.sendall(data)

    def _kill(self) -> None:
        try:
            pid = self.box.api.exec_inspect(self.exec_id).get("Pid")
            if pid and os.path.exists(f"/proc/{pid}"):
                _kill_tree(pid)
        except Exception:  # noqa: BLE001 - best effort; closing the stream ends stdin anyway
            pass
        try:
            self.conn.sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        self.conn.close()


class ServerLost(Exception):
    """The command server exited, hung, or its channel carried anything but the one answer to the
    request: the sandbox is lost (`SandboxDead`), and no command is run again."""


MAX_READ = 48 * 1024 * 1024               # bytes of one sandbox file read on the host (sandbox.read)
MAX_ANSWER = MAX_READ * 4 // 3 + 4096     # one answer line: MAX_READ in base64, and its JSON


class CommandServer:
    """Host side of the command server: one JSON line out, one JSON line back, over an exec.

    security (issue 35): the server runs as root (no capability but SETUID, SETGID, KILL) and its
    commands as the sandbox user, so no command can write to its stdout, signal or trace it; on
    top, every request carries a fresh nonce and only a single line repeating it is taken as the
    answer: a line without it, a second line, or bytes before the request are a lost server."""

    def __init__(self, box):
        src = server_source()
        self.box = box
        self.exec_id = box._exec_create(own_argv(["/usr/bin/python3", "-I", "-c", src]), stdin=True)
        self.conn = box._exec_conn(self.exec_id, timeout=box.limits.api_timeout)
        self.lock = threading.Lock()
        self.pending = bytearray()
        self.stderr = bytearray()
        hello = self.call({"op": "ping"}, timeout=box.limits.api_timeout)
        if hello.get("uid") == hello.get("user"):
            raise ServerLost(f"the command server runs as the commands' own uid {hello.get('uid')}: "
                             "they could speak for it (the container must start as root)")

    def call(self, req: dict, timeout: float) -> dict:
        with self.lock:
            nonce = secrets.token_hex(16)
            try:
                self._nothing_unasked()
                self.conn.sock.sendall(json.dumps({**req, "nonce": nonce}).encode() + b"\n")
                deadline = time.monotonic() + timeout
                end = self.pending.find(b"\n")
                while end < 0:                  # only the new bytes are searched: linear in the answer
                    item = self.conn.reader.read(max(deadline - time.monotonic(), 0.001))
                    if item is None:
                        raise ServerLost(f"command server exited: {bytes(self.stderr[-500:])!r}")
                    if item[0] == 1:
                        at = item[1].find(b"\n")
                        end = len(self.pending) + at if at >= 0 else -1
                        self.pending += item[1]
                        if len(self.pending) > MAX_ANSWER:
                            raise ServerLost(f"command server answered over {MAX_ANSWER} bytes")
                    else:
                        self.stderr = (self.stderr + item[1])[-4000:]
                line = bytes(self.pending[:end])
                del self.pending[:end + 1]
                if self.pending:
                    raise ServerLost(f"the channel carried more than the one answer: {bytes(self.pending[:120])!r}")
                answer = json.loads(line)
                if not isinstance(answer, dict) or answer.pop("nonce", None) != nonce:
                    raise ServerLost(f"an answer without this request's nonce: {line[:120]!r}")
                return answer
            except (OSError, ValueError) as e:  # TimeoutError is an OSError
                raise ServerLost(f"command server failed: {e}") from e

    def _nothing_unasked(self) -> None:
        """Before a request: no byte may be waiting on the server's stdout (an answer no request asked
        for is not the answer to this one), and the server must still be there."""
        while self.pending or self.conn.reader.buf or select.select([self.conn.sock], [], [], 0)[0]:
            if self.pending:
                raise ServerLost(f"the channel carried {len(self.pending)} byte(s) no request asked for: "
                                 f"{bytes(self.pending[:120])!r}")
            item = self.conn.reader.read(1.0)
            if item is None:
                raise ServerLost(f"command server exited: {bytes(self.stderr[-500:])!r}")
            if item[0] == 1:
                self.pending += item[1]
            else:
                self.stderr = (self.stderr + item[1])[-4000:]

    def close(self) -> None:
        try:
            pid = self.box.api.exec_inspect(self.exec_id).get("Pid")
            if pid and os.path.exists(f"/proc/{pid}"):
                _kill_tree(pid)
        except Exception:  # noqa: BLE001 - best effort; the container goes soon anyway
            pass
        self.conn.close()
