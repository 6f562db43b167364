"""`crashfix doctor`: what this machine has, what is missing, and how to fix it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass

from sandbox import envcache


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""
    required: bool = True


def _version(cmd: list[str]) -> str | None:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return (out.stdout or out.stderr).strip().splitlines()[0] if out.returncode == 0 else None


def _tool(name: str, cmd: list[str], fix: str, required: bool = True) -> Check:
    version = _version(cmd) if shutil.which(cmd[0]) else None
    return Check(name, version is not None, version or f"{cmd[0]} not found", fix, required)


def check_docker() -> list[Check]:
    try:
        import docker
        client = docker.from_env(timeout=5)
        info = client.version()
    except Exception as exc:          # any failure to reach the engine is the finding
        return [Check("docker engine", False, f"not reachable: {exc}",
                      "apt-get install docker.io, then start it: dockerd &  (or ./setup.sh does both)")]
    checks = [Check("docker engine", True, f"Docker {info.get('Version')} (API {info.get('ApiVersion')})")]
    try:
        from sandbox.images import image_status
        for kind, tag, present in image_status():
            checks.append(Check(f"sandbox image ({kind})", present, tag if present else f"{tag} not built",
                                f"crashfix images --kind {kind}", required=kind == "python"))
    except Exception as exc:
        checks.append(Check("sandbox images", False, f"cannot list: {exc}", "crashfix images"))
    return checks


def check_qemu() -> list[Check]:
    qemu = _tool("qemu (kernel crashes)", ["qemu-system-x86_64", "--version"],
                 "apt-get install qemu-system-x86", required=False)
    kvm = os.path.exists("/dev/kvm")
    from sandbox.isolate import unavailable
    why = unavailable()
    jail = Check("kernel jail (bubblewrap)", why is None, why or "bwrap works: kernel builds and boots run jailed",
                 "apt-get install bubblewrap", required=False)
    return [qemu, jail, Check("kvm", kvm, "/dev/kvm present (a probe boot decides if it works)" if kvm
                        else "/dev/kvm absent: QEMU will use TCG (slower)", required=False)]


def check_llm() -> Check:
    url, model = os.environ.get("CRASHFIX_LLM_BASE_URL"), os.environ.get("CRASHFIX_LLM_MODEL")
    if not url:
        return Check("LLM endpoint", False, "CRASHFIX_LLM_BASE_URL not set: only the offline templates run",
                     "set CRASHFIX_LLM_BASE_URL, CRASHFIX_LLM_MODEL and CRASHFIX_LLM_API_KEY", required=False)
    return Check("LLM endpoint", bool(model), f"{url} model={model or 'NOT SET'}",
                 "" if model else "set CRASHFIX_LLM_MODEL", required=False)


def check_github() -> Check:
    app_id = os.environ.get("CRASHFIX_APP_ID")
    key = os.environ.get("CRASHFIX_PRIVATE_KEY") or os.environ.get("CRASHFIX_PRIVATE_KEY_PATH")
    secret = os.environ.get("CRASHFIX_WEBHOOK_SECRET")
    missing = [n for n, v in (("CRASHFIX_APP_ID", app_id), ("CRASHFIX_PRIVATE_KEY(_PATH)", key),
                              ("CRASHFIX_WEBHOOK_SECRET", secret)) if not v]
    if missing:
        return Check("GitHub App", False, f"not configured ({', '.join(missing)} missing): the bot runs dry",
                     "create the App (see README) and set those variables", required=False)
    return Check("GitHub App", True, f"app id {app_id}", required=False)


def run_checks() -> list[Check]:
    return [
        *check_docker(),
        _tool("git", ["git", "--version"], "apt-get install git"),
        _tool("ripgrep", ["rg", "--version"], "pip install ripgrep==14.1.0"),
        _tool("ctags", ["ctags", "--version"], "apt-get install universal-ctags", required=False),
        *check_qemu(),
        Check("environment cache", *envcache.describe(), "set CRASHFIX_ENV_CACHE (a writable folder), CRASHFIX_ENV_CACHE_MAX (e.g. 5g)", required=False),
        check_llm(),
        check_github(),
    ]


def main() -> int:
    checks = run_checks()
    for c in checks:
        mark = "ok  " if c.ok else ("MISS" if c.required else "warn")
        print(f"[{mark}] {c.name}: {c.detail}" + (f"\n        fix: {c.fix}" if not c.ok and c.fix else ""))
    bad = [c for c in checks if c.required and not c.ok]
    print("\nready" if not bad else f"\n{len(bad)} required check(s) failed", file=sys.stderr)
    return 1 if bad else 0
