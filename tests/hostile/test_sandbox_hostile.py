"""A hostile repository's code in the real Docker sandbox: every attack is contained, the limit it
hit is named in the result, and the host and a second sandbox running at the same time carry on."""
from __future__ import annotations

import os
import socket
import subprocess
import threading
import time
import uuid

import pytest

from sandbox import open_sandbox
from sandbox.base import limit_hits

pytestmark = pytest.mark.docker

CONNECT = ("python3 -c \"import socket,sys\ntry:\n socket.create_connection((sys.argv[1], int(sys.argv[2])), "
           "timeout=3); print('CONNECTED')\nexcept OSError as e: print('FAILED', e)\" {} {}")


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    from gitrepo import make_repo
    return make_repo(tmp_path_factory.mktemp("hostile") / "r", {"a.txt": "a\n"})


@pytest.fixture(scope="module")
def box(sandbox_image, repo, hostile_limits):
    sb = open_sandbox("docker", repo, image=sandbox_image, limits=hostile_limits, install=False)
    yield sb
    sb.close()


@pytest.fixture(scope="module")
def other(sandbox_image, repo, hostile_limits):
    """A second job's sandbox, running next to the hostile one."""
    sb = open_sandbox("docker", repo, image=sandbox_image, limits=hostile_limits, install=False)
    yield sb
    sb.close()


def _alongside(attack, box, other, cmd: str = "python3 -c 'print(sum(range(10**6)))'"):
    """Run `attack` in `box` while `other` runs `cmd` in a loop; (attack result, other's results)."""
    done, results = threading.Event(), []

    def neighbour():
        while not done.is_set():
            results.append(other.run(cmd, timeout=30))
    t = threading.Thread(target=neighbour)
    t.start()
    try:
        res = attack(box)
    finally:
        done.set()
        t.join(timeout=60)
    return res, results


def test_memory_hog_is_killed_and_named(box, other):
    res, theirs = _alongside(lambda b: b.run("python3 -c 'x = bytearray(1 << 30); print(len(x))'",
                                             timeout=60), box, other)
    assert res.exit_code == 137 and not res.timed_out
    assert any(h.startswith("killed: memory limit 256 MiB") for h in res.limits), res.limits
    assert "[crashfix: killed: memory limit 256 MiB" in res.output
    assert theirs and all(r.ok and r.output.strip() == "499999500000" for r in theirs)
    assert box.run("echo alive").output.strip() == "alive"


def test_fork_bomb_is_contained_while_another_job_runs(box, other):
    start = time.monotonic()
    res, theirs = _alongside(lambda b: b.run("bomb() { bomb | bomb & }; bomb; sleep 4", timeout=6),
                             box, other)
    assert time.monotonic() - start < 40
    assert any(h.startswith("process limit 64 reached") for h in res.limits), (res.limits, res.output[-500:])
    assert len(theirs) >= 2 and all(r.ok for r in theirs), [r.output[-200:] for r in theirs]
    assert max(r.duration for r in theirs) < 20
    subprocess.run(["true"], check=True)                    # the host can still fork
    time.sleep(0.5)
    left = box.run("ls /proc | grep -c '^[0-9]'", timeout=20)
    assert int(left.output.split()[0]) < 15                # the bomb's processes are gone


def test_infinite_loop_times_out_and_is_named(box):
    res = box.run("while :; do :; done", timeout=2)
    assert res.timed_out and not res.ok and res.duration < 15
    assert res.limits[0] == "timed out after 2 s (command killed)"
    assert res.output.rstrip().endswith("[crashfix: timed out after 2 s (command killed)]")
    assert limit_hits(res.output) == ["timed out after 2 s (command killed)"]


def test_endless_output_is_killed_and_kept_small(box, hostile_limits):
    start = time.monotonic()
    res = box.run("cat /dev/zero | tr '\\0' x", timeout=60)   # would print forever
    assert time.monotonic() - start < 30 and not res.timed_out
    assert "killed: output over 32 MiB" in res.limits
    assert f"output truncated at {hostile_limits.output_limit} bytes" in " ".join(res.limits)
    assert len(res.output) < hostile_limits.output_limit + 1000
    assert "[crashfix: killed: output over 32 MiB]" in res.output


def test_large_output_is_truncated_and_named(box, hostile_limits):
    res = box.run("echo FIRST; head -c 5000000 /dev/zero | tr '\\0' y; echo; echo LAST", timeout=60)
    assert res.ok and res.output.startswith("FIRST") and res.output.rstrip().endswith("LAST")
    assert res.limits == (f"output truncated at {hostile_limits.output_limit} bytes "
                          f"({5000012 - hostile_limits.output_limit} bytes cut from the middle)",)
    assert "output truncated at 200000 bytes" in res.output


