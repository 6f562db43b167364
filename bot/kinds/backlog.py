"""`backlog` (the App given a repo, `/crashfix scan`, `crashfix backlog`): triage and rank its open crash issues."""
from __future__ import annotations

import logging

from bot.jobs.store import create_job
from bot.kinds import gates
from bot.kinds.context import Context, Deferred, Stop
from bot.github.pacing import Pacer, RateLimited

log = logging.getLogger(__name__)


def run(ctx: Context) -> dict:
    job = ctx.job
    other = ctx.db.one("SELECT id FROM jobs WHERE kind = 'backlog' AND repo = ? AND state = 'running' AND id <> ? "
                       "ORDER BY id LIMIT 1", job.repo, job.id)
    if other is not None:
        raise Stop("cancelled", f"a scan of {job.repo} is already running (job {other['id']})")
    command = job.params.get("trigger") == "command"
    if command:
        gates.authorize(ctx)                # write access; the installer consented by installing
    config = gates.repo_config(ctx, quiet=not command)
    fix, note = config.backlog.fix, ""
    cap = ctx.settings.MAX_USD_PER_INSTALLATION_PER_DAY
    if fix and (spent := gates.spent_today(ctx)) >= cap:
        fix, note = 0, (f"no fix runs queued: the installation's LLM budget for the day is used "
                        f"(${spent:.2f} of ${cap:.2f})")
        log.info("backlog of %s: %s", job.repo, note)
    from bot.backlog.scan import scan
    try:
        result = scan(ctx.api, ctx.db, job.repo, pacer=Pacer(job.installation_id), fix=fix,
                      parse_timeout=ctx.settings.PARSE_TIMEOUT,
                      queue_fix=lambda issue: _queue_fix(ctx, issue))
    except RateLimited as exc:
        raise Deferred(exc.wait, f"backlog scan of {job.repo}: {exc}", keep_attempt=True) from None
    return {**result.to_dict(), "enqueue": list(result.queued.values()), **({"note": note} if note else {})}


def _queue_fix(ctx: Context, issue: int) -> int | None:
    job = ctx.job
    with ctx.db.tx() as tx:
        return create_job(tx, "fix", installation_id=job.installation_id, repo=job.repo, issue=issue,
                          params={"trigger": "backlog", "backlog_job": job.id})
