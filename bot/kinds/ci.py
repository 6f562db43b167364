"""`/crashfix ci` on a crashfix PR, after review: the reviewed commit again without `[skip ci]`, so
the repository's CI (and its secrets) runs on code a maintainer has read (docs/security.md, 9)."""
from __future__ import annotations

from bot.kinds import gates
from bot.kinds.context import Context, Stop
from bot.conversation.publish import start_ci


def run(ctx: Context) -> dict:
    job = ctx.job
    gates.authorize(ctx)                     # write access; on a PR, one crashfix opened
    if not job.params.get("on_pr"):
        gates.reply_once(ctx, "`/crashfix ci` works on a pull request crashfix opened, after you have reviewed it.")
        raise Stop("cancelled", "ci outside a crashfix pull request")
    issue = gates.target_issue(ctx)
    out = start_ci(ctx.api, job.repo, issue, job.sender or "a maintainer", asked_at=job.params.get("at"),
                   dry_run_log=ctx.settings.DATA_DIR / "dry-run.jsonl" if ctx.settings.dry_run else None)
    ctx.api.comment(job.repo, job.issue, out["message"])
    return out
