"""DockerSandbox: one locked-down container per run, driven through the Docker engine API.

The container runs ``sleep infinity`` under docker-init as root with no capability but SETUID,
SETGID and KILL (for the command server, which runs every command as uid 1000 with none),
no-new-privileges, a read-only root, a pids/memory/CPU limit and no network (loopback only).
The repository lives in tmpfs volumes of ``Limits.disk`` each at /workspace and /home/sandbox
(the venv), so a repository that fills them stops at the limit and the host's disk is untouched.
The home volume is filled from the image, or from a prepared environment (``sandbox/docker/envcache.py``).
Commands go to a small command server inside the container (``sandbox/docker/server.py``, one
long-lived exec, read from an upgraded socket that ``engine._ExecConn`` opens itself: a command
then costs a fork, not a new exec). A lost server is a lost sandbox (`SandboxDead`): no command is
ever run a second time, by another server or another exec. crashfix's own commands (the server, git) run
by absolute path with a clean environment (``session.OWN_ENV``), never the repository's PATH.
"""
from __future__ import annotations

import base64
import os
import posixpath
import uuid
from pathlib import Path

import docker
import requests

from sandbox.base import (SCRATCH_DIR, WORKSPACE, CaptureRefused, ExecResult, ImageMissing, Limits, SandboxDead,
                          SandboxError, limit_lines, size_text)
from sandbox.docker.engine import (
    MAX_READ,
    CommandServer,
    DockerSession,
    ServerLost,
    _ExecConn,
    connect,
)
from sandbox.docker.tar import create_tmpfs_volumes, image_tar, tree_tar
from sandbox.docker.images import build_command
from sandbox.docker.network import SETUP_NETWORK, ensure_setup_network
from sandbox.session import OWN_ENV, CappedBuffer, GitWorkspace

HOSTNAME = "sandbox"

__all__ = ["DockerSandbox", "Limits", "connect"]

HOME = "/home/sandbox"
VENV = f"{HOME}/venv"
HOST_CA = "/etc/ssl/certs/ca-certificates.crt"
_HOME_SEEDS: dict[str, bytes] = {}   # image id -> tar of its /home/sandbox (the venv)


def _bytes(size: str) -> int:
    size = str(size).strip().lower().rstrip("b")
    mult = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}.get(size[-1:], 1)
    return int(float(size.rstrip("kmg")) * mult)


