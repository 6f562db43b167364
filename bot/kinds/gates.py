"""The checks a job passes before it acts: who asked, which issue, the repo's config, the limits."""
from __future__ import annotations

import hashlib
import logging
from datetime import datetime, timedelta, timezone

from agent.research.client import Budget, Ledger
from bot.conversation import checks
from bot.jobs.store import ACTIVE, prs_in_last_hour
from bot.kinds.context import Context, Deferred, Stop
from bot.repo_config import ConfigError, RepoConfig, config_error_comment, load_repo_config
from bot.github.tracked import cosmetic

WRITE = ("admin", "maintain", "write")
log = logging.getLogger(__name__)


def reply_once(ctx: Context, body: str) -> str:
    """Comment `body` unless the same text was already replied on this issue; returns its digest."""
    return _reply(ctx, body)[0]


def refuse(ctx: Context, body: str) -> str:
    """A refusal with its reason: replied once per issue; asked again, a `confused` reaction."""
    digest, replied = _reply(ctx, body)
    if not replied:
        react(ctx, "confused")
    return digest


def _reply(ctx: Context, body: str) -> tuple[str, bool]:
    """`reply_once`: (the text's digest, whether it was posted now)."""
    job = ctx.job
    digest = hashlib.sha256(body.encode()).hexdigest()[:16]
    earlier = ctx.db.one("SELECT id FROM jobs WHERE repo = ? AND issue = ? AND id <> ? AND result LIKE ?",
                         job.repo, job.issue, job.id, f'%"reply": "{digest}"%')
    if earlier is None:
        ctx.api.comment(job.repo, job.issue, body)
    ctx.db.execute("UPDATE jobs SET result = ? WHERE id = ?", f'{{"reply": "{digest}"}}', job.id)
    return digest, earlier is None


def authorize(ctx: Context, *, acknowledge: bool = True) -> None:
    """Commands and labels count only from users with write access, and each is answered: an
    accepted one gets an `eyes` reaction (unless `acknowledge` is False: the kind answers itself); a refused user one short reply per issue (later
    refusals a `confused` reaction); one asking for a run already queued or running the reply
    "already running (job N)". Reactions are cosmetic: a failed one never fails the job."""
    job, api = ctx.job, ctx.api
    if not job.sender:
        if job.params.get("busy"):           # nobody to answer, and never a second run
            raise Stop("cancelled", f"already running (job {job.params['busy']})")
        return
    if ctx.settings.is_self(job.sender):
        raise Stop("cancelled", "ignored: the App itself")
    if job.params.get("trigger") == "label":
        checks.note_trigger_label(ctx.db, job)
    level = api.permission(job.repo, job.sender)
    if level in WRITE:
        if job.params.get("busy"):
            already_running(ctx, int(job.params["busy"]))
        if job.kind != "help":                   # an invalid command is refused (help), not accepted
            if job.params.get("on_pr"):
                target_issue(ctx)                # refused on a PR crashfix did not open
            if acknowledge:
                react(ctx, "eyes")
        return
    earlier = ctx.db.one("SELECT id FROM jobs WHERE repo = ? AND issue = ? AND sender = ? AND id <> ? "
                         "AND error LIKE 'refused:%' LIMIT 1", job.repo, job.issue, job.sender, job.id)
    if earlier is None:
        what = "commands" if job.params.get("trigger") == "command" else "the label"
        api.comment(job.repo, job.issue,
                    f"@{job.sender} thanks! crashfix acts on {what} only from people with write access "
                    f"to this repository; a maintainer can ask for a fix with `/crashfix fix`.")
    else:
        react(ctx, "confused")
    raise Stop("cancelled", f"refused: {job.sender} has {level} access",
               {"refused": True, "permission": level, "replied": earlier is None})


def react(ctx: Context, content: str) -> bool:
    """A reaction on the command's comment (none for a label): cosmetic, never fails the job."""
    comment_id = ctx.job.params.get("comment_id")
    if not comment_id:
        return False
    return cosmetic(f"job {ctx.job.id}: the {content} reaction", ctx.api.react, ctx.job.repo, comment_id, content)


