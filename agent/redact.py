"""The one redaction layer: secrets never leave through an output.

Two kinds of secret are masked with ``[REDACTED]``:

* known values, registered as they appear (``register``): the App's private key, the webhook
  secret, the LLM API key, the admin/metrics tokens, installation tokens as they are minted;
* secret-shaped text (``PATTERNS``): GitHub tokens (``ghp_``/``ghs_``/``gho_``/``ghu_``/``ghr_``,
  ``github_pat_``), ``sk-`` API keys, PEM private-key blocks, JWTs, ``x-access-token:…@`` URLs and
  ``Authorization:`` headers.

Every exit calls in here: the run folder writer (agent/render.py), trajectories and the prompts sent
to the model (agent/research/loop.py), logging (``install_logging``: every log record), GitHub writes
(``redacting``: comments, PR bodies, check runs), job rows and errors stored in the database.
"""
from __future__ import annotations

import base64
import logging
import re
import threading
from typing import Any

MASK = "[REDACTED]"
MIN_SECRET = 8                       # shorter registered values would mask ordinary words

PATTERNS = [
    re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)", re.S),
    re.compile(r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}"),
    re.compile(r"\bgithub_pat_[A-Za-z0-9_]{20,}"),
    re.compile(r"\bsk-[A-Za-z0-9_\-]{16,}"),
    re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    re.compile(r"(?<=x-access-token:)[^@\s/'\"]+(?=@)"),
    re.compile(r"(?i)(?<=authorization: )(?:bearer |token |basic )?[^\s'\",}]+"),
    re.compile(r"(?i)(?<=authorization=)(?:bearer |token |basic )?[^\s'\",}]+"),
    re.compile(r"(?i)(?<=[\"']authorization[\"']: [\"'])[^\"']+"),
]

_lock = threading.Lock()
_known: set[str] = set()


def register(*values: str | None) -> None:
    """Remember secret values (and their encoded forms) so that every later output masks them."""
    new = set()
    for value in values:
        if not value or not isinstance(value, str):
            continue
        value = value.strip()
        if len(value) < MIN_SECRET:
            continue
        new.add(value)
        new.add(base64.b64encode(f"x-access-token:{value}".encode()).decode())   # git's Basic auth
        if "PRIVATE KEY" in value:            # a key's lines, should a part of it leak
            new.update(line.strip() for line in value.splitlines()
                       if len(line.strip()) >= 16 and "-----" not in line)
    with _lock:
        _known.update(new)


def forget_all() -> None:
    """Drop every registered value (tests)."""
    with _lock:
        _known.clear()


def known() -> list[str]:
    with _lock:
        return sorted(_known, key=len, reverse=True)      # longest first: no half-masked secret


SECRET_SETTINGS = ("WEBHOOK_SECRET", "PRIVATE_KEY", "LLM_API_KEY", "ADMIN_TOKEN", "METRICS_TOKEN",
                   "SESSION_SECRET", "OAUTH_CLIENT_SECRET", "REDIS_PASSWORD")


def register_settings(settings: Any) -> None:
    """The secrets among the bot's settings, and the private key read from its file."""
    register(*(getattr(settings, name, None) for name in SECRET_SETTINGS))
    path = getattr(settings, "PRIVATE_KEY_PATH", None)
    if path:
        try:
            register(open(path).read())
        except OSError:
            pass


def redact(text: str, *extra: str | None) -> str:
    """``text`` with every registered value, every ``extra`` value and every secret-shaped string masked."""
    if not isinstance(text, str) or not text:
        return text
    for secret in [e for e in extra if e and len(e) >= 4] + known():
        if secret in text:
            text = text.replace(secret, MASK)
    for pattern in PATTERNS:
        text = pattern.sub(MASK, text)
    return text


def redact_obj(obj: Any, *extra: str | None) -> Any:
    """A copy of a JSON-like value (dicts, lists, tuples, strings) with every string redacted."""
    if isinstance(obj, str):
        return redact(obj, *extra)
    if isinstance(obj, dict):
        return {k: redact_obj(v, *extra) for k, v in obj.items()}
    if isinstance(obj, list):
        return [redact_obj(v, *extra) for v in obj]
    if isinstance(obj, tuple):
        return tuple(redact_obj(v, *extra) for v in obj)
    return obj


def redact_file(path) -> None:
    """Redact a text file in place (nothing happens to a missing file)."""
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError):
        return
    clean = redact(text)
    if clean != text:
        path.write_text(clean)


def has_secret(text: str) -> bool:
    return redact(text) != text


# -- logging -------------------------------------------------------------------------------------

class RedactFilter(logging.Filter):
    """Formats the record's message (and its traceback) now, redacted; always lets it through."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "_redacted", False):
            return True
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a bad format string is logging's own problem
            message = str(record.msg)
        record.msg, record.args = redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        record._redacted = True
        return True


_installed = False


def install_logging() -> None:
    """Redact every log record of the process, whatever logger or handler it goes through
    (the filter runs in the record factory, so handlers added later are covered too)."""
    global _installed
    with _lock:
        if _installed:
            return
        _installed = True
    previous, flt = logging.getLogRecordFactory(), RedactFilter()

    def factory(*args, **kwargs):
        record = previous(*args, **kwargs)
        flt.filter(record)
        return record
    logging.setLogRecordFactory(factory)


# -- outgoing API calls ----------------------------------------------------------------------------

class Redacting:
    """A proxy whose method calls get their arguments redacted (GitHub writes: comments, PR bodies,
    check runs). Attribute reads and return values pass through unchanged."""

    def __init__(self, target: Any):
        object.__setattr__(self, "_target", target)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        if not callable(value) or name.startswith("_"):
            return value

        def call(*args, **kwargs):
            return value(*redact_obj(list(args)), **redact_obj(kwargs))
        return call

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._target, name, value)


def redacting(api: Any) -> Any:
    """``api`` behind a `Redacting` proxy (once)."""
    return api if isinstance(api, Redacting) or api is None else Redacting(api)
