"""The in-container command server (standard library only; sent as
``/usr/bin/env -i PATH=/usr/bin:/bin /usr/bin/python3 -I -c <this file>``).

One long-lived ``docker exec`` runs this loop: it reads one JSON request per line on stdin and
answers one JSON line on stdout, so a command costs a fork instead of a new exec (~100 ms).
Requests: {"op": "run", "cmd", "cwd", "env", "timeout", "limit", "max", "disks"} → {"code",
"timed_out", "out" (base64), "cut", "duration", "oom_kills", "forks_refused", "over_max", "full"};
{"op": "read", "path"}; {"op": "write", "path", "data"}; any failure → {"error": "..."}.
A command gets exactly the environment in "env" (the server's own is clean) and runs under
/bin/bash in its own session; its whole process group is killed on timeout and again after it
returns (leftovers, fork bombs). "full" lists the "disks" (mount points) this command filled.

Security (issue 35): the channel is crashfix's alone, and nothing a command starts outlives it.
- The server runs as root with only CAP_SETUID, CAP_SETGID and CAP_KILL (the container's whole
  capability set; no-new-privileges), non-dumpable (``PR_SET_DUMPABLE`` 0), with no supplementary
  group. Every command (and every debugger session, ``reap``) runs as the sandbox user (`USER`,
  uid 1000) with no capability: it cannot signal, ptrace or open ``/proc/<server>/fd/*`` of the
  server, and it gets fresh pipes (stdin /dev/null, every other fd closed). "read" and "write" go
  through the sandbox user's file-system identity (``setfsuid``), so they reach what a command could.
- Every request carries a nonce the host made for it; the answer repeats it. The nonce is only in
  the request on the server's stdin and in this process's memory: no command can read it.
- The server is a child subreaper (``PR_SET_CHILD_SUBREAPER``), so a process that leaves the
  command's group (``setsid()``, a double fork) is re-parented to the server, not to the
  container's init; after each command the server kills every process below it, and any process of
  the sandbox user the container's init adopted, and reaps them ("left" counts them).
``python3 -I -c <this file> reap ENV_JSON ARGV...`` runs one program the same way (debugger sessions):
as root (started with a clean environment), subreaper and non-dumpable, the program as the sandbox
user with ENV_JSON as its environment, all it left killed when it ends.
"""
import base64
import json
import os
import signal
import subprocess
import sys
import threading
import time

PR_SET_DUMPABLE = 4
PR_SET_CHILD_SUBREAPER = 36
USER = 1000                 # the sandbox user: every command and session runs as it


def _libc():
    import ctypes
    return ctypes, ctypes.CDLL(None, use_errno=True)


def _harden():
    """Orphans of our descendants become our children (Linux >= 3.4); no /proc access to us for
    anyone else (non-dumpable); no supplementary group (root's would widen "read"/"write")."""
    ctypes, libc = _libc()
    for option, value, what in ((PR_SET_CHILD_SUBREAPER, 1, "PR_SET_CHILD_SUBREAPER"),
                                (PR_SET_DUMPABLE, 0, "PR_SET_DUMPABLE")):
        if libc.prctl(option, value, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), f"prctl({what}) failed")
    if os.getuid() == 0:
        os.setgroups([])


def _as_user(fn):
    """``fn()`` with the sandbox user's file-system identity (setfsuid/setfsgid: this thread's file
    checks and new files' owner only; signals and /proc still see root)."""
    if os.getuid() != 0:
        return fn()
    _, libc = _libc()
    libc.setfsgid(USER)
    libc.setfsuid(USER)
    try:
        return fn()
    finally:
        libc.setfsuid(0)
        libc.setfsgid(0)


def _drop():
    """Popen arguments that start a program as the sandbox user (no capability left), when we are root."""
    if os.getuid() != 0:
        return {}
    if sys.version_info >= (3, 9):
        return {"user": USER, "group": USER, "extra_groups": []}

    def demote():                             # Python 3.8 (a registry image): no user=/group= yet
        os.setgroups([])
        os.setgid(USER)
        os.setuid(USER)
    return {"preexec_fn": demote}


def _uid(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("Uid:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def _descendants(root, adopted=False):
    """Every live process below ``root`` (by parent pid, from /proc); with ``adopted``, also the
    sandbox user's processes the container's init took in (below pid 1), and theirs."""
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(name))
    out, todo = [], list(children.get(root, []))
    if adopted and os.getuid() == 0 and root != 1:
        todo += [pid for pid in children.get(1, []) if _uid(pid) == USER]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def _reap():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def wait_reaping(proc, timeout=None):
    """Wait for ``proc`` to exit (True) or ``timeout`` seconds (False), reaping meanwhile the orphans
    re-parented to us: a zombie left unreaped stays in its process group, so a command that kills
    its group until that fails (the exec fallback's wrapper) would never end."""
    deadline = None if timeout is None else time.monotonic() + timeout
    pause = 0.001
    while True:
        try:
            info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            info = None
        if info is not None and info.si_pid == proc.pid:
            proc.wait()
            return True
        if info is not None:
            try:
                os.waitpid(info.si_pid, 0)
            except ChildProcessError:
                pass
            continue
        if deadline is not None and time.monotonic() >= deadline:
            return False
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def kill_below(root=None, adopted=True):
    """SIGKILL every process below ``root`` (this process), again until none is left (a fork bomb
    forks while it dies; its orphans come back to us); with ``adopted``, also any process of the
    sandbox user below the container's init (none should be: belt and braces); returns how many
    were killed."""
    root = root or os.getpid()
    killed = set()
    for _ in range(1000):
        pids = _descendants(root, adopted)
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.add(pid)
            except (ProcessLookupError, PermissionError):
                pass
        _reap()
        time.sleep(0.001)
    _reap()
    return len(killed)


def _kill_group(pgid):
    for _ in range(1000):
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.001)


