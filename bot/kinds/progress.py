"""A run's progress: each pipeline step logged and recorded for the dashboard, and the issue's
progress comment moved once per stage."""
from __future__ import annotations

import json
import logging

from bot.kinds.context import Context, Progress
from bot.publish import ProgressComment

log = logging.getLogger(__name__)

# pipeline progress message prefix -> progress-comment stage
STAGES = (("parsed", "parsed"), ("reproduc", "reproducing"), ("pdb", "investigating"),
          ("history", "investigating"), ("synthesis", "investigating"), ("validating", "validating"))


def stage_of(message: str) -> str | None:
    """The progress-comment stage a pipeline progress message belongs to."""
    return next((stage for prefix, stage in STAGES if message.startswith(prefix)), None)


def progress_comment(ctx: Context, issue: int) -> ProgressComment:
    """The run's progress comment; a job retried after its worker died edits the one it posted."""
    result = ctx.job.result
    earlier = result.get("progress_comment") if isinstance(result, dict) else None
    return ProgressComment(ctx.api, ctx.job.repo, issue, comment_id=earlier if isinstance(earlier, int) else None)


def tell(ctx: Context, board: ProgressComment | None, stage: str, detail: str = "") -> None:
    """Move the progress comment (a courtesy: never fails the run); keep its id for a retry of this job."""
    if board is None:
        return
    try:
        known = board.comment_id
        board.update(stage, detail)
        if board.comment_id != known:
            ctx.db.execute("UPDATE jobs SET result = ? WHERE id = ?",
                           json.dumps({"progress_comment": board.comment_id}), ctx.job.id)
    except Exception as exc:  # noqa: BLE001 - progress is a courtesy
        log.warning("job %s: progress comment not updated: %s", ctx.job.id, exc)


def progress(ctx: Context, board: ProgressComment | None = None) -> Progress:
    """The pipeline's progress callback: log, record, move the comment at a new stage, check for a cancel."""
    seen: set[str] = set()

    def step(message: str) -> None:
        log.info("job %s: %s", ctx.job.id, message)
        try:
            ctx.db.add_job_event(ctx.job.id, "progress", message[:2000])
        except Exception as exc:  # noqa: BLE001 - the dashboard's live view is a courtesy too
            log.warning("job %s: progress not recorded: %s", ctx.job.id, exc)
        stage = stage_of(message)
        if stage and stage not in seen:
            seen.add(stage)
            tell(ctx, board, stage, message if stage == "parsed" else "")
        ctx.check_cancel()
    return step
