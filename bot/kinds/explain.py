"""`/crashfix explain`: run the pipeline and post its report as a comment; no PR."""
from __future__ import annotations

from agent.render import report_markdown
from bot.kinds import runner
from bot.kinds.context import Context

MAX_COMMENT = 60000


def run(ctx: Context) -> dict:
    t = runner.target(ctx, runner.admit(ctx))
    with runner.checkout(ctx) as (repo, _):
        result = runner.execute(ctx, runner.run_config(ctx, t, repo))
    ctx.api.comment(ctx.job.repo, t.issue, report_markdown(result)[:MAX_COMMENT])
    return runner.summary(result, runner.run_dir(ctx))
