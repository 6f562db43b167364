"""The dry run: an `InstallationAPI` that sends nothing, answers reads from a simulated GitHub, and records every write.

Every write becomes one op, a dict ``{"op": "comment.create", "action": "comment", "repo": ...,
<arguments>, "at": ...}`` (``op`` names the GitHub write, ``action`` the API method), kept in
``DryRunAPI.actions`` and appended as a JSON line to ``log_path`` (the server's
``DATA_DIR/dry-run.jsonl``). Writes also change the simulated state, so later reads see them
(an edited comment reads edited, an added label is on the issue).

Reads come from, in order: a wrapped real API when given (``read_api``, a dry run with App
credentials); else the simulated state (bot/github/dry_state.py), which `observe()` fills from each
webhook payload (the issue, its comment, the repository, the sender as a writer); the repository's
files, default branch and clone URL come from ``local_repo`` (``CRASHFIX_DRY_RUN_REPO``, a git
repository standing in for every repository), else the payload's clone URL. `for_data_dir()` keeps
the state in a JSON file beside the log, so the web process and the workers share it.
"""
from __future__ import annotations

import json
import logging
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from bot.github.dry_state import DryState, issue_key, next_id, next_number, state_of
from bot.github.data import DEFAULT_BOT_NAME, check_run_body, issue_dict
from sandbox import hostgit

log = logging.getLogger(__name__)

# API method -> the GitHub write it stands for
OPS = {"add_labels": "label.add", "remove_label": "label.remove", "comment": "comment.create",
       "edit_comment": "comment.edit", "react": "reaction.add", "push": "branch.push", "open_pr": "pr.create",
       "update_pr": "pr.update", "create_check_run": "check.create", "update_check_run": "check.update",
       "delete_branch": "branch.delete", "create_issue": "issue.create", "edit_issue": "issue.edit"}