def test_no_connection_leaves_the_sandbox(box, listener, host_addresses):
    """The listener is ours, on every address of the host: the sandbox reaches none of them,
    nor an outside address (no route at all: nothing is sent)."""
    targets = host_addresses + ["203.0.113.7"]
    for host in targets:
        out = box.run(CONNECT.format(host, listener.port), timeout=20).output
        assert "FAILED" in out and "unreachable" in out, (host, out)
    out = box.run(CONNECT.format("127.0.0.1", listener.port), timeout=20).output
    assert "FAILED" in out and "refused" in out, out       # the sandbox's own loopback, not the host's
    dns = box.run("python3 -c \"import socket; socket.getaddrinfo('pypi.org', 443)\"", timeout=20)
    assert not dns.ok
    time.sleep(0.5)
    assert listener.accepted == []


def test_network_is_cut_after_setup(sandbox_image, repo, hostile_limits, listener, host_addresses):
    """Set-up has a network to public addresses (the positive control: pypi.org answers, when this
    host reaches it) and never to the host (tests/hostile/test_setup_egress.py); once sealed,
    nothing answers and the listener has seen nothing."""
    setup = CONNECT.format("pypi.org", 443) + " > /tmp/setup.log"
    sb = open_sandbox("docker", repo, image=sandbox_image, limits=hostile_limits, setup_cmd=setup)
    try:
        try:
            socket.create_connection(("pypi.org", 443), timeout=5).close()
            assert "CONNECTED" in sb.run("cat /tmp/setup.log").output     # the positive control
        except OSError:
            pass
        assert not sb.networked and "eth" not in sb.run("cat /proc/net/dev").output
        for host in host_addresses + ["203.0.113.7"]:
            out = sb.run(CONNECT.format(host, listener.port), timeout=20).output
            assert "FAILED" in out and "unreachable" in out, (host, out)
        time.sleep(0.3)
        assert listener.accepted == []
    finally:
        sb.close()


def test_host_environment_does_not_reach_the_sandbox(sandbox_image, repo, hostile_limits, monkeypatch):
    canary = f"canary-{uuid.uuid4().hex}"
    for name in ("CRASHFIX_HOSTILE_CANARY", "CRASHFIX_LLM_API_KEY", "GITHUB_TOKEN", "CRASHFIX_WEBHOOK_SECRET"):
        monkeypatch.setenv(name, canary)
    for backend in ("docker", "local"):
        sb = open_sandbox(backend, repo, image=sandbox_image if backend == "docker" else None,
                          limits=hostile_limits, install=False)
        try:
            res = sb.run("env; cat /proc/self/environ /proc/1/environ 2>/dev/null | tr '\\0' '\\n'")
            assert res.ok and "PATH=" in res.output
            assert canary not in res.output, backend
            assert "CRASHFIX_" not in res.output and "GITHUB_TOKEN" not in res.output, backend
        finally:
            sb.close()


def test_docker_socket_is_out_of_reach(box):
    res = box.run("ls -l /var/run/docker.sock /run/docker.sock; python3 -c \"import socket; "
                  "s = socket.socket(socket.AF_UNIX); s.connect('/var/run/docker.sock'); print('CONNECTED')\"")
    assert "CONNECTED" not in res.output and "No such file" in res.output
    mounts = box.run("cat /proc/mounts").output
    assert "docker.sock" not in mounts
    host_binds = [line.split()[1] for line in mounts.splitlines()
                  if line.split()[1] not in ("/", "/workspace", "/home/sandbox", "/tmp")
                  and line.split()[0] not in ("proc", "tmpfs", "devpts", "mqueue", "sysfs", "cgroup",
                                              "shm", "overlay", "cgroup2")]
    for path in host_binds:   # what docker binds from the host: read-only, or not writable by uid 1000
        assert path in ("/etc/resolv.conf", "/etc/hostname", "/etc/hosts", "/etc/ssl/certs/ca-certificates.crt",
                        "/usr/sbin/docker-init") \
            or path.startswith(("/proc/", "/sys/", "/dev/")), path
        assert not box.run(f"echo x >> {path}").ok, path


def test_writes_outside_the_workspace_stay_inside(box):
    marker = f"crashfix-hostile-{uuid.uuid4().hex}"
    for path in ("/etc/passwd", "/etc/hosts", f"/{marker}", f"/usr/{marker}", f"/home/sandbox/../../etc/{marker}",
                 "/etc/ssl/certs/ca-certificates.crt"):
        res = box.run(f"echo x >> {path}")
        assert not res.ok, path
    assert box.run(f"echo inside > /tmp/{marker} && cat /tmp/{marker}").output.strip() == "inside"
    assert not os.path.exists(f"/tmp/{marker}") and not os.path.exists(f"/{marker}")
    with pytest.raises(Exception, match="escapes the workspace"):
        box.write("../etc/x", "x")
