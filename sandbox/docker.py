"""DockerSandbox: one locked-down container per run, driven through the Docker engine API.

The container runs ``sleep infinity`` under docker-init as uid 1000 with no capabilities,
no-new-privileges, a read-only root, a pids/memory/CPU limit and no network (loopback only).
The repository lives in a named volume at /workspace, the venv in another at /home/sandbox.
Commands are ``exec``s wrapped in ``timeout -s KILL``; their output streams are read from an
upgraded socket that this module opens itself (see ``_ExecConn``).
"""
from __future__ import annotations

import io
import json
import os
import posixpath
import signal
import socket
import tarfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import docker
import requests

from sandbox.base import WORKSPACE, ExecResult, ImageMissing, SandboxDead, SandboxError
from sandbox.session import OUTPUT_LIMIT, CappedBuffer, FrameReader, GitWorkspace, PromptSession

HOME = "/home/sandbox"
VENV = f"{HOME}/venv"
SETUP_NETWORK = "crashfix-setup"
HOST_CA = "/etc/ssl/certs/ca-certificates.crt"


@dataclass(frozen=True)
class Limits:
    mem: str = "2g"
    cpus: float = 2.0
    pids: int = 256
    tmp_size: str = "1g"
    output_limit: int = OUTPUT_LIMIT
    api_timeout: float = 30.0
    read_only_root: bool = True


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


_WRAPPER = ('timeout -s KILL "$1" bash -c "$2" </dev/null & p=$!; wait $p; rc=$?; '
            'while kill -9 -$p 2>/dev/null; do :; done; exit $rc')


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
    def __init__(self, box: "DockerSandbox", argv: list[str], prompt: str, cwd: str):
        super().__init__(prompt)
        self.box = box
        self.exec_id = box._exec_create(argv, cwd=cwd, env={"PYTHONUNBUFFERED": "1"}, stdin=True)
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