class DryRunAPI:
    """Reads from ``read_api`` (an InstallationAPI) or the simulated state; writes recorded (and applied to
    the state), never sent.

    ``on_record(op)`` is called with each op as it is recorded (``crashfix simulate`` prints them)."""

    def __init__(self, read_api: Any = None, log_path: Path | str | None = None, *,
                 state: DryState | None = None, local_repo: Path | str | None = None,
                 on_record: Callable[[dict], None] | None = None):
        self.read_api = read_api
        self.log_path = Path(log_path) if log_path else None
        self.state = state or DryState()
        self.local_repo = Path(local_repo) if local_repo else None
        self.on_record = on_record
        self.actions: list[dict] = []
        self.bot_login = DEFAULT_BOT_NAME
        self._lock = threading.Lock()

    def record(self, action: str, repo: str, **fields: Any) -> dict:
        entry = {"op": OPS.get(action, action), "action": action, "repo": repo, **fields,
                 "at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}
        with self._lock:
            self.actions.append(entry)
            if self.log_path:
                self.log_path.parent.mkdir(parents=True, exist_ok=True)
                with self.log_path.open("a") as fh:
                    fh.write(json.dumps(entry, default=str) + "\n")
        log.info("dry run: %s on %s not sent", entry["op"], repo)
        if self.on_record:
            self.on_record(entry)
        return entry

    # -- the local repository ------------------------------------------------------------------
    def _git(self, *args: str) -> str | None:
        if self.local_repo is None:
            return None
        done = hostgit.run(*args, cwd=self.local_repo, check=False, timeout=60)
        return done.stdout if done.returncode == 0 else None

    # -- reads -----------------------------------------------------------------------------
    def permission(self, repo: str, user: str) -> str:
        if self.read_api:
            return self.read_api.permission(repo, user)
        with self.state.open() as s:
            return s["permissions"].get(repo, {}).get(user, "none")

    def get_issue(self, repo: str, number: int) -> dict:
        if self.read_api:
            return self.read_api.get_issue(repo, number)
        with self.state.open() as s:
            found = s["issues"].get(issue_key(repo, number))
        return dict(found) if found else {"number": number, "title": "", "body": "", "state": "open", "locked": False,
                                          "labels": [], "pull_request": False, "author": None, "html_url": None}

    def list_open_issues(self, repo: str) -> list[dict]:
        if self.read_api:
            return self.read_api.list_open_issues(repo)
        with self.state.open() as s:
            return [dict(i) for k, i in s["issues"].items() if k.startswith(repo + "#")
                    and i.get("state") == "open" and not i.get("pull_request")]

    def list_comments(self, repo: str, number: int) -> list[dict]:
        """The issue's comments (``{"id", "body", "author", "author_type"}``), oldest first: those the
        wrapped API reads, then those the state holds (the dry run's own, edits applied)."""
        lister = getattr(self.read_api, "list_comments", None)
        earlier = lister(repo, number) if lister else []
        with self.state.open() as s:
            return earlier + [dict(c) for c in s["comments"].values() if c["repo"] == repo and c["number"] == number]

    def read_file(self, repo: str, path: str, ref: str | None = None) -> str | None:
        if self.read_api:
            return self.read_api.read_file(repo, path, ref)
        ref = self._local_ref(repo, ref)
        return self._git("show", f"{ref}:{path.lstrip('/')}") if ref else None

    def list_files(self, repo: str, ref: str) -> list[str]:
        if self.read_api:
            return self.read_api.list_files(repo, ref)
        ref = self._local_ref(repo, ref)
        out = self._git("ls-tree", "-r", "--name-only", ref) if ref else None
        return out.splitlines() if out else []

    def default_branch(self, repo: str) -> str:
        if self.read_api:
            return self.read_api.default_branch(repo)
        local = self._git("symbolic-ref", "--short", "HEAD")
        if local:
            return local.strip()
        with self.state.open() as s:
            return (s["repos"].get(repo) or {}).get("default_branch") or "main"

    def find_open_pr(self, repo: str, head_branch: str) -> dict | None:
        if self.read_api:
            return self.read_api.find_open_pr(repo, head_branch)
        with self.state.open() as s:
            return next((dict(p) for p in s["prs"].values() if p["repo"] == repo and p["head_ref"] == head_branch
                         and p["state"] == "open"), None)

    def list_open_prs(self, repo: str, limit: int = 300) -> list[dict]:
        lister = getattr(self.read_api, "list_open_prs", None)
        if self.read_api:
            return lister(repo, limit) if lister else []
        with self.state.open() as s:
            return [dict(p) for p in s["prs"].values() if p["repo"] == repo and p["state"] == "open"][:limit]

    def token(self) -> None:
        return None

    def git_url(self, repo: str) -> str:
        """The local repository when there is one; else the payload's clone URL (public repos clone without a token)."""
        inner = getattr(self.read_api, "git_url", None)
        if inner:
            return inner(repo)
        if self.local_repo is not None:
            return str(self.local_repo.resolve())
        with self.state.open() as s:
            return (s["repos"].get(repo) or {}).get("clone_url") or f"https://github.com/{repo}.git"

    def bot_identity(self) -> tuple[str, str]:
        return DEFAULT_BOT_NAME, f"{DEFAULT_BOT_NAME}@users.noreply.github.com"

    def _local_ref(self, repo: str, ref: str | None) -> str | None:
        """The local repository's ref to read ``repo`` at: its own branch for the repo's default one; None
        when it does not stand in for ``repo`` (only for the repositories the webhooks named, not, e.g., an
        org's .github) or the ref looks like an option."""
        if self.local_repo is None or (ref or "").startswith("-"):
            return None
        with self.state.open() as s:
            known = s["repos"].get(repo)
            if s["repos"] and known is None:
                return None
        return ref if ref and ref != (known or {}).get("default_branch") else self.default_branch(repo)

    # -- writes ----------------------------------------------------------------------------
    def add_labels(self, repo: str, number: int, labels: list[str]) -> None:
        self._label(repo, number, add=list(labels))
        self.record("add_labels", repo, number=number, labels=list(labels))

    def remove_label(self, repo: str, number: int, label: str) -> None:
        self._label(repo, number, drop=label)
        self.record("remove_label", repo, number=number, label=label)

    def _label(self, repo: str, number: int, add: list[str] = (), drop: str | None = None) -> None:
        with self.state.open() as s:
            issue = s["issues"].get(issue_key(repo, number))
            if issue is not None:
                issue["labels"] = [x for x in issue["labels"] if x != drop] + [x for x in add if x not in issue["labels"]]

    def comment(self, repo: str, number: int, body: str) -> int:
        with self.state.open() as s:
            cid = next_id(s)
            s["comments"][str(cid)] = {"id": cid, "repo": repo, "number": number, "body": body,
                                       "author": DEFAULT_BOT_NAME, "author_type": "Bot"}
        self.record("comment", repo, number=number, comment_id=cid, body=body)
        return cid

    def edit_comment(self, repo: str, comment_id: int, body: str) -> None:
        with self.state.open() as s:
            found = s["comments"].get(str(comment_id))
            if found is not None:
                found["body"] = body
        self.record("edit_comment", repo, comment_id=comment_id, number=found and found["number"], body=body)

    def react(self, repo: str, comment_id: int, content: str) -> None:
        self.record("react", repo, comment_id=comment_id, content=content)

    def delete_branch(self, repo: str, branch: str) -> None:
        self.record("delete_branch", repo, branch=branch)

    def create_issue(self, repo: str, title: str, body: str) -> int:
        with self.state.open() as s:
            number = next_number(s, repo)
            s["issues"][issue_key(repo, number)] = issue_dict({"number": number, "title": title, "body": body,
                                                          "user": {"login": DEFAULT_BOT_NAME}})
        self.record("create_issue", repo, number=number, title=title, body=body)
        return number

    def edit_issue(self, repo: str, number: int, title: str, body: str) -> None:
        self._retitle("issues", "edit_issue", repo, number, title, body)

    def _retitle(self, table: str, action: str, repo: str, number: int, title: str, body: str) -> None:
        with self.state.open() as s:
            found = s[table].get(issue_key(repo, number))
            if found is not None:
                found.update(title=title, body=body)
        self.record(action, repo, number=number, title=title, body=body)

    def open_pr(self, repo: str, head: str, base: str, title: str, body: str, draft: bool) -> dict:
        with self.state.open() as s:
            number = next_number(s, repo)
            pr = {"repo": repo, "number": number, "url": None, "html_url": None, "head_sha": None, "head_ref": head,
                  "draft": draft, "author": DEFAULT_BOT_NAME, "title": title, "body": body, "state": "open"}
            s["prs"][issue_key(repo, number)] = pr
        self.record("open_pr", repo, number=number, head=head, base=base, title=title, draft=draft, body=body)
        return dict(pr)

    def update_pr(self, repo: str, number: int, title: str, body: str) -> None:
        self._retitle("prs", "update_pr", repo, number, title, body)

    def create_check_run(self, repo: str, head_sha: str, name: str, conclusion: str | None = None,
                         title: str = "", summary: str = "", text: str = "", **more: Any) -> int:
        """Records the check run as given (a completed one, or one ``status="in_progress"``); returns its id.
        A body GitHub would refuse raises ValueError, as the real API does before sending."""
        check_run_body(more.get("status", "completed"), conclusion, title, summary, text, more.get("details_url"))
        with self.state.open() as s:
            check_id = next_id(s)
            s["checks"][str(check_id)] = {"repo": repo, "head_sha": head_sha, "name": name, "conclusion": conclusion,
                                          **more}
        self.record("create_check_run", repo, check_run_id=check_id, head_sha=head_sha, name=name,
                    conclusion=conclusion, title=title, summary=summary, body=text, **more)
        return check_id

    def update_check_run(self, repo: str, check_run_id: int, **fields: Any) -> None:
        check_run_body(fields.get("status", "completed"), fields.get("conclusion"), fields.get("title", ""),
                       fields.get("summary", ""), fields.get("text", ""), fields.get("details_url"))
        with self.state.open() as s:
            s["checks"].setdefault(str(check_run_id), {}).update(fields)
        if "text" in fields:
            fields["body"] = fields.pop("text")
        self.record("update_check_run", repo, check_run_id=check_run_id, **fields)


def for_data_dir(data_dir: Path | str, local_repo: Path | str | None = None, read_api: Any = None,
                 on_record: Callable[[dict], None] | None = None) -> DryRunAPI:
    """The dry run of a data dir: ops to DATA_DIR/dry-run.jsonl, state in DATA_DIR/dry-run-state.json,
    files and clones from ``local_repo`` (CRASHFIX_DRY_RUN_REPO) when given."""
    return DryRunAPI(read_api, Path(data_dir).expanduser() / "dry-run.jsonl", state=state_of(data_dir),
                     local_repo=local_repo, on_record=on_record)
