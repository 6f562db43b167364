"""A run's progress: each `Progress(phase, text)` event logged and recorded for the dashboard, and
the run's checklist on the issue's status comment moved once per step."""
from __future__ import annotations

import json
import logging
import time
from datetime import datetime, timezone

from agent.markdown_safe import quote_untrusted
from bot.conversation.progress_words import comment_line, words
from agent.run import Progress
from bot.conversation.board import RunBoard
from bot.kinds.context import Context, Listener

log = logging.getLogger(__name__)

# the run's phase (agent/run.py PHASES) -> the checklist's step (bot/conversation/checklist.py STEPS);
# "parse" is told when it is over, with the crash it found
STEPS = {"prepare": "prepare", "reproduce": "reproduce", "analyse": "investigate", "candidates": "investigate",
         "research": "investigate", "validate": "validate"}

# a phase that starts within a checklist step already shown gets its own edit of the status comment only
# when it is long (the research agent: minutes of model calls); the others wait for the next step's edit
LONG_WITHIN_STEP = ("research",)


def progress(ctx: Context, board: RunBoard | None = None) -> Listener:
    """The run's progress listener: log and record each event, move the checklist at a new step
    (past the parse step, with the crash it found), check for a cancel."""
    seen: set[str] = set()
    parsed: list[str] = []                  # the parse phase's last text: the crash it found
    phase: list[str] = []                   # the phase now under way
    started = time.monotonic()

    def once(step: str, now: str = "") -> bool:
        if step not in seen and board is not None:
            seen.add(step)
            board.now = now                  # the current line, written with the step
            board.reach(step)
            return True
        return False

    def new_phase(event: Progress) -> str:
        """At a phase change: the current line for the status comment and the dashboard ("now" event)."""
        phase[:] = [event.phase]
        since = datetime.now(timezone.utc)
        line = comment_line(event.phase, event.text, since, time.monotonic() - started)
        try:
            ctx.db.add_job_event(ctx.job.id, "now", json.dumps({"phase": event.phase, "words": words(event.phase),
                                                                "doing": event.text[:500],
                                                                "since": since.isoformat(timespec="seconds")}))
        except Exception as exc:  # noqa: BLE001 - the dashboard's live view is a courtesy
            log.warning("job %s: current phase not recorded: %s", ctx.job.id, exc)
        return line

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
            line = new_phase(event) if phase != [event.phase] else None
            wrote = once(STEPS[event.phase], line or "") if event.phase in STEPS else False
            if line is not None and board is not None and not wrote and event.phase in LONG_WITHIN_STEP:
                board.current(line)          # a long phase within a step already shown: said, once
        ctx.check_cancel()
    return step
