"""Webhook event handlers: thin, in the request, with no GitHub calls.

Each handler reads the payload, writes rows (installations, repos, prs) and creates jobs in the
delivery's transaction; the webhook enqueues the job ids after the commit. Permission checks
and every GitHub call happen in the worker. All routes are composed in `router` below.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from agent.redact import redact
from bot.commands import parse_command
from bot.db import Database, Tx, loads
from bot.github.data import pinned_digest
from bot.jobs.store import PIPELINE_KINDS, active_job, create_job
from bot.settings import Settings

log = logging.getLogger(__name__)
BRANCH = re.compile(r"^crashfix/issue-([1-9]\d{0,17})$")       # an issue number the database can hold


class MissingField(ValueError):
    """A payload lacks a field its handler needs (the webhook answers 400)."""


@dataclass
class Event:
    name: str
    action: str | None
    delivery: str
    payload: dict

    def get(self, path: str, default: Any = None) -> Any:
        node: Any = self.payload
        for part in path.split("."):
            if not isinstance(node, dict) or part not in node:
                return default
            node = node[part]
        return node

    @property
    def installation_id(self) -> int | None:
        value = self.get("installation.id")
        return value if _is_int(value) else None

    @property
    def repo(self) -> str | None:
        value = self.get("repository.full_name")
        return value if isinstance(value, str) else None

    @property
    def sender(self) -> str | None:
        return self.get("sender.login")


@dataclass
class Context:
    tx: Tx
    settings: Settings
    jobs: list[int] = field(default_factory=list)

    def job(self, event: Event, kind: str, issue: int | None, params: dict | None = None,
            dedupe: bool = True) -> int | None:
        """A job for the worker. A command or label asking for a run of the issue while an equivalent
        one is queued or running becomes a job that only answers "already running (job N)"."""
        running = active_job(self.tx, kind, event.repo, issue, params) \
            if dedupe and kind in PIPELINE_KINDS and params and params.get("trigger") else None
        if running is not None:
            params, dedupe = {**params, "busy": running}, False
        job_id = create_job(self.tx, kind, installation_id=event.installation_id, repo=event.repo, issue=issue,
                            sender=event.sender, delivery_id=event.delivery, params=params, dedupe=dedupe)
        if job_id is not None:
            self.jobs.append(job_id)
        return job_id


Handler = Callable[[Event, Context], Any]
_TYPES = {"int": int, "str": str, "bool": bool, "dict": dict, "list": list}


@dataclass(frozen=True)
class Route:
    handler: Handler
    requires: tuple[str, ...]          # "path:type", e.g. "issue.number:int"


class Router:
    """event[.action] -> handlers; an action-less registration matches every action."""

    def __init__(self) -> None:
        self._routes: dict[tuple[str, str | None], list[Route]] = {}

    def register(self, event: str, action: str | None = None, requires: tuple[str, ...] = ()):
        def deco(fn: Handler) -> Handler:
            self._routes.setdefault((event, action), []).append(Route(fn, tuple(requires)))
            return fn
        return deco

    def routes(self, event: Event) -> list[Route]:
        return self._routes.get((event.name, event.action), []) + (
            self._routes.get((event.name, None), []) if event.action is not None else [])

    def handles(self, event: Event) -> bool:
        return bool(self.routes(event))

    def validate(self, event: Event) -> None:
        for route in self.routes(event):
            for spec in route.requires:
                path, _, typ = spec.partition(":")
                value = event.get(path, _Missing)
                if value is _Missing or value is None:
                    raise MissingField(f"missing field {path}")
                want = _TYPES.get(typ)
                if want and (not isinstance(value, want) or (want is int and not _is_int(value))):
                    raise MissingField(f"field {path} must be {typ}")

    def dispatch(self, event: Event, ctx: Context) -> list[int]:
        for route in self.routes(event):
            route.handler(event, ctx)
        return ctx.jobs


class _Missing:
    pass


def _is_int(value: Any) -> bool:
    """An int the database can hold (64-bit), not a bool."""
    return isinstance(value, int) and not isinstance(value, bool) and -2**63 <= value < 2**63


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


router = Router()
APP = ("installation.id:int", "repository.full_name:str", "sender.login:str")


def _is_bot_or_self(event: Event, settings: Settings) -> bool:
    return event.get("sender.type") == "Bot" or settings.is_self(event.sender)


# -- ping, installations -------------------------------------------------------------------
@router.register("ping")
def ping(event: Event, ctx: Context) -> None:
    log.info("ping: %s", event.get("zen", ""))


def _deleted(ctx: Context, inst_id: int) -> bool:
    """An uninstalled installation stays so: GitHub gives a re-install a new id, so an event for this
    one arriving late (or replayed) must not bring it, or its repos, back."""
    row = ctx.tx.one("SELECT deleted FROM installations WHERE id = ?", inst_id)
    return bool(row and row["deleted"])


@router.register("installation", requires=("installation.id:int", "installation.account.login:str"))
def installation(event: Event, ctx: Context) -> None:
    inst = event.get("installation")
    if _deleted(ctx, inst["id"]):
        log.info("installation %s: %s for an uninstalled installation, ignored", inst["id"], event.action)
        return
    Database.upsert_installation(ctx.tx, inst["id"], inst["account"]["login"], _str(inst.get("target_type")))
    if event.action == "deleted":
        ctx.tx.execute("UPDATE installations SET deleted = 1, updated_at = ? WHERE id = ?", _now(), inst["id"])
        ctx.tx.execute("UPDATE repos SET active = 0 WHERE installation_id = ?", inst["id"])
        ctx.tx.execute("UPDATE jobs SET state = 'cancelled', error = 'the App was uninstalled' "
                       "WHERE installation_id = ? AND state = 'queued'", inst["id"])
        return
    if event.action in ("suspend", "unsuspend"):
        ctx.tx.execute("UPDATE installations SET suspended = ? WHERE id = ?", int(event.action == "suspend"),
                       inst["id"])
    for repo in _list(event.get("repositories")):
        if isinstance(repo, dict) and _str(repo.get("full_name")):
            Database.set_repo(ctx.tx, inst["id"], repo["full_name"], True)
            if event.action == "created":
                _scan_backlog(event, ctx, repo["full_name"])


@router.register("installation_repositories", requires=("installation.id:int", "installation.account.login:str"))
def installation_repositories(event: Event, ctx: Context) -> None:
    inst = event.get("installation")
    if _deleted(ctx, inst["id"]):
        log.info("installation %s: repositories changed after it was uninstalled, ignored", inst["id"])
        return
    Database.upsert_installation(ctx.tx, inst["id"], inst["account"]["login"], _str(inst.get("target_type")))
    for key, active in (("repositories_added", True), ("repositories_removed", False)):
        for repo in _list(event.get(key)):
            if isinstance(repo, dict) and _str(repo.get("full_name")):
                Database.set_repo(ctx.tx, inst["id"], repo["full_name"], active)
                if active:
                    _scan_backlog(event, ctx, repo["full_name"])


def _scan_backlog(event: Event, ctx: Context, repo: str) -> None:
    """A repository the App was just given: one backlog job triages and ranks its open crash issues."""
    job_id = create_job(ctx.tx, "backlog", installation_id=event.installation_id, repo=repo, issue=None,
                        sender=event.sender, delivery_id=event.delivery, params={"trigger": "installation"})
    if job_id is not None:
        ctx.jobs.append(job_id)


# -- issues --------------------------------------------------------------------------------
ISSUE = APP + ("issue.number:int",)


@router.register("issues", "opened", requires=ISSUE)
@router.register("issues", "edited", requires=ISSUE)
def issue_triage(event: Event, ctx: Context) -> None:
    if ctx.settings.is_self(event.sender) or event.get("issue.pull_request"):
        return
    branch = event.get("repository.default_branch")
    ctx.job(event, "triage", event.get("issue.number"), params={"ref": branch} if isinstance(branch, str) else None)


def _asked(event: Event) -> dict | None:
    """The issue's text as it stood at this event (the label or the command): the run works on it,
    not on the issue re-read later, which anyone who can comment on it may have edited by then
    (time of check, issue 22). None on a pull request (a run there is about its issue, read then)."""
    if event.get("issue.pull_request"):
        return None
    title, body, at = event.get("issue.title"), event.get("issue.body"), event.get("issue.updated_at")
    if not isinstance(title, str):
        return None
    # kept in the job table: secrets pasted into the issue are redacted there as in every output
    title, body = redact(title), redact(body) if isinstance(body, str) else ""
    return {"issue": event.get("issue.number"), "title": title, "body": body,
            "sha256": pinned_digest(title, body), "updated_at": at if isinstance(at, str) else None}


def _pinned_by_pr(tx: Tx, repo: str | None, number: object) -> dict | None:
    """For a command on crashfix's pull request: the issue's text as pinned when the run that made
    (or last revised) the pull request was asked for (that job's `asked`), or None when it holds none.
    A command there continues that run: an edit of the issue since the review is not what runs."""
    if not repo or not _is_int(number):
        return None
    row = tx.one("SELECT p.issue, j.id, j.params FROM prs p JOIN jobs j ON j.id = p.job_id "
                 "WHERE p.repo = ? AND p.number = ?", repo, number)
    asked = (loads(row["params"]) or {}).get("asked") if row else None
    if not isinstance(asked, dict) or asked.get("issue") != row["issue"] or not isinstance(asked.get("title"), str):
        return None
    return {**asked, "from_job": int(asked.get("from_job") or row["id"])}


@router.register("issues", "labeled", requires=ISSUE + ("label.name:str",))
def issue_labeled(event: Event, ctx: Context) -> None:
    label = event.get("label.name")
    if _is_bot_or_self(event, ctx.settings) or label.startswith("crash:") or event.get("issue.pull_request"):
        return
    # the repo's trigger label lives in its .github/crashfix.yml, read by the worker: it drops other labels
    ctx.job(event, "fix", event.get("issue.number"), {"trigger": "label", "label": label,
                                                      **({"asked": a} if (a := _asked(event)) else {})})


@router.register("issue_comment", "created", requires=ISSUE + ("comment.id:int", "comment.body:str"))
def issue_comment(event: Event, ctx: Context) -> None:
    if _is_bot_or_self(event, ctx.settings):
        return
    command = parse_command(event.get("comment.body"))
    if command is None:
        return
    params = {"trigger": "command", "command": command.name, "arg": command.arg,
              "comment_id": event.get("comment.id"), "on_pr": bool(event.get("issue.pull_request")),
              "at": _str(event.get("comment.created_at"))}
    if command.kind in PIPELINE_KINDS:
        asked = _pinned_by_pr(ctx.tx, event.repo, event.get("issue.number")) if params["on_pr"] else _asked(event)
        if asked:
            params["asked"] = asked
    if not command.valid:
        params["error"] = command.error
    ctx.job(event, command.kind, event.get("issue.number"), params,
            dedupe=command.kind not in ("cancel", "help") and command.name != "retry")


# -- pull requests -------------------------------------------------------------------------
@router.register("pull_request", "closed", requires=APP + ("number:int", "pull_request.head.ref:str"))
def pull_request_closed(event: Event, ctx: Context) -> None:
    m = BRANCH.match(event.get("pull_request.head.ref"))
    head_repo = event.get("pull_request.head.repo.full_name")
    if not m or (head_repo and head_repo != event.repo):
        return
    merged = bool(event.get("pull_request.merged"))
    issue = int(m.group(1))
    n = ctx.tx.execute("UPDATE prs SET state = 'closed', merged = ?, number = COALESCE(number, ?), updated_at = ? "
                       "WHERE repo = ? AND issue = ?", int(merged), event.get("number"), _now(), event.repo, issue)
    if n == 0:
        log.info("closed PR #%s (%s) was not recorded as ours", event.get("number"), m.group(0))
    log.info("crashfix PR #%s for issue #%s %s", event.get("number"), issue, "merged" if merged else "closed unmerged")
    ctx.job(event, "cleanup", issue, {"branch": m.group(0), "pr": event.get("number"), "merged": merged},
            dedupe=False)


def _now() -> str:
    from bot.db import now
    return now()
