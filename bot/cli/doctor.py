"""`crashfix doctor`: what this machine has, what is missing, and how to fix it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from bot.settings import secret_problem
from sandbox.docker import envcache


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
        from sandbox.docker.images import build_hint, image_status
        for kind, tag, present in image_status():
            checks.append(Check(f"sandbox image ({kind})", present, tag if present else f"{tag} not built",
                                build_hint(kind), required=kind == "python"))
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


def _settings() -> tuple[dict, Check | None]:
    """The App and LLM settings as `serve`/`worker` read them (config file, then environment); a setting
    that does not load is a failed check, and the raw environment is used for the other checks."""
    from bot.settings import PREFIX, SettingsError, load_settings
    names = ("APP_ID", "PRIVATE_KEY", "PRIVATE_KEY_PATH", "WEBHOOK_SECRET", "LLM_BASE_URL", "LLM_MODEL", "LLM_API_KEY")
    try:
        s = load_settings()
    except SettingsError as exc:
        raw = {n: os.environ.get(PREFIX + n) or None for n in names}
        if exc.name in (f"{PREFIX}PRIVATE_KEY_PATH", f"{PREFIX}PRIVATE_KEY"):
            return raw, None                  # the key's own check says what is wrong, in more detail
        return raw, Check("settings", False, str(exc))
    return {n: getattr(s, n) for n in names}, None


def check_llm(values: dict) -> Check:
    from agent.research.endpoint import probe_endpoint
    url, model, key = values["LLM_BASE_URL"], values["LLM_MODEL"], values["LLM_API_KEY"]
    if not model or not (url or key):
        return Check("LLM endpoint", False, "not configured: only the offline templates run",
                     "set CRASHFIX_LLM_BASE_URL, CRASHFIX_LLM_MODEL and CRASHFIX_LLM_API_KEY", required=False)
    found = probe_endpoint(model, url, key)
    return Check("LLM endpoint", found.ok, f"{found.detail} ({found.seconds:.1f} s)",
                 "" if found.ok else "start the server, or fix CRASHFIX_LLM_BASE_URL / _MODEL / _API_KEY")


def check_app_key(values: dict) -> Check:
    """The App's private key: there, readable, an RSA PEM, and able to sign the JWT GitHub asks for."""
    app_id, inline, path = values["APP_ID"], values["PRIVATE_KEY"], values["PRIVATE_KEY_PATH"]
    fix = "download a new private key from the App's settings page and point CRASHFIX_PRIVATE_KEY_PATH at it"
    if not (app_id or inline or path):
        return Check("App private key", False, "not configured (no CRASHFIX_APP_ID, no key): the bot runs dry",
                     "crashfix app create (docs/deploy.md)", required=False)
    if inline:
        where, data = "CRASHFIX_PRIVATE_KEY", str(inline).encode()
    elif not path:
        return Check("App private key", False, "CRASHFIX_APP_ID is set but no CRASHFIX_PRIVATE_KEY_PATH", fix)
    else:
        where = str(path)
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            return Check("App private key", False, f"cannot read {where}: {exc.strerror or exc}", fix)
    problem = key_problem(data, app_id)
    if problem:
        return Check("App private key", False, f"{where}: {problem}", fix)
    mode = "" if inline else _loose_mode(Path(path))
    return Check("App private key", True, f"{where}: an RSA key that signs an App JWT (RS256){mode}")


def key_problem(data: bytes, app_id) -> str | None:
    """Why ``data`` cannot sign the App's JWT, or None when it can (sign, then verify with its public key)."""
    import jwt
    from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey
    from cryptography.hazmat.primitives.serialization import load_pem_private_key
    try:
        key = load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return f"not a PEM private key without a password ({first[:120]})"
    if not isinstance(key, RSAPrivateKey):
        return f"a {type(key).__name__.removeprefix('_')} key; GitHub App keys are RSA"
    now = int(time.time())
    try:
        token = jwt.encode({"iat": now - 60, "exp": now + 540, "iss": str(app_id or 0)}, key, algorithm="RS256")
        jwt.decode(token, key.public_key(), algorithms=["RS256"])
    except Exception as exc:              # any failure to sign or verify is the finding
        return f"cannot sign a JWT: {type(exc).__name__}: {exc}"
    return None


def _loose_mode(path: Path) -> str:
    mode = path.stat().st_mode & 0o777
    return f"; readable by others (mode {mode:04o}): chmod 600 {path}" if mode & 0o077 else ""


def check_webhook_secret(values: dict) -> Check:
    secret, app = values["WEBHOOK_SECRET"], values["APP_ID"]
    fix = ('set CRASHFIX_WEBHOOK_SECRET to a random value (python -c "import secrets; print(secrets.token_hex(32))") '
           "and the same value in the App's webhook settings")
    if not secret:
        return Check("webhook secret", False, "CRASHFIX_WEBHOOK_SECRET not set: serve refuses to start", fix,
                     required=bool(app))
    problem = secret_problem(str(secret))
    return Check("webhook secret", problem is None, problem or f"set, {len(secret)} characters", fix if problem else "")


def _machine() -> list[Check]:
    return [
        *check_docker(),
        _tool("git", ["git", "--version"], "apt-get install git"),
        _tool("ripgrep", ["rg", "--version"], "pip install ripgrep==14.1.0"),
        _tool("ctags", ["ctags", "--version"], "apt-get install universal-ctags", required=False),
        *check_qemu(),
        Check("environment cache", *envcache.describe(), "set CRASHFIX_ENV_CACHE (a writable folder), CRASHFIX_ENV_CACHE_MAX (e.g. 5g)", required=False),
    ]


def _service() -> list[Check]:
    values, failed = _settings()
    return ([failed] if failed else []) + [check_llm(values), check_app_key(values), check_webhook_secret(values)]


# Every group of checks, in the order printed: add a line here for a new check (each returns a list of Check).
CHECKS: list[Callable[[], list[Check]]] = [
    _machine,
    _service,
]


def run_checks() -> list[Check]:
    return [check for group in CHECKS for check in group()]


def main() -> int:
    checks = run_checks()
    for c in checks:
        mark = "ok  " if c.ok else ("FAIL" if c.required else "warn")
        print(f"[{mark}] {c.name}: {c.detail}" + (f"\n        fix: {c.fix}" if not c.ok and c.fix else ""))
    bad = [c for c in checks if c.required and not c.ok]
    print("\nready" if not bad else f"\n{len(bad)} required check(s) failed", file=sys.stderr)
    return 1 if bad else 0
