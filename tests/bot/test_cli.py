"""The crashfix command line: the parse contract, doctor, and run's exit status."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from endpoints import hanging, refusing, unauthorized

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / "tests" / "agent" / "reports" / "golden"


def crashfix(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.cli.main", *args], cwd=ROOT, capture_output=True, text=True,
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
    env_less = subprocess.run([sys.executable, "-m", "bot.cli.main", "doctor"], cwd=ROOT, capture_output=True, text=True,
                              timeout=120, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                                "DOCKER_HOST": "unix:///nonexistent.sock"})
    assert env_less.returncode == 1
    assert "[FAIL] docker engine: not reachable" in env_less.stdout
    assert "fix: apt-get install docker.io" in env_less.stdout
    assert "[warn] LLM endpoint: not configured" in env_less.stdout
    assert "[warn] App private key: not configured" in env_less.stdout


def test_every_run_status_has_its_own_exit_code_and_help_lists_them():
    from agent.run import STATUSES
    from bot.cli.main import EXIT_CODES
    assert set(EXIT_CODES) == set(STATUSES)
    assert sorted(EXIT_CODES.values()) == [0, 1, 2, 3, 4, 5]
    assert EXIT_CODES["fixed"] == 0 and EXIT_CODES["not_fixed"] == 1 and EXIT_CODES["error"] == 2
    assert EXIT_CODES["not_reproduced"] == 3 and EXIT_CODES["env_broken"] == 4
    assert EXIT_CODES["speculative"] == 5          # a validated patch that may hide the crash: not 0, not "fixed"
    out = crashfix("run", "--help")
    for status, code in EXIT_CODES.items():
        assert f"  {code}  {status}" in out.stdout


def test_version_is_the_installed_package_version():
    from importlib.metadata import version
    out = crashfix("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"crashfix {version('crashfix')}"


@pytest.mark.slow
@pytest.mark.parametrize("case,code", [("eval/dev/mdtoc-empty-heading-not-reproduced", 3),
                                       ("eval/envs/badinput-setup-py-fails", 4)])
def test_run_exits_with_the_code_of_its_outcome(tmp_path, case, code):
    case = ROOT / case
    out = crashfix("run", "--repo", str(case / "repo"), "--report", str(case / "report.txt"), "--sandbox", "local",
                   "--strategy", "templates", "--out", str(tmp_path / "o"))
    status = json.loads((tmp_path / "o" / "result.json").read_text())["status"]
    assert out.returncode == code, (status, out.stderr[-2000:])
    assert f"status: {status}" in out.stdout


def test_run_of_a_report_with_no_crash_exits_2(tmp_path):
    report = tmp_path / "r.txt"
    report.write_text("it does not work, please help\n")
    out = crashfix("run", "--repo", str(ROOT / "examples/inventory/repo"), "--report", str(report),
                   "--sandbox", "local", "--strategy", "templates", "--out", str(tmp_path / "o"))
    assert out.returncode == 2 and "status: error" in out.stdout


@pytest.mark.parametrize("endpoint,words", [(refusing, "cannot connect (Connection refused)"),
                                            (hanging, "no answer within 5 s"),
                                            (unauthorized, "refused the credentials (401)")])
def test_a_broken_llm_endpoint_is_named_in_one_line_within_seconds(tmp_path, endpoint, words):
    with endpoint() as url:
        start = time.monotonic()
        out = crashfix("run", "--repo", str(ROOT / "examples/inventory/repo"),
                       "--report", str(ROOT / "examples/inventory/report.txt"), "--sandbox", "local",
                       "--strategy", "llm", "--model", "m", "--base-url", url, "--out", str(tmp_path / "o"))
        took = time.monotonic() - start
    assert out.returncode == 2 and took < 15
    lines = [l for l in out.stderr.splitlines() if "LLM endpoint" in l]
    assert lines == [f"crashfix: LLM endpoint not usable: {url}{'' if words.startswith('refused') else ':'} "
                     f"{words}{'; check CRASHFIX_LLM_API_KEY' if words.startswith('refused') else ''} "
                     "(or run with --strategy templates)"]
    assert not (tmp_path / "o").exists()            # the run never started


@pytest.mark.parametrize("secret, weak", [("changeme", True), ("short-9", True),
                                          ("3f9c1a7be24d58e0c6b1f7a2d9e4c8b5", False)])
def test_serve_warns_in_one_line_when_the_webhook_secret_fails_doctors_rules(tmp_path, secret, weak):
    import os
    import socket
    from bot.settings import secret_problem
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "CRASHFIX_WEBHOOK_SECRET": secret, "CRASHFIX_DATA_DIR": str(tmp_path / "data"),
           "CRASHFIX_SANDBOX": "docker", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli.main", "serve", "--dev", "--port", str(port)], cwd=ROOT,
                            env=env, stderr=subprocess.PIPE, text=True)
    lines = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                break
            lines.append(line)
            if "development server" in line:
                break
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert any("development server" in line for line in lines), lines      # it serves: a warning, not a refusal
    said = [line for line in lines if "CRASHFIX_WEBHOOK_SECRET is weak" in line]
    assert len(said) == (1 if weak else 0), lines
    if weak:
        assert f"({secret_problem(secret)})" in said[0] and "crashfix doctor" in said[0]
    assert not any(secret in line for line in lines)


# -- bad input, refused before any set-up, in one line (issue 27) ----------------------------------

INVENTORY = ROOT / "examples/inventory/repo"
GO = (SHARED / "sanitizer" / "golang_panic_runtime_error_invalid_memory_address.txt").read_text()
RUST = ("thread 'main' panicked at 'index out of bounds: the len is 3 but the index is 5', src/main.rs:4:5\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n")


def _no_model_env() -> dict:
    import os
    return {k: v for k, v in os.environ.items() if not k.startswith("CRASHFIX_LLM_")}


def test_help_shows_every_default_from_runconfig():
    from agent.run import RunConfig
    out = crashfix("run", "--help").stdout
    flat = " ".join(out.split())
    cfg = RunConfig(repo="", report_text="", out=Path("."))
    for flag, value in [("--tries", cfg.tries), ("--max-candidates", cfg.max_candidates),
                        ("--max-seconds", cfg.max_seconds), ("--trajectories", cfg.trajectories),
                        ("--max-llm-calls", cfg.max_llm_calls), ("--max-tokens", cfg.max_tokens),
                        ("--max-usd", cfg.max_usd), ("--max-llm-seconds", cfg.max_llm_seconds),
                        ("--strategy", cfg.strategy), ("--sandbox", cfg.sandbox)]:
        assert f"(default: {value})" in flat.split(flag, 2)[2].split(" --", 1)[0], flag
    assert "(default: None)" not in flat and flat.count("(default:") >= 14
    for command in (["serve"], ["worker"], ["eval"], ["app", "create"]):
        assert "(default:" in " ".join(crashfix(*command, "--help").stdout.split()), command


def test_a_missing_repo_is_one_plain_line(tmp_path):
    report = tmp_path / "r.txt"
    report.write_text(GO)
    out = crashfix("run", "--repo", str(tmp_path / "nope"), "--report", str(report), "--out", str(tmp_path / "o"))
    assert out.returncode == 2 and out.stderr.strip() == f"crashfix: no repository at {tmp_path / 'nope'} " \
        "(a local path or a git URL)"
    assert not (tmp_path / "o").exists()


def test_an_invalid_crashfix_yml_is_refused_as_the_app_refuses_it(tmp_path):
    import shutil
    repo = tmp_path / "repo"
    shutil.copytree(INVENTORY, repo)
    (repo / ".github").mkdir(exist_ok=True)
    (repo / ".github" / "crashfix.yml").write_text("test_cmd: pytest -q\nbudgets:\n  stepz: 3\n")
    report = tmp_path / "r.txt"
    report.write_text((ROOT / "examples/inventory/report.txt").read_text())
    start = time.monotonic()
    out = crashfix("run", "--repo", str(repo), "--report", str(report), "--sandbox", "local",
                   "--strategy", "templates", "--out", str(tmp_path / "o"))
    assert out.returncode == 2 and time.monotonic() - start < 20
    assert "crashfix.yml is not valid, nothing was run: budgets.stepz: unknown setting (did you mean budgets.steps?)" \
        in out.stderr
    assert not (tmp_path / "o" / "result.json").exists()


@pytest.mark.parametrize("text, name", [(GO, "Go"), (RUST, "Rust")])
def test_a_kind_crashfix_does_not_fix_is_said_at_once(tmp_path, text, name):
    report = tmp_path / "r.txt"
    report.write_text(text)
    start = time.monotonic()
    out = crashfix("run", "--repo", str(INVENTORY), "--report", str(report), "--out", str(tmp_path / "o"))
    assert out.returncode == 2 and time.monotonic() - start < 10
    assert f"a {name} crash" in out.stderr and f"crashfix does not fix {name} crashes" in out.stderr
    assert "nothing was set up" in out.stderr and not (tmp_path / "o").exists()


def test_strategy_llm_without_a_model_fails_before_set_up(tmp_path):
    report = tmp_path / "r.txt"
    report.write_text((ROOT / "examples/inventory/report.txt").read_text())
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "bot.cli.main", "run", "--repo", str(INVENTORY), "--report",
                          str(report), "--strategy", "llm", "--out", str(tmp_path / "o")], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, env=_no_model_env())
    assert out.returncode == 2 and time.monotonic() - start < 10
    assert "--strategy llm needs a model" in out.stderr and not (tmp_path / "o").exists()


def test_a_report_over_the_read_limit_says_what_was_read(tmp_path):
    report = tmp_path / "big.log"
    report.write_bytes(b"noise line\n" * 2_800_000)                  # 30.8 MB
    out = crashfix("run", "--repo", str(tmp_path / "nope"), "--report", str(report), "--out", str(tmp_path / "o"))
    assert "crashfix: the report is 31 MB; read the first 8 MiB of it (the rest is not parsed)" in out.stderr


def test_an_earlier_patch_is_moved_aside_and_no_result_line_names_a_missing_patch(tmp_path):
    out_dir = tmp_path / "o"
    out_dir.mkdir()
    (out_dir / "patch.diff").write_text("--- an earlier run's patch\n")
    report = tmp_path / "r.txt"
    report.write_text("it does not work, please help\n")
    out = crashfix("run", "--repo", str(INVENTORY), "--report", str(report), "--sandbox", "local",
                   "--strategy", "templates", "--out", str(out_dir))
    assert out.returncode == 2 and "status: error" in out.stdout
    assert (out_dir / "patch.diff.earlier").read_text() == "--- an earlier run's patch\n"
    assert "moved the patch.diff of an earlier run" in out.stderr and "patch.diff.earlier" in out.stderr
    assert not (out_dir / "patch.diff").exists()
    assert f"results in {out_dir}/ (result.json, report.md)" in out.stdout
