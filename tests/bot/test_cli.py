"""The crashfix command line: the parse contract, doctor, and run's exit status."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / "tests" / "agent" / "reports" / "golden"


def crashfix(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_parse_json_prints_one_line_per_file_in_order(tmp_path):
    tb = tmp_path / "tb.txt"
    tb.write_text('Traceback (most recent call last):\n  File "/home/u/app/cfg.py", line 3, in load\n'
                  '    return d["name"]\nKeyError: \'name\'\n')
    nothing = tmp_path / "none.txt"
    nothing.write_text("all good here\n")
    out = crashfix("parse", "--json", str(tb), str(nothing), str(tb))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 3 and lines[1] == "null" and lines[0] == lines[2]
    obj = json.loads(lines[0])
    assert obj["kind"] == "python" and obj["type"] == "KeyError" and obj["corrupted"] is False
    assert obj["frames"][0] == {**obj["frames"][0], "function": "load", "file": "/home/u/app/cfg.py", "line": 3}
    assert obj["guilty"]["function"] == "load"


def test_parse_exits_1_when_no_file_held_a_crash(tmp_path):
    nothing = tmp_path / "none.txt"
    nothing.write_text("just words\n")
    out = crashfix("parse", "--json", str(nothing))
    assert out.returncode == 1 and out.stdout == "null\n"


def test_parse_reads_a_real_kernel_log_in_text_mode():
    log = next(p for p in sorted((SHARED / "kernel").glob("*.txt")) if "KASAN" in p.read_text()[:200])
    out = crashfix("parse", str(log))
    assert out.returncode == 0 and "[kernel] KASAN:" in out.stdout


def test_run_with_an_unreadable_report_exits_2_with_a_clear_message(tmp_path):
    out = crashfix("run", "--repo", str(tmp_path), "--report", str(tmp_path / "missing.txt"), "--out", str(tmp_path / "o"))
    assert out.returncode == 2 and "cannot read the report" in out.stderr


def test_doctor_names_what_is_missing(tmp_path):
    env_less = subprocess.run([sys.executable, "-m", "bot.cli", "doctor"], cwd=ROOT, capture_output=True, text=True,
                              timeout=120, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                                "DOCKER_HOST": "unix:///nonexistent.sock"})
    assert env_less.returncode == 1
    assert "[MISS] docker engine: not reachable" in env_less.stdout
    assert "fix: apt-get install docker.io" in env_less.stdout
    assert "LLM endpoint: CRASHFIX_LLM_BASE_URL not set" in env_less.stdout
    assert "GitHub App: not configured" in env_less.stdout
