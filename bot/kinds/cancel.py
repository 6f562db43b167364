"""`/crashfix cancel`: cancel the issue's queued jobs and ask its running ones to stop. With nothing to
cancel nobody must act: the answer is a 😕 reaction on the command, alone (no 👀 first)."""
from __future__ import annotations

from bot.jobs.store import cancel_issue_jobs
from bot.kinds import gates
from bot.kinds.context import Context

NOTHING = "confused"


def run(ctx: Context) -> dict:
    job = ctx.job
    gates.authorize(ctx, acknowledge=False)
    issue = gates.target_issue(ctx)
    touched = cancel_issue_jobs(ctx.db, job.repo, issue, except_id=job.id)
    if not touched["cancelled"] and not touched["stopping"]:
        return {**touched, "nothing": True, "reacted": gates.react(ctx, NOTHING)}
    gates.react(ctx, "eyes")
    ctx.api.comment(job.repo, job.issue, f"Cancelled {len(touched['cancelled'])} queued job(s)"
                    + (f"; stopping {len(touched['stopping'])} running job(s)." if touched["stopping"] else "."))
    return touched
