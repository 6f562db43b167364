"""The set-up network: a Docker bridge for installs, allowed only to reach public addresses.

`ensure_setup_network` creates the bridge ``crashfix-setup`` (interface ``crashfix-setup0``,
no inter-container traffic) once, idempotently, and installs the egress filter on the host:
a chain ``CRASHFIX-SETUP`` jumped to from ``DOCKER-USER`` for traffic the host forwards from
that interface, which rejects every private, link-local (cloud metadata), loopback, shared,
multicast and reserved range except DNS to the host's resolvers, and an ``INPUT`` rule that
rejects every packet from that interface to the host itself. Public addresses (package
indexes) pass.
The filter needs iptables and root in the engine host's network namespace; where that is not
the case (a remote engine, a worker in a container) set-up egress is unfiltered, said once in
the log and in sandbox/README.md.
"""
from __future__ import annotations

import ipaddress
import logging
import os
import shutil
import subprocess
import threading
from pathlib import Path

import docker
import requests

from sandbox.base import SandboxError

log = logging.getLogger(__name__)

SETUP_NETWORK = "crashfix-setup"
BRIDGE = "crashfix-setup0"          # IFNAMSIZ: at most 15 characters
CHAIN = "CRASHFIX-SETUP"
# private, shared (carrier NAT), loopback, link-local (169.254.169.254: cloud metadata),
# IETF-reserved, benchmarking, multicast and reserved; the host's own addresses: the INPUT rule
BLOCKED = ("0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16",
           "172.16.0.0/12", "192.0.0.0/24", "192.168.0.0/16", "198.18.0.0/15", "224.0.0.0/4",
           "240.0.0.0/4")
_lock = threading.Lock()
_warned = False


def ensure_setup_network(client: docker.DockerClient) -> bool:
    """Create the set-up network when missing and filter its egress; True when filtered."""
    try:
        net = client.networks.get(SETUP_NETWORK)
        if net.attrs.get("Options", {}).get("com.docker.network.bridge.name") != BRIDGE:
            net.remove()  # made by an older crashfix under another interface name: recreate
            raise docker.errors.NotFound("recreate")
    except docker.errors.NotFound:
        try:  # no inter-container traffic: sandboxes in set-up cannot reach each other
            client.networks.create(
                SETUP_NETWORK, driver="bridge", labels={"crashfix.sandbox": "1"},
                options={"com.docker.network.bridge.enable_icc": "false",
                         "com.docker.network.bridge.name": BRIDGE})
        except docker.errors.APIError as e:
            if e.status_code != 409:  # 409: created concurrently
                raise SandboxError(f"cannot create network {SETUP_NETWORK}: {e}") from e
    except (docker.errors.DockerException, requests.RequestException) as e:
        raise SandboxError(f"cannot inspect network {SETUP_NETWORK}: {e}") from e
    return filter_egress()


def _resolvers() -> list[str]:
    """The host's IPv4 nameservers (Docker's embedded DNS forwards to them)."""
    try:
        lines = Path("/etc/resolv.conf").read_text().splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        parts = line.split()
        if len(parts) >= 2 and parts[0] == "nameserver":
            try:
                if ipaddress.ip_address(parts[1]).version == 4:
                    out.append(parts[1])
            except ValueError:
                continue
    return out


def wanted_rules() -> list[list[str]]:
    """The chain's rules, in order (iptables arguments after ``-A CHAIN``)."""
    rules = []
    for ns in _resolvers():
        for proto in ("udp", "tcp"):
            rules.append(["-d", ns, "-p", proto, "--dport", "53", "-j", "RETURN"])
    rules += [["-d", net, "-j", "REJECT", "--reject-with", "icmp-net-prohibited"] for net in BLOCKED]
    return rules


def _ipt(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["iptables", "-w", "5", *args], capture_output=True, text=True, timeout=30)


def _unfiltered(why: str) -> bool:
    global _warned
    if not _warned:
        _warned = True
        log.warning("set-up network %s: egress NOT filtered (%s); an install step can reach "
                    "private and link-local addresses", SETUP_NETWORK, why)
    return False


def filter_egress() -> bool:
    """Install the chain and its jumps when they are not already there; True when in place."""
    if not shutil.which("iptables"):
        return _unfiltered("iptables not found")
    if os.geteuid() != 0:
        return _unfiltered("not root")
    if not Path(f"/sys/class/net/{BRIDGE}").exists():
        return _unfiltered(f"bridge {BRIDGE} not in this network namespace (remote engine?)")
    with _lock:
        have = _ipt("-S", CHAIN)
        if have.returncode != 0:
            _ipt("-N", CHAIN)
        got = [line for line in have.stdout.splitlines() if line.startswith("-A ")]
        if len(got) != len(wanted_rules()):   # new, or written by another version: refill
            _ipt("-F", CHAIN)
            for r in wanted_rules():
                res = _ipt("-A", CHAIN, *r)
                if res.returncode != 0:
                    return _unfiltered(f"iptables -A {CHAIN} failed: {res.stderr.strip()}")
        # what the host forwards goes through the chain; nothing may reach the host itself
        for rule in (["DOCKER-USER", "-i", BRIDGE, "-j", CHAIN],
                     ["INPUT", "-i", BRIDGE, "-j", "REJECT", "--reject-with", "icmp-host-prohibited"]):
            if _ipt("-C", *rule).returncode != 0:
                res = _ipt("-I", *rule)
                if res.returncode != 0:
                    return _unfiltered(f"iptables -I {rule[0]} failed: {res.stderr.strip()}")
    return True