class DockerSandbox(GitWorkspace):
    """A Sandbox backed by one container (see the module docstring for the lock-down)."""

    workdir = WORKSPACE

    def __init__(self, image: str, *, limits: Limits | None = None, base_url: str | None = None,
                 network_for_setup: bool = False, env: dict[str, str] | None = None):
        self.limits = limits or Limits()
        self.base_url = base_url or os.environ.get("DOCKER_HOST") or "unix:///var/run/docker.sock"
        self.client = connect(self.base_url, self.limits.api_timeout)
        self.api = self.client.api
        self.image = image
        self.env = dict(env or {})
        self._closed = False
        self._sessions: list[DockerSession] = []
        try:
            self.client.images.get(image)
        except docker.errors.ImageNotFound:
            from sandbox.images import build_command
            raise ImageMissing(f"sandbox image {image!r} is not present (no registry to pull from). "
                               f"Build it with: {build_command()}") from None
        name = f"crashfix-{uuid.uuid4().hex[:12]}"
        self.name = name
        self.volumes = [f"{name}-ws", f"{name}-home"]
        self.networked = network_for_setup
        kwargs = dict(
            image=image, command=["sleep", "infinity"], name=name, detach=True, init=True,
            user="1000:1000", working_dir=WORKSPACE, mem_limit=self.limits.mem,
            memswap_limit=self.limits.mem, nano_cpus=int(self.limits.cpus * 1e9),
            pids_limit=self.limits.pids, cap_drop=["ALL"], security_opt=["no-new-privileges"],
            read_only=self.limits.read_only_root,
            tmpfs={"/tmp": f"rw,exec,nosuid,nodev,size={self.limits.tmp_size}"},
            volumes={self.volumes[0]: {"bind": WORKSPACE, "mode": "rw"},
                     self.volumes[1]: {"bind": HOME, "mode": "rw"}},
            labels={"crashfix.sandbox": "1"},
        )
        if os.path.exists(HOST_CA):  # the host's CA bundle (TLS-intercepting proxies)
            kwargs["volumes"][HOST_CA] = {"bind": HOST_CA, "mode": "ro"}
        if network_for_setup:
            self._ensure_setup_network()
            kwargs["network"] = SETUP_NETWORK
        else:
            kwargs["network_mode"] = "none"
        try:
            self.container = self.client.containers.run(**kwargs)
        except docker.errors.ImageNotFound as e:
            raise ImageMissing(f"sandbox image {image!r} missing: {e}") from e
        except (docker.errors.DockerException, requests.RequestException) as e:
            self._remove()
            raise SandboxError(f"cannot start sandbox container from {image}: {e}") from e

    # network ---------------------------------------------------------------
    def _ensure_setup_network(self) -> None:
        try:
            self.client.networks.get(SETUP_NETWORK)
        except docker.errors.NotFound:
            try:
                self.client.networks.create(SETUP_NETWORK, driver="bridge",
                                            labels={"crashfix.sandbox": "1"})
            except docker.errors.APIError as e:
                if e.status_code != 409:  # created concurrently
                    raise

    def seal_network(self) -> None:
        """Disconnect the set-up network: from now on only loopback remains."""
        if self.networked:
            self.client.networks.get(SETUP_NETWORK).disconnect(self.container, force=True)
            self.networked = False

    # exec plumbing -------------------------------------------------------------
    def _dead(self, e: Exception) -> SandboxDead:
        return SandboxDead(f"sandbox container {self.name} is gone or the engine failed: {e}")

    def _exec_create(self, argv: list[str], *, cwd: str | None = None,
                     env: dict[str, str] | None = None, stdin: bool = False) -> str:
        if self._closed:
            raise SandboxError("sandbox is closed")
        try:
            return self.api.exec_create(self.container.id, argv, stdin=stdin, tty=False,
                                        environment={**self.env, **(env or {})},
                                        workdir=self._abs(cwd) if cwd else WORKSPACE)["Id"]
        except (docker.errors.DockerException, requests.RequestException) as e:
            raise self._dead(e) from e

    def _exec_conn(self, exec_id: str, timeout: float) -> _ExecConn:
        try:
            return _ExecConn(self.api, self.base_url, exec_id, timeout)
        except OSError as e:
            raise self._dead(e) from e

    def _exec(self, argv: list[str], *, timeout: float, cwd: str | None = None,
              env: dict[str, str] | None = None, limit: int | None = None,
              stdout_only: bool = False) -> tuple[int, str, float]:
        start = time.monotonic()
        exec_id = self._exec_create(argv, cwd=cwd, env=env)
        conn = self._exec_conn(exec_id, self.limits.api_timeout)
        buf = CappedBuffer(limit or self.limits.output_limit)
        killed = False
        try:
            while True:
                try:  # the in-container `timeout` normally ends the stream first
                    item = conn.reader.read(timeout + (30 if killed else 1))
                except TimeoutError:
                    if killed:
                        raise
                    killed = True  # stragglers hold the stream open: kill the group from the host
                    self._kill_exec_group(exec_id)
                    continue
                if item is None:
                    break
                if not stdout_only or item[0] == 1:
                    buf.add(item[1])
        except TimeoutError as e:
            raise SandboxDead(f"engine sent nothing for {timeout + 30:g}s on {argv[:6]}") from e
        finally:
            conn.close()
        try:
            code = self.api.exec_inspect(exec_id)["ExitCode"]
        except (docker.errors.DockerException, requests.RequestException) as e:
            raise self._dead(e) from e
        return (code if code is not None else -1), buf.text(), time.monotonic() - start

    def _kill_exec_group(self, exec_id: str) -> None:
        """Backstop from the host: SIGKILL the exec's process tree (engine on this host only)."""
        try:
            pid = self.api.exec_inspect(exec_id).get("Pid")
        except (docker.errors.DockerException, requests.RequestException):
            return
        if pid and os.path.exists(f"/proc/{pid}"):
            _kill_tree(pid)

    def _abs(self, path: str) -> str:
        full = posixpath.normpath(posixpath.join(WORKSPACE, path))
        if not path.startswith("/") and not (full + "/").startswith(WORKSPACE + "/"):
            raise SandboxError(f"path {path!r} escapes the workspace {WORKSPACE}")
        return full

    # Sandbox protocol ------------------------------------------------------------
    def run(self, cmd: str, *, timeout: float = 60.0, cwd: str | None = None,
            env: dict[str, str] | None = None) -> ExecResult:
        # `timeout` leads its own process group; once it returns, the wrapper kills that group
        # (again and again: a fork bomb forks while it is being killed) so no leftovers remain
        argv = ["sh", "-c", _WRAPPER, "sh", f"{timeout:g}", cmd]
        code, out, took = self._exec(argv, timeout=timeout, cwd=cwd, env=env)
        timed_out = code in (124, 137) and took >= timeout - 0.05
        if timed_out:
            out += f"\n[crashfix: command killed after {timeout:g}s timeout]"
        return ExecResult(exit_code=code, output=out, timed_out=timed_out, duration=took)

    def read(self, path: str) -> str:
        code, out, _ = self._exec(["cat", "--", self._abs(path)], timeout=60,
                                  limit=64_000_000, stdout_only=True)
        if code != 0:
            _, err, _ = self._exec(["cat", "--", self._abs(path)], timeout=60)
            raise SandboxError(f"cannot read {path}: {err.strip()}")
        return out

    def write(self, path: str, text: str) -> None:
        full = self._abs(path)
        data = text.encode()
        for vol in (WORKSPACE, HOME):  # volumes: put_archive works even with a read-only root
            if full.startswith(vol + "/"):
                rel = full[len(vol) + 1:]
                tar = io.BytesIO()
                with tarfile.open(fileobj=tar, mode="w") as tf:
                    parts = rel.split("/")
                    for i in range(1, len(parts)):
                        d = tarfile.TarInfo("/".join(parts[:i]))
                        d.type, d.mode, d.uid, d.gid = tarfile.DIRTYPE, 0o755, 1000, 1000
                        tf.addfile(d)
                    info = tarfile.TarInfo(rel)
                    info.size, info.mode, info.uid, info.gid = len(data), 0o644, 1000, 1000
                    info.mtime = int(time.time())
                    tf.addfile(info, io.BytesIO(data))
                try:
                    self.api.put_archive(self.container.id, vol, tar.getvalue())
                except (docker.errors.DockerException, requests.RequestException) as e:
                    raise SandboxError(f"cannot write {path}: {e}") from e
                return
        import base64  # elsewhere: through the container, so its permissions apply
        code, out, _ = self._exec(["sh", "-c", 'printf %s "$1" | base64 -d > "$2"', "sh",
                                   base64.b64encode(data).decode(), full], timeout=60)
        if code != 0:
            raise SandboxError(f"cannot write {path}: {out.strip()}")

    def put_tree(self, host_dir: Path | str) -> None:
        """Copy a host directory into /workspace, owned by uid 1000."""
        def owner(ti: tarfile.TarInfo) -> tarfile.TarInfo:
            ti.uid = ti.gid = 1000
            ti.uname = ti.gname = "sandbox"
            return ti
        tar = io.BytesIO()
        with tarfile.open(fileobj=tar, mode="w") as tf:
            for child in sorted(Path(host_dir).iterdir()):
                tf.add(child, arcname=child.name, filter=owner)
        try:
            self.api.put_archive(self.container.id, WORKSPACE, tar.getvalue())
        except (docker.errors.DockerException, requests.RequestException) as e:
            raise self._dead(e) from e

    def session(self, argv: list[str], prompt: str, *, timeout: float = 30.0,
                cwd: str | None = None) -> DockerSession:
        s = DockerSession(self, argv, prompt, cwd or WORKSPACE)
        self._sessions.append(s)
        return s.start(timeout)

    def _remove(self) -> None:
        c = getattr(self, "container", None)
        if c is not None:
            try:
                c.remove(force=True)
            except (docker.errors.DockerException, requests.RequestException):
                pass
        for v in getattr(self, "volumes", []):
            try:
                self.client.volumes.get(v).remove(force=True)
            except (docker.errors.DockerException, requests.RequestException):
                pass

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for s in self._sessions:
            s.close()
        self._remove()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
