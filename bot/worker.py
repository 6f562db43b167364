"""The job's edge: claim a job, run its kind (bot/kinds/), record the outcome; leases and the sweep.

`Worker.run(job_id)` claims the job row (queued -> running), hands a `Context` to the function
`bot.kinds.KINDS` holds for its kind, and records the outcome (state, timings, cost, result,
error). Only here are exceptions caught broadly: a failure marks the job failed with its reason,
and a run's status comment on the issue says it in plain words (bot/conversation, bot/conversation/failures.py).
Every GitHub write the job makes is kept as a job event (`bot.github.tracked.Tracked`); when the job ends,
whatever the outcome, its check run is completed and its trigger label removed (`bot.conversation.checks.end`).
GitHub comes from `api_factory(installation_id)` (default: `bot.github.api.installation_api`), the run's
Result from `pipeline(config, on_progress)` (default: `agent.pipeline.execute`).
"""
from __future__ import annotations

import json
import logging
import threading
import time
from datetime import datetime, timedelta, timezone
from typing import Callable

from agent.pipeline import execute
from agent.redact import install_logging, redact, redact_obj, redacting, register_settings
from bot.conversation import checks
from bot.conversation.checks import Ending
from bot.conversation.board import job_cancelled, job_failed
from bot.db import Database
from bot.github.api import RATE_LIMITS, InstallationAPI, installation_api
from bot.jobs.store import (
    Job,
    claim,
    finish,
    get_job,
    heartbeat,
    holds,
    log_context,
    reclaim_expired,
    requeue,
    sweep,
)
from bot.kinds import KINDS
from bot.kinds.context import Context, Deferred, JobCancelled, LeaseLost, Pipeline, Stop
from bot.jobs.queue import JobQueue
from bot.jobs.retention import prune_runs
from bot.settings import Settings
from bot.github.tracked import Tracked
from bot.github.tracked import BUDGETS

log = logging.getLogger(__name__)