def _counter(paths, key):
    """A counter of this container's cgroup (v2 file first, then v1); None when unreadable."""
    for path in paths:
        try:
            with open(path) as f:
                for line in f:
                    name, _, value = line.partition(" ")
                    if name == key:
                        return int(value)
        except (OSError, ValueError):
            continue
    return None


def _limits_hit():
    """(OOM kills, refused forks) so far: the memory and pids limits' own counters."""
    return (_counter(("/sys/fs/cgroup/memory.events", "/sys/fs/cgroup/memory/memory.oom_control"), "oom_kill"),
            _counter(("/sys/fs/cgroup/pids.events", "/sys/fs/cgroup/pids/pids.events"), "max"))


def _full(paths):
    """The mount points among ``paths`` with less than 64 KiB left for an unprivileged writer."""
    full = []
    for path in paths:
        try:
            st = os.statvfs(path)
        except OSError:
            continue
        if st.f_bavail * st.f_frsize < 65536:
            full.append(path)
    return full


def _delta(before, after):
    return after - before if before is not None and after is not None else 0


def _run(req):
    start = time.monotonic()
    before = _limits_hit()
    full_before = _full(req.get("disks") or ())
    env = req.get("env") or {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    proc = subprocess.Popen(["/bin/bash", "-c", req["cmd"]], cwd=req.get("cwd") or None, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, close_fds=True,
                            stderr=subprocess.STDOUT, start_new_session=True, **_drop())
    half = max(int(req.get("limit", 1_000_000)) // 2, 1)
    most = int(req.get("max") or 0)
    head, tail, cut, total = bytearray(), bytearray(), [0], [0]

    def pump():
        fd = proc.stdout.fileno()
        while True:
            data = os.read(fd, 65536)
            if not data:
                return
            total[0] += len(data)
            if most and total[0] > most and total[0] - len(data) <= most:
                _kill_group(proc.pid)   # printed past the output limit: stop it, drain the rest
            room = half - len(head)
            if room > 0:
                head.extend(data[:room])
                data = data[room:]
            tail.extend(data)
            if len(tail) > half:
                cut[0] += len(tail) - half
                del tail[:len(tail) - half]

    timed_out = False
    try:
        reader = threading.Thread(target=pump, daemon=True)
        reader.start()
        timed_out = not wait_reaping(proc, req.get("timeout", 60))
    finally:  # also when no thread could start (pids limit): never leave the group behind
        _kill_group(proc.pid)
    proc.wait()
    left = kill_below()          # what left the group (setsid, double forks) came back to us: gone too
    reader.join(timeout=2)
    proc.stdout.close()
    code = proc.returncode
    if code < 0:
        code = 128 - code
    after = _limits_hit()
    return {"code": 137 if timed_out else code, "timed_out": timed_out, "cut": cut[0],
            "out": base64.b64encode(bytes(head)).decode(), "tail": base64.b64encode(bytes(tail)).decode(),
            "duration": time.monotonic() - start, "left": left, "oom_kills": _delta(before[0], after[0]),
            "forks_refused": _delta(before[1], after[1]), "over_max": bool(most and total[0] > most),
            "full": [p for p in _full(req.get("disks") or ()) if p not in full_before]}


def _handle(req):
    op = req.get("op")
    if op == "run":
        return _run(req)
    if op == "read":                          # at most `max` bytes: a bigger file is an error, unread
        most = int(req.get("max") or 0)

        def read():
            with open(req["path"], "rb") as f:
                return f.read(most + 1) if most else f.read()
        data = _as_user(read)
        if most and len(data) > most:
            return {"error": f"the file is over {most} bytes"}
        return {"data": base64.b64encode(data).decode()}
    if op == "write":
        data = base64.b64decode(req["data"])

        def write():
            os.makedirs(os.path.dirname(req["path"]) or ".", exist_ok=True)
            with open(req["path"], "wb") as f:
                f.write(data)
        _as_user(write)
        return {}
    if op == "ping":
        return {"pid": os.getpid(), "uid": os.getuid(), "user": USER}
    return {"error": f"unknown op {op!r}"}


def reap(env, argv):
    """Run ``argv`` with ``env`` (stdio inherited) as a subreaper; when it ends, kill all it left; its exit code."""
    _harden()
    signal.signal(signal.SIGTERM, lambda *_: (kill_below(adopted=False), os._exit(143)))
    proc = subprocess.Popen(argv, env=env, **_drop())
    try:
        wait_reaping(proc)
        code = proc.returncode
    finally:
        kill_below(adopted=False)
    return 128 - code if code < 0 else code


def main():
    if sys.argv[1:2] == ["reap"]:
        sys.exit(reap(json.loads(sys.argv[2]), sys.argv[3:]))
    _harden()
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        nonce = None
        try:
            req = json.loads(line)
            nonce = req.get("nonce")
            res = _handle(req)
        except Exception as e:  # noqa: BLE001 - every failure goes back to the host
            res = {"error": f"{type(e).__name__}: {e}"}
        res["nonce"] = nonce                  # the host takes no answer without its request's nonce
        out.write(json.dumps(res).encode() + b"\n")
        out.flush()


if __name__ == "__main__":
    main()
