"""The whole pipeline on a repository whose test suite is hostile: the limit hit is named, the crash is
reproduced without the hostile test, its outputs hold none of the host's environment, and the host carries on."""
from __future__ import annotations

import json
import subprocess
import uuid

import pytest

from agent.pipeline import run_job
from agent.run import RunConfig
from gitrepo import make_repo

pytestmark = pytest.mark.docker

APP = '''def total(items):
    return sum(item["price"] for item in items)
'''

# the reported test (last) hogs memory before it reaches the crash; the others dial out, dump the
# environment, bomb and spew
TESTS = '''import os
import socket
import subprocess

from app import total


def test_dial_out():
    for host in ("203.0.113.7", "172.17.0.1"):
        try:
            socket.create_connection((host, 80), timeout=2)
        except OSError as exc:
            print("dial failed", host, exc)


def test_environment():
    print(dict(os.environ))


def test_fork_bomb():
    subprocess.run("bomb() { bomb | bomb & }; bomb; sleep 2", shell=True)


def test_spew():
    print("x" * (8 << 20))


def test_total():
    hog = bytearray(1 << 30)
    assert total([{"price": 1}, {}]) == len(hog)
'''

REPORT = '''total() crashes on an item without a price

Traceback (most recent call last):
  File "/home/dev/shop/tests/test_app.py", line 29, in test_total
    assert total([{"price": 1}, {}]) == len(hog)
  File "/home/dev/shop/app.py", line 2, in total
    return sum(item["price"] for item in items)
  File "/home/dev/shop/app.py", line 2, in <genexpr>
    return sum(item["price"] for item in items)
KeyError: 'price'
'''


def test_hostile_suite_ends_with_the_limit_named(sandbox_image, hostile_limits, tmp_path, monkeypatch):
    canary = f"canary-{uuid.uuid4().hex}"
    monkeypatch.setenv("CRASHFIX_HOSTILE_CANARY", canary)
    monkeypatch.setenv("CRASHFIX_LLM_API_KEY", canary)
    repo = make_repo(tmp_path / "shop", {"app.py": APP, "tests/test_app.py": TESTS, "tests/__init__.py": "",
                                         "conftest.py": "import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n"})
    out = tmp_path / "out"
    run = run_job(RunConfig(repo=str(repo), report_text=REPORT, out=out, test_cmd="python -m pytest -q -s",
                                 strategy="templates", tries=1, timeout=30, limits=hostile_limits))
    # the hog kills the whole baseline before pytest reports any result: there is no baseline to judge a
    # candidate against, so the run ends env_broken naming the limit (never silent, never a verdict)
    assert run.status == "env_broken", run.error
    assert "killed by a limit crashfix sets before it reported any result" in run.error
    assert "memory limit 256 MiB" in run.error
    result = json.loads((out / "result.json").read_text())
    assert result["status"] == "env_broken"
    suite = run.tests_before
    assert suite is not None and not suite.timed_out and suite.duration < 30
    assert "killed: memory limit 256 MiB" in suite.output    # the hog took the whole pytest down
    assert "dial failed 203.0.113.7" in suite.output and "Network is unreachable" in suite.output
    assert "PATH" in suite.output and canary not in suite.output
    for f in out.rglob("*"):
        if f.is_file():
            assert canary not in f.read_text(errors="replace"), f
    subprocess.run(["true"], check=True)                       # the host still forks
