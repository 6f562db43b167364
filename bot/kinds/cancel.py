"""`/crashfix cancel`: cancel the issue's queued jobs and ask its running ones to stop."""
from __future__ import annotations

from bot.jobs import cancel_issue_jobs
from bot.kinds import gates
from bot.kinds.context import Context


def run(ctx: Context) -> dict:
    job = ctx.job
    gates.authorize(ctx)
    issue = gates.target_issue(ctx)
    touched = cancel_issue_jobs(ctx.db, job.repo, issue, except_id=job.id)
    n = len(touched["cancelled"]) + len(touched["stopping"])
    ctx.api.comment(job.repo, job.issue, f"Cancelled {len(touched['cancelled'])} queued job(s)"
                    + (f"; stopping {len(touched['stopping'])} running job(s)." if touched["stopping"] else ".")
                    if n else "Nothing to cancel: no crashfix job is queued or running for this issue.")
    return touched
