"""A run's progress: each `Progress(phase, text)` event logged and recorded for the dashboard, and
the run's checklist on the issue's status comment moved once per step."""
from __future__ import annotations

import logging

from agent.markdown_safe import quote_untrusted
from agent.run import Progress
from bot.conversation.board import RunBoard
from bot.kinds.context import Context, Listener

log = logging.getLogger(__name__)

# the run's phase (agent/run.py PHASES) -> the checklist's step (bot/conversation/checklist.py STEPS);
# "parse" is told when it is over, with the crash it found
STEPS = {"prepare": "prepare", "reproduce": "reproduce", "analyse": "investigate", "candidates": "investigate",
         "research": "investigate", "validate": "validate"}


def progress(ctx: Context, board: RunBoard | None = None) -> Listener:
    """The run's progress listener: log and record each event, move the checklist at a new step
    (past the parse step, with the crash it found), check for a cancel."""
    seen: set[str] = set()
    parsed: list[str] = []                  # the parse phase's last text: the crash it found

    def once(step: str) -> None:
        if step not in seen and board is not None:
            seen.add(step)
            board.reach(step)

    def step(event: Progress) -> None:
        log.info("job %s: %s", ctx.job.id, event.text)
        try:
            ctx.db.add_job_event(ctx.job.id, "progress", event.text[:2000])
        except Exception as exc:  # noqa: BLE001 - the dashboard's live view is a courtesy too
            log.warning("job %s: progress not recorded: %s", ctx.job.id, exc)
        if event.phase == "parse":
            parsed[:] = [event.text]
        else:
            if parsed and board is not None and "parse" not in board.details:
                board.details["parse"] = quote_untrusted(parsed[0].removeprefix("parsed: "), 200)
            if event.phase in STEPS:
                once(STEPS[event.phase])
        ctx.check_cancel()
    return step