class DockerSandbox(GitWorkspace):
    """A Sandbox backed by one container (see the module docstring for the lock-down)."""

    workdir = WORKSPACE

    def __init__(self, image: str, *, limits: Limits | None = None, base_url: str | None = None,
                 network_for_setup: bool = False, env: dict[str, str] | None = None, home=None):
        """``home``: an open tar of a prepared /home/sandbox (`sandbox.docker.envcache`) to start from
        instead of the image's."""
        self.limits = limits or Limits()
        self.base_url = base_url or os.environ.get("DOCKER_HOST") or "unix:///var/run/docker.sock"
        self.client = connect(self.base_url, self.limits.api_timeout)
        self.api = self.client.api
        self.image = image
        self.home = home
        self.pending_env = None          # a captured environment (envcache.Pending) until kept
        self.prepared = None             # this sandbox's state copied to the host (sandbox.docker.prepared)
        self.env = dict(env or {})
        self._closed = False
        self._sessions: list[DockerSession] = []
        self._server: CommandServer | None = None
        self._lost: str | None = None    # why the command server was lost: the sandbox is then dead
        try:
            img = self.client.images.get(image)
        except docker.errors.ImageNotFound:
            raise ImageMissing(f"sandbox image {image!r} is not present (no registry to pull from). "
                               f"Build it with: {build_command()}") from None
        except (docker.errors.DockerException, requests.RequestException) as e:
            raise SandboxError(f"cannot inspect sandbox image {image!r}: {e}") from e
        self.image_id = img.id
        # the repository's commands get the image's environment (venv first on PATH) + env
        self.cmd_env = dict(kv.split("=", 1) for kv in img.attrs["Config"].get("Env") or [] if "=" in kv)
        self.cmd_env.update(self.env)
        name = f"crashfix-{uuid.uuid4().hex[:12]}"
        self.name = name
        self.volumes = [f"{name}-ws", f"{name}-home"]
        self.networked = network_for_setup
        self.egress_filtered = False    # set-up egress limited to public addresses (network.py)
        tmp_size = self.limits.tmp_size or str(_bytes(self.limits.mem) // 2)
        self._sizes = {WORKSPACE: _bytes(self.limits.disk), HOME: _bytes(self.limits.disk),
                       "/tmp": _bytes(tmp_size)}
        self._create_volumes()
        kwargs = dict(
            image=image, command=["sleep", "infinity"], name=name, detach=True, init=True,
            # root with SETUID/SETGID/KILL only: the command server's; every command and session runs
            # as uid 1000 with no capability (sandbox/docker/server.py; security: issue 35)
            user="0:0", working_dir=WORKSPACE, mem_limit=self.limits.mem,
            memswap_limit=self.limits.mem, nano_cpus=int(self.limits.cpus * 1e9),
            pids_limit=self.limits.pids, cap_drop=["ALL"], cap_add=["SETUID", "SETGID", "KILL"],
            security_opt=["no-new-privileges"],
            read_only=self.limits.read_only_root,
            tmpfs={"/tmp": f"rw,exec,nosuid,nodev,size={tmp_size}"},
            volumes={self.volumes[0]: {"bind": WORKSPACE, "mode": "rw"},
                     self.volumes[1]: {"bind": HOME, "mode": "rw"}},
            labels={"crashfix.sandbox": "1"},
            # the sandbox's own name resolves from /etc/hosts: once the set-up network is cut, a lookup
            # through Docker's DNS waits 10 s for no answer (waitress's servers call getfqdn at start)
            hostname=HOSTNAME, extra_hosts={HOSTNAME: "127.0.0.1"},
        )
        if os.path.exists(HOST_CA):  # the host's CA bundle (TLS-intercepting proxies)
            kwargs["volumes"][HOST_CA] = {"bind": HOST_CA, "mode": "ro"}
        if network_for_setup:
            self.egress_filtered = ensure_setup_network(self.client)
            kwargs["network"] = SETUP_NETWORK
            # and any other lookup after the cut fails within a second, not after 2 x 5 s
            kwargs["dns_opt"] = ["timeout:1", "attempts:1"]
        else:
            kwargs["network_mode"] = "none"
        try:
            self.container = self.client.containers.run(**kwargs)
            self._seed_home(img)
        except docker.errors.ImageNotFound as e:
            self._remove()
            raise ImageMissing(f"sandbox image {image!r} missing: {e}") from e
        except (docker.errors.DockerException, requests.RequestException) as e:
            self._remove()
            raise SandboxError(f"cannot start sandbox container from {image}: {e}") from e

    # writable space --------------------------------------------------------
    def _create_volumes(self) -> None:
        try:
            create_tmpfs_volumes(self.client, self.volumes, _bytes(self.limits.disk))
        except (docker.errors.DockerException, requests.RequestException) as e:
            self._remove()
            raise SandboxError(f"cannot create volumes {self.volumes} of {self.limits.disk}: {e}") from e

    def _seed_home(self, img) -> None:
        """Copy the image's /home/sandbox (the venv) into the home volume: a tmpfs volume is
        not filled from the image as a plain one is. The tar is taken once per image. A prepared
        one (``home``) replaces it."""
        if self.home is not None:
            self.api.put_archive(self.container.id, HOME, self.home)
            return
        if img.id not in _HOME_SEEDS:
            _HOME_SEEDS[img.id] = image_tar(self.client, img.id, HOME)
        self.api.put_archive(self.container.id, HOME, _HOME_SEEDS[img.id])

    def save_home(self, dest: Path, bound: int | None = None) -> int:
        """Write the prepared /home/sandbox (the venv; not the installers' caches) as a tar to
        ``dest`` on the host; returns its size. At most ``bound`` bytes (default: the volume's
        size) are written (`save_tree`)."""
        self.run_own(f"/bin/rm -rf {HOME}/.cache {SCRATCH_DIR}", timeout=120)
        return self.save_tree(HOME, dest, self._sizes[HOME] if bound is None else bound)

    def save_tree(self, folder: str, dest: Path, bound: int) -> int:
        """Write ``folder`` (a volume: /home/sandbox or /workspace) as a tar to ``dest`` on the host.

        security: the folder is the repository's output. Checked before writing: its apparent size
        (a sparse file counts whole: the tar holds it whole) is at most ``bound`` and no file is
        sparse; then the bytes actually written are counted and the write stops past ``bound``.
        A refusal raises `CaptureRefused` and leaves no file."""
        check = self.run_own(
            f"/usr/bin/du -s -b --apparent-size {folder}; "
            f"/usr/bin/find {folder} -xdev -type f -size +1M -printf '%S %s %P\\n' 2>/dev/null | "
            "/usr/bin/awk '$1 < 0.5 {print; n++} n >= 3 {exit}'", timeout=120)
        lines = check.output.strip().splitlines()
        apparent = int(lines[0].split()[0]) if lines and lines[0].split()[0].isdigit() else None
        if apparent is None:
            raise CaptureRefused(f"cannot measure {folder}: {check.output.strip()[-300:]}")
        if apparent > bound:
            raise CaptureRefused(f"{folder} holds {size_text(apparent)} (apparent size), over the bound of {size_text(bound)}")
        sparse = [l.split(" ", 2)[2] for l in lines[1:] if l.count(" ") >= 2]
        if sparse:
            raise CaptureRefused(f"{folder} holds sparse file(s), refused: {', '.join(sparse)[:300]}")
        written = 0
        try:
            stream, _ = self.container.get_archive(folder + "/.")
            with open(dest, "wb") as f:
                for chunk in stream:
                    written += len(chunk)
                    if written > bound + (1 << 20):     # tar headers and padding on top of the files
                        raise CaptureRefused(f"the tar of {folder} went past the bound of {size_text(bound)}")
                    f.write(chunk)
        except (docker.errors.DockerException, requests.RequestException) as e:
            Path(dest).unlink(missing_ok=True)
            raise self._dead(e) from e
        except BaseException:
            Path(dest).unlink(missing_ok=True)
            raise
        return Path(dest).stat().st_size

    def seal_network(self) -> None:
        """Disconnect the set-up network and check that no network is left (loopback only)."""
        if not self.networked:
            return
        try:
            self.client.networks.get(SETUP_NETWORK).disconnect(self.container, force=True)
            self.container.reload()
            left = self.container.attrs["NetworkSettings"]["Networks"]
        except (docker.errors.DockerException, requests.RequestException) as e:
            raise SandboxDead(f"cannot cut the network of {self.name}: {e}") from e
        if left:
            raise SandboxDead(f"{self.name} still has networks after set-up: {sorted(left)}")
        self.networked = False

    # exec plumbing -------------------------------------------------------------
    def _dead(self, e: Exception) -> SandboxDead:
        return SandboxDead(f"sandbox container {self.name} is gone or the engine failed: {e}")

    def _exec_create(self, argv: list[str], *, cwd: str | None = None,
                     env: dict[str, str] | None = None, stdin: bool = False) -> str:
        if self._closed:
            raise SandboxError("sandbox is closed")
        try:
            return self.api.exec_create(self.container.id, argv, stdin=stdin, tty=False, user="0:0",
                                        environment={**self.env, **(env or {})},
                                        workdir=self._abs(cwd) if cwd else WORKSPACE)["Id"]
        except (docker.errors.DockerException, requests.RequestException) as e:
            raise self._dead(e) from e

    def _exec_conn(self, exec_id: str, timeout: float) -> _ExecConn:
        try:
            return _ExecConn(self.api, self.base_url, exec_id, timeout)
        except OSError as e:
            raise self._dead(e) from e

    def _abs(self, path: str) -> str:
        full = posixpath.normpath(posixpath.join(WORKSPACE, path))
        if not path.startswith("/") and not (full + "/").startswith(WORKSPACE + "/"):
            raise SandboxError(f"path {path!r} escapes the workspace {WORKSPACE}")
        return full

    # Sandbox protocol ------------------------------------------------------------
    def _server_call(self, req: dict, timeout: float) -> dict:
        """One request to the in-container server. A server that cannot start, dies, hangs or whose
        channel carries anything but its answer is a lost sandbox: `SandboxDead`, now and for every
        later call (security: a command that killed or impersonated the server is never run again)."""
        if self._closed:
            raise SandboxError("sandbox is closed")
        if self._lost is not None:
            raise SandboxDead(f"sandbox {self.name} is lost: {self._lost}")
        try:
            if self._server is None:
                self._server = CommandServer(self)
            return self._server.call(req, timeout)
        except ServerLost as e:
            self._lost = f"its command server was lost ({e}); the sandbox is discarded, nothing is run again"
            if self._server is not None:
                self._server.close()
                self._server = None
            raise SandboxDead(f"sandbox {self.name}: {self._lost}") from e

    def run(self, cmd: str, *, timeout: float = 60.0, cwd: str | None = None,
            env: dict[str, str] | None = None) -> ExecResult:
        return self._run(cmd, timeout, cwd, {**self.cmd_env, **(env or {})})

    def setenv(self, values: dict[str, str]) -> None:
        """Environment variables for every later command of the repository."""
        self.cmd_env.update(values)

    def run_own(self, cmd: str, *, timeout: float) -> ExecResult:
        """One of crashfix's own shell commands (git) with `OWN_ENV` only, in the workspace."""
        return self._run(cmd, timeout, None, OWN_ENV)

    def _run(self, cmd: str, timeout: float, cwd: str | None, env: dict[str, str]) -> ExecResult:
        wd = self._abs(cwd) if cwd else WORKSPACE
        res = self._server_call({"op": "run", "cmd": cmd, "cwd": wd, "env": env,
                                 "timeout": timeout, "limit": self.limits.output_limit,
                                 "max": self.limits.output_max, "disks": [WORKSPACE, HOME, "/tmp"]},
                                timeout + 30)
        if "error" in res:  # could not even start (bad cwd, no pids left)
            return ExecResult(exit_code=126, output=f"crashfix: cannot start command: {res['error']}")
        hits: list[str] = []
        buf = CappedBuffer(self.limits.output_limit)
        buf.head = bytearray(base64.b64decode(res["out"]))
        buf.tail = bytearray(base64.b64decode(res["tail"]))
        buf.cut = res["cut"]
        out, code, took, timed_out = buf.text(), res["code"], res["duration"], res["timed_out"]
        if res.get("oom_kills"):
            hits.append(f"killed: memory limit {size_text(_bytes(self.limits.mem))} reached "
                        f"({res['oom_kills']} process(es) killed out of memory)")
        if res.get("forks_refused"):
            hits.append(f"process limit {self.limits.pids} reached "
                        f"({res['forks_refused']} fork(s) refused)")
        for mount in res.get("full") or ():
            hits.append(f"disk limit {size_text(self._sizes.get(mount, 0))} reached "
                        f"({mount} full: writes fail with 'No space left on device')")
        if res.get("over_max"):
            hits.append(f"killed: output over {size_text(self.limits.output_max)}")
        if buf.cut:
            hits.append(f"output truncated at {self.limits.output_limit} bytes "
                        f"({buf.cut} bytes cut from the middle)")
        if timed_out:
            hits.insert(0, f"timed out after {timeout:g} s (command killed)")
        return ExecResult(exit_code=code, output=out + limit_lines(hits), timed_out=timed_out,
                          duration=took, limits=tuple(hits))

    def read(self, path: str) -> str:
        full = self._abs(path)
        res = self._server_call({"op": "read", "path": full, "max": MAX_READ}, 120)
        if "error" in res:
            raise SandboxError(f"cannot read {path}: {res['error']}")
        return base64.b64decode(res["data"]).decode("utf-8", "replace")

    def write(self, path: str, text: str) -> None:
        full = self._abs(path)
        res = self._server_call({"op": "write", "path": full,
                                 "data": base64.b64encode(text.encode()).decode()}, 120)
        if "error" in res:
            raise SandboxError(f"cannot write {path}: {res['error']}")

    def put_tree(self, host_dir: Path | str) -> None:
        """Copy a host directory into /workspace, owned by uid 1000."""
        try:
            self.api.put_archive(self.container.id, WORKSPACE, tree_tar(Path(host_dir)))
        except (docker.errors.DockerException, requests.RequestException) as e:
            raise self._dead(e) from e

    def session(self, argv: list[str], prompt: str, *, timeout: float = 30.0,
                cwd: str | None = None) -> DockerSession:
        s = DockerSession(self, argv, prompt, cwd or WORKSPACE)
        self._sessions.append(s)
        return s.start(timeout)

    def _remove(self) -> None:
        c = getattr(self, "container", None)
        if c is None:  # created but failed to start: find it by name
            try:
                c = self.client.containers.get(self.name)
            except (docker.errors.DockerException, requests.RequestException):
                c = None
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
        if self.pending_env is not None:    # not kept: the run did not say the set-up worked
            self.pending_env.discard()
        if self.prepared is not None:       # the run's later sandboxes are open (or not needed)
            self.prepared.discard()
        for s in self._sessions:
            s.close()
        if self._server is not None:
            self._server.close()
        self._remove()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
