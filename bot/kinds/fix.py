"""`fix` (a label or `/crashfix fix`, `/crashfix retry`): run the pipeline, then open or update the draft PR."""
from __future__ import annotations

from bot.kinds import runner
from bot.kinds.context import Context
from bot.kinds.progress import progress_comment
from bot.publish import publish_result

PUBLISHED = ("pr", "url", "reason", "comment", "updated")


def run(ctx: Context) -> dict:
    config = runner.admit(ctx)
    return publish_run(ctx, runner.target(ctx, config, opens_pr=True))


def publish_run(ctx: Context, t: runner.Target) -> dict:
    """One run of the issue with its progress comment, published as a PR (or a diagnosis comment)."""
    job, settings = ctx.job, ctx.settings
    board = progress_comment(ctx, t.issue)
    with runner.checkout(ctx) as (repo, url):
        result = runner.execute(ctx, runner.run_config(ctx, t, repo), board)
        out = runner.run_dir(ctx)
        # the checkout is still the default branch: the pipeline worked on its own copy
        published = publish_result(ctx.api, job.repo, t.issue, out, result, repo, config=t.config, remote_url=url,
                                   dry_run_log=settings.DATA_DIR / "dry-run.jsonl" if settings.dry_run else None,
                                   progress=board)
    if published.get("pr"):
        with ctx.db.tx() as tx:
            ctx.db.upsert_pr(tx, job.repo, t.issue, published["pr"], published.get("url"),
                             f"crashfix/issue-{t.issue}", job.id)
    return {**runner.summary(result, out), **{k: published[k] for k in PUBLISHED if k in published}}
