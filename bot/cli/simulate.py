"""`crashfix simulate`: one issue's conversation through the real webhook, router and worker, against a simulated GitHub.

The issue is opened (its body a file, its title the file's first heading or line) by ``reporter``
(read access), then labelled with the repo's trigger label, or commented on, by ``maintainer``
(write access). Each event is a signed webhook delivery to the real Flask app in a temporary data
dir (SQLite, an immediate queue, a `Worker` in this process); the App's GitHub is
`bot.github.dryrun.DryRunAPI` over the local repository, so every write it makes is an op, in order.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import shutil
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from agent.pipeline import execute
from bot.github.dry_state import state_of
from bot.github.dryrun import DryRunAPI, for_data_dir
from bot.kinds.context import Pipeline
from sandbox import hostgit

log = logging.getLogger(__name__)
REPORTER, MAINTAINER = "reporter", "maintainer"
INSTALLATION_ID = 1
ISSUE = 1
RUNS = ("fix", "revise", "explain", "test")        # the job kinds whose outcome is a run's status
MAX_DRAIN = 10                                      # re-runs of deferred jobs before the simulation gives up


class SimulateError(Exception):
    """The simulation cannot start (no such repository or issue file); one line."""


@dataclass(frozen=True)
class Step:
    """What a person did: ``opened``, ``labelled`` or ``commented`` (``text``: the title, label or comment)."""
    who: str
    what: str
    text: str


@dataclass
class Outcome:
    ops: list[dict] = field(default_factory=list)
    jobs: list[dict] = field(default_factory=list)     # {"id", "kind", "state", "status", "error"}
    status: str | None = None                          # the status of the run the last step started (fixed, ...);
                                                       # None when it started none (a typo, a refusal: answered)
    waiting: list[int] = field(default_factory=list)   # jobs still queued (a limit held them back)


def issue_title(text: str) -> str:
    """The first heading, else the first non-empty line, of an issue file."""
    for line in text.splitlines():
        line = line.strip().lstrip("#").strip()
        if line:
            return line[:256]
    return "crash report"


def git_source(path: Path, scratch: Path) -> Path:
    """``path`` when it is a git repository (its committed default branch is what the App clones);
    else a one-commit snapshot of it in ``scratch``."""
    path = Path(path).resolve()
    if not path.is_dir():
        raise SimulateError(f"no such directory: {path}")
    if (path / ".git").exists():
        if hostgit.run("status", "--porcelain", cwd=path, check=False).stdout.strip():
            log.warning("%s has uncommitted changes: the App clones the committed default branch only", path)
        return path
    snap = scratch / "snapshot"
    shutil.copytree(path, snap, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache"))
    ident = {"GIT_AUTHOR_NAME": "crashfix simulate", "GIT_AUTHOR_EMAIL": "simulate@localhost",
             "GIT_COMMITTER_NAME": "crashfix simulate", "GIT_COMMITTER_EMAIL": "simulate@localhost"}
    hostgit.run("init", "-q", "-b", "main", cwd=snap)
    hostgit.run("add", "-A", cwd=snap)
    hostgit.run("-c", "commit.gpgsign=false", "commit", "-q", "-m", f"snapshot of {path}", cwd=snap, extra=ident)
    log.info("%s is not a git repository: simulating on a snapshot of it", path)
    return snap


class Simulation:
    """The App of one temporary data dir: `deliver()` a person's step, the worker runs what it queued."""

    def __init__(self, source: Path, name: str, data_dir: Path, *, sandbox: str = "docker",
                 pipeline: Pipeline = execute, on_op: Callable[[dict], None] | None = None):
        from bot.web.app import create_app
        from bot.db import Database
        from bot.jobs.queue import JobQueue
        from bot.settings import load_settings
        from bot.worker import Worker
        self.source, self.repo, self.secret = source, name, secrets.token_hex(16)
        self.settings = load_settings(env={}, DATA_DIR=data_dir, WEBHOOK_SECRET=self.secret, SANDBOX=sandbox,
                                      DRY_RUN_REPO=source, BOT_LOGIN="crashfix[bot]")
        self.ops: list[dict] = []
        self.on_op = on_op
        self.db = Database(self.settings.database_url)
        queue = JobQueue(self.settings, immediate=True)
        self.worker = Worker(self.settings, self.db, queue, api_factory=self.api, pipeline=pipeline)
        queue.attach(self.worker.run)
        self.client = create_app(self.settings, {"TESTING": True, "CRASHFIX_DB": self.db,
                                                 "CRASHFIX_QUEUE": queue}).test_client()
        self.state = state_of(self.settings.DATA_DIR)
        with self.state.open() as s:                   # who may do what; senders otherwise count as writers
            s["permissions"][name] = {REPORTER: "read", MAINTAINER: "write"}

    def api(self, installation_id: int | None = None) -> DryRunAPI:
        """What `installation_api` gives a dry run of this data dir, telling each op as it is made."""
        return for_data_dir(self.settings.DATA_DIR, self.source, on_record=self._op)

    def _op(self, op: dict) -> None:
        self.ops.append(op)
        if self.on_op:
            self.on_op(op)

    # -- people's steps ------------------------------------------------------------------------
    def open_issue(self, title: str, body: str) -> None:
        issue = {"number": ISSUE, "title": title, "body": body, "state": "open", "locked": False, "labels": [],
                 "user": {"login": REPORTER, "type": "User"}, "html_url": None}
        self.deliver("issues", {"action": "opened", "issue": issue}, REPORTER)

    def label(self, label: str) -> None:
        issue = self._issue()
        issue["labels"] = [*issue["labels"], {"name": label}]
        self.deliver("issues", {"action": "labeled", "issue": issue, "label": {"name": label}}, MAINTAINER)

    def comment(self, body: str) -> None:
        comment = {"id": self.state.new_id(), "body": body, "user": {"login": MAINTAINER, "type": "User"}}
        self.deliver("issue_comment", {"action": "created", "issue": self._issue(), "comment": comment}, MAINTAINER)

    def _issue(self) -> dict:
        """The issue as GitHub would send it now (the App's label and state changes applied)."""
        now = self.api().get_issue(self.repo, ISSUE)
        return {"number": ISSUE, "title": now["title"], "body": now["body"], "state": now["state"],
                "locked": now["locked"], "labels": [{"name": x} for x in now["labels"]],
                "user": {"login": now.get("author") or REPORTER, "type": "User"}, "html_url": None}

    def deliver(self, event: str, payload: dict, sender: str) -> None:
        owner, _, name = self.repo.partition("/")
        payload = {**payload, "installation": {"id": INSTALLATION_ID}, "sender": {"login": sender, "type": "User"},
                   "repository": {"full_name": self.repo, "name": name, "owner": {"login": owner}, "private": True,
                                  "default_branch": self.api().default_branch(self.repo),
                                  "clone_url": str(self.source)}}
        body = json.dumps(payload).encode()
        signature = "sha256=" + hmac.new(self.secret.encode(), body, hashlib.sha256).hexdigest()
        answer = self.client.post("/webhook", data=body, content_type="application/json",
                                  headers={"X-GitHub-Event": event, "X-GitHub-Delivery": str(uuid.uuid4()),
                                           "X-Hub-Signature-256": signature})
        if answer.status_code >= 400:
            raise RuntimeError(f"the webhook refused the simulated {event}: {answer.status_code} {answer.get_data(True)}")
        self.drain()

    def drain(self) -> None:
        """Jobs a limit deferred stay queued in an immediate queue: run them again, a few times."""
        for _ in range(MAX_DRAIN):
            queued = [r["id"] for r in self.db.all("SELECT id FROM jobs WHERE state = 'queued' ORDER BY id")]
            if not queued:
                return
            for job_id in queued:
                self.worker.run(job_id)

    def last_job(self) -> int:
        row = self.db.one("SELECT MAX(id) AS id FROM jobs")
        return (row["id"] if row else None) or 0

    def outcome(self, since: int = 0) -> Outcome:
        """The ops and jobs; ``status``: the last run among the jobs after ``since`` (those of the last step)."""
        rows = self.db.all("SELECT id, kind, state, result, error FROM jobs ORDER BY id")
        jobs = []
        for r in rows:
            result = json.loads(r["result"]) if r["result"] else {}
            status = result.get("status") if isinstance(result, dict) else None
            jobs.append({"id": r["id"], "kind": r["kind"], "state": r["state"],
                         "status": status or ("error" if r["state"] == "failed" else None), "error": r["error"]})
        runs = [j for j in jobs if j["kind"] in RUNS and j["status"] and j["id"] > since]
        return Outcome(self.ops, jobs, runs[-1]["status"] if runs else None,
                       [j["id"] for j in jobs if j["state"] == "queued"])


