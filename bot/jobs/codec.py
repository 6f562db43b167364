"""The queue's wire format: JSON only, never pickle (huey's default), so whoever can write to
Redis or queue.db can at worst drop or repeat a job id, not run code in the worker.

A task message carries a task name, a uuid, scheduling numbers and integer arguments (a job
id); anything else is refused when it is written and when it is read. The jobs table stays the
source of truth: a refused message is logged and dropped by huey, and the worker's sweep
enqueues every queued job again.
"""
from __future__ import annotations

import datetime as dt
import json
from typing import Any

from huey.registry import Message
from huey.serializer import Serializer

_TIMES = ("eta", "expires_resolved")
_NUMBERS = ("retries", "retry_delay", "priority", "timeout", "retry_backoff")
_EMPTY = ("on_complete", "on_error", "chord_config")


class QueueFormatError(ValueError):
    """A queue entry that is not crashfix's JSON (a pickle, a nested task, a non-integer argument)."""


def _time(value: Any, field: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, dt.datetime):
        raise QueueFormatError(f"{field} must be a datetime, got {type(value).__name__}")
    return value.isoformat()


def _int(value: Any, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise QueueFormatError(f"{field} must hold integers only, got {type(value).__name__}")
    return value


def _number(value: Any, field: str) -> int | float | None:
    if value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)):
        return value
    raise QueueFormatError(f"{field} must be a number, got {type(value).__name__}")


def _check_message(fields: dict[str, Any]) -> dict[str, Any]:
    """The one place a message's shape is checked, both ways."""
    if not isinstance(fields.get("id"), str) or not isinstance(fields.get("name"), str):
        raise QueueFormatError("a task needs a string id and name")
    for key in _EMPTY:
        if fields.get(key) is not None:
            raise QueueFormatError(f"{key} is not used by crashfix's tasks")
    if fields.get("kwargs") not in (None, {}):
        raise QueueFormatError("keyword arguments are not used by crashfix's tasks")
    args = fields.get("args") or ()
    if not isinstance(args, (list, tuple)):
        raise QueueFormatError("args must be a list")
    out = {"id": fields["id"], "name": fields["name"], "args": [_int(a, "args") for a in args], "kwargs": {},
           "expires": _number(fields.get("expires"), "expires")}
    out.update({k: _number(fields.get(k), k) for k in _NUMBERS})
    return out


def encode_message(message: Message) -> dict[str, Any]:
    fields = message._asdict()
    out = _check_message(fields)
    out.update({k: _time(fields.get(k), k) for k in _TIMES})
    return out


def decode_message(data: dict[str, Any]) -> Message:
    unknown = set(data) - set(Message._fields)
    if unknown:
        raise QueueFormatError(f"unknown task fields: {', '.join(sorted(unknown))}")
    fields = _check_message(data)
    for key in _TIMES:
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise QueueFormatError(f"{key} must be an ISO 8601 time")
        try:
            fields[key] = dt.datetime.fromisoformat(value) if value else None
        except ValueError as exc:
            raise QueueFormatError(f"{key}: {exc}") from None
    fields["args"] = tuple(fields["args"])
    return Message(**fields)


class JsonSerializer(Serializer):
    """huey's Serializer with JSON for pickle: task messages (see above), and plain JSON values
    (huey's revoke flags: `[time or null, bool]`)."""

    def _serialize(self, data: Any) -> bytes:
        if isinstance(data, Message):
            return json.dumps({"task": encode_message(data)}).encode()
        if isinstance(data, tuple) and len(data) == 2 and isinstance(data[1], bool):      # revoke data
            return json.dumps({"revoke": [_time(data[0], "revoke_until"), data[1]]}).encode()
        raise QueueFormatError(f"crashfix's queue carries task messages only, not {type(data).__name__}")

    def _deserialize(self, data: bytes) -> Any:
        try:
            doc = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise QueueFormatError(f"not JSON (starts with {bytes(data[:8])!r}); pickles are never read") from None
        if isinstance(doc, dict) and isinstance(doc.get("task"), dict) and len(doc) == 1:
            return decode_message(doc["task"])
        revoke = doc.get("revoke") if isinstance(doc, dict) and len(doc) == 1 else None
        if isinstance(revoke, list) and len(revoke) == 2 and isinstance(revoke[1], bool) \
                and (revoke[0] is None or isinstance(revoke[0], str)):
            try:
                return (dt.datetime.fromisoformat(revoke[0]) if revoke[0] else None), revoke[1]
            except ValueError as exc:
                raise QueueFormatError(f"revoke time: {exc}") from None
        raise QueueFormatError("not a crashfix queue entry")
