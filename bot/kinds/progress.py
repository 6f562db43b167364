"""A run's progress: each `Progress(phase, text)` event logged and recorded for the dashboard, and
the issue's progress comment moved once per stage."""
from __future__ import annotations

import json
import logging

from agent.run import Progress
from bot.kinds.context import Context, Listener
from bot.publish import ProgressComment

log = logging.getLogger(__name__)

# the run's phase (agent/run.py PHASES) -> the progress comment's stage; "parse" is told when it is over
STAGES = {"reproduce": "reproducing", "analyse": "investigating", "candidates": "investigating",
          "research": "investigating", "validate": "validating"}


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


def progress(ctx: Context, board: ProgressComment | None = None) -> Listener:
    """The run's progress listener: log and record each event, move the comment at a new stage
    (the parse stage with the crash it found, once the run is past it), check for a cancel."""
    seen: set[str] = set()
    parsed: list[str] = []                  # the parse phase's last text: the crash it found

    def once(stage: str, detail: str = "") -> None:
        if stage not in seen:
            seen.add(stage)
            tell(ctx, board, stage, detail)

    def step(event: Progress) -> None:
        log.info("job %s: %s", ctx.job.id, event.text)
        try:
            ctx.db.add_job_event(ctx.job.id, "progress", event.text[:2000])
        except Exception as exc:  # noqa: BLE001 - the dashboard's live view is a courtesy too
            log.warning("job %s: progress not recorded: %s", ctx.job.id, exc)
        if event.phase == "parse":
            parsed[:] = [event.text]
        else:
            if parsed:
                once("parsed", parsed[0])
            if event.phase in STAGES:
                once(STAGES[event.phase])
        ctx.check_cancel()
    return step