def simulate(repo: Path, issue_text: str, comments: list[str], data_dir: Path, *, name: str | None = None,
             sandbox: str = "docker", pipeline: Pipeline | None = None, on_op: Callable[[dict], None] | None = None,
             on_step: Callable[[Step], None] | None = None) -> Outcome:
    """Open the issue, then label it with the trigger label (or post ``comments`` in order); the App's ops, in order."""
    from bot.repo_config import ConfigError, load_repo_config
    data_dir = Path(data_dir)
    source = git_source(repo, data_dir)
    name = name or f"local/{Path(repo).resolve().name}"
    sim = Simulation(source, name, data_dir, sandbox=sandbox, pipeline=pipeline or execute, on_op=on_op)
    tell = on_step or (lambda step: None)
    title = issue_title(issue_text)
    tell(Step(REPORTER, "opened", title))
    sim.open_issue(title, issue_text)
    last = sim.last_job()
    if comments:
        for text in comments:
            tell(Step(MAINTAINER, "commented", text))
            last = sim.last_job()
            sim.comment(text)
    else:
        try:
            trigger = load_repo_config(sim.api(), name).trigger_label
        except ConfigError:
            trigger = "crashfix"                  # the App answers a broken config itself, on the issue
        tell(Step(MAINTAINER, "labelled", trigger))
        sim.label(trigger)
    return sim.outcome(since=last)          # the conversation's outcome is the last step's: a typo is answered, not failed


