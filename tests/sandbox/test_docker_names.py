"""Name lookups in the Docker sandbox after the set-up network is cut: the sandbox's own name resolves
at once, any other lookup fails within a second or two (waitress 1.1.0's suite starts servers that
call `socket.getfqdn()`; through Docker's DNS, unanswered once the network is gone, each took 10 s,
and every functional test timed out)."""
from __future__ import annotations

import pytest

from sandbox import open_sandbox
from sandbox.setup import InstallStep

LOOKUPS = ("import socket, time\n"
           "t = time.monotonic()\n"
           "try:\n    own = socket.gethostbyname(socket.gethostname())\n"
           "except OSError:\n    own = 'failed'\n"
           "own_s = time.monotonic() - t\n"
           "t = time.monotonic(); socket.getfqdn(); fqdn_s = time.monotonic() - t\n"
           "t = time.monotonic()\n"
           "try:\n    socket.gethostbyname('pypi.org'); far = 'resolved'\n"
           "except OSError:\n    far = 'failed'\n"
           "print(own, round(own_s, 2), round(fqdn_s, 2), far, round(time.monotonic() - t, 2))\n")


@pytest.mark.docker
@pytest.mark.parametrize("steps", [[], [InstallStep("pip install 'six'", True)]], ids=["never-networked", "after-set-up"])
def test_lookups_after_set_up_answer_fast_and_reach_nothing(sandbox_image, docker_limits, repo_factory, steps):
    repo = repo_factory({"app.py": "X = 1\n"})
    with open_sandbox("docker", repo, image=sandbox_image, limits=docker_limits, steps=steps,
                      install=bool(steps)) as box:
        assert not box.networked
        box.write("/tmp/lookups.py", LOOKUPS)
        own, own_s, fqdn_s, far, far_s = box.run("python /tmp/lookups.py", timeout=60).output.split()
    assert own == "127.0.0.1" or float(own_s) < 2.5
    assert float(fqdn_s) < 2.5
    assert far == "failed" and float(far_s) < 2.5