class Worker:
    def __init__(self, settings: Settings, db: Database, queue: JobQueue | None = None, *,
                 api_factory: Callable[[int], InstallationAPI] | None = None,
                 pipeline: Pipeline = execute):
        self.settings, self.db, self.queue = settings, db, queue
        self.api_factory = api_factory or (lambda installation_id: installation_api(settings, installation_id))
        self.pipeline = pipeline
        register_settings(settings)          # no secret of ours in logs, the job table or GitHub writes
        install_logging()

    # -- leases and the sweep ----------------------------------------------------------------
    def startup(self) -> list[int]:
        """Re-queue jobs a dead worker left running, and enqueue every queued job."""
        ids = sweep(self.db, self.lease)
        if self.queue is not None:
            for job_id in ids:
                self.queue.enqueue(job_id)
        log.info("start-up sweep: %d queued job(s) enqueued", len(ids))
        self.prune()
        return ids

    def prune(self) -> list[int]:
        """Run folders of jobs finished more than RUNS_KEEP_DAYS ago deleted (bot/jobs/retention.py)."""
        try:
            return prune_runs(self.db, self.settings.runs_dir, self.settings.RUNS_KEEP_DAYS)
        except Exception:  # noqa: BLE001 - housekeeping never stops the worker
            log.exception("retention: could not prune run folders")
            return []

    def lost_jobs(self, older_than: timedelta = timedelta(minutes=10)) -> list[int]:
        """Jobs whose lease ran out, and queued jobs older than `older_than` (the periodic sweep
        enqueues them again)."""
        expired = reclaim_expired(self.db, self.lease)
        cutoff = (datetime.now(timezone.utc) - older_than).isoformat()
        return expired + [r["id"] for r in self.db.all("SELECT id FROM jobs WHERE state = 'queued' AND created_at < ?",
                                                      cutoff) if r["id"] not in expired]

    @property
    def lease(self) -> timedelta:
        return timedelta(seconds=self.settings.JOB_LEASE_SECONDS)

    def keep_leases(self) -> threading.Event:
        """A thread that, every third of the lease, renews this process's running jobs and re-queues
        (and enqueues) jobs whose lease ran out elsewhere. Set the returned event to stop it."""
        stop = threading.Event()
        pruned = [time.monotonic()]           # startup() pruned; again every hour

        def loop() -> None:
            while not stop.wait(self.settings.JOB_LEASE_SECONDS / 3):
                try:
                    heartbeat(self.db)
                    for job_id in reclaim_expired(self.db, self.lease):
                        self._later(job_id, 0)
                    if time.monotonic() - pruned[0] > 3600:
                        pruned[0] = time.monotonic()
                        self.prune()
                except Exception:  # noqa: BLE001 - a database hiccup: try again at the next beat
                    log.exception("lease keeper: heartbeat failed")

        threading.Thread(target=loop, name="crashfix-lease", daemon=True).start()
        return stop

    # -- one job -----------------------------------------------------------------------------
    def run(self, job_id: int) -> Job | None:
        job, why = claim(self.db, job_id, self.settings.MAX_JOBS_PER_INSTALLATION)
        if job is None:
            if why == "limit":
                log.info("job %s waits: installation at its limit of %s running jobs", job_id,
                         self.settings.MAX_JOBS_PER_INSTALLATION)
                self._later(job_id, self.settings.LIMIT_RETRY_SECONDS)
            elif why != "not queued":
                log.warning("job %s: %s", job_id, why)
            return get_job(self.db, job_id)
        with log_context(job=job.id, repo=job.repo, delivery=job.delivery_id), checks.job_scope(self.settings, job.id):
            log.info("%s job for %s#%s (attempt %s)", job.kind, job.repo, job.issue, job.attempts)
            api, mark, ending = None, 0, None
            try:
                inst = self.db.installation(job.installation_id) if job.installation_id else None
                if inst and (inst["suspended"] or inst["deleted"]):
                    raise Stop("cancelled", "the installation is suspended or deleted")
                api = redacting(Tracked(self.api_factory(job.installation_id), self.db, job.id,
                                        BUDGETS.get(job.kind)))
                mark = len(getattr(api, "actions", None) or ())       # a DryRunAPI's writes so far
                ctx = Context(job, api, self.db, self.settings, self._checked(job, api),
                              lambda: self.check_cancel(job))
                result = KINDS[job.kind](ctx)
                finish(self.db, job.id, "done", result=redact_obj(result), cost=result.get("cost"))
                for queued in result.get("enqueue") or ():       # jobs the kind queued (the backlog's fix runs)
                    self._later(int(queued), 0)
                ending = Ending("done", result.get("status"), result=result)
            except Stop as stop:
                finish(self.db, job.id, stop.state, result=redact_obj(stop.result), error=redact(stop.error))
                log.info("job %s: %s (%s)", job.id, stop.state, stop.error)
                ending = Ending(stop.state, error=stop.error, result=stop.result)
            except Deferred as wait:
                requeue(self.db, job.id, keep_attempt=wait.keep_attempt)
                log.info("job %s deferred %.0f s: %s", job.id, wait.delay, wait)
                self._later(job.id, wait.delay)
            except LeaseLost:
                log.warning("job %s: lease lost (the job was given to another worker); its outcome is theirs", job.id)
                return get_job(self.db, job.id)
            except JobCancelled:
                finish(self.db, job.id, "cancelled", error="cancelled by a command while running")
                log.info("job %s cancelled while running", job.id)
                self._tell(job_cancelled, api, job)
                ending = Ending("cancelled", error="cancelled by a command while running")
            except Exception as exc:   # the job's edge: anything else fails the job, once
                reason = redact(f"{type(exc).__name__}: {exc}")
                log.exception("job %s failed: %s", job.id, reason)
                finish(self.db, job.id, "failed", error=reason[:2000])
                self._tell(job_failed, api, job, exc)
                ending = Ending("failed", error=reason)
            if ending is not None and api is not None:
                checks.end(self.db, self.settings, api, job, ending)
            self._keep_github_activity(job, api, mark)
            return get_job(self.db, job.id)

    def _checked(self, job: Job, api) -> Pipeline:
        """The pipeline, with the job's check run created `in_progress` as it starts."""
        def run(config, listener):
            checks.start(self.db, self.settings, api, job, config.repo)
            return self.pipeline(config, listener)
        return run

    def check_cancel(self, job: Job) -> None:
        """Run any `/crashfix cancel` queued for this issue now (it checks its sender), then stop
        if this job was asked to, or if it is no longer this worker's."""
        for row in self.db.all("SELECT id FROM jobs WHERE repo = ? AND state = 'queued' AND kind = 'cancel' "
                               "AND (issue = ? OR issue IN (SELECT number FROM prs WHERE repo = ? AND issue = ?))",
                               job.repo, job.issue, job.repo, job.issue):
            self.run(row["id"])
        flag = self.db.one("SELECT cancel_requested FROM jobs WHERE id = ?", job.id)
        if flag and flag["cancel_requested"]:
            raise JobCancelled()
        if not holds(self.db, job.id):
            raise LeaseLost()

    def _keep_github_activity(self, job: Job, api, mark: int) -> None:
        """For the dashboard and /metrics: the writes a DryRunAPI recorded during this job, and
        the rate limits GitHub last reported for its installation."""
        try:
            for action in (getattr(api, "actions", None) or [])[mark:]:
                self.db.add_job_event(job.id, "dry_run", json.dumps(action, default=str))
            if job.installation_id is not None:
                for (inst, resource), seen in RATE_LIMITS.snapshot(job.installation_id).items():
                    self.db.record_rate_limit(inst, resource, seen["remaining"], seen["limit"], seen["reset_at"])
        except Exception:  # noqa: BLE001 - bookkeeping for the dashboard never fails a finished job
            log.exception("job %s: could not record its GitHub activity", job.id)

    def _later(self, job_id: int, delay: float) -> None:
        if self.queue is not None:
            self.queue.enqueue(job_id, delay=delay)

    def _tell(self, how, api, job: Job, *args) -> None:
        """A run's end outside its kind (bot/conversation/board.py: failed, cancelled) on its status comment."""
        try:
            how(api, self.db, self.settings, job, *args)
        except Exception:  # noqa: BLE001 - the outcome is already recorded; the comment is a courtesy
            log.exception("job %s: could not tell its end on the issue", job.id)
