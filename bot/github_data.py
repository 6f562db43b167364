"""GitHub's JSON as the plain dicts the bot passes around, shared by the real API and the dry run."""
from __future__ import annotations

DEFAULT_BOT_NAME = "crashfix[bot]"


def issue_dict(data: dict) -> dict:
    return {"number": data["number"], "title": data.get("title") or "", "body": data.get("body") or "",
            "state": data.get("state", "open"), "locked": bool(data.get("locked")),
            "labels": [lab["name"] if isinstance(lab, dict) else str(lab) for lab in data.get("labels") or []],
            "pull_request": bool(data.get("pull_request")),
            "author": (data.get("user") or {}).get("login"), "html_url": data.get("html_url")}
