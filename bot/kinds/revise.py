"""`/crashfix revise <feedback>` on a crashfix PR: a new run told the feedback, published like a fix."""
from __future__ import annotations

from bot.kinds import fix, gates, runner
from bot.kinds.context import Context, Stop


def run(ctx: Context) -> dict:
    runner.admit(ctx)
    if not ctx.job.params.get("on_pr"):
        gates.reply_once(ctx, "`/crashfix revise <feedback>` works on a pull request crashfix opened.")
        raise Stop("cancelled", "revise outside a crashfix pull request")
    return fix.publish_run(ctx, runner.target(ctx, opens_pr=True, feedback=ctx.job.params.get("arg", "")))
