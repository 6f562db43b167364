"""The job kinds: one module each, with `run(ctx) -> dict` (the job's result), registered in `KINDS`."""
from __future__ import annotations

from typing import Callable

from bot.kinds import backlog, cancel, ci, cleanup, explain, fix, help, revise, test, triage
from bot.kinds.context import Context

KINDS: dict[str, Callable[[Context], dict]] = {
    "triage": triage.run,
    "fix": fix.run,
    "revise": revise.run,
    "explain": explain.run,
    "test": test.run,
    "cancel": cancel.run,
    "help": help.run,
    "cleanup": cleanup.run,
    "backlog": backlog.run,
    "ci": ci.run,
}
