"""`fix` (a label or `/crashfix fix`, `/crashfix retry`): run the pipeline, then open or update the draft PR."""
from __future__ import annotations

import logging

from agent.run import Result
from bot.conversation.board import RunBoard, board_for
from bot.conversation.question import ask_once
from bot.kinds import runner
from bot.kinds.context import Context
from bot.conversation.publish import publish_result

log = logging.getLogger(__name__)
PUBLISHED = ("pr", "url", "reason", "updated")


def run(ctx: Context) -> dict:
    config = runner.admit(ctx)
    return publish_run(ctx, runner.target(ctx, config, opens_pr=True))


def publish_run(ctx: Context, t: runner.Target) -> dict:
    """One run of the issue on its status comment, published as a PR (or its diagnosis in the comment)."""
    job, settings = ctx.job, ctx.settings
    board = board_for(ctx, t.issue)
    board.reach("parse")
    with runner.checkout(ctx) as (repo, url):
        result = runner.execute(ctx, runner.run_config(ctx, t, repo), board)
        out = runner.run_dir(ctx)
        if result.patched:
            board.reach("publish")
        # the checkout is still the default branch: the pipeline worked on its own copy
        published = publish_result(ctx.api, job.repo, t.issue, out, result, repo, config=t.config, remote_url=url,
                                   dry_run_log=settings.DATA_DIR / "dry-run.jsonl" if settings.dry_run else None)
    if published.get("pr"):
        with ctx.db.tx() as tx:
            ctx.db.upsert_pr(tx, job.repo, t.issue, published["pr"], published.get("url"),
                             f"crashfix/issue-{t.issue}", job.id)
    try:
        comment = finish(ctx, board, t.issue, result, published)
    except Exception as exc:  # noqa: BLE001 - a locked issue may refuse even the bot's own edit
        if not published.get("quiet"):
            raise
        log.warning("job %s: %s; its status comment not updated: %s", job.id, published["reason"], exc)
        comment = None
    return {**runner.summary(result, out), **{k: published[k] for k in PUBLISHED if k in published},
            "comment": comment}


def finish(ctx: Context, board: RunBoard, issue: int, result: Result, published: dict | None = None) -> int:
    """The run's end on the status comment; a crash that did not reproduce asks its reporter, once."""
    asked = ""
    if result.status == "not_reproduced":
        got = ctx.api.get_issue(ctx.job.repo, issue)
        asked = ask_once(ctx.api, ctx.db, ctx.job.repo, issue, result, got.get("author"), ctx.settings.BOT_LOGIN,
                         f"{got.get('title') or ''}\n{got.get('body') or ''}")
    return board.finish(result, published, asked=asked)
