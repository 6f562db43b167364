"""What a job kind is given (`Context`) and how it ends early (`Stop`, `Deferred`, `JobCancelled`, `LeaseLost`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from agent.run import Progress, Result, RunConfig
from bot.db import Database
from bot.github.api import InstallationAPI
from bot.jobs.store import Job
from bot.settings import Settings

Listener = Callable[[Progress], None]
Pipeline = Callable[[RunConfig, Listener], Result]       # agent.pipeline.execute, or a test's function


@dataclass(frozen=True)
class Context:
    """One claimed job and what its kind may use: the installation's API (redacting), the database,
    the settings, the pipeline, and `check_cancel()` (raises JobCancelled or LeaseLost)."""
    job: Job
    api: InstallationAPI
    db: Database
    settings: Settings
    pipeline: Pipeline
    check_cancel: Callable[[], None]


class JobCancelled(Exception):
    """A `/crashfix cancel` stopped this job."""


class LeaseLost(Exception):
    """This worker's lease on the job ran out and the job was given to another worker: stop, write nothing."""


class Deferred(Exception):
    """The job must wait (a limit); it stays queued and is tried again after `delay` seconds."""

    def __init__(self, delay: float, why: str, keep_attempt: bool = False):
        super().__init__(why)
        self.delay, self.keep_attempt = delay, keep_attempt


class Stop(Exception):
    """The job ends early without being a failure: (state, result, error)."""

    def __init__(self, state: str, error: str | None = None, result: Any = None):
        super().__init__(error or state)
        self.state, self.error, self.result = state, error, result
