"""`crashfix worker`/`serve` with CRASHFIX_SANDBOX=local and real App credentials: refused with one
line and exit 2, unless CRASHFIX_ALLOW_LOCAL_SANDBOX=unsafe (then the worker starts, and says so)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "support"))

from github_fakes import rsa_private_key  # noqa: E402


@pytest.fixture
def env(tmp_path):
    key = tmp_path / "app.pem"
    key.write_text(rsa_private_key())
    base = {k: v for k, v in os.environ.items() if not k.startswith("CRASHFIX_")}
    return {**base, "PYTHONPATH": str(ROOT), "CRASHFIX_DATA_DIR": str(tmp_path / "data"),
            "CRASHFIX_APP_ID": "4242", "CRASHFIX_PRIVATE_KEY_PATH": str(key),
            "CRASHFIX_WEBHOOK_SECRET": "s" * 24, "CRASHFIX_SANDBOX": "local"}


@pytest.mark.parametrize("command", ["worker", "serve"])
def test_local_sandbox_refused(env, command):
    proc = subprocess.run([sys.executable, "-m", "bot.cli.main", command], env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr[-2000:]
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("crashfix: setting CRASHFIX_SANDBOX: local runs repository and issue commands")
    assert "CRASHFIX_ALLOW_LOCAL_SANDBOX=unsafe" in lines[0]


def test_bad_switch_value_refused(env):
    env["CRASHFIX_ALLOW_LOCAL_SANDBOX"] = "yes"
    proc = subprocess.run([sys.executable, "-m", "bot.cli.main", "worker"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2
    assert "CRASHFIX_ALLOW_LOCAL_SANDBOX: must be one of 'no' or 'unsafe', got 'yes'" in proc.stderr


def test_unsafe_switch_starts_the_worker(env):
    env["CRASHFIX_ALLOW_LOCAL_SANDBOX"] = "unsafe"
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli.main", "worker"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        time.sleep(6)
        assert proc.poll() is None, proc.stdout.read()
    finally:
        proc.terminate()
        try:
            out, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
    assert "ALLOW_LOCAL_SANDBOX=unsafe: repository and issue commands run on this host WITHOUT isolation" in out
