"""The container's lock-down holds against the real engine."""
from __future__ import annotations

import time

import pytest

from sandbox.docker.sandbox import DockerSandbox, Limits

pytestmark = pytest.mark.docker


@pytest.fixture(scope="module")
def box(sandbox_image, repo_factory):
    sb = DockerSandbox(sandbox_image, limits=Limits(mem="256m", pids=128))
    sb.put_tree(repo_factory({"a.txt": "a\n"}))
    sb.snapshot()
    yield sb
    sb.close()


def test_not_root_and_no_capabilities(box):
    assert box.run("id -u").output.strip() == "1000"
    caps = box.run("grep -E '^Cap(Eff|Prm|Inh|Amb|Bnd)' /proc/self/status").output
    assert caps.count("0000000000000000") == 4, caps          # effective, permitted, inheritable, ambient
    # the bounding set keeps KILL, SETGID, SETUID (the command server's, root's only): with
    # no-new-privileges nothing can bring them back into a command's permitted set
    assert "CapBnd:\t00000000000000e0" in caps, caps
    assert "1" in box.run("grep NoNewPrivs /proc/self/status").output
    assert not box.run("su -c true root </dev/null", timeout=10).ok


def test_workspace_is_owned_by_the_sandbox_user(box):
    r = box.run("stat -c %u a.txt .git && touch a.txt")
    assert r.ok and r.output.split() == ["1000", "1000"]


@pytest.mark.parametrize("path", ["/usr/evil", "/etc/evil", "/evil", "/home/sandbox/../../etc/x"])
def test_writes_outside_the_workspace_fail(box, path):
    r = box.run(f"echo x > {path}")
    assert not r.ok
    assert "Read-only file system" in r.output or "Permission denied" in r.output


def test_tmp_is_writable_and_executable(box):
    r = box.run("printf '#!/bin/sh\\necho ran\\n' > /tmp/x.sh && chmod +x /tmp/x.sh && /tmp/x.sh")
    assert r.ok and r.output.strip() == "ran"


def test_no_network(box):
    probe = ("python3 -c \"import socket,sys; s=socket.socket(); s.settimeout(3); "
             "s.connect((sys.argv[1], int(sys.argv[2])))\" {} {}")
    for host, port in [("1.1.1.1", 53), ("172.17.0.1", 2375), ("192.0.2.2", 22)]:
        r = box.run(probe.format(host, port), timeout=15)
        assert not r.ok, (host, r.output)
        assert "unreachable" in r.output or "timed out" in r.output or "refused" in r.output
    ifaces = box.run("cat /proc/net/dev").output
    assert "lo:" in ifaces and "eth0" not in ifaces
    # loopback still works (test servers on 127.0.0.1)
    r = box.run("python3 -c \"import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); "
                "s.listen(); c=socket.create_connection(s.getsockname()); print('lo-ok')\"")
    assert r.output.strip() == "lo-ok"


def test_memory_hog_is_killed_and_box_survives(box):
    r = box.run("python3 -c 'x = bytearray(1024 * 1024 * 1024); print(len(x))'", timeout=60)
    assert not r.ok and r.exit_code == 137 and not r.timed_out
    assert box.run("echo alive").output.strip() == "alive"


def test_fork_bomb_is_stopped_and_box_survives(box):
    start = time.monotonic()
    r = box.run("bomb() { bomb | bomb & }; bomb; sleep 3", timeout=8)
    assert time.monotonic() - start < 30
    assert not r.ok or "fork" in r.output.lower() or "resource" in r.output.lower()
    time.sleep(1)
    after = box.run("echo alive; ls /proc | grep -c '^[0-9]'", timeout=20)
    assert after.output.splitlines()[0] == "alive"
    assert int(after.output.splitlines()[1]) < 20   # the bomb's processes are gone


def test_command_past_timeout_is_killed_and_reported(box):
    r = box.run("echo started; sleep 60", timeout=1.5)
    assert r.timed_out and r.exit_code in (124, 137) and "started" in r.output
    assert r.duration < 10


def test_tmp_is_limited_and_box_survives(box):
    r = box.run("head -c 2000000000 /dev/zero > /tmp/big", timeout=60)
    assert not r.ok and "No space left" in r.output
    assert box.run("rm -f /tmp/big && echo alive").output.strip() == "alive"


def test_network_only_during_setup(sandbox_image, docker_limits, repo_factory):
    import socket

    from sandbox import open_sandbox
    try:
        socket.create_connection(("pypi.org", 443), timeout=5).close()
    except OSError:
        pytest.skip("this host cannot reach pypi.org")
    probe = "python3 -c \"import socket; socket.create_connection(('pypi.org', 443), timeout=5)\""
    sb = open_sandbox("docker", repo_factory({"a.txt": "a\n"}), image=sandbox_image,
                      limits=docker_limits, setup_cmd=probe + " && echo net-ok > /tmp/setup.log")
    try:
        assert sb.run("cat /tmp/setup.log").output.strip() == "net-ok"   # set-up had network
        r = sb.run(probe, timeout=20)
        assert not r.ok                                                   # now it has none
        assert "eth" not in sb.run("cat /proc/net/dev").output
    finally:
        sb.close()
