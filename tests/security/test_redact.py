"""agent/redact.py: registered values and secret-shaped text are masked wherever they appear."""
from __future__ import annotations

import base64
import logging

import pytest

from agent import redact as R
from github_fakes import rsa_private_key

GHS = "ghs_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


@pytest.fixture(autouse=True)
def clean_registry():
    R.forget_all()
    yield
    R.forget_all()


@pytest.mark.parametrize("text", [
    f"token {GHS} leaked",
    "ghp_" + "x" * 36, "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
    "key=sk-proj-abcdefghijklmnopqrstuvwx", "sk-" + "Z" * 48,
    f"https://x-access-token:{'s3cr3t' * 4}@github.com/o/r.git",
    "Authorization: Bearer abc.def.ghi-very-secret", "authorization: token 0123456789abcdef",
    "{'Authorization': 'token 0123456789abcdef'}",
    "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiIxMjMiLCJleHAiOjF9.c2lnbmF0dXJlLXNpZ25hdHVyZQ",
])
def test_secret_shaped_text_is_masked(text):
    out = R.redact(text)
    assert R.MASK in out
    for secret in ("A1b2C3d4E5", "x" * 20, "abcdefghijklmnop", "Z" * 20, "s3cr3t", "very-secret",
                   "0123456789abcdef", "c2lnbmF0dXJl"):
        assert secret not in out


def test_pem_block_and_its_lines_are_masked():
    pem = rsa_private_key()
    assert R.redact(f"before\n{pem.strip()}\nafter") == f"before\n{R.MASK}\nafter"
    R.register(pem)
    body_line = pem.splitlines()[5]
    assert R.redact(f"partial: {body_line}") == f"partial: {R.MASK}"


def test_registered_values_and_their_basic_auth_form_are_masked():
    token = "plain-looking-installation-token-42"
    R.register(token, None, "short")
    basic = base64.b64encode(f"x-access-token:{token}".encode()).decode()
    out = R.redact(f"a {token} b {basic} c short")
    assert token not in out and basic not in out and out.endswith("c short")   # short values are not secrets


def test_ordinary_text_is_untouched():
    text = "KeyError: 'price' in total() at app.py:2; sk-8 short; ghs_short; Authorization required"
    assert R.redact(text) == text


def test_redact_obj_walks_json():
    R.register("settings-secret-value")
    obj = {"a": ["x settings-secret-value", ("t", GHS)], "n": 3, "b": {"c": None}}
    assert R.redact_obj(obj) == {"a": [f"x {R.MASK}", ("t", R.MASK)], "n": 3, "b": {"c": None}}


def test_register_settings_reads_the_key_file(tmp_path):
    from bot.settings import load_settings
    pem = rsa_private_key()
    key = tmp_path / "app.pem"
    key.write_text(pem)
    s = load_settings(env={"CRASHFIX_APP_ID": "1", "CRASHFIX_PRIVATE_KEY_PATH": str(key),
                           "CRASHFIX_WEBHOOK_SECRET": "webhook-secret-xyz", "CRASHFIX_LLM_API_KEY": "llm-key-0987654321"})
    R.register_settings(s)
    out = R.redact(f"{pem.splitlines()[3]} webhook-secret-xyz llm-key-0987654321")
    assert out == f"{R.MASK} {R.MASK} {R.MASK}"


def test_logging_is_redacted_for_any_logger_and_traceback(caplog):
    R.install_logging()
    R.register("registered-secret-123")
    log = logging.getLogger("some.module")
    with caplog.at_level(logging.INFO):
        log.info("token %s and %s", GHS, "registered-secret-123")
        try:
            raise RuntimeError(f"push failed with {GHS}")
        except RuntimeError:
            log.exception("failed")
    text = caplog.text
    assert GHS not in text and "registered-secret-123" not in text
    assert text.count(R.MASK) >= 3 and "RuntimeError: push failed with [REDACTED]" in text


def test_redacting_proxy_masks_arguments_not_results():
    calls = []

    class API:
        name = "fake"

        def comment(self, repo, issue, body):
            calls.append((repo, issue, body))
            return 7

        def token(self):
            return GHS
    api = R.redacting(R.redacting(API()))
    assert api.comment("o/r", 1, body=f"see {GHS}") == 7
    assert calls == [("o/r", 1, f"see {R.MASK}")]
    assert api.token() == GHS and api.name == "fake"
    assert isinstance(api._target, API)
