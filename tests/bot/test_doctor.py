"""`crashfix doctor`'s service checks, for real: the LLM endpoint probed, the App key parsed and made to
sign a JWT, the webhook secret judged; and the whole command's lines and exit status."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from agent.research.scripted import ScriptedServer
from bot.cli.doctor import CHECKS, check_app_key, check_llm, check_webhook_secret
from endpoints import refusing, unauthorized

ROOT = Path(__file__).resolve().parents[2]
NONE = dict.fromkeys(("APP_ID", "PRIVATE_KEY", "PRIVATE_KEY_PATH", "WEBHOOK_SECRET", "LLM_BASE_URL", "LLM_MODEL",
                      "LLM_API_KEY"))


def pem(key) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


@pytest.fixture(scope="module")
def rsa_pem() -> bytes:
    return pem(rsa.generate_private_key(public_exponent=65537, key_size=2048))


def key_check(tmp_path, data: bytes | None, mode: int = 0o600):
    path = tmp_path / "app.pem"
    if data is not None:
        path.write_bytes(data)
        path.chmod(mode)
    return check_app_key({**NONE, "APP_ID": 12345, "PRIVATE_KEY_PATH": path})


def test_a_real_rsa_key_signs_a_jwt(tmp_path, rsa_pem):
    c = key_check(tmp_path, rsa_pem)
    assert c.ok and c.detail.endswith("an RSA key that signs an App JWT (RS256)")
    loose = key_check(tmp_path, rsa_pem, 0o644)
    assert loose.ok and "readable by others (mode 0644): chmod 600" in loose.detail


def test_a_missing_a_garbled_and_a_non_rsa_key_each_fail_with_the_reason(tmp_path, rsa_pem):
    missing = key_check(tmp_path, None)
    assert not missing.ok and missing.required and "cannot read" in missing.detail and "No such file" in missing.detail
    garbled = key_check(tmp_path, rsa_pem[:200] + b"\n-----END PRIVATE KEY-----\n")
    assert not garbled.ok and "not a PEM private key" in garbled.detail
    ec_key = key_check(tmp_path, pem(ec.generate_private_key(ec.SECP256R1())))
    assert not ec_key.ok and "GitHub App keys are RSA" in ec_key.detail
    folder = check_app_key({**NONE, "APP_ID": 1, "PRIVATE_KEY_PATH": tmp_path})
    assert not folder.ok and "cannot read" in folder.detail


def test_no_app_at_all_is_a_warning_not_a_failure():
    c = check_app_key(NONE)
    assert not c.ok and not c.required and "the bot runs dry" in c.detail


@pytest.mark.parametrize("secret,ok,words", [
    ("changeme", False, "a placeholder value"), ("<your-webhook-secret>", False, "a placeholder value"),
    ("Sh0rt-s3cret", False, "12 characters (at least 16)"), ("a" * 40, False, "only 1 distinct characters"),
    ("9f1c2e7a4b6d8c0e3f5a7b9c1d2e4f60", True, "set, 32 characters")])
def test_the_webhook_secret_is_judged(secret, ok, words):
    c = check_webhook_secret({**NONE, "APP_ID": 1, "WEBHOOK_SECRET": secret})
    assert c.ok is ok and words in c.detail


def test_an_unset_secret_fails_only_when_an_app_is_configured():
    assert check_webhook_secret({**NONE, "APP_ID": 1}).required
    assert not check_webhook_secret(NONE).required


def test_the_llm_check_probes_the_endpoint():
    with ScriptedServer({"model": "scripted-doc", "analysis": []}) as srv:
        good = check_llm({**NONE, "LLM_BASE_URL": srv.base_url, "LLM_MODEL": "scripted-doc"})
    assert good.ok and "model scripted-doc listed" in good.detail
    with unauthorized() as url:
        bad = check_llm({**NONE, "LLM_BASE_URL": url, "LLM_MODEL": "m", "LLM_API_KEY": "k" * 20})
    assert not bad.ok and bad.required and "refused the credentials (401)" in bad.detail
    assert not check_llm(NONE).required


def test_the_checks_are_one_list_of_groups():
    assert all(callable(group) for group in CHECKS) and len(CHECKS) >= 2


def test_doctor_prints_a_fail_line_per_broken_service_setting_and_exits_1(tmp_path):
    key = tmp_path / "app.pem"
    key.write_text("-----BEGIN RSA PRIVATE KEY-----\nnot base64 at all\n-----END RSA PRIVATE KEY-----\n")
    with refusing() as url:
        env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "PYTHONPATH": str(ROOT),
               "CRASHFIX_APP_ID": "12345", "CRASHFIX_PRIVATE_KEY_PATH": str(key),
               "CRASHFIX_WEBHOOK_SECRET": "changeme", "CRASHFIX_LLM_BASE_URL": url, "CRASHFIX_LLM_MODEL": "m"}
        out = subprocess.run([sys.executable, "-m", "bot.cli.main", "doctor"], cwd=ROOT, capture_output=True, text=True,
                             timeout=120, env=env)
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    assert f"[FAIL] LLM endpoint: {url}: cannot connect (Connection refused)" in "\n".join(lines)
    assert any(l.startswith(f"[FAIL] App private key: {key}: not a PEM private key") for l in lines)
    assert "[FAIL] webhook secret: a placeholder value" in lines