# -- the readable transcript -------------------------------------------------------------------

def render_step(step: Step) -> str:
    what = {"opened": f"opened issue #{ISSUE}: {step.text}", "labelled": f"labelled #{ISSUE} `{step.text}`",
            "commented": f"commented on #{ISSUE}: {step.text}"}[step.what]
    return f"\n== {step.who} {what}"


def render_op(op: dict) -> str:
    """One op as a heading line and, for texts (comments, PR bodies, check runs), the text indented."""
    kind, n = op["op"], op.get("number")
    on = f" on #{n}" if n else ""
    head = {
        "label.add": lambda: f"#{n}: {', '.join(op.get('labels') or [])}",
        "label.remove": lambda: f"#{n}: {op.get('label')}",
        "comment.create": lambda: f"#{n} (comment {op.get('comment_id')})",
        "comment.edit": lambda: f"comment {op.get('comment_id')}{on}",
        "reaction.add": lambda: f":{op.get('content')}: on comment {op.get('comment_id')}",
        "branch.push": lambda: f"{op.get('branch')} at {str(op.get('sha'))[:12]}",
        "branch.delete": lambda: f"{op.get('branch')}",
        "pr.create": lambda: f"#{n}{' (draft)' if op.get('draft') else ''} {op.get('head')} -> {op.get('base')}: "
                             f"{op.get('title')}",
        "pr.update": lambda: f"#{n}: {op.get('title')}",
        "check.create": lambda: f"{op.get('name')} on {str(op.get('head_sha'))[:12]}: "
                                f"{op.get('status') or op.get('conclusion')}; {op.get('title') or ''}",
        "check.update": lambda: f"check run {op.get('check_run_id')}: "
                                f"{op.get('conclusion') or op.get('status') or ''}; {op.get('title') or ''}",
    }.get(kind, lambda: json.dumps({k: v for k, v in op.items() if k not in ("op", "action", "repo", "at")})[:200])()
    lines = [f"-> {kind} {head}"]
    text = op.get("diff") if kind == "branch.push" else op.get("body") if kind != "check.create" else op.get("summary")
    if text:
        lines += ["   | " + line if line else "   |" for line in str(text).rstrip().splitlines()]
    return "\n".join(lines)