def already_running(ctx: Context, other: int) -> None:
    """The command asks for a run of the issue that job `other` is already doing: say so, run nothing."""
    job = ctx.job
    row = ctx.db.one("SELECT state FROM jobs WHERE id = ?", other)
    url = checks.job_url(ctx.settings, other)
    named = f"job [{other}]({url})" if url else f"job {other}"
    if row is not None and row["state"] in ACTIVE:
        text = f"@{job.sender} already running ({named}); `/crashfix cancel` stops it."
    else:
        text = (f"@{job.sender} {named}, already running when you asked, has ended since; "
                "`/crashfix retry` runs it again.")
    digest, replied = _reply(ctx, text)
    if not replied:
        react(ctx, "eyes")               # the same answer is already on the issue: acknowledge this one
    raise Stop("cancelled", f"already running (job {other})", {"busy": other, "reply": digest, "replied": replied})


def target_issue(ctx: Context) -> int:
    """The issue a command is about: itself, or for a comment on a crashfix PR, its issue."""
    job = ctx.job
    if not job.params.get("on_pr"):
        return job.issue
    row = ctx.db.pr_by_number(job.repo, job.issue)
    if row is None:
        refuse(ctx, f"`/crashfix {job.params.get('command')}` works on issues and on pull "
               "requests crashfix opened; this pull request is not one of them.")
        raise Stop("cancelled", "not a crashfix pull request")
    return int(row["issue"])


def repo_config(ctx: Context, quiet: bool = False) -> RepoConfig:
    """The repo's .github/crashfix.yml; a broken one fails the job with one comment naming the field."""
    try:
        return load_repo_config(ctx.api, ctx.job.repo)
    except ConfigError as exc:
        if not quiet and ctx.job.issue is not None:
            reply_once(ctx, config_error_comment(exc))
        raise Stop("failed", "invalid .github/crashfix.yml" + (f" ({exc.field})" if exc.field else "")
                   + f": {exc.message}") from None


def triage_config(ctx: Context) -> RepoConfig | None:
    """The repo's (or org's) configuration when its `triage:` setting is on, else None. A
    configuration crashfix cannot read turns triage off too (it might say `false`); the fix that
    someone asks for reports the broken file."""
    try:
        config = load_repo_config(ctx.api, ctx.job.repo)
    except ConfigError as exc:
        log.info("triage of %s#%s skipped: .github/crashfix.yml cannot be used: %s", ctx.job.repo,
                 ctx.job.issue, exc.message)
        return None
    return config if config.triage else None


def check_pr_limit(ctx: Context, issue: int) -> None:
    """At most MAX_PRS_PER_REPO_PER_HOUR new PRs per repo; the job waits for a free slot."""
    repo = ctx.job.repo
    existing = ctx.db.pr_for_issue(repo, issue)
    if existing and existing["state"] == "open":
        return                              # updating our open PR opens nothing new
    recent = prs_in_last_hour(ctx.db, repo)
    limit = ctx.settings.MAX_PRS_PER_REPO_PER_HOUR
    if len(recent) >= limit:
        oldest = datetime.fromisoformat(recent[0]["created_at"])
        delay = max((oldest + timedelta(hours=1) - datetime.now(timezone.utc)).total_seconds(), 1.0) + 5
        raise Deferred(delay, f"{len(recent)} PRs opened in {repo} in the last hour (limit {limit})")


def installation_budget(ctx: Context) -> list[Ledger]:
    """The installation's LLM spend over the last day against its cap: refuse the job when it
    is used up, else a ledger of what remains, charged by the run's model calls."""
    job = ctx.job
    cap = ctx.settings.MAX_USD_PER_INSTALLATION_PER_DAY
    spent = spent_today(ctx)
    if spent >= cap:
        reply_once(ctx, f"crashfix has used this installation's LLM budget for the day "
                        f"(${spent:.2f} of ${cap:.2f}); try again later.")
        raise Stop("cancelled", f"installation budget used: ${spent:.2f} of ${cap:.2f} in the last day")
    return [Ledger(Budget(usd=cap - spent), name=f"installation {job.installation_id}")]


def spent_today(ctx: Context) -> float:
    """The installation's LLM spend over the last day (other jobs than this one), in US dollars."""
    since = (datetime.now(timezone.utc) - timedelta(days=1)).isoformat()
    row = ctx.db.one("SELECT COALESCE(SUM(cost), 0) AS usd FROM jobs WHERE installation_id = ? "
                     "AND id != ? AND finished_at >= ?", ctx.job.installation_id, ctx.job.id, since)
    return float(row["usd"] if row else 0.0)
