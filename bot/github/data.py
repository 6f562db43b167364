"""GitHub's JSON as the plain dicts the bot passes around, shared by the real API and the dry run."""
from __future__ import annotations

import hashlib
import re
from datetime import datetime, timezone
from typing import Any

DEFAULT_BOT_NAME = "crashfix[bot]"
MAX_TEXT = 65_535                      # GitHub's limit on comment, PR body and check-run output fields


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def shown(text: str) -> str:
    """`text` with each lone UTF-16 surrogate (JSON may carry `"\\ud800"`; no UTF-8 text holds one) as
    U+FFFD, as GitHub shows it: a text that can be encoded, hashed and stored."""
    return _LONE_SURROGATE.sub("\ufffd", text) if isinstance(text, str) else text


def issue_dict(data: dict) -> dict:
    return {"number": data["number"], "title": shown(data.get("title") or ""), "body": shown(data.get("body") or ""),
            "state": data.get("state", "open"), "locked": bool(data.get("locked")),
            "labels": [lab["name"] if isinstance(lab, dict) else str(lab) for lab in data.get("labels") or []],
            "pull_request": bool(data.get("pull_request")),
            "author": (data.get("user") or {}).get("login"), "html_url": data.get("html_url")}


def clip(text: str, limit: int = MAX_TEXT) -> str:
    """GitHub rejects longer fields (422); keep the head and say what was cut."""
    if len(text) <= limit:
        return text
    note = "\n\n… (truncated)\n"
    return text[: limit - len(note)] + note


def check_run_body(status: str, conclusion: str | None, title: str, summary: str, text: str,
                   details_url: str | None) -> dict:
    """The fields of a check run create or update: a `completed` one needs a conclusion (GitHub's
    schema), an `in_progress` one has none; the output when there is a title."""
    if status not in ("queued", "in_progress", "completed"):
        raise ValueError(f"check run status must be queued, in_progress or completed, got {status!r}")
    if (status == "completed") != (conclusion is not None):
        raise ValueError("a completed check run needs a conclusion, and only a completed one has one")
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    body: dict[str, Any] = {"status": status}
    if status == "completed":
        body.update(conclusion=conclusion, completed_at=now)
    if title:
        body["output"] = {"title": clip(title, 255), "summary": clip(summary or title)}
        if text:
            body["output"]["text"] = clip(text)
    if details_url:
        body["details_url"] = details_url
    return body


def issue_text(issue: dict) -> str:
    """An issue's title and body as one text (what is parsed for a crash report)."""
    return shown(f"{issue.get('title') or ''}\n\n{issue.get('body') or ''}")


def pinned_digest(title: str, body: str) -> str:
    """The hash an issue's text pinned in a job is kept with (bot/web/handlers.py `_asked`; bot/kinds/
    runner.py `asked_issue` checks it)."""
    return hashlib.sha256(shown(f"{title}\n\n{body}").encode()).hexdigest()
