"""The simulated GitHub of a dry run: repos, issues, comments, permissions, PRs, check runs, kept
in memory or in a JSON file that the web process and the workers of one data dir share."""
from __future__ import annotations

import fcntl
import json
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from bot.github.data import issue_dict

WRITER = "write"


def _empty() -> dict:
    return {"repos": {}, "issues": {}, "comments": {}, "permissions": {}, "prs": {}, "checks": {}, "ids": 0}


class DryState:
    """The simulated GitHub: repos, issues, comments, permissions, PRs, check runs; in memory, or in
    a JSON file (locked while read and written) when ``path`` is given."""

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path else None
        self._data = _empty()
        self._lock = threading.RLock()

    @contextmanager
    def open(self) -> Iterator[dict]:
        """The state to read or change; saved back when the block ends."""
        with self._lock:
            if self.path is None:
                yield self._data
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path.with_suffix(".lock"), "a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                data = json.loads(self.path.read_text()) if self.path.exists() else _empty()
                yield data
                tmp = self.path.with_suffix(".tmp")
                tmp.write_text(json.dumps(data, default=str))
                tmp.replace(self.path)

    def new_id(self) -> int:
        """A made-up id (comments, pull requests, check runs share one counter, as made-up numbers may)."""
        with self.open() as s:
            return next_id(s)


def next_id(s: dict) -> int:
    s["ids"] += 1
    return s["ids"]


def next_number(s: dict, repo: str) -> int:
    """A made-up issue or PR number: from the id counter, above the numbers the repo's issues have."""
    s["ids"] = max([s["ids"]] + [int(k.rsplit("#", 1)[1]) for k in s["issues"] if k.startswith(repo + "#")])
    return next_id(s)


def issue_key(repo: str, number: int) -> str:
    return f"{repo}#{int(number)}"


def observe(state: DryState, payload: dict) -> None:
    """What a webhook delivery tells about GitHub: the repository, the issue (as the payload has it),
    the comment, and the sender, who counts as a writer unless the state says otherwise."""
    repo = (payload.get("repository") or {}).get("full_name")
    if not isinstance(repo, str):
        return
    with state.open() as s:
        r = payload["repository"]
        s["repos"][repo] = {"default_branch": r.get("default_branch"), "clone_url": r.get("clone_url")}
        issue = payload.get("issue")
        if isinstance(issue, dict) and isinstance(issue.get("number"), int):
            s["issues"][issue_key(repo, issue["number"])] = issue_dict(issue)
        comment = payload.get("comment")
        if isinstance(comment, dict) and isinstance(comment.get("id"), int) and isinstance(issue, dict):
            user = comment.get("user") or {}
            s["comments"][str(comment["id"])] = {"id": comment["id"], "repo": repo, "number": issue.get("number"),
                                                 "body": comment.get("body") or "", "author": user.get("login"),
                                                 "author_type": user.get("type") or "User"}
        sender = (payload.get("sender") or {}).get("login")
        if isinstance(sender, str):
            s["permissions"].setdefault(repo, {}).setdefault(sender, WRITER)


def state_of(data_dir: Path | str) -> DryState:
    """The simulated GitHub the web process (`observe`) and the workers of one data dir share."""
    return DryState(Path(data_dir).expanduser() / "dry-run-state.json")
