"""Set-up (the install step) has a network, but only to public addresses: never the host (any of
its addresses, the set-up bridge's gateway), private, link-local (cloud metadata) or loopback."""
from __future__ import annotations

import socket
import time

import pytest

from sandbox import open_sandbox
from sandbox.docker.network import SETUP_NETWORK

pytestmark = pytest.mark.docker

CONNECT = ("python3 -c \"import socket,sys\ntry:\n socket.create_connection((sys.argv[1], int(sys.argv[2])), "
           "timeout=5); print(sys.argv[1], 'CONNECTED')\nexcept OSError as e: print(sys.argv[1], 'FAILED', e)\" {} {}")


def _public_reachable() -> bool:
    try:
        socket.create_connection(("pypi.org", 443), timeout=5).close()
        return True
    except OSError:
        return False


def test_setup_reaches_public_addresses_only(sandbox_image, hostile_limits, listener, host_addresses, tmp_path):
    from gitrepo import make_repo
    repo = make_repo(tmp_path / "r", {"a.txt": "a\n"})
    blocked = [(h, listener.port) for h in host_addresses]
    blocked += [("169.254.169.254", 80), ("10.1.2.3", 80), ("172.20.0.9", 80), ("192.168.1.1", 80),
                ("127.0.0.1", listener.port)]
    probes = blocked + [("pypi.org", 443)]
    setup = "; ".join(CONNECT.format(h, p) + " >> /tmp/setup.log" for h, p in probes)
    sb = open_sandbox("docker", repo, image=sandbox_image, limits=hostile_limits, setup_cmd=setup)
    try:
        assert sb.egress_filtered
        log = sb.run("cat /tmp/setup.log").output
        lines = dict(line.split(" ", 1) for line in log.strip().splitlines())
        for host, _ in blocked:
            assert lines[host].startswith("FAILED"), (host, lines[host])
            # rejected by the filter, answered at once (not a timeout of an absent host)
            assert "unreachable" in lines[host] or "refused" in lines[host] or "No route" in lines[host], lines[host]
        if _public_reachable():                       # the positive control: set-up has a network
            assert lines["pypi.org"] == "CONNECTED", lines["pypi.org"]
        time.sleep(0.3)
        assert listener.accepted == []
    finally:
        sb.close()


def test_setup_cannot_reach_the_bridge_gateway(sandbox_image, hostile_limits, listener, tmp_path, docker_engine):
    """The set-up bridge's own gateway address (the host, as seen from the sandbox)."""
    from gitrepo import make_repo
    import docker
    repo = make_repo(tmp_path / "r", {"a.txt": "a\n"})
    setup = ("gw=$(awk 'NR>1 && $2==\"00000000\" {print $3}' /proc/net/route | "
             "sed 's/../& /g' | awk '{printf \"%d.%d.%d.%d\", \"0x\"$4, \"0x\"$3, \"0x\"$2, \"0x\"$1}'); "
             "echo $gw > /tmp/gw; " + CONNECT.format("$gw", listener.port) + " > /tmp/setup.log")
    sb = open_sandbox("docker", repo, image=sandbox_image, limits=hostile_limits, setup_cmd=setup)
    try:
        gateway = docker.DockerClient(base_url=docker_engine).networks.get(SETUP_NETWORK).attrs[
            "IPAM"]["Config"][0]["Gateway"]
        assert sb.run("cat /tmp/gw").output.strip() == gateway
        assert "FAILED" in sb.run("cat /tmp/setup.log").output
        time.sleep(0.3)
        assert listener.accepted == []
    finally:
        sb.close()
